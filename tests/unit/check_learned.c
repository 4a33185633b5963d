// SPDX-License-Identifier: GPL-2.0-or-later
/* check_learned.c - the learned weights (lib/learned.c): their keys,
 * what they add to a cue, their file read and written, forgetting it,
 * and the text that lists them. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "learned.h"
#include "unit.h"

static civil_heat_t h;
static struct civil_buf path = CIVIL_BUF_INIT;

static void setup(void)
{
	memset(&h, 0, sizeof(h));
	civil_buf_reset(&path);
	civil_buf_addf(&path, "%s/learned", unit_tmpdir());
}

static void teardown(void)
{
	civil_heat_learned_free(h.learned);
	h.learned = NULL;
	civil_buf_release(&path);
}

/* Open text as the learned file; its status and message. */
static civil_status_t open_text(const char *text, char *msg, size_t size)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st;
	FILE *f = fopen(path.buf, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	st = civil_heat_learned_open(&h, path.buf, &err);
	snprintf(msg, size, "%s", st ? err.message : "");
	civil_error_clear(&err);
	return st;
}

static double delta(const char *key, unsigned *count)
{
	return civil_heat_learned_delta(h.learned, key, count);
}

START_TEST(keys)
{
	struct civil_buf b = CIVIL_BUF_INIT, c = CIVIL_BUF_INIT;

	/* A sentence's key: its words, whatever the spacing and case. */
	civil_heat_sentence_key("Well, that  was\nSpecial.", 24, &b);
	civil_heat_sentence_key("well, that was special.", 23, &c);
	ck_assert_str_eq(b.buf, c.buf);
	ck_assert_uint_eq(strlen(b.buf), 9 + 16);
	ck_assert(!strncmp(b.buf, "sentence ", 9));
	civil_heat_sentence_key("well, that was nice.", 20, &c);
	ck_assert_str_ne(b.buf, c.buf);
	civil_buf_release(&b);
	civil_buf_release(&c);
}
END_TEST

START_TEST(delta_by_key)
{
	char msg[256];
	unsigned n;

	ck_assert_msg(!open_text("-1.8000 6 cue 'ugly'@thing\n"
				 "2.5000 1 sentence 0123456789abcdef\n"
				 "0.7500 2 cue 'go to hell'@person\n",
				 msg, sizeof(msg)),
		      "%s", msg);
	ck_assert_double_eq_tol(delta("cue 'ugly'@thing", &n), -1.8, 1e-9);
	ck_assert_uint_eq(n, 6);
	ck_assert_double_eq_tol(delta("cue 'go to hell'@person", &n), 0.75,
				1e-9);
	ck_assert_double_eq_tol(delta("sentence 0123456789abcdef", &n), 2.5,
				1e-9);
	/* The same cue at another target: nothing. */
	ck_assert_double_eq(delta("cue 'ugly'@person", &n), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert(!civil_heat_learned_empty(h.learned));
}
END_TEST

/* What civil 0.2 learned: its cues kept (in the model's logits), its
 * categories dropped, and the file written anew at the next save. */
START_TEST(an_old_file_is_read)
{
	char msg[256];
	unsigned n;

	ck_assert_msg(!open_text("-1.2500 6 cue contempt thing ugly\n"
				 "-0.4500 2 category contempt thing\n"
				 "1.0000 1 cue phrase none go to hell\n"
				 "corrections 2 6 1\n",
				 msg, sizeof(msg)),
		      "%s", msg);
	ck_assert_double_eq_tol(delta("cue 'ugly'@thing", &n), -1.0, 1e-9);
	ck_assert_double_eq_tol(delta("cue 'go to hell'@none", &n), 0.8, 1e-9);
	ck_assert_double_eq(delta("category contempt thing", &n), 0);
	ck_assert(h.learned->dirty);
}
END_TEST

START_TEST(file_edges)
{
	char msg[256];

	/* No file: nothing learned, and that is no error. */
	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, NULL), 0);
	ck_assert_ptr_nonnull(h.learned);
	ck_assert(civil_heat_learned_empty(h.learned));
	/* Empty, comments only, no newline at the end. */
	ck_assert(!open_text("", msg, sizeof(msg)));
	ck_assert(!open_text("#", msg, sizeof(msg)));
	ck_assert(!open_text("# c\n\ncorrections 1 2 3", msg, sizeof(msg)));
	ck_assert_uint_eq(h.learned->heated + h.learned->calm, 3);
	/* The largest count and weight it takes. */
	ck_assert_msg(!open_text("1000 1000000000 cue 'x'@none\n"
				 "-1000 0 cue 'phrase with spaces'@self\n",
				 msg, sizeof(msg)),
		      "%s", msg);
}
END_TEST

