// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static int collect(civil_message_t *msg, void *arg)
{
	struct civil_buf *b = arg;
	const char *s = civil_message_subject(msg);

	civil_buf_addf(b, "%s|", s ? s : "(none)");
	return 0;
}

START_TEST(splits_messages)
{
	const char *mbox = "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n"
			   "Subject: one\n\nbody\n>From the start\n\n"
			   "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n"
			   "Subject: two\n\nbody two\n";
	struct civil_buf b = CIVIL_BUF_INIT;
	size_t skipped = 9;

	ck_assert_int_eq(civil_mbox_foreach(mbox, strlen(mbox), "m", collect,
					    &b, &skipped, NULL),
			 0);
	ck_assert_str_eq(b.buf, "one|two|");
	ck_assert_uint_eq(skipped, 0);
	civil_buf_release(&b);
}
END_TEST

static int texts(civil_message_t *msg, void *arg)
{
	civil_buf_addf(arg, "%s|", civil_message_text(msg));
	return 0;
}

/* mboxrd: a body's "From " line is written ">From ", its ">From "
 * ">>From "; read back, each is what the sender wrote, and what they
 * wrote is not taken for a quote. */
START_TEST(mboxrd_from_lines)
{
	const char *mbox = "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n"
			   "Subject: one\n\nx\n>From the log: you are an idiot."
			   "\n>>From the docs\n> From: a quote\n";
	struct civil_buf b = CIVIL_BUF_INIT;
	size_t skipped;

	ck_assert_int_eq(civil_mbox_foreach(mbox, strlen(mbox), "m", texts,
					    &b, &skipped, NULL),
			 0);
	ck_assert_str_eq(b.buf, "x\nFrom the log: you are an idiot.\n"
				">From the docs\n> From: a quote\n|");
	civil_buf_release(&b);
}
END_TEST

static int first_only(civil_message_t *msg, void *arg)
{
	collect(msg, arg);
	return 1;
}

/* The callback's non-zero stops the walk, a success all the same. */
START_TEST(the_callback_stops_the_walk)
{
	const char *mbox = "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n"
			   "Subject: one\n\nbody\n\n"
			   "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n"
			   "Subject: two\n\nbody two\n";
	struct civil_buf b = CIVIL_BUF_INIT;

	ck_assert_int_eq(civil_mbox_foreach(mbox, strlen(mbox), "m", first_only,
					    &b, NULL, NULL),
			 0);
	ck_assert_str_eq(b.buf, "one|");
	civil_buf_release(&b);
}
END_TEST

START_TEST(single_message_and_garbage)
{
	const char *one = "From: a@b\nSubject: solo\n\nhi\n";
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	size_t skipped;

	ck_assert_int_eq(civil_mbox_foreach(one, strlen(one), "m", collect, &b,
					    &skipped, NULL),
			 0);
	ck_assert_str_eq(b.buf, "solo|");
	ck_assert_int_eq(civil_mbox_foreach("junk\n", 5, "j.mbox", collect, &b,
					    &skipped, &err),
			 CIVIL_STATUS_NOT_MAIL);
	ck_assert(strstr(err.message, "'j.mbox' is neither an mbox"));
	civil_error_clear(&err);
	/* A broken From_ line in the middle: the rest still comes through. */
	civil_buf_reset(&b);
	one = "From x\nFrom: a@b\nSubject: 1\n\nx\nFrom garbage\n\n"
	      "From y Mon Jan  1 00:00:00 2024\nFrom: a@b\nSubject: 2\n\ny\n";
	ck_assert_int_eq(civil_mbox_foreach(one, strlen(one), "m", collect, &b,
					    &skipped, NULL),
			 0);
	ck_assert(strstr(b.buf, "1|") && strstr(b.buf, "2|"));
	civil_buf_release(&b);
}
END_TEST

/* The length is the input's end: each input in a buffer of exactly its
 * size, no NUL after it, so ASan and valgrind see a read past it. */
START_TEST(no_read_past_the_end)
{
	static const char *const inputs[] = {
		"From \nF",
		"From \nFro",
		"From x\n\nF",
		"From x\nFrom: a@b\n\nx\nFrom",
		"From x\nFrom: a@b\nSubject: 1\n\nx\nFrom garbage\n\nFrom ",
		"From ",
	};

	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		size_t len = strlen(inputs[i]), skipped;
		char *data = malloc(len);
		struct civil_buf b = CIVIL_BUF_INIT;

		memcpy(data, inputs[i], len);
		civil_mbox_foreach(data, len, "m", collect, &b, &skipped, NULL);
		civil_buf_release(&b);
		free(data);
	}
}
END_TEST

Suite *suite_mbox(void)
{
	Suite *s = suite_create("mbox");
	TCase *tc = tcase_create("mbox");

	tcase_add_test(tc, splits_messages);
	tcase_add_test(tc, mboxrd_from_lines);
	tcase_add_test(tc, the_callback_stops_the_walk);
	tcase_add_test(tc, single_message_and_garbage);
	tcase_add_test(tc, no_read_past_the_end);
	suite_add_tcase(s, tc);
	return s;
}
