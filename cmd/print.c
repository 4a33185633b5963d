// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * print.c - what civil-heated and civil-scan print, built so that no
 * value taken from mail can break its shape: a thread as civil-heated's
 * text (a line of facts, the subject, a line a passage) or JSON (through
 * the structured printer, util/sprinter.c), and civil-scan's score
 * records (through its text form).  These formats are the command
 * line's, not libcivil's, as notmuch keeps its formats in its CLI;
 * tests/fuzz/fuzz-writers.c holds them to their shapes.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "print.h"

#define HOUR (60 * 60)
#define DAY  (24 * HOUR)

/* "date_relative" as notmuch search --format=json writes it
 * (notmuch-time.c): "5 mins. ago", "Today 12:30", "Yest. 12:30",
 * "Mon. 12:30", "October 12", "2008-06-30"; notmuch-emacs shows it. */
static void date_relative(char *buf, size_t n, long long when)
{
	time_t now = time(NULL), then = (time_t)when;
	struct tm tm_now, tm_then;
	long long delta;

	localtime_r(&now, &tm_now);
	if (!localtime_r(&then, &tm_then))
		memset(&tm_then, 0, sizeof(tm_then));
	/* Compared before subtracting: a date from mail can be any 64-bit
	 * number, and now - when would overflow. */
	if (when > (long long)now) {
		snprintf(buf, n, "the future");
		return;
	}
	if (when < (long long)now - 180 * DAY) {
		strftime(buf, n, "%F", &tm_then);
		return;
	}
	delta = (long long)now - when;
	if (delta < HOUR)
		snprintf(buf, n, "%d mins. ago", (int)(delta / 60));
	else if (delta <= 7 * DAY && tm_then.tm_wday == tm_now.tm_wday &&
		 delta < DAY)
		strftime(buf, n, "Today %R", &tm_then);
	else if (delta <= 7 * DAY &&
		 (tm_now.tm_wday + 7 - tm_then.tm_wday) % 7 == 1)
		strftime(buf, n, "Yest. %R", &tm_then);
	else if (delta <= 7 * DAY && tm_then.tm_wday != tm_now.tm_wday)
		strftime(buf, n, "%a. %R", &tm_then);
	else
		strftime(buf, n, "%B %d", &tm_then);
}

static void strings(civil_sprinter_t *sp, const char *key, char *const *v,
		    size_t n)
{
	civil_sp_map_key(sp, key);
	civil_sp_begin_list(sp);
	for (size_t i = 0; i < n; i++)
		civil_sp_string(sp, v[i]);
	civil_sp_end(sp);
}

static const char *target_name(civil_heat_target_t t)
{
	static const char *const names[] = { "none", "person", "work",
					      "thing", "self" };

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t]
							       : "none";
}

static void passage(civil_sprinter_t *sp, const civil_heated_passage_t *p)
{
	civil_sp_begin_map(sp);
	civil_sp_map_key(sp, "id");
	civil_sp_string(sp, p->id);
	civil_sp_map_key(sp, "score");
	civil_sp_double(sp, p->score);
	civil_sp_map_key(sp, "class");
	civil_sp_string(sp, civil_heat_class_name(p->why.klass));
	civil_sp_map_key(sp, "signal");
	civil_sp_string(sp, p->why.signal);
	civil_sp_map_key(sp, "weight");
	civil_sp_double(sp, p->why.weight);
	civil_sp_map_key(sp, "target");
	civil_sp_string(sp, target_name(p->why.target));
	civil_sp_map_key(sp, "match");
	civil_sp_string(sp, p->why.match);
	civil_sp_map_key(sp, "sentence");
	civil_sp_string(sp, p->why.sentence);
	civil_sp_end(sp);
}

