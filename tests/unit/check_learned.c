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
	heat_learned_free(h.learned);
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

static double delta(const char *category, const char *phrase,
		    civil_heat_target_t t, char *why, size_t size)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	double d = heat_learned_delta(h.learned, category, phrase, t, &b);

	snprintf(why, size, "%s", civil_buf_str(&b));
	civil_buf_release(&b);
	return d;
}

START_TEST(keys)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	heat_learned_key(&b, "contempt", "ugly", CIVIL_TARGET_THING);
	ck_assert_str_eq(b.buf, "cue contempt thing ugly");
	heat_learned_key(&b, "insult", NULL, CIVIL_TARGET_SELF);
	ck_assert_str_eq(b.buf, "category insult self");
	heat_learned_key(&b, "x", "", CIVIL_TARGET_NONE);
	ck_assert_str_eq(b.buf, "cue x none ");
	civil_buf_release(&b);
}
END_TEST

START_TEST(delta_and_why)
{
	char msg[256], why[256];

	ck_assert_msg(!open_text("-1.8000 6 cue contempt thing ugly\n"
				 "-0.4500 1 category contempt thing\n"
				 "0.5000 2 category insult person\n"
				 "0.2500 1 category shouting none\n",
				 msg, sizeof(msg)),
		      "%s", msg);
	/* A cue, and a kind learned from one correction: not yet. */
	ck_assert_double_eq_tol(
		delta("contempt", "ugly", CIVIL_TARGET_THING, why, sizeof(why)),
		-1.8, 1e-9);
	ck_assert_str_eq(why, "learned -1.80 from 6 corrections");
	/* A kind from two, on a cue not learned itself. */
	ck_assert_double_eq_tol(
		delta("insult", "idiot", CIVIL_TARGET_PERSON, why, sizeof(why)),
		0.5, 1e-9);
	ck_assert_str_eq(why, "learned +0.50 for insult at a person from 2 "
			      "corrections");
	/* A signal (no phrase) counts from one. */
	ck_assert_double_eq_tol(
		delta("shouting", NULL, CIVIL_TARGET_NONE, why, sizeof(why)),
		0.25, 1e-9);
	ck_assert_str_eq(why, "learned +0.25 for shouting from 1 correction");
	/* Another target: nothing. */
	ck_assert_double_eq(delta("contempt", "ugly", CIVIL_TARGET_PERSON, why,
				  sizeof(why)),
			    0);
	ck_assert_str_eq(why, "");
}
END_TEST

START_TEST(file_edges)
{
	char msg[256];

	/* No file: nothing learned, and that is no error. */
	ck_assert_int_eq(civil_heat_learned_open(&h, path.buf, NULL), 0);
	ck_assert_ptr_nonnull(h.learned);
	ck_assert(!heat_learned_has_phrases(h.learned));
	/* Empty, comments only, no newline at the end. */
	ck_assert(!open_text("", msg, sizeof(msg)));
	ck_assert(!open_text("#", msg, sizeof(msg)));
	ck_assert(!open_text("# c\n\ncorrections 1 2 3", msg, sizeof(msg)));
	ck_assert_uint_eq(h.learned->heated + h.learned->calm, 3);
	/* The largest count and weight it takes. */
	ck_assert_msg(!open_text("1000 1000000000 category x none\n"
				 "-1000 0 cue x self phrase with spaces\n",
				 msg, sizeof(msg)),
		      "%s", msg);
	/* A phrase of the learned layer. */
	ck_assert(
		!open_text("1 1 cue phrase none so what\n", msg, sizeof(msg)));
	ck_assert(heat_learned_has_phrases(h.learned));
}
END_TEST

START_TEST(bad_lines_name_file_and_line)
{
	static const char *const bad[] = {
		"1000.5 1 category x none",
		"1 1000000001 category x none",
		"nan 1 category x none",
		"1 -1 category x none",
		"1 1 category x nobody",
		"1 1 category x none extra",
		"1 1 cue x none",
		"1 1 cue  none p",
		"1 1 category cccccccccccccccccccccccccccccccc none",
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
				   "-1 1 cue x none p\0hidden\n"
				   "0.5 1 category y none\n";
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
	*heat_learned_feat(h.learned, "cue contempt thing ugly") =
		(struct feat){ 5000.25, 3000000000u };
	*heat_learned_feat(h.learned, "cue contempt thing bad") =
		(struct feat){ -1e300, 1 };
	*heat_learned_feat(h.learned, "cue contempt thing odd") =
		(struct feat){ NAN, 1 };
	h.learned->heated = 4000000000u;
	h.learned->dirty = true;
	ck_assert_int_eq(civil_heat_learned_save(&h, NULL), 0);
	ck_assert_int_eq(civil_file_read(path.buf, &text, NULL), 0);
	heat_learned_free(h.learned);
	h.learned = NULL;
	ck_assert_msg(!open_text(text.buf, msg, sizeof(msg)), "%s\n%s", msg,
		      text.buf);
	ck_assert_ptr_nonnull(strstr(text.buf, "corrections 1000000000 0 0\n"));
	ck_assert_ptr_nonnull(strstr(
		text.buf, "1000.0000 1000000000 cue contempt thing ugly"));
	ck_assert_ptr_nonnull(
		strstr(text.buf, "-1000.0000 1 cue contempt thing bad"));
	ck_assert_ptr_nonnull(
		strstr(text.buf, "0.0000 1 cue contempt thing odd"));
	/* And moving a weight stops at the bound. */
	heat_learned_move(h.learned, "cue contempt thing ugly", 1e9);
	ck_assert(heat_learned_feat(h.learned, "cue contempt thing ugly")
			  ->weight == HEAT_LEARNED_MAX);
	heat_learned_move(h.learned, "cue contempt thing ugly", -1e9);
	ck_assert(heat_learned_feat(h.learned, "cue contempt thing ugly")
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
	*heat_learned_feat(h.learned, "cue contempt thing ugly") =
		(struct feat){ -1.8, 6 };
	*heat_learned_feat(h.learned, "category contempt thing") =
		(struct feat){ -0.45, 1 };
	h.learned->heated = 2;
	h.learned->calm = 6;
	h.learned->no_cue = 1;
	h.learned->dirty = true;
	ck_assert_int_eq(civil_heat_learned_save(&h, &err), 0);
	ck_assert(!h.learned->dirty);
	ck_assert_int_eq(civil_file_read(path.buf, &text, NULL), 0);
	ck_assert_ptr_nonnull(strstr(text.buf, "corrections 2 6 1\n"
					       "-0.4500 1 category contempt "
					       "thing\n"
					       "-1.8000 6 cue contempt thing "
					       "ugly\n"));
	/* Read back, listed for a reader. */
	heat_learned_free(h.learned);
	h.learned = NULL;
	ck_assert_msg(!open_text(text.buf, msg, sizeof(msg)), "%s", msg);
	civil_buf_reset(&text);
	civil_heat_learned_text(&h, &text);
	ck_assert_str_eq(text.buf,
			 "'ugly' (contempt) about code: -1.80 from 6 "
			 "corrections\n"
			 "contempt about code: -0.45 from 1 correction "
			 "(counts from 2)\n"
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
	h.learned = heat_learned_new(p.buf);
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
	tcase_add_test(tc, delta_and_why);
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
