// SPDX-License-Identifier: GPL-2.0-or-later
/* check_model.c - the heat model's weights (lib/model.c): the file read,
 * its errors named, weights found by a feature's hash; and C scoring the
 * shipped model as the script that trained it does. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heat.h"
#include "unit.h"

static civil_status_t load(const char *text, struct heat_model **m, char *msg,
			   size_t size)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st;

	unit_write(dir, "m.model", text);
	civil_buf_addf(&path, "%s/m.model", dir);
	st = civil_heat_model_load(path.buf, m, &err);
	snprintf(msg, size, "%s", st ? err.message : "");
	civil_error_clear(&err);
	civil_buf_release(&path);
	return st;
}

START_TEST(weights_by_name)
{
	struct heat_model *m = NULL;
	double w[HEAT_HEADS];
	char msg[256];

	ck_assert_int_eq(load("# made by hand\n"
			      "civil-heat-model 2\n"
			      "bias -4.5 -2.25\n"
			      "1.5000 0.2500 insult@person\n"
			      "-0.75 0 b:you even\n"
			      "2 -3.125 'go to hell'@person\n",
			      &m, msg, sizeof(msg)),
			 0);
	ck_assert_double_eq(civil_heat_model_bias(m, HEAT_HEAD_HEATED), -4.5);
	ck_assert_double_eq(civil_heat_model_bias(m, HEAT_HEAD_HARSH), -2.25);
	ck_assert(civil_heat_model_weights(
		m, civil_heat_feat_hash("insult@person", 13), w));
	ck_assert_double_eq(w[0], 1.5);
	ck_assert_double_eq(w[1], 0.25);
	ck_assert(civil_heat_model_weights(
		m, civil_heat_feat_hash("b:you even", 10), w));
	ck_assert_double_eq(w[0], -0.75);
	ck_assert(civil_heat_model_weights(
		m, civil_heat_feat_hash("'go to hell'@person", 19), w));
	ck_assert_double_eq(w[1], -3.125);
	/* What it does not know weighs nothing. */
	ck_assert(!civil_heat_model_weights(
		m, civil_heat_feat_hash("insult@self", 11), w));
	ck_assert_double_eq(w[0], 0);
	civil_heat_model_free(m);
}
END_TEST

START_TEST(bad_files_name_file_and_line)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "", "empty" },
		{ "civil-heat-model 1\n", ":1: not a civil heat model" },
		{ "0.5 x\n", ":1: not a civil heat model" },
		{ "civil-heat-model 2\nbias 1\n", ":2: bias takes two" },
		{ "civil-heat-model 2\n1 x\n", ":2: not WEIGHT WEIGHT NAME" },
		{ "civil-heat-model 2\n1 2\n", ":2: not WEIGHT WEIGHT NAME" },
		{ "civil-heat-model 2\n1 2 \n", ":2: a weight without a name" },
		{ "civil-heat-model 2\nx 2 n\n", ":2: not WEIGHT WEIGHT NAME" },
		{ "civil-heat-model 2\n1234567 2 n\n", ":2: not WEIGHT" },
		{ "civil-heat-model 2\n1 2 a\0b\n", "a NUL byte" },
	};
	struct heat_model *m = NULL;
	char msg[256];

	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		const char *dir = unit_tmpdir();
		struct civil_buf path = CIVIL_BUF_INIT;
		civil_error_t err = CIVIL_ERROR_INIT;
		FILE *f;

		civil_buf_addf(&path, "%s/m.model", dir);
		f = fopen(path.buf, "w");
		ck_assert_ptr_nonnull(f);
		/* The NUL case is written whole. */
		fwrite(bad[i].text, 1,
		       i == G_N_ELEMENTS(bad) - 1 ? 25 : strlen(bad[i].text),
		       f);
		fclose(f);
		ck_assert_int_eq(civil_heat_model_load(path.buf, &m, &err),
				 CIVIL_STATUS_CONFIG_ERROR);
		ck_assert_ptr_null(m);
		ck_assert_msg(strstr(err.message, path.buf) &&
				      strstr(err.message, bad[i].why),
			      "%zu: %s", i, err.message);
		civil_error_clear(&err);
		civil_buf_release(&path);
	}
	ck_assert_int_eq(load("civil-heat-model 2\n", &m, msg, sizeof(msg)), 0);
	civil_heat_model_free(m);
}
END_TEST

/* The scores scripts/heat_model.py wrote for data/heat.model, next to
 * the lexicon that names it (tests/fixtures/heat-model-scores.txt, "SCORE
 * CLASS TEXT" a line): C must give the same for the same text. */
START_TEST(c_and_the_training_script_agree)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	const char *files[] = { lexicon, NULL };
	struct civil_buf path = CIVIL_BUF_INIT;
	civil_heat_t *h = NULL;
	char line[4096], *dir;
	FILE *f;
	int n = 0;

	ck_assert_ptr_nonnull(lexicon);
	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	dir = g_path_get_dirname(lexicon);
	civil_buf_addf(&path, "%s/../tests/fixtures/heat-model-scores.txt",
		       dir);
	f = fopen(path.buf, "r");
	ck_assert_msg(f != NULL, "%s", path.buf);
	while (fgets(line, sizeof(line), f)) {
		char klass[16], *text;
		double want;
		civil_heat_score_t s;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		ck_assert_int_eq(sscanf(line, "%lf %15s", &want, klass), 2);
		text = strchr(strchr(line, ' ') + 1, ' ') + 1;
		civil_heat_score_text(h, text, strlen(text), &s);
		ck_assert_msg(fabs(s.score - want) < 0.011, "%s: C %.2f, %.2f",
			      text, s.score, want);
		ck_assert_str_eq(civil_heat_class_name(s.klass), klass);
		civil_heat_score_release(&s);
		n++;
	}
	fclose(f);
	ck_assert_int_ge(n, 10);
	g_free(dir);
	civil_buf_release(&path);
	civil_heat_free(h);
}
END_TEST

Suite *suite_model(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, weights_by_name);
	tcase_add_test(tc, bad_files_name_file_and_line);
	tcase_add_test(tc, c_and_the_training_script_agree);
	suite_add_tcase(s, tc);
	return s;
}
