// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define OLD_REMINDER                                                           \
	"Reviewed under X: keep it civil and technical.\n"                     \
	"Concerns: <old@kernel-test.invalid>"
#define NEW_REMINDER                                                           \
	"Reviewed under X: keep it civil and technical.\n"                     \
	"Concerns: <new@kernel-test.invalid>"

START_TEST(template_path_beside_the_config)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, want = CIVIL_BUF_INIT;
	civil_repo_t *repo = NULL;
	char *real;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	ck_assert_int_eq(civil_b4_template_path(repo, "/unused", &path, NULL),
			 0);
	real = realpath(dir, NULL);
	civil_buf_addf(&want, "%s/.git/civil-b4-review-reply-template", real);
	ck_assert_str_eq(path.buf, want.buf);
	civil_repo_free(repo);
	ck_assert_int_eq(
		civil_b4_template_path(NULL, "/xdg/civil", &path, NULL), 0);
	ck_assert_str_eq(path.buf, "/xdg/civil/b4-review-reply-template");
	ck_assert_int_eq(civil_b4_template_path(NULL, NULL, &path, NULL),
			 CIVIL_STATUS_CONFIG_ERROR);
	free(real);
	civil_buf_release(&path);
	civil_buf_release(&want);
}
END_TEST

/* civil's template is written anew when its reminder is not the one that
 * applies; a template that is not civil's is never touched. */
START_TEST(refresh_only_ours_only_when_stale)
{
	const char *dir = unit_tmpdir();
	struct civil_buf path = CIVIL_BUF_INIT, got = CIVIL_BUF_INIT;
	char *old = civil_b4_reply_template(OLD_REMINDER);
	char *want = civil_b4_reply_template(NEW_REMINDER);
	bool ours, changed;

	civil_buf_addf(&path, "%s/tpl", dir);
	unit_write(dir, "tpl", old);
	ck_assert_int_eq(civil_b4_template_refresh(path.buf, OLD_REMINDER,
						   &ours, &changed, NULL),
			 0);
	ck_assert(ours && !changed);
	ck_assert_int_eq(civil_b4_template_refresh(path.buf, NEW_REMINDER,
						   &ours, &changed, NULL),
			 0);
	ck_assert(ours && changed);
	ck_assert_int_eq(civil_file_read(path.buf, &got, NULL), 0);
	ck_assert_str_eq(got.buf, want);

	unit_write(dir, "tpl", "Hi ${firstname},\n\n${reply}\n");
	ck_assert_int_eq(civil_b4_template_refresh(path.buf, NEW_REMINDER,
						   &ours, &changed, NULL),
			 0);
	ck_assert(!ours && !changed);
	civil_buf_reset(&got);
	ck_assert_int_eq(civil_file_read(path.buf, &got, NULL), 0);
	ck_assert_str_eq(got.buf, "Hi ${firstname},\n\n${reply}\n");
	civil_buf_reset(&path);
	civil_buf_addf(&path, "%s/none", dir);
	ck_assert_int_eq(civil_b4_template_refresh(path.buf, NEW_REMINDER,
						   &ours, &changed, NULL),
			 0);
	ck_assert(!ours && !changed);
	free(old);
	free(want);
	civil_buf_release(&path);
	civil_buf_release(&got);
}
END_TEST

Suite *suite_b4(void)
{
	Suite *s = suite_create("b4");
	TCase *tc = tcase_create("b4");

	tcase_add_test(tc, template_path_beside_the_config);
	tcase_add_test(tc, refresh_only_ours_only_when_stale);
	suite_add_tcase(s, tc);
	return s;
}
