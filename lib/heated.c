// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heated.c - the threads someone (a person with notmuch tag, or
 * civil-scan) marked heated, newest first, with what a reader needs to
 * judge them: dates, people, lists, how the heat ran over time, and the
 * passages that made civil flag them.
 *
 * Scores come from the civil.heat/civil.reason properties civil-scan
 * --apply leaves.  A heated message without them (tagged by hand, or by
 * "civil-scan | notmuch tag --batch") is scored from its file, so that
 * the tags a pipe set show as heated ('#'), not as set by hand ('!'),
 * when the words are heated.
 *
 * The same walk gives the threads "worth a look" (civil_review_foreach):
 * those with a message civil-scan --apply marked civil.review=1 and no
 * message tagged heated at all.  Each review message there brings its
 * deciding sentence, its hottest sentence's first reason, as a passage.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

static void add_unique(GPtrArray *v, const char *s)
{
	for (guint i = 0; i < v->len; i++)
		if (!strcmp(g_ptr_array_index(v, i), s))
			return;
	g_ptr_array_add(v, civil_xstrdup(s));
}

/* One character a message: '!' tagged heated by a person though its
 * words are not, '#' heated, '-' worth a look (civil.review), '=' sharp,
 * '.' calm. */
static char strip_char(const civil_heat_sample_t *s, bool words_heated,
		       bool review)
{
	if (s->by_hand && !words_heated)
		return '!';
	if (s->klass == CIVIL_HEAT_HEATED)
		return '#';
	if (review)
		return '-';
	if (s->klass == CIVIL_HEAT_SHARP)
		return '=';
	return '.';
}

static int by_weight_desc(const void *a, const void *b)
{
	const civil_heated_passage_t *x = a, *y = b;

	return (x->why.weight < y->why.weight) -
	       (x->why.weight > y->why.weight);
}

/* A message's reasons, weightiest first: stored ones come back from
 * notmuch in the order of their text, not of their weight. */
static void passages_from_heat(GArray *out, const char *id,
			       const civil_heat_score_t *h)
{
	guint first = out->len;

	for (size_t i = 0; i < h->n_reasons; i++) {
		civil_heated_passage_t p = { 0 };

		p.id = civil_xstrdup(id);
		p.score = h->score;
		p.why = h->reasons[i];
		p.why.signal = civil_xstrdup(h->reasons[i].signal);
		p.why.match = civil_xstrdup(h->reasons[i].match);
		p.why.sentence = civil_xstrdup(h->reasons[i].sentence);
		g_array_append_val(out, p);
	}
	if (out->len > first + 1)
		qsort(&g_array_index(out, civil_heated_passage_t, first),
		      out->len - first, sizeof(civil_heated_passage_t),
		      by_weight_desc);
}

/* A review message's deciding sentence: the first reason of its hottest
 * sentence, which the scorer puts first.  A message warm as a whole with
 * no sentence of its own over calm has none: its passage then names no
 * words. */
static void deciding_passage(GArray *out, const char *id,
			     const civil_heat_score_t *h)
{
	civil_heated_passage_t p = { 0 };

	p.id = civil_xstrdup(id);
	p.score = h->score;
	if (h->n_reasons) {
		p.why = h->reasons[0];
		p.why.signal = civil_xstrdup(h->reasons[0].signal);
		p.why.match = civil_xstrdup(h->reasons[0].match);
		p.why.sentence = civil_xstrdup(h->reasons[0].sentence);
	} else {
		p.why.klass = h->klass;
		p.why.signal = civil_xstrdup("its words as a whole");
		p.why.match = civil_xstrdup("");
		p.why.sentence = civil_xstrdup("");
	}
	g_array_append_val(out, p);
}

/* Score a message from its file; false when it can't be read. */
static bool rescore(const civil_heat_t *h, notmuch_message_t *m,
		    civil_heat_score_t *out)
{
	civil_message_t *msg;

	if (civil_db_read_message(m, CIVIL_DB_READ_SCORING, &msg, NULL))
		return false;
	civil_heat_score_message(h, msg, out);
	civil_message_free(msg);
	return true;
}

struct walk {
	const civil_nm_config_t *cfg;
	const civil_heat_t *heat;
	bool explain;
	bool review;	 /* the threads worth a look, not the heated ones */
	bool any_tagged; /* a message of the thread is tagged heated */
	GPtrArray *people, *lists, *tags, *keep;
	GArray *samples, *passages;
	struct civil_buf strip;
	bool scored;
	bool thread_tagged;
	/* The thread's own dates and subject, from all of its messages:
	 * notmuch's are those of the messages the query matched (the
	 * heated ones), and its subject the newest of them. */
	long long first, last;
	char *subject; /* the oldest message's */
	bool dated;
};

