// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * text.c - reading the plain text of a mail the way a kernel developer
 * does: which lines are quoted, which are a diff, where the signature
 * starts, and so what the sender actually wrote.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

static bool starts(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(line, prefix, n);
}

static bool istarts(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !strncasecmp(line, prefix, n);
}

static bool is_blank(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			return false;
	return true;
}

/* One line of text, as split once for the passes below. */
struct line {
	const char *s;
	size_t len;
	bool drop;
};

static struct line *split_lines(const char *text, size_t len, size_t *count)
{
	const char *p = text, *end = text + len, *next;
	size_t n = 0, alloc = 64;
	struct line *v = malloc(alloc * sizeof(*v));

	if (!v)
		abort();
	for (; p < end; p = next) {
		if (n == alloc) {
			alloc *= 2;
			v = realloc(v, alloc * sizeof(*v));
			if (!v)
				abort();
		}
		v[n].s = p;
		v[n].len = civil_line_len(p, end, &next);
		v[n].drop = false;
		n++;
	}
	*count = n;
	return v;
}

static bool diff_header_at(const struct line *v, size_t i, size_t n)
{
	if (starts(v[i].s, v[i].len, "diff --git "))
		return true;
	return i + 2 < n && starts(v[i].s, v[i].len, "--- ") &&
	       starts(v[i + 1].s, v[i + 1].len, "+++ ") &&
	       starts(v[i + 2].s, v[i + 2].len, "@@ -");
}

static bool diff_body_line(const char *s, size_t len)
{
	static const char *const meta[] = {
		"diff ",
		"index ",
		"new file mode",
		"deleted file mode",
		"similarity index",
		"dissimilarity index",
		"rename from",
		"rename to",
		"copy from",
		"copy to",
		"old mode",
		"new mode",
		"Binary files",
	};

	if (!len)
		return false;
	if (strchr(" +-@\\", s[0]))
		return true;
	for (size_t i = 0; i < sizeof(meta) / sizeof(meta[0]); i++)
		if (starts(s, len, meta[i]))
			return true;
	return false;
}

/* Mark an unquoted diff starting at i; return the first line after it. */
static size_t drop_diff(struct line *v, size_t i, size_t n)
{
	while (i < n) {
		if (diff_body_line(v[i].s, v[i].len)) {
			v[i++].drop = true;
			continue;
		}
		/* Mailers strip the space of an empty context line: a blank
		 * line belongs to the diff when the diff goes on after it. */
		if (is_blank(v[i].s, v[i].len) && i + 1 < n &&
		    diff_body_line(v[i + 1].s, v[i + 1].len) &&
		    v[i + 1].s[0] != '-') {
			v[i++].drop = true;
			continue;
		}
		break;
	}
	return i;
}

bool civil_text_has_diff(const char *text, size_t len)
{
	size_t n;
	struct line *v = split_lines(text, len, &n);
	bool found = false;

	for (size_t i = 0; i < n && !found; i++)
		found = diff_header_at(v, i, n);
	free(v);
	return found;
}

/* The line with one level of quoting (and its space) removed. */
static const char *unquote(const char *s, size_t *len)
{
	while (*len && (*s == ' ' || *s == '\t'))
		s++, (*len)--;
	while (*len && *s == '>') {
		s++, (*len)--;
		if (*len && *s == ' ')
			s++, (*len)--;
	}
	return s;
}

bool civil_text_has_quoted_diff(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *next;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next), m = n;
		const char *c;

		if (!civil_line_is_quoted(p, n))
			continue;
		c = unquote(p, &m);
		if (starts(c, m, "@@ -") || starts(c, m, "diff --git ") ||
		    starts(c, m, "+++ b/") || starts(c, m, "--- a/"))
			return true;
		/* Reviewers trim hunk headers; an added or removed line of
		 * code still gives it away: a tab after the sign, or a line
		 * that ends the way C statements do. */
		if (m >= 2 && (c[0] == '+' || c[0] == '-') && c[1] != c[0] &&
		    (c[1] == '\t' || strchr(";{}),", c[m - 1])))
			return true;
	}
	return false;
}

static bool is_trailer(const char *s, size_t len)
{
	static const char *const trailers[] = {
		"Reviewed-by:", "Acked-by:", "Tested-by:",
		"Nacked-by:",	"NAKed-by:",
	};

	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	for (size_t i = 0; i < sizeof(trailers) / sizeof(trailers[0]); i++)
		if (istarts(s, len, trailers[i]))
			return true;
	/* A bare NAK (or NACK) is a review verdict on its own line. */
	for (size_t k = 3; k <= 4; k++) {
		if (len >= k && !memcmp(s, k == 3 ? "NAK" : "NACK", k) &&
		    (len == k || strchr(" .,!:;", s[k])))
			return true;
	}
	return false;
}

