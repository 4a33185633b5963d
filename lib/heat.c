// SPDX-License-Identifier: GPL-2.0-only
/*
 * heat.c - how heated a message's own words are, and why.
 *
 * The score is transparent on purpose: a weighted lexicon (a data file,
 * heat.lexicon) plus a few signals no word list catches (shouting, "!!!",
 * insults aimed at "you").  Every point of a score comes with the sentence
 * and the words that earned it, so a reader can disagree with it.
 *
 * Only authored text is scored (message.c strips quotes, diffs and
 * signatures).  Code is skipped: lines that end like C statements, and
 * tokens that look like identifiers, calls, paths or addresses, so that
 * kill(), panic_on_oops or dumb_buffer_create never count.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "internal.h"

#define MAX_WORD    40 /* longer tokens are not words */
#define MAX_PHRASE  8  /* words in one lexicon phrase */
#define MAX_REASONS 32

#define MAX_CATEGORY 31

/*
 * One lexicon line; its words live in store.  Entries sharing a first word
 * (or, for a prefix, its first three letters) are chained in file order.
 */
struct entry {
	struct entry *next;
	const char *words[MAX_PHRASE];
	bool prefix[MAX_PHRASE];
	size_t n;
	double weight;
	bool ignore;
	char key3[4];
	char category[MAX_CATEGORY + 1];
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

struct civil_heat {
	struct block *blocks;
	GHashTable *exact;   /* first word -> first entry of its chain */
	GHashTable *prefix3; /* first 3 letters of a prefix word -> ... */
};

/* Character classes, looked up per byte in the scanner's inner loop. */
enum { CODE = 1, STRIP = 2 };
static unsigned char char_class[256];

static void init_classes(void)
{
	for (const char *c = "_()[]{}<>=\\#$%^&|~@`+"; *c; c++)
		char_class[(unsigned char)*c] |= CODE;
	for (const char *c = "\"'()[]{}<>*_.,;:!?~`"; *c; c++)
		char_class[(unsigned char)*c] |= STRIP;
}

/* ---- the lexicon ---- */

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

static bool same_phrase(const struct entry *a, const struct entry *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->prefix[i] != b->prefix[i] ||
		    strcmp(a->words[i], b->words[i]))
			return false;
	return true;
}