START_TEST(bad_lines_name_file_and_line)
{
	static const char *const bad[] = {
		"1000.5 1 cue 'x'@none",
		"1 1000000001 cue 'x'@none",
		"nan 1 cue 'x'@none",
		"1 -1 cue 'x'@none",
		"1 1 cue 'x'@nobody",
		"1 1 cue 'x'@none extra",
		"1 1 cue x@none",
		"1 1 cue ''@none",
		"1 1 sentence 0123",
		"1 1 sentence 0123456789abcdeg",
		"1 1 category x nobody",
		"corrections 1 2",
		"corrections 1 2 x",
		"x",
		"\xc3",
	};
	char msg[256], want[256];

	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		char text[128];

		snprintf(text, sizeof(text), "# c\n%s\n", bad[i]);
		ck_assert_msg(open_text(text, msg, sizeof(msg)) ==
				      CIVIL_STATUS_CONFIG_ERROR,
			      "took '%s'", bad[i]);
		snprintf(want, sizeof(want), "'%s':2: not a learned weight",
			 path.buf);
		ck_assert_msg(!strncmp(msg, want, strlen(want)), "%s", msg);
	}
	/* What was there before a bad file stays. */
	ck_assert_ptr_null(h.learned);
}
END_TEST

/* A NUL byte is a bad line like any other: named with its line, and
 * nothing after it silently dropped (the next save would lose it). */
START_TEST(nul_byte_is_a_bad_line)
{
	static const char text[] = "corrections 1 2 0\n"
				   "-1 1 cue 'p'@none\0hidden\n"
				   "0.5 1 sentence 0123456789abcdef\n";
	civil_error_t err = CIVIL_ERROR_INIT;
	char want[256];
	FILE *f = fopen(path.buf, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, sizeof(text) - 1, f),
			  sizeof(text) - 1);
	fclose(f);
	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	snprintf(want, sizeof(want), "'%s':2: not a learned weight", path.buf);
	ck_assert_msg(!strncmp(err.message, want, strlen(want)), "%s",
		      err.message);
	ck_assert_ptr_nonnull(strstr(err.message, "NUL"));
	civil_error_clear(&err);
	ck_assert_ptr_null(h.learned);
	/* On the last line, with no newline after it, too. */
	f = fopen(path.buf, "w");
	fwrite("corrections 1 2 0\n\0", 1, 19, f);
	fclose(f);
	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	snprintf(want, sizeof(want), "'%s':2: ", path.buf);
	ck_assert_msg(!strncmp(err.message, want, strlen(want)), "%s",
		      err.message);
	civil_error_clear(&err);
}
END_TEST

/* Whatever the weights and counts in memory, a save writes what a load
 * takes: one bound for both. */
START_TEST(save_never_writes_what_loading_refuses)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	char msg[256];

	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, NULL), 0);
	*civil_heat_learned_feat(h.learned, "cue 'ugly'@thing") =
		(struct feat){ 5000.25, 3000000000u };
	*civil_heat_learned_feat(h.learned, "cue 'bad'@thing") =
		(struct feat){ -1e300, 1 };
	*civil_heat_learned_feat(h.learned, "cue 'odd'@thing") =
		(struct feat){ NAN, 1 };
	h.learned->heated = 4000000000u;
	h.learned->dirty = true;
	ck_assert_int_eq(civil_heat_learned_save(&h, NULL), 0);
	ck_assert_int_eq(civil_file_read(path.buf, &text, NULL), 0);
	civil_heat_learned_free(h.learned);
	h.learned = NULL;
	ck_assert_msg(!open_text(text.buf, msg, sizeof(msg)), "%s\n%s", msg,
		      text.buf);
	ck_assert_ptr_nonnull(strstr(text.buf, "corrections 1000000000 0 0\n"));
	ck_assert_ptr_nonnull(
		strstr(text.buf, "1000.0000 1000000000 cue 'ugly'@thing"));
	ck_assert_ptr_nonnull(strstr(text.buf, "-1000.0000 1 cue 'bad'@thing"));
	ck_assert_ptr_nonnull(strstr(text.buf, "0.0000 1 cue 'odd'@thing"));
	/* And moving a weight stops at the bound. */
	civil_heat_learned_move(h.learned, "cue 'ugly'@thing", 1e9);
	ck_assert(civil_heat_learned_feat(h.learned, "cue 'ugly'@thing")
			  ->weight == HEAT_LEARNED_MAX);
	civil_heat_learned_move(h.learned, "cue 'ugly'@thing", -1e9);
	ck_assert(civil_heat_learned_feat(h.learned, "cue 'ugly'@thing")
			  ->weight == -HEAT_LEARNED_MAX);
	civil_buf_release(&text);
}
END_TEST

