// SPDX-License-Identifier: GPL-2.0-or-later
/* check_lexicon.c - heat.lexicon read (lib/lexicon.c): its lines, the
 * errors that name file and line, and matching against a sentence. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "heat.h"
#include "unit.h"

static civil_heat_t lex;
static GArray *words;
static struct civil_buf path = CIVIL_BUF_INIT;

static void setup(void)
{
	memset(&lex, 0, sizeof(lex));
	civil_heat_words_init();
	words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
}

static void teardown(void)
{
	civil_heat_lexicon_free(&lex);
	g_array_free(words, TRUE);
	civil_buf_release(&path);
}

/* Load text as a lexicon file; its status, and the message in msg. */
static civil_status_t load(const char *text, char *msg, size_t size)
{
	const char *dir = unit_tmpdir();
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st;

	unit_write(dir, "lexicon", text);
	civil_buf_reset(&path);
	civil_buf_addf(&path, "%s/lexicon", dir);
	st = civil_heat_lexicon_load(&lex, path.buf, &err);
	if (msg)
		snprintf(msg, size, "%s", st ? err.message : "");
	civil_error_clear(&err);
	return st;
}

static void ok(const char *text)
{
	char msg[512];

	ck_assert_msg(!load(text, msg, sizeof(msg)), "%s", msg);
}

/* The entry matching sentence s at word i, or NULL. */
static const heat_entry_t *match(const char *s, size_t i)
{
	g_array_set_size(words, 0);
	civil_heat_split_words(s, strlen(s), words);
	ck_assert_uint_lt(i, words->len);
	return civil_heat_lexicon_match(
		&lex, (const struct heat_word *)words->data, i, words->len);
}

