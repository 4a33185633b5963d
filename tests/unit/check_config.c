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
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err), 0);
	ck_assert_str_eq(cfg.contact, "me@kernel-test.invalid");
	ck_assert_str_eq(cfg.user_email, "u@kernel-test.invalid");
	ck_assert_int_eq(cfg.remind, CIVIL_REMIND_ALL);
	ck_assert_ptr_null(cfg.reminder);
	civil_config_release(&cfg);

	unit_git(dir,
		 (const char *[]){ "config", "civil.remind", "bogus", NULL });
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_str_eq(err.message, "git config civil.remind: 'bogus' is "
				      "not reviews, replies, all or off");
	ck_assert_str_eq(civil_config_get_problem(&cfg), err.message);
	/* The rest still loaded, the default kept. */
	ck_assert_int_eq(cfg.remind, CIVIL_REMIND_REVIEWS);
	ck_assert_str_eq(cfg.contact, "me@kernel-test.invalid");
	civil_error_clear(&err);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

/* Issue 24 item 3: a typo never weakens a setting.  Every civil.* key
 * and value is checked, the one git uses (the last). */
START_TEST(typos_named)
{
	static const char *const cases[][3] = {
		{ "civil.remnd", "off",
		  "git config civil.remnd: no such setting (civil has "
		  "contact, reminder, remind, tone, threshold, review, "
		  "lexicon, sendmail and repository)" },
		{ "civil.tone", "rejct",
		  "git config civil.tone: 'rejct' is not warn, reject or off" },
		{ "civil.threshold", "2,5",
		  "git config civil.threshold: '2,5' is not a number over 0 "
		  "and under 5" },
		{ "civil.review", "-1",
		  "git config civil.review: '-1' is not a number over 0 and "
		  "under 5" },
		{ "civil.review", "4.99",
		  "git config civil.review: 4.99 is not under "
		  "civil.threshold (" },
		{ "civil.lexicon", "/nonexistent/lexicon",
		  "git config civil.lexicon: can't read "
		  "'/nonexistent/lexicon': "
		  "No such file or directory" },
		{ "civil.Sub.tone", "reject",
		  "git config civil.Sub.tone: no such setting" },
	};
	civil_error_t err = CIVIL_ERROR_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const char *dir = unit_tmpdir();
		civil_repo_t *repo;
		civil_config_t cfg;

		unit_git(dir, (const char *[]){ "init", "-q", NULL });
		unit_git(dir, (const char *[]){ "config", cases[i][0],
						cases[i][1], NULL });
		ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
		ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err),
				 CIVIL_STATUS_CONFIG_ERROR);
		ck_assert_msg(
			!strncmp(err.message, cases[i][2], strlen(cases[i][2])),
			"%s", err.message);
		ck_assert_int_eq(cfg.tone, CIVIL_TONE_WARN);
		ck_assert_int_eq(cfg.heat_problem,
				 !strcmp(cases[i][0], "civil.threshold") ||
					 !strcmp(cases[i][0], "civil.review") ||
					 !strcmp(cases[i][0], "civil.lexicon"));
		civil_error_clear(&err);
		civil_config_release(&cfg);
		civil_repo_free(repo);
	}
}
END_TEST

/* civil.review: "worth a look" from there, under civil.threshold; its
 * default under the default threshold; a threshold set under the default
 * review level names civil.review, and the level kept is under it. */
START_TEST(review_level)
{
	const char *dir = unit_tmpdir();
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *repo;
	civil_config_t cfg;

	civil_config_defaults(&cfg);
	ck_assert(civil_config_get_review(&cfg) == CIVIL_HEAT_REVIEW);
	ck_assert(CIVIL_HEAT_REVIEW < CIVIL_HEAT_THRESHOLD);
	civil_config_release(&cfg);

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.review", "1.25", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.threshold", "3", NULL });
	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err), 0);
	ck_assert(civil_config_get_review(&cfg) == 1.25);
	ck_assert(civil_config_get_threshold(&cfg) == 3);
	civil_config_release(&cfg);

	unit_git(dir,
		 (const char *[]){ "config", "--unset", "civil.review", NULL });
	unit_git(dir,
		 (const char *[]){ "config", "civil.threshold", "0.01", NULL });
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	{
		char want[160];

		snprintf(want, sizeof(want),
			 "git config civil.review: the default %.2f is not "
			 "under civil.threshold (0.01): set civil.review lower",
			 CIVIL_HEAT_REVIEW);
		ck_assert_str_eq(err.message, want);
	}
	ck_assert(cfg.heat_problem);
	ck_assert(civil_config_get_review(&cfg) < 0.01);
	civil_error_clear(&err);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

