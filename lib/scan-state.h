/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scan-state.h - the parts of a heat scan (civil_scan, civil_scan_mbox),
 * shared by the files that hold one part each and by nobody else:
 *
 *   scan.c        the scan verbs, the order of a scan and how it ends
 *   scan-apply.c  the verdicts made tag lines, or written to the database
 *   scan-judge.c  the verdicts: a message's tag, a thread's tag, with the
 *                 reader's own tags counted
 *   scan-walk.c   the walk over the database: messages read and scored
 *                 in query order, a stale snapshot, the lastmod record
 *
 * Each calls only those below it in this list (and stored-heat.c, the
 * format of the score kept on a message).  What a scan tells its caller,
 * which every part does, is here, inline: in scan.c it would make each
 * part call the file that calls it.
 */
#ifndef CIVIL_SCAN_STATE_H
#define CIVIL_SCAN_STATE_H

#include <glib.h>
#include <notmuch.h>
#include <stdarg.h>
#include <stdbool.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

/* A scored message, and what the database said of it. */
struct civil_scan_rec {
	char *id;
	char *thread;
	char *author;
	long long date;
	civil_heat_score_t heat;
	bool had_tag;
	bool had_thread_tag;
	bool civil_tagged;
	bool reader_calm; /* the reader took civil's tag off */
	bool had_review;  /* marked worth a look (civil.review=1) */
};

struct civil_scan {
	const civil_heat_t *heat;
	civil_heat_t *learner; /* heat, to learn corrections into */
	GArray *corrections;   /* civil_correction_t, learned */
	const civil_scan_job_t *o;
	const civil_scan_sink_t *sink;
	civil_scan_stats_t *stats;
	GArray *recs;		  /* struct civil_scan_rec, in query order */
	GHashTable *by_id;	  /* id -> index + 1 in recs */
	GQueue *pending;	  /* the walk's jobs, not yet reported */
	GPtrArray *hot, *cooled;  /* threads judged: to tag, to untag */
	civil_workers_t *workers; /* NULL: score in this thread */
	civil_lastmod_t seen;	  /* the revision scanned up to, */
	bool since_last;	  /* when the query was "since the last" */
	bool stopped;		  /* the walk stopped at a stale snapshot */
	size_t refused;		  /* tag lines that could not be written */
};

/* Is a scored message worth a look (civil.review), once the scan's
 * verdicts are carried out: at or over the review level, not heated, and
 * no heated tag left on it (a person's stays: then it is heated, not
 * "worth a look"), nor a reader who holds it calm (they have looked).
 * Not in scan-judge.c: the walk says it with each message it reports. */
static inline bool civil_scan_wants_review(const struct civil_scan *s,
					   const struct civil_scan_rec *r)
{
	return civil_heat_review(&r->heat, s->o->cfg->review) &&
	       !r->reader_calm && !(r->had_tag && !r->civil_tagged);
}

/* ---- what a scan tells its caller, through the sink it was given ---- */

static inline __attribute__((format(printf, 2, 3))) void
civil_scan_warn(struct civil_scan *s, const char *fmt, ...)
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

/* A message scored, for sink->scored. */
static inline void civil_scan_report(struct civil_scan *s,
				     const struct civil_scan_rec *r)
{
	civil_scan_item_t item = { r->id,
				   r->thread,
				   r->heat.score,
				   &r->heat,
				   r->heat.klass == CIVIL_HEAT_HEATED,
				   civil_scan_wants_review(s, r) };

	if (s->sink->scored)
		s->sink->scored(&item, s->sink->arg);
}

/* A tag line for sink->tag_line; one that can't be written is said
 * instead and counted in s->refused (the scan ends PARTIAL). */
static inline void civil_scan_emit(struct civil_scan *s, char sign,
				   const char *tag, const char *prefix,
				   const char *value)
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

/* ---- scan-judge.c ---- */

/* Whether a scored message gets civil's tag, or loses it: never tagged
 * when its reader took civil's tag off, never untagged when a person
 * tagged it. */
bool civil_scan_wants_tag(const struct civil_scan *s,
			  const struct civil_scan_rec *r);
bool civil_scan_wants_untag(const struct civil_scan *s,
			    const struct civil_scan_rec *r);
/* The threads of the scanned messages, judged from one view of db
 * (read-only) each: hot gets those heated as a whole that lack the thread
 * tag somewhere, cooled those no longer heated that carry it (strings,
 * malloc'd).  A thread that can't be read is said and left alone
 * (stats->threads_skipped). */
void civil_scan_judge_threads(struct civil_scan *s, notmuch_database_t *db,
			      GPtrArray *hot, GPtrArray *cooled);

/* ---- scan-walk.c ---- */

void civil_scan_rec_release(struct civil_scan_rec *r);
/* A scan with no query: s->since_last, s->seen, and the query for what
 * changed since the last recorded scan into query ("*" when there is no
 * record, which is said). */
void civil_scan_since_last(struct civil_scan *s, notmuch_database_t *db,
			   struct civil_buf *query);
/* Score the messages of query in db (read-only), oldest first, into
 * s->recs, each reported as it is taken, in query order.  A message that
 * can't be read is skipped (stats->skipped); one whose snapshot stayed
 * stale through every reopen stops the walk (s->stopped). */
civil_status_t civil_scan_walk(struct civil_scan *s, notmuch_database_t *db,
			       const char *query, civil_error_t *err);
/* Record in db (open for writing since *opened) that the mail up to
 * s->seen is scanned, when this was a scan since the last one and it
 * neither skipped a message nor stopped early. */
notmuch_status_t civil_scan_record(const struct civil_scan *s,
				   notmuch_database_t *db,
				   const civil_lastmod_t *opened);

/* ---- scan-apply.c ---- */

/* The verdicts as tag lines to the sink: messages, then hot threads, then
 * cooled ones. */
void civil_scan_tag_lines(struct civil_scan *s, GPtrArray *hot,
			  GPtrArray *cooled);
/* The verdicts written to the database, opened for writing only for this,
 * with the corrections learned and the lastmod record. */
civil_status_t civil_scan_apply(struct civil_scan *s, GPtrArray *hot,
				GPtrArray *cooled, civil_error_t *err);

#endif
