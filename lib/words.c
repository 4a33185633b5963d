// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * words.c - a sentence of mail as the heat scorer sees it: its words,
 * lower-cased, with code kept apart (identifiers, calls, paths, numbers
 * and addresses are never words, so kill(), panic_on_oops or
 * dumb_buffer_create never count), and what each word refers to when it
 * is a pronoun or names a thing, so that target.c can tell whom a cue is
 * aimed at.
 *
 * The model is trained on what this file and features.c make of text
 * (scripts/heat-features), so a change here wants `make model` again.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

/* Character classes, looked up per byte in the inner loop. */
enum { CODE = 1, STRIP = 2 };
static unsigned char char_class[256];

static bool code_char(unsigned char c)
{
	return char_class[c] & CODE;
}

static bool strip_char(unsigned char c)
{
	return char_class[c] & STRIP;
}

/* An identifier, call, path, number, address or URL is not a word. */
static bool is_code(const char *s, size_t n)
{
	bool lower_seen = false;

	if (n > HEAT_MAX_WORD)
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

struct ref_word {
	const char *word;
	enum heat_ref ref;
};

/* Pronouns and the things kernel mail talks about (sorted once, for
 * looking up by hash, words.c's ref_table). */
static struct ref_word ref_words[] = {
	{ "abi", REF_NOUN },
	{ "anybody", REF_PEOPLE },
	{ "anyone", REF_PEOPLE },
	{ "api", REF_NOUN },
	{ "approach", REF_NOUN },
	{ "author", REF_PEOPLE },
	{ "authors", REF_PEOPLE },
	{ "benchmark", REF_NOUN },
	{ "benchmarks", REF_NOUN },
	{ "binding", REF_NOUN },
	{ "bindings", REF_NOUN },
	{ "bios", REF_NOUN },
	{ "board", REF_NOUN },
	{ "bug", REF_NOUN },
	{ "build", REF_NOUN },
	{ "changelog", REF_NOUN },
	{ "chip", REF_NOUN },
	{ "clang", REF_NOUN },
	{ "code", REF_NOUN },
	{ "comment", REF_NOUN },
	{ "commit", REF_NOUN },
	{ "compiler", REF_NOUN },
	{ "config", REF_NOUN },
	{ "datasheet", REF_NOUN },
	{ "design", REF_NOUN },
	{ "developer", REF_PEOPLE },
	{ "developers", REF_PEOPLE },
	{ "device", REF_NOUN },
	{ "devices", REF_NOUN },
	{ "doc", REF_NOUN },
	{ "docs", REF_NOUN },
	{ "documentation", REF_NOUN },
	{ "driver", REF_NOUN },
	{ "drivers", REF_NOUN },
	{ "everybody", REF_PEOPLE },
	{ "everyone", REF_PEOPLE },
	{ "firmware", REF_NOUN },
	{ "folks", REF_PEOPLE },
	{ "format", REF_NOUN },
	{ "framework", REF_NOUN },
	{ "function", REF_NOUN },
	{ "gcc", REF_NOUN },
	{ "guy", REF_PEOPLE },
	{ "guys", REF_PEOPLE },
	{ "hack", REF_NOUN },
	{ "hardware", REF_NOUN },
	{ "he", REF_THIRD },
	{ "he's", REF_THIRD },
	{ "her", REF_YOUR },
	{ "herself", REF_THIRD },
	{ "him", REF_THIRD },
	{ "himself", REF_THIRD },
	{ "his", REF_YOUR },
	{ "i", REF_ME },
	{ "i'd", REF_ME },
	{ "i'll", REF_ME },
	{ "i'm", REF_ME },
	{ "i've", REF_ME },
	{ "idea", REF_NOUN },
	{ "im", REF_ME },
	{ "implementation", REF_NOUN },
	{ "interface", REF_NOUN },
	{ "it", REF_THING },
	{ "it's", REF_THING },
	{ "its", REF_THING },
	{ "kernel", REF_NOUN },
	{ "layout", REF_NOUN },
	{ "library", REF_NOUN },
	{ "logic", REF_NOUN },
	{ "macro", REF_NOUN },
	{ "maintainer", REF_PEOPLE },
	{ "maintainers", REF_PEOPLE },
	{ "me", REF_ME },
	{ "mine", REF_ME },
	{ "my", REF_ME },
	{ "myself", REF_ME },
	{ "naming", REF_NOUN },
	{ "our", REF_ME },
	{ "ourselves", REF_ME },
	{ "output", REF_NOUN },
	{ "patch", REF_SUBMISSION },
	{ "patches", REF_SUBMISSION },
	{ "patchset", REF_SUBMISSION },
	{ "patchsets", REF_SUBMISSION },
	{ "people", REF_PEOPLE },
	{ "program", REF_NOUN },
	{ "protocol", REF_NOUN },
	{ "reviewer", REF_PEOPLE },
	{ "reviewers", REF_PEOPLE },
	{ "script", REF_NOUN },
	{ "series", REF_SUBMISSION },
	{ "she", REF_THIRD },
	{ "she's", REF_THIRD },
	{ "software", REF_NOUN },
	{ "solution", REF_NOUN },
	{ "somebody", REF_PEOPLE },
	{ "someone", REF_PEOPLE },
	{ "spec", REF_NOUN },
	{ "specification", REF_NOUN },
	{ "struct", REF_NOUN },
	{ "structure", REF_NOUN },
	{ "stuff", REF_NOUN },
	{ "submitter", REF_PEOPLE },
	{ "submission", REF_SUBMISSION },
	{ "subsystem", REF_NOUN },
	{ "syntax", REF_NOUN },
	{ "system", REF_NOUN },
	{ "test", REF_NOUN },
	{ "tests", REF_NOUN },
	{ "that", REF_THING },
	{ "that's", REF_THING },
	{ "these", REF_THING },
	{ "thing", REF_NOUN },
	{ "things", REF_NOUN },
	{ "this", REF_THING },
	{ "those", REF_THING },
	{ "tool", REF_NOUN },
	{ "tools", REF_NOUN },
	{ "u", REF_YOU },
	{ "ur", REF_YOUR },
	{ "us", REF_ME },
	{ "version", REF_NOUN },
	{ "warning", REF_NOUN },
	{ "warnings", REF_NOUN },
	{ "we", REF_ME },
	{ "we'd", REF_ME },
	{ "we'll", REF_ME },
	{ "we're", REF_ME },
	{ "we've", REF_ME },
	{ "which", REF_THING },
	{ "whoever", REF_PEOPLE },
	{ "workaround", REF_NOUN },
	{ "you", REF_YOU },
	{ "you'd", REF_YOU },
	{ "you'll", REF_YOU },
	{ "you're", REF_YOU },
	{ "you've", REF_YOU },
	{ "youre", REF_YOU },
	{ "your", REF_YOUR },
	{ "yours", REF_YOUR },
	{ "yourself", REF_YOU },
	{ "yourselves", REF_YOU },
};

/* The ref words, found by the hash each word gets anyway (add_word):
 * open addressing, a power of two of slots, filled once. */
#define REF_SLOTS 512
static struct {
	uint64_t hash; /* 0: a free slot */
	const struct ref_word *r;
} ref_table[REF_SLOTS];

/* Once, before any thread scores. */
static void words_setup(void)
{
	for (size_t i = 0; i < sizeof(ref_words) / sizeof(ref_words[0]); i++) {
		const char *w = ref_words[i].word;
		uint64_t h = civil_heat_word_hash(w, strlen(w));
		size_t k = h & (REF_SLOTS - 1);

		while (ref_table[k].hash)
			k = (k + 1) & (REF_SLOTS - 1);
		ref_table[k].hash = h;
		ref_table[k].r = &ref_words[i];
	}
	for (const char *c = "_()[]{}<>=\\#$%^&|~@`+"; *c; c++)
		char_class[(unsigned char)*c] |= CODE;
	for (const char *c = "\"'()[]{}<>*_.,;:!?~`"; *c; c++)
		char_class[(unsigned char)*c] |= STRIP;
}

/* The tables are filled by the first civil_heat_new, whichever thread
 * it runs in; two at once must not fill them twice over each other. */
void civil_heat_words_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, words_setup);
}