static void index_entry(civil_heat_t *h, struct entry *e)
{
	GHashTable *t = e->prefix[0] ? h->prefix3 : h->exact;
	const char *k = e->words[0];
	struct entry *old, *last = NULL;

	if (e->prefix[0]) {
		memcpy(e->key3, e->words[0], 3);
		k = e->key3;
	}
	for (old = g_hash_table_lookup(t, k); old; old = old->next) {
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
		g_hash_table_insert(t, (char *)k, e);
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

/* "WEIGHT CATEGORY word word*" -> entry, or NULL with *why set.  Runs
 * for every lexicon line in every hook run, so it splits in place. */
static struct entry *parse_entry(civil_heat_t *h, char *line, const char **why)
{
	char *tok[2 + MAX_PHRASE], *w;
	size_t ntok = 0, len[2 + MAX_PHRASE], size = 0;
	struct entry *e;
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
	for (size_t i = 2; i < ntok; i++) {
		size_t n = len[i];
		bool prefix = n && tok[i][n - 1] == '*';

		if (prefix && n - 1 < 3) {
			*why = "a prefix needs 3 letters or more";
			return NULL;
		}
		if (prefix)
			n--;
		if (!n || n > MAX_WORD) {
			*why = "bad word";
			return NULL;
		}
		size += n + 1;
	}
	e = heat_alloc(h, sizeof(*e) + size);
	e->weight = weight;
	memcpy(e->category, tok[1], len[1]);
	e->ignore = !strcmp(tok[1], "ignore");
	w = e->store;
	for (size_t i = 2; i < ntok; i++) {
		size_t n = len[i];

		e->prefix[e->n] = tok[i][n - 1] == '*';
		if (e->prefix[e->n])
			n--;
		for (size_t k = 0; k < n; k++)
			w[k] = (char)tolower((unsigned char)tok[i][k]);
		e->words[e->n++] = w;
		w += n + 1;
	}
	return e;
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
		struct entry *e;

		if (nl)
			*nl = '\0';
		lineno++;
		line = p;
		p = nl ? nl + 1 : NULL;
		line[strcspn(line, "#\r")] = '\0';
		if (!line[strspn(line, " \t")])
			continue;
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

civil_status_t civil_heat_new(const char *const *lexicons, civil_heat_t **out,
			      civil_error_t *err)
{
	civil_heat_t *h = calloc(1, sizeof(*h));
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (!h)
		abort();
	if (!char_class['_'])
		init_classes();
	h->exact = g_hash_table_new(g_str_hash, g_str_equal);
	h->prefix3 = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; lexicons && lexicons[i] && !st; i++)
		st = load_lexicon(h, lexicons[i], err);
	if (st) {
		civil_heat_free(h);
		h = NULL;
	}
	*out = h;
	return st;
}

civil_status_t civil_heat_open(const char *extra, civil_heat_t **out,
			       civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT, user = CIVIL_BUF_INIT;
	const char *files[3] = { NULL, NULL, NULL };
	civil_status_t st;

	*out = NULL;
	st = civil_data_path("heat.lexicon", &path, err);
	if (st)
		goto done;
	files[0] = path.buf;
	if (extra && *extra) {
		civil_buf_adds(&user, extra);
		files[1] = user.buf;
	}
	st = civil_heat_new(files, out, err);
done:
	civil_buf_release(&path);
	civil_buf_release(&user);
	return st;
}

void civil_heat_free(civil_heat_t *h)
{
	if (!h)
		return;
	g_hash_table_destroy(h->exact);
	g_hash_table_destroy(h->prefix3);
	while (h->blocks) {
		struct block *next = h->blocks->next;

		free(h->blocks);
		h->blocks = next;
	}
	free(h);
}

/* ---- words ---- */

struct word {
	char lower[MAX_WORD + 1];
	const char *src; /* in the sentence, for quoting the match */
	size_t src_len;
	bool upper;	 /* ALL CAPS, two letters or more */
	bool shout_word; /* a common word: in capitals, it is shouting */
	bool you;
	bool me;
	bool brk; /* code or punctuation before it: phrases stop here */
};

static bool code_char(unsigned char c)
{
	return char_class[c] & CODE;
}

/* An identifier, call, path, number, address or URL is not a word. */
static bool is_code(const char *s, size_t n)
{
	bool lower_seen = false;

	if (n > MAX_WORD)
		return true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (code_char(c) || isdigit(c))
			return true;
		if (c == '.' || c == ':')
			return true; /* inside the token: foo.bar, a::b */
		if (islower(c))
			lower_seen = true;
		else if (isupper(c) && lower_seen)
			return true; /* camelCase */
	}
	return false;
}

static bool strip_char(unsigned char c)
{
	return char_class[c] & STRIP;
}

static bool in_list(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return true;
	return false;
}

static const char *const first_person[] = {
	"i",	"i'm", "im",   "me",   "my", "myself",
	"i've", "i'd", "i'll", "mine", NULL,
};

static const char *const second_person[] = {
	"you",	  "you're", "youre",  "your", "yours", "yourself", "yourselves",
	"you've", "you'd",  "you'll", "u",    "ur",    NULL,
};

/* Acronym runs (ACPI PCI MSI) are not shouting; a run with one of these
 * in it is. */
static const char *const shout_words[] = {
	"very",	  "should", "must",    "never",	   "always", "every", "still",
	"really", "only",   "nothing", "anything", "please", "stop",  "why",
	"i",	  "a",	    "the",     "is",	   "not",    "you",   "this",
	"that",	  "are",    "do",      "don't",	   "dont",   "why",   "what",
	"stop",	  "never",  "no",      "and",	   "or",     "it",    "we",
	"your",	  "my",	    "to",      "of",	   "in",     "for",   "with",
	"be",	  "have",   "has",     "will",	   "can",    "can't", "please",
	"read",	  "all",    "was",     "again",	   "wrong",  "now",   "just",
	"did",	  "does",   "am",      NULL,
};

static void add_word(GArray *words, const char *s, size_t n, bool brk)
{
	struct word w = { 0 };
	bool any_lower = false;
	size_t letters = 0;
	size_t j = 0;

	for (size_t i = 0; i < n && j < MAX_WORD; i++) {
		unsigned char c = (unsigned char)s[i];

		/* U+2019 RIGHT SINGLE QUOTATION MARK is an apostrophe. */
		if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
		    (unsigned char)s[i + 2] == 0x99) {
			w.lower[j++] = '\'';
			i += 2;
			continue;
		}
		if (islower(c))
			any_lower = true;
		if (isalpha(c))
			letters++;
		w.lower[j++] = (char)tolower(c);
	}
	w.lower[j] = '\0';
	w.src = s;
	w.src_len = n;
	w.brk = brk;
	w.upper = !any_lower && letters > 0;
	/* Only capitals can shout; only short words are pronouns. */
	w.shout_word = w.upper && in_list(w.lower, shout_words);
	w.you = j <= 10 && (w.lower[0] == 'y' || w.lower[0] == 'u') &&
		in_list(w.lower, second_person);
	w.me = j <= 6 && (w.lower[0] == 'i' || w.lower[0] == 'm') &&
	       in_list(w.lower, first_person);
	g_array_append_val(words, w);
}

