// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * model.c - the heat model's weights (data/heat.model, made by `make
 * model`, scripts/heat_model.py): two linear heads over a sentence's
 * features (features.c), one for heated against the rest, one for harsh
 * (heated or sharp) against calm.
 *
 * The file is text, so every weight can be read and checked:
 *
 *   civil-heat-model 2
 *   bias -5.1020 -3.2200
 *   1.8300 0.9100 insult@person
 *   0.4100 0.1200 s:you-subject
 *   ...
 *
 * one line a feature, its weights for the two heads, then its name (the
 * rest of the line).  Lines starting with '#' say where the weights came
 * from.  Scoring looks weights up by the hash of a feature's name.
 *
 * The lexicon names the file ("model heat.model"), so a user's lexicon
 * can name another.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

#define MODEL_MAGIC "civil-heat-model 2"

struct weight {
	uint64_t hash; /* 0: a free slot */
	float w[HEAT_HEADS];
};

/* Bits of the filter in front of the table: 64 KB, which stays in the
 * cache, where the table (2 MB) does not.  Most words and pairs of words
 * a sentence has are not in the model; for nine in ten of those the
 * filter answers, without the cache miss a probe of the table costs. */
#define FILTER_BITS (1u << 19)

struct heat_model {
	struct weight *slots; /* open addressing, a power of two */
	size_t mask;
	uint64_t *filter; /* FILTER_BITS: a bit a hash's top bits name */
	double bias[HEAT_HEADS];
};

static inline size_t filter_bit(uint64_t hash)
{
	return (size_t)(hash >> 45) & (FILTER_BITS - 1);
}

void civil_heat_model_free(struct heat_model *m)
{
	if (!m)
		return;
	free(m->slots);
	free(m->filter);
	free(m);
}

/* A number as the script writes it: "-1.9795", "0.5", at most six
 * digits before the point.  Not strtod: it was most of a hook run's
 * instructions when the model is read for the tone check. */
static bool parse_number(const char *s, const char **end, double *out)
{
	double v = 0, scale = 1;
	bool neg;
	const char *p;
	int digits = 0;

	while (*s == ' ')
		s++;
	neg = *s == '-';
	p = s + neg;
	for (; *p >= '0' && *p <= '9'; p++)
		if (++digits > 6)
			return false;
		else
			v = v * 10 + (*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			v += (*p - '0') * (scale /= 10);
	if (!digits)
		return false;
	*out = neg ? -v : v;
	*end = p;
	return true;
}

static void insert(struct heat_model *m, uint64_t hash, const double *w)
{
	size_t i;

	if (!hash)
		hash = 1; /* as features.c does */
	i = hash & m->mask;
	while (m->slots[i].hash && m->slots[i].hash != hash)
		i = (i + 1) & m->mask;
	m->slots[i].hash = hash;
	for (int k = 0; k < HEAT_HEADS; k++)
		m->slots[i].w[k] = (float)w[k];
	m->filter[filter_bit(hash) / 64] |= 1ull << (filter_bit(hash) % 64);
}

static civil_status_t parse(struct heat_model *m, char *text, const char *path,
			    civil_error_t *err)
{
	int lineno = 0;
	bool magic = false;

	for (char *p = text; p && *p;) {
		char *line = p, *nl = strchr(p, '\n');
		const char *q, *why = NULL;
		double w[HEAT_HEADS];

		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (!*line || *line == '#')
			continue;
		if (!magic) {
			if (strcmp(line, MODEL_MAGIC))
				why = "not a civil heat model (version 2)";
			magic = true;
		} else if (!strncmp(line, "bias ", 5)) {
			q = line + 4;
			for (int k = 0; k < HEAT_HEADS && !why; k++)
				if (!parse_number(q, &q, &m->bias[k]))
					why = "bias takes two numbers";
		} else {
			q = line;
			for (int k = 0; k < HEAT_HEADS && !why; k++)
				if (!parse_number(q, &q, &w[k]) || *q != ' ')
					why = "not WEIGHT WEIGHT NAME";
			if (!why && !q[1])
				why = "a weight without a name";
			if (!why)
				insert(m,
				       civil_heat_feat_hash(q + 1,
							    strlen(q + 1)),
				       w);
		}
		if (why)
			return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
					       "%s:%d: %s", path, lineno, why);
	}
	if (!magic)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s: empty, not a civil heat model",
				       path);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_heat_model_load(const char *path, struct heat_model **out,
				     civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	struct heat_model *m;
	civil_status_t st;
	size_t lines = 1, size = 16;

	*out = NULL;
	st = civil_file_read(path, &text, err);
	if (st)
		return st;
	if (memchr(text.buf, '\0', text.len)) {
		civil_buf_release(&text);
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s: a NUL byte: not a civil heat model",
				       path);
	}
	for (size_t i = 0; i < text.len; i++)
		lines += text.buf[i] == '\n';
	while (size < 2 * lines)
		size *= 2;
	m = calloc(1, sizeof(*m));
	if (!m || !(m->slots = calloc(size, sizeof(*m->slots))) ||
	    !(m->filter = calloc(FILTER_BITS / 64, sizeof(*m->filter))))
		abort();
	m->mask = size - 1;
	st = parse(m, text.buf, path, err);
	civil_buf_release(&text);
	if (st) {
		civil_heat_model_free(m);
		return st;
	}
	*out = m;
	return CIVIL_STATUS_SUCCESS;
}

bool civil_heat_model_weights(const struct heat_model *m, uint64_t hash,
			      double w[HEAT_HEADS])
{
	size_t i;

	if (!hash)
		hash = 1;
	if (m->filter[filter_bit(hash) / 64] &
	    (1ull << (filter_bit(hash) % 64)))
		for (i = hash & m->mask; m->slots[i].hash;
		     i = (i + 1) & m->mask)
			if (m->slots[i].hash == hash) {
				for (int k = 0; k < HEAT_HEADS; k++)
					w[k] = m->slots[i].w[k];
				return true;
			}
	for (int k = 0; k < HEAT_HEADS; k++)
		w[k] = 0;
	return false;
}

double civil_heat_model_bias(const struct heat_model *m, enum heat_head head)
{
	return m->bias[head];
}
