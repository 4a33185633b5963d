// SPDX-License-Identifier: GPL-2.0-or-later
/* check_learn.c - learning from a reader's corrections (lib/learn.c): a
 * correction moves the cue at its target in the sentences that disagree
 * with the reader, or that sentence alone, and nothing else; the file
 * keeps it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learned.h"
#include "unit.h"

static const char lexicon[] = "2.5 profanity hell\n"
			      "2.5 profanity go to hell\n"
			      "3.5 insult idiot\n"
			      "model tiny.model\n";
/* A cue alone makes a sentence heated (p 0.88, a score of 4.4: over any
 * tag level a calibrated model has), so these tests hold the learning,
 * not the shipped model's levels. */
static const char model[] = "civil-heat-model 2\n"
			    "bias -6 -4\n"
			    "8 4 profanity@none\n"
			    "8 4 profanity@person\n"
			    "7 3 insult@person\n";

/* A scorer with the lexicon and model above, learning into the file
 * learned (a name in a fresh directory when NULL). */
static civil_heat_t *scorer(const char *learned)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	const char *files[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;

	unit_write(dir, "lexicon", lexicon);
	unit_write(dir, "tiny.model", model);
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &h, &err), "%s", err.message);
	civil_heat_set_threshold(h, UNIT_TAG_LEVEL);
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

static bool heated(const civil_heat_t *h, const char *text)
{
	civil_heat_score_t s;
	bool v;

	civil_heat_score_text(h, text, strlen(text), &s);
	v = s.klass == CIVIL_HEAT_HEATED;
	civil_heat_score_release(&s);
	return v;
}

static void learn(civil_heat_t *h, const char *text, bool hot,
		  civil_heat_lesson_t *out)
{
	civil_heat_learn_text(h, text, strlen(text), hot, out);
}

/* The reader's calm verdict on "hell" said of nothing moves "hell" said
 * of nothing: "go to hell" said to someone, or an insult beside it, stay
 * as they were. */
START_TEST(a_calm_verdict_stays_where_it_was_given)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;

	ck_assert(heated(h, "Hell, what a week."));
	ck_assert(heated(h, "Go to hell you moron."));
	learn(h, "Hell, what a week.", false, &l);
	ck_assert_double_ge(l.before, UNIT_TAG_LEVEL);
	ck_assert_double_lt(l.after, UNIT_TAG_LEVEL);
	ck_assert_uint_eq(l.features, 1);
	ck_assert(!heated(h, "Hell, what a week."));
	/* The same cue at the same target, elsewhere: learned. */
	ck_assert(!heated(h, "Oh hell, the build broke."));
	/* Another cue, or the same at a person: not. */
	ck_assert(heated(h, "Go to hell you moron."));
	ck_assert(heated(h, "Hell, you are an idiot."));
	civil_heat_free(h);
}
END_TEST

/* The issue's own case: the idiom held calm leaves "go to hell" at a
 * person heated.  (On the lexicon above, where "hell" and "go to hell"
 * are both cues: the shipped model's own verdict on these sentences is
 * the model's business, check_heat.c's.) */
START_TEST(the_road_to_hell_is_not_go_to_hell)
{
	const char *go = "Go to hell with this patch, you clearly never "
			 "tested it.";
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	struct civil_buf path = CIVIL_BUF_INIT;

	ck_assert(heated(h, go));
	learn(h, "The road to hell is paved with good intentions.", false, &l);
	ck_assert(heated(h, go));
	/* And a sentence with "hell" the model does hold heated, held calm
	 * by the reader: still only that. */
	learn(h, "What the hell is this?", false, &l);
	ck_assert(!heated(h, "What the hell is this?"));
	ck_assert(heated(h, go));
	civil_heat_free(h);
	civil_buf_release(&path);
}
END_TEST

/* Heated without a cue: that sentence alone is taught. */
START_TEST(a_heated_verdict_without_a_cue)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	const char *t = "Well, that was special.";

	ck_assert(!heated(h, t));
	learn(h, t, true, &l);
	ck_assert_uint_eq(l.features, 1);
	ck_assert(heated(h, t));
	/* However it is wrapped. */
	ck_assert(heated(h, "Well,  that was\nspecial."));
	ck_assert(!heated(h, "Well, that was nice."));
	civil_heat_free(h);
}
END_TEST

START_TEST(nothing_to_learn_from)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;
	struct civil_buf b = CIVIL_BUF_INIT;

	/* Calm text held calm: nothing moves. */
	learn(h, "Thanks, applied.", false, &l);
	ck_assert_uint_eq(l.features, 0);
	/* No text at all. */
	learn(h, "", true, &l);
	ck_assert_uint_eq(l.features, 0);
	civil_heat_learned_text(h, &b);
	ck_assert(strstr(b.buf, "2 corrections"));
	ck_assert(strstr(b.buf, "1 had no cue"));
	civil_buf_release(&b);
	civil_heat_free(h);
}
END_TEST

