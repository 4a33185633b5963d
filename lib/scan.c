// SPDX-License-Identifier: GPL-2.0-only
/*
 * scan.c - score the messages a notmuch query (or an mbox) names, and
 * turn the scores into tag changes: "+heated -- id:..." for messages over
 * the threshold, "+heated-thread -- thread:..." for threads that are hot
 * as a whole ("-heated-thread" for those that have cooled).
 *
 * Scoring reads mail files, which is slow, so it happens with the
 * database open read-only.  Only then, with --apply, is the database
 * opened for writing, briefly, and every change made inside atomic
 * sections.  The score and its reasons are kept as message properties
 * (civil.heat, civil.reason) so civil-heated can show them without
 * scoring again, and civil.tagged remembers which heated tags civil set,
 * so a rescan may take back its own tag but never a person's.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

#define ATOMIC_BATCH 500
#define PROPERTY_MAX 200 /* bytes of a civil.reason value */

struct rec {
	char *id;
	char *thread;
	char *author;
	long long date;
	civil_heat_score_t heat;
	bool had_tag;
	bool had_thread_tag;
	bool civil_tagged;
	bool reader_calm; /* the reader took civil's tag off */
};

static void rec_release(struct rec *r)
{
	free(r->id);
	free(r->thread);
	free(r->author);
	civil_heat_score_release(&r->heat);
}

/* A message on its way to a rec: what notmuch said of it, and its file
 * to be scored (by a worker thread, when there are cores to spare). */
struct job {
	struct rec r;
	char *file;	  /* NULL: nothing to score */
	char *warning;	  /* why it is skipped, when it is */
	atomic_bool done; /* r or warning is final */
};

struct scan {
	const civil_heat_t *heat;
	civil_heat_t *learner; /* heat, to learn corrections into */
	GArray *corrections;   /* civil_correction_t, learned */
	const civil_scan_job_t *o;
	const civil_scan_sink_t *sink;
	civil_scan_stats_t *stats;
	GArray *recs;		  /* struct rec, the scored, in query order */
	GHashTable *by_id;	  /* id -> index + 1 in recs */
	GQueue *pending;	  /* struct job *, not yet reported, in order */
	civil_workers_t *workers; /* NULL: score in this thread */
	civil_lastmod_t seen;	  /* the revision scanned up to, */
	bool since_last;	  /* when the query was "since the last" */
	bool stopped;		  /* the walk stopped at a stale snapshot */
	size_t refused;		  /* tag lines that could not be written */
};

static void warn(struct scan *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void warn(struct scan *s, const char *fmt, ...)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	civil_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (s->sink->warn)
		s->sink->warn(b.buf, s->sink->arg);
	civil_buf_release(&b);
}

/* A tag line for the sink; one that can't be written is said instead,
 * and the scan ends PARTIAL. */
static void emit(struct scan *s, char sign, const char *tag, const char *prefix,
		 const char *value)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (civil_tag_line(&b, sign, tag, prefix, value, &err)) {
		warn(s, "%s; no tag line for it", err.message);
		s->refused++;
		civil_error_clear(&err);
	} else if (s->sink->tag_line) {
		s->sink->tag_line(b.buf, s->sink->arg);
	}
	civil_buf_release(&b);
}

static void report(struct scan *s, const struct rec *r)
{
	civil_scan_item_t item = { r->id, r->thread, r->heat.score, &r->heat,
				   r->heat.score >= s->o->cfg->threshold };

	if (s->sink->scored)
		s->sink->scored(&item, s->sink->arg);
}

/* The message as scoring needs it: without the header fields it never
 * reads (fields.c), which are most of what parsing list mail costs. */
static civil_status_t parse_for_scan(const struct civil_buf *raw,
				     const char *name, civil_message_t **msg,
				     civil_error_t *err)
{
	struct civil_buf fields = CIVIL_BUF_INIT;
	civil_status_t st;

	if (civil_fields_for_scan(raw->buf, raw->len, &fields))
		st = civil_message_parse(fields.buf, fields.len, name, msg,
					 err);
	else
		st = civil_message_parse(raw->buf, raw->len, name, msg, err);
	civil_buf_release(&fields);
	return st;
}

