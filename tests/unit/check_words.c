// SPDX-License-Identifier: GPL-2.0-or-later
/* check_words.c - a sentence split into words (lib/words.c): code kept
 * apart, phrase and clause breaks, quotation, what a word refers to. */
#include <string.h>

#include "heat.h"
#include "unit.h"

static GArray *words;

static void setup(void)
{
	civil_heat_words_init();
	words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
}

static void teardown(void)
{
	g_array_free(words, TRUE);
}

static void split(const char *s)
{
	g_array_set_size(words, 0);
	civil_heat_split_words(s, strlen(s), words);
}

static const struct heat_word *at(guint i)
{
	ck_assert_uint_lt(i, words->len);
	return &g_array_index(words, struct heat_word, i);
}

/* The words as "lower|lower|<code>|...". */
static const char *joined(void)
{
	static char out[512];

	out[0] = '\0';
	for (guint i = 0; i < words->len; i++) {
		if (i)
			strcat(out, "|");
		strcat(out, at(i)->code ? "<code>" : at(i)->lower);
	}
	return out;
}

START_TEST(nothing_and_one_byte)
{
	split("");
	ck_assert_uint_eq(words->len, 0);
	split("   \t\n ");
	ck_assert_uint_eq(words->len, 0);
	split("x");
	ck_assert_str_eq(joined(), "x");
	ck_assert(at(0)->brk && at(0)->clause);
	ck_assert_uint_eq(at(0)->src_len, 1);
	/* Punctuation alone is no word. */
	split("!");
	ck_assert_uint_eq(words->len, 0);
	/* The length bounds the sentence, not a NUL. */
	g_array_set_size(words, 0);
	civil_heat_split_words("you idiot", 3, words);
	ck_assert_str_eq(joined(), "you");
}
END_TEST

START_TEST(code_is_not_words)
{
	split("foo_init() is ugly, see drivers/x.c and 0x10 or fooBar");
	ck_assert_str_eq(joined(),
			 "<code>|is|ugly|see|<code>|and|<code>|or|<code>");
	ck_assert(at(1)->brk);
	ck_assert(!at(2)->brk);
	ck_assert(at(3)->clause);
	split("a->b x::y https://x.invalid");
	ck_assert_str_eq(joined(), "<code>|<code>|<code>");
	/* Longer than a word can be: code. */
	split("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	ck_assert(at(0)->code);
	split("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	ck_assert(!at(0)->code);
	ck_assert_uint_eq(strlen(at(0)->lower), HEAT_MAX_WORD);
}
END_TEST

START_TEST(breaks_and_clauses)
{
	/* Dashes and '/' join words; a lone dash is a new clause. */
	split("brain-dead and/or -- idiot");
	ck_assert_str_eq(joined(), "brain|dead|and|or|idiot");
	ck_assert(!at(1)->brk);
	ck_assert(at(4)->clause);
	/* Two sentences glued by a missing space. */
	split("the patch.So bad");
	ck_assert_str_eq(joined(), "the|patch|so|bad");
	ck_assert(at(2)->clause);
	/* A comma ends a clause, a full stop inside a token does not split
	 * it from code. */
	split("damn, I missed it");
	ck_assert(at(1)->clause && at(1)->brk);
	ck_assert(!at(2)->clause);
}
END_TEST

START_TEST(case_refs_and_shouting)
{
	split("YOU are STUPID and ACPI your I me code this");
	ck_assert_str_eq(joined(), "you|are|stupid|and|acpi|your|i|me|code|"
				   "this");
	ck_assert(at(0)->upper && at(0)->shout_word);
	ck_assert(at(2)->upper && !at(2)->shout_word);
	ck_assert(at(4)->upper && !at(4)->shout_word);
	ck_assert(!at(1)->upper);
	ck_assert_uint_eq(at(0)->ref, REF_YOU);
	ck_assert_uint_eq(at(5)->ref, REF_YOUR);
	ck_assert_uint_eq(at(6)->ref, REF_ME);
	ck_assert_uint_eq(at(8)->ref, REF_NOUN);
	ck_assert_uint_eq(at(9)->ref, REF_THING);
	ck_assert_uint_eq(at(2)->ref, REF_NONE);
	/* The curly apostrophe is an apostrophe. */
	split("you\xe2\x80\x99re");
	ck_assert_str_eq(joined(), "you're");
	ck_assert_uint_eq(at(0)->ref, REF_YOU);
	/* Cut mid-character, the bytes are kept as they are, never read
	 * past the end. */
	split("you\xe2\x80");
	ck_assert_uint_eq(words->len, 1);
	ck_assert_uint_eq(at(0)->src_len, 5);
}
END_TEST

START_TEST(quotation_is_a_mention)
{
	split("he said \"who cares\" and left");
	ck_assert_str_eq(joined(), "he|said|who|cares|and|left");
	ck_assert(!at(1)->quoted);
	ck_assert(at(2)->quoted && at(3)->quoted);
	ck_assert(!at(4)->quoted);
	/* Curly quotes too. */
	split("he said \xe2\x80\x9cwho cares\xe2\x80\x9d then");
	ck_assert(at(2)->quoted && at(3)->quoted && !at(4)->quoted);
	/* A quotation never closed is none. */
	split("he said \"who cares and left");
	for (guint i = 0; i < words->len; i++)
		ck_assert(!at(i)->quoted);
}
END_TEST

Suite *suite_words(void)
{
	Suite *s = suite_create("words");
	TCase *tc = tcase_create("words");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, nothing_and_one_byte);
	tcase_add_test(tc, code_is_not_words);
	tcase_add_test(tc, breaks_and_clauses);
	tcase_add_test(tc, case_refs_and_shouting);
	tcase_add_test(tc, quotation_is_a_mention);
	suite_add_tcase(s, tc);
	return s;
}
