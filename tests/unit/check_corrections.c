// SPDX-License-Identifier: GPL-2.0-or-later
/* check_corrections.c - the reader's verdicts on civil's, found in the
 * database and marked learned (lib/corrections.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static civil_nm_config_t cfg;
static const char *dir;
static civil_heat_t *heat;
static GArray *found;

static void setup(void)
{
	const char *args[] = { "new", "--quiet", NULL };

	dir = unit_notmuch_db(&cfg);
	unit_notmuch(args, NULL);
	/* civil's lexicon and a model made by hand: what is hot does not
	 * hang on what training made of the data. */
	ck_assert_ptr_nonnull(getenv("CIVIL_TEST_LEXICON"));
	heat = unit_heat(getenv("CIVIL_TEST_LEXICON"), "",
			 "bias -6 -4\n5 3 insult@person\n");
	found = g_array_new(FALSE, TRUE, sizeof(civil_correction_t));
}

static void teardown(void)
{
	civil_corrections_release(found);
	g_array_free(found, TRUE);
	civil_heat_free(heat);
	unit_notmuch_done(&cfg);
}

/* A message NAME@x whose body is text, in the database. */
static void add(const char *name, const char *text)
{
	const char *args[] = { "new", "--quiet", NULL };
	char file[64], msg[512];

	snprintf(file, sizeof(file), "mail/cur/%s:2,", name);
	snprintf(msg, sizeof(msg),
		 "From: a@kernel-test.invalid\nSubject: %s\n"
		 "Message-ID: <%s@x>\n"
		 "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\n%s\n",
		 name, name, text);
	unit_write(dir, file, msg);
	unit_notmuch(args, NULL);
}

static void tag(const char *change, const char *name)
{
	char id[64];
	const char *args[] = { "tag", change, "--", id, NULL };

	snprintf(id, sizeof(id), "id:%s@x", name);
	unit_notmuch(args, NULL);
}

static notmuch_database_t *open_db(bool writable)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;

	ck_assert_msg(!civil_db_open(&cfg, writable, 1000, &db, &err), "%s",
		      err.message);
	return db;
}

/* What civil-scan --apply leaves on a message it tagged. */
static void civil_tagged(const char *name)
{
	notmuch_database_t *db = open_db(true);
	notmuch_message_t *m = NULL;
	char id[64];

	snprintf(id, sizeof(id), "%s@x", name);
	ck_assert_int_eq(notmuch_database_find_message(db, id, &m), 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(notmuch_message_add_property(m, "civil.tagged", "1"),
			 0);
	notmuch_message_destroy(m);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, NULL), 0);
}

/* The message's civil.* property KEY, as "" when it has none. */
static const char *property(const char *name, const char *key)
{
	static char value[64];
	notmuch_database_t *db = open_db(false);
	notmuch_message_t *m = NULL;
	const char *v;
	char id[64];

	snprintf(id, sizeof(id), "%s@x", name);
	ck_assert_int_eq(notmuch_database_find_message(db, id, &m), 0);
	v = civil_db_property(m, key);
	snprintf(value, sizeof(value), "%s", v ? v : "");
	notmuch_message_destroy(m);
	notmuch_database_destroy(db);
	return value;
}

/* The corrections not yet learned, into found. */
static void learn(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = open_db(false);

	civil_corrections_release(found);
	ck_assert_msg(!civil_corrections_learn(db, heat, &cfg, found, &err),
		      "%s", err.message);
	notmuch_database_destroy(db);
}

static void mark(void)
{
	notmuch_database_t *db = open_db(true);

	ck_assert_int_eq(notmuch_database_begin_atomic(db), 0);
	ck_assert_int_eq(civil_corrections_mark(db, found), 0);
	ck_assert_int_eq(notmuch_database_end_atomic(db), 0);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, NULL), 0);
}

static const civil_correction_t *at(guint i)
{
	ck_assert_uint_lt(i, found->len);
	return &g_array_index(found, civil_correction_t, i);
}

