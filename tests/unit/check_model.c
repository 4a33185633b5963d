// SPDX-License-Identifier: GPL-2.0-or-later
/* check_model.c - the learned layer (lib/model.c) and its agreement with
 * the script that trains it (scripts/heat_model.py). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heat.h"
#include "unit.h"

static civil_heat_t *with_files(const char *lexicon, const char *model)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT;
	const char *files[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;

	unit_write(dir, "lexicon", lexicon);
	if (model)
		unit_write(dir, "my.model", model);
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &h, &err), "%s", err.message);
	civil_buf_release(&lex);
	return h;
}

/* The scores scripts/heat_model.py wrote for data/heat.model, next to
 * the lexicon that names it: C must give the same for the same text. */
START_TEST(c_and_the_training_script_agree)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	const char *files[] = { lexicon, NULL };
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_heat_t *h;
	char line[4096];
	FILE *f;
	int n = 0;

	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	ck_assert_msg(h->model, "data/heat.lexicon names no model");
	civil_buf_add(&path, lexicon, strrchr(lexicon, '/') - lexicon);
	civil_buf_adds(&path, "/../tests/fixtures/heat-model-scores.txt");
	f = fopen(path.buf, "r");
	ck_assert_msg(f, "can't open %s", path.buf);
	while (fgets(line, sizeof(line), f)) {
		char *tab = strrchr(line, '\t');
		double want, got;

		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		want = strtod(tab + 1, NULL);
		civil_buf_reset(&text);
		for (const char *p = line; *p; p++) {
			if (p[0] == '\\' && p[1] == 'n')
				civil_buf_addch(&text, '\n'), p++;
			else if (p[0] == '\\' && p[1] == '\\')
				civil_buf_addch(&text, '\\'), p++;
			else
				civil_buf_addch(&text, *p);
		}
		got = heat_model_text_logit(h, civil_buf_str(&text), text.len);
		ck_assert_msg(fabs(got - want) < 1e-6,
			      "'%s': C %.4f, script %.4f", line, got, want);
		n++;
	}
	fclose(f);
	ck_assert_int_ge(n, 10);
	civil_heat_free(h);
	civil_buf_release(&path);
	civil_buf_release(&text);
}
END_TEST

/* A passage's logit is the bias and the weight of each distinct phrase
 * in it (words and word pairs, not across punctuation or code); heat is
 * scale * (logit - offset) when positive, added to a passage where the
 * lexicon found a cue, and the flag names the phrases that carried it. */
START_TEST(a_flag_names_its_phrases)
{
	civil_heat_t *h = with_files("model my.model\n0.5 mockery well\n",
				     "# test\nbias -1\nscale 2\noffset 0\n"
				     "1.5 you twit\n0.5 twit\n-3 sorry\n"
				     "0.25 fine\n");
	civil_heat_score_t s;
	const char *t = "Well. You twit, twit. Fine.";

	ck_assert_double_eq_tol(heat_model_text_logit(h, t, strlen(t)), 1.25,
				1e-9);
	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert_double_eq_tol(s.score, 3.0, 1e-9);
	ck_assert_uint_eq(s.n_reasons, 3);
	ck_assert_str_eq(s.reasons[0].signal, "model");
	ck_assert_str_eq(s.reasons[0].match, "You twit");
	ck_assert_str_eq(s.reasons[0].sentence, "You twit, twit.");
	ck_assert_double_eq_tol(s.reasons[0].weight, 3.0, 1e-9);
	ck_assert_str_eq(s.reasons[1].match, "twit");
	/* "fine" weighs too little to explain anything. */
	ck_assert_str_eq(s.reasons[2].signal, "mockery");
	civil_heat_score_release(&s);
	/* The model weighs in where the lexicon found something: alone it
	 * adds nothing. */
	t = "You twit, twit.";
	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert(s.score == 0);
	civil_heat_score_release(&s);
	/* A phrase that weighs against heat takes it back; a word pair
	 * does not run over a comma. */
	t = "Well. You, twit. Sorry.";
	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert_double_eq_tol(s.score, 0.5, 1e-9);
	civil_heat_score_release(&s);
	civil_heat_free(h);
}
END_TEST

