// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>

#include "unit.h"

#define HOSTILE                                                                \
	"From: Re Viewer <r@kernel-test.invalid>\n"                            \
	"To: list@kernel-test.invalid\n"                                       \
	"Subject: Re: [PATCH] sched: change\n"                                 \
	"%s"                                                                   \
	"\n"                                                                   \
	"This is garbage.\n"

static void key_of(const char *extra, char key[65])
{
	char *text = NULL;
	civil_message_t *m;

	ck_assert_int_ge(asprintf(&text, HOSTILE, extra), 0);
	m = unit_message(text);
	civil_held_key(m, key);
	civil_message_free(m);
	free(text);
}

/* A client makes a new Date and Message-ID for each try: the same
 * message all the same.  Other words, another recipient: not. */
START_TEST(key_is_subject_recipients_and_text)
{
	char a[65], b[65], c[65];

	key_of("", a);
	key_of("Date: Mon, 2 Mar 2026 10:00:00 +0000\n"
	       "Message-ID: <try2@kernel-test.invalid>\n",
	       b);
	ck_assert_int_eq(strlen(a), 64);
	ck_assert_str_eq(a, b);
	key_of("Cc: other@kernel-test.invalid\n", c);
	ck_assert_str_ne(a, c);
}
END_TEST

static int collect(const civil_held_t *h, void *arg)
{
	struct civil_buf *out = arg;

	civil_buf_addf(out, "%s|%s\n", h->subject, h->why);
	return 0;
}

START_TEST(keep_within_the_window_then_forget)
{
	const char *dir = unit_tmpdir();
	char *state = strdup(dir);
	struct civil_buf list = CIVIL_BUF_INIT;
	char key[65];
	time_t now = time(NULL);

	char *held = g_strdup_printf("%s/civil/held", state);

	key_of("", key);
	/* No directory yet: nothing held. */
	ck_assert(!civil_held_recently(held, key, now));
	ck_assert_int_eq(civil_held_foreach(held, collect, &list, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&list), "");
	ck_assert_int_eq(civil_held_keep(held, key, "bytes", 5, "Re: x",
					 "held for its tone", NULL),
			 0);
	ck_assert(civil_held_recently(held, key, now + 1));
	ck_assert(
		!civil_held_recently(held, key, now + CIVIL_HOLD_SECONDS + 1));
	ck_assert_int_eq(civil_held_foreach(held, collect, &list, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&list), "Re: x|held for its tone\n");
	civil_held_forget(held, key);
	ck_assert(!civil_held_recently(held, key, now + 1));
	civil_buf_reset(&list);
	ck_assert_int_eq(civil_held_foreach(held, collect, &list, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&list), "");
	g_free(held);
	civil_buf_release(&list);
	free(state);
}
END_TEST

static int collect_orphan(const civil_held_t *h, void *arg)
{
	struct civil_buf *out = arg;

	civil_buf_addf(out, "%s|%d|%s\n", h->subject, h->why_missing,
		       strrchr(h->path, '.'));
	return 0;
}

/* A message is never kept without its .why: a hold whose .why can't be
 * written is no hold.  One a crash left so is listed all the same (it
 * was never listed, and so never found again). */
START_TEST(never_a_message_without_its_why)
{
	char *held = g_strdup_printf("%s/held", unit_tmpdir());
	struct civil_buf list = CIVIL_BUF_INIT, p = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char key[65], *text = NULL;

	key_of("", key);
	/* A directory where its .why goes: that write fails. */
	civil_buf_addf(&p, "%s/%s.why", held, key);
	ck_assert_int_eq(g_mkdir_with_parents(p.buf, 0700), 0);
	ck_assert_int_ne(civil_held_keep(held, key, "bytes", 5, "Re: x",
					 "held for its tone", &err),
			 0);
	civil_error_clear(&err);
	ck_assert_int_eq(rmdir(p.buf), 0);
	civil_buf_reset(&p);
	civil_buf_addf(&p, "%s/%s.eml", held, key);
	ck_assert_msg(access(p.buf, F_OK) != 0, "%s was left", p.buf);

	/* The message alone, as a crash between the two writes leaves it. */
	ck_assert_int_ge(asprintf(&text, HOSTILE, ""), 0);
	unit_write("/", p.buf, text);
	ck_assert_int_eq(civil_held_foreach(held, collect_orphan, &list, NULL),
			 0);
	ck_assert_str_eq(civil_buf_str(&list),
			 "Re: [PATCH] sched: change|1|.eml\n");
	g_free(held);
	free(text);
	civil_buf_release(&p);
	civil_buf_release(&list);
}
END_TEST

Suite *suite_held(void)
{
	Suite *s = suite_create("held");
	TCase *tc = tcase_create("held");

	tcase_add_test(tc, key_is_subject_recipients_and_text);
	tcase_add_test(tc, keep_within_the_window_then_forget);
	tcase_add_test(tc, never_a_message_without_its_why);
	suite_add_tcase(s, tc);
	return s;
}
