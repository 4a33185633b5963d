// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lastmod.c - what a scan with no query scores: the mail that changed
 * since the last civil-scan --apply did.
 *
 * notmuch gives every change to a message (added, tagged, a file renamed)
 * the database's next revision, and a message keeps the revision of its
 * last change ("lastmod").  civil records the revision it has scanned up
 * to in the database's own config (CIVIL_LASTMOD_KEY), beside the
 * database's UUID, and the next scan asks for "lastmod:REV+1..".  That
 * finds new mail however it came (notmuch new with any new.tags, notmuch
 * insert, lieer, a sync from another machine) without depending on the
 * user's tags.  A rebuilt database has a new UUID and revisions that
 * start again: its record does not count, and everything is scanned.
 *
 * The record lives in the database it describes, so it is written in the
 * same session as the tags, and a dump and restore carries it along.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "internal.h"
#include "util.h"

void civil_lastmod_now(notmuch_database_t *db, civil_lastmod_t *out)
{
	const char *uuid = NULL;

	out->revision = notmuch_database_get_revision(db, &uuid);
	snprintf(out->uuid, sizeof(out->uuid), "%s", uuid ? uuid : "");
}

/* The record, as this database's: false when there is none, or it is
 * another database's (rebuilt), or it is ahead of the database (restored
 * from an older copy). */
static bool recorded(notmuch_database_t *db, const civil_lastmod_t *now,
		     unsigned long *rev)
{
	notmuch_config_list_t *list = NULL;
	bool found = false;

	/* The database's own value, never one the config file might
	 * carry under the same name. */
	if (notmuch_database_get_config_list(db, CIVIL_LASTMOD_KEY, &list))
		return false;
	for (; notmuch_config_list_valid(list) && !found;
	     notmuch_config_list_move_to_next(list)) {
		const char *v = notmuch_config_list_value(list);
		const char *sp = strchr(v, ' ');
		char *end;

		if (strcmp(notmuch_config_list_key(list), CIVIL_LASTMOD_KEY) ||
		    !sp || (size_t)(sp - v) != strlen(now->uuid) ||
		    strncmp(v, now->uuid, (size_t)(sp - v)))
			continue;
		*rev = strtoul(sp + 1, &end, 10);
		found = end != sp + 1 && !*end && *rev <= now->revision;
	}
	notmuch_config_list_destroy(list);
	return found;
}

bool civil_lastmod_query(notmuch_database_t *db, civil_lastmod_t *now,
			 struct civil_buf *query)
{
	unsigned long rev;

	civil_lastmod_now(db, now);
	civil_buf_reset(query);
	if (!recorded(db, now, &rev)) {
		civil_buf_adds(query, "*");
		return false;
	}
	civil_buf_addf(query, "lastmod:%lu..", rev + 1);
	return true;
}

notmuch_status_t civil_lastmod_record(notmuch_database_t *db,
				      const civil_lastmod_t *scanned,
				      const civil_lastmod_t *opened)
{
	civil_lastmod_t now;
	unsigned long rev, old;
	char value[96];

	civil_lastmod_now(db, &now);
	if (strcmp(now.uuid, scanned->uuid))
		return NOTMUCH_STATUS_SUCCESS; /* another database by now */
	/*
	 * Up to the scan's revision, or, when no one else wrote between the
	 * scan and this write session, up to now: then all that came after
	 * the scan is civil's own writes, which need no scan.  Otherwise the
	 * next scan reads those writes again, with the others', and finds
	 * nothing to do for its own.
	 */
	rev = opened->revision == scanned->revision ? now.revision
						    : scanned->revision;
	if (recorded(db, &now, &old) && old == rev)
		return NOTMUCH_STATUS_SUCCESS;
	snprintf(value, sizeof(value), "%s %lu", now.uuid, rev);
	return notmuch_database_set_config(db, CIVIL_LASTMOD_KEY, value);
}

civil_status_t civil_lastmod_start_here(const civil_nm_config_t *cfg,
					bool *started, civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	notmuch_status_t ns = NOTMUCH_STATUS_SUCCESS;
	civil_lastmod_t now;
	civil_status_t st;
	unsigned long rev;

	*started = false;
	st = civil_db_open(cfg, true, cfg->lock_timeout_ms, &db, err);
	if (st)
		return st;
	civil_lastmod_now(db, &now);
	if (!recorded(db, &now, &rev)) {
		ns = civil_lastmod_record(db, &now, &now);
		*started = !ns;
	}
	if (ns)
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "can't write to '%s': %s",
				     civil_db_path(db),
				     civil_db_message(db, ns));
	return civil_db_close(db, st, err);
}