/* "WTF::", "foo->bar", "f()", "https://": code even once punctuation is
 * stripped from the ends. */
static bool looks_like_code(const char *a, const char *b)
{
	for (const char *p = a; p + 1 < b; p++) {
		if ((p[0] == ':' && (p[1] == ':' || p[1] == '/')) ||
		    (p[0] == '-' && p[1] == '>') ||
		    (p[0] == '(' && p[1] == ')'))
			return true;
	}
	return false;
}

/* Split a sentence into words, marking where phrases must not run on. */
static void split_words(const char *s, size_t n, GArray *words)
{
	const char *end = s + n;
	bool brk = true;

	while (s < end) {
		const char *a, *b;

		while (s < end && isspace((unsigned char)*s))
			s++;
		a = s;
		while (s < end && !isspace((unsigned char)*s))
			s++;
		b = s;
		if (a == b)
			break;
		/* Leading and trailing punctuation is not part of a word;
		 * punctuation inside a sentence breaks a phrase. */
		/* "WTF::", "foo->bar", "f()" are code even once stripped. */
		if (looks_like_code(a, b)) {
			brk = true;
			continue;
		}
		while (a < b && strip_char((unsigned char)*a))
			a++, brk = true;
		while (b > a && strip_char((unsigned char)b[-1]))
			b--;
		if (a == b || is_code(a, (size_t)(b - a))) {
			brk = true;
			continue;
		}
		/* '-' and '/' join words: brain-dead, and/or. */
		for (const char *p = a, *q; p < b; p = q + 1) {
			q = p;
			while (q < b && *q != '-' && *q != '/')
				q++;
			if (q > p)
				add_word(words, p, (size_t)(q - p), brk);
			brk = false;
		}
		brk = b < s && strchr(",;:!?", *b);
	}
}

/* ---- matching ---- */

static bool word_matches(const struct entry *e, size_t k, const char *w)
{
	if (e->prefix[k])
		return !strncmp(w, e->words[k], strlen(e->words[k]));
	return !strcmp(w, e->words[k]);
}

static bool entry_matches_at(const struct entry *e, const struct word *v,
			     size_t i, size_t n)
{
	if (i + e->n > n)
		return false;
	for (size_t k = 0; k < e->n; k++) {
		if (k > 0 && v[i + k].brk)
			return false;
		if (!word_matches(e, k, v[i + k].lower))
			return false;
	}
	return true;
}

static void consider(const struct entry *e, const struct word *v, size_t i,
		     size_t n, const struct entry **best)
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

static const struct entry *
longest_match(const civil_heat_t *h, const struct word *v, size_t i, size_t n)
{
	const struct entry *best = NULL;
	char key[4] = { 0 };

	consider(g_hash_table_lookup(h->exact, v[i].lower), v, i, n, &best);
	if (strlen(v[i].lower) >= 3) {
		memcpy(key, v[i].lower, 3);
		consider(g_hash_table_lookup(h->prefix3, key), v, i, n, &best);
	}
	return best;
}

/* ---- scoring ---- */

struct sentence {
	size_t off, len; /* in the prose buffer */
	double score;
	guint first, n; /* its reasons in the found array */
};

static void add_reason(GArray *found, const char *signal, const char *match,
		       size_t match_len, double weight)
{
	civil_heat_reason_t r = { 0 };

	r.signal = strdup(signal);
	r.match = strndup(match, match_len);
	r.weight = weight;
	g_array_append_val(found, r);
}

static bool strong_category(const char *c)
{
	return !strcmp(c, "insult") || !strcmp(c, "contempt") ||
	       !strcmp(c, "profanity");
}

