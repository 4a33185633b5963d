// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * corrections.c - the reader's verdicts on civil's, read from the
 * database, for civil-scan --apply to learn from (learn.c).
 *
 *   - civil set its heated tag (civil.tagged=1) and the tag is gone: the
 *     reader took it off, the message is calm to them;
 *   - the reader tagged a message heated that civil does not hold
 *     heated: it is heated to them.
 *
 * Each is learned once: the message then carries civil.reader=calm (and
 * civil.tagged goes, as the tag is no longer civil's) or
 * civil.reader=heated.  civil never tags a message its reader calmed
 * again, and never takes off a tag its reader set (scan.c).
 */
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

struct finding {
	civil_heat_t *heat;
	const civil_nm_config_t *cfg;
	bool heated; /* the verdict looked for */
	GArray *out; /* civil_correction_t */
};

static bool score_file(notmuch_message_t *m, civil_message_t **msg)
{
	struct civil_buf raw = CIVIL_BUF_INIT;
	char *first = NULL, *file = civil_db_existing_file(m, &first);
	bool ok = file && !civil_file_read(file, &raw, NULL) &&
		  !civil_message_parse(raw.buf, raw.len, file, msg, NULL);

	free(first);
	free(file);
	civil_buf_release(&raw);
	return ok;
}

static int find_one(notmuch_message_t *m, void *arg)
{
	struct finding *f = arg;
	civil_message_t *msg = NULL;
	civil_correction_t c = { 0 };
	civil_db_facts_t facts;

	/* What a failed read gave is never taken as a verdict. */
	if (civil_db_read_facts_retry(m, f->cfg->tag, f->cfg->thread_tag,
				      &facts) ||
	    facts.tagged != f->heated)
		return 0;
	/* A message whose file can't be read teaches nothing, now: its
	 * verdict still stands (scan.c), and is learned when it can be. */
	if (!score_file(m, &msg))
		return 0;
	if (f->heated) {
		civil_heat_score_t s;
		bool agree;

		/* A heated tag civil would set itself (piped from civil-scan)
		 * corrects nothing. */
		civil_heat_score_message(f->heat, msg, &s);
		agree = s.klass == CIVIL_HEAT_HEATED;
		civil_heat_score_release(&s);
		if (agree) {
			civil_message_free(msg);
			return 0;
		}
	}
	civil_heat_learn_message(f->heat, msg, f->heated, &c.lesson);
	c.id = civil_xstrdup(facts.id);
	c.heated = f->heated;
	g_array_append_val(f->out, c);
	civil_message_free(msg);
	return 0;
}

civil_status_t civil_corrections_learn(notmuch_database_t *db, civil_heat_t *h,
				       const civil_nm_config_t *cfg,
				       GArray *out, civil_error_t *err)
{
	struct finding f = { h, cfg, false, out };
	struct civil_buf q = CIVIL_BUF_INIT;
	civil_status_t st;

	/* civil's tag, taken off. */
	civil_buf_adds(&q, "property:civil.tagged=1 and not ");
	civil_db_quote_term(&q, "tag", cfg->tag);
	st = civil_db_foreach(db, q.buf, NOTMUCH_SORT_OLDEST_FIRST, find_one,
			      &f, err);
	/* The reader's tag, not yet learned. */
	civil_buf_reset(&q);
	civil_db_quote_term(&q, "tag", cfg->tag);
	civil_buf_adds(&q, " and not property:civil.tagged=1 and not "
			   "property:civil.reader=heated");
	f.heated = true;
	if (!st)
		st = civil_db_foreach(db, q.buf, NOTMUCH_SORT_OLDEST_FIRST,
				      find_one, &f, err);
	civil_buf_release(&q);
	return st;
}

notmuch_status_t civil_corrections_mark(notmuch_database_t *db,
					const GArray *corrections)
{
	notmuch_status_t ns = NOTMUCH_STATUS_SUCCESS;

	for (guint i = 0; i < corrections->len && !ns; i++) {
		const civil_correction_t *c =
			&g_array_index(corrections, civil_correction_t, i);
		notmuch_message_t *m = NULL;

		ns = notmuch_database_find_message(db, c->id, &m);
		if (ns || !m)
			continue; /* gone since: nothing to mark */
		ns = notmuch_message_freeze(m);
		if (!ns && !c->heated)
			ns = notmuch_message_remove_all_properties(
				m, "civil.tagged");
		if (!ns)
			ns = notmuch_message_remove_all_properties(
				m, "civil.reader");
		if (!ns)
			ns = notmuch_message_add_property(m, "civil.reader",
							  c->heated ? "heated"
								    : "calm");
		if (!ns)
			ns = notmuch_message_thaw(m);
		notmuch_message_destroy(m);
	}
	return ns;
}

void civil_corrections_release(GArray *corrections)
{
	for (guint i = 0; i < corrections->len; i++)
		free(g_array_index(corrections, civil_correction_t, i).id);
	g_array_set_size(corrections, 0);
}
