// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lexicon.c - heat.lexicon: weighted phrases, read from a data file the
 * user can add to, and matched against the words of a sentence.
 *
 * A phrase is lower-case words; "word*" matches any word starting so;
 * "<you>" matches you, you're, your, yourself...; "<any>" matches any one
 * word.  A phrase that speaks to "you" is aimed at a person whatever is
 * around it; any other cue's target is found from its context
 * (target.c).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

#define MAX_PHRASE   8 /* words in one lexicon phrase */
#define MAX_CATEGORY 31

enum slot { SLOT_NONE = 0, SLOT_YOU, SLOT_ANY };

/*
 * One lexicon line; its words live in store.  Entries sharing a first word
 * (or, for a prefix, its first three letters; or the <you> slot) are
 * chained in file order.
 */
struct heat_entry {
	struct heat_entry *next;
	const char *words[MAX_PHRASE];
	bool prefix[MAX_PHRASE];
	unsigned char slot[MAX_PHRASE];
	size_t n;
	double weight;
	bool ignore;
	bool says_you;
	uint64_t
		key; /* civil_heat_word_hash of its first word, or its 3 letters */
	char category[MAX_CATEGORY + 1];
	const char *phrase; /* as the lexicon wrote it, for learned weights */
	char store[];
};

/*
 * The lexicon is read in every hook run, so it is built cheaply: entries
 * come from a few large blocks freed together, and the tables point into
 * them rather than owning copies.
 */
struct block {
	struct block *next;
	size_t used, size;
	max_align_t data[];
};

static void *heat_alloc(civil_heat_t *h, size_t n)
{
	struct block *b = h->blocks;
	void *p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	if (!b || b->size - b->used < n) {
		size_t size = n > 32768 ? n : 32768;

		b = calloc(1, sizeof(*b) + size);
		if (!b)
			abort();
		b->size = size;
		b->next = h->blocks;
		h->blocks = b;
	}
	p = (char *)b->data + b->used;
	b->used += n;
	return p;
}

static bool same_phrase(const heat_entry_t *a, const heat_entry_t *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->prefix[i] != b->prefix[i] || a->slot[i] != b->slot[i] ||
		    strcmp(a->words[i], b->words[i]))
			return false;
	return true;
}

static void index_entry(civil_heat_t *h, heat_entry_t *e)
{
	GHashTable *t = e->prefix[0] ? h->prefix3 : h->exact;
	heat_entry_t *old, *last = NULL;

	/* Keyed by the hash words.c gives every word of a sentence: a
	 * sentence's words are looked up without hashing them again.  Two
	 * words of one hash share a chain; word_matches tells them apart. */
	e->key = civil_heat_word_hash(e->words[0],
				      e->prefix[0] ? 3 : strlen(e->words[0]));
	for (old = g_hash_table_lookup(t, &e->key); old; old = old->next) {
		/* Said again: the later file wins. */
		if (same_phrase(old, e)) {
			old->weight = e->weight;
			memcpy(old->category, e->category, sizeof(e->category));
			old->ignore = e->ignore;
			return; /* e stays in its block, unused */
		}
		last = old;
	}
	if (last)
		last->next = e;
	else
		g_hash_table_insert(t, &e->key, e);
}

/* "2", "0.5", "12.25": digits with an optional fraction, 0 to 100.  (Not
 * strtod: that was a tenth of a hook run's instructions.) */
static bool parse_weight(const char *s, double *out)
{
	double w = 0, scale = 1;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++)
		w = w * 10 + (*p - '0');
	if (p == s)
		return false;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			w += (*p - '0') * (scale /= 10);
	*out = w;
	return !*p && w <= 100;
}

static enum slot slot_of(const char *w, size_t n)
{
	if (n == 5 && !memcmp(w, "<you>", 5))
		return SLOT_YOU;
	if (n == 5 && !memcmp(w, "<any>", 5))
		return SLOT_ANY;
	return SLOT_NONE;
}

/* "WEIGHT CATEGORY word word*" -> entry, or NULL with *why set.  Runs
 * for every lexicon line in every hook run, so it splits in place. */
