// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

START_TEST(repository_config_and_code)
{
	const char *dir = unit_tmpdir();
	struct civil_buf warnings = CIVIL_BUF_INIT;
	civil_context_t ctx;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, "CODE_OF_CONDUCT.md", "Contact coc@proj.invalid.\n");
	unit_git(dir, (const char *[]){ "add", ".", NULL });
	unit_git(dir, (const char *[]){ "commit", "-q", "-m", "c", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.remind", "nope", NULL });
	ck_assert_int_eq(civil_context_open(&ctx, dir, &warnings, NULL), 0);
	ck_assert_ptr_nonnull(ctx.repo);
	ck_assert_str_eq(ctx.code.contact, "coc@proj.invalid");
	ck_assert(strstr(civil_buf_str(&warnings), "bad civil.remind"));
	civil_context_close(&ctx);
	civil_buf_release(&warnings);
}
END_TEST

START_TEST(named_path_must_be_a_repository)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_context_t ctx;

	ck_assert_int_eq(civil_context_open(&ctx, unit_tmpdir(), NULL, &err),
			 CIVIL_STATUS_NO_REPOSITORY);
	ck_assert(strstr(err.message, "not a git repository"));
	civil_error_clear(&err);
}
END_TEST

/* Outside any tree (emacs runs its sendmail from "/"), civil.repository
 * names the tree whose code and settings apply. */
START_TEST(named_tree_outside_any_tree)
{
	const char *dir = unit_tmpdir();
	struct civil_buf warnings = CIVIL_BUF_INIT;
	char *cwd = getcwd(NULL, 0);
	civil_context_t ctx;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, "CODE_OF_CONDUCT.md", "Contact coc@proj.invalid.\n");
	unit_git(dir, (const char *[]){ "add", ".", NULL });
	unit_git(dir, (const char *[]){ "commit", "-q", "-m", "c", NULL });
	unit_git(dir, (const char *[]){ "config", "--global",
					"civil.repository", dir, NULL });
	ck_assert_int_eq(chdir("/"), 0);
	ck_assert_int_eq(civil_context_open(&ctx, NULL, &warnings, NULL), 0);
	ck_assert_ptr_nonnull(ctx.repo);
	ck_assert_str_eq(ctx.code.contact, "coc@proj.invalid");
	ck_assert_str_eq(civil_buf_str(&warnings), "");
	civil_context_close(&ctx);
	unit_git(dir,
		 (const char *[]){ "config", "--global", "civil.repository",
				   "/nonexistent", NULL });
	ck_assert_int_eq(civil_context_open(&ctx, NULL, &warnings, NULL), 0);
	ck_assert_ptr_null(ctx.repo);
	ck_assert_str_eq(ctx.code.contact, CIVIL_DEFAULT_CONTACT);
	ck_assert(strstr(civil_buf_str(&warnings), "civil.repository: "));
	civil_context_close(&ctx);
	unit_git(dir, (const char *[]){ "config", "--global", "--unset",
					"civil.repository", NULL });
	ck_assert_int_eq(chdir(cwd), 0);
	free(cwd);
	civil_buf_release(&warnings);
}
END_TEST

Suite *suite_context(void)
{
	Suite *s = suite_create("context");
	TCase *tc = tcase_create("context");

	tcase_add_test(tc, repository_config_and_code);
	tcase_add_test(tc, named_path_must_be_a_repository);
	tcase_add_test(tc, named_tree_outside_any_tree);
	suite_add_tcase(s, tc);
	return s;
}
