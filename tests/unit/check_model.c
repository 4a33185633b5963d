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

/* The model's text made into the table the build installs, at PATH, as
 * scripts/heat-model-table makes it. */
static void write_table(const char *text_path, const char *preamble,
			const char *path)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf table = CIVIL_BUF_INIT;
	struct heat_model *m = NULL;

	ck_assert_msg(!civil_heat_model_load(text_path, &m, &err), "%s",
		      err.message);
	civil_heat_model_table(m, preamble, &table);
	ck_assert(
		g_file_set_contents(path, table.buf, (gssize)table.len, NULL));
	civil_heat_model_free(m);
	civil_buf_release(&table);
}

/* The shipped model, mapped as its table, weighs every feature as its
 * text does, to the bit; what neither knows weighs nothing in both. */
/* The defaults of civil.threshold and civil.review are the levels make
 * model computed for the model that ships, which its header says: a new
 * model with the old levels would tag at a precision nobody measured. */
START_TEST(the_levels_are_the_models)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	struct civil_buf path = CIVIL_BUF_INIT;
	double tag = -1, review = -1;
	char line[512], *dir;
	FILE *f;

	ck_assert_ptr_nonnull(lexicon);
	dir = g_path_get_dirname(lexicon);
	civil_buf_addf(&path, "%s/heat.model", dir);
	f = fopen(path.buf, "r");
	ck_assert_msg(f != NULL, "%s", path.buf);
	while (fgets(line, sizeof(line), f) && line[0] == '#') {
		const char *at = strstr(line, "levels tag ");

		if (at)
			ck_assert_int_eq(sscanf(at, "levels tag %lf review %lf",
						&tag, &review),
					 2);
	}
	fclose(f);
	ck_assert_msg(tag > 0, "%s: no levels line", path.buf);
	ck_assert_msg(fabs(CIVIL_HEAT_THRESHOLD - 5 * tag) < 0.006,
		      "CIVIL_HEAT_THRESHOLD %.2f, the model's tag level %.3f",
		      CIVIL_HEAT_THRESHOLD, tag);
	ck_assert_msg(fabs(CIVIL_HEAT_REVIEW - 5 * review) < 0.006,
		      "CIVIL_HEAT_REVIEW %.2f, the model's review level %.3f",
		      CIVIL_HEAT_REVIEW, review);
	civil_buf_release(&path);
	g_free(dir);
}
END_TEST

START_TEST(table_weighs_as_the_text)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	struct civil_buf text = CIVIL_BUF_INIT, table = CIVIL_BUF_INIT;
	struct heat_model *a = NULL, *b = NULL;
	civil_error_t err = CIVIL_ERROR_INIT;
	char line[4096], first[128];
	char *dir;
	FILE *f;
	int n = 0;

	ck_assert_ptr_nonnull(lexicon);
	dir = g_path_get_dirname(lexicon);
	civil_buf_addf(&text, "%s/heat.model", dir);
	civil_buf_addf(&table, "%s/heat.table", unit_tmpdir());
	write_table(text.buf, "# SPDX-License-Identifier: GPL-3.0-only\n",
		    table.buf);
	ck_assert_int_eq(civil_heat_model_load(text.buf, &a, &err), 0);
	ck_assert_msg(!civil_heat_model_load(table.buf, &b, &err), "%s",
		      err.message);
	for (int k = 0; k < HEAT_HEADS; k++)
		ck_assert_double_eq(civil_heat_model_bias(a, k),
				    civil_heat_model_bias(b, k));
	f = fopen(text.buf, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f)) {
		double wa[HEAT_HEADS], wb[HEAT_HEADS];
		char *name = strchr(line, ' ');
		uint64_t hash;

		if (line[0] == '#' || !strncmp(line, "bias ", 5) || !name ||
		    !(name = strchr(name + 1, ' ')))
			continue;
		name++;
		name[strcspn(name, "\r\n")] = '\0';
		hash = civil_heat_model_name_hash(name);
		ck_assert(civil_heat_model_weights(a, hash, wa));
		ck_assert_msg(civil_heat_model_weights(b, hash, wb), "%s",
			      name);
		for (int k = 0; k < HEAT_HEADS; k++)
			ck_assert_double_eq(wa[k], wb[k]);
		n++;
	}
	fclose(f);
	ck_assert_int_gt(n, 1000);
	{
		double w[HEAT_HEADS];

		ck_assert(!civil_heat_model_weights(
			b, civil_heat_feat_hash("w:no-such-word-here", 19), w));
	}
	/* The licence line goes first, as in the text. */
	f = fopen(table.buf, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(first, sizeof(first), f));
	fclose(f);
	ck_assert_str_eq(first, "# SPDX-License-Identifier: GPL-3.0-only\n");
	civil_heat_model_free(a);
	civil_heat_model_free(b);
	g_free(dir);
	civil_buf_release(&text);
	civil_buf_release(&table);
}
END_TEST

/* A table that is cut short, made with another hash, or of sizes civil
 * never makes is refused with the file's name, never read past its end
 * or walked for ever. */