bool civil_text_has_review_trailer(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *next;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (!civil_line_is_quoted(p, n) && is_trailer(p, n))
			return true;
	}
	return false;
}

/* "wrote:" in the languages kernel mail is written in. */
static const char *const attribution_verbs[] = {
	"wrote",    "writes",	 "said",     "schrieb",	   "a écrit",
	"escribió", "escreveu",	 "пише",     "писал",	   "написал",
	"написала", "kirjoitti", "schreef",  "ha scritto", "scrisse",
	"napisał",  "skrev",	 "írta",     "napsal",	   "yazdı",
	"写道",	    "寫道",	 "wrote on", "kirjutas",   "rašė",
};

/* Without its trailing blanks, does the line end in a colon (or a
 * full-width one, as CJK mailers write it)? */
static bool ends_in_colon(const char *s, size_t *len)
{
	while (*len && isspace((unsigned char)s[*len - 1]))
		(*len)--;
	if (*len && s[*len - 1] == ':')
		return true;
	return *len >= 3 && !memcmp(s + *len - 3, "\xef\xbc\x9a", 3);
}

/* "10:42", "2024": a time or a year, as attribution lines carry. */
static bool has_time_or_year(const char *s, size_t len)
{
	for (size_t i = 0; i + 4 < len; i++) {
		const unsigned char *u = (const unsigned char *)s + i;

		if (isdigit(u[0]) && isdigit(u[1]) && u[2] == ':' &&
		    isdigit(u[3]) && isdigit(u[4]))
			return true;
		if ((u[0] == '1' || u[0] == '2') && isdigit(u[1]) &&
		    isdigit(u[2]) && isdigit(u[3]) &&
		    (i + 4 == len || !isdigit(u[4])) &&
		    (i == 0 || !isalnum(u[-1])))
			return true;
	}
	return false;
}

/* Is the word before verb (in s) I, you, he, she, we or they? */
static bool pronoun_before(const char *s, const char *verb)
{
	static const char *const pronouns[] = { "i",   "you", "he",
						"she", "we",  "they" };
	const char *e = verb, *b;

	while (e > s && e[-1] == ' ')
		e--;
	for (b = e; b > s && isalpha((unsigned char)b[-1]); b--)
		;
	for (size_t i = 0; i < sizeof(pronouns) / sizeof(pronouns[0]); i++)
		if ((size_t)(e - b) == strlen(pronouns[i]) &&
		    !strncasecmp(b, pronouns[i], (size_t)(e - b)))
			return true;
	return false;
}

/* An attribution line by its words.  weak: it takes a quote after it to
 * be sure (a line with an address and a date, in any language). */
static bool is_attribution(const char *s, size_t len, bool *weak)
{
	bool dated;

	*weak = false;
	if (!ends_in_colon(s, &len))
		return false;
	dated = memchr(s, '@', len) || has_time_or_year(s, len);
	for (size_t i = 0;
	     i < sizeof(attribution_verbs) / sizeof(attribution_verbs[0]);
	     i++) {
		const char *verb =
			civil_memcasemem(s, len, attribution_verbs[i]);

		/* "what I wrote:", "as you said:" are the sender's words
		 * introducing a quote, not a mailer's line. */
		if (verb && (dated || !pronoun_before(s, verb)))
			return true;
	}
	/* "Quoting Jane (2024-01-01):", mutt's "* Jane <j@x> [date]:" */
	if (starts(s, len, "Quoting ") ||
	    (starts(s, len, "* ") && memchr(s, '@', len)))
		return true;
	*weak = dated;
	return *weak;
}

/* A line of "| " or ": " quoting, as some mailers and people quote. */
static char other_quote_mark(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && i < 4 && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	if (i < l->len && (l->s[i] == '|' || l->s[i] == ':') &&
	    (i + 1 == l->len || l->s[i + 1] == ' '))
		return l->s[i];
	return 0;
}

/* Lines quoted with '>', or with '|' or ':' in a run of two or more (a
 * lone "| x" or ": x" may be anything). */
static void mark_quoted(struct line *v, size_t n, bool *quoted)
{
	for (size_t i = 0; i < n; i++) {
		char m = other_quote_mark(&v[i]);

		quoted[i] = civil_line_is_quoted(v[i].s, v[i].len);
		if (m && ((i > 0 && other_quote_mark(&v[i - 1]) == m) ||
			  (i + 1 < n && other_quote_mark(&v[i + 1]) == m)))
			quoted[i] = true;
	}
}

static bool next_content_is_quoted(const struct line *v, const bool *quoted,
				   size_t i, size_t n)
{
	for (i++; i < n; i++) {
		if (is_blank(v[i].s, v[i].len))
			continue;
		return quoted[i];
	}
	return false;
}