static heat_entry_t *parse_entry(civil_heat_t *h, char *line, const char **why)
{
	char *tok[2 + MAX_PHRASE], *w;
	size_t ntok = 0, len[2 + MAX_PHRASE], size = 0;
	heat_entry_t *e;
	double weight;

	for (char *p = line;;) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		if (ntok == 2 + MAX_PHRASE) {
			*why = "phrase too long (8 words at most)";
			return NULL;
		}
		tok[ntok] = p;
		p += len[ntok] = strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
		ntok++;
	}
	if (!ntok || !parse_weight(tok[0], &weight)) {
		*why = "weight must be a number from 0 to 100";
		return NULL;
	}
	if (ntok < 2) {
		*why = "missing category";
		return NULL;
	}
	if (len[1] > MAX_CATEGORY) {
		*why = "category too long";
		return NULL;
	}
	if (ntok < 3) {
		*why = "missing phrase";
		return NULL;
	}
	if (slot_of(tok[2], len[2]) == SLOT_ANY) {
		*why = "a phrase cannot start with <any>";
		return NULL;
	}
	for (size_t i = 2; i < ntok; i++) {
		size_t n = len[i];
		bool prefix = n && tok[i][n - 1] == '*';

		if (tok[i][0] == '<' && !slot_of(tok[i], n)) {
			*why = "unknown slot (<you> and <any> are known)";
			return NULL;
		}
		if (prefix && n - 1 < 3) {
			*why = "a prefix needs 3 letters or more";
			return NULL;
		}
		if (prefix)
			n--;
		if (!n || n > HEAT_MAX_WORD) {
			*why = "bad word";
			return NULL;
		}
		size += n + 1;
	}
	/* The words again, as written ("<you> idiot*"), once per entry. */
	for (size_t i = 2; i < ntok; i++)
		size += len[i] + 1;
	e = heat_alloc(h, sizeof(*e) + size);
	e->weight = weight;
	memcpy(e->category, tok[1], len[1]);
	e->ignore = !strcmp(tok[1], "ignore");
	w = e->store;
	for (size_t i = 2; i < ntok; i++) {
		size_t n = len[i];

		e->slot[e->n] = (unsigned char)slot_of(tok[i], n);
		e->prefix[e->n] = tok[i][n - 1] == '*';
		if (e->prefix[e->n])
			n--;
		for (size_t k = 0; k < n; k++)
			w[k] = (char)tolower((unsigned char)tok[i][k]);
		e->says_you |= e->slot[e->n] == SLOT_YOU || !strcmp(w, "you") ||
			       !strcmp(w, "you're") || !strcmp(w, "your") ||
			       !strcmp(w, "yourself");
		e->words[e->n++] = w;
		w += n + 1;
	}
	e->phrase = w;
	for (size_t i = 2; i < ntok; i++) {
		for (size_t k = 0; k < len[i]; k++)
			*w++ = (char)tolower((unsigned char)tok[i][k]);
		*w++ = i + 1 < ntok ? ' ' : '\0';
	}
	return e;
}

/* "model FILE": the heat model's weights (model.c), FILE relative to the
 * lexicon's own directory; "model none" switches it off.  The last such
 * line of the last lexicon wins. */
static civil_status_t use_model(civil_heat_t *h, const char *lexicon,
				const char *arg, int lineno, civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	struct heat_model *m = NULL;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	const char *slash = strrchr(lexicon, '/');
	size_t n;

	arg += strspn(arg, " \t");
	n = strcspn(arg, " \t");
	if (!n || arg[n + strspn(arg + n, " \t")])
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s:%d: model takes one file name, "
				       "or none",
				       lexicon, lineno);
	if (n != 4 || memcmp(arg, "none", 4)) {
		if (arg[0] != '/' && slash)
			civil_buf_add(&path, lexicon,
				      (size_t)(slash - lexicon + 1));
		civil_buf_add(&path, arg, n);
		st = civil_heat_model_load(path.buf, &m, err);
	}
	if (!st) {
		civil_heat_model_free(h->model);
		h->model = m;
	}
	civil_buf_release(&path);
	return st;
}

