// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sentence.c - where the sentences of a text are, as a reader reads them.
 * The one splitter: the scorer reads these sentences (heat.c), the tone
 * check and civil-heated show them, and the draft quotes them (draft.c),
 * so what the board is shown as a sentence is the sentence civil read.
 *
 * A sentence is a span of the text itself, never a copy: quoting one
 * quotes the sender's bytes.  Sentences end at . ! or ? (a run of them,
 * and any closing quotation mark or bracket after it) before white space,
 * and at the end of a paragraph.  A paragraph ends at a blank line, and
 * at a line of code, which is in no sentence.
 *
 * A full stop does not end a sentence after an initial ("Phillip K.
 * Dick"), letters with dots ("e.g.", "U.S."), a title or an abbreviation
 * ("Mr.", "cf."), or a numbered list's mark at the start of a line ("1.
 * Fix the lock"); nor does "..." before a word in lower case.  After a
 * word that ends a sentence as often as not ("etc.", "et al.", a number
 * or version, "v5.10.", a path or host, "kernel.org.") a full stop ends
 * one only when the next word starts like a sentence (a capital, a
 * quotation mark, a bracket).  A dot inside a word (2.6.32,
 * drivers/scsi/lpfc/lpfc_init.c) is never followed by white space, so
 * never ends anything.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Words that a full stop after them never ends a sentence with. */
static const char *const abbreviations[] = {
	"mr",	"mrs", "dr",  "prof",	"sr",	"jr",	"st",
	"vs",	"cf",  "viz", "approx", "appx", "incl", "esp",
	"resp", "fig", "eq",  "ca",	"ph.d", "sect", "messrs",
};

/* Words that end a sentence as often as not. */
static const char *const ambiguous[] = { "etc", "al" };

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

static bool blank(const char *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)l[i]))
			return false;
	return true;
}

/* The length of a closing quotation mark or bracket at p (before end),
 * or 0: ) ] " ' and the curly ’ ” and ». */
static size_t closer_len(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;

	if (p >= end)
		return 0;
	if (strchr(")]\"'", *p) && *p)
		return 1;
	if (end - p >= 3 && u[0] == 0xe2 && u[1] == 0x80 &&
	    (u[2] == 0x99 || u[2] == 0x9d))
		return 3;
	if (end - p >= 2 && u[0] == 0xc2 && u[1] == 0xbb)
		return 2;
	return 0;
}

/* The length of an opening quotation mark or bracket at p, or 0. */
static size_t opener_len(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;

	if (p >= end)
		return 0;
	if (strchr("([\"'<", *p) && *p)
		return 1;
	if (end - p >= 3 && u[0] == 0xe2 && u[1] == 0x80 &&
	    (u[2] == 0x98 || u[2] == 0x9c))
		return 3;
	if (end - p >= 2 && u[0] == 0xc2 && u[1] == 0xab)
		return 2;
	return 0;
}

static bool in_list(const char *const *list, size_t n, const char *w,
		    size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(list[i]) == len && !strncasecmp(list[i], w, len))
			return true;
	return false;
}

/* "K", "e.g", "U.S", "J.R.R": single letters, each but the last before
 * a dot (the last's is the full stop being read). */
static bool initials(const char *w, size_t len)
{
	if (len == 1)
		return isupper((unsigned char)w[0]);
	if (len < 3 || len % 2 == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (i % 2 ? w[i] != '.' : !isalpha((unsigned char)w[i]))
			return false;
	return true;
}

/* "5", "v5.10", "2.6.32", "6.1-rc1": a number or a version. */
static bool number(const char *w, size_t len)
{
	size_t i = 0;

	if (len && (w[0] == 'v' || w[0] == 'V'))
		i++;
	if (i >= len || !isdigit((unsigned char)w[i]))
		return false;
	for (; i < len; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr(".-", w[i]))
			return false;
	return true;
}

/* "drivers/scsi/lpfc_init.c", "kernel.org": a path, a file or a host. */
static bool path(const char *w, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (w[i] == '/' ||
		    (w[i] == '.' && i && isalnum((unsigned char)w[i + 1])))
			return true;
	return false;
}

/* Does a word starting at p (before end) start as a sentence does? */
static bool starts_sentence(const char *p, const char *end)
{
	unsigned char c;

	if (p >= end)
		return true;
	c = (unsigned char)*p;
	return isupper(c) || c >= 0x80 || opener_len(p, end);
}

/* Does the next word from p (white space first) start in lower case? */
static bool lower_next(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p < end && islower((unsigned char)*p);
}

/*
 * Does the full stop at dot (one, not a run) in the paragraph
 * [para, end), followed by white space from after, end a sentence?
 */
static bool stop_ends(const char *para, const char *end, const char *dot,
		      const char *after)
{
	const char *w = dot, *next = after, *line = dot;
	size_t len, n;

	while (w > para && !isspace((unsigned char)w[-1]))
		w--;
	while (w < dot && (n = opener_len(w, dot)))
		w += n;
	len = (size_t)(dot - w);
	while (next < end && isspace((unsigned char)*next))
		next++;
	if (!len || next >= end)
		return true;
	if (initials(w, len) ||
	    in_list(abbreviations, G_N_ELEMENTS(abbreviations), w, len))
		return false;
	if (number(w, len)) {
		/* "1. Fix the lock": the mark of a list's item. */
		while (line > para && line[-1] != '\n')
			line--;
		while (line < w && isspace((unsigned char)*line))
			line++;
		if (line == w && strspn(w, "0123456789") == len)
			return false;
		return starts_sentence(next, end);
	}
	if (in_list(ambiguous, G_N_ELEMENTS(ambiguous), w, len) || path(w, len))
		return starts_sentence(next, end);
	return true;
}

static void add(GArray *out, const char *text, const char *a, const char *b,
		size_t para)
{
	struct civil_sentence s;

	while (a < b && isspace((unsigned char)*a))
		a++;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	if (a == b)
		return;
	s.off = (size_t)(a - text);
	s.len = (size_t)(b - a);
	s.para = para;
	g_array_append_val(out, s);
}

/* The sentences of the paragraph [a, end). */
static void paragraph(GArray *out, const char *text, const char *a,
		      const char *end, size_t para)
{
	const char *start = a;

	for (const char *p = a; p < end; p++) {
		const char *q = p, *after;
		size_t n;
		bool stop;

		if (!strchr(".!?", *p) || !*p)
			continue;
		while (q + 1 < end && strchr(".!?", q[1]) && q[1])
			q++;
		after = q + 1;
		while ((n = closer_len(after, end)))
			after += n;
		if (after < end && !isspace((unsigned char)*after)) {
			p = after - 1;
			continue;
		}
		if (memchr(p, '!', (size_t)(q - p + 1)) ||
		    memchr(p, '?', (size_t)(q - p + 1)))
			stop = true;
		else if (q > p) /* "I think... maybe not": one sentence */
			stop = !lower_next(after, end);
		else
			stop = stop_ends(a, end, p, after);
		if (stop) {
			add(out, text, start, after, para);
			start = after;
		}
		p = after - 1;
	}
	add(out, text, start, end, para);
}

void civil_sentences(const char *text, size_t len, GArray *out)
{
	const char *p = text, *end = text + len, *next, *para = NULL,
		   *para_end = NULL;
	size_t count = 0;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (blank(p, n) || code_line(p, n)) {
			if (para)
				paragraph(out, text, para, para_end, count++);
			para = NULL;
			continue;
		}
		if (!para)
			para = p;
		para_end = p + n;
	}
	if (para)
		paragraph(out, text, para, para_end, count);
}
