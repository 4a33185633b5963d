// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fields.c - the header fields a heat scan reads, and no others.
 *
 * List mail carries thirty or fifty header fields (Received, ARC, DKIM,
 * X-*, List-*), and GMime makes an object of each, which a scan then
 * tears down again: half of the time a scan spent parsing went there.
 * Scoring needs the MIME fields, the ones that say what kind of mail it
 * is (Subject, In-Reply-To, References) and the ones that make it mail
 * at all.  So a scan hands GMime the message with the other fields
 * left out; GMime still parses all it is given, MIME structure included.
 * Only field boundaries are found here: a field starts at a line that
 * does not start with a blank and runs over the lines that do; the
 * header ends at the first empty line.  Anything else (no empty line, a
 * line that is not a field) and the message is handed over whole.
 */
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

static bool wanted(const char *s, size_t n)
{
	static const char *const names[] = {
		"subject:",    "from:",	       "to:",	      "date:",
		"message-id:", "in-reply-to:", "references:", "mime-version:",
	};

	if (n >= 8 && !strncasecmp(s, "content-", 8))
		return true;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t k = strlen(names[i]);

		if (n >= k && !strncasecmp(s, names[i], k))
			return true;
	}
	return false;
}

/* Is [s, s+n) the start of a field: a name of printable characters, no
 * blank, then a colon? */
static bool field_start(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ':')
			return i > 0;
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	}
	return false;
}

bool civil_fields_for_scan(const char *raw, size_t len, struct civil_buf *out)
{
	const char *p = raw, *end = raw + len, *next;
	bool keep = false;

	civil_buf_reset(out);
	/* An mbox "From " line goes through as it is. */
	if (len > 5 && !memcmp(raw, "From ", 5)) {
		civil_line_len(p, end, &next);
		civil_buf_add(out, p, (size_t)(next - p));
		p = next;
	}
	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (!n) {
			/* The body, whole. */
			civil_buf_add(out, p, (size_t)(end - p));
			return true;
		}
		if (p[0] == ' ' || p[0] == '\t') {
			if (p == raw)
				return false;
		} else if (field_start(p, n)) {
			keep = wanted(p, n);
		} else {
			return false;
		}
		if (keep)
			civil_buf_add(out, p, (size_t)(next - p));
	}
	return false; /* no body: let GMime have it all */
}
