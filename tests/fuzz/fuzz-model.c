// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-model - the heat model's two forms (lib/model.c): its text, and
 * the table the build makes of it and civil maps.  The input's first byte
 * chooses; the rest is a model's text.
 *
 * Oracles:
 *   - a file that is refused is refused with one line naming it
 *     (CIVIL_STATUS_CONFIG_ERROR, or FILE_ERROR for what can't be read);
 *   - a text that loads makes a table that loads, with the same biases
 *     and, for every name the text has (each line's rest after two
 *     words, and each word), the same weights, found or not alike;
 *   - (first byte odd) the table with bytes of the input written over it
 *     (its line, the filter's first words, its last slots, and maybe
 *     its end cut off): refused as above, or loads
 *     and looks any name up in bounded time to a finite weight.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "civil.h"
#include "heat.h"
#include "util.h"
#include "oracle.h"
#include "scratch.h"

static const char *path;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	path = fuzz_scratch_file("fuzz-model", "heat.model");
	return 0;
}

/* Load what path holds; on a refusal, check how it was said. */
static struct heat_model *load(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct heat_model *m = NULL;
	civil_status_t st = civil_heat_model_load(path, &m, &err);

	if (st) {
		ORACLE(m == NULL);
		ORACLE(st == CIVIL_STATUS_CONFIG_ERROR ||
		       st == CIVIL_STATUS_FILE_ERROR);
		ORACLE(strstr(err.message, path) != NULL);
		ORACLE(!strchr(err.message, '\n'));
		civil_error_clear(&err);
		return NULL;
	}
	ORACLE(m != NULL);
	return m;
}

/* The names worth looking up in text: each line's rest after its two
 * first words (what a weight line names), and every word. */
static void names(const char *text, GPtrArray *out)
{
	gchar **lines = g_strsplit(text, "\n", -1);

	for (gchar **l = lines; *l; l++) {
		gchar **words = g_strsplit(*l, " ", 3);

		if (words[0] && words[1] && words[2])
			g_ptr_array_add(out, g_strdup(words[2]));
		for (gchar **w = words; *w; w++)
			g_ptr_array_add(out, g_strdup(*w));
		g_strfreev(words);
	}
	g_strfreev(lines);
}

static void same_weights(const struct heat_model *a, const struct heat_model *b,
			 GPtrArray *v)
{
	for (int k = 0; k < HEAT_HEADS; k++)
		ORACLE(civil_heat_model_bias(a, k) ==
		       civil_heat_model_bias(b, k));
	for (guint i = 0; i < v->len; i++) {
		const char *n = g_ptr_array_index(v, i);
		uint64_t h = civil_heat_feat_hash(n, strlen(n));
		double wa[HEAT_HEADS], wb[HEAT_HEADS];
		bool fa = civil_heat_model_weights(a, h, wa);

		ORACLE(fa == civil_heat_model_weights(b, h, wb));
		for (int k = 0; k < HEAT_HEADS; k++)
			ORACLE(wa[k] == wb[k]);
	}
}

static void finite_weights(const struct heat_model *m, GPtrArray *v)
{
	for (int k = 0; k < HEAT_HEADS; k++)
		ORACLE(isfinite(civil_heat_model_bias(m, k)));
	for (guint i = 0; i < v->len; i++) {
		const char *n = g_ptr_array_index(v, i);
		double w[HEAT_HEADS];

		civil_heat_model_weights(m, civil_heat_feat_hash(n, strlen(n)),
					 w);
		for (int k = 0; k < HEAT_HEADS; k++)
			ORACLE(isfinite(w[k]));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct civil_buf table = CIVIL_BUF_INIT;
	struct heat_model *text_model, *table_model;
	GPtrArray *v;
	char *text;
	bool mangle;

	if (!len)
		return 0;
	mangle = data[0] & 1;
	fuzz_scratch_write(data + 1, len - 1);
	text_model = load();
	if (!text_model)
		return 0;
	text = g_strndup((const char *)data + 1, len - 1);
	v = g_ptr_array_new_with_free_func(g_free);
	names(text, v);
	civil_heat_model_table(text_model, "# fuzz\n", &table);
	if (mangle) {
		/* Pairs of (where, byte): an even where is within 256
		 * bytes of the table line's start (the line, the filter's
		 * first words), an odd one in the last 64 (the last slots). */
		const char *line = strstr(table.buf, "civil-heat-table");
		size_t at = line ? (size_t)(line - table.buf) : 0;

		for (size_t i = 1; i + 1 < len - 1; i += 2) {
			size_t where = at + data[1 + i] * 8u % 256;

			if (data[1 + i] & 1)
				where = table.len - 1 - data[1 + i + 1] % 64;
			if (where < table.len)
				table.buf[where] = (char)data[1 + i + 1];
		}
		if (data[len - 1] & 2)
			table.len -= data[len - 1] % 8; /* cut short */
	}
	fuzz_scratch_write(table.buf, table.len);
	table_model = load();
	if (!mangle) {
		ORACLE(table_model != NULL);
		same_weights(text_model, table_model, v);
	} else if (table_model)
		finite_weights(table_model, v);
	civil_heat_model_free(table_model);
	civil_heat_model_free(text_model);
	civil_buf_release(&table);
	g_ptr_array_free(v, TRUE);
	g_free(text);
	return 0;
}
