// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * handle-db.c - the handle's notmuch side: its settings and its
 * database, which verbs borrow (civil_get_db) and a scan gives back
 * before it writes (civil_release_db).  Apart from handle.c so that a
 * program that never reads a notmuch database (civil-remind,
 * civil-sendmail) links none of libnotmuch: civil_close frees this side
 * through c->close_db, set here.
 */
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "handle.h"
#include "internal.h"

void civil_release_db(civil_t *c)
{
	if (c->db)
		notmuch_database_destroy(c->db);
	c->db = NULL;
}

static void close_db(civil_t *c)
{
	civil_release_db(c);
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
		/* civil.threshold, civil.review and civil.lexicon are git
		 * settings, for the scan as for the tone check; one of them
		 * civil can't read stops a scan as a bad [civil] setting
		 * does. */
		c->nm.threshold = c->config.threshold;
		c->nm.review = c->config.review;
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

civil_status_t civil_nm_for_mbox(civil_t *c, const civil_nm_config_t **out,
				 civil_error_t *err)
{
	/* No notmuch config is no reason not to score an mbox: the
	 * defaults then; but a threshold or lexicon civil can't read is. */
	civil_get_notmuch_settings(c, out, NULL);
	if (c->config.heat_problem)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR, "%s",
				       c->config.problem);
	return CIVIL_STATUS_SUCCESS;
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
