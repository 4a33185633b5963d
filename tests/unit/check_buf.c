// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "unit.h"

START_TEST(grows_and_formats)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	ck_assert_str_eq(civil_buf_str(&b), "");
	for (int i = 0; i < 1000; i++)
		civil_buf_addf(&b, "%d,", i);
	ck_assert_uint_eq(b.len, strlen(b.buf));
	ck_assert(!strncmp(b.buf, "0,1,2,", 6));
	ck_assert(strstr(b.buf, ",999,"));
	civil_buf_reset(&b);
	ck_assert_uint_eq(b.len, 0);
	civil_buf_add(&b, "a\0b", 3);
	ck_assert_uint_eq(b.len, 3);
	civil_buf_release(&b);
}
END_TEST

START_TEST(detach_hands_over)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char *s;

	s = civil_buf_detach(&b);
	ck_assert_str_eq(s, "");
	free(s);
	civil_buf_adds(&b, "hello");
	civil_buf_addch(&b, '!');
	s = civil_buf_detach(&b);
	ck_assert_str_eq(s, "hello!");
	ck_assert_ptr_null(b.buf);
	free(s);
}
END_TEST

Suite *suite_buf(void)
{
	Suite *s = suite_create("buf");
	TCase *tc = tcase_create("buf");

	tcase_add_test(tc, grows_and_formats);
	tcase_add_test(tc, detach_hands_over);
	suite_add_tcase(s, tc);
	return s;
}
