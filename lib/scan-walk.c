// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan-walk.c - the walk of a scan over the database: the messages of a
 * query (or of what changed since the last scan), oldest first, each
 * file read, parsed and scored, and taken in query order.
 *
 * Scoring reads mail files, which is slow, so it happens with the
 * database open read-only, on every core.  A read-only database is a
 * snapshot that goes stale when another process commits (db.h): a
 * message is read again after a reopen, and the walk stops at one that
 * stayed stale through every reopen.  What it skipped or never reached
 * keeps the lastmod record where it was, so the next scan finds it.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "scan-state.h"

/* A message on its way to a rec: what notmuch said of it, and its file
 * to be scored (by a worker thread, when there are cores to spare). */
struct job {
	struct civil_scan_rec r;
	char *file;	  /* NULL: nothing to score */
	char *warning;	  /* why it is skipped, when it is */
	atomic_bool done; /* r or warning is final */
};

void civil_scan_rec_release(struct civil_scan_rec *r)
{
	free(r->id);
	free(r->thread);
	free(r->author);
	civil_heat_score_release(&r->heat);
}

/* A patch (a [PATCH] subject that is neither a reply nor a cover letter)
 * scores nothing whatever its body says (civil_message_kind), so its
 * file is not even read: notmuch knows the subject. */
static bool is_patch(notmuch_message_t *m)
{
	const char *subject = notmuch_message_get_header(m, "subject");

	return subject && civil_subject_has_patch_tag(subject) &&
	       !civil_subject_is_reply(subject) &&
	       !civil_subject_is_cover(subject);
}

/* Read, parse and score a job's file (civil_db_read_message's second
 * half: the first ran in the walk).  Runs in a worker thread: it
 * touches only the job, the lexicon (read-only) and GMime, whose objects
 * are per message and whose charset code is thread-safe; never the
 * database or the scan's arrays. */
static void score_job(void *job, void *arg)
{
	struct job *j = job;
	struct civil_scan *s = arg;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_message_t *msg;

	if (civil_db_parse_file(j->r.id, j->file, CIVIL_DB_READ_SCORING, &msg,
				&err)) {
		j->warning = g_strdup_printf("%s; skipped", err.message);
		civil_error_clear(&err);
	} else {
		civil_heat_score_message(s->heat, msg, &j->r.heat);
		civil_message_free(msg);
	}
	atomic_store_explicit(&j->done, true, memory_order_release);
}

/* Parsing mail is most of a scan's time and each message is parsed on its
 * own, so every core parses; this thread also walks the database.  At
 * most this many jobs wait, so the walk (and its read-ahead) stays close
 * to the parsing instead of running through a whole archive first. */
#define JOBS_WAITING CIVIL_DB_AHEAD

static void start_workers(struct civil_scan *s)
{
	guint cores = s->o->threads;

	if (cores > 1)
		s->workers = civil_workers_start(MIN(cores, 16), JOBS_WAITING,
						 score_job, s);
}

/* A finished job: scored, it becomes a rec and is reported; skipped, it
 * is said. */
static void take(struct civil_scan *s, struct job *j)
{
	if (j->warning) {
		civil_scan_warn(s, "%s", j->warning);
		s->stats->skipped++;
		civil_scan_rec_release(&j->r);
	} else {
		s->stats->scanned++;
		if (j->r.heat.klass == CIVIL_HEAT_HEATED)
			s->stats->heated++;
		g_array_append_val(s->recs, j->r);
		g_hash_table_insert(s->by_id, j->r.id,
				    GSIZE_TO_POINTER(s->recs->len));
		civil_scan_report(s, &j->r);
	}
	free(j->file);
	g_free(j->warning);
	g_free(j);
}

/* Take the finished jobs at the head of the queue, in query order, so
 * output streams as it would from one thread and nothing comes out of
 * order. */
