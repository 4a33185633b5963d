// SPDX-License-Identifier: GPL-2.0-only
/*
 * output.c - what the commands print, built in one place so that no value
 * taken from mail can break its shape: a TAB-separated record stays one
 * line with its fields, a "notmuch tag --batch" line stays one operation,
 * JSON stays JSON.  tests/fuzz/fuzz-writers.c holds them to that.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "civil.h"
#include "util.h"

void civil_field_escape(struct civil_buf *out, const char *s)
{
	for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c;
	     c++) {
		switch (*c) {
		case '\t':
			civil_buf_adds(out, "\\t");
			break;
		case '\n':
			civil_buf_adds(out, "\\n");
			break;
		case '\r':
			civil_buf_adds(out, "\\r");
			break;
		default:
			if (*c < 0x20 || *c == 0x7f)
				civil_buf_addf(out, "\\x%02x", *c);
			else
				civil_buf_addch(out, (char)*c);
		}
	}
}

void civil_scores_line(struct civil_buf *out, const civil_scan_item_t *item)
{
	struct civil_buf why = CIVIL_BUF_INIT;

	civil_buf_addf(out, "%.2f\t", item->score);
	civil_field_escape(out, item->id);
	civil_buf_addch(out, '\t');
	civil_heat_reasons_line(item->heat, &why);
	civil_field_escape(out, why.buf);
	civil_buf_addch(out, '\n');
	civil_buf_release(&why);
}

civil_status_t civil_tag_line(struct civil_buf *out, char sign, const char *tag,
			      const char *prefix, const char *value,
			      civil_error_t *err)
{
	/* The batch format ends a line at a line break, and has no way to
	 * write one inside a term. */
	if (strpbrk(value, "\r\n"))
		return civil_error_set(err, CIVIL_STATUS_UNSUPPORTED,
				       "%s:%s can't be named in a notmuch tag "
				       "--batch line: it holds a line break",
				       prefix, value);
	civil_buf_addch(out, sign);
	/* Tags: anything but plain characters as %XX. */
	for (const unsigned char *c = (const unsigned char *)tag; *c; c++) {
		if (*c <= ' ' || *c >= 0x7f || *c == '%' || *c == '"' ||
		    *c == '(' || *c == ')')
			civil_buf_addf(out, "%%%02X", *c);
		else
			civil_buf_addch(out, (char)*c);
	}
	civil_buf_adds(out, " -- ");
	/* Xapian boolean-term quoting: always quote, double the quotes. */
	civil_buf_addf(out, "%s:\"", prefix);
	for (const char *c = value; *c; c++) {
		if (*c == '"')
			civil_buf_addch(out, '"');
		civil_buf_addch(out, *c);
	}
	civil_buf_addch(out, '"');
	return CIVIL_STATUS_SUCCESS;
}

/* ---- civil-heated ---- */

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

void civil_heated_text(struct civil_buf *out, const civil_heated_thread_t *t,
		       bool explain)
{
	civil_buf_adds(out, "thread:");
	civil_field_escape(out, t->thread);
	civil_buf_adds(out, "  ");
	day(out, t->first);
	civil_buf_adds(out, "..");
	day(out, t->last);
	civil_buf_addf(out, "  [%zu msgs, %zu people]  peak ", t->messages,
		       t->n_people);
	if (t->scored)
		civil_buf_addf(out, "%.2f", t->peak);
	else
		civil_buf_adds(out, "-");
	civil_buf_adds(out, "  ");
	civil_field_escape(out, t->strip);
	for (size_t i = 0; i < t->n_lists; i++) {
		civil_buf_adds(out, i ? "," : "  ");
		civil_field_escape(out, t->lists[i]);
	}
	civil_buf_adds(out, "\n    ");
	civil_field_escape(out, t->subject);
	civil_buf_addch(out, '\n');
	for (size_t i = 0; explain && i < t->n_passages; i++) {
		const civil_heated_passage_t *p = &t->passages[i];

		civil_buf_adds(out, "    id:");
		civil_field_escape(out, p->id);
		civil_buf_addf(out, "  %.2f  ", p->score);
		civil_field_escape(out, p->signal);
		civil_buf_adds(out, " '");
		civil_field_escape(out, p->match);
		civil_buf_addf(out, "'%s: \"",
			       p->aimed ? " (at a person)" : "");
		civil_field_escape(out, p->sentence);
		civil_buf_adds(out, "\"\n");
	}
}

/* JSON has no NaN or infinity. */
static void json_number(struct civil_buf *out, double v)
{
	if (isfinite(v))
		civil_buf_addf(out, "%.2f", v);
	else
		civil_buf_adds(out, "null");
}

static void json_strv(struct civil_buf *out, char *const *v, size_t n)
{
	civil_buf_addch(out, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			civil_buf_addch(out, ',');
		civil_json_string(out, v[i]);
	}
	civil_buf_addch(out, ']');
}

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

void civil_heated_json(struct civil_buf *out, const civil_heated_thread_t *t,
		       bool explain)
{
	struct civil_buf query = CIVIL_BUF_INIT;

	civil_buf_adds(out, "{\"thread\":");
	civil_json_string(out, t->thread);
	char when[32];

	date_relative(when, sizeof(when), t->last);
	civil_buf_addf(out, ",\"timestamp\":%lld,\"date_relative\":", t->last);
	civil_json_string(out, when);
	civil_buf_addf(out, ",\"matched\":%zu,\"total\":%zu", t->matched,
		       t->messages);
	civil_buf_adds(out, ",\"authors\":");
	civil_json_string(out, t->authors);
	civil_buf_adds(out, ",\"subject\":");
	civil_json_string(out, t->subject);
	civil_buf_adds(out, ",\"query\":[");
	civil_buf_addf(&query, "thread:%s", t->thread ? t->thread : "");
	civil_json_string(out, query.buf);
	civil_buf_adds(out, ",null],\"tags\":");
	json_strv(out, t->tags, t->n_tags);
	civil_buf_addf(out,
		       ",\"first\":%lld,\"last\":%lld,\"people\":", t->first,
		       t->last);
	json_strv(out, t->people, t->n_people);
	civil_buf_adds(out, ",\"lists\":");
	json_strv(out, t->lists, t->n_lists);
	civil_buf_adds(out, ",\"peak\":");
	json_number(out, t->scored ? t->peak : NAN);
	civil_buf_addf(out, ",\"heated\":%zu,\"escalating\":%s,\"strip\":",
		       t->heat.heated, t->heat.escalating ? "true" : "false");
	civil_json_string(out, t->strip);
	if (explain) {
		civil_buf_adds(out, ",\"passages\":[");
		for (size_t i = 0; i < t->n_passages; i++) {
			const civil_heated_passage_t *p = &t->passages[i];

			civil_buf_adds(out, i ? ",{\"id\":" : "{\"id\":");
			civil_json_string(out, p->id);
			civil_buf_adds(out, ",\"score\":");
			json_number(out, p->score);
			civil_buf_adds(out, ",\"signal\":");
			civil_json_string(out, p->signal);
			civil_buf_adds(out, ",\"weight\":");
			json_number(out, p->weight);
			civil_buf_addf(out, ",\"aimed\":%s",
				       p->aimed ? "true" : "false");
			civil_buf_adds(out, ",\"match\":");
			civil_json_string(out, p->match);
			civil_buf_adds(out, ",\"sentence\":");
			civil_json_string(out, p->sentence);
			civil_buf_addch(out, '}');
		}
		civil_buf_addch(out, ']');
	}
	civil_buf_addch(out, '}');
	civil_buf_release(&query);
}
