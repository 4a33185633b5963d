// SPDX-License-Identifier: GPL-2.0-only
/*
 * output.c - what the commands print, built in one place so that no value
 * taken from mail can break its shape: a TAB-separated record stays one
 * line with its fields, a "notmuch tag --batch" line stays one operation.
 * tests/fuzz/fuzz-writers.c holds them to that.  civil-heated's JSON is
 * the command's (cmd/heated-json.c, through util/sprinter.c).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "civil.h"
#include "util.h"

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