START_TEST(unreadable_file)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	/* A directory where the file should be: named, not crashed on. */
	mkdir(path.buf, 0700);
	ck_assert_int_ne(civil_heat_learned_open(&h, path.buf, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, path.buf));
	civil_error_clear(&err);
}
END_TEST

START_TEST(save_and_read_back)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char msg[256];
	bool removed;

	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, NULL), 0);
	/* Nothing changed: nothing written. */
	ck_assert_int_eq(civil_heat_learned_save(&h, NULL), 0);
	ck_assert_int_ne(access(path.buf, F_OK), 0);
	*civil_heat_learned_feat(h.learned, "cue 'ugly'@thing") =
		(struct feat){ -1.8, 6 };
	*civil_heat_learned_feat(h.learned, "sentence 0123456789abcdef") =
		(struct feat){ 0.45, 1 };
	h.learned->heated = 2;
	h.learned->calm = 6;
	h.learned->no_cue = 1;
	h.learned->dirty = true;
	ck_assert_int_eq(civil_heat_learned_save(&h, &err), 0);
	ck_assert(!h.learned->dirty);
	ck_assert_int_eq(civil_file_read(path.buf, &text, NULL), 0);
	ck_assert_ptr_nonnull(strstr(text.buf, "corrections 2 6 1\n"
					       "-1.8000 6 cue 'ugly'@thing\n"
					       "0.4500 1 sentence "
					       "0123456789abcdef\n"));
	/* Read back, listed for a reader. */
	civil_heat_learned_free(h.learned);
	h.learned = NULL;
	ck_assert_msg(!open_text(text.buf, msg, sizeof(msg)), "%s", msg);
	civil_buf_reset(&text);
	civil_heat_learned_text(&h, &text);
	ck_assert_str_eq(text.buf,
			 "'ugly' about code: -1.80 from 6 corrections\n"
			 "one sentence (0123456789abcdef): +0.45 from 1 "
			 "correction\n"
			 "8 corrections: 2 tagged heated by you, 6 heated "
			 "tags you removed; 1 had no cue to learn from\n");
	/* Forgotten once, then there is nothing to forget. */
	ck_assert_int_eq(civil_heat_learned_forget(path.buf, &removed, NULL),
			 0);
	ck_assert(removed);
	ck_assert_int_eq(civil_heat_learned_forget(path.buf, &removed, NULL),
			 0);
	ck_assert(!removed);
	civil_buf_release(&text);
}
END_TEST

START_TEST(save_and_forget_fail_naming_the_file)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf p = CIVIL_BUF_INIT;
	bool removed = true;

	/* A file where the directory should be. */
	civil_buf_addf(&p, "%s/sub/learned", path.buf);
	fclose(fopen(path.buf, "w"));
	/* Read there: not "nothing learned", an error naming it. */
	ck_assert_int_ne(civil_heat_learned_open(&h, p.buf, &err), 0);
	ck_assert_ptr_nonnull(strstr(err.message, p.buf));
	civil_error_clear(&err);
	h.learned = civil_heat_learned_new(p.buf);
	h.learned->dirty = true;
	ck_assert_int_ne(civil_heat_learned_save(&h, &err), 0);
	ck_assert_msg(strstr(err.message, path.buf) != NULL, "%s", err.message);
	ck_assert(h.learned->dirty);
	civil_error_clear(&err);
	/* Forgetting a directory fails, and says which. */
	ck_assert_int_ne(
		civil_heat_learned_forget(unit_tmpdir(), &removed, &err), 0);
	ck_assert(!removed);
	ck_assert_ptr_nonnull(strstr(err.message, "can't remove '"));
	civil_error_clear(&err);
	civil_buf_release(&p);
}
END_TEST

START_TEST(nothing_learned_text)
{
	struct civil_buf text = CIVIL_BUF_INIT;

	civil_heat_learned_text(&h, &text);
	ck_assert_str_eq(text.buf, "nothing learned yet\n");
	civil_buf_release(&text);
}
END_TEST

Suite *suite_learned(void)
{
	Suite *s = suite_create("learned");
	TCase *tc = tcase_create("learned");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, keys);
	tcase_add_test(tc, delta_by_key);
	tcase_add_test(tc, an_old_file_is_read);
	tcase_add_test(tc, file_edges);
	tcase_add_test(tc, bad_lines_name_file_and_line);
	tcase_add_test(tc, nul_byte_is_a_bad_line);
	tcase_add_test(tc, save_never_writes_what_loading_refuses);
	tcase_add_test(tc, unreadable_file);
	tcase_add_test(tc, save_and_read_back);
	tcase_add_test(tc, save_and_forget_fail_naming_the_file);
	tcase_add_test(tc, nothing_learned_text);
	suite_add_tcase(s, tc);
	return s;
}
