// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * workers.c - a few threads that run one function over jobs handed to
 * them through a small bounded queue.  Plain pthreads, so that the
 * sanitizers see every hand-over (GLib's futex-based locks they do not).
 */
#include <pthread.h>
#include <stdlib.h>

#include "util.h"

struct civil_workers {
	pthread_mutex_t lock;
	pthread_cond_t can_take; /* a job waits, or closing */
	pthread_cond_t can_put;	 /* the queue has room */
	void **ring;
	size_t cap, head, len;
	bool closing;
	civil_work_fn fn;
	void *arg;
	pthread_t *threads;
	unsigned n;
};

static void *work(void *p)
{
	struct civil_workers *w = p;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		void *job;

		while (!w->len && !w->closing)
			pthread_cond_wait(&w->can_take, &w->lock);
		if (!w->len)
			break;
		job = w->ring[w->head];
		w->head = (w->head + 1) % w->cap;
		w->len--;
		pthread_cond_signal(&w->can_put);
		pthread_mutex_unlock(&w->lock);
		w->fn(job, w->arg);
		pthread_mutex_lock(&w->lock);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

civil_workers_t *civil_workers_start(unsigned n, size_t queue, civil_work_fn fn,
				     void *arg)
{
	struct civil_workers *w;

	if (n < 1 || !queue)
		return NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		abort();
	w->ring = calloc(queue, sizeof(*w->ring));
	w->threads = calloc(n, sizeof(*w->threads));
	if (!w->ring || !w->threads)
		abort();
	w->cap = queue;
	w->fn = fn;
	w->arg = arg;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->can_take, NULL);
	pthread_cond_init(&w->can_put, NULL);
	/* Fewer threads than asked for still work; none, and the caller
	 * does the jobs itself. */
	while (w->n < n && !pthread_create(&w->threads[w->n], NULL, work, w))
		w->n++;
	if (!w->n) {
		civil_workers_finish(w);
		return NULL;
	}
	return w;
}

void civil_workers_push(civil_workers_t *w, void *job)
{
	pthread_mutex_lock(&w->lock);
	while (w->len == w->cap)
		pthread_cond_wait(&w->can_put, &w->lock);
	w->ring[(w->head + w->len) % w->cap] = job;
	w->len++;
	pthread_cond_signal(&w->can_take);
	pthread_mutex_unlock(&w->lock);
}

void civil_workers_finish(civil_workers_t *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->closing = true;
	pthread_cond_broadcast(&w->can_take);
	pthread_mutex_unlock(&w->lock);
	for (unsigned i = 0; i < w->n; i++)
		pthread_join(w->threads[i], NULL);
	pthread_cond_destroy(&w->can_put);
	pthread_cond_destroy(&w->can_take);
	pthread_mutex_destroy(&w->lock);
	free(w->threads);
	free(w->ring);
	free(w);
}