START_TEST(the_file_keeps_it)
{
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_heat_t *h;
	civil_heat_lesson_t l;

	civil_buf_addf(&path, "%s/civil/learned", unit_tmpdir());
	h = scorer(path.buf);
	learn(h, "Hell, what a week.", false, &l);
	learn(h, "Well, that was special.", true, &l);
	ck_assert_int_eq(civil_heat_learned_save(h, NULL), 0);
	civil_heat_free(h);
	ck_assert_int_eq(civil_file_read(path.buf, &text, NULL), 0);
	ck_assert(strstr(text.buf, " 1 cue 'hell'@none\n"));
	ck_assert(strstr(text.buf, " 1 sentence "));
	ck_assert(strstr(text.buf, "corrections 1 1 1\n"));
	/* Read back, it scores as it did. */
	h = scorer(path.buf);
	ck_assert(!heated(h, "Hell, what a week."));
	ck_assert(heated(h, "Well, that was special."));
	civil_buf_reset(&text);
	civil_heat_learned_text(h, &text);
	ck_assert(strstr(text.buf, "'hell' said of nothing") ||
		  strstr(text.buf, "'hell': "));
	civil_heat_free(h);
	civil_buf_release(&text);
	civil_buf_release(&path);
}
END_TEST

/* The same correction again and again: learned once, then civil agrees
 * and nothing moves. */
START_TEST(a_verdict_civil_agrees_with_moves_nothing)
{
	civil_heat_t *h = scorer(NULL);
	civil_heat_lesson_t l;

	for (int i = 0; i < 200; i++)
		learn(h, "Hell, what a week.", false, &l);
	ck_assert_double_eq(l.before, l.after);
	ck_assert_uint_eq(l.features, 0);
	ck_assert(heated(h, "Go to hell you moron."));
	civil_heat_free(h);
}
END_TEST

/* A file at the bound (what many corrections, or a file from before
 * the bound, can hold), the highest threshold there is, and a heated
 * verdict on a sentence with both cues: learning raises "hell" and
 * leaves "idiot" at the bound, never past it, so the file it keeps is
 * one a scan reads back (before, a weight went past 1000, and civil-scan
 * and civil-heated refused the file until --forget). */
START_TEST(a_high_threshold_never_learns_past_the_bound)
{
	struct civil_buf kept = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	const char *t = "Hell, you idiot.";
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h, *again;
	civil_heat_lesson_t l;
	const char *dir = unit_tmpdir();
	unsigned n;

	civil_buf_addf(&kept, "%s/learned", dir);
	unit_write(dir, "learned",
		   "corrections 2 0 0\n"
		   "-1000.0000 1 cue 'hell'@none\n"
		   "1000.0000 1 cue 'idiot'@person\n");
	h = scorer(kept.buf);
	civil_heat_set_threshold(h, CIVIL_HEAT_MAX * 0.999999);
	ck_assert(!heated(h, t));
	learn(h, t, true, &l);
	ck_assert_uint_eq(l.features, 2);
	ck_assert_double_gt(l.after, l.before);
	ck_assert_double_eq(
		civil_heat_learned_delta(h->learned, "cue 'idiot'@person", &n),
		HEAT_LEARNED_MAX);
	ck_assert_double_gt(
		civil_heat_learned_delta(h->learned, "cue 'hell'@none", &n),
		-HEAT_LEARNED_MAX);
	ck_assert_msg(!civil_heat_learned_save(h, &err), "%s", err.message);
	ck_assert_int_eq(civil_file_read(kept.buf, &text, NULL), 0);
	ck_assert_msg(strstr(text.buf, "\n1000.0000 2 cue 'idiot'@person\n"),
		      "%s", text.buf);
	ck_assert_msg(!strstr(text.buf, "\n-1000.0000 2 cue 'hell'@none\n"),
		      "%s", text.buf);
	again = scorer(kept.buf);
	civil_heat_set_threshold(again, CIVIL_HEAT_MAX * 0.999999);
	ck_assert_int_eq(heated(again, t), heated(h, t));
	civil_buf_release(&kept);
	civil_buf_release(&text);
	civil_heat_free(h);
	civil_heat_free(again);
}
END_TEST

Suite *suite_learn(void)
{
	Suite *s = suite_create("learn");
	TCase *tc = tcase_create("learn");

	tcase_add_test(tc, a_calm_verdict_stays_where_it_was_given);
	tcase_add_test(tc, the_road_to_hell_is_not_go_to_hell);
	tcase_add_test(tc, a_heated_verdict_without_a_cue);
	tcase_add_test(tc, nothing_to_learn_from);
	tcase_add_test(tc, the_file_keeps_it);
	tcase_add_test(tc, a_verdict_civil_agrees_with_moves_nothing);
	tcase_add_test(tc, a_high_threshold_never_learns_past_the_bound);
	suite_add_tcase(s, tc);
	return s;
}
