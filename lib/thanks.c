// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thanks.c - is a reply a maintainer's "applied" notice rather than a
 * review?  "Applied, thanks!" from b4 ty, "Queued for 6.9", "Pulled,
 * thanks." in answer to a pull request: the patch is taken, nothing in it
 * is judged, and the code's reminder has no business there.
 *
 * Read from the sender's own words (quotes, attribution and signature
 * already gone): the first thing said, after a greeting or a thank-you,
 * is that the patch was applied (queued, merged, pulled, picked up), in
 * a sentence that is neither a question nor negated; what else there is
 * is the summary such a note carries (b4's "[1/2] subject" and "commit:"
 * lines, links, a tree and branch, a sign-off) and a few words more.  A
 * verdict (Reviewed-by, NAK) or a quoted diff makes any reply a review;
 * message.c looks at those first.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

/* Words of the note itself beyond which it is a review that happens to
 * start with "applied". */
#define MAX_WORDS 100
/* Words of a clause looked at before its verb. */
#define MAX_BEFORE 8

static bool in(const char *word, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(word, *set))
			return true;
	return false;
}

/* What a maintainer did with the patch. */
static const char *const taken[] = {
	"applied", "applying",	"queued", "queueing", "queuing",
	"merged",  "pulled",	"picked", "taken",    "took",
	"pushed",  "committed", "landed", NULL,
};

/* What may come before it: who did it, and what was taken ("I've now
 * applied", "Series applied", "Patches 1-3 queued", "has been merged"). */
static const char *const before[] = {
	"i",	   "i've",  "ive",    "we",	 "we've",   "have",
	"has",	   "had",   "been",   "now",	 "just",    "also",
	"and",	   "so",    "ok",     "okay",	 "series",  "patchset",
	"set",	   "the",   "this",   "these",	 "that",    "whole",
	"entire",  "both",  "all",    "patch",	 "patches", "it",
	"them",	   "first", "second", "last",	 "rest",    "remaining",
	"of",	   "fix",   "fixes",  "change",	 "changes", "commit",
	"commits", "pr",    "pull",   "request", "tag",	    "branch",
	"my",	   "our",   "v",      NULL,
};

/* What may follow it before a place ("applied it", "picked up"). */
static const char *const after[] = {
	"it",	  "them",  "this",    "these", "both", "all",	"the",
	"series", "patch", "patches", "up",    "now",  "too",	"also",
	"thanks", "thank", "you",     "as",    "well", "again", NULL,
};

/* A place or a note on how: anything may follow ("to net-next", "for
 * 6.9", "with the subject fixed up"). */
static const char *const where[] = {
	"to",	   "into", "in",   "for",   "on",	"onto", "via",
	"through", "at",   "with", "after", "together", NULL,
};

/* It was not done, or not only done: "not applied", "applied it locally
 * and it crashes", "applied, but". */
static const char *const against[] = {
	"not",	      "never",	  "no",	      "cannot",	 "can't",
	"won't",      "don't",	  "didn't",   "doesn't", "isn't",
	"wasn't",     "aren't",	  "haven't",  "hasn't",	 "shouldn't",
	"wouldn't",   "couldn't", "should",   "would",	 "could",
	"must",	      "might",	  "locally",  "crash",	 "crashes",
	"crashed",    "fail",	  "fails",    "failed",	 "failing",
	"break",      "breaks",	  "broke",    "broken",	 "warning",
	"warnings",   "error",	  "errors",   "oops",	 "panic",
	"regression", "revert",	  "reverted", "but",	 "however",
	"before",     "once",	  "if",	      "unless",	 "until",
	NULL,
};

/* A clause that only greets or thanks ("Hi Pat", "Thanks for the
 * patch", "Looks good"), said before the news. */
static const char *const courtesy[] = {
	"hi",	 "hello", "hey",  "dear",  "thanks", "thank", "thx", "many",
	"looks", "lgtm",  "nice", "great", "good",   "cool",  NULL,
};

