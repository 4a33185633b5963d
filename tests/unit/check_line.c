// SPDX-License-Identifier: GPL-2.0-or-later
/* check_line.c - the lines of mail text (lib/line.c): where a line ends,
 * quoting, the signature separator, and the reminder's first line. */
#include <string.h>

#include "internal.h"
#include "unit.h"

static size_t len_of(const char *s, size_t n, size_t *next_at)
{
	const char *next = NULL;
	size_t len = civil_line_len(s, s + n, &next);

	*next_at = (size_t)(next - s);
	return len;
}

START_TEST(line_len_at_its_edges)
{
	size_t next;

	/* Nothing at all: an empty line that ends where it starts. */
	ck_assert_uint_eq(len_of("", 0, &next), 0);
	ck_assert_uint_eq(next, 0);
	/* One byte, no newline. */
	ck_assert_uint_eq(len_of("x", 1, &next), 1);
	ck_assert_uint_eq(next, 1);
	/* Only a newline. */
	ck_assert_uint_eq(len_of("\n", 1, &next), 0);
	ck_assert_uint_eq(next, 1);
	/* CRLF: the CR is not part of the line. */
	ck_assert_uint_eq(len_of("ab\r\ncd", 6, &next), 2);
	ck_assert_uint_eq(next, 4);
	/* A lone CR at the very end is a line end too. */
	ck_assert_uint_eq(len_of("ab\r", 3, &next), 2);
	ck_assert_uint_eq(next, 3);
	/* A CR inside a line stays. */
	ck_assert_uint_eq(len_of("a\rb\n", 4, &next), 3);
	/* The length bounds the search: the newline past end is not seen. */
	ck_assert_uint_eq(len_of("abc\n", 2, &next), 2);
	ck_assert_uint_eq(next, 2);
	/* UTF-8 cut mid-character: bytes, counted as they are. */
	ck_assert_uint_eq(len_of("caf\xc3\xa9", 4, &next), 4);
	ck_assert_uint_eq(next, 4);
}
END_TEST

START_TEST(quoted_lines)
{
	ck_assert(civil_line_is_quoted("> x", 3));
	ck_assert(civil_line_is_quoted(">", 1));
	ck_assert(civil_line_is_quoted("    > x", 7));
	ck_assert(civil_line_is_quoted("\t>", 2));
	/* Four blanks at most: deeper is indented text, not a quote. */
	ck_assert(!civil_line_is_quoted("     > x", 8));
	ck_assert(!civil_line_is_quoted("", 0));
	ck_assert(!civil_line_is_quoted("   ", 3));
	ck_assert(!civil_line_is_quoted("a > b", 5));
	/* The length is what counts, not a NUL. */
	ck_assert(!civil_line_is_quoted("  >", 2));
}
END_TEST

START_TEST(signature_separator)
{
	const char *text = "body\n-- \nsig one\n-- \nsig two\n";

	ck_assert(civil_line_is_sig_separator("-- ", 3));
	ck_assert(!civil_line_is_sig_separator("--", 2));
	ck_assert(!civil_line_is_sig_separator("-- x", 4));
	ck_assert(!civil_line_is_sig_separator("---", 3));
	ck_assert(!civil_line_is_sig_separator("", 0));
	/* The last separator starts the signature. */
	ck_assert_ptr_eq(civil_text_sig_start(text, strlen(text)),
			 strstr(text, "-- \nsig two"));
	/* CRLF mail: the CR does not hide the separator. */
	{
		const char *crlf = "a\r\n-- \r\nx";

		ck_assert_ptr_eq(civil_text_sig_start(crlf, strlen(crlf)),
				 crlf + 3);
	}
	ck_assert_ptr_null(civil_text_sig_start("", 0));
	ck_assert_ptr_null(civil_text_sig_start("--", 2));
	/* At the very end, with no newline after it. */
	ck_assert_ptr_nonnull(civil_text_sig_start("x\n-- ", 5));
}
END_TEST

START_TEST(memcasemem_edges)
{
	const char *hay = "Hello, World";

	ck_assert_ptr_eq(civil_memcasemem(hay, strlen(hay), "world"), hay + 7);
	ck_assert_ptr_eq(civil_memcasemem(hay, strlen(hay), "HELLO"), hay);
	/* An empty needle is found at the start, even in nothing. */
	ck_assert_ptr_eq(civil_memcasemem(hay, 0, ""), hay);
	ck_assert_ptr_null(civil_memcasemem("", 0, "x"));
	/* One byte, found and not. */
	{
		const char *one = "X";

		ck_assert_ptr_eq(civil_memcasemem(one, 1, "x"), one);
		ck_assert_ptr_null(civil_memcasemem(one, 1, "y"));
	}
	/* The needle must fit whole inside len. */
	ck_assert_ptr_null(civil_memcasemem(hay, 11, "world"));
	ck_assert_ptr_null(civil_memcasemem("ab", 2, "abc"));
	/* Bytes above 127 compare as they are. */
	ck_assert_ptr_nonnull(civil_memcasemem("caf\xc3\xa9", 5, "\xc3\xa9"));
	ck_assert_ptr_null(civil_memcasemem("caf\xc3", 4, "\xc3\xa9"));
}
END_TEST

START_TEST(reminder_line)
{
	const char *ours = CIVIL_REMINDER_HEAD
		"Documentation/process/code-of-conduct.rst" CIVIL_REMINDER_TAIL;
	struct civil_buf b = CIVIL_BUF_INIT;

	ck_assert(civil_reminder_line_is_ours(ours, strlen(ours)));
	/* Trailing blanks, as some clients leave them. */
	civil_buf_addf(&b, "%s \t ", ours);
	ck_assert(civil_reminder_line_is_ours(b.buf, b.len));
	/* Head and tail alone, with no path between: not ours. */
	civil_buf_reset(&b);
	civil_buf_addf(&b, "%s%s", CIVIL_REMINDER_HEAD, CIVIL_REMINDER_TAIL);
	ck_assert(!civil_reminder_line_is_ours(b.buf, b.len));
	/* Cut short by one byte. */
	ck_assert(!civil_reminder_line_is_ours(ours, strlen(ours) - 1));
	ck_assert(!civil_reminder_line_is_ours("", 0));
	ck_assert(!civil_reminder_line_is_ours("> ", 2));
	/* Quoted, it is someone else's line. */
	civil_buf_reset(&b);
	civil_buf_addf(&b, "> %s", ours);
	ck_assert(!civil_reminder_line_is_ours(b.buf, b.len));
	civil_buf_release(&b);
}
END_TEST

Suite *suite_line(void)
{
	Suite *s = suite_create("line");
	TCase *tc = tcase_create("line");

	tcase_add_test(tc, line_len_at_its_edges);
	tcase_add_test(tc, quoted_lines);
	tcase_add_test(tc, signature_separator);
	tcase_add_test(tc, memcasemem_edges);
	tcase_add_test(tc, reminder_line);
	suite_add_tcase(s, tc);
	return s;
}
