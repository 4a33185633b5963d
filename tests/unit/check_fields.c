// SPDX-License-Identifier: GPL-2.0-or-later
/* check_fields.c - the header fields a heat scan keeps (lib/fields.c). */
#include <string.h>

#include "internal.h"
#include "unit.h"

/* civil_fields_for_scan on text; its result, and what it wrote. */
static bool fields(const char *text, struct civil_buf *out)
{
	return civil_fields_for_scan(text, strlen(text), out);
}

START_TEST(keeps_only_what_a_scan_reads)
{
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *raw = "Received: from a by b;\n"
			  "\tFri, 4 Dec 2026 10:00:00 +0000\n"
			  "From: A <a@example.invalid>\n"
			  "DKIM-Signature: v=1;\n"
			  " b=xyz\n"
			  "SUBJECT: hi\n"
			  "To: b@example.invalid\n"
			  "Content-Type: text/plain;\n"
			  " charset=utf-8\n"
			  "X-Mailer: y\n"
			  "Message-ID: <1@example.invalid>\n"
			  "\n"
			  "Received: in the body stays\n";

	ck_assert(fields(raw, &out));
	ck_assert_str_eq(out.buf, "From: A <a@example.invalid>\n"
				  "SUBJECT: hi\n"
				  "To: b@example.invalid\n"
				  "Content-Type: text/plain;\n"
				  " charset=utf-8\n"
				  "Message-ID: <1@example.invalid>\n"
				  "\n"
				  "Received: in the body stays\n");
	civil_buf_release(&out);
}
END_TEST

START_TEST(line_ends_and_mbox_from)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	/* CRLF line ends are kept as they came. */
	ck_assert(fields("X-A: 1\r\nSubject: s\r\n\r\nbody", &out));
	ck_assert_str_eq(out.buf, "Subject: s\r\n\r\nbody");
	/* An mbox From line goes through, though it is no field. */
	ck_assert(fields("From me@x Fri Dec  4 10:00:00 2026\nX-A: 1\n"
			 "From: me\n\nb\n",
			 &out));
	ck_assert_str_eq(out.buf, "From me@x Fri Dec  4 10:00:00 2026\n"
				  "From: me\n\nb\n");
	/* An empty body after the blank line is still a body. */
	ck_assert(fields("Subject: s\n\n", &out));
	ck_assert_str_eq(out.buf, "Subject: s\n\n");
	/* "To" is wanted; "Tox" is its own field. */
	ck_assert(fields("Tox: 1\nTo: 2\n\n", &out));
	ck_assert_str_eq(out.buf, "To: 2\n\n");
	civil_buf_release(&out);
}
END_TEST

START_TEST(not_a_header_is_refused)
{
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *raw;

	/* Nothing, one byte, a header with no body, no newline at all. */
	ck_assert(!civil_fields_for_scan("", 0, &out));
	ck_assert(!fields("x", &out));
	ck_assert(!fields("Subject: s\n", &out));
	ck_assert(!fields("Subject: s", &out));
	/* A continuation line first. */
	ck_assert(!fields(" Subject: s\n\nb", &out));
	/* A line that is no field: no colon, a blank in the name, an empty
	 * name, a byte above '~' in the name (UTF-8). */
	ck_assert(!fields("Subject: s\nnot a field\n\nb", &out));
	ck_assert(!fields("Sub ject: s\n\nb", &out));
	ck_assert(!fields(": s\n\nb", &out));
	ck_assert(!fields("Sub\xc3\xa9: s\n\nb", &out));
	/* A body that is only a cut UTF-8 byte is still a body. */
	raw = "Subject: s\n\n\xc3";
	ck_assert(fields(raw, &out));
	ck_assert_uint_eq(out.len, strlen(raw));
	/* "From " cut short: five bytes exactly is not an mbox line. */
	ck_assert(!fields("From ", &out));
	civil_buf_release(&out);
}
END_TEST

Suite *suite_fields(void)
{
	Suite *s = suite_create("fields");
	TCase *tc = tcase_create("fields");

	tcase_add_test(tc, keeps_only_what_a_scan_reads);
	tcase_add_test(tc, line_ends_and_mbox_from);
	tcase_add_test(tc, not_a_header_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
