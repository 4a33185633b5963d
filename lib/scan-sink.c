// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * scan-sink.c - what a scan tells its caller, through the sink it was
 * given: warnings, the messages it scored, tag lines.
 */
#include <stdarg.h>

#include "scan.h"

void civil_scan_warn(struct civil_scan *s, const char *fmt, ...)
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
void civil_scan_emit(struct civil_scan *s, char sign, const char *tag,
		     const char *prefix, const char *value)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (civil_tag_line(&b, sign, tag, prefix, value, &err)) {
		civil_scan_warn(s, "%s; no tag line for it", err.message);
		s->refused++;
		civil_error_clear(&err);
	} else if (s->sink->tag_line) {
		s->sink->tag_line(b.buf, s->sink->arg);
	}
	civil_buf_release(&b);
}

void civil_scan_report(struct civil_scan *s, const struct civil_scan_rec *r)
{
	civil_scan_item_t item = { r->id, r->thread, r->heat.score, &r->heat,
				   r->heat.klass == CIVIL_HEAT_HEATED };

	if (s->sink->scored)
		s->sink->scored(&item, s->sink->arg);
}
