// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan-judge.c - what a scan makes of its scores: whether a message gets
 * civil's heated tag or loses it, and whether a thread is heated as a
 * whole (civil_thread_heat), judged from what the scan holds or, for a
 * thread it saw only part of, from the database.
 *
 * The reader's word counts over civil's: a message a person tagged heated
 * is heated, whatever its words, and keeps its tag; one whose reader took
 * civil's tag off is calm, and civil never tags it again.
 */
#include <stdlib.h>
#include <string.h>

#include "scan-state.h"

/* Never on a message whose reader took civil's tag off. */
bool civil_scan_wants_tag(const struct civil_scan *s,
			  const struct civil_scan_rec *r)
{
	return r->heat.klass == CIVIL_HEAT_HEATED && !r->had_tag &&
	       !r->reader_calm;
}

/* civil's own tag on a message that has cooled down comes off; a tag a
 * person set never does. */
bool civil_scan_wants_untag(const struct civil_scan *s,
			    const struct civil_scan_rec *r)
{
	return r->heat.klass != CIVIL_HEAT_HEATED && r->had_tag &&
	       r->civil_tagged;
}

struct thread_walk {
	struct civil_scan *s;
	GArray *samples; /* civil_heat_sample_t */
	GPtrArray *keep; /* strings the samples point at */
	bool all_tagged; /* every message has the thread tag */
	bool any_tagged; /* some message has it */
	bool failed;	 /* a read failed: nothing here may be used */
};

static int sample_one(notmuch_message_t *m, void *arg)
{
	struct thread_walk *w = arg;
	civil_db_facts_t f;
	gsize idx;
	const struct civil_scan_rec *r;
	civil_heat_sample_t v;
	const char *id = notmuch_message_get_message_id(m);

	/* The whole thread is read again (judge_threads), so that it is
	 * judged from one view of the database; a message this scan scored
	 * counts with its new score, any other with the one stored. */
	idx = id ? GPOINTER_TO_SIZE(g_hash_table_lookup(w->s->by_id, id)) : 0;
	r = idx ? &g_array_index(w->s->recs, struct civil_scan_rec, idx - 1)
		: NULL;
	if (civil_db_heat_sample(m, w->s->o->cfg->tag,
				 w->s->o->cfg->thread_tag, r ? &r->heat : NULL,
				 w->keep, &v, &f)) {
		w->failed = true;
		return 1;
	}
	g_array_append_val(w->samples, v);
	w->all_tagged &= f.thread_tagged;
	w->any_tagged |= f.thread_tagged;
	return 0;
}

/* The samples of a thread whose every message this scan scored, from
 * what the scan already holds: reading each message again from Xapian
 * (its whole term list, decompressed) cost a seventh of a full scan.
 * False when the scan did not see the whole thread (or the count could
 * not be read: w->failed). */
static bool samples_from_scan(struct civil_scan *s, notmuch_database_t *db,
			      const char *query, GArray *mine,
			      struct thread_walk *w)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	unsigned int n = 0;

	if (civil_db_count(db, query, &n, &err)) {
		civil_error_clear(&err);
		w->failed = true;
		return false;
	}
	if (n != mine->len)
		return false;
	for (guint k = 0; k < mine->len; k++) {
		const struct civil_scan_rec *r =
			&g_array_index(s->recs, struct civil_scan_rec,
				       g_array_index(mine, guint, k));
		civil_db_facts_t f = { 0 };
		civil_heat_sample_t v;

		/* What the walk read of it, as civil_db_read_facts reads. */
		f.from = r->author;
		f.date = r->date;
		f.tagged = r->had_tag;
		f.civil_tagged = r->civil_tagged;
		f.reader_calm = r->reader_calm;
		civil_heat_sample_of(&f, &r->heat, w->keep, &v);
		g_array_append_val(w->samples, v);
		w->all_tagged &= r->had_thread_tag;
		w->any_tagged |= r->had_thread_tag;
	}
	return true;
}

