// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan.c - score the messages a notmuch query (or an mbox) names, and
 * turn the scores into tag changes: "+heated -- id:..." for messages over
 * the threshold, "+heated-thread -- thread:..." for threads that are hot
 * as a whole ("-heated-thread" for those that have cooled).
 *
 * This file holds the order of a scan and how it ends; the parts are in
 * scan-walk.c (reading and scoring, read-only), scan-judge.c (the
 * verdicts), scan-apply.c (tag lines, or the writes with --apply) and
 * scan-sink.c (what the caller is told); see scan.h.
 */
#include <stdlib.h>
#include <string.h>

#include "scan.h"

static void scan_free(struct civil_scan *s)
{
	for (guint i = 0; i < s->recs->len; i++)
		civil_scan_rec_release(
			&g_array_index(s->recs, struct civil_scan_rec, i));
	g_array_free(s->recs, TRUE);
	g_hash_table_destroy(s->by_id);
	if (s->pending)
		g_queue_free(s->pending);
	civil_corrections_release(s->corrections);
	g_array_free(s->corrections, TRUE);
}

static civil_status_t refused(const struct civil_scan *s, civil_error_t *err)
{
	return civil_error_set(err, CIVIL_STATUS_PARTIAL,
			       "%zu tag lines not written (named above)",
			       s->refused);
}

civil_status_t civil_scan_db(civil_heat_t *h, notmuch_database_t **dbp,
			     const civil_scan_job_t *o,
			     const civil_scan_sink_t *sink,
			     civil_scan_stats_t *stats, civil_error_t *err)
{
	struct civil_scan s = {
		.heat = h, .learner = h, .o = o, .sink = sink, .stats = stats
	};
	GPtrArray *hot = g_ptr_array_new_with_free_func(free);
	GPtrArray *cooled = g_ptr_array_new_with_free_func(free);
	struct civil_buf since = CIVIL_BUF_INIT;
	notmuch_database_t *db = *dbp;
	civil_status_t st;

	*stats = (civil_scan_stats_t)CIVIL_SCAN_STATS_INIT;
	s.recs = g_array_new(FALSE, TRUE, sizeof(struct civil_scan_rec));
	s.by_id = g_hash_table_new(g_str_hash, g_str_equal);
	s.pending = g_queue_new();
	s.corrections = g_array_new(FALSE, TRUE, sizeof(civil_correction_t));
	if (!o->query)
		civil_scan_since_last(&s, db, &since);
	/* The reader's corrections first, so that this scan scores with
	 * what they teach. */
	if (o->apply && o->learn) {
		st = civil_corrections_learn(db, h, o->cfg, s.corrections, err);
		if (st)
			goto done;
		stats->learned = s.corrections->len;
	}
	st = civil_scan_walk(&s, db, o->query ? o->query : since.buf, err);
	if (!st)
		civil_scan_judge_threads(&s, db, hot, cooled);
	if (st)
		goto done;

	if (o->apply) {
		/* The read-only snapshot is done with: closed before the
		 * writable database opens, so that the caller holds one at a
		 * time and reads the tags afresh after. */
		notmuch_database_destroy(db);
		*dbp = NULL;
		st = civil_scan_apply(&s, hot, cooled, err);
	} else {
		civil_scan_tag_lines(&s, hot, cooled);
	}
	if (!st && s.refused)
		st = refused(&s, err);
	else if (!st && s.stopped)
		st = civil_error_set(err, CIVIL_STATUS_PARTIAL,
				     "another process kept writing the "
				     "database: stopped after %zu messages, "
				     "the rest and their tags left as they "
				     "were; run it again",
				     stats->skipped + stats->scanned);
	else if (!st && stats->threads_skipped)
		st = civil_error_set(err, CIVIL_STATUS_PARTIAL,
				     "%zu of %zu messages skipped, %zu "
				     "threads left as they were; run it again",
				     stats->skipped,
				     stats->skipped + stats->scanned,
				     stats->threads_skipped);
	else if (!st && stats->skipped)
		st = civil_error_set(err, CIVIL_STATUS_PARTIAL,
				     "%zu of %zu messages skipped, their tags "
				     "left as they were; run it again",
				     stats->skipped,
				     stats->skipped + stats->scanned);
done:
	g_ptr_array_free(hot, TRUE);
	g_ptr_array_free(cooled, TRUE);
	civil_buf_release(&since);
	scan_free(&s);
	return st;
}

/* ---- mbox ---- */

static int mbox_one(civil_message_t *msg, void *arg)
{
	struct civil_scan *s = arg;
	const char *id = civil_message_id(msg);
	struct civil_scan_rec r = { 0 };

	civil_heat_score_message(s->heat, msg, &r.heat);
	r.id = strdup(id ? id : "");
	s->stats->scanned++;
	if (r.heat.klass == CIVIL_HEAT_HEATED) {
		s->stats->heated++;
		if (id)
			civil_scan_emit(s, '+', s->o->cfg->tag, "id", id);
	}
	civil_scan_report(s, &r);
	civil_scan_rec_release(&r);
	return 0;
}

civil_status_t civil_scan_mbox_data(const civil_heat_t *h, const void *data,
				    size_t len, const char *name,
				    const civil_scan_job_t *o,
				    const civil_scan_sink_t *sink,
				    civil_scan_stats_t *stats,
				    civil_error_t *err)
{
	struct civil_scan s = {
		.heat = h, .o = o, .sink = sink, .stats = stats
	};
	civil_status_t st;

	*stats = (civil_scan_stats_t)CIVIL_SCAN_STATS_INIT;
	st = civil_mbox_foreach(data, len, name, mbox_one, &s, &stats->skipped,
				err);
	if (!st && s.refused)
		st = refused(&s, err);
	else if (!st && stats->skipped)
		st = civil_error_set(err, CIVIL_STATUS_PARTIAL,
				     "%zu messages in '%s' are not mail; "
				     "skipped",
				     stats->skipped, name);
	return st;
}