static void drain(struct civil_scan *s)
{
	struct job *j;

	while ((j = g_queue_peek_head(s->pending)) &&
	       atomic_load_explicit(&j->done, memory_order_acquire))
		take(s, g_queue_pop_head(s->pending));
}

/* Wait for the last jobs and take them. */
static void collect(struct civil_scan *s)
{
	civil_workers_finish(s->workers);
	s->workers = NULL;
	drain(s);
}

static int scan_one(notmuch_message_t *m, void *arg)
{
	struct civil_scan *s = arg;
	struct job *j = g_new0(struct job, 1);
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_db_facts_t f;

	g_queue_push_tail(s->pending, j);
	/* What a failed read gave is never judged: the message is skipped,
	 * its tags stay as they are.  And the walk stops there: the
	 * snapshot stayed stale through every reopen; what was not walked
	 * is scanned by the next run. */
	if (civil_db_read_facts_retry(m, s->o->cfg->tag, s->o->cfg->thread_tag,
				      &f)) {
		j->r.id = strdup(f.id ? f.id : "?");
		j->warning = g_strdup_printf(
			"id:%s: can't be read while another process writes "
			"the database; skipped",
			j->r.id);
		atomic_store_explicit(&j->done, true, memory_order_release);
		drain(s);
		s->stopped = true;
		return 1;
	}
	j->r.id = strdup(f.id);
	j->r.thread = strdup(f.thread);
	j->r.author = strdup(f.from);
	j->r.date = f.date;
	j->r.had_tag = f.tagged;
	j->r.had_thread_tag = f.thread_tagged;
	j->r.civil_tagged = f.civil_tagged;
	j->r.reader_calm = f.reader_calm;
	j->r.had_review = f.review;
	/* The file is found here, with the database; it is read and
	 * parsed where it is scored.  One that moved since the snapshot
	 * is looked for at the newest revision: the walk searches again
	 * after that reopen. */
	if (civil_db_message_file(m, CIVIL_DB_READ_AGAIN, &j->file, &err)) {
		j->warning = g_strdup_printf("%s; skipped", err.message);
		civil_error_clear(&err);
		atomic_store_explicit(&j->done, true, memory_order_release);
	} else if (is_patch(m)) {
		atomic_store_explicit(&j->done, true, memory_order_release);
	} else if (s->workers) {
		civil_workers_push(s->workers, j);
	} else {
		score_job(j, s);
	}
	drain(s);
	return 0;
}

void civil_scan_since_last(struct civil_scan *s, notmuch_database_t *db,
			   struct civil_buf *query)
{
	s->since_last = true;
	if (!civil_lastmod_query(db, &s->seen, query))
		civil_scan_warn(s,
				"no scan recorded in database '%s': scoring "
				"all of its mail",
				civil_db_path(db));
}

civil_status_t civil_scan_walk(struct civil_scan *s, notmuch_database_t *db,
			       const char *query, civil_error_t *err)
{
	civil_status_t st;
	civil_error_t e = CIVIL_ERROR_INIT;

	start_workers(s);
	st = civil_db_foreach_file(db, query, NOTMUCH_SORT_OLDEST_FIRST,
				   scan_one, s, &e);
	collect(s);
	/* The database kept changing under every reread: what was walked
	 * is applied, and the rest waits for the next run, as after a
	 * message that stayed stale. */
	if (st == CIVIL_STATUS_PARTIAL) {
		s->stopped = true;
		st = CIVIL_STATUS_SUCCESS;
	} else if (st) {
		civil_error_set(err, st, "%s", e.message);
	}
	civil_error_clear(&e);
	return st;
}

notmuch_status_t civil_scan_record(const struct civil_scan *s,
				   notmuch_database_t *db,
				   const civil_lastmod_t *opened)
{
	/* A skipped message, or one never walked, is not behind the record:
	 * the next scan since the last must still find it. */
	if (!s->since_last || s->stopped || s->stats->skipped)
		return NOTMUCH_STATUS_SUCCESS;
	return civil_lastmod_record(db, &s->seen, opened);
}