/* A subject as a reader sees it: notmuch unfolds a long Subject by
 * taking out the line end and keeping the tab that started the next line,
 * and that tab is a space (a run of them, one). */
static char *unfolded(const char *subject)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	for (const char *p = subject ? subject : ""; *p; p++) {
		if (*p != '\t') {
			civil_buf_addch(&b, *p);
			continue;
		}
		if (!b.len || b.buf[b.len - 1] != ' ')
			civil_buf_addch(&b, ' ');
		while (p[1] == '\t' || p[1] == ' ')
			p++;
	}
	if (!b.buf)
		civil_buf_grow(&b, 0);
	return civil_buf_detach(&b);
}

static void walk_message(struct walk *w, notmuch_message_t *m)
{
	const char *list = notmuch_message_get_header(m, "list-id");
	civil_heat_sample_t s = { 0 };
	civil_heat_score_t fresh = { 0 }, stored = { 0 };
	civil_db_facts_t f;
	bool have_fresh = false, have_stored = civil_db_stored_heat(m, &stored);
	bool review;
	notmuch_tags_t *tags;

	if (!have_stored && w->heat && civil_db_has_tag(m, w->cfg->tag))
		have_fresh = rescore(w->heat, m, &fresh);
	w->scored |= have_fresh || have_stored;
	if (civil_db_heat_sample(m, w->cfg->tag, w->cfg->thread_tag,
				 have_fresh ? &fresh : NULL, w->keep, &s, &f)) {
		/* A read that failed counts nothing, not even as calm. */
		civil_heat_score_release(&fresh);
		civil_heat_score_release(&stored);
		return;
	}
	add_unique(w->people, s.author);
	{
		long long date = (long long)notmuch_message_get_date(m);

		if (!w->dated || date < w->first) {
			const char *subject =
				notmuch_message_get_header(m, "subject");

			/* As notmuch search shows a thread's subject. */
			if (subject && !strncasecmp(subject, "Re: ", 4))
				subject += 4;
			free(w->subject);
			w->subject = unfolded(subject);
			w->first = date;
		}
		if (!w->dated || date > w->last)
			w->last = date;
		w->dated = true;
	}
	if (!list || !*list)
		list = notmuch_message_get_header(m, "x-mailing-list");
	if (list && *list) {
		char *l = civil_list_id(list);

		add_unique(w->lists, l);
		free(l);
	}
	for (tags = notmuch_message_get_tags(m); notmuch_tags_valid(tags);
	     notmuch_tags_move_to_next(tags))
		add_unique(w->tags, notmuch_tags_get(tags));
	notmuch_tags_destroy(tags);

	/* Worth a look as the last scan marked it, unless the tags say more
	 * now: tagged heated since (a person's verdict), or its reader holds
	 * it calm. */
	review = f.review && !f.tagged && !f.reader_calm &&
		 s.klass != CIVIL_HEAT_HEATED;
	civil_buf_addch(&w->strip,
			strip_char(&s,
				   (have_fresh ? &fresh : &stored)->klass ==
					   CIVIL_HEAT_HEATED,
				   review));
	w->thread_tagged |= f.thread_tagged;
	w->any_tagged |= f.tagged || f.thread_tagged;
	g_array_append_val(w->samples, s);

	if (w->review) {
		/* Its deciding sentence; with explain, all it gave. */
		if (review && have_stored && w->explain && stored.n_reasons)
			passages_from_heat(w->passages, f.id, &stored);
		else if (review && have_stored)
			deciding_passage(w->passages, f.id, &stored);
	} else if (w->explain && s.klass == CIVIL_HEAT_HEATED &&
		   (have_fresh || have_stored)) {
		passages_from_heat(w->passages, f.id,
				   have_fresh ? &fresh : &stored);
	}
	civil_heat_score_release(&fresh);
	civil_heat_score_release(&stored);
}

static char **to_strv(GPtrArray *v, size_t *n)
{
	*n = v->len;
	g_ptr_array_add(v, NULL);
	return (char **)g_ptr_array_free(v, FALSE);
}