/* Only the value git uses counts: a bad one before it is not. */
START_TEST(last_value_counts)
{
	const char *dir = unit_tmpdir();
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *repo;
	civil_config_t cfg;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_git(dir, (const char *[]){ "config", "--add", "civil.tone",
					"rejct", NULL });
	unit_git(dir, (const char *[]){ "config", "--add", "civil.tone",
					"reject", NULL });
	unit_git(dir, (const char *[]){ "config", "--add", "civil.remind",
					"all", NULL });
	unit_git(dir, (const char *[]){ "config", "--add", "civil.remind",
					"bogus", NULL });
	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_int_eq(cfg.tone, CIVIL_TONE_REJECT);
	ck_assert_str_eq(err.message, "git config civil.remind: 'bogus' is "
				      "not reviews, replies, all or off");
	civil_error_clear(&err);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

START_TEST(no_repository_reads_global)
{
	civil_config_t cfg;

	ck_assert_int_eq(civil_config_load(&cfg, NULL, NULL, NULL), 0);
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
	ck_assert_int_eq(civil_config_load(&cfg, repo, NULL, NULL), 0);
	unsetenv("CIVIL_TONE");
	ck_assert_int_eq(cfg.tone, CIVIL_TONE_REJECT);
	civil_config_release(&cfg);
	civil_repo_free(repo);
}
END_TEST

/* git -c's settings, as git hands them to its hooks in
 * GIT_CONFIG_PARAMETERS: quoted, a quote in a value, the old form, and a
 * key's case as git reads it; over GIT_CONFIG_COUNT's, which are over the
 * files'. */
START_TEST(settings_in_the_environment)
{
	const char *env[] = {
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_CONFIG_COUNT=2",
		"GIT_CONFIG_KEY_0=civil.tone",
		"GIT_CONFIG_VALUE_0=warn",
		"GIT_CONFIG_KEY_1=civil.contact",
		"GIT_CONFIG_VALUE_1=count@x",
		"GIT_CONFIG_PARAMETERS='Civil.Tone'='reject' "
		"'civil.contact=it'\\''s@x'  'user.name'='O'\\''Brien'",
		NULL,
	};
	const char *bad[] = { "GIT_CONFIG_GLOBAL=/dev/null",
			      "GIT_CONFIG_PARAMETERS='civil.tone'=reject",
			      NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_config_t cfg;

	ck_assert_int_eq(civil_config_load(&cfg, NULL, env, &err), 0);
	ck_assert_int_eq(cfg.tone, CIVIL_TONE_REJECT);
	ck_assert_str_eq(cfg.contact, "it's@x");
	ck_assert_str_eq(cfg.user_name, "O'Brien");
	civil_config_release(&cfg);
	env[7] = NULL;
	ck_assert_int_eq(civil_config_load(&cfg, NULL, env, &err), 0);
	ck_assert_int_eq(cfg.tone, CIVIL_TONE_WARN);
	ck_assert_str_eq(cfg.contact, "count@x");
	civil_config_release(&cfg);
	ck_assert_int_eq(civil_config_load(&cfg, NULL, bad, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_ptr_nonnull(strstr(err.message, "GIT_CONFIG_PARAMETERS"));
	ck_assert_str_eq(cfg.problem, err.message);
	civil_error_clear(&err);
	civil_config_release(&cfg);
}
END_TEST

Suite *suite_config(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, remind_modes);
	tcase_add_test(tc, reads_repository_config);
	tcase_add_test(tc, typos_named);
	tcase_add_test(tc, review_level);
	tcase_add_test(tc, last_value_counts);
	tcase_add_test(tc, no_repository_reads_global);
	tcase_add_test(tc, tone_from_config_only);
	tcase_add_test(tc, settings_in_the_environment);
	suite_add_tcase(s, tc);
	return s;
}