/* A patch (a [PATCH] subject that is neither a reply nor a cover letter)
 * scores nothing whatever its body says (civil_message_kind), so its
 * file is not even read: notmuch knows the subject. */
static bool is_patch(notmuch_message_t *m)
{
	const char *subject = notmuch_message_get_header(m, "subject");

	return subject && civil_subject_has_patch_tag(subject) &&
	       !civil_subject_is_reply(subject) &&
	       !civil_subject_is_cover(subject);
}

/* Read, parse and score a job's file.  Runs in a worker thread: it
 * touches only the job, the lexicon (read-only) and GMime, whose objects
 * are per message and whose charset code is thread-safe; never the
 * database or the scan's arrays. */
static void score_job(void *job, void *arg)
{
	struct job *j = job;
	struct scan *s = arg;
	struct civil_buf raw = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_message_t *msg = NULL;

	if (civil_file_read(j->file, &raw, &err) ||
	    parse_for_scan(&raw, j->file, &msg, &err)) {
		j->warning = g_strdup_printf("id:%s: %s; skipped", j->r.id,
					     err.message);
		civil_error_clear(&err);
	} else {
		civil_heat_score_message(s->heat, msg, &j->r.heat);
		civil_message_free(msg);
	}
	civil_buf_release(&raw);
	atomic_store_explicit(&j->done, true, memory_order_release);
}

/* Parsing mail is most of a scan's time and each message is parsed on its
 * own, so every core parses; this thread also walks the database.  At
 * most this many jobs wait, so the walk (and its read-ahead) stays close
 * to the parsing instead of running through a whole archive first. */
#define JOBS_WAITING CIVIL_DB_AHEAD

static void start_workers(struct scan *s)
{
	guint cores = s->o->threads;

	if (cores > 1)
		s->workers = civil_workers_start(MIN(cores, 16), JOBS_WAITING,
						 score_job, s);
}

/* A finished job: scored, it becomes a rec and is reported; skipped, it
 * is said. */
static void take(struct scan *s, struct job *j)
{
	if (j->warning) {
		warn(s, "%s", j->warning);
		s->stats->skipped++;
		rec_release(&j->r);
	} else {
		s->stats->scanned++;
		if (j->r.heat.score >= s->o->cfg->threshold)
			s->stats->heated++;
		g_array_append_val(s->recs, j->r);
		g_hash_table_insert(s->by_id, j->r.id,
				    GSIZE_TO_POINTER(s->recs->len));
		report(s, &j->r);
	}
	free(j->file);
	g_free(j->warning);
	g_free(j);
}

/* Take the finished jobs at the head of the queue, in query order, so
 * output streams as it would from one thread and nothing comes out of
 * order. */
static void drain(struct scan *s)
{
	struct job *j;

	while ((j = g_queue_peek_head(s->pending)) &&
	       atomic_load_explicit(&j->done, memory_order_acquire))
		take(s, g_queue_pop_head(s->pending));
}

/* Wait for the last jobs and take them. */
static void collect(struct scan *s)
{
	civil_workers_finish(s->workers);
	s->workers = NULL;
	drain(s);
}