/* The line before i, joined to it: mailers wrap long attributions
 * anywhere ("On Mon, ... Jane Doe <" / "jane@example.org> wrote:", or
 * "... Jane <j@x> a" / "écrit :"). */
static bool wrapped_attribution(const struct line *v, const bool *quoted,
				size_t i, bool *weak)
{
	struct civil_buf both = CIVIL_BUF_INIT;
	bool yes;

	if (!i || quoted[i - 1] || v[i - 1].drop ||
	    is_blank(v[i - 1].s, v[i - 1].len))
		return false;
	civil_buf_add(&both, v[i - 1].s, v[i - 1].len);
	civil_buf_addch(&both, ' ');
	civil_buf_add(&both, v[i].s, v[i].len);
	yes = is_attribution(both.buf, both.len, weak);
	civil_buf_release(&both);
	return yes;
}

static void drop_attribution(struct line *v, const bool *quoted, size_t i,
			     size_t n)
{
	bool weak, strong, quote_next, two = false;

	if (!is_attribution(v[i].s, v[i].len, &weak)) {
		size_t len = v[i].len;

		/* The second half of a wrapped one ends in a colon too. */
		if (!ends_in_colon(v[i].s, &len) ||
		    !wrapped_attribution(v, quoted, i, &weak))
			return;
		two = true;
	}
	quote_next = next_content_is_quoted(v, quoted, i, n);
	/* Without a quote after it, only the classic "On ... wrote:" is
	 * surely an attribution (the quote may have been trimmed). */
	strong = !weak &&
		 starts(v[two ? i - 1 : i].s, v[two ? i - 1 : i].len, "On ") &&
		 civil_memcasemem(v[i].s, v[i].len, "wrote");
	if (!strong && !quote_next)
		return;
	v[i].drop = true;
	if (two) {
		v[i - 1].drop = true;
		return;
	}
	if (!i || v[i - 1].drop || quoted[i - 1] ||
	    is_blank(v[i - 1].s, v[i - 1].len))
		return;
	/* "On Mon, ... Jane Doe <" then "jane@example.org> wrote:", or
	 * "Em seg., ... <j@x.org>" then "escreveu:". */
	if ((!starts(v[i].s, v[i].len, "On ") &&
	     starts(v[i - 1].s, v[i - 1].len, "On ")) ||
	    (!memchr(v[i].s, '@', v[i].len) &&
	     !has_time_or_year(v[i].s, v[i].len) &&
	     (memchr(v[i - 1].s, '@', v[i - 1].len) ||
	      has_time_or_year(v[i - 1].s, v[i - 1].len)) &&
	     !strchr(".!?", v[i - 1].s[v[i - 1].len - 1])))
		v[i - 1].drop = true;
}

/* Where the signature starts: the last "-- " line, or "--" without its
 * space (many mailers strip trailing blanks).  A mailing list's footer
 * (a rule of underscores) ends the sender's words too. */
/* Bounded: a line is not NUL-terminated where the text ends. */
static bool all_underscores(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != '_')
			return false;
	return true;
}

static size_t signature_line(const struct line *v, size_t n)
{
	size_t sig = n;

	for (size_t i = 0; i < n; i++) {
		size_t len = v[i].len;

		while (len &&
		       (v[i].s[len - 1] == ' ' || v[i].s[len - 1] == '\t'))
			len--;
		if (len == 2 && !memcmp(v[i].s, "--", 2))
			sig = i;
		else if (len >= 20 && all_underscores(v[i].s, len) && sig == n)
			sig = i;
	}
	return sig;
}

/* Outlook's quote of the whole earlier mail: "From: ..." then "Sent:"
 * (or "Date:") and "To:" or "Subject:" within a few lines. */
static bool outlook_header_at(const struct line *v, size_t i, size_t n)
{
	bool sent = false, to = false;

	if (!starts(v[i].s, v[i].len, "From: ") &&
	    !starts(v[i].s, v[i].len, "-----Original Message-----"))
		return false;
	if (v[i].s[0] == '-')
		return true;
	for (size_t k = i + 1; k < n && k <= i + 4; k++) {
		sent |= starts(v[k].s, v[k].len, "Sent: ") ||
			starts(v[k].s, v[k].len, "Date: ");
		to |= starts(v[k].s, v[k].len, "To: ") ||
		      starts(v[k].s, v[k].len, "Subject: ");
	}
	return sent && to;
}

/* A command at a prompt and what it printed, up to a blank line. */
static size_t drop_shell(struct line *v, size_t i, size_t n)
{
	while (i < n && !is_blank(v[i].s, v[i].len))
		v[i++].drop = true;
	return i;
}