static void fill_thread(struct walk *w, notmuch_thread_t *t,
			civil_heated_thread_t *out)
{
	notmuch_messages_t *msgs;

	memset(out, 0, sizeof(*out));
	w->people = g_ptr_array_new_with_free_func(free);
	w->lists = g_ptr_array_new_with_free_func(free);
	w->tags = g_ptr_array_new_with_free_func(free);
	w->keep = g_ptr_array_new_with_free_func(free);
	w->samples = g_array_new(FALSE, FALSE, sizeof(civil_heat_sample_t));
	w->passages = g_array_new(FALSE, FALSE, sizeof(civil_heated_passage_t));
	civil_buf_reset(&w->strip);
	w->scored = false;
	w->thread_tagged = false;
	w->any_tagged = false;
	w->dated = false;
	w->subject = NULL;

	/* All messages of the thread, oldest first (read when the thread
	 * was: they can't fail now). */
	for (msgs = notmuch_thread_get_messages(t);
	     notmuch_messages_valid(msgs);
	     notmuch_messages_move_to_next(msgs)) {
		notmuch_message_t *m;

		if (civil_nm_messages_get(msgs, &m))
			continue;
		walk_message(w, m);
		notmuch_message_destroy(m);
	}
	out->thread = civil_xstrdup(notmuch_thread_get_thread_id(t));
	out->authors = civil_xstrdup(notmuch_thread_get_authors(t));
	if (w->dated) {
		out->subject = w->subject;
		out->first = w->first;
		out->last = w->last;
	} else {
		out->subject = unfolded(notmuch_thread_get_subject(t));
		out->first = (long long)notmuch_thread_get_oldest_date(t);
		out->last = (long long)notmuch_thread_get_newest_date(t);
	}
	out->matched = (size_t)notmuch_thread_get_matched_messages(t);
	out->scored = w->scored;
	out->strip = civil_xstrdup(civil_buf_str(&w->strip));
	out->thread_tagged = w->thread_tagged;
	out->review = w->review;
	civil_thread_heat((const civil_heat_sample_t *)(void *)w->samples->data,
			  w->samples->len, &out->heat);
	/* A message that could not be read is no sample, but it is in the
	 * thread. */
	out->heat.messages = (size_t)notmuch_thread_get_total_messages(t);
	out->people = to_strv(w->people, &out->n_people);
	out->lists = to_strv(w->lists, &out->n_lists);
	out->tags = to_strv(w->tags, &out->n_tags);
	out->n_passages = w->passages->len;
	out->passages = (civil_heated_passage_t *)(void *)g_array_free(
		w->passages, FALSE);
	g_array_free(w->samples, TRUE);
	g_ptr_array_free(w->keep, TRUE);
}

static void thread_release(civil_heated_thread_t *t)
{
	free(t->thread);
	free(t->subject);
	free(t->authors);
	free(t->strip);
	g_strfreev(t->people);
	g_strfreev(t->lists);
	g_strfreev(t->tags);
	for (size_t i = 0; i < t->n_passages; i++) {
		free(t->passages[i].id);
		free(t->passages[i].why.signal);
		free(t->passages[i].why.match);
		free(t->passages[i].why.sentence);
	}
	g_free(t->passages);
}

/* The threads of q, newest first, from the newest revision: a thread of
 * an older search may be gone (notmuch 0.37 aborts on a thread whose
 * first message is no longer there).  NULL and *ns when the search
 * failed. */
static notmuch_threads_t *
search_threads(notmuch_database_t *db, notmuch_query_t *q, notmuch_status_t *ns)
{
	notmuch_threads_t *threads = NULL;

	*ns = notmuch_query_search_threads(q, &threads);
	for (int i = 0; *ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION &&
			i < CIVIL_DB_RETRIES && !civil_db_reopen(db);
	     i++)
		*ns = notmuch_query_search_threads(q, &threads);
	return *ns ? NULL : threads;
}