static int scan_one(notmuch_message_t *m, void *arg)
{
	struct scan *s = arg;
	struct job *j = g_new0(struct job, 1);
	civil_db_facts_t f;
	char *first = NULL;

	g_queue_push_tail(s->pending, j);
	/* What a failed read gave is never judged: the message is skipped,
	 * its tags stay as they are.  And the walk stops there: the
	 * snapshot stayed stale through every reopen, and notmuch 0.37's
	 * notmuch_messages_get() lets Xapian's DatabaseModifiedError escape
	 * on a stale snapshot (fixed in notmuch 0.40), which aborts the
	 * process; what was not walked is scanned by the next run. */
	if (civil_db_read_facts_retry(m, s->o->cfg->tag, s->o->cfg->thread_tag,
				      &f)) {
		j->r.id = strdup(f.id ? f.id : "?");
		j->warning = g_strdup_printf(
			"id:%s: can't be read while another process writes "
			"the database; skipped",
			j->r.id);
		atomic_store_explicit(&j->done, true, memory_order_release);
		drain(s);
		s->stopped = true;
		return 1;
	}
	j->file = civil_db_existing_file(m, &first);
	j->r.id = strdup(f.id);
	j->r.thread = strdup(f.thread);
	j->r.author = strdup(f.from);
	j->r.date = f.date;
	j->r.had_tag = f.tagged;
	j->r.had_thread_tag = f.thread_tagged;
	j->r.civil_tagged = f.civil_tagged;
	j->r.reader_calm = f.reader_calm;
	if (!j->file) {
		j->warning = g_strdup_printf("id:%s: can't read '%s'; skipped",
					     f.id, first ? first : "(no file)");
		atomic_store_explicit(&j->done, true, memory_order_release);
	} else if (is_patch(m)) {
		atomic_store_explicit(&j->done, true, memory_order_release);
	} else if (s->workers) {
		civil_workers_push(s->workers, j);
	} else {
		score_job(j, s);
	}
	free(first);
	drain(s);
	return 0;
}

/* Never on a message whose reader took civil's tag off. */
static bool wants_tag(const struct scan *s, const struct rec *r)
{
	return r->heat.score >= s->o->cfg->threshold && !r->had_tag &&
	       !r->reader_calm;
}

/* civil's own tag on a message that has cooled down comes off; a tag a
 * person set never does. */
static bool wants_untag(const struct scan *s, const struct rec *r)
{
	return r->heat.score < s->o->cfg->threshold && r->had_tag &&
	       r->civil_tagged;
}

/* ---- threads ---- */

struct thread_walk {
	struct scan *s;
	GArray *samples; /* civil_heat_sample_t */
	GPtrArray *keep; /* strings the samples point at */
	bool all_tagged; /* every message has the thread tag */
	bool any_tagged; /* some message has it */
	bool failed;	 /* a read failed: nothing here may be used */
};

/* A message's sample for its thread: its score, whether its heat is
 * aimed at a person, and a message a person tagged heated is heated,
 * whatever its words; one whose reader took civil's tag off is calm. */
static civil_heat_sample_t sample_of(const struct scan *s, double score,
				     bool had_tag, bool civil_tagged,
				     bool reader_calm, bool personal)
{
	civil_heat_sample_t v = { 0 };

	v.score = score;
	v.personal = personal && !reader_calm;
	v.by_hand = had_tag && !civil_tagged;
	if (v.by_hand && v.score < s->o->cfg->threshold)
		v.score = s->o->cfg->threshold;
	if (reader_calm && v.score >= s->o->cfg->threshold)
		v.score = s->o->cfg->threshold * 0.99;
	return v;
}

/* Is a message not in this scan personal, by the reasons stored with it? */
static bool stored_personal(const struct scan *s, notmuch_message_t *m)
{
	civil_heat_score_t h;
	bool personal;

	if (!civil_db_stored_heat(m, &h))
		return false;
	personal = civil_heat_personal(&h, s->o->cfg->threshold);
	civil_heat_score_release(&h);
	return personal;
}