START_TEST(nothing_to_learn)
{
	/* An empty database, then one of mail nobody corrected. */
	learn();
	ck_assert_uint_eq(found->len, 0);
	add("calm", "Thanks, applied.");
	add("hot", "You are an idiot and this is utter garbage.");
	learn();
	ck_assert_uint_eq(found->len, 0);
	/* Marking nothing is nothing. */
	mark();
}
END_TEST

START_TEST(reader_tagged_heated)
{
	add("calm", "Thanks, applied.");
	add("hot", "You are an idiot and this is utter garbage.");
	tag("+heated", "calm");
	/* A heated tag civil would set itself corrects nothing. */
	tag("+heated", "hot");
	learn();
	ck_assert_uint_eq(found->len, 1);
	ck_assert_str_eq(at(0)->id, "calm@x");
	ck_assert(at(0)->heated);
	ck_assert_double_ge(at(0)->lesson.after, at(0)->lesson.before);
	mark();
	ck_assert_str_eq(property("calm", "civil.reader"), "heated");
	/* Learned once. */
	learn();
	ck_assert_uint_eq(found->len, 0);
}
END_TEST

START_TEST(reader_took_civils_tag_off)
{
	add("hot", "You are an idiot and this is utter garbage.");
	civil_tagged("hot");
	/* Still tagged: civil and the reader agree. */
	tag("+heated", "hot");
	learn();
	ck_assert_uint_eq(found->len, 0);
	tag("-heated", "hot");
	learn();
	ck_assert_uint_eq(found->len, 1);
	ck_assert_str_eq(at(0)->id, "hot@x");
	ck_assert(!at(0)->heated);
	mark();
	/* The tag is no longer civil's, and the verdict is kept. */
	ck_assert_str_eq(property("hot", "civil.tagged"), "");
	ck_assert_str_eq(property("hot", "civil.reader"), "calm");
	learn();
	ck_assert_uint_eq(found->len, 0);
}
END_TEST

START_TEST(unreadable_file_teaches_nothing_yet)
{
	struct civil_buf file = CIVIL_BUF_INIT, moved = CIVIL_BUF_INIT;

	add("calm", "Thanks, applied.");
	tag("+heated", "calm");
	civil_buf_addf(&file, "%s/mail/cur/calm:2,", dir);
	civil_buf_addf(&moved, "%s/calm.saved", dir);
	ck_assert_int_eq(rename(file.buf, moved.buf), 0);
	learn();
	ck_assert_uint_eq(found->len, 0);
	/* Back: learned now. */
	ck_assert_int_eq(rename(moved.buf, file.buf), 0);
	learn();
	ck_assert_uint_eq(found->len, 1);
	civil_buf_release(&file);
	civil_buf_release(&moved);
}
END_TEST

START_TEST(gone_before_marked)
{
	civil_correction_t c = { 0 };

	/* A message deleted between learning and marking: nothing to mark,
	 * no error. */
	c.id = strdup("gone@x");
	c.heated = true;
	g_array_append_val(found, c);
	mark();
}
END_TEST

START_TEST(odd_tag_is_quoted)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = open_db(false);
	civil_nm_config_t odd = cfg;

	/* A tag notmuch's parser can't take as one word is quoted, never
	 * a query error. */
	odd.tag = "my \"heated\" (tag)";
	ck_assert_msg(!civil_corrections_learn(db, heat, &odd, found, &err),
		      "%s", err.message);
	ck_assert_uint_eq(found->len, 0);
	notmuch_database_destroy(db);
}
END_TEST

Suite *suite_corrections(void)
{
	Suite *s = suite_create("corrections");
	TCase *tc = tcase_create("corrections");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, nothing_to_learn);
	tcase_add_test(tc, reader_tagged_heated);
	tcase_add_test(tc, reader_took_civils_tag_off);
	tcase_add_test(tc, unreadable_file_teaches_nothing_yet);
	tcase_add_test(tc, gone_before_marked);
	tcase_add_test(tc, odd_tag_is_quoted);
	suite_add_tcase(s, tc);
	return s;
}