/* A thread's samples into w; false when they could not be read. */
static bool read_thread(struct civil_scan *s, notmuch_database_t *db,
			const char *query, GArray *mine, struct thread_walk *w)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	g_array_set_size(w->samples, 0);
	g_ptr_array_set_size(w->keep, 0);
	w->all_tagged = true;
	w->any_tagged = w->failed = false;
	if (samples_from_scan(s, db, query, mine, w))
		return true;
	if (!w->failed && civil_db_foreach(db, query, NOTMUCH_SORT_OLDEST_FIRST,
					   sample_one, w, &err))
		w->failed = true;
	civil_error_clear(&err);
	return !w->failed;
}

/* The scanned messages of each thread, in scan order (oldest first). */
static GHashTable *recs_by_thread(struct civil_scan *s, GPtrArray *order)
{
	GHashTable *t = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
					      (GDestroyNotify)g_array_unref);

	for (guint i = 0; i < s->recs->len; i++) {
		struct civil_scan_rec *r =
			&g_array_index(s->recs, struct civil_scan_rec, i);
		GArray *mine = g_hash_table_lookup(t, r->thread);

		if (!mine) {
			mine = g_array_new(FALSE, FALSE, sizeof(guint));
			g_hash_table_insert(t, r->thread, mine);
			g_ptr_array_add(order, r->thread);
		}
		g_array_append_val(mine, i);
	}
	return t;
}

/* Judge the threads the scan touched: into hot go those heated as a whole
 * that still lack the thread tag on some message, into cooled those no
 * longer heated (a new lexicon, a higher threshold, a person's tag taken
 * off) that still carry it.  The thread tag is civil's own verdict, so
 * civil takes it back; a person marks heat with the message tag, which a
 * thread judgement counts as heated and so never cools.  A thread that
 * can't be read (another process commits faster than civil reads it
 * again) is left as it is, and said. */
void civil_scan_judge_threads(struct civil_scan *s, notmuch_database_t *db,
			      GPtrArray *hot, GPtrArray *cooled)
{
	GPtrArray *order = g_ptr_array_new();
	GHashTable *mine = recs_by_thread(s, order);
	struct thread_walk w = { s, NULL, NULL, true, false, false };

	w.samples = g_array_new(FALSE, FALSE, sizeof(civil_heat_sample_t));
	w.keep = g_ptr_array_new_with_free_func(free);
	for (guint i = 0; i < order->len; i++) {
		const char *thread = g_ptr_array_index(order, i);
		struct civil_buf q = CIVIL_BUF_INIT;
		civil_thread_heat_t th;
		bool have;

		civil_db_quote_term(&q, "thread", thread);
		have = read_thread(s, db, q.buf,
				   g_hash_table_lookup(mine, thread), &w);
		for (int k = 0;
		     !have && k < CIVIL_DB_RETRIES && !civil_db_reopen(db); k++)
			have = read_thread(s, db, q.buf,
					   g_hash_table_lookup(mine, thread),
					   &w);
		if (!have) {
			civil_scan_warn(
				s,
				"thread:%s: can't be read while another "
				"process writes the database; its tags are "
				"left as they are",
				thread);
			s->stats->threads_skipped++;
		} else {
			civil_thread_heat((const civil_heat_sample_t *)(void *)
						  w.samples->data,
					  w.samples->len, &th);
			if (th.is_heated) {
				s->stats->threads_heated++;
				if (!w.all_tagged)
					g_ptr_array_add(hot, strdup(thread));
			} else if (w.any_tagged) {
				g_ptr_array_add(cooled, strdup(thread));
			}
		}
		civil_buf_release(&q);
	}
	g_array_free(w.samples, TRUE);
	g_ptr_array_free(w.keep, TRUE);
	g_hash_table_destroy(mine);
	g_ptr_array_free(order, TRUE);
}
