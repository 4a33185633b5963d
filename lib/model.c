// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * model.c - the learned layer of the heat scorer: a linear model over
 * the words and word pairs of a passage, read from a weights file
 * (data/heat.model, written by scripts/heat_model.py).
 *
 * The file is text, one phrase a line ("0.8123 you idiot"), so every
 * weight can be read, explained and added to: a passage's logit is the
 * model's bias plus the weights of the distinct phrases in it, and a
 * flag names the phrases that carried it.  Two more lines say how the
 * logit becomes heat: "scale A" and "offset B", heat = A * (logit - B)
 * when that is positive.  heat.c decides where it applies: short
 * messages, passages where the lexicon found a cue.
 *
 * The lexicon names the file ("model heat.model"), so a user's lexicon
 * can name another or switch it off ("model none").
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

struct heat_model {
	GHashTable *weights; /* phrase -> index + 1 in values */
	GStringChunk *store; /* the phrases */
	GArray *values;	     /* double */
	double bias, scale, offset;
};

void heat_model_free(struct heat_model *m)
{
	if (!m)
		return;
	g_hash_table_destroy(m->weights);
	g_string_chunk_free(m->store);
	g_array_free(m->values, TRUE);
	g_free(m);
}

/* A number as the script writes it: "-1.9795", "0.5". */
static bool parse_number(const char *s, double *out)
{
	char *end;

	*out = g_ascii_strtod(s, &end);
	return end != s && !*end && isfinite(*out);
}

/* "WEIGHT PHRASE", or "bias", "scale", "offset" and a number. */
static civil_status_t model_line(struct heat_model *m, char *line,
				 const char *path, int lineno,
				 civil_error_t *err)
{
	char *sp = strchr(line, ' ');
	double v;

	if (!sp || !sp[1])
		goto bad;
	*sp = '\0';
	if (!strcmp(line, "bias") || !strcmp(line, "scale") ||
	    !strcmp(line, "offset")) {
		if (!parse_number(sp + 1, &v))
			goto bad;
		*(line[0] == 'b'   ? &m->bias
		  : line[0] == 's' ? &m->scale
				   : &m->offset) = v;
		return CIVIL_STATUS_SUCCESS;
	}
	if (!parse_number(line, &v) || strlen(sp + 1) > 2 * HEAT_MAX_WORD + 1)
		goto bad;
	g_array_append_val(m->values, v);
	g_hash_table_insert(m->weights, g_string_chunk_insert(m->store, sp + 1),
			    GUINT_TO_POINTER(m->values->len));
	return CIVIL_STATUS_SUCCESS;
bad:
	return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
			       "%s:%d: not a model line (WEIGHT PHRASE, or "
			       "bias, scale or offset and a number)",
			       path, lineno);
}

civil_status_t heat_model_load(const char *path, struct heat_model **out,
			       civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	struct heat_model *m;
	civil_status_t st;
	int lineno = 0;

	*out = NULL;
	st = civil_file_read(path, &text, err);
	if (st)
		return st;
	m = g_new0(struct heat_model, 1);
	m->weights = g_hash_table_new(g_str_hash, g_str_equal);
	m->store = g_string_chunk_new(65536);
	m->values = g_array_new(FALSE, FALSE, sizeof(double));
	m->scale = 1.0;
	for (char *p = text.buf; p && *p && !st;) {
		char *line = p, *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (!*line || *line == '#')
			continue;
		st = model_line(m, line, path, lineno, err);
	}
	civil_buf_release(&text);
	if (st) {
		heat_model_free(m);
		return st;
	}
	*out = m;
	return CIVIL_STATUS_SUCCESS;
}

/* The weight of one phrase, and the phrase as the table keeps it (so
 * that equal phrases are one pointer). */
static const char *lookup(const struct heat_model *m, const char *gram,
			  double *w)
{
	gpointer key, value;

	if (!g_hash_table_lookup_extended(m->weights, gram, &key, &value))
		return NULL;
	*w = g_array_index(m->values, double, GPOINTER_TO_UINT(value) - 1);
	return key;
}

static void add_gram(const struct heat_model *m, const char *gram,
		     const struct heat_word *from, const struct heat_word *to,
		     double factor, GArray *out)
{
	struct heat_gram g;

	g.phrase = lookup(m, gram, &g.weight);
	if (!g.phrase || g.weight == 0)
		return;
	g.aimed = g.weight > 0 ? g.weight * factor : g.weight;
	for (guint i = 0; i < out->len; i++)
		if (g_array_index(out, struct heat_gram, i).phrase == g.phrase)
			return; /* once a sentence */
	g.src = from->src;
	g.src_len = (size_t)(to->src + to->src_len - from->src);
	g_array_append_val(out, g);
}

void heat_model_grams(const struct heat_model *m, const struct heat_word *v,
		      size_t n, const double *factor, GArray *out)
{
	char pair[2 * HEAT_MAX_WORD + 2];

	for (size_t k = 0; k < n; k++) {
		if (v[k].code)
			continue;
		add_gram(m, v[k].lower, &v[k], &v[k], factor[k], out);
		if (k && !v[k - 1].code && !v[k].brk) {
			size_t a = strlen(v[k - 1].lower);

			memcpy(pair, v[k - 1].lower, a);
			pair[a] = ' ';
			strcpy(pair + a + 1, v[k].lower);
			add_gram(m, pair, &v[k - 1], &v[k],
				 MIN(factor[k - 1], factor[k]), out);
		}
	}
}

/* Is phrase among the phrases of the sentences before s? */
static bool seen_before(const GArray *const *sents, size_t s,
			const char *phrase)
{
	for (size_t k = 0; k < s; k++)
		for (guint i = 0; i < sents[k]->len; i++)
			if (g_array_index(sents[k], struct heat_gram, i)
				    .phrase == phrase)
				return true;
	return false;
}

double heat_model_logit(const struct heat_model *m, const GArray *const *sents,
			size_t n, bool aimed)
{
	double logit = m->bias;

	/* A sentence holds each phrase once (heat_model_grams); a passage
	 * is a few sentences of a few weighted phrases each. */
	for (size_t s = 0; s < n; s++)
		for (guint i = 0; i < sents[s]->len; i++) {
			const struct heat_gram *g =
				&g_array_index(sents[s], struct heat_gram, i);

			if (!seen_before(sents, s, g->phrase))
				logit += aimed ? g->aimed : g->weight;
		}
	return logit;
}

double heat_model_heat(const struct heat_model *m, double logit)
{
	double h = m->scale * (logit - m->offset);

	return h > 0 ? h : 0;
}

double heat_model_bias(const struct heat_model *m)
{
	return m->bias;
}

double heat_model_scale(const struct heat_model *m)
{
	return m->scale;
}