static int sample_one(notmuch_message_t *m, void *arg)
{
	struct thread_walk *w = arg;
	civil_db_facts_t f;
	gsize idx;
	const struct rec *r;
	const char *prop;
	civil_heat_sample_t v;
	char *author;

	/* The whole thread is read again (judge_threads), so that it is
	 * judged from one view of the database. */
	if (civil_db_read_facts(m, w->s->o->cfg->tag, w->s->o->cfg->thread_tag,
				&f)) {
		w->failed = true;
		return 1;
	}
	idx = GPOINTER_TO_SIZE(g_hash_table_lookup(w->s->by_id, f.id));
	r = idx ? &g_array_index(w->s->recs, struct rec, idx - 1) : NULL;
	prop = civil_db_property(m, "civil.heat");
	v = sample_of(w->s,
		      r	     ? r->heat.score
		      : prop ? strtod(prop, NULL)
			     : 0,
		      f.tagged, r && r->civil_tagged, f.reader_calm,
		      r ? civil_heat_personal(&r->heat, w->s->o->cfg->threshold)
			: stored_personal(w->s, m));
	author = strdup(f.from);
	v.author = author;
	v.date = f.date;
	g_ptr_array_add(w->keep, author);
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
static bool samples_from_scan(struct scan *s, notmuch_database_t *db,
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
		const struct rec *r = &g_array_index(
			s->recs, struct rec, g_array_index(mine, guint, k));
		civil_heat_sample_t v = sample_of(
			s, r->heat.score, r->had_tag, r->civil_tagged,
			r->reader_calm,
			civil_heat_personal(&r->heat, s->o->cfg->threshold));

		v.author = r->author;
		v.date = r->date;
		g_array_append_val(w->samples, v);
		w->all_tagged &= r->had_thread_tag;
		w->any_tagged |= r->had_thread_tag;
	}
	return true;
}

