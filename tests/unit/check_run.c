// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "unit.h"

START_TEST(feeds_and_collects)
{
	const char *argv[] = { "tr", "a-z", "A-Z", NULL };
	struct civil_buf out = CIVIL_BUF_INIT, in = CIVIL_BUF_INIT;
	int status = -1;

	/* More than a pipe holds both ways, to prove nothing deadlocks. */
	for (int i = 0; i < 200000; i++)
		civil_buf_adds(&in, "abc\n");
	ck_assert_int_eq(
		civil_run(argv, NULL, in.buf, in.len, &out, &status, NULL), 0);
	ck_assert_int_eq(status, 0);
	ck_assert_uint_eq(out.len, in.len);
	ck_assert(!strncmp(out.buf, "ABC\nABC\n", 8));
	civil_buf_release(&out);
	civil_buf_release(&in);
}
END_TEST

START_TEST(exit_status_and_missing_program)
{
	const char *fail[] = { "sh", "-c", "exit 3", NULL };
	const char *none[] = { "civil-no-such-program", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	int status = -1;

	ck_assert_int_eq(civil_run(fail, NULL, NULL, 0, NULL, &status, &err),
			 0);
	ck_assert_int_eq(status, 3);
	ck_assert_int_eq(civil_run(none, NULL, NULL, 0, NULL, &status, &err),
			 CIVIL_STATUS_RUN_ERROR);
	ck_assert_str_eq(err.message, "can't run 'civil-no-such-program': "
				      "No such file or directory");
	civil_error_clear(&err);
}
END_TEST

START_TEST(runs_in_dir)
{
	const char *argv[] = { "pwd", NULL };
	struct civil_buf out = CIVIL_BUF_INIT;

	ck_assert_int_eq(civil_run(argv, "/", NULL, 0, &out, NULL, NULL), 0);
	ck_assert_str_eq(out.buf, "/\n");
	civil_buf_release(&out);
}
END_TEST

START_TEST(captures_stderr)
{
	const char *argv[] = { "sh", "-c",
			       "echo out; echo complaint >&2; "
			       "exit 128",
			       NULL };
	struct civil_buf out = CIVIL_BUF_INIT, errout = CIVIL_BUF_INIT;
	int status = -1;

	ck_assert_int_eq(civil_run_capture(argv, NULL, NULL, 0, &out, &errout,
					   &status, NULL),
			 0);
	ck_assert_int_eq(status, 128);
	ck_assert_str_eq(out.buf, "out\n");
	ck_assert_str_eq(errout.buf, "complaint\n");
	civil_buf_release(&out);
	civil_buf_release(&errout);
}
END_TEST

Suite *suite_run(void)
{
	Suite *s = suite_create("run");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, feeds_and_collects);
	tcase_add_test(tc, exit_status_and_missing_program);
	tcase_add_test(tc, captures_stderr);
	tcase_add_test(tc, runs_in_dir);
	suite_add_tcase(s, tc);
	return s;
}