void cmd_heated_json(civil_sprinter_t *sp, const civil_heated_thread_t *t,
		     bool explain)
{
	struct civil_buf query = CIVIL_BUF_INIT;
	char when[32];

	date_relative(when, sizeof(when), t->last);
	civil_buf_addf(&query, "thread:%s", t->thread ? t->thread : "");
	civil_sp_begin_map(sp);
	civil_sp_map_key(sp, "thread");
	civil_sp_string(sp, t->thread);
	civil_sp_map_key(sp, "timestamp");
	civil_sp_integer(sp, t->last);
	civil_sp_map_key(sp, "date_relative");
	civil_sp_string(sp, when);
	civil_sp_map_key(sp, "matched");
	civil_sp_integer(sp, (long long)t->matched);
	civil_sp_map_key(sp, "total");
	civil_sp_integer(sp, (long long)t->heat.messages);
	civil_sp_map_key(sp, "authors");
	civil_sp_string(sp, t->authors);
	civil_sp_map_key(sp, "subject");
	civil_sp_string(sp, t->subject);
	/* notmuch's pair: the query for the matched messages, and for the
	 * rest (none: civil-heated lists whole threads). */
	civil_sp_map_key(sp, "query");
	civil_sp_begin_list(sp);
	civil_sp_string(sp, query.buf);
	civil_sp_null(sp);
	civil_sp_end(sp);
	strings(sp, "tags", t->tags, t->n_tags);
	civil_sp_map_key(sp, "first");
	civil_sp_integer(sp, t->first);
	civil_sp_map_key(sp, "last");
	civil_sp_integer(sp, t->last);
	strings(sp, "people", t->people, t->n_people);
	strings(sp, "lists", t->lists, t->n_lists);
	civil_sp_map_key(sp, "peak");
	civil_sp_double(sp, t->scored ? t->heat.peak : NAN);
	civil_sp_map_key(sp, "heated");
	civil_sp_integer(sp, (long long)t->heat.heated);
	civil_sp_map_key(sp, "escalating");
	civil_sp_boolean(sp, t->heat.escalating);
	civil_sp_map_key(sp, "strip");
	civil_sp_string(sp, t->strip);
	civil_sp_map_key(sp, "heated_thread");
	civil_sp_boolean(sp, t->thread_tagged || t->heat.is_heated);
	civil_sp_map_key(sp, "worth_a_look");
	civil_sp_boolean(sp, t->review);
	if (explain) {
		civil_sp_map_key(sp, "passages");
		civil_sp_begin_list(sp);
		for (size_t i = 0; i < t->n_passages; i++)
			passage(sp, &t->passages[i]);
		civil_sp_end(sp);
	}
	civil_sp_end(sp);
	civil_buf_release(&query);
}

/* A date as civil-heated's text shows it: the day, in UTC. */
static void day(struct civil_buf *out, long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[32];

	if ((long long)tt != t || !gmtime_r(&tt, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%d", &tm))
		civil_buf_adds(out, "?");
	else
		civil_buf_adds(out, buf);
}

void cmd_heated_text(struct civil_buf *out, const civil_heated_thread_t *t,
		     bool explain)
{
	civil_buf_adds(out, "thread:");
	civil_field_escape(out, t->thread);
	civil_buf_adds(out, "  ");
	day(out, t->first);
	civil_buf_adds(out, "..");
	day(out, t->last);
	civil_buf_addf(out, "  [%zu msgs, %zu people]  peak ", t->heat.messages,
		       t->n_people);
	if (t->scored)
		civil_buf_addf(out, "%.2f", t->heat.peak);
	else
		civil_buf_adds(out, "-");
	civil_buf_adds(out, "  ");
	civil_field_escape(out, t->strip);
	for (size_t i = 0; i < t->n_lists; i++) {
		civil_buf_adds(out, i ? "," : "  ");
		civil_field_escape(out, t->lists[i]);
	}
	/* Listed for a heated message, though the thread is not heated (one
	 * message about code, say): said, or it reads as a heated thread.
	 * Heated is its heated-thread tag, or the rule that gives it (a
	 * message a person tagged since the last scan). */
	if (!t->review && !t->thread_tagged && !t->heat.is_heated)
		civil_buf_addf(out, "  (not a heated thread: %zu heated message%s)",
			       t->heat.heated, t->heat.heated == 1 ? "" : "s");
	civil_buf_adds(out, "\n    ");
	civil_field_escape(out, t->subject);
	civil_buf_addch(out, '\n');
	/* A thread worth a look always shows what decided it: without its
	 * sentence there is nothing to look at. */
	for (size_t i = 0; (explain || t->review) && i < t->n_passages; i++) {
		const civil_heated_passage_t *p = &t->passages[i];
		const civil_heat_reason_t *why = &p->why;

		civil_buf_adds(out, "    id:");
		civil_field_escape(out, p->id);
		civil_buf_addf(out, "  %.2f  %s  ", p->score,
			       t->review ? "worth a look"
					 : civil_heat_class_name(why->klass));
		civil_field_escape(out, why->signal);
		if (why->match && *why->match) {
			civil_buf_adds(out, " '");
			civil_field_escape(out, why->match);
			civil_buf_adds(out, "'");
		}
		if (why->sentence && *why->sentence) {
			civil_buf_adds(out, ": \"");
			civil_field_escape(out, why->sentence);
			civil_buf_adds(out, "\"");
		}
		civil_buf_addch(out, '\n');
	}
}

void cmd_scores_line(civil_sprinter_t *sp, const civil_scan_item_t *item)
{
	struct civil_buf why = CIVIL_BUF_INIT;

	civil_heat_reasons_line(item->heat, &why);
	civil_sp_begin_list(sp);
	civil_sp_double(sp, item->score);
	civil_sp_string(sp, civil_heat_class_name(item->heat->klass));
	civil_sp_string(sp, item->id);
	civil_sp_string(sp, why.buf);
	civil_sp_end(sp);
	civil_sp_separator(sp);
	civil_buf_release(&why);
}