START_TEST(bad_tables_name_the_file)
{
	static const struct {
		const char *from, *to, *why;
		long cut;
	} bad[] = {
		{ NULL, NULL, "cut short", 1 },
		{ "16 ", "16  ", "not the size", 0 },
		{ "524288 1 ", "524288 1 1", "another civil's hash", 0 },
		{ "table 1 16 ", "table 1 12 ", "sizes civil does not make",
		  0 },
		{ "table 1 16 ", "table 1 32 ", "not the size", 0 },
		{ " c012000000000000", " x", "sizes and biases", 0 },
		{ " c012000000000000", " 7ff8000000000000", "biases no text",
		  0 },
		{ "c002000000000000", "c002000000000000 1", "more than", 0 },
		{ "\n", "", "does not end", 0 },
	};
	const char *dir = unit_tmpdir();
	struct civil_buf text = CIVIL_BUF_INIT, table = CIVIL_BUF_INIT;
	struct heat_model *m = NULL;
	gchar *good;
	gsize len;

	unit_write(dir, "hand.model",
		   "civil-heat-model 2\nbias -4.5 -2.25\n1.5 0.25 "
		   "insult@person\n");
	civil_buf_addf(&text, "%s/hand.model", dir);
	civil_buf_addf(&table, "%s/hand.table", dir);
	write_table(text.buf, "# hand\n", table.buf);
	ck_assert(g_file_get_contents(table.buf, &good, &len, NULL));
	/* Its line, as written: the sizes, the hash's check, the biases. */
	ck_assert_msg(
		strstr(good, "civil-heat-table 1 16 524288 1 ") &&
			strstr(good, " c012000000000000 c002000000000000\n"),
		"%s", good);
	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		civil_error_t err = CIVIL_ERROR_INIT;
		GString *b = g_string_new_len(good, (gssize)len);
		const char *at;

		if (bad[i].from) {
			at = strstr(b->str, bad[i].from);
			if (!strcmp(bad[i].from, "\n"))
				at = strstr(b->str, "civil-heat-table");
			ck_assert_ptr_nonnull(at);
			if (!strcmp(bad[i].from, "\n"))
				g_string_truncate(b, (gsize)(at - b->str) + 30);
			else {
				gsize pos = (gsize)(at - b->str);

				g_string_erase(b, (gssize)pos,
					       (gssize)strlen(bad[i].from));
				g_string_insert(b, (gssize)pos, bad[i].to);
			}
		} else
			g_string_truncate(b, b->len - (gsize)bad[i].cut);
		ck_assert(g_file_set_contents(table.buf, b->str, (gssize)b->len,
					      NULL));
		ck_assert_int_eq(civil_heat_model_load(table.buf, &m, &err),
				 CIVIL_STATUS_CONFIG_ERROR);
		ck_assert_ptr_null(m);
		ck_assert_msg(strstr(err.message, table.buf) &&
				      strstr(err.message, bad[i].why),
			      "%zu: %s", i, err.message);
		civil_error_clear(&err);
		g_string_free(b, TRUE);
	}
	/* Weights whose bits are NaN (no text makes them) weigh nothing,
	 * rather than making every score NaN. */
	{
		GString *b = g_string_new_len(good, (gssize)len);
		double w[HEAT_HEADS];

		for (gsize slot = b->len - 16 * 16; slot < b->len; slot += 16)
			memset(b->str + slot + 8, 0xff, 8);
		ck_assert(g_file_set_contents(table.buf, b->str, (gssize)b->len,
					      NULL));
		ck_assert_int_eq(civil_heat_model_load(table.buf, &m, NULL), 0);
		ck_assert(civil_heat_model_weights(
			m, civil_heat_feat_hash("insult@person", 13), w));
		ck_assert_double_eq(w[HEAT_HEAD_HEATED], 0);
		ck_assert_double_eq(w[HEAT_HEAD_HARSH], 0);
		civil_heat_model_free(m);
		g_string_free(b, TRUE);
	}
	/* A model with no weights makes a table that loads and knows
	 * nothing. */
	unit_write(dir, "empty.model", "civil-heat-model 2\nbias 1 2\n");
	civil_buf_reset(&text);
	civil_buf_addf(&text, "%s/empty.model", dir);
	write_table(text.buf, "", table.buf);
	ck_assert_int_eq(civil_heat_model_load(table.buf, &m, NULL), 0);
	ck_assert_double_eq(civil_heat_model_bias(m, HEAT_HEAD_HARSH), 2);
	{
		double w[HEAT_HEADS];

		ck_assert(!civil_heat_model_weights(
			m, civil_heat_feat_hash("insult@person", 13), w));
	}
	civil_heat_model_free(m);
	g_free(good);
	civil_buf_release(&text);
	civil_buf_release(&table);
}
END_TEST

Suite *suite_model(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, weights_by_name);
	tcase_add_test(tc, bad_files_name_file_and_line);
	tcase_add_test(tc, c_and_the_training_script_agree);
	tcase_add_test(tc, the_levels_are_the_models);
	tcase_add_test(tc, table_weighs_as_the_text);
	tcase_add_test(tc, bad_tables_name_the_file);
	suite_add_tcase(s, tc);
	return s;
}
