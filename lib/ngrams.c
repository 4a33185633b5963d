// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ngrams.c - the word and character n-grams of a text, counted, and what
 * the heat model's weights make of them.
 *
 * This is the model's main part (issue 29): a plain word + character
 * n-gram model ranked heated mail better than every hand-made feature
 * civil had, so civil computes exactly that, in C.  A text's grams are
 *
 *   - each word (its lower case; "<code>" for an identifier, path or
 *     number; "<name>" for a word of a person's name), and each pair of
 *     words next to each other in a sentence;
 *   - the 3, 4 and 5 byte pieces of each word padded with a space on
 *     both sides (" you ", " yo", "you ", ...), names and code excepted.
 *
 * Each gram's count c becomes 1 + ln c, and the whole vector is scaled
 * to unit length, as scikit-learn's sublinear_tf and l2 norm do; the
 * norm counts every gram, known to the model or not, so the training
 * script (scripts/heat_model.py, fed by scripts/heat-features.c, which
 * calls this file) and civil agree to the last bit that matters.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"

/* Salts, so that a word, a pair and a piece of a word never share a
 * hash with each other or with a cue's name. */
#define CHAR_SALT 0x5bd1e9955bd1e995ull

static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* A count's weight: 1 + ln c (most grams are seen once: no log). */
static double tf(uint32_t c)
{
	return c == 1 ? 1.0 : 1 + log((double)c);
}

void civil_heat_grams_init(struct heat_grams *g)
{
	memset(g, 0, sizeof(*g));
}

void civil_heat_grams_release(struct heat_grams *g)
{
	free(g->key);
	free(g->count);
	free(g->used);
	memset(g, 0, sizeof(*g));
}

void civil_heat_grams_reset(struct heat_grams *g)
{
	for (size_t i = 0; i < g->n; i++)
		g->key[g->used[i]] = 0;
	g->n = 0;
}

static void put(struct heat_grams *g, uint64_t hash, uint32_t count);

static void grow_to(struct heat_grams *g, size_t cap);

void civil_heat_grams_reserve(struct heat_grams *g, size_t n)
{
	size_t cap = 256;

	/* Past 64k slots (1 MB) the table grows as grams come, as before:
	 * a huge message has far fewer distinct grams than bytes. */
	while (cap / 2 < n && cap < ((size_t)1 << 16))
		cap *= 2;
	if (cap > g->cap)
		grow_to(g, cap);
}

static void grow(struct heat_grams *g)
{
	grow_to(g, g->cap ? g->cap * 2 : 256);
}

static void grow_to(struct heat_grams *g, size_t cap)
{
	struct heat_grams old = *g;

	g->cap = cap;
	g->key = calloc(g->cap, sizeof(*g->key));
	g->count = malloc(g->cap * sizeof(*g->count));
	/* n stays under cap / 2 (put), so half the slots' indices do */
	g->used = malloc(g->cap / 2 * sizeof(*g->used));
	if (!g->key || !g->count || !g->used)
		abort();
	g->n = 0;
	for (size_t i = 0; i < old.n; i++)
		put(g, old.key[old.used[i]], old.count[old.used[i]]);
	free(old.key);
	free(old.count);
	free(old.used);
}

/* Add count to hash's count (open addressing; 0 is a free slot). */
static void put(struct heat_grams *g, uint64_t hash, uint32_t count)
{
	size_t i;

	if (!hash)
		hash = 1;
	if ((g->n + 1) * 2 > g->cap)
		grow(g);
	for (i = hash & (g->cap - 1); g->key[i]; i = (i + 1) & (g->cap - 1))
		if (g->key[i] == hash) {
			g->count[i] += count;
			return;
		}
	g->key[i] = hash;
	g->count[i] = count;
	g->used[g->n++] = (uint32_t)i;
}

void civil_heat_grams_merge(struct heat_grams *into,
			    const struct heat_grams *from)
{
	for (size_t i = 0; i < from->n; i++)
		put(into, from->key[from->used[i]], from->count[from->used[i]]);
}

bool civil_heat_is_name(const struct heat_names *names, uint64_t word)
{
	if (!names)
		return false;
	for (size_t i = 0; i < names->n; i++)
		if (names->word[i] == word)
			return true;
	return false;
}

/* A capitalised word after an initial ("Phillip K. Dick") is a
 * surname, whoever it names. */
static bool after_initial(const struct heat_word *v, size_t i)
{
	const struct heat_word *w = &v[i], *p = i ? &v[i - 1] : NULL;

	return p && p->src_len == 1 && p->upper && w->src_len > 1 &&
	       w->src[0] >= 'A' && w->src[0] <= 'Z' && !w->upper;
}

/* The hash a word stands for in the grams. */
static uint64_t token(const struct heat_word *v, size_t i,
		      const struct heat_names *names)
{
	const struct heat_word *w = &v[i];

	static uint64_t code_hash, name_hash;

	if (!code_hash) {
		/* Racy but idempotent: every thread writes the same. */
		code_hash = civil_heat_word_hash("<code>", 6);
		name_hash = civil_heat_word_hash("<name>", 6);
	}
	if (w->code || !w->lower[0])
		return code_hash;
	return civil_heat_is_name(names, w->hash) || after_initial(v, i)
		       ? name_hash
		       : w->hash;
}

/* Each gram of the words v, through fn, with the word it belongs to (a
 * pair to both of its words, half each). */
typedef void (*gram_fn)(uint64_t hash, size_t word, double share, void *arg);

static void each_gram(const struct heat_word *v, size_t n,
		      const struct heat_names *names, gram_fn fn, void *arg)
{
	uint64_t prev = 0;

	for (size_t i = 0; i < n; i++) {
		const struct heat_word *w = &v[i];
		uint64_t t = token(v, i, names);
		char pad[HEAT_MAX_WORD + 3];
		size_t len;

		fn(civil_heat_unigram_hash(t), i, 1, arg);
		if (i) {
			uint64_t b = civil_heat_bigram_hash(prev, t);

			fn(b, i - 1, 0.5, arg);
			fn(b, i, 0.5, arg);
		}
		prev = t;
		if (t != w->hash)
			continue;
		len = strlen(w->lower);
		pad[0] = ' ';
		memcpy(pad + 1, w->lower, len);
		pad[len + 1] = ' ';
		len += 2;
		for (size_t a = 0; a + 3 <= len; a++) {
			uint64_t h = 0xcbf29ce484222325ull;

			for (size_t b = a; b < len && b < a + 5; b++) {
				h ^= (unsigned char)pad[b];
				h *= 0x100000001b3ull;
				if (b >= a + 2)
					fn(mix(h ^ CHAR_SALT), i, 1, arg);
			}
		}
	}
}

struct pair_count {
	struct heat_grams *g;
	bool second;
};

static void count_gram(uint64_t hash, size_t word, double share, void *arg)
{
	struct pair_count *pc = arg;

	(void)word;
	if (share == 1) {
		put(pc->g, hash, 1);
	} else {
		/* Each pair comes twice: counted at its first half. */
		if (!pc->second)
			put(pc->g, hash, 1);
		pc->second = !pc->second;
	}
}

void civil_heat_grams_add(struct heat_grams *g, const struct heat_word *v,
			  size_t n, const struct heat_names *names)
{
	struct pair_count pc = { g, false };

	each_gram(v, n, names, count_gram, &pc);
}

static uint32_t count_of(const struct heat_grams *g, uint64_t hash)
{
	if (!hash)
		hash = 1;
	if (!g->cap)
		return 0;
	for (size_t i = hash & (g->cap - 1); g->key[i];
	     i = (i + 1) & (g->cap - 1))
		if (g->key[i] == hash)
			return g->count[i];
	return 0;
}

struct share {
	const struct heat_grams *g;
	const struct heat_model *m;
	int head;
	double norm;
	double *out;
};

static void share_one(uint64_t hash, size_t word, double share, void *arg)
{
	struct share *sh = arg;
	double w[HEAT_HEADS];
	uint32_t c = count_of(sh->g, hash);

	if (!c || !civil_heat_model_weights(sh->m, hash, w))
		return;
	/* The gram's part of the logit, shared among its occurrences. */
	sh->out[word] += share * w[sh->head] * (1 + log((double)c)) /
			 sh->norm / c;
}

void civil_heat_grams_by_word(const struct heat_grams *g,
			      const struct heat_word *v, size_t n,
			      const struct heat_names *names,
			      const struct heat_model *m, int head,
			      double *out)
{
	struct share sh = { g, m, head, civil_heat_grams_norm(g), out };

	for (size_t i = 0; i < n; i++)
		out[i] = 0;
	if (sh.norm && m)
		each_gram(v, n, names, share_one, &sh);
}

double civil_heat_grams_norm(const struct heat_grams *g)
{
	double sum = 0;

	for (size_t i = 0; i < g->n; i++) {
		double x = tf(g->count[g->used[i]]);

		sum += x * x;
	}
	return sqrt(sum);
}

void civil_heat_grams_dot(const struct heat_grams *g,
			  const struct heat_model *m, double z[HEAT_HEADS])
{
	double norm = civil_heat_grams_norm(g);

	for (int k = 0; k < HEAT_HEADS; k++)
		z[k] = 0;
	if (!norm || !m)
		return;
	for (size_t j = 0; j < g->n; j++) {
		size_t i = g->used[j];
		double w[HEAT_HEADS], x;

		if (!civil_heat_model_weights(m, g->key[i], w))
			continue;
		x = tf(g->count[i]) / norm;
		for (int k = 0; k < HEAT_HEADS; k++)
			z[k] += w[k] * x;
	}
}

static bool letter(unsigned char c)
{
	return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static void add_name(struct heat_names *names, const char *w, size_t n)
{
	char lower[HEAT_MAX_WORD + 1];
	uint64_t h;

	if (n < 2 || n > HEAT_MAX_WORD || names->n >= HEAT_MAX_NAMES)
		return;
	for (size_t i = 0; i < n; i++)
		lower[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] + 32 : w[i]);
	h = civil_heat_word_hash(lower, n);
	if (!civil_heat_is_name(names, h))
		names->word[names->n++] = h;
}

/* The words of the display names in an address header ("Dick Kennedy
 * <dick.kennedy@example.com>, "Doe, Jane" <jd@example.org>"): what is
 * inside <> and any chunk with an @ in it is an address, not a name. */
void civil_heat_names_add(struct heat_names *names, const char *s)
{
	const char *p = s;

	while (p && *p) {
		const char *chunk = p, *end;
		bool address = false;

		if (*p == '<') {
			end = strchr(p, '>');
			p = end ? end + 1 : p + strlen(p);
			continue;
		}
		while (*p && *p != ' ' && *p != ',' && *p != '<' && *p != '"' &&
		       *p != '\t' && *p != '\n')
			address |= *p++ == '@';
		end = p;
		if (p == chunk) {
			p++;
			continue;
		}
		if (address)
			continue;
		/* Its words: "Jean-Philippe" is both words and the whole. */
		for (const char *w = chunk; w < end;) {
			const char *e = w;

			while (e < end && letter((unsigned char)*e))
				e++;
			add_name(names, w, (size_t)(e - w));
			w = e < end ? e + 1 : e;
		}
		if (memchr(chunk, '-', (size_t)(end - chunk)))
			add_name(names, chunk, (size_t)(end - chunk));
	}
}

bool civil_heat_feat_is_name(const struct heat_feat *f,
			     const struct heat_word *v, size_t n,
			     const struct heat_names *names)
{
	if (!f->nw)
		return false;
	for (size_t i = f->w0; i < (size_t)f->w0 + f->nw && i < n; i++)
		if (civil_heat_is_name(names, v[i].hash) || after_initial(v, i))
			return true;
	return false;
}