/* A phrase that is part of a lexicon cue weighs no more than the cue
 * does where it is aimed: the model learned "screwed" is heat, the
 * lexicon knows "I screwed up" owns a mistake. */
START_TEST(the_model_keeps_to_whom_a_cue_is_aimed_at)
{
	civil_heat_t *h = with_files("model my.model\n2 profanity screwed\n"
				     "0 ignore i screwed\n2 mockery sigh\n",
				     "bias -1\nscale 1\noffset 0\n"
				     "4 screwed\n");
	civil_heat_score_t s;
	const char *t = "Sigh. I screwed up the rebase.";

	/* The logit is the model's own... */
	ck_assert_double_eq_tol(heat_model_text_logit(h, t, strlen(t)), 3.0,
				1e-9);
	/* ...but its heat keeps to the lexicon's verdict. */
	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert_double_eq_tol(s.score, 2.0, 1e-9);
	civil_heat_score_release(&s);
	t = "Sigh. You screwed up the rebase.";
	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert_double_gt(s.score, 5.0);
	civil_heat_score_release(&s);
	civil_heat_free(h);
}
END_TEST

/* Heat from the bias alone has no phrase to name, and names none. */
START_TEST(no_phrase_no_model_reason)
{
	civil_heat_t *h = with_files("model my.model\n2 mockery sigh\n",
				     "bias 1\nscale 1\noffset 0\n0.1 sigh\n");
	civil_heat_score_t s;
	const char *t = "Sigh.";

	civil_heat_score_text(h, t, strlen(t), &s);
	ck_assert_double_eq_tol(s.score, 3.1, 1e-9);
	ck_assert_uint_eq(s.n_reasons, 1);
	ck_assert_str_eq(s.reasons[0].signal, "mockery");
	civil_heat_score_release(&s);
	civil_heat_free(h);
}
END_TEST

START_TEST(a_lexicon_switches_the_model)
{
	const char *dir = unit_tmpdir();
	struct civil_buf a = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	const char *files[3] = { NULL, NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;

	unit_write(dir, "x.model", "bias 0\n1 twit\n");
	unit_write(dir, "one", "model x.model\n2 insult numpty\n");
	unit_write(dir, "off", "model none\n");
	unit_write(dir, "bad", "model\n");
	unit_write(dir, "badmodel", "model broken.model\n");
	unit_write(dir, "broken.model", "bias 0\ntwit 1\n");
	civil_buf_addf(&a, "%s/one", dir);
	civil_buf_addf(&b, "%s/off", dir);
	files[0] = a.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	ck_assert(h->model);
	civil_heat_free(h);
	files[1] = b.buf; /* the user's lexicon: "model none" */
	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	ck_assert(!h->model);
	civil_heat_free(h);

	civil_buf_reset(&b);
	civil_buf_addf(&b, "%s/bad", dir);
	files[1] = b.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "/bad:1: model takes one file name"));
	civil_error_clear(&err);
	civil_buf_reset(&b);
	civil_buf_addf(&b, "%s/badmodel", dir);
	files[1] = b.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_msg(strstr(err.message, "/broken.model:2: not a model line"),
		      "%s", err.message);
	civil_error_clear(&err);
	civil_buf_release(&a);
	civil_buf_release(&b);
}
END_TEST

Suite *suite_model(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, c_and_the_training_script_agree);
	tcase_add_test(tc, a_flag_names_its_phrases);
	tcase_add_test(tc, the_model_keeps_to_whom_a_cue_is_aimed_at);
	tcase_add_test(tc, no_phrase_no_model_reason);
	tcase_add_test(tc, a_lexicon_switches_the_model);
	suite_add_tcase(s, tc);
	return s;
}
