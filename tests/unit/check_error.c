// SPDX-License-Identifier: GPL-2.0-or-later
#include "unit.h"

START_TEST(set_and_clear)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	ck_assert_int_eq(civil_error_set(&err, CIVIL_STATUS_NOT_MAIL,
					 "'%s' is empty", "x"),
			 CIVIL_STATUS_NOT_MAIL);
	ck_assert_str_eq(err.message, "'x' is empty");
	civil_error_set(&err, CIVIL_STATUS_FILE_ERROR, "second");
	ck_assert_str_eq(err.message, "second");
	civil_error_clear(&err);
	ck_assert_ptr_null(err.message);
	ck_assert_int_eq(err.status, CIVIL_STATUS_SUCCESS);
	/* A NULL error is allowed: the status still comes back. */
	ck_assert_int_eq(civil_error_set(NULL, CIVIL_STATUS_USAGE, "x"),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(civil_status_to_string(CIVIL_STATUS_NOT_MAIL),
			 "not a mail message");
	/* Always one line, whatever a library said. */
	civil_error_set(&err, CIVIL_STATUS_DATABASE_ERROR, "bad: %s",
			"first line\nQuery was: x\n\n");
	ck_assert_str_eq(err.message, "bad: first line; Query was: x");
	civil_error_clear(&err);
}
END_TEST

Suite *suite_error(void)
{
	Suite *s = suite_create("error");
	TCase *tc = tcase_create("error");

	tcase_add_test(tc, set_and_clear);
	suite_add_tcase(s, tc);
	return s;
}
