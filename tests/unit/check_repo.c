// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

static void read_code(const char *path)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_repo_t *repo;
	char *oid = NULL;

	ck_assert_int_eq(civil_repo_open(path, &repo, NULL), 0);
	ck_assert_int_eq(civil_repo_read_head_file(repo, "Documentation/Code",
						   &b, &oid, NULL),
			 0);
	ck_assert_str_eq(b.buf, "be nice\n");
	ck_assert_uint_eq(strlen(oid), 40);
	ck_assert_int_eq(
		civil_repo_read_head_file(repo, "nope", &b, &oid, NULL),
		CIVIL_STATUS_NOT_FOUND);
	/* A directory is not a file. */
	ck_assert_int_eq(civil_repo_read_head_file(repo, "Documentation", &b,
						   &oid, NULL),
			 CIVIL_STATUS_NOT_FOUND);
	/* The id is the caller's; none wanted is fine. */
	ck_assert_uint_eq(strlen(oid), 40);
	ck_assert_int_eq(civil_repo_read_head_file(repo, "Documentation/Code",
						   &b, NULL, NULL),
			 0);
	free(oid);
	civil_repo_free(repo);
	civil_buf_release(&b);
}

START_TEST(plain_bare_and_worktree)
{
	const char *dir = unit_tmpdir();
	struct civil_buf p = CIVIL_BUF_INIT;

	civil_buf_addf(&p, "%s/work", dir);
	unit_git(dir, (const char *[]){ "init", "-q", "work", NULL });
	unit_write(p.buf, "Documentation/Code", "be nice\n");
	unit_git(p.buf, (const char *[]){ "add", ".", NULL });
	unit_git(p.buf, (const char *[]){ "commit", "-q", "-m", "c", NULL });
	read_code(p.buf);
	/* From a subdirectory, discovery finds the top. */
	civil_buf_addf(&p, "/Documentation");
	read_code(p.buf);

	unit_git(dir, (const char *[]){ "clone", "-q", "--bare", "work",
					"bare.git", NULL });
	civil_buf_reset(&p);
	civil_buf_addf(&p, "%s/bare.git", dir);
	read_code(p.buf);

	civil_buf_reset(&p);
	civil_buf_addf(&p, "%s/work", dir);
	unit_git(p.buf, (const char *[]){ "worktree", "add", "-q", "../linked",
					  NULL });
	civil_buf_reset(&p);
	civil_buf_addf(&p, "%s/linked", dir);
	read_code(p.buf);
	civil_buf_release(&p);
}
END_TEST

START_TEST(not_a_repository)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *repo = NULL;

	ck_assert_int_eq(civil_repo_open(unit_tmpdir(), &repo, &err),
			 CIVIL_STATUS_NO_REPOSITORY);
	ck_assert_ptr_null(repo);
	ck_assert(strstr(err.message, "not a git repository"));
	civil_error_clear(&err);
}
END_TEST

START_TEST(git_dir_from_environment)
{
	const char *dir = unit_tmpdir();
	struct civil_buf gd = CIVIL_BUF_INIT;
	civil_repo_t *repo = NULL;
	char *cwd = getcwd(NULL, 0);

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	civil_buf_addf(&gd, "%s/.git", dir);
	/* As git send-email runs its hook: GIT_DIR set, cwd elsewhere. */
	setenv("GIT_DIR", gd.buf, 1);
	ck_assert_int_eq(chdir("/"), 0);
	ck_assert_int_eq(civil_repo_open_env(&repo, NULL), 0);
	ck_assert(strstr(civil_repo_get_path(repo), dir));
	civil_repo_free(repo);
	/* Only when asked: civil_repo_open looks where it is told. */
	ck_assert_int_eq(civil_repo_open(NULL, &repo, NULL),
			 CIVIL_STATUS_NO_REPOSITORY);
	ck_assert_ptr_null(repo);
	unsetenv("GIT_DIR");
	ck_assert_int_eq(chdir(cwd), 0);
	free(cwd);
	civil_buf_release(&gd);
}
END_TEST

Suite *suite_repo(void)
{
	Suite *s = suite_create("repo");
	TCase *tc = tcase_create("repo");

	tcase_add_test(tc, plain_bare_and_worktree);
	tcase_add_test(tc, not_a_repository);
	tcase_add_test(tc, git_dir_from_environment);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