static double lexicon_hits(const civil_heat_t *h, const struct word *v,
			   size_t n, bool you, bool me, GArray *found)
{
	const struct entry *seen[MAX_REASONS];
	size_t n_seen = 0;
	double score = 0;

	for (size_t i = 0; i < n;) {
		const struct entry *e = longest_match(h, v, i, n);
		bool dup = false;

		if (!e) {
			i++;
			continue;
		}
		for (size_t j = 0; j < n_seen; j++)
			dup |= seen[j] == e;
		if (!e->ignore && e->weight > 0 && !dup &&
		    n_seen < MAX_REASONS) {
			const char *a = v[i].src;
			const char *b =
				v[i + e->n - 1].src + v[i + e->n - 1].src_len;
			double w = e->weight;

			if (you && strong_category(e->category))
				w *= 1.5;
			/* "I'm an idiot", "stupid me": said of oneself, it is
			 * not an insult. */
			else if (me && !strcmp(e->category, "insult"))
				w *= 0.25;
			add_reason(found, e->category, a, (size_t)(b - a), w);
			seen[n_seen++] = e;
			score += w;
		}
		i += e->n;
	}
	return score;
}

/* SHOUTING: three capitalised words in a row, one of them an ordinary
 * word (so that "ACPI PCI MSI" is not), in a sentence that has lower case
 * too or ends in '!' or '?' (so that a heading is not). */
static double shouting(const char *s, size_t len, const struct word *v,
		       size_t n, GArray *found)
{
	bool lower = false;

	for (size_t i = 0; i < n; i++)
		lower |= !v[i].upper;
	if (!lower && (!len || !strchr("!?", s[len - 1])))
		return 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		bool common = false;

		if (!v[i].upper) {
			i++;
			continue;
		}
		/* A common word of two letters or more: "I/O API" is not. */
		while (j < n && v[j].upper && (j == i || !v[j].brk)) {
			common |= v[j].shout_word && v[j].src_len >= 2;
			j++;
		}
		if (j - i >= 3 && common) {
			const char *b = v[j - 1].src + v[j - 1].src_len;

			add_reason(found, "shouting", v[i].src,
				   (size_t)(b - v[i].src), 1.5);
			return 1.5;
		}
		i = j;
	}
	return 0;
}

/* "!!", "?!", "??": exasperation, once a sentence. */
static double exclamation(const char *s, size_t len, GArray *found)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if ((s[i] == '!' || s[i] == '?') &&
		    (s[i + 1] == '!' || s[i + 1] == '?')) {
			size_t j = i;

			while (j < len && (s[j] == '!' || s[j] == '?'))
				j++;
			add_reason(found, "exclamation", s + i, j - i, 1.0);
			return 1.0;
		}
	}
	return 0;
}

/* One ordinary word in capitals in a sentence that is not shouting:
 * "it is NOT fine", "you SHOULD". */
static double emphasis(const struct word *v, size_t n, GArray *found)
{
	size_t caps = 0, lower = 0, hit = n;

	for (size_t i = 0; i < n; i++) {
		if (!v[i].upper)
			lower++;
		else if (v[i].src_len >= 3 && v[i].shout_word && ++caps)
			hit = i;
	}
	if (hit == n || caps > 2 || lower < 2)
		return 0;
	add_reason(found, "emphasis", v[hit].src, v[hit].src_len, 1.0);
	return 1.0;
}

static double score_sentence(const civil_heat_t *h, const char *s, size_t len,
			     GArray *found)
{
	GArray *words = g_array_new(FALSE, FALSE, sizeof(struct word));
	guint first = found->len;
	const struct word *v;
	bool you = false, me = false;
	double score;

	split_words(s, len, words);
	v = (const struct word *)(void *)words->data;
	for (size_t i = 0; i < words->len; i++) {
		you |= v[i].you;
		me |= v[i].me;
	}
	score = lexicon_hits(h, v, words->len, you, me, found);
	score += shouting(s, len, v, words->len, found);
	if (!score || found->len == first)
		score += emphasis(v, words->len, found);
	score += exclamation(s, len, found);
	for (guint i = first; i < found->len; i++)
		g_array_index(found, civil_heat_reason_t, i).aimed =
			you &&
			strong_category(
				g_array_index(found, civil_heat_reason_t, i)
					.signal);
	g_array_free(words, TRUE);
	return score;
}

/* A line of code in prose is not prose. */
static bool code_line(const char *l, size_t n)
{
	while (n && isspace((unsigned char)*l))
		l++, n--;
	while (n && isspace((unsigned char)l[n - 1]))
		n--;
	if (!n)
		return false;
	if (strchr(";{}", l[n - 1]))
		return true;
	if (l[0] == '#' && n > 1 && isalpha((unsigned char)l[1]))
		return true;
	if (n >= 2 &&
	    (!memcmp(l, "//", 2) || !memcmp(l, "/*", 2) || !memcmp(l, "*/", 2)))
		return true;
	return n >= 2 && (l[0] == '+' || l[0] == '-') && l[1] == '\t';
}