static enum heat_ref ref_of(const char *w, uint64_t hash)
{
	for (size_t k = hash & (REF_SLOTS - 1); ref_table[k].hash;
	     k = (k + 1) & (REF_SLOTS - 1))
		if (ref_table[k].hash == hash &&
		    !strcmp(ref_table[k].r->word, w))
			return ref_table[k].r->ref;
	return REF_NONE;
}

/* Acronym runs (ACPI PCI MSI) are not shouting; a run with these in it
 * is. */
static const char *const shout_words[] = {
	"very",	  "should", "must",    "never",	   "always", "every", "still",
	"really", "only",   "nothing", "anything", "please", "stop",  "why",
	"i",	  "a",	    "the",     "is",	   "not",    "you",   "this",
	"that",	  "are",    "do",      "don't",	   "dont",   "what",  "no",
	"and",	  "or",	    "it",      "we",	   "your",   "my",    "to",
	"of",	  "in",	    "for",     "with",	   "be",     "have",  "has",
	"will",	  "can",    "can't",   "read",	   "all",    "was",   "again",
	"wrong",  "now",    "just",    "did",	   "does",   "am",    NULL,
};

static bool in_list(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return true;
	return false;
}

static void add_word(GArray *words, const char *s, size_t n, bool brk,
		     bool clause)
{
	struct heat_word w; /* every field set below: a word is 80 bytes */
	bool any_lower = false;
	size_t letters = 0;
	size_t j = 0;

	/* The hash the features look the word up by, made here, once. */
	for (size_t i = 0; i < n && j < HEAT_MAX_WORD; i++) {
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
	w.hash = civil_heat_word_hash(w.lower, j);
	w.code = false;
	w.quoted = false;
	w.src = s;
	w.src_len = n;
	w.brk = brk;
	w.clause = clause;
	w.upper = !any_lower && letters > 0;
	/* Only capitals can shout. */
	w.shout_word = w.upper && in_list(w.lower, shout_words);
	w.ref = (unsigned char)ref_of(w.lower, w.hash);
	g_array_append_val(words, w);
}

static void add_code(GArray *words, const char *s, size_t n, bool clause)
{
	struct heat_word w = { 0 };

	w.src = s;
	w.src_len = n;
	w.brk = true;
	w.clause = clause;
	w.code = true;
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

/* "patch.So" or "try.What": two sentences a missing space glued
 * together, not an identifier.  The dot, or NULL. */
static const char *glued_sentences(const char *a, const char *b)
{
	const char *p = a;

	while (p < b && islower((unsigned char)*p))
		p++;
	if (p - a < 2 || p + 2 >= b || *p != '.' ||
	    !isupper((unsigned char)p[1]))
		return NULL;
	for (const char *q = p + 2; q < b; q++)
		if (!islower((unsigned char)*q))
			return NULL;
	return p;
}

/* One whitespace-separated token [a, b) of a sentence ending at end. */
static void heat_split_token(GArray *words, const char *a, const char *b,
			     const char *end, bool *brk_io, bool *clause_io)
{
	const char *s = b, *dot;
	bool brk = *brk_io, clause = *clause_io;

	/* A dash between words starts a clause: "fine -- idiot". */
	if (b - a <= 2 && strspn(a, "-") == (size_t)(b - a)) {
		brk = clause = true;
		goto done;
	}
	if (looks_like_code(a, b)) {
		add_code(words, a, (size_t)(b - a), clause);
		brk = true;
		clause = b < end && strchr(",;:!?", b[-1]);
		goto done;
	}
	/* Leading and trailing punctuation is not part of a word;
	 * punctuation inside a sentence breaks a phrase. */
	while (a < b && strip_char((unsigned char)*a))
		a++, brk = true;
	while (b > a && strip_char((unsigned char)b[-1]))
		b--;
	if (a == b) {
		brk = true;
		goto done;
	}
	if ((dot = glued_sentences(a, b))) {
		add_word(words, a, (size_t)(dot - a), brk, clause);
		add_word(words, dot + 1, (size_t)(b - dot - 1), true, true);
		brk = b < s && strchr(",;:!?", *b);
		clause = brk;
		goto done;
	}
	if (is_code(a, (size_t)(b - a))) {
		add_code(words, a, (size_t)(b - a), clause);
		brk = true;
		clause = b < s && strchr(",;:!?", *b);
		goto done;
	}
	/* '-' and '/' join words: brain-dead, and/or. */
	for (const char *p = a, *q; p < b; p = q + 1) {
		q = p;
		while (q < b && *q != '-' && *q != '/')
			q++;
		if (q > p)
			add_word(words, p, (size_t)(q - p), brk, clause);
		brk = clause = false;
	}
	brk = b < s && strchr(",;:!?", *b);
	clause = brk;
done:
	*brk_io = brk;
	*clause_io = clause;
}

/* Does the token open or close a quotation: " ' or the curly marks?  A
 * parenthesis before the mark is common: commit ("subject"). */
static bool opens_quote(const char *a, const char *b)
{
	while (a < b && (*a == '(' || *a == '['))
		a++;
	return b > a &&
	       (*a == '"' || *a == '\'' ||
		(b - a >= 3 && (unsigned char)a[0] == 0xe2 &&
		 (unsigned char)a[1] == 0x80 &&
		 ((unsigned char)a[2] == 0x9c || (unsigned char)a[2] == 0x98)));
}

static bool closes_quote(const char *a, const char *b)
{
	while (b > a && strchr(".,;:!?)", b[-1]))
		b--;
	return b > a && (b[-1] == '"' || b[-1] == '\'' ||
			 (b - a >= 3 && (unsigned char)b[-3] == 0xe2 &&
			  (unsigned char)b[-2] == 0x80 &&
			  ((unsigned char)b[-1] == 0x9d ||
			   (unsigned char)b[-1] == 0x99)));
}

/* Words between quotation marks are a mention ("who cares" is what he
 * said), not the sender's tone.  A quotation never closed is not one. */
static void mark_quoted(GArray *words, guint from, const char *a, const char *b,
			bool *open, guint *opened_at)
{
	bool opens = !*open && opens_quote(a, b);
	bool closes = closes_quote(a, b);

	if (opens) {
		*open = true;
		*opened_at = from;
	}
	for (guint k = from; k < words->len; k++)
		g_array_index(words, struct heat_word, k).quoted = *open;
	if (closes && *open && (words->len > from || !opens))
		*open = false;
}

void civil_heat_split_words(const char *s, size_t n, GArray *words)
{
	const char *end = s + n;
	bool brk = true, clause = true, open = false;
	guint opened_at = 0;

	while (s < end) {
		const char *a, *b;
		guint from = words->len;

		while (s < end && isspace((unsigned char)*s))
			s++;
		a = s;
		while (s < end && !isspace((unsigned char)*s))
			s++;
		b = s;
		if (a == b)
			break;
		heat_split_token(words, a, b, end, &brk, &clause);
		mark_quoted(words, from, a, b, &open, &opened_at);
	}
	if (open)
		for (guint k = opened_at; k < words->len; k++)
			g_array_index(words, struct heat_word, k).quoted =
				false;
}
