// SPDX-License-Identifier: GPL-2.0-or-later
#include "unit.h"

START_TEST(escapes)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	civil_json_string(&b, "a\"b\\c\nd\te\001 \xff ü");
	ck_assert_str_eq(b.buf,
			 "\"a\\\"b\\\\c\\nd\\te\\u0001 \xef\xbf\xbd ü\"");
	civil_buf_reset(&b);
	civil_json_string(&b, NULL);
	ck_assert_str_eq(b.buf, "\"\"");
	civil_buf_release(&b);
}
END_TEST

Suite *suite_json(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");

	tcase_add_test(tc, escapes);
	suite_add_tcase(s, tc);
	return s;
}
