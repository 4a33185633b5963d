// SPDX-License-Identifier: GPL-2.0-or-later
/* check_stored_heat.c - stored-heat.c: the score and reasons kept as
 * message properties come back as they went in, within the format's
 * limits (no tab or line break in a field, 200 bytes a reason, cut at a
 * character boundary). */
#include <string.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static civil_nm_config_t cfg;

static void setup(void)
{
	const char *dir = unit_notmuch_db(&cfg);
	const char *new[] = { "new", "--quiet", NULL };

	unit_write(dir, "mail/cur/one:2,",
		   "From: a@kernel-test.invalid\nSubject: one\n"
		   "Message-ID: <one@kernel-test.invalid>\n"
		   "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\nhello\n");
	unit_notmuch(new, NULL);
}

static void teardown(void)
{
	unit_notmuch_done(&cfg);
}

static notmuch_message_t *find(notmuch_database_t *db)
{
	notmuch_message_t *m = NULL;

	ck_assert_int_eq(notmuch_database_find_message(
				 db, "one@kernel-test.invalid", &m),
			 0);
	ck_assert_ptr_nonnull(m);
	return m;
}

START_TEST(round_trip)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;
	notmuch_message_t *m;
	char long_sentence[400];
	civil_heat_reason_t why[2] = {
		{ .signal = "insult",
		  .weight = 2.345,
		  .target = CIVIL_TARGET_PERSON,
		  .klass = CIVIL_HEAT_HEATED,
		  .at = 7,
		  .match = "you\tidiot",
		  .sentence = "you\tidiot,\nreally" },
		{ .signal = "contempt",
		  .weight = 1.5,
		  .target = CIVIL_TARGET_THING,
		  .klass = CIVIL_HEAT_SHARP,
		  .match = "garbage!",
		  .sentence = long_sentence },
	};
	civil_heat_score_t in = { 3.14159, CIVIL_HEAT_HEATED, why, 2 }, out,
			   again;

	/* "é" is two bytes, after 25 bytes of the other fields: a cut at 200
	 * bytes would fall between the two of one. */
	memset(long_sentence, 0, sizeof(long_sentence));
	for (size_t i = 0; i + 2 < sizeof(long_sentence); i += 2)
		memcpy(long_sentence + i, "\xc3\xa9", 2);

	ck_assert_int_eq(civil_db_open(&cfg, true, 1000, &db, &err), 0);
	m = find(db);
	ck_assert(!civil_db_stored_heat(m, &out));
	ck_assert_int_eq(civil_db_store_heat(m, &in), 0);
	notmuch_message_destroy(m);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, &err), 0);

	ck_assert_int_eq(civil_db_open(&cfg, false, 0, &db, &err), 0);
	m = find(db);
	ck_assert(civil_db_stored_heat(m, &out));
	ck_assert_double_eq_tol(out.score, 3.14, 1e-9);
	ck_assert_int_eq(out.klass, CIVIL_HEAT_HEATED);
	ck_assert_uint_eq(out.n_reasons, 2);
	/* notmuch gives them back in the order of their text. */
	ck_assert_str_eq(out.reasons[0].signal, "contempt");
	ck_assert_double_eq_tol(out.reasons[0].weight, 1.5, 1e-9);
	ck_assert_int_eq(out.reasons[0].target, CIVIL_TARGET_THING);
	ck_assert_int_eq(out.reasons[0].klass, CIVIL_HEAT_SHARP);
	ck_assert_str_eq(out.reasons[0].match, "garbage!");
	ck_assert(g_utf8_validate(out.reasons[0].sentence, -1, NULL));
	ck_assert_uint_le(strlen("contempt\t1.50\t3\t1\t0\tgarbage!\t") +
				  strlen(out.reasons[0].sentence),
			  200);
	ck_assert_uint_ge(strlen(out.reasons[0].sentence), 160);
	ck_assert_str_eq(out.reasons[1].signal, "insult");
	ck_assert_double_eq_tol(out.reasons[1].weight, 2.35, 1e-9);
	ck_assert_int_eq(out.reasons[1].target, CIVIL_TARGET_PERSON);
	ck_assert_int_eq(out.reasons[1].klass, CIVIL_HEAT_HEATED);
	ck_assert_uint_eq(out.reasons[1].at, 7);
	ck_assert_str_eq(out.reasons[1].match, "you idiot");
	ck_assert_str_eq(out.reasons[1].sentence, "you idiot, really");
	notmuch_message_destroy(m);
	notmuch_database_destroy(db);

	/* Storing again replaces, never adds. */
	ck_assert_int_eq(civil_db_open(&cfg, true, 1000, &db, &err), 0);
	m = find(db);
	in.n_reasons = 1;
	in.score = 0.5;
	in.klass = CIVIL_HEAT_CALM;
	ck_assert_int_eq(civil_db_store_heat(m, &in), 0);
	ck_assert(civil_db_stored_heat(m, &again));
	ck_assert_double_eq_tol(again.score, 0.5, 1e-9);
	ck_assert_int_eq(again.klass, CIVIL_HEAT_CALM);
	ck_assert_uint_eq(again.n_reasons, 1);
	ck_assert_str_eq(again.reasons[0].signal, "insult");
	notmuch_message_destroy(m);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, &err), 0);
	civil_heat_score_release(&out);
	civil_heat_score_release(&again);
}
END_TEST

Suite *suite_stored_heat(void)
{
	Suite *s = suite_create("stored-heat");
	TCase *tc = tcase_create("stored-heat");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, round_trip);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