/* A thread's samples into w; false when they could not be read. */
static bool read_thread(struct scan *s, notmuch_database_t *db,
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
static GHashTable *recs_by_thread(struct scan *s, GPtrArray *order)
{
	GHashTable *t = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
					      (GDestroyNotify)g_array_unref);

	for (guint i = 0; i < s->recs->len; i++) {
		struct rec *r = &g_array_index(s->recs, struct rec, i);
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
static void judge_threads(struct scan *s, notmuch_database_t *db,
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
			warn(s,
			     "thread:%s: can't be read while another process "
			     "writes the database; its tags are left as they "
			     "are",
			     thread);
			s->stats->threads_skipped++;
		} else {
			civil_thread_heat((const civil_heat_sample_t *)(void *)
						  w.samples->data,
					  w.samples->len, s->o->cfg->threshold,
					  &th);
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

/* ---- applying ---- */

static void sanitize_field(struct civil_buf *b, const char *s)
{
	for (; *s; s++)
		civil_buf_addch(b, *s == '\t' || *s == '\n' ? ' ' : *s);
}

static notmuch_status_t store_heat(notmuch_message_t *m, const struct rec *r)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	notmuch_status_t ns;

	ns = notmuch_message_remove_all_properties(m, "civil.heat");
	if (!ns)
		ns = notmuch_message_remove_all_properties(m, "civil.reason");
	civil_buf_addf(&b, "%.2f", r->heat.score);
	if (!ns)
		ns = notmuch_message_add_property(m, "civil.heat", b.buf);
	for (size_t i = 0; i < r->heat.n_reasons && !ns; i++) {
		const civil_heat_reason_t *why = &r->heat.reasons[i];

		/* signal, weight, aimed, match, sentence: tab-separated. */
		civil_buf_reset(&b);
		civil_buf_addf(&b, "%s\t%.2f\t%d\t", why->signal, why->weight,
			       why->aimed);
		sanitize_field(&b, why->match);
		civil_buf_addch(&b, '\t');
		sanitize_field(&b, why->sentence);
		/* A property is a Xapian term, and terms end at 245 bytes:
		 * cut the sentence short, at a character boundary. */
		if (b.len > PROPERTY_MAX) {
			b.len = PROPERTY_MAX;
			while (b.len &&
			       ((unsigned char)b.buf[b.len] & 0xc0) == 0x80)
				b.len--;
			b.buf[b.len] = '\0';
		}
		ns = notmuch_message_add_property(m, "civil.reason", b.buf);
	}
	civil_buf_release(&b);
	return ns;
}

/* What store_heat() wrote, read back. */
bool civil_db_stored_heat(notmuch_message_t *nm, civil_heat_score_t *out)
{
	const char *score = civil_db_property(nm, "civil.heat");
	notmuch_message_properties_t *p;
	GArray *r;

	if (!score)
		return false;
	memset(out, 0, sizeof(*out));
	out->score = strtod(score, NULL);
	r = g_array_new(FALSE, TRUE, sizeof(civil_heat_reason_t));
	for (p = notmuch_message_get_properties(nm, "civil.reason", TRUE);
	     notmuch_message_properties_valid(p);
	     notmuch_message_properties_move_to_next(p)) {
		char **f = g_strsplit(notmuch_message_properties_value(p), "\t",
				      5);
		civil_heat_reason_t why = { 0 };

		if (g_strv_length(f) == 5) {
			why.signal = strdup(f[0]);
			why.weight = strtod(f[1], NULL);
			why.aimed = !strcmp(f[2], "1");
			why.match = strdup(f[3]);
			why.sentence = strdup(f[4]);
			g_array_append_val(r, why);
		}
		g_strfreev(f);
	}
	notmuch_message_properties_destroy(p);
	out->n_reasons = r->len;
	out->reasons = (civil_heat_reason_t *)(void *)g_array_free(r, FALSE);
	return true;
}

static notmuch_status_t apply_one(struct scan *s, notmuch_database_t *db,
				  const struct rec *r)
{
	const char *tag = s->o->cfg->tag;
	notmuch_message_t *m = NULL;
	notmuch_status_t ns;

	const char *old;
	char now[32];
	bool same;

	ns = notmuch_database_find_message(db, r->id, &m);
	if (ns || !m)
		return ns; /* gone since we looked: nothing to do */
	/* A rescan that finds what the last one found writes nothing. */
	snprintf(now, sizeof(now), "%.2f", r->heat.score);
	old = civil_db_property(m, "civil.heat");
	/* Calm mail never scored before stays without properties: most mail
	 * is calm, and every property is a Xapian write. */
	same = old ? !strcmp(old, now) : r->heat.score == 0;
	if (same && !wants_tag(s, r) && !wants_untag(s, r)) {
		notmuch_message_destroy(m);
		return NOTMUCH_STATUS_SUCCESS;
	}
	ns = notmuch_message_freeze(m);
	if (!ns && !same)
		ns = store_heat(m, r);
	if (!ns && wants_tag(s, r)) {
		ns = notmuch_message_add_tag(m, tag);
		if (!ns)
			ns = notmuch_message_remove_all_properties(
				m, "civil.tagged");
		if (!ns)
			ns = notmuch_message_add_property(m, "civil.tagged",
							  "1");
		s->stats->changed++;
	} else if (!ns && wants_untag(s, r)) {
		ns = notmuch_message_remove_tag(m, tag);
		if (!ns)
			ns = notmuch_message_remove_all_properties(
				m, "civil.tagged");
		s->stats->changed++;
	}
	if (!ns)
		ns = notmuch_message_thaw(m);
	notmuch_message_destroy(m);
	return ns;
}

struct thread_tagging {
	struct scan *s;
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
static notmuch_status_t tag_threads(struct scan *s, notmuch_database_t *db,
				    GPtrArray *threads, bool add,
				    civil_status_t *st, civil_error_t *err)
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

static civil_status_t apply(struct scan *s, GPtrArray *hot, GPtrArray *cooled,
			    civil_error_t *err)
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
	 * learned: a failure to keep it leaves them to be learned again. */
	if (s->corrections->len) {
		st = civil_heat_learned_save(s->learner, err);
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
				       &g_array_index(s->recs, struct rec, i));
	}
	if (!ns && s->recs->len)
		ns = notmuch_database_end_atomic(db);
	if (!ns)
		ns = tag_threads(s, db, hot, true, &st, err);
	if (!ns)
		ns = tag_threads(s, db, cooled, false, &st, err);
	/* A skipped message, or one never walked, is not behind the record:
	 * the next scan since the last must still find it. */
	if (!ns && !st && s->since_last && !s->stopped && !s->stats->skipped)
		ns = civil_lastmod_record(db, &s->seen, &opened);
	if (ns)
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "can't tag in '%s': %s", civil_db_path(db),
				     civil_db_message(db, ns));
	/* Closing commits; an unfinished atomic section is thrown away
	 * whole, never half applied. */
	return civil_db_close(db, st, err);
}