civil_status_t civil_heated_walk(notmuch_database_t *db,
				 const civil_nm_config_t *cfg,
				 const civil_heat_t *heat, const char *query,
				 bool explain, bool review, civil_heated_fn fn,
				 void *arg, civil_error_t *err)
{
	struct walk w = {
		.cfg = cfg, .heat = heat, .explain = explain, .review = review
	};
	struct civil_buf q = CIVIL_BUF_INIT;
	notmuch_threads_t *threads = NULL;
	/* The threads handed to fn, for going on after a search again. */
	GHashTable *done =
		g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	notmuch_query_t *nq;
	notmuch_status_t ns;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	unsigned long revision;
	int restarts = 0;

	/* Worth a look: a message marked so, in a thread with no heated
	 * one (fill_thread's walk tells, below: notmuch matches messages,
	 * not threads). */
	civil_buf_adds(&q, review ? "property:civil.review=1 AND NOT (" : "(");
	civil_db_quote_term(&q, "tag", cfg->tag);
	civil_buf_adds(&q, " OR ");
	civil_db_quote_term(&q, "tag", cfg->thread_tag);
	civil_buf_adds(&q, ")");
	if (query && *query)
		civil_buf_addf(&q, " AND (%s)", query);
	nq = notmuch_query_create(db, q.buf);
	notmuch_query_set_sort(nq, NOTMUCH_SORT_NEWEST_FIRST);
	notmuch_query_set_omit_excluded(nq, NOTMUCH_EXCLUDE_FALSE);
	threads = search_threads(db, nq, &ns);
	if (!threads) {
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "bad query '%s': %s", query ? query : "",
				     civil_db_message(db, ns));
		goto done;
	}
	revision = notmuch_database_get_revision(db, NULL);
	while (notmuch_threads_valid(threads)) {
		bool moved =
			notmuch_database_get_revision(db, NULL) != revision;
		notmuch_thread_t *t = NULL;
		civil_heated_thread_t out;
		int stop;

		/* Reopened since the search, or a thread that can't be
		 * read: search again and go on past the threads done. */
		if (moved || civil_nm_threads_get(threads, &t)) {
			if (++restarts > CIVIL_DB_RETRIES) {
				st = civil_error_set(
					err, CIVIL_STATUS_PARTIAL,
					"can't read the heated threads in "
					"'%s' while another process writes "
					"it; run it again",
					civil_db_path(db));
				break;
			}
			if (!moved)
				civil_db_reopen(db);
			notmuch_threads_destroy(threads);
			threads = search_threads(db, nq, &ns);
			revision = notmuch_database_get_revision(db, NULL);
			if (!threads)
				break;
			continue;
		}
		if (g_hash_table_contains(done,
					  notmuch_thread_get_thread_id(t))) {
			notmuch_thread_destroy(t);
			notmuch_threads_move_to_next(threads);
			continue;
		}
		restarts = 0;
		g_hash_table_add(
			done, civil_xstrdup(notmuch_thread_get_thread_id(t)));
		fill_thread(&w, t, &out);
		notmuch_thread_destroy(t);
		notmuch_threads_move_to_next(threads);
		/* A thread with a heated message is heated, and not worth a
		 * look: it is one of the heated threads. */
		if (review && w.any_tagged) {
			thread_release(&out);
			continue;
		}
		stop = fn(&out, arg);
		thread_release(&out);
		if (stop)
			break;
	}
	if (!threads && !st)
		st = civil_error_set(err, CIVIL_STATUS_PARTIAL,
				     "can't search '%s' again while another "
				     "process writes it: %s; run it again",
				     civil_db_path(db),
				     civil_db_message(db, ns));
done:
	g_hash_table_destroy(done);
	civil_buf_release(&w.strip);
	civil_buf_release(&q);
	notmuch_query_destroy(nq);
	return st;
}

/* The two walks, once the caller's arguments are checked. */
static civil_status_t heated_or_review(civil_t *c, const char *query,
				       bool explain, bool review,
				       civil_heated_fn fn, void *arg,
				       civil_error_t *err)
{
	const civil_nm_config_t *cfg = NULL;
	notmuch_database_t *db = NULL;
	civil_status_t st;

	st = civil_nm_for_db(c, &cfg, err);
	if (!st)
		st = civil_get_db(c, &db, err);
	if (st)
		return st;
	return civil_heated_walk(db, cfg, civil_heat_if_read(c), query, explain,
				 review, fn, arg, err);
}

civil_status_t civil_heated_foreach(civil_t *c, const char *query, bool explain,
				    civil_heated_fn fn, void *arg,
				    civil_error_t *err)
{
	civil_status_t st = civil_need(err, c);

	if (!st)
		st = civil_need(err, fn);
	return st ? st
		  : heated_or_review(c, query, explain, false, fn, arg, err);
}

civil_status_t civil_review_foreach(civil_t *c, const char *query, bool explain,
				    civil_heated_fn fn, void *arg,
				    civil_error_t *err)
{
	civil_status_t st = civil_need(err, c);

	if (!st)
		st = civil_need(err, fn);
	return st ? st
		  : heated_or_review(c, query, explain, true, fn, arg, err);
}