static civil_status_t load_lexicon(civil_heat_t *h, const char *path,
				   civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	civil_status_t st;
	char *line;
	int lineno = 0;

	st = civil_file_read(path, &text, err);
	if (st)
		return st;
	/* strtok_r skips empty lines, so count them by hand. */
	for (char *p = text.buf; p && *p;) {
		char *nl = strchr(p, '\n');
		const char *why = NULL;
		heat_entry_t *e;

		if (nl)
			*nl = '\0';
		lineno++;
		line = p;
		p = nl ? nl + 1 : NULL;
		line[strcspn(line, "#\r")] = '\0';
		if (!line[strspn(line, " \t")])
			continue;
		if (!strncmp(line, "model", 5) && strchr(" \t", line[5])) {
			st = use_model(h, path, line + 5, lineno, err);
			if (st)
				break;
			continue;
		}
		e = parse_entry(h, line, &why);
		if (!e) {
			st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
					     "%s:%d: %s", path, lineno, why);
			break;
		}
		index_entry(h, e);
	}
	civil_buf_release(&text);
	return st;
}

civil_status_t civil_heat_lexicon_load(civil_heat_t *h, const char *path,
				       civil_error_t *err)
{
	if (!h->exact) {
		h->exact = g_hash_table_new(g_int64_hash, g_int64_equal);
		h->prefix3 = g_hash_table_new(g_int64_hash, g_int64_equal);
	}
	return load_lexicon(h, path, err);
}

void civil_heat_lexicon_free(civil_heat_t *h)
{
	civil_heat_model_free(h->model);
	h->model = NULL;
	if (h->exact)
		g_hash_table_destroy(h->exact);
	if (h->prefix3)
		g_hash_table_destroy(h->prefix3);
	while (h->blocks) {
		struct block *next = h->blocks->next;

		free(h->blocks);
		h->blocks = next;
	}
}

/* ---- matching ---- */

static bool word_matches(const heat_entry_t *e, size_t k,
			 const struct heat_word *w)
{
	switch (e->slot[k]) {
	case SLOT_YOU:
		return w->ref == REF_YOU || w->ref == REF_YOUR;
	case SLOT_ANY:
		return !w->code;
	default:
		break;
	}
	if (e->prefix[k])
		return !strncmp(w->lower, e->words[k], strlen(e->words[k]));
	return !strcmp(w->lower, e->words[k]);
}

static bool entry_matches_at(const heat_entry_t *e, const struct heat_word *v,
			     size_t i, size_t n)
{
	if (i + e->n > n)
		return false;
	for (size_t k = 0; k < e->n; k++) {
		if (k > 0 && v[i + k].brk)
			return false;
		if (!word_matches(e, k, &v[i + k]))
			return false;
	}
	return true;
}

static void consider(const heat_entry_t *e, const struct heat_word *v, size_t i,
		     size_t n, const heat_entry_t **best)
{
	for (; e; e = e->next) {
		if (!entry_matches_at(e, v, i, n))
			continue;
		/* Longest wins; on a tie, "ignore" does. */
		if (!*best || e->n > (*best)->n ||
		    (e->n == (*best)->n && e->ignore))
			*best = e;
	}
}

const heat_entry_t *civil_heat_lexicon_match(const civil_heat_t *h,
					     const struct heat_word *v,
					     size_t i, size_t n)
{
	const heat_entry_t *best = NULL;
	uint64_t key3, you;

	if (v[i].code)
		return NULL;
	consider(g_hash_table_lookup(h->exact, &v[i].hash), v, i, n, &best);
	if (v[i].ref == REF_YOU || v[i].ref == REF_YOUR) {
		you = civil_heat_word_hash("<you>", 5);
		consider(g_hash_table_lookup(h->exact, &you), v, i, n, &best);
	}
	if (v[i].lower[0] && v[i].lower[1] && v[i].lower[2]) {
		key3 = civil_heat_word_hash(v[i].lower, 3);
		consider(g_hash_table_lookup(h->prefix3, &key3), v, i, n,
			 &best);
	}
	return best;
}

size_t civil_heat_entry_len(const heat_entry_t *e)
{
	return e->n;
}

double civil_heat_entry_weight(const heat_entry_t *e)
{
	return e->weight;
}

const char *civil_heat_entry_category(const heat_entry_t *e)
{
	return e->category;
}

bool civil_heat_entry_ignored(const heat_entry_t *e)
{
	return e->ignore;
}

const char *civil_heat_entry_phrase(const heat_entry_t *e)
{
	return e->phrase;
}

bool civil_heat_entry_says_you(const heat_entry_t *e)
{
	return e->says_you;
}
