// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * handle-db.c - the handle's notmuch side: its settings, its database and
 * the verbs that scan it.  Apart from handle.c so that a program that
 * never reads a notmuch database (civil-remind, civil-sendmail) links
 * none of libnotmuch: civil_close frees this side through c->close_db,
 * set here.
 */
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "handle.h"
#include "internal.h"

static void close_db(civil_t *c)
{
	if (c->db)
		notmuch_database_destroy(c->db);
	c->db = NULL;
	civil_nm_config_release(&c->nm);
}

civil_status_t civil_get_notmuch_settings(civil_t *c,
					  const civil_nm_config_t **out,
					  civil_error_t *err)
{
	civil_error_t e = CIVIL_ERROR_INIT;
	civil_status_t st = civil_need(err, c);

	if (!st)
		st = civil_need(err, out);
	if (st)
		return st;
	*out = &c->nm;
	if (!c->nm_read) {
		c->nm_read = true;
		c->close_db = close_db;
		if (c->notmuch_config || c->database ||
		    (c->o.flags & CIVIL_OPEN_NOTMUCH_ENV)) {
			c->nm_status = civil_nm_config_load(
				&c->nm, c->notmuch_config, c->database, &e);
		} else {
			civil_nm_config_defaults(&c->nm);
			c->nm_status =
				civil_error_set(&e, CIVIL_STATUS_NOT_FOUND,
						"no notmuch database named");
		}
		/* civil.threshold and civil.lexicon are git settings, for
		 * the scan as for the tone check; one of them civil can't
		 * read stops a scan as a bad [civil] setting does. */
		c->nm.threshold = c->config.threshold;
		free(c->nm.lexicon);
		c->nm.lexicon =
			c->config.lexicon ? strdup(c->config.lexicon) : NULL;
		if (!c->nm_status && c->config.heat_problem) {
			civil_error_clear(&e);
			c->nm_status =
				civil_error_set(&e, CIVIL_STATUS_CONFIG_ERROR,
						"%s", c->config.problem);
		}
		c->nm_message = e.message;
	}
	if (!c->nm_status)
		return CIVIL_STATUS_SUCCESS;
	return civil_error_set(err, c->nm_status, "%s", c->nm_message);
}

/* The notmuch settings for a verb that reads the database: a bad [civil]
 * setting is the caller's to judge (civil_get_notmuch_settings), not
 * having any is not. */
civil_status_t civil_nm_for_db(civil_t *c, const civil_nm_config_t **out,
			       civil_error_t *err)
{
	civil_status_t st = civil_get_notmuch_settings(c, out, err);

	if (st == CIVIL_STATUS_CONFIG_ERROR) {
		civil_error_clear(err);
		st = CIVIL_STATUS_SUCCESS;
	}
	return st;
}

civil_status_t civil_get_db(civil_t *c, notmuch_database_t **out,
			    civil_error_t *err)
{
	const civil_nm_config_t *nm;
	civil_status_t st;

	*out = NULL;
	/* A verb after another reads the database as it is now, not the
	 * snapshot the first one opened; one that can't be brought up to
	 * date is opened anew. */
	if (c->db && civil_db_reopen(c->db)) {
		notmuch_database_destroy(c->db);
		c->db = NULL;
	}
	if (!c->db) {
		st = civil_nm_for_db(c, &nm, err);
		if (!st)
			st = civil_db_open(nm, false, nm->lock_timeout_ms,
					   &c->db, err);
		if (st)
			return st;
	}
	*out = c->db;
	return CIVIL_STATUS_SUCCESS;
}

/* ---- the scan verbs: scan.c does the work ---- */

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
	if (st)
		return st;
	return civil_scan_db(heat, &c->db, &job, sink, stats, err);
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
	/* No notmuch config is no reason not to score an mbox: the
	 * defaults then; but a threshold or lexicon civil can't read is. */
	civil_get_notmuch_settings(c, &job.cfg, NULL);
	if (c->config.heat_problem)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR, "%s",
				       c->config.problem);
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