/* The prose of text: code lines dropped, each paragraph's lines joined
 * with spaces, paragraphs ended by '\n'.  Then its sentences: ended by
 * . ! ? and white space, or by the end of a paragraph. */
static void prose_sentences(const char *text, size_t len,
			    struct civil_buf *prose, GArray *out)
{
	const char *p = text, *end = text + len, *next;
	bool in_para = false;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next), i = 0;

		while (i < n && isspace((unsigned char)p[i]))
			i++;
		if (i == n) {
			if (in_para)
				civil_buf_addch(prose, '\n');
			in_para = false;
			continue;
		}
		if (code_line(p, n))
			continue;
		if (in_para)
			civil_buf_addch(prose, ' ');
		civil_buf_add(prose, p + i, n - i);
		in_para = true;
	}
	if (in_para)
		civil_buf_addch(prose, '\n');

	for (size_t a = 0, c = 0; c < prose->len; c++) {
		char ch = prose->buf[c];
		bool stop = ch == '\n';

		if (strchr(".!?", ch)) {
			while (c + 1 < prose->len &&
			       strchr(".!?", prose->buf[c + 1]))
				c++;
			stop = isspace((unsigned char)prose->buf[c + 1]);
			c += stop;
		}
		if (!stop)
			continue;
		while (a < c && isspace((unsigned char)prose->buf[a]))
			a++;
		if (c > a) {
			struct sentence st = { a, c - a, 0, 0, 0 };

			g_array_append_val(out, st);
		}
		a = c;
	}
}

static int by_double_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Heat is local: a message is as hot as its hottest passage of
 * PASSAGE_SENTENCES sentences in a row, the hottest of them counting
 * fully and each next one a little less.  One outburst is heat; cues
 * scattered over a long mail ("obviously" here, "annoying" three
 * paragraphs on) are not, and the whole mail scored as one sum made
 * every long proposal on a discussion list look heated. */
#define PASSAGE_SENTENCES 3

static double passage_heat(const struct sentence *v, size_t n)
{
	double best = 0;

	for (size_t i = 0; i < n; i++) {
		double in[PASSAGE_SENTENCES], sum = 0, weight = 1;
		size_t m = 0;

		for (size_t j = i; j < n && m < PASSAGE_SENTENCES; j++)
			in[m++] = v[j].score;
		qsort(in, m, sizeof(*in), by_double_desc);
		for (size_t k = 0; k < m && in[k] > 0; k++) {
			sum += in[k] * weight;
			weight *= 0.85;
		}
		if (sum > best)
			best = sum;
	}
	return best;
}

static int by_score_desc(const void *a, const void *b)
{
	const struct sentence *x = a, *y = b;

	return (x->score < y->score) - (x->score > y->score);
}

/* The sentence as a reader sees it: one line, not too long. */
static char *sentence_text(const char *s, size_t len)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	for (size_t i = 0; i < len && b.len < 200; i++)
		civil_buf_addch(&b, isspace((unsigned char)s[i]) ? ' ' : s[i]);
	if (b.len >= 200) {
		/* Don't cut a UTF-8 sequence in half. */
		while (b.len &&
		       ((unsigned char)b.buf[b.len - 1] & 0xc0) == 0x80)
			b.len--;
		if (b.len && (unsigned char)b.buf[b.len - 1] >= 0xc0)
			b.len--;
		b.buf[b.len] = '\0';
		civil_buf_adds(&b, "...");
	}
	return civil_buf_detach(&b);
}