static void scan_free(struct scan *s)
{
	for (guint i = 0; i < s->recs->len; i++)
		rec_release(&g_array_index(s->recs, struct rec, i));
	g_array_free(s->recs, TRUE);
	g_hash_table_destroy(s->by_id);
	if (s->pending)
		g_queue_free(s->pending);
	civil_corrections_release(s->corrections);
	g_array_free(s->corrections, TRUE);
}

static civil_status_t refused(const struct scan *s, civil_error_t *err)
{
	return civil_error_set(err, CIVIL_STATUS_PARTIAL,
			       "%zu tag lines not written (named above)",
			       s->refused);
}

civil_status_t civil_scan_db(civil_heat_t *h, notmuch_database_t *db,
			     const civil_scan_job_t *o,
			     const civil_scan_sink_t *sink,
			     civil_scan_stats_t *stats, civil_error_t *err)
{
	struct scan s = {
		.heat = h, .learner = h, .o = o, .sink = sink, .stats = stats
	};
	GPtrArray *hot = g_ptr_array_new_with_free_func(free);
	GPtrArray *cooled = g_ptr_array_new_with_free_func(free);
	struct civil_buf since = CIVIL_BUF_INIT;
	civil_status_t st;

	memset(stats, 0, sizeof(*stats));
	s.recs = g_array_new(FALSE, TRUE, sizeof(struct rec));
	s.by_id = g_hash_table_new(g_str_hash, g_str_equal);
	s.pending = g_queue_new();
	s.corrections = g_array_new(FALSE, TRUE, sizeof(civil_correction_t));
	if (!o->query) {
		s.since_last = true;
		if (!civil_lastmod_query(db, &s.seen, &since))
			warn(&s,
			     "no scan recorded in database '%s': scoring "
			     "all of its mail",
			     civil_db_path(db));
	}
	/* The reader's corrections first, so that this scan scores with
	 * what they teach. */
	if (o->apply && o->learn) {
		st = civil_corrections_learn(db, h, o->cfg, s.corrections, err);
		if (st)
			goto done;
		stats->learned = s.corrections->len;
	}
	start_workers(&s);
	st = civil_db_foreach_file(db, o->query ? o->query : since.buf,
				   NOTMUCH_SORT_OLDEST_FIRST, scan_one, &s,
				   err);
	collect(&s);
	if (!st)
		judge_threads(&s, db, hot, cooled);
	if (st)
		goto done;

	if (o->apply) {
		st = apply(&s, hot, cooled, err);
	} else {
		for (guint i = 0; i < s.recs->len; i++) {
			struct rec *r = &g_array_index(s.recs, struct rec, i);

			if (wants_tag(&s, r))
				emit(&s, '+', o->cfg->tag, "id", r->id);
			else if (wants_untag(&s, r))
				emit(&s, '-', o->cfg->tag, "id", r->id);
		}
		for (guint i = 0; i < hot->len; i++)
			emit(&s, '+', o->cfg->thread_tag, "thread",
			     g_ptr_array_index(hot, i));
		for (guint i = 0; i < cooled->len; i++)
			emit(&s, '-', o->cfg->thread_tag, "thread",
			     g_ptr_array_index(cooled, i));
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
	struct scan *s = arg;
	const char *id = civil_message_id(msg);
	struct rec r = { 0 };

	civil_heat_score_message(s->heat, msg, &r.heat);
	r.id = strdup(id ? id : "");
	s->stats->scanned++;
	if (r.heat.score >= s->o->cfg->threshold) {
		s->stats->heated++;
		if (id)
			emit(s, '+', s->o->cfg->tag, "id", id);
	}
	report(s, &r);
	rec_release(&r);
	return 0;
}

civil_status_t civil_scan_mbox_data(const civil_heat_t *h, const void *data,
				    size_t len, const char *name,
				    const civil_scan_job_t *o,
			       const civil_scan_sink_t *sink,
			       civil_scan_stats_t *stats, civil_error_t *err)
{
	struct scan s = { .heat = h, .o = o, .sink = sink, .stats = stats };
	civil_status_t st;

	memset(stats, 0, sizeof(*stats));
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
