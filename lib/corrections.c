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
#include "learned.h"

struct finding {
	civil_heat_t *heat;
	const civil_nm_config_t *cfg;
	bool heated; /* the verdict looked for */
	GArray *out; /* civil_correction_t */
};

/* Learn m into f->heat when it is a correction of the kind f looks for
 * (facts read from m); false when it is not, or can't be read now. */
static bool learn_one(struct finding *f, notmuch_message_t *m,
		      const civil_db_facts_t *facts, civil_correction_t *c)
{
	civil_message_t *msg = NULL;

	if (facts->tagged != f->heated)
		return false;
	/* A message whose file can't be read teaches nothing, now: its
	 * verdict still stands (scan.c), and is learned when it can be. */
	if (civil_db_read_message(m, CIVIL_DB_READ_SCORING, &msg, NULL))
		return false;
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
			return false;
		}
	}
	civil_heat_learn_message(f->heat, msg, f->heated, &c->lesson);
	civil_message_free(msg);
	return true;
}

static int find_one(notmuch_message_t *m, void *arg)
{
	struct finding *f = arg;
	civil_correction_t c = { 0 };
	civil_db_facts_t facts;

	/* What a failed read gave is never taken as a verdict. */
	if (civil_db_read_facts_retry(m, f->cfg->tag, f->cfg->thread_tag,
				      &facts))
		return 0;
	/* Learned by a scan stopped before it marked it: marked now. */
	if (civil_heat_learned_holds(f->heat->learned, f->heated, facts.id))
		c.recorded = true;
	else if (!learn_one(f, m, &facts, &c))
		return 0;
	c.id = civil_xstrdup(facts.id);
	c.heated = f->heated;
	g_array_append_val(f->out, c);
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

/* Is the message with c's id still a correction of c's kind, not yet
 * marked learned, in db as it is now? */
static bool still_unlearned(notmuch_database_t *db, const civil_correction_t *c,
			    const civil_nm_config_t *cfg,
			    notmuch_message_t **out, civil_db_facts_t *facts)
{
	const char *reader;

	*out = NULL;
	if (notmuch_database_find_message(db, c->id, out) || !*out)
		return false;
	if (civil_db_read_facts(*out, cfg->tag, cfg->thread_tag, facts) ||
	    civil_nm_message_get_property(*out, "civil.reader", &reader))
		return false;
	if (c->heated)
		return facts->tagged && !facts->civil_tagged &&
		       !(reader && !strcmp(reader, "heated"));
	return facts->civil_tagged && !facts->tagged;
}

/* Does db mark the correction learned (or is its message gone)?  Then
 * the learned file need not record it. */
static bool marked(bool heated, const char *id, void *arg)
{
	notmuch_message_t *m = NULL;
	const char *reader = NULL;
	bool done;

	if (notmuch_database_find_message(arg, id, &m) || !m)
		return m == NULL;
	done = !civil_nm_message_get_property(m, "civil.reader", &reader) &&
	       reader && !strcmp(reader, heated ? "heated" : "calm");
	notmuch_message_destroy(m);
	return done;
}

civil_status_t civil_corrections_keep(notmuch_database_t *db, civil_heat_t *h,
				      const civil_nm_config_t *cfg,
				      GArray *corrections, civil_error_t *err)
{
	struct finding f = { h, cfg, false, corrections };
	civil_status_t st;
	int lock;

	st = civil_heat_learned_lock(h, cfg->lock_timeout_ms, &lock, err);
	if (!st)
		st = civil_heat_learned_reload(h, err);
	if (!st && h->learned)
		civil_heat_learned_prune(h->learned, marked, db);
	for (guint i = corrections->len; !st && i-- > 0;) {
		civil_correction_t *c =
			&g_array_index(corrections, civil_correction_t, i);
		notmuch_message_t *m;
		civil_db_facts_t facts;
		bool keep;

		f.heated = c->heated;
		/* The file holds it: learned, not marked.  Marked now. */
		c->recorded =
			civil_heat_learned_holds(h->learned, c->heated, c->id);
		if (c->recorded)
			continue;
		keep = still_unlearned(db, c, cfg, &m, &facts) &&
		       learn_one(&f, m, &facts, c);
		if (m)
			notmuch_message_destroy(m);
		/* In the same file as what it taught: one step. */
		if (keep)
			civil_heat_learned_record(h->learned, c->heated, c->id);
		if (!keep) {
			free(c->id);
			g_array_remove_index(corrections, i);
		}
	}
	if (!st)
		st = civil_heat_learned_save(h, err);
	civil_heat_learned_unlock(lock);
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

guint civil_corrections_new(const GArray *corrections)
{
	guint n = 0;

	for (guint i = 0; i < corrections->len; i++)
		n += !g_array_index(corrections, civil_correction_t, i)
			      .recorded;
	return n;
}

void civil_corrections_release(GArray *corrections)
{
	for (guint i = 0; i < corrections->len; i++)
		free(g_array_index(corrections, civil_correction_t, i).id);
	g_array_set_size(corrections, 0);
}
