// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * line.c - the lines of mail text, for every file that reads it: where a
 * line ends, whether it is quoted, the signature's "-- " line, and the
 * first line of a reminder civil wrote.  It calls nothing else in lib/,
 * so text.c, pasted.c and remind.c all use it without calling each other.
 */
#include <ctype.h>
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
	unsigned char lo, up;
	const char *p = hay, *end;

	if (!n)
		return hay;
	if (len < n)
		return NULL;
	/* Jump with memchr to where the first letter is, in either case
	 * (the upper case only up to the lower's next): every line of every
	 * scanned mail goes through here, and memchr reads a vector at a
	 * time where a loop reads a byte. */
	end = hay + len - n + 1;
	lo = (unsigned char)tolower((unsigned char)needle[0]);
	up = (unsigned char)toupper((unsigned char)needle[0]);
	while (p < end) {
		const char *a = memchr(p, lo, (size_t)(end - p));
		const char *b =
			lo == up ? NULL
				 : memchr(p, up, (size_t)((a ? a : end) - p));
		const char *c = b ? b : a;

		if (!c)
			return NULL;
		if (!strncasecmp(c + 1, needle + 1, n - 1))
			return c;
		p = c + 1;
	}
	return NULL;
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

bool civil_reminder_line_is_ours(const char *line, size_t len)
{
	size_t h = strlen(CIVIL_REMINDER_HEAD), t = strlen(CIVIL_REMINDER_TAIL);

	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	return len > h + t && !memcmp(line, CIVIL_REMINDER_HEAD, h) &&
	       !memcmp(line + len - t, CIVIL_REMINDER_TAIL, t);
}
