// SPDX-License-Identifier: GPL-2.0-or-later
/* check_init.c - init.c: the version, and starting libgit2 once from
 * whichever threads ask first. */
#include <pthread.h>
#include <stdio.h>

#include "unit.h"

/* lib/internal.h, which the suites do not include. */
void civil_git_start(void);

START_TEST(versions)
{
	char numbers[32];

	ck_assert_str_eq(civil_version(), CIVIL_VERSION);
	snprintf(numbers, sizeof(numbers), "%d.%d.%d", LIBCIVIL_MAJOR_VERSION,
		 LIBCIVIL_MINOR_VERSION, LIBCIVIL_MICRO_VERSION);
	ck_assert_str_eq(numbers, CIVIL_VERSION);
	ck_assert(LIBCIVIL_CHECK_VERSION(LIBCIVIL_MAJOR_VERSION,
					 LIBCIVIL_MINOR_VERSION,
					 LIBCIVIL_MICRO_VERSION));
	ck_assert(LIBCIVIL_CHECK_VERSION(0, 0, 99));
	ck_assert(!LIBCIVIL_CHECK_VERSION(LIBCIVIL_MAJOR_VERSION,
					  LIBCIVIL_MINOR_VERSION,
					  LIBCIVIL_MICRO_VERSION + 1));
	ck_assert(!LIBCIVIL_CHECK_VERSION(LIBCIVIL_MAJOR_VERSION,
					  LIBCIVIL_MINOR_VERSION + 1, 0));
	ck_assert(!LIBCIVIL_CHECK_VERSION(LIBCIVIL_MAJOR_VERSION + 1, 0, 0));
}
END_TEST

static void *start_git(void *arg)
{
	civil_repo_t *repo = NULL;

	civil_git_start();
	/* libgit2 answers once started: "not a repository", not a crash. */
	*(int *)arg = civil_repo_open("/", &repo, NULL);
	civil_repo_free(repo);
	return NULL;
}

START_TEST(git_started_from_threads)
{
	pthread_t t[4];
	int st[4];

	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, start_git, &st[i]),
				 0);
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		ck_assert_int_eq(st[i], CIVIL_STATUS_NO_REPOSITORY);
	}
}
END_TEST

Suite *suite_init(void)
{
	Suite *s = suite_create("init");
	TCase *tc = tcase_create("init");

	tcase_add_test(tc, versions);
	tcase_add_test(tc, git_started_from_threads);
	suite_add_tcase(s, tc);
	return s;
}
