// SPDX-License-Identifier: GPL-2.0-or-later
/* check_learn.c - learning from a reader's corrections (lib/learn.c): one
 * correction moves the cues it holds, in the reader's sense, for other
 * messages too, and nothing else; the file keeps it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static const char lexicon[] = "model none\n"
			      "2.5 contempt ugly\n"
			      "2.5 contempt garbage\n"
			      "2.5 contempt horrible\n"
			      "1.5 impatience <you> keep ignoring\n"
			      "3 profanity crap\n";

/* A scorer with the lexicon above, learning into the file learned (a
 * name in a fresh directory when NULL). */
static civil_heat_t *scorer(const char *learned)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	const char *files[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;

	unit_write(dir, "lexicon", lexicon);
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &h, &err), "%s", err.message);
	if (learned)
		civil_buf_adds(&path, learned);
	else
		civil_buf_addf(&path, "%s/civil/learned", dir);
	ck_assert_msg(!civil_heat_learned_open(h, path.buf, &err), "%s",
		      err.message);
	civil_buf_release(&lex);
	civil_buf_release(&path);
	return h;
}

static double score(const civil_heat_t *h, const char *text)
{
	civil_heat_score_t s;
	double v;

	civil_heat_score_text(h, text, strlen(text), &s);
	v = s.score;
	civil_heat_score_release(&s);
	return v;
}

static void learn(civil_heat_t *h, const char *text, bool heated,
		  civil_heat_lesson_t *out)
{
	civil_heat_learn_text(h, text, strlen(text), heated, 2.5, out);
}

START_TEST(a_calm_verdict_lowers_the_cue_where_it_is_aimed_so)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	double other = score(h, "The second patch is ugly and slow.");
	double person = score(h, "You are ugly.");
	double crap = score(h, "This is crap.");

	learn(h, "This is ugly.", false, &l);
	ck_assert_double_ge(l.before, 2.5);
	ck_assert_double_le(l.after, 2.0 + 1e-9);
	ck_assert_uint_ge(l.features, 2); /* the cue, and its category */
	/* The same cue about code, in another message: lower, no longer
	 * heated. */
	ck_assert_double_lt(score(h, "The second patch is ugly and slow."),
			    other);
	ck_assert_double_lt(score(h, "The second patch is ugly and slow."),
			    2.5);
	/* Another target is another sense; another cue is another cue. */
	ck_assert_double_eq(score(h, "You are ugly."), person);
	ck_assert_double_eq(score(h, "This is crap."), crap);
	/* Nothing at all is no heat, whatever was learned: no bias. */
	ck_assert_double_eq(score(h, "Thanks, applied."), 0);
	civil_heat_free(h);
}
END_TEST

START_TEST(a_heated_verdict_raises_the_cue)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	double other = score(h, "You keep ignoring what everyone said.");

	ck_assert_double_lt(other, 2.5);
	learn(h, "You keep ignoring my review.", true, &l);
	ck_assert_double_ge(l.after, 3.0 - 1e-9);
	ck_assert_double_ge(score(h, "You keep ignoring what everyone said."),
			    2.5);
	ck_assert_double_eq(score(h, "The second patch is ugly and slow."),
			    score(h, "The second patch is ugly and slow."));
	civil_heat_free(h);
}
END_TEST

START_TEST(no_cue_nothing_learned)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	struct civil_buf b = CIVIL_BUF_INIT;

	learn(h, "Please send a v2 with the fix folded in.", true, &l);
	ck_assert_uint_eq(l.features, 0);
	ck_assert_double_eq(l.after, l.before);
	ck_assert_double_eq(score(h, "Thanks, applied."), 0);
	civil_heat_learned_text(h, &b);
	ck_assert_msg(strstr(b.buf, "1 correction: 1 tagged heated by you, 0 "
				    "heated tags you removed; 1 had no cue"),
		      "%s", b.buf);
	civil_buf_release(&b);
	civil_heat_free(h);
}
END_TEST

/* Two corrections of one kind teach the kind: a third word of it, at
 * the same target, weighs less too; one correction does not. */
START_TEST(two_corrections_teach_a_kind)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	double horrible = score(h, "This is horrible.");
	double person = score(h, "You are horrible.");

	learn(h, "This is ugly.", false, &l);
	ck_assert_double_eq(score(h, "This is horrible."), horrible);
	learn(h, "This is garbage.", false, &l);
	ck_assert_double_lt(score(h, "This is horrible."), horrible);
	ck_assert_double_eq(score(h, "You are horrible."), person);
	civil_heat_free(h);
}
END_TEST

/* Where the lexicon has no cue, the learned layer's weighty phrases are
 * what a heated verdict teaches; its common words and the signals (one
 * capitalised word) are not raised. */
