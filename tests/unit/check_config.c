// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

START_TEST(remind_modes)
{
	civil_remind_mode_t m;

	ck_assert_int_eq(civil_remind_mode_parse("Replies", &m), 0);
	ck_assert_int_eq(m, CIVIL_REMIND_REPLIES);
	ck_assert_int_eq(civil_remind_mode_parse("off", &m), 0);
	ck_assert_int_eq(m, CIVIL_REMIND_OFF);
	ck_assert_int_eq(civil_remind_mode_parse("sometimes", &m),
			 CIVIL_STATUS_CONFIG_ERROR);
}
END_TEST

START_TEST(reads_repository_config)
{
	const char *dir = unit_tmpdir();
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *repo;
	civil_config_t cfg;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_git(dir, (const char *[]){ "config", "civil.contact",
					"me@kernel-test.invalid", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.remind", "all", NULL });
	unit_git(dir, (const char *[]){ "config", "user.email",
					"u@kernel-test.invalid", NULL });
	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	ck_assert_int_eq(civil_config_load(&cfg, repo, &err), 0);
	ck_assert_str_eq(cfg.contact, "me@kernel-test.invalid");
	ck_assert_str_eq(cfg.user_email, "u@kernel-test.invalid");
	ck_assert_int_eq(cfg.remind, CIVIL_REMIND_ALL);
	ck_assert_ptr_null(cfg.reminder);
	civil_config_release(&cfg);

	unit_git(dir,
		 (const char *[]){ "config", "civil.remind", "bogus", NULL });
	ck_assert_int_eq(civil_config_load(&cfg, repo, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "bad civil.remind 'bogus'"));
	/* The rest still loaded, the default kept. */
	ck_assert_int_eq(cfg.remind, CIVIL_REMIND_REVIEWS);
	ck_assert_str_eq(cfg.contact, "me@kernel-test.invalid");
	civil_error_clear(&err);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

START_TEST(no_repository_reads_global)
{
	civil_config_t cfg;

	ck_assert_int_eq(civil_config_load(&cfg, NULL, NULL), 0);
	ck_assert_int_eq(cfg.remind, CIVIL_REMIND_REVIEWS);
	civil_config_release(&cfg);
}
END_TEST

/* The tone is civil.tone: $CIVIL_TONE is the commands' to read. */
START_TEST(tone_from_config_only)
{
	const char *dir = unit_tmpdir();
	civil_repo_t *repo;
	civil_config_t cfg;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.tone", "reject", NULL });
	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	setenv("CIVIL_TONE", "off", 1);
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL), 0);
	unsetenv("CIVIL_TONE");
	ck_assert_int_eq(cfg.tone, CIVIL_TONE_REJECT);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

Suite *suite_config(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, remind_modes);
	tcase_add_test(tc, reads_repository_config);
	tcase_add_test(tc, no_repository_reads_global);
	tcase_add_test(tc, tone_from_config_only);
	suite_add_tcase(s, tc);
	return s;
}
