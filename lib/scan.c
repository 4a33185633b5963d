// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan.c - score the messages a notmuch query (or an mbox) names, and
 * turn the scores into tag changes: "+heated -- id:..." for messages over
 * the threshold, "+heated-thread -- thread:..." for threads that are hot
 * as a whole ("-heated-thread" for those that have cooled).
 *
 * This file holds the scan verbs of civil.h (civil_scan, civil_scan_mbox,
 * civil_scan_start_here), the order of a scan and how it ends.  The
 * parts are in scan-walk.c (reading and scoring, read-only), scan-judge.c
 * (the verdicts) and scan-apply.c (tag lines, or the writes with
 * --apply); what a scan tells its caller is in scan-state.h.  A scan reads the
 * handle's database and, before it writes, gives it back
 * (civil_release_db): one database is open at a time, and the handle's
 * next read opens a snapshot with the tags in it.
 */
#include <stdlib.h>
#include <string.h>

#include "scan-state.h"

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
	g_ptr_array_free(s->hot, TRUE);
	g_ptr_array_free(s->cooled, TRUE);
	g_free(s);
}

static civil_status_t refused(const struct civil_scan *s, civil_error_t *err)
{
	return civil_error_set(err, CIVIL_STATUS_PARTIAL,
			       "%zu tag lines not written (named above)",
			       s->refused);
}

civil_status_t civil_scan_db_read(civil_heat_t *h, notmuch_database_t *db,
				  const civil_scan_job_t *o,
				  const civil_scan_sink_t *sink,
				  civil_scan_stats_t *stats,
				  struct civil_scan **out, civil_error_t *err)
{
	struct civil_scan *s = g_new0(struct civil_scan, 1);
	struct civil_buf since = CIVIL_BUF_INIT;
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	*out = NULL;
	*stats = (civil_scan_stats_t)CIVIL_SCAN_STATS_INIT;
	s->heat = h;
	s->learner = h;
	s->o = o;
	s->sink = sink;
	s->stats = stats;
	s->recs = g_array_new(FALSE, TRUE, sizeof(struct civil_scan_rec));
	s->by_id = g_hash_table_new(g_str_hash, g_str_equal);
	s->pending = g_queue_new();
	s->corrections = g_array_new(FALSE, TRUE, sizeof(civil_correction_t));
	s->hot = g_ptr_array_new_with_free_func(free);
	s->cooled = g_ptr_array_new_with_free_func(free);
	if (!o->query)
		civil_scan_since_last(s, db, &since);
	/* The reader's corrections first, so that this scan scores with
	 * what they teach. */
	if (o->apply && o->learn) {
		st = civil_corrections_learn(db, h, o->cfg, s->corrections,
					     err);
		if (!st)
			stats->learned = civil_corrections_new(s->corrections);
	}
	if (!st)
		st = civil_scan_walk(s, db, o->query ? o->query : since.buf,
				     err);
	if (!st)
		civil_scan_judge_threads(s, db, s->hot, s->cooled);
	civil_buf_release(&since);
	if (st)
		scan_free(s);
	else
		*out = s;
	return st;
}

civil_status_t civil_scan_db_finish(struct civil_scan *s, civil_error_t *err)
{
	civil_scan_stats_t *stats = s->stats;
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (s->o->apply)
		st = civil_scan_apply(s, s->hot, s->cooled, err);
	else
		civil_scan_tag_lines(s, s->hot, s->cooled);
	if (!st && s->refused)
		st = refused(s, err);
	else if (!st && s->stopped)
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
	scan_free(s);
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

/* ---- the verbs ---- */

/* The scan verbs' arguments: there, and of versions this libcivil
 * knows.  who: the verb, for the message. */
static civil_status_t scan_args(const char *who, const civil_t *c,
				const civil_scan_opts_t *o,
				const civil_scan_sink_t *sink,
				civil_scan_stats_t *stats, civil_error_t *err)
{
	const char *missing = !c       ? "c"
			      : !o     ? "o"
			      : !sink  ? "sink"
			      : !stats ? "stats"
				       : NULL;
	civil_status_t st;

	if (missing)
		return civil_error_set(err, CIVIL_STATUS_USAGE,
				       "%s: %s is NULL", who, missing);
	st = civil_check_version(err, "civil_scan_opts_t", o->version,
				 CIVIL_SCAN_OPTS_VERSION);
	if (!st)
		st = civil_check_version(err, "civil_scan_sink_t",
					 sink->version,
					 CIVIL_SCAN_SINK_VERSION);
	if (!st)
		st = civil_check_version(err, "civil_scan_stats_t",
					 stats->version,
					 CIVIL_SCAN_STATS_VERSION);
	return st;
}

civil_status_t civil_scan(civil_t *c, const civil_scan_opts_t *o,
			  const civil_scan_sink_t *sink,
			  civil_scan_stats_t *stats, civil_error_t *err)
{
	civil_scan_job_t job = { 0 };
	struct civil_scan *s;
	notmuch_database_t *db;
	civil_heat_t *heat;
	civil_status_t st;

	st = scan_args("civil_scan", c, o, sink, stats, err);
	if (st)
		return st;
	job.query = o->query;
	job.apply = o->apply;
	job.learn = o->learn;
	job.threads = civil_threads(c);
	*stats = (civil_scan_stats_t)CIVIL_SCAN_STATS_INIT;
	st = civil_nm_for_db(c, &job.cfg, err);
	if (!st)
		st = civil_get_heat(c, &heat, err);
	if (!st)
		st = civil_get_db(c, &db, err);
	if (!st)
		st = civil_scan_db_read(heat, db, &job, sink, stats, &s, err);
	if (st)
		return st;
	/* The read-only snapshot is done with: closed before the database
	 * opens for writing. */
	if (job.apply)
		civil_release_db(c);
	return civil_scan_db_finish(s, err);
}

civil_status_t civil_scan_mbox(civil_t *c, const void *data, size_t len,
			       const char *name, const civil_scan_opts_t *o,
			       const civil_scan_sink_t *sink,
			       civil_scan_stats_t *stats, civil_error_t *err)
{
	civil_scan_job_t job = { NULL, false, false, NULL, 1 };
	civil_heat_t *heat;
	civil_status_t st;

	st = scan_args("civil_scan_mbox", c, o, sink, stats, err);
	if (!st && !data && len)
		st = civil_need(err, data);
	if (!st)
		st = civil_need(err, name);
	if (st)
		return st;
	job.learn = o->learn;
	*stats = (civil_scan_stats_t)CIVIL_SCAN_STATS_INIT;
	st = civil_nm_for_mbox(c, &job.cfg, err);
	if (!st)
		st = civil_get_heat(c, &heat, err);
	if (st)
		return st;
	return civil_scan_mbox_data(heat, data, len, name, &job, sink, stats,
				    err);
}

civil_status_t civil_scan_start_here(civil_t *c, bool *started,
				     civil_error_t *err)
{
	const civil_nm_config_t *nm;
	civil_status_t st;

	st = civil_need(err, c);
	if (!st)
		st = civil_need(err, started);
	if (st)
		return st;
	*started = false;
	st = civil_nm_for_db(c, &nm, err);
	if (st)
		return st;
	return civil_lastmod_start_here(nm, started, err);
}
