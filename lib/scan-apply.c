// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan-apply.c - a scan's verdicts carried out: as "notmuch tag --batch"
 * lines for the caller, or (--apply) written to the database.
 *
 * The database is opened for writing only now, after the slow part,
 * briefly, and every change is made inside atomic sections.  With each
 * message go its score and reasons (stored-heat.c), and civil.tagged
 * remembers which heated tags civil set, so a rescan may take back its
 * own tag but never a person's.  A message worth a look gets
 * civil.review=1 instead of a tag ("notmuch search
 * property:civil.review=1"), and loses it when it no longer is.
 */
#include <stdio.h>
#include <string.h>

#include "scan-state.h"

#define ATOMIC_BATCH 500

void civil_scan_tag_lines(struct civil_scan *s, GPtrArray *hot,
			  GPtrArray *cooled)
{
	const civil_nm_config_t *cfg = s->o->cfg;

	for (guint i = 0; i < s->recs->len; i++) {
		struct civil_scan_rec *r =
			&g_array_index(s->recs, struct civil_scan_rec, i);

		if (civil_scan_wants_tag(s, r))
			civil_scan_emit(s, '+', cfg->tag, "id", r->id);
		else if (civil_scan_wants_untag(s, r))
			civil_scan_emit(s, '-', cfg->tag, "id", r->id);
	}
	for (guint i = 0; i < hot->len; i++)
		civil_scan_emit(s, '+', cfg->thread_tag, "thread",
				g_ptr_array_index(hot, i));
	for (guint i = 0; i < cooled->len; i++)
		civil_scan_emit(s, '-', cfg->thread_tag, "thread",
				g_ptr_array_index(cooled, i));
}

static notmuch_status_t apply_one(struct civil_scan *s, notmuch_database_t *db,
				  const struct civil_scan_rec *r)
{
	const char *tag = s->o->cfg->tag;
	notmuch_message_t *m = NULL;
	notmuch_status_t ns;

	const char *old;
	char now[48];
	bool same, quiet, review = civil_scan_wants_review(s, r);

	ns = notmuch_database_find_message(db, r->id, &m);
	if (ns || !m)
		return ns; /* gone since we looked: nothing to do */
	/* A rescan that finds what the last one found writes nothing: the
	 * property as civil_db_store_heat writes it. */
	snprintf(now, sizeof(now), "%.2f %s", r->heat.score,
		 civil_heat_class_name(r->heat.klass));
	old = civil_db_property(m, "civil.heat");
	/* Calm mail under the review level is kept without properties:
	 * nearly all mail is that, the model gives each message some small
	 * score, and every property is a Xapian write.  A missing
	 * civil.heat reads as calm 0. */
	quiet = r->heat.klass == CIVIL_HEAT_CALM &&
		r->heat.score < s->o->cfg->review;
	same = old ? !strcmp(old, now) : quiet;
	if (same && review == r->had_review && !civil_scan_wants_tag(s, r) &&
	    !civil_scan_wants_untag(s, r)) {
		notmuch_message_destroy(m);
		return NOTMUCH_STATUS_SUCCESS;
	}
	ns = notmuch_message_freeze(m);
	if (!ns && !same)
		ns = civil_db_store_heat(m, &r->heat);
	if (!ns && civil_scan_wants_tag(s, r)) {
		ns = notmuch_message_add_tag(m, tag);
		if (!ns)
			ns = notmuch_message_remove_all_properties(
				m, "civil.tagged");
		if (!ns)
			ns = notmuch_message_add_property(m, "civil.tagged",
							  "1");
		s->stats->changed++;
	} else if (!ns && civil_scan_wants_untag(s, r)) {
		ns = notmuch_message_remove_tag(m, tag);
		if (!ns)
			ns = notmuch_message_remove_all_properties(
				m, "civil.tagged");
		s->stats->changed++;
	}
	/* Worth a look, or no longer: a person's heated tag, the reader's
	 * calm, a score that moved, a new civil.review. */
	if (!ns && review != r->had_review) {
		ns = notmuch_message_remove_all_properties(m, "civil.review");
		if (!ns && review)
			ns = notmuch_message_add_property(m, "civil.review",
							  "1");
	}
	if (!ns)
		ns = notmuch_message_thaw(m);
	notmuch_message_destroy(m);
	return ns;
}

struct thread_tagging {
	struct civil_scan *s;
	bool add; /* or take away */
	notmuch_status_t ns;
};

static int tag_thread_one(notmuch_message_t *m, void *arg)
{
	struct thread_tagging *t = arg;
	const char *tag = t->s->o->cfg->thread_tag;

	if (civil_db_has_tag(m, tag) == t->add)
		return 0;
	t->ns = t->add ? notmuch_message_add_tag(m, tag)
		       : notmuch_message_remove_tag(m, tag);
	if (!t->ns)
		t->s->stats->changed++;
	return t->ns != NOTMUCH_STATUS_SUCCESS;
}

/* Every message of each thread gets the thread tag (add) or loses it,
 * one atomic section a thread. */
static notmuch_status_t tag_threads(struct civil_scan *s,
				    notmuch_database_t *db, GPtrArray *threads,
				    bool add, civil_status_t *st,
				    civil_error_t *err)
{
	struct thread_tagging t = { s, add, NOTMUCH_STATUS_SUCCESS };
	notmuch_status_t ns = NOTMUCH_STATUS_SUCCESS;

	for (guint i = 0; i < threads->len && !ns && !*st; i++) {
		struct civil_buf q = CIVIL_BUF_INIT;

		civil_db_quote_term(&q, "thread",
				    g_ptr_array_index(threads, i));
		ns = notmuch_database_begin_atomic(db);
		if (!ns) {
			*st = civil_db_foreach_writing(db, q.buf,
						       NOTMUCH_SORT_UNSORTED,
						       tag_thread_one, &t, err);
			ns = t.ns;
			if (!ns)
				ns = notmuch_database_end_atomic(db);
		}
		civil_buf_release(&q);
	}
	return ns;
}

civil_status_t civil_scan_apply(struct civil_scan *s, GPtrArray *hot,
				GPtrArray *cooled, civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	notmuch_status_t ns = NOTMUCH_STATUS_SUCCESS;
	civil_status_t st;

	civil_lastmod_t opened;

	st = civil_db_open(s->o->cfg, true, s->o->cfg->lock_timeout_ms, &db,
			   err);
	if (st)
		return st;
	civil_lastmod_now(db, &opened);
	/* What the corrections taught is kept before they are marked
	 * learned: a failure to keep it leaves them to be learned again.
	 * Another scan may have learned some of them since this one found
	 * them: they are learned once (civil_corrections_keep). */
	if (s->corrections->len) {
		st = civil_corrections_keep(db, s->learner, s->o->cfg,
					    s->corrections, err);
		s->stats->learned = civil_corrections_new(s->corrections);
		if (st) {
			notmuch_database_destroy(db);
			return st;
		}
		ns = notmuch_database_begin_atomic(db);
		if (!ns)
			ns = civil_corrections_mark(db, s->corrections);
		if (!ns)
			ns = notmuch_database_end_atomic(db);
	}
	for (guint i = 0; i < s->recs->len && !ns; i++) {
		if (i % ATOMIC_BATCH == 0) {
			if (i)
				ns = notmuch_database_end_atomic(db);
			if (!ns)
				ns = notmuch_database_begin_atomic(db);
		}
		if (!ns)
			ns = apply_one(s, db,
				       &g_array_index(s->recs,
						      struct civil_scan_rec,
						      i));
	}
	if (!ns && s->recs->len)
		ns = notmuch_database_end_atomic(db);
	if (!ns)
		ns = tag_threads(s, db, hot, true, &st, err);
	if (!ns)
		ns = tag_threads(s, db, cooled, false, &st, err);
	if (!ns && !st)
		ns = civil_scan_record(s, db, &opened);
	if (ns)
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "can't tag in '%s': %s", civil_db_path(db),
				     civil_db_message(db, ns));
	/* Closing commits; an unfinished atomic section is thrown away
	 * whole, never half applied. */
	return civil_db_close(db, st, err);
}