START_TEST(a_heated_verdict_without_a_cue_teaches_phrases)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	const char *files[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_lesson_t l;
	civil_heat_t *h = NULL;

	unit_write(dir, "lexicon", "model my.model\n2.5 contempt ugly\n");
	unit_write(dir, "my.model",
		   "bias -2\nscale 1.5\noffset 0.5\n2.0 pathetic\n"
		   "0.8 pages\n");
	civil_buf_addf(&lex, "%s/lexicon", dir);
	civil_buf_addf(&path, "%s/learned", dir);
	files[0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &h, &err), "%s", err.message);
	ck_assert(!civil_heat_learned_open(h, path.buf, &err));
	ck_assert_double_eq(score(h, "Pathetic, all of it."), 0);
	learn(h, "That is pathetic, read the pages.", true, &l);
	ck_assert_uint_eq(l.features, 1);
	ck_assert_double_gt(score(h, "Pathetic, all of it."), 0);
	ck_assert_double_eq(score(h, "See the pages."), 0);
	learn(h, "It is NOT fine.", true, &l);
	ck_assert_uint_eq(l.features, 0);
	ck_assert_double_eq(score(h, "It is NOT fine."), l.before);
	civil_buf_release(&lex);
	civil_buf_release(&path);
	civil_heat_free(h);
}
END_TEST

/* The file is written and read back the same; a bad line is said with
 * the file's name and line. */
START_TEST(the_file_keeps_it)
{
	struct civil_buf a = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT,
			 path = CIVIL_BUF_INIT, kept = CIVIL_BUF_INIT;
	civil_heat_t *h, *again;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_lesson_t l;
	double after;

	civil_buf_addf(&kept, "%s/civil/learned", unit_tmpdir());
	h = scorer(kept.buf);
	learn(h, "This is ugly.", false, &l);
	learn(h, "Ugly hack.", false, &l);
	after = score(h, "The second patch is ugly and slow.");
	ck_assert_msg(!civil_heat_learned_save(h, &err), "%s", err.message);
	again = scorer(kept.buf);
	ck_assert_double_eq(score(again, "The second patch is ugly and slow."),
			    after);
	civil_heat_learned_text(h, &a);
	civil_heat_learned_text(again, &b);
	ck_assert_str_eq(a.buf, b.buf);
	ck_assert_msg(strstr(a.buf, "'ugly' (contempt) about code: -"), "%s",
		      a.buf);
	ck_assert_msg(strstr(a.buf, " from 1 correction\n"), "%s", a.buf);

	civil_buf_adds(&path, unit_tmpdir());
	unit_write(path.buf, "bad/learned",
		   "corrections 0 1 0\n-1.0 1 cue contempt nowhere ugly\n");
	civil_buf_adds(&path, "/bad/learned");
	ck_assert_int_eq(civil_heat_learned_open(again, path.buf, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_msg(strstr(err.message, path.buf) &&
			      strstr(err.message, ":2: not a learned weight"),
		      "%s", err.message);
	civil_error_clear(&err);
	/* What was loaded before stays. */
	ck_assert_double_eq(score(again, "The second patch is ugly and slow."),
			    after);
	civil_buf_release(&a);
	civil_buf_release(&b);
	civil_buf_release(&path);
	civil_buf_release(&kept);
	civil_heat_free(h);
	civil_heat_free(again);
}
END_TEST

/* Many corrections of one kind: each is cheap and the weight stays
 * bounded by what each may move. */
START_TEST(many_corrections_stay_bounded)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;

	for (int i = 0; i < 200; i++)
		learn(h, "This is ugly.", false, &l);
	ck_assert_double_eq(l.before, l.after);
	ck_assert_uint_eq(l.features, 0);
	ck_assert_double_ge(score(h, "You are ugly."), 2.5);
	civil_heat_free(h);
}
END_TEST

/* The highest civil.threshold there is, and heated corrections of one
 * cue, each of which may double its weight: learning stops at the bound
 * the file holds, so the file it keeps is one a scan reads back (before,
 * a weight went past 1000, and civil-scan and civil-heated refused the
 * file until --forget). */
START_TEST(a_high_threshold_never_learns_past_the_bound)
{
	struct civil_buf kept = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h, *again;
	civil_heat_lesson_t l;

	civil_buf_addf(&kept, "%s/civil/learned", unit_tmpdir());
	h = scorer(kept.buf);
	for (int i = 0; i < 20; i++)
		civil_heat_learn_text(h, "This is ugly.", 13, true, 1000, &l);
	ck_assert_msg(!civil_heat_learned_save(h, &err), "%s", err.message);
	ck_assert_int_eq(civil_file_read(kept.buf, &text, NULL), 0);
	again = scorer(kept.buf);
	ck_assert_msg(
		strstr(text.buf, "\n1000.0000 8 cue contempt thing ugly\n"),
		"%s", text.buf);
	ck_assert_double_eq(score(again, "This is ugly."),
			    score(h, "This is ugly."));
	civil_buf_release(&kept);
	civil_buf_release(&text);
	civil_heat_free(h);
	civil_heat_free(again);
}
END_TEST

Suite *suite_learn(void)
{
	Suite *s = suite_create("learn");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, a_calm_verdict_lowers_the_cue_where_it_is_aimed_so);
	tcase_add_test(tc, a_heated_verdict_raises_the_cue);
	tcase_add_test(tc, no_cue_nothing_learned);
	tcase_add_test(tc, two_corrections_teach_a_kind);
	tcase_add_test(tc, a_heated_verdict_without_a_cue_teaches_phrases);
	tcase_add_test(tc, the_file_keeps_it);
	tcase_add_test(tc, many_corrections_stay_bounded);
	tcase_add_test(tc, a_high_threshold_never_learns_past_the_bound);
	suite_add_tcase(s, tc);
	return s;
}
