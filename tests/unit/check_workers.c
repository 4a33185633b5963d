// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>

#include "internal.h"
#include "unit.h"

#define JOBS 2000

struct job {
	int in, out, runs;
};

static void square(void *p, void *arg)
{
	struct job *j = p;

	j->out = j->in * j->in + *(int *)arg;
	j->runs++;
}

/* Every job runs once, whatever the number of threads and however small
 * the queue (push must wait for room, finish for the last job). */
START_TEST(every_job_once)
{
	static const unsigned threads[] = { 1, 2, 5 };
	static const size_t queues[] = { 1, 3, 64 };
	int plus = 7;

	for (size_t t = 0; t < 3; t++) {
		for (size_t q = 0; q < 3; q++) {
			struct job *v = calloc(JOBS, sizeof(*v));
			civil_workers_t *w;

			ck_assert_ptr_nonnull(v);
			w = civil_workers_start(threads[t], queues[q], square,
						&plus);
			ck_assert_ptr_nonnull(w);
			for (int i = 0; i < JOBS; i++) {
				v[i].in = i;
				civil_workers_push(w, &v[i]);
			}
			civil_workers_finish(w);
			for (int i = 0; i < JOBS; i++) {
				ck_assert_int_eq(v[i].runs, 1);
				ck_assert_int_eq(v[i].out, i * i + 7);
			}
			free(v);
		}
	}
}
END_TEST

START_TEST(none_asked_for)
{
	ck_assert_ptr_null(civil_workers_start(0, 8, square, NULL));
	ck_assert_ptr_null(civil_workers_start(2, 0, square, NULL));
	civil_workers_finish(NULL);
}
END_TEST

Suite *suite_workers(void)
{
	Suite *s = suite_create("workers");
	TCase *tc = tcase_create("workers");

	tcase_add_test(tc, every_job_once);
	tcase_add_test(tc, none_asked_for);
	suite_add_tcase(s, tc);
	return s;
}
