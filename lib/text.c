// SPDX-License-Identifier: GPL-2.0-only
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

size_t civil_line_len(const char *p, const char *end, const char **next)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	size_t len;

	if (!nl) {
		*next = end;
		len = (size_t)(end - p);
	} else {
		*next = nl + 1;
		len = (size_t)(nl - p);
	}
	if (len && p[len - 1] == '\r')
		len--;
	return len;
}

const char *civil_memcasemem(const char *hay, size_t len, const char *needle)
{
	size_t n = strlen(needle);

	if (!n)
		return hay;
	for (size_t i = 0; i + n <= len; i++)
		if (!strncasecmp(hay + i, needle, n))
			return hay + i;
	return NULL;
}

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

bool civil_line_is_quoted(const char *line, size_t len)
{
	size_t i = 0;

	/* Some clients indent the quote marker. */
	while (i < len && i < 4 && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return i < len && line[i] == '>';
}

bool civil_line_is_sig_separator(const char *line, size_t len)
{
	return len == 3 && !memcmp(line, "-- ", 3);
}

const char *civil_text_sig_start(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *next, *sig = NULL;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (civil_line_is_sig_separator(p, n))
			sig = p;
	}
	return sig;
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

static bool is_attribution(const char *s, size_t len)
{
	static const char *const verbs[] = {
		"wrote", "writes", "said", "schrieb", "a écrit", "escribió",
	};

	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len || s[len - 1] != ':')
		return false;
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (civil_memcasemem(s, len, verbs[i]))
			return true;
	/* "Quoting Jane (2024-01-01):", mutt's "* Jane <j@x> [date]:" */
	return starts(s, len, "Quoting ") ||
	       (starts(s, len, "* ") && memchr(s, '@', len));
}

static bool next_content_is_quoted(const struct line *v, size_t i, size_t n)
{
	for (i++; i < n; i++) {
		if (is_blank(v[i].s, v[i].len))
			continue;
		return civil_line_is_quoted(v[i].s, v[i].len);
	}
	return false;
}

static void drop_attribution(struct line *v, size_t i, size_t n)
{
	bool strong;

	if (!is_attribution(v[i].s, v[i].len))
		return;
	/* Without a quote after it, only the classic "On ... wrote:" is
	 * surely an attribution (the quote may have been trimmed). */
	strong = starts(v[i].s, v[i].len, "On ") &&
		 civil_memcasemem(v[i].s, v[i].len, "wrote:");
	if (!strong && !next_content_is_quoted(v, i, n))
		return;
	v[i].drop = true;
	/* Clients wrap long attributions: "On Mon, ... Jane Doe <" then
	 * "jane@example.org> wrote:". */
	if (i > 0 && !v[i - 1].drop && !starts(v[i].s, v[i].len, "On ") &&
	    starts(v[i - 1].s, v[i - 1].len, "On ") &&
	    !civil_line_is_quoted(v[i - 1].s, v[i - 1].len))
		v[i - 1].drop = true;
}

void civil_text_authored(const char *text, size_t len, struct civil_buf *out)
{
	size_t n, sig, i;
	struct line *v = split_lines(text, len, &n);
	bool blank_pending = false, any = false;

	civil_buf_reset(out);
	/* Everything from the last "-- " line on is the signature. */
	for (sig = n, i = 0; i < n; i++)
		if (civil_line_is_sig_separator(v[i].s, v[i].len))
			sig = i;

	for (i = 0; i < sig; i++) {
		struct line *l = &v[i];

		if (l->drop)
			continue;
		if (civil_line_is_quoted(l->s, l->len)) {
			l->drop = true;
		} else if (diff_header_at(v, i, sig)) {
			i = drop_diff(v, i, sig) - 1;
		} else if (starts(l->s, l->len, "-----Original Message-----")) {
			/* Outlook quotes everything below this line. */
			for (; i < sig; i++)
				v[i].drop = true;
		} else if (civil_reminder_line_is_ours(l->s, l->len)) {
			l->drop = true;
			if (i + 1 < sig &&
			    starts(v[i + 1].s, v[i + 1].len, "Concerns: "))
				v[++i].drop = true;
		} else {
			drop_attribution(v, i, sig);
		}
	}

	/* Keep what is left, with runs of blank lines squeezed to one and
	 * none at either end. */
	for (i = 0; i < sig; i++) {
		if (v[i].drop)
			continue;
		if (is_blank(v[i].s, v[i].len)) {
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
