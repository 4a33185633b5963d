// SPDX-License-Identifier: GPL-2.0-or-later
/* check_target.c - whom a cue is aimed at (lib/target.c), on sentences
 * split by words.c. */
#include <string.h>

#include "heat.h"
#include "unit.h"

/* The target of the cue at words [i, j) of sentence s. */
static civil_heat_target_t target(const char *s, size_t i, size_t j)
{
	GArray *w = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	civil_heat_target_t t;

	civil_heat_words_init();
	civil_heat_split_words(s, strlen(s), w);
	ck_assert_uint_le(j, w->len);
	t = civil_heat_target_of((const struct heat_word *)w->data, w->len, i,
				 j);
	g_array_free(w, TRUE);
	return t;
}

START_TEST(whom)
{
	ck_assert_int_eq(target("you are clueless", 2, 3), CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target("this is ugly", 2, 3), CIVIL_TARGET_THING);
	ck_assert_int_eq(target("I was an idiot", 3, 4), CIVIL_TARGET_SELF);
	ck_assert_int_eq(target("your patch is garbage", 3, 4),
			 CIVIL_TARGET_WORK);
	ck_assert_int_eq(target("foo_init() is ugly", 2, 3),
			 CIVIL_TARGET_THING);
	/* An adjective on what it names. */
	ck_assert_int_eq(target("an ugly hack", 1, 2), CIVIL_TARGET_THING);
	ck_assert_int_eq(target("you wrote an ugly hack", 3, 4),
			 CIVIL_TARGET_WORK);
	/* After it: a person, or the sender starting the next clause. */
	ck_assert_int_eq(target("screw you", 0, 1), CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target("damn, I missed it", 0, 1), CIVIL_TARGET_SELF);
	/* The sender saying what they were, but not what they saw. */
	ck_assert_int_eq(target("what an idiot I was", 2, 3),
			 CIVIL_TARGET_SELF);
	ck_assert_int_ne(target("the dumbest idea I have seen", 1, 2),
			 CIVIL_TARGET_SELF);
	/* A clause break stops the look back. */
	ck_assert_int_eq(target("you know, ugly", 2, 3), CIVIL_TARGET_NONE);
}
END_TEST

START_TEST(edges)
{
	/* The cue alone, at the start and at the end of the sentence. */
	ck_assert_int_eq(target("ugly", 0, 1), CIVIL_TARGET_NONE);
	/* Six words back at most. */
	ck_assert_int_eq(target("you a b c d e ugly", 6, 7),
			 CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target("you a b c d e f ugly", 7, 8),
			 CIVIL_TARGET_NONE);
	/* Three words ahead at most. */
	ck_assert_int_eq(target("screw a b c you", 0, 1), CIVIL_TARGET_NONE);
	ck_assert_int_eq(target("screw a b you", 0, 1), CIVIL_TARGET_PERSON);
	/* An empty cue at the end of nothing. */
	ck_assert_int_eq(civil_heat_target_of(NULL, 0, 0, 0),
			 CIVIL_TARGET_NONE);
}
END_TEST

Suite *suite_target(void)
{
	Suite *s = suite_create("target");
	TCase *tc = tcase_create("target");

	tcase_add_test(tc, whom);
	tcase_add_test(tc, edges);
	suite_add_tcase(s, tc);
	return s;
}
