// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output.c - the "notmuch tag --batch" lines a scan writes, built so that
 * no value taken from mail can break one into two operations
 * (tests/fuzz/fuzz-writers.c holds it to that).  What the commands print
 * themselves is theirs: cmd/print.c.
 */
#include <stdio.h>
#include <string.h>

#include "civil.h"
#include "internal.h"

civil_status_t civil_tag_line(struct civil_buf *out, char sign, const char *tag,
			      const char *prefix, const char *value,
			      civil_error_t *err)
{
	/* The batch format ends a line at a line break, and has no way to
	 * write one inside a term. */
	if (strpbrk(value, "\r\n"))
		return civil_error_set(err, CIVIL_STATUS_UNSUPPORTED,
				       "%s:%s can't be named in a notmuch tag "
				       "--batch line: it holds a line break",
				       prefix, value);
	civil_buf_addch(out, sign);
	/* Tags: anything but plain characters as %XX. */
	for (const unsigned char *c = (const unsigned char *)tag; *c; c++) {
		if (*c <= ' ' || *c >= 0x7f || *c == '%' || *c == '"' ||
		    *c == '(' || *c == ')')
			civil_buf_addf(out, "%%%02X", *c);
		else
			civil_buf_addch(out, (char)*c);
	}
	civil_buf_adds(out, " -- ");
	/* Xapian boolean-term quoting: always quote, double the quotes. */
	civil_buf_addf(out, "%s:\"", prefix);
	for (const char *c = value; *c; c++) {
		if (*c == '"')
			civil_buf_addch(out, '"');
		civil_buf_addch(out, *c);
	}
	civil_buf_addch(out, '"');
	return CIVIL_STATUS_SUCCESS;
}