START_TEST(entries_and_their_fields)
{
	const heat_entry_t *e;

	ok("# a comment\n\n  \t\n2 insult Idiot # trailing comment\r\n"
	   "0.5 contempt ugly* hack\n"
	   "3 dismissal <you> <any> wrong\n"
	   "100 ignore idiot proof\n"
	   "2 insult dumbo\n"
	   "0 ignore dum*");
	e = match("what an idiot", 2);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(civil_heat_entry_category(e), "insult");
	ck_assert_double_eq(civil_heat_entry_weight(e), 2);
	ck_assert_uint_eq(civil_heat_entry_len(e), 1);
	ck_assert_str_eq(civil_heat_entry_phrase(e), "idiot");
	ck_assert(!civil_heat_entry_ignored(e) &&
		  !civil_heat_entry_says_you(e));
	/* A prefix word, and a two-word phrase. */
	e = match("an uglyish hack", 1);
	ck_assert_ptr_nonnull(e);
	ck_assert_double_eq(civil_heat_entry_weight(e), 0.5);
	ck_assert_str_eq(civil_heat_entry_phrase(e), "ugly* hack");
	ck_assert_ptr_null(match("an ugl hack", 1));
	/* Slots: <you> speaks to the reader. */
	e = match("your idea wrong", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert(civil_heat_entry_says_you(e));
	ck_assert_str_eq(civil_heat_entry_phrase(e), "<you> <any> wrong");
	/* <any> is any word but code. */
	ck_assert_ptr_null(match("you foo_bar() wrong", 0));
	/* The longest wins; "ignore" wins a tie. */
	e = match("idiot proof", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert(civil_heat_entry_ignored(e));
	ck_assert_double_eq(civil_heat_entry_weight(e), 100);
	/* A tie: the exact word is seen first, the "ignore" prefix wins. */
	e = match("dumbo", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert(civil_heat_entry_ignored(e));
	e = match("dumb", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(civil_heat_entry_phrase(e), "dum*");
	/* A phrase stops at punctuation. */
	ck_assert_str_eq(civil_heat_entry_phrase(match("idiot, proof", 0)),
			 "idiot");
	/* Code and unknown words match nothing. */
	ck_assert_ptr_null(match("foo_init() ok", 0));
	ck_assert_ptr_null(match("hello", 0));
}
END_TEST

START_TEST(later_file_wins)
{
	const heat_entry_t *e;

	ok("2 insult idiot\n");
	ok("4 mockery idiot\n"); /* a second file, same phrase */
	e = match("idiot", 0);
	ck_assert_double_eq(civil_heat_entry_weight(e), 4);
	ck_assert_str_eq(civil_heat_entry_category(e), "mockery");
}
END_TEST

START_TEST(edges_of_a_line)
{
	/* Empty file, one byte that is a comment, no newline at the end. */
	ok("");
	ok("#");
	ok("1 x abc");
	ck_assert_ptr_nonnull(match("abc", 0));
	/* Eight words, a 31-letter category, a 40-letter word, weight 100. */
	ok("100 ccccccccccccccccccccccccccccccc a b c d e f g h\n");
	ok("1 x aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
	ok("1 x abc*\n");
	/* A UTF-8 word, and one cut mid-character, are bytes. */
	ok("1 x caf\xc3\xa9\n1 x caf\xc3\n");
}
END_TEST

START_TEST(errors_name_file_and_line)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "x insult idiot", "weight must be a number from 0 to 100" },
		{ "100.5 insult idiot", "weight must be a number" },
		{ "-1 insult idiot", "weight must be a number" },
		{ "1.x insult idiot", "weight must be a number" },
		{ "2", "missing category" },
		{ "2 insult", "missing phrase" },
		{ "2 cccccccccccccccccccccccccccccccc idiot",
		  "category too long" },
		{ "2 x a b c d e f g h i", "phrase too long" },
		{ "2 x <any> idiot", "cannot start with <any>" },
		{ "2 x <them> idiot", "unknown slot" },
		{ "2 x id*", "a prefix needs 3 letters" },
		{ "2 x *", "a prefix needs 3 letters" },
		{ "2 x aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bad word" },
		{ "model", "model takes one file name" },
		{ "model a b", "model takes one file name" },
	};
	char msg[512], want[512];

	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		struct civil_buf text = CIVIL_BUF_INIT;

		/* On line 3, after a comment and an empty line. */
		civil_buf_addf(&text, "# c\n\n%s\n1 x fine\n", bad[i].text);
		ck_assert_int_eq(load(text.buf, msg, sizeof(msg)),
				 CIVIL_STATUS_CONFIG_ERROR);
		snprintf(want, sizeof(want), "%s:3: ", path.buf);
		ck_assert_msg(!strncmp(msg, want, strlen(want)) &&
				      strstr(msg, bad[i].why),
			      "'%s': %s", bad[i].text, msg);
		civil_buf_release(&text);
	}
}
END_TEST

START_TEST(missing_or_unreadable_file)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *dir = unit_tmpdir();
	struct civil_buf p = CIVIL_BUF_INIT;

	civil_buf_addf(&p, "%s/none", dir);
	ck_assert_int_eq(civil_heat_lexicon_load(&lex, p.buf, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert_ptr_nonnull(strstr(err.message, p.buf));
	civil_error_clear(&err);
	/* A directory can't be read as a lexicon. */
	ck_assert_int_ne(civil_heat_lexicon_load(&lex, dir, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, dir));
	civil_error_clear(&err);
	/* A model the lexicon names, missing: the model's file is named. */
	civil_buf_reset(&p);
	civil_buf_addf(&p, "%s/lexicon", dir);
	unit_write(dir, "lexicon", "model gone.model\n");
	ck_assert_int_ne(civil_heat_lexicon_load(&lex, p.buf, &err), 0);
	ck_assert_msg(strstr(err.message, "gone.model") != NULL, "%s",
		      err.message);
	civil_error_clear(&err);
	/* "model none" switches the learned layer off. */
	unit_write(dir, "lexicon", "model none\n");
	ck_assert_int_eq(civil_heat_lexicon_load(&lex, p.buf, &err), 0);
	ck_assert_ptr_null(lex.model);
	civil_buf_release(&p);
}
END_TEST

Suite *suite_lexicon(void)
{
	Suite *s = suite_create("lexicon");
	TCase *tc = tcase_create("lexicon");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, entries_and_their_fields);
	tcase_add_test(tc, later_file_wins);
	tcase_add_test(tc, edges_of_a_line);
	tcase_add_test(tc, errors_name_file_and_line);
	tcase_add_test(tc, missing_or_unreadable_file);
	suite_add_tcase(s, tc);
	return s;
}