/* A token of numbers and ranges ("1-3", "#2", "2/4", "v3", "6.9"). */
static bool numberish(const char *w)
{
	bool digit = false;

	if (*w == 'v' && isdigit((unsigned char)w[1]))
		w++;
	for (; *w; w++) {
		if (isdigit((unsigned char)*w))
			digit = true;
		else if (!strchr("-/#.,", *w))
			return false;
	}
	return digit;
}

/* The clause's words, lower case, without the punctuation around them.
 * Returns how many (at most max), each malloc'd. */
static size_t words_of(const char *s, size_t len, char **out, size_t max)
{
	size_t n = 0, i = 0;

	while (i < len && n < max) {
		size_t a, b;

		while (i < len && isspace((unsigned char)s[i]))
			i++;
		a = i;
		while (i < len && !isspace((unsigned char)s[i]))
			i++;
		b = i;
		while (a < b && strchr("\"'([<*_", s[a]))
			a++;
		while (b > a && strchr("\"')]>*_:!.,;", s[b - 1]))
			b--;
		if (a == b)
			continue;
		out[n] = strndup(s + a, b - a);
		if (!out[n])
			abort();
		for (char *c = out[n]; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		/* A typographic apostrophe is read as the plain one. */
		for (char *c; (c = strstr(out[n], "\xe2\x80\x99"));) {
			*c = '\'';
			memmove(c + 1, c + 3, strlen(c + 3) + 1);
		}
		n++;
	}
	return n;
}

static void free_words(char **w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(w[i]);
}

enum clause { CLAUSE_OTHER, CLAUSE_COURTESY, CLAUSE_TAKEN };

static enum clause read_clause(const char *s, size_t len)
{
	char *w[32];
	size_t n = words_of(s, len, w, 32), v = n, i;
	enum clause what = CLAUSE_OTHER;

	if (!n)
		return CLAUSE_COURTESY;
	for (i = 0; i < n; i++)
		if (in(w[i], against))
			goto done;
	for (i = 0; i < n && i <= MAX_BEFORE && v == n; i++)
		if (in(w[i], taken))
			v = i;
	if (v == n) {
		if (in(w[0], courtesy))
			what = CLAUSE_COURTESY;
		goto done;
	}
	for (i = 0; i < v; i++)
		if (!in(w[i], before) && !numberish(w[i]))
			goto done;
	for (i = v + 1; i < n && !in(w[i], where); i++)
		if (!in(w[i], after) && !numberish(w[i]))
			goto done;
	what = CLAUSE_TAKEN;
done:
	free_words(w, n);
	return what;
}

/* ---- the lines a notice carries besides its news ---- */

static bool starts_word(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);

	return n >= k && !strncasecmp(s, word, k) &&
	       (n == k || !isalnum((unsigned char)s[k]));
}

/* A line that is all hex digits up to its first blank, seven or more:
 * "0123456789ab (\"sched: fix\")". */
static bool commit_id_line(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isxdigit((unsigned char)s[i]))
		i++;
	return i >= 7 && (i == n || s[i] == ' ' || s[i] == '\t');
}

