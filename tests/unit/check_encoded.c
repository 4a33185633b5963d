// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "internal.h"
#include "unit.h"

/* The tail a test asks for: its own words after the text, with the line
 * ends it is given. */
static void tail(const char *text, size_t len, const char *eol, bool final_eol,
		 struct civil_buf *out, void *arg)
{
	if (!eol)
		eol = memchr(text, '\r', len) ? "\r\n" : "\n";
	if (len && text[len - 1] != '\n')
		civil_buf_adds(out, eol);
	civil_buf_adds(out, "-- ");
	civil_buf_adds(out, eol);
	civil_buf_adds(out, (const char *)arg);
	if (final_eol)
		civil_buf_adds(out, eol);
}

static bool append(GMimeContentEncoding enc, const char *raw, const char *add,
		   struct civil_buf *out)
{
	civil_buf_reset(out);
	return civil_encoded_append(enc, raw, strlen(raw), tail, (void *)add,
				    out);
}

#define QP  GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE
#define B64 GMIME_CONTENT_ENCODING_BASE64

START_TEST(qp_lines_added)
{
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *crs = "a=0D\nGr=C3=BC=C3=9Fe, a long line, soft=\n"
			  "-broken=20\n=0D\n";

	/* Every old line kept, even =0D and =20 ones; new lines encoded. */
	ck_assert(append(QP, crs, "x  y ", &out));
	ck_assert_str_eq(out.buf, "a=0D\nGr=C3=BC=C3=9Fe, a long line, soft=\n"
				  "-broken=20\n=0D\n--=20\nx  y=20\n");
	/* CRLF lines get CRLF lines. */
	ck_assert(append(QP, "No.\r\n", "R", &out));
	ck_assert_str_eq(out.buf, "No.\r\n--=20\r\nR\r\n");
	/* Before a boundary: no line end at the end, before or after. */
	ck_assert(append(QP, "No.", "R", &out));
	ck_assert_str_eq(out.buf, "No.\n--=20\nR");
	/* A soft break at the very end joins nothing to the new lines. */
	ck_assert(append(QP, "No.=\n", "R", &out));
	ck_assert_str_eq(out.buf, "No.=\n\n--=20\nR\n");
	ck_assert(append(QP, "", "R", &out));
	ck_assert_str_eq(out.buf, "--=20\nR\n");
	civil_buf_release(&out);
}
END_TEST

START_TEST(base64_lines_added)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	/* "No.\r\nabc\n" ends on a whole group: lines added after it, with
	 * its CRLF line ends. */
	ck_assert(append(B64, "Tm8uDQph\nYmMK\n", "R", &out));
	ck_assert_str_eq(out.buf, "Tm8uDQph\nYmMK\nLS0gDQpSDQo=\n");
	/* Padding: the last line alone is encoded again. */
	ck_assert(append(B64, "Tm8uDQph\nYmMNCg==\n", "R", &out));
	ck_assert_str_eq(out.buf, "Tm8uDQph\nYmMNCi0tIA0KUg0K\n");
	ck_assert(append(B64, "Tm8uDQo=\r\n", "R", &out));
	ck_assert_str_eq(out.buf, "Tm8uDQotLSANClINCg==\r\n");
	/* Before a boundary. */
	ck_assert(append(B64, "Tm8uDQo=", "R", &out));
	ck_assert_str_eq(out.buf, "Tm8uDQotLSANClINCg==");
	civil_buf_release(&out);
}
END_TEST

START_TEST(base64_refused)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	/* Lines that don't hold whole groups: no line can be kept. */
	ck_assert(!append(B64, "Tm8u\nDQp\nhYmMNCg==\n", "R", &out));
	/* Data after the padding, which decoders read differently. */
	ck_assert(!append(B64, "Tm8=Tm8=\n", "R", &out));
	ck_assert(!append(B64, "Tm8uDQph\nTm8=\nTm8=\n", "R", &out));
	/* Bytes a decoder skips in the line that would be encoded again. */
	ck_assert(!append(B64, "Tm8u\nDQ!o=\n", "R", &out));
	ck_assert_uint_eq(out.len, 0);
	civil_buf_release(&out);
}
END_TEST

Suite *suite_encoded(void)
{
	Suite *s = suite_create("encoded");
	TCase *tc = tcase_create("encoded");

	tcase_add_test(tc, qp_lines_added);
	tcase_add_test(tc, base64_lines_added);
	tcase_add_test(tc, base64_refused);
	suite_add_tcase(s, tc);
	return s;
}
