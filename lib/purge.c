// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * purge.c - take back what civil-scan wrote into a notmuch database:
 * civil's heated tag where civil set it, the thread tag, civil's
 * properties (civil.heat, civil.reason, civil.tagged, civil.reader) and
 * the record of the last scan (civil.lastmod).  A heated tag a person set
 * stays: the reader's verdict is theirs.
 */
#include <glib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

/* Messages changed in one atomic section. */
#define PURGE_BATCH 1000

struct purge {
	notmuch_database_t *db;
	const civil_nm_config_t *cfg;
	civil_purge_stats_t *stats;
	notmuch_status_t ns;
	size_t in_batch;
};

/* Take civil's properties off m, one by one: notmuch 0.37's
 * remove_all_properties_with_prefix changes the message without writing
 * it (no _notmuch_message_sync), so what it takes away comes back. */
static notmuch_status_t clear_properties(notmuch_message_t *m, bool *any)
{
	notmuch_message_properties_t *p;
	/* Through nm-guard: a stale snapshot throws here, and is then a
	 * status, not an abort. */
	notmuch_status_t ns =
		civil_nm_message_get_properties(m, "civil.", false, &p);
	GPtrArray *kv = g_ptr_array_new_with_free_func(g_free);

	for (; p && notmuch_message_properties_valid(p);
	     notmuch_message_properties_move_to_next(p)) {
		g_ptr_array_add(kv,
				g_strdup(notmuch_message_properties_key(p)));
		g_ptr_array_add(kv,
				g_strdup(notmuch_message_properties_value(p)));
	}
	if (p)
		notmuch_message_properties_destroy(p);
	*any = kv->len > 0;
	for (guint i = 0; i + 1 < kv->len && !ns; i += 2)
		ns = notmuch_message_remove_property(m, kv->pdata[i],
						     kv->pdata[i + 1]);
	g_ptr_array_free(kv, TRUE);
	return ns;
}

static int purge_one(notmuch_message_t *m, void *arg)
{
	struct purge *p = arg;
	const char *tagged = civil_db_property(m, "civil.tagged");
	bool changed = false;

	if (civil_db_has_tag(m, p->cfg->tag)) {
		if (tagged && !strcmp(tagged, "1")) {
			p->ns = notmuch_message_remove_tag(m, p->cfg->tag);
			p->stats->untagged++;
			changed = true;
		} else {
			p->stats->kept++;
		}
	}
	if (!p->ns && civil_db_has_tag(m, p->cfg->thread_tag)) {
		p->ns = notmuch_message_remove_tag(m, p->cfg->thread_tag);
		p->stats->thread_untagged++;
		changed = true;
	}
	if (!p->ns) {
		bool any = false;

		p->ns = clear_properties(m, &any);
		p->stats->cleared += any;
		changed |= any;
	}
	if (!p->ns && changed && ++p->in_batch == PURGE_BATCH) {
		p->ns = notmuch_database_end_atomic(p->db);
		if (!p->ns)
			p->ns = notmuch_database_begin_atomic(p->db);
		p->in_batch = 0;
	}
	return p->ns != NOTMUCH_STATUS_SUCCESS;
}

civil_status_t civil_purge(civil_t *c, civil_purge_stats_t *stats,
			   civil_error_t *err)
{
	struct purge p = { 0 };
	const civil_nm_config_t *nm;
	civil_status_t st;

	st = civil_need(err, c);
	if (!st)
		st = civil_need(err, stats);
	if (!st)
		st = civil_check_version(err, "civil_purge_stats_t",
					 stats->version,
					 CIVIL_PURGE_STATS_VERSION);
	if (st)
		return st;
	*stats = (civil_purge_stats_t)CIVIL_PURGE_STATS_INIT;
	st = civil_nm_for_db(c, &nm, err);
	if (!st)
		st = civil_db_open(nm, true, nm->lock_timeout_ms, &p.db, err);
	if (st)
		return st;
	p.cfg = nm;
	p.stats = stats;
	p.ns = notmuch_database_begin_atomic(p.db);
	if (!p.ns)
		st = civil_db_foreach_writing(p.db, "*", NOTMUCH_SORT_UNSORTED,
					      purge_one, &p, err);
	if (!st && !p.ns)
		p.ns = notmuch_database_end_atomic(p.db);
	/* An empty value takes the key away (Xapian's set_metadata). */
	if (!st && !p.ns)
		p.ns = notmuch_database_set_config(p.db, CIVIL_LASTMOD_KEY, "");
	if (!st && p.ns)
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "can't purge '%s': %s",
				     civil_db_path(p.db),
				     civil_db_message(p.db, p.ns));
	/* Closing commits; an unfinished atomic section is thrown away
	 * whole, never half applied. */
	return civil_db_close(p.db, st, err);
}