static bool furniture(const char *s, size_t n)
{
	static const char *const keys[] = {
		"commit:", "merge commit:", "tree:", "branch:", "link:",
		"url:",	   "repo:",	    "git:",  NULL,
	};
	static const char *const closings[] = {
		"thanks",	"thanks!",	 "thanks,",    "thanks.",
		"thank you",	"thank you!",	 "thank you,", "thank you.",
		"thx",		"regards,",	 "regards",    "best regards,",
		"best regards", "kind regards,", "cheers,",    "cheers",
		"best,",	"ta,",		 "--",	       NULL,
	};
	char lower[32];
	size_t words = 1;

	/* b4 ty's summary: "[1/2] subject", then its commit, indented. */
	if (s[0] == '[' && memchr(s, ']', n))
		return true;
	if (starts_word(s, n, "http") || starts_word(s, n, "https") ||
	    commit_id_line(s, n) || !strncmp(s, "(no commit info)", n))
		return true;
	for (size_t i = 0; keys[i]; i++)
		if (n >= strlen(keys[i]) &&
		    !strncasecmp(s, keys[i], strlen(keys[i])))
			return true;
	if (n < sizeof(lower)) {
		for (size_t i = 0; i < n; i++)
			lower[i] = (char)tolower((unsigned char)s[i]);
		lower[n] = '\0';
		if (in(lower, closings))
			return true;
	}
	/* A name to sign with: a word or three, each capitalised, nothing
	 * that ends a sentence ("Jens", "Greg K-H"); not "Applied". */
	if (!isupper((unsigned char)s[0]) ||
	    read_clause(s, n) == CLAUSE_TAKEN || memchr(s, '.', n) ||
	    memchr(s, '!', n) || memchr(s, '?', n) || memchr(s, ':', n))
		return false;
	for (size_t i = 1; i < n; i++) {
		if (s[i] != ' ')
			continue;
		if (++words > 3 || i + 1 >= n ||
		    !isupper((unsigned char)s[i + 1]))
			return false;
	}
	return true;
}

/* Does the sentence say it was not done, or not only done ("applied,
 * but ...")? */
static bool against_in(const char *s, size_t len)
{
	char *w[64];
	size_t n = words_of(s, len, w, 64);
	bool yes = false;

	for (size_t i = 0; i < n && !yes; i++)
		yes = in(w[i], against);
	free_words(w, n);
	return yes;
}

/* Split the note's prose into clauses (at , ; : ! ? and a full stop
 * that ends a sentence, and at the end of a paragraph); each is read in
 * turn until one says the patch was taken or says something else.  The
 * sentence that says it must not ask or take it back. */
static bool says_taken(const char *prose, size_t len)
{
	size_t a = 0, sentence = 0;

	for (size_t i = 0; i <= len; i++) {
		char c = i < len ? prose[i] : '\n';
		bool stop = c == '\n' || c == '!' || c == '?' ||
			    (c == '.' && (i + 1 >= len ||
					  isspace((unsigned char)prose[i + 1])));
		enum clause what;
		size_t j;

		if (!stop && c != ',' && c != ';' && c != ':')
			continue;
		what = read_clause(prose + a, i - a);
		if (what == CLAUSE_OTHER)
			return false;
		if (what == CLAUSE_TAKEN) {
			for (j = i; j < len && !strchr(".!?\n", prose[j]); j++)
				;
			return (j >= len || prose[j] != '?') &&
			       !against_in(prose + sentence, j - sentence);
		}
		a = i + 1;
		if (stop)
			sentence = a;
	}
	return false;
}

bool civil_text_is_thanks(const char *text, size_t len)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	const char *p = text, *end = text + len, *next;
	size_t words = 0;
	bool yes;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		while (n && isspace((unsigned char)*p))
			p++, n--;
		while (n && isspace((unsigned char)p[n - 1]))
			n--;
		if (!n) {
			if (prose.len && prose.buf[prose.len - 1] != '\n')
				civil_buf_addch(&prose, '\n');
			continue;
		}
		if (furniture(p, n))
			continue;
		if (prose.len && prose.buf[prose.len - 1] != '\n')
			civil_buf_addch(&prose, ' ');
		civil_buf_add(&prose, p, n);
		for (size_t i = 0; i < n; i++)
			words += !isspace((unsigned char)p[i]) &&
				 (i == 0 || isspace((unsigned char)p[i - 1]));
	}
	yes = prose.len && words <= MAX_WORDS &&
	      says_taken(prose.buf, prose.len);
	civil_buf_release(&prose);
	return yes;
}
