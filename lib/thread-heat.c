// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thread-heat.c - one rule for a thread's heat, and one way to make a
 * message into what the rule counts, for civil-scan (scan-judge.c) and
 * civil-heated (heated.c) alike.
 *
 * A thread is heated through heated messages only: one a person tagged
 * heated, or two civil holds heated whose reader did not take the tag
 * off.  One message civil alone holds heated is shown, and heats no
 * thread: the scorer is wrong about one message in a few, and a thread
 * tag on a calm thread costs a reader's trust in every message of it.
 * Sharp messages, however many, never make a thread heated: sharp
 * criticism is what the Code of Conflict protects.  People are counted
 * by their bare address, so "Jane Doe <jane@x>" and "Doe, Jane
 * <Jane@X>" are one person.
 */
#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

/* How much hotter (in score) the later half of a thread must run than
 * the first for the thread to be escalating. */
#define ESCALATING 0.4

char *civil_author_key(const char *from)
{
	InternetAddressList *l;
	char *key = NULL, *out;

	if (!from || !*from)
		return civil_xstrdup("");
	l = internet_address_list_parse(NULL, from);
	for (int i = 0; l && i < internet_address_list_length(l) && !key; i++) {
		InternetAddress *a = internet_address_list_get_address(l, i);

		if (INTERNET_ADDRESS_IS_MAILBOX(a))
			key = g_ascii_strdown(
				internet_address_mailbox_get_addr(
					INTERNET_ADDRESS_MAILBOX(a)),
				-1);
	}
	if (l)
		g_object_unref(l);
	if (!key)
		key = g_ascii_strdown(from, -1);
	/* Callers free() it, so it is malloc's, not GLib's. */
	out = civil_xstrdup(key);
	g_free(key);
	return out;
}

void civil_heat_sample_of(const civil_db_facts_t *f,
			  const civil_heat_score_t *h, GPtrArray *keep,
			  civil_heat_sample_t *out)
{
	char *author = civil_author_key(f->from);

	memset(out, 0, sizeof(*out));
	out->score = h ? h->score : 0;
	out->klass = h ? h->klass : CIVIL_HEAT_CALM;
	out->date = f->date;
	out->author = author;
	g_ptr_array_add(keep, author);
	/* The reader's verdict wins: tagged by a person is heated, whatever
	 * the words; a tag the reader took off is not. */
	out->by_hand = f->tagged && !f->civil_tagged;
	if (out->by_hand)
		out->klass = CIVIL_HEAT_HEATED;
	else if (f->reader_calm && out->klass == CIVIL_HEAT_HEATED)
		out->klass = CIVIL_HEAT_SHARP;
}

notmuch_status_t civil_db_heat_sample(notmuch_message_t *m, const char *tag,
				      const char *thread_tag,
				      const civil_heat_score_t *fresh,
				      GPtrArray *keep, civil_heat_sample_t *out,
				      civil_db_facts_t *facts)
{
	civil_heat_score_t stored = { 0 };
	notmuch_status_t ns;
	const char *prop;
	bool have;

	ns = civil_db_read_facts(m, tag, thread_tag, facts);
	/* A stored score that can't be read (a stale snapshot) is not
	 * "none": the caller reads the thread again rather than judge it
	 * calm. */
	if (!ns && !fresh)
		ns = civil_nm_message_get_property(m, "civil.heat", &prop);
	if (ns)
		return ns;
	have = !fresh && civil_db_stored_heat(m, &stored);
	civil_heat_sample_of(facts,
			     fresh  ? fresh
			     : have ? &stored
				    : NULL,
			     keep, out);
	civil_heat_score_release(&stored);
	return NOTMUCH_STATUS_SUCCESS;
}

static int by_date(const void *a, const void *b)
{
	const civil_heat_sample_t *x = a, *y = b;

	return (x->date > y->date) - (x->date < y->date);
}

void civil_thread_heat(const civil_heat_sample_t *v, size_t n,
		       civil_thread_heat_t *out)
{
	civil_heat_sample_t *sorted = calloc(n ? n : 1, sizeof(*sorted));
	GHashTable *hot = g_hash_table_new(g_str_hash, g_str_equal);
	double first = 0, second = 0;
	size_t by_hand = 0;

	if (!sorted)
		abort();
	memset(out, 0, sizeof(*out));
	out->messages = n;
	if (n)
		memcpy(sorted, v, n * sizeof(*v));
	qsort(sorted, n, sizeof(*sorted), by_date);
	for (size_t i = 0; i < n; i++) {
		const civil_heat_sample_t *s = &sorted[i];

		if (s->score > out->peak)
			out->peak = s->score;
		if (s->klass == CIVIL_HEAT_HEATED) {
			out->heated++;
			by_hand += s->by_hand;
			g_hash_table_add(
				hot, (gpointer)(s->author ? s->author : ""));
		}
		if (i < n / 2)
			first += s->score;
		else
			second += s->score;
	}
	out->people = g_hash_table_size(hot);
	if (n >= 4)
		out->escalating = second / (double)(n - n / 2) >
				  first / (double)(n / 2) + ESCALATING;
	out->is_heated = by_hand > 0 || out->heated >= 2;
	g_hash_table_destroy(hot);
	free(sorted);
}
