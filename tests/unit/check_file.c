// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>
#include <sys/stat.h>

#include "unit.h"

START_TEST(replace_keeps_mode)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct stat sb;

	unit_write(dir, "m.eml", "old\n");
	civil_buf_addf(&path, "%s/m.eml", dir);
	chmod(path.buf, 0640);
	ck_assert_int_eq(civil_file_replace(path.buf, "new\n", 4, &err), 0);
	ck_assert_int_eq(civil_file_read(path.buf, &b, &err), 0);
	ck_assert_str_eq(b.buf, "new\n");
	stat(path.buf, &sb);
	ck_assert_int_eq(sb.st_mode & 07777, 0640);
	civil_buf_release(&b);
	civil_buf_release(&path);
}
END_TEST

START_TEST(replace_refuses_read_only)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	unit_write(dir, "ro.eml", "old\n");
	civil_buf_addf(&path, "%s/ro.eml", dir);
	chmod(path.buf, 0444);
	ck_assert_int_eq(civil_file_replace(path.buf, "new\n", 4, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert(strstr(err.message, "file is read-only"));
	ck_assert_int_eq(civil_file_read(path.buf, &b, NULL), 0);
	ck_assert_str_eq(b.buf, "old\n");
	civil_error_clear(&err);
	civil_buf_release(&b);
	civil_buf_release(&path);
}
END_TEST

START_TEST(create_never_clobbers)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct stat sb;

	civil_buf_addf(&path, "%s/draft.eml", dir);
	ck_assert_int_eq(civil_file_create(path.buf, "a", 1, 0600, false, &err),
			 0);
	stat(path.buf, &sb);
	ck_assert_int_eq(sb.st_mode & 07777, 0600);
	ck_assert_int_eq(civil_file_create(path.buf, "b", 1, 0600, false, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert(strstr(err.message, "File exists"));
	civil_error_clear(&err);
	ck_assert_int_eq(civil_file_read(path.buf, &b, NULL), 0);
	ck_assert_str_eq(b.buf, "a");
	ck_assert_int_eq(civil_file_create(path.buf, "c", 1, 0600, true, &err),
			 0);
	civil_buf_reset(&b);
	civil_file_read(path.buf, &b, NULL);
	ck_assert_str_eq(b.buf, "c");
	civil_buf_release(&b);
	civil_buf_release(&path);
}
END_TEST

START_TEST(read_names_the_file)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	ck_assert_int_eq(civil_file_read("/nonexistent/x", &b, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert_str_eq(
		err.message,
		"can't open '/nonexistent/x': No such file or directory");
	civil_error_clear(&err);
	ck_assert_int_eq(civil_file_read("/", &b, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert_str_eq(err.message, "can't read '/': Is a directory");
	civil_error_clear(&err);
}
END_TEST

/* Bytes added at the end go into the same file; anything else replaces. */
START_TEST(update_appends_in_place)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct stat before, after;

	unit_write(dir, "u.eml", "abc\n");
	civil_buf_addf(&path, "%s/u.eml", dir);
	chmod(path.buf, 0640);
	stat(path.buf, &before);
	ck_assert_int_eq(civil_file_update(path.buf, "abc\n", 4,
					   "abc\n-- \nx\n", 10, &err),
			 0);
	stat(path.buf, &after);
	ck_assert(before.st_ino == after.st_ino);
	ck_assert_int_eq(after.st_mode & 07777, 0640);
	ck_assert_int_eq(civil_file_read(path.buf, &b, &err), 0);
	ck_assert_str_eq(b.buf, "abc\n-- \nx\n");

	/* Not a pure addition at the end: a new file, renamed over. */
	ck_assert_int_eq(
		civil_file_update(path.buf, b.buf, b.len, "xbc\n", 4, &err), 0);
	stat(path.buf, &before);
	ck_assert(before.st_ino != after.st_ino);
	civil_buf_reset(&b);
	ck_assert_int_eq(civil_file_read(path.buf, &b, &err), 0);
	ck_assert_str_eq(b.buf, "xbc\n");
	civil_buf_release(&b);
	civil_buf_release(&path);
}
END_TEST

START_TEST(update_refuses_a_changed_or_read_only_file)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	/* Grown since it was read: appending would land in the wrong place. */
	unit_write(dir, "g.eml", "abc\nmore\n");
	civil_buf_addf(&path, "%s/g.eml", dir);
	ck_assert_int_eq(
		civil_file_update(path.buf, "abc\n", 4, "abc\nR\n", 6, &err),
		CIVIL_STATUS_FILE_ERROR);
	ck_assert(strstr(err.message, "changed while civil read it"));
	ck_assert(strstr(err.message, path.buf));
	civil_error_clear(&err);
	ck_assert_int_eq(civil_file_read(path.buf, &b, NULL), 0);
	ck_assert_str_eq(b.buf, "abc\nmore\n");

	chmod(path.buf, 0444);
	ck_assert_int_eq(civil_file_update(path.buf, b.buf, b.len,
					   "abc\nmore\nR\n", 11, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert(strstr(err.message, "file is read-only"));
	civil_error_clear(&err);
	civil_buf_reset(&b);
	ck_assert_int_eq(civil_file_read(path.buf, &b, NULL), 0);
	ck_assert_str_eq(b.buf, "abc\nmore\n");
	civil_buf_release(&b);
	civil_buf_release(&path);
}
END_TEST

Suite *suite_file(void)
{
	Suite *s = suite_create("file");
	TCase *tc = tcase_create("file");

	tcase_add_test(tc, replace_keeps_mode);
	tcase_add_test(tc, replace_refuses_read_only);
	tcase_add_test(tc, create_never_clobbers);
	tcase_add_test(tc, update_appends_in_place);
	tcase_add_test(tc, update_refuses_a_changed_or_read_only_file);
	tcase_add_test(tc, read_names_the_file);
	suite_add_tcase(s, tc);
	return s;
}