void civil_heat_score_text(const civil_heat_t *h, const char *text, size_t len,
			   civil_heat_score_t *out)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	GArray *sent = g_array_new(FALSE, FALSE, sizeof(struct sentence));
	GArray *found = g_array_new(FALSE, FALSE, sizeof(civil_heat_reason_t));
	GArray *kept = g_array_new(FALSE, FALSE, sizeof(civil_heat_reason_t));

	memset(out, 0, sizeof(*out));
	prose_sentences(text, len, &prose, sent);
	for (guint i = 0; i < sent->len; i++) {
		struct sentence *s = &g_array_index(sent, struct sentence, i);

		s->first = found->len;
		s->score = score_sentence(h, prose.buf + s->off, s->len, found);
		s->n = found->len - s->first;
	}
	out->score = passage_heat((const struct sentence *)(void *)sent->data,
				  sent->len);
	/* Reasons come from every sentence that fired, hottest first. */
	if (sent->len)
		qsort(sent->data, sent->len, sizeof(struct sentence),
		      by_score_desc);
	for (guint i = 0; i < sent->len; i++) {
		struct sentence *s = &g_array_index(sent, struct sentence, i);

		if (s->score <= 0)
			break;
		for (guint k = s->first; k < s->first + s->n; k++) {
			civil_heat_reason_t *f =
				&g_array_index(found, civil_heat_reason_t, k);
			civil_heat_reason_t r = *f;

			/* Ownership moves to kept, or nowhere: either way
			 * found lets go of it. */
			f->signal = f->match = NULL;
			if (kept->len >= MAX_REASONS) {
				free(r.signal);
				free(r.match);
				continue;
			}
			r.sentence = sentence_text(prose.buf + s->off, s->len);
			g_array_append_val(kept, r);
		}
	}
	/* What is left belonged to sentences after the first calm one. */
	for (guint k = 0; k < found->len; k++) {
		free(g_array_index(found, civil_heat_reason_t, k).signal);
		free(g_array_index(found, civil_heat_reason_t, k).match);
	}
	out->n_reasons = kept->len;
	out->reasons = (civil_heat_reason_t *)(void *)g_array_free(kept, FALSE);
	out->score = round(out->score * 100) / 100;
	g_array_free(found, TRUE);
	g_array_free(sent, TRUE);
	civil_buf_release(&prose);
}

void civil_heat_score_release(civil_heat_score_t *s)
{
	for (size_t i = 0; i < s->n_reasons; i++) {
		free(s->reasons[i].signal);
		free(s->reasons[i].match);
		free(s->reasons[i].sentence);
	}
	g_free(s->reasons);
	memset(s, 0, sizeof(*s));
}

void civil_heat_reasons_line(const civil_heat_score_t *s, struct civil_buf *out)
{
	for (size_t i = 0; i < s->n_reasons; i++) {
		const civil_heat_reason_t *r = &s->reasons[i];

		civil_buf_addf(out, "%s%s '%s'%s", i ? "; " : "", r->signal,
			       r->match, r->aimed ? " (at a person)" : "");
	}
}

void civil_heat_score_message(const civil_heat_t *h, civil_message_t *msg,
			      civil_heat_score_t *out)
{
	const char *a;

	if (civil_message_kind(msg) == CIVIL_KIND_PATCH) {
		memset(out, 0, sizeof(*out));
		return;
	}
	a = civil_message_authored(msg);
	civil_heat_score_text(h, a, strlen(a), out);
}

static int by_date(const void *a, const void *b)
{
	const civil_heat_sample_t *x = a, *y = b;

	return (x->date > y->date) - (x->date < y->date);
}

void civil_thread_heat(const civil_heat_sample_t *v, size_t n, double threshold,
		       civil_thread_heat_t *out)
{
	civil_heat_sample_t *sorted = calloc(n ? n : 1, sizeof(*sorted));
	GHashTable *hot = g_hash_table_new(g_str_hash, g_str_equal);
	GHashTable *warm = g_hash_table_new(g_str_hash, g_str_equal);
	size_t warm_n = 0;
	double first = 0, second = 0;

	if (!sorted)
		abort();
	memset(out, 0, sizeof(*out));
	out->messages = n;
	if (n)
		memcpy(sorted, v, n * sizeof(*v));
	qsort(sorted, n, sizeof(*sorted), by_date);
	for (size_t i = 0; i < n; i++) {
		const civil_heat_sample_t *s = &sorted[i];
		const char *who = s->author ? s->author : "";

		if (s->score > out->peak)
			out->peak = s->score;
		if (s->score >= threshold) {
			out->heated++;
			g_hash_table_add(hot, (gpointer)who);
		}
		if (s->score >= threshold / 2) {
			warm_n++;
			g_hash_table_add(warm, (gpointer)who);
		}
		if (i < n / 2)
			first += s->score;
		else
			second += s->score;
	}
	out->people = g_hash_table_size(hot);
	if (n >= 4)
		out->escalating = second / (double)(n - n / 2) >
				  first / (double)(n / 2) + threshold / 6;
	out->is_heated = out->heated > 0 ||
			 (warm_n >= 3 && g_hash_table_size(warm) >= 2);
	g_hash_table_destroy(hot);
	g_hash_table_destroy(warm);
	free(sorted);
}
