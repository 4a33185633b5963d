// SPDX-License-Identifier: GPL-2.0-or-later
/* check_thread_heat.c - one rule for a thread's heat (lib/thread-heat.c):
 * a message made into a sample, the reader's verdict counted, people
 * counted by their address; only heated messages heat a thread. */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

START_TEST(one_person_however_named)
{
	static const char *const same[] = {
		"Jane Doe <jane@example.org>",
		"\"Doe, Jane\" <Jane@Example.ORG>",
		"Doe, Jane <jane@example.org>",
		"jane@example.org",
		"=?utf-8?q?Jane_D=C3=B6e?= <JANE@example.org>",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(same); i++) {
		char *k = civil_author_key(same[i]);

		ck_assert_msg(!strcmp(k, "jane@example.org"), "%s: %s",
			      same[i], k);
		free(k);
	}
	{
		char *a = civil_author_key(""), *b = civil_author_key(NULL);

		ck_assert_str_eq(a, "");
		ck_assert_str_eq(b, "");
		free(a);
		free(b);
	}
}
END_TEST

static civil_heat_sample_t sample(const char *from, bool tagged,
				  bool civil_tagged, bool reader_calm,
				  civil_heat_class_t k, double score,
				  long long date, GPtrArray *keep)
{
	civil_db_facts_t f = { 0 };
	civil_heat_score_t h = { 0 };
	civil_heat_sample_t s;

	f.from = from;
	f.date = date;
	f.tagged = tagged;
	f.civil_tagged = civil_tagged;
	f.reader_calm = reader_calm;
	h.klass = k;
	h.score = score;
	civil_heat_sample_of(&f, &h, keep, &s);
	return s;
}

START_TEST(the_readers_verdict_counts)
{
	GPtrArray *keep = g_ptr_array_new_with_free_func(free);
	civil_heat_sample_t s;

	/* Tagged by a person: heated, whatever the words. */
	s = sample("a@x", true, false, false, CIVIL_HEAT_CALM, 0.1, 1, keep);
	ck_assert(s.by_hand);
	ck_assert_int_eq(s.klass, CIVIL_HEAT_HEATED);
	/* Tagged by civil: its own class. */
	s = sample("a@x", true, true, false, CIVIL_HEAT_HEATED, 3, 1, keep);
	ck_assert(!s.by_hand);
	ck_assert_int_eq(s.klass, CIVIL_HEAT_HEATED);
	/* The reader took civil's tag off: not heated any more. */
	s = sample("a@x", false, true, true, CIVIL_HEAT_HEATED, 3, 1, keep);
	ck_assert_int_ne(s.klass, CIVIL_HEAT_HEATED);
	ck_assert_str_eq(s.author, "a@x");
	g_ptr_array_free(keep, TRUE);
}
END_TEST

START_TEST(only_heated_messages_heat_a_thread)
{
	GPtrArray *keep = g_ptr_array_new_with_free_func(free);
	civil_heat_sample_t v[6];
	civil_thread_heat_t t;

	/* However many sharp messages, from however many people. */
	v[0] = sample("A <a@x>", false, false, false, CIVIL_HEAT_SHARP, 0.5, 1,
		      keep);
	v[1] = sample("B <b@x>", false, false, false, CIVIL_HEAT_SHARP, 0.5, 2,
		      keep);
	v[2] = sample("C <c@x>", false, false, false, CIVIL_HEAT_SHARP, 2.4, 3,
		      keep);
	v[3] = sample("A <a@x>", false, false, false, CIVIL_HEAT_CALM, 0, 4,
		      keep);
	civil_thread_heat(v, 4, &t);
	ck_assert(!t.is_heated);
	ck_assert_uint_eq(t.heated, 0);
	ck_assert(t.peak == 2.4);
	/* One message civil holds heated is shown, and heats no thread. */
	v[4] = sample("Jane <J@x>", false, false, false, CIVIL_HEAT_HEATED, 3,
		      5, keep);
	civil_thread_heat(v, 5, &t);
	ck_assert(!t.is_heated);
	ck_assert_uint_eq(t.heated, 1);
	ck_assert_uint_eq(t.people, 1);
	/* Two do; the same person, written otherwise, is one person. */
	v[5] = sample("\"J, Jane\" <j@X>", false, false, false,
		      CIVIL_HEAT_HEATED, 3, 6, keep);
	civil_thread_heat(v, 6, &t);
	ck_assert(t.is_heated);
	ck_assert_uint_eq(t.people, 1);
	ck_assert_uint_eq(t.heated, 2);
	ck_assert(t.escalating);
	/* One a person tagged heated does, alone. */
	v[4] = sample("Jane <J@x>", true, false, false, CIVIL_HEAT_CALM, 0.1,
		      5, keep);
	civil_thread_heat(v, 5, &t);
	ck_assert(t.is_heated);
	/* Nothing is no heat. */
	civil_thread_heat(NULL, 0, &t);
	ck_assert(!t.is_heated);
	g_ptr_array_free(keep, TRUE);
}
END_TEST

Suite *suite_thread_heat(void)
{
	Suite *s = suite_create("thread_heat");
	TCase *tc = tcase_create("thread_heat");

	tcase_add_test(tc, one_person_however_named);
	tcase_add_test(tc, the_readers_verdict_counts);
	tcase_add_test(tc, only_heated_messages_heat_a_thread);
	suite_add_tcase(s, tc);
	return s;
}