/* Paragraphs that are a mail server's legal notice. */
static void drop_notices(struct line *v, size_t n)
{
	for (size_t i = 0; i < n;) {
		struct civil_buf para = CIVIL_BUF_INIT;
		size_t j = i;

		while (j < n && !v[j].drop && !is_blank(v[j].s, v[j].len)) {
			civil_buf_add(&para, v[j].s, v[j].len);
			civil_buf_addch(&para, ' ');
			j++;
		}
		if (j > i && civil_text_is_notice(para.buf, para.len))
			for (size_t k = i; k < j; k++)
				v[k].drop = true;
		civil_buf_release(&para);
		i = j > i ? j : i + 1;
	}
}

void civil_text_authored(const char *text, size_t len, struct civil_buf *out)
{
	size_t n, sig, i;
	struct line *v = split_lines(text, len, &n);
	bool *quoted = calloc(n ? n : 1, sizeof(*quoted));
	bool blank_pending = false, any = false;

	if (!quoted)
		abort();
	civil_buf_reset(out);
	/* Everything from the signature on is not the sender's message. */
	sig = signature_line(v, n);
	mark_quoted(v, sig, quoted);

	for (i = 0; i < sig; i++) {
		struct line *l = &v[i];

		if (l->drop)
			continue;
		if (quoted[i]) {
			l->drop = true;
		} else if (diff_header_at(v, i, sig)) {
			i = drop_diff(v, i, sig) - 1;
		} else if (outlook_header_at(v, i, sig)) {
			/* Outlook quotes everything below this line. */
			for (; i < sig; i++)
				v[i].drop = true;
		} else if (civil_reminder_line_is_ours(l->s, l->len)) {
			l->drop = true;
			if (i + 1 < sig &&
			    starts(v[i + 1].s, v[i + 1].len, "Concerns: "))
				v[++i].drop = true;
		} else if (civil_line_is_shell_prompt(l->s, l->len)) {
			i = drop_shell(v, i, sig) - 1;
		} else if (civil_line_is_tool_output(l->s, l->len)) {
			l->drop = true;
		} else {
			drop_attribution(v, quoted, i, sig);
		}
	}
	drop_notices(v, sig);

	/* Keep what is left, with runs of blank lines squeezed to one and
	 * none at either end.  What was taken out between two lines ends a
	 * paragraph as a blank line does: no sentence of the sender's runs
	 * across a quote, so each is their own bytes, in one piece. */
	for (i = 0; i < sig; i++) {
		if (v[i].drop || is_blank(v[i].s, v[i].len)) {
			blank_pending = any;
			continue;
		}
		if (blank_pending)
			civil_buf_addch(out, '\n');
		blank_pending = false;
		civil_buf_add(out, v[i].s, v[i].len);
		civil_buf_addch(out, '\n');
		any = true;
	}
	if (!out->buf)
		civil_buf_grow(out, 0);
	free(quoted);
	free(v);
}

/* ---- subjects ---- */

bool civil_subject_is_reply(const char *subject)
{
	static const char *const prefixes[] = { "re:", "re[",
						"aw:", "sv:", "antw:" };

	if (!subject)
		return false;
	while (isspace((unsigned char)*subject))
		subject++;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncasecmp(subject, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* Call fn on each "[...]" tag of the subject. */
static bool any_tag(const char *subject,
		    bool (*fn)(const char *tag, size_t len))
{
	const char *p = subject;

	while (p && (p = strchr(p, '['))) {
		const char *close = strchr(p, ']');

		if (!close)
			return false;
		if (fn(p + 1, (size_t)(close - p - 1)))
			return true;
		p = close + 1;
	}
	return false;
}

static bool tag_has_patch(const char *tag, size_t len)
{
	for (size_t i = 0; i + 5 <= len; i++)
		if (!strncasecmp(tag + i, "PATCH", 5) &&
		    (i == 0 || tag[i - 1] == ' ' || tag[i - 1] == ','))
			return true;
	return false;
}

static bool tag_is_cover(const char *tag, size_t len)
{
	if (!tag_has_patch(tag, len))
		return false;
	/* A token of zeros, a slash and a count: 0/5, 00/12. */
	for (size_t i = 0; i < len; i++) {
		size_t j = i;

		if (i > 0 && tag[i - 1] != ' ')
			continue;
		while (j < len && tag[j] == '0')
			j++;
		if (j == i || j >= len || tag[j] != '/')
			continue;
		if (j + 1 < len && isdigit((unsigned char)tag[j + 1]))
			return true;
	}
	return false;
}

bool civil_subject_has_patch_tag(const char *subject)
{
	return subject && any_tag(subject, tag_has_patch);
}

bool civil_subject_is_cover(const char *subject)
{
	return subject && any_tag(subject, tag_is_cover);
}
