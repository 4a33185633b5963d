/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db.h - the notmuch database, for the lib/ files that read or tag it. */
#ifndef CIVIL_DB_H
#define CIVIL_DB_H

#include <glib.h>
#include <notmuch.h>
#include <stdbool.h>

#include "civil.h"
#include "nm-guard.h"

/* Open the database cfg names (its database_path and config_path, as
 * civil_nm_config_load filled them or the caller set them); cfg NULL:
 * wherever notmuch's own search finds it.  A database Xapian can't open
 * now is tried again, and one still busy after lock_timeout_ms fails with
 * CIVIL_STATUS_LOCKED and notmuch's reason; for writing, also wait up to
 * lock_timeout_ms in all for another writer to finish: never block for
 * ever. */
civil_status_t civil_db_open(const civil_nm_config_t *cfg, bool writable,
			     int lock_timeout_ms, notmuch_database_t **out,
			     civil_error_t *err);

/* notmuch_database_open_with_config, tried again every 0.1 s for up to
 * timeout_ms while it fails with a reason Xapian gave
 * (NOTMUCH_STATUS_XAPIAN_EXCEPTION): another process committing under
 * the open, most often.  The last try's status and message (free it). */
notmuch_status_t civil_db_open_waiting(const char *database,
				       notmuch_database_mode_t mode,
				       const char *config, int timeout_ms,
				       notmuch_database_t **out, char **msg);

/* The database's path, for messages. */
const char *civil_db_path(notmuch_database_t *db);

/* notmuch's own text for a failed call, or its status string. */
const char *civil_db_message(notmuch_database_t *db, notmuch_status_t st);

/* A read-only database is a snapshot: once another process has committed
 * twice, reading it fails (Xapian's DatabaseModifiedError) until it is
 * reopened at the newest revision.  notmuch answers many such reads with
 * NULL, 0 or an empty list, which must never be taken as data: civil
 * reopens and reads again, this many times at most. */
#define CIVIL_DB_RETRIES 5

/* Reopen db (opened read-only) at the newest revision. */
notmuch_status_t civil_db_reopen(notmuch_database_t *db);
/* Close DB, which commits what it wrote, and free it.  A failed commit
 * is the error when ST is success; ST otherwise.  Returns the status. */
civil_status_t civil_db_close(notmuch_database_t *db, civil_status_t st,
			      civil_error_t *err);

/* Run query over the messages of db (opened read-only); fn gets each
 * one.  A search or a message that could not be read is tried again after
 * civil_db_reopen.  A bad query fails with DATABASE_ERROR naming it. */
typedef int (*civil_db_msg_fn)(notmuch_message_t *msg, void *arg);
civil_status_t civil_db_foreach(notmuch_database_t *db, const char *query,
				notmuch_sort_t sort, civil_db_msg_fn fn,
				void *arg, civil_error_t *err);
/* The same for a database open for writing, which nobody else changes
 * meanwhile, so it is never reopened. */
civil_status_t civil_db_foreach_writing(notmuch_database_t *db,
					const char *query, notmuch_sort_t sort,
					civil_db_msg_fn fn, void *arg,
					civil_error_t *err);

/* civil_db_foreach for a fn that reads each message's file: the files of
 * the next CIVIL_DB_AHEAD messages are being read while fn parses, so a
 * cold scan waits for the disk less. */
#define CIVIL_DB_AHEAD 32
civil_status_t civil_db_foreach_file(notmuch_database_t *db, const char *query,
				     notmuch_sort_t sort, civil_db_msg_fn fn,
				     void *arg, civil_error_t *err);

/* How many messages query matches, excluded tags included, without
 * reading any of them: a count reads only Xapian's posting lists.  db is
 * read-only; a count that failed is tried again after civil_db_reopen. */
civil_status_t civil_db_count(notmuch_database_t *db, const char *query,
			      unsigned int *count, civil_error_t *err);

/* A message's first property value for key, or NULL. */
const char *civil_db_property(notmuch_message_t *msg, const char *key);
bool civil_db_has_tag(notmuch_message_t *msg, const char *tag);

/* ---- a message's mail, read from its file ---- */

/* How civil_db_read_message reads a message (flags). */
enum {
	/* Only the header fields scoring reads (fields.c), sparing the
	 * thirty or fifty others of list mail: what a message is scored
	 * or learned from. */
	CIVIL_DB_READ_SCORING = 0,
	/* Every field, and the raw bytes as the file has them: for
	 * showing the message. */
	CIVIL_DB_READ_WHOLE = 1 << 0,
	/* When none of its files can be read (another process renamed or
	 * removed them since the snapshot, or the names could not be
	 * read), look for the message again at the newest revision.  That
	 * reopens the database, which only a civil_db_foreach walk
	 * survives (it searches again after a reopen): not a caller that
	 * holds other messages of an older search. */
	CIVIL_DB_READ_AGAIN = 1 << 1,
};

/* m's mail from the first of its files that can be read: a file can be
 * gone while another is still there.  When none can be read, the error
 * names the message and the file: "id:ID: can't read 'FILE'". */
civil_status_t civil_db_read_message(notmuch_message_t *m, unsigned int flags,
				     civil_message_t **out, civil_error_t *err);
/* The two halves of it, for a caller that parses in another thread than
 * the one that reads the database: the file (malloc'd) to read, */
civil_status_t civil_db_message_file(notmuch_message_t *m, unsigned int flags,
				     char **file, civil_error_t *err);
/* and that file, m's (Message-ID id), read and parsed.  This calls
 * nothing of notmuch, so any thread may; its error starts "id:ID: ". */
civil_status_t civil_db_parse_file(const char *id, const char *file,
				   unsigned int flags, civil_message_t **out,
				   civil_error_t *err);

/* What civil judges a message by, every read checked: the strings belong
 * to the message. */
typedef struct civil_db_facts {
	const char *id;
	const char *thread;
	const char *from; /* "" when the message has none */
	long long date;	  /* 0 when its Date can't be read */
	bool tagged;	  /* carries the tag asked about */
	bool thread_tagged;
	bool civil_tagged; /* civil set its tag (civil.tagged=1) */
	/* civil-scan --apply marked it worth a look (civil.review=1). */
	bool review;
	/* The reader holds it calm: took civil's tag off (civil.tagged=1
	 * without the tag, or civil.reader=calm), and has not tagged it
	 * since.  civil never tags it again. */
	bool reader_calm;
} civil_db_facts_t;

/* Read m's facts, with tag and thread_tag the tags asked about.
 * NOTMUCH_STATUS_XAPIAN_EXCEPTION when a read failed (another process
 * committed meanwhile): then nothing in out may be used; reopen and read
 * again (civil_db_read_facts_retry does). */
notmuch_status_t civil_db_read_facts(notmuch_message_t *m, const char *tag,
				     const char *thread_tag,
				     civil_db_facts_t *out);
notmuch_status_t civil_db_read_facts_retry(notmuch_message_t *m,
					   const char *tag,
					   const char *thread_tag,
					   civil_db_facts_t *out);

/* The score and reasons civil-scan --apply keeps on a message
 * (stored-heat.c): kept (replacing what was there), and read back (false
 * when it kept none). */
notmuch_status_t civil_db_store_heat(notmuch_message_t *msg,
				     const civil_heat_score_t *heat);
bool civil_db_stored_heat(notmuch_message_t *msg, civil_heat_score_t *out);

/* ---- the reader's corrections (corrections.c) ---- */

typedef struct civil_correction {
	char *id;
	bool heated;   /* the reader's verdict */
	bool recorded; /* learned already: the learned file holds it (a
			* scan stopped before it marked it), to mark only */
	civil_heat_lesson_t lesson;
} civil_correction_t;

/* Find the corrections in db (read-only) not yet learned and learn each
 * into h, oldest first; out gets them (civil_correction_t), and those the
 * learned file holds already, recorded and not learned again. */
civil_status_t civil_corrections_learn(notmuch_database_t *db, civil_heat_t *h,
				       const civil_nm_config_t *cfg,
				       GArray *out, civil_error_t *err);
/* Keep what they teach, in db open for writing (which another scan of
 * the same database can't be): holding the learned file's lock, read it
 * again, drop the corrections the database already marks learned (or
 * that are no longer corrections), learn the others again onto what the
 * file now holds, and save it.  Each correction is learned once, however
 * many scans found it. */
civil_status_t civil_corrections_keep(notmuch_database_t *db, civil_heat_t *h,
				      const civil_nm_config_t *cfg,
				      GArray *corrections, civil_error_t *err);
/* Mark them learned in db (open for writing, inside an atomic section). */
notmuch_status_t civil_corrections_mark(notmuch_database_t *db,
					const GArray *corrections);
void civil_corrections_release(GArray *corrections);
/* How many of them were learned now (not recorded before). */
guint civil_corrections_new(const GArray *corrections);

/* ---- what the last scan saw (lastmod.c) ---- */

/* A database's revision, and which database it counts in. */
typedef struct civil_lastmod {
	unsigned long revision;
	char uuid[64];
} civil_lastmod_t;

void civil_lastmod_now(notmuch_database_t *db, civil_lastmod_t *out);
/* The query for the mail that changed since the revision recorded in
 * db, "lastmod:N.."; "*" and false when db has no record of its own.
 * *now gets db's revision, for civil_lastmod_record. */
bool civil_lastmod_query(notmuch_database_t *db, civil_lastmod_t *now,
			 struct civil_buf *query);
/* Record in db (open for writing, opened when its revision was *opened)
 * that the mail up to *scanned is scanned, and civil's own writes since
 * when no one else wrote in between. */
notmuch_status_t civil_lastmod_record(notmuch_database_t *db,
				      const civil_lastmod_t *scanned,
				      const civil_lastmod_t *opened);

/* ---- the handle's database (handle-db.c) ---- */

/* c's notmuch settings for a verb that reads the database: a bad [civil]
 * setting is not a failure here (the caller said it, or chose not to),
 * not having any is. */
civil_status_t civil_nm_for_db(civil_t *c, const civil_nm_config_t **out,
			       civil_error_t *err);
/* c's notmuch settings for scoring mail without the database (an mbox):
 * having none is no failure (the defaults then), a threshold or lexicon
 * civil can't read is. */
civil_status_t civil_nm_for_mbox(civil_t *c, const civil_nm_config_t **out,
				 civil_error_t *err);
/* c's database, opened read-only on the first call and kept (it belongs
 * to the handle: never destroy it), brought up to the newest revision on
 * every later call: each verb reads the database as it is when it
 * starts. */
civil_status_t civil_get_db(civil_t *c, notmuch_database_t **out,
			    civil_error_t *err);
/* Close c's database now, rather than at civil_close: the caller is done
 * reading it and is about to open it for writing (one database open at a
 * time).  The next civil_get_db opens it again. */
void civil_release_db(civil_t *c);

/* ---- scanning (scan.c): what civil_scan and civil_scan_mbox run ---- */

typedef struct civil_scan_job {
	const char *query;
	bool apply;
	bool learn;
	const civil_nm_config_t *cfg; /* tag names, threshold, lock wait */
	unsigned int threads;	      /* to parse in; 1: this one alone */
} civil_scan_job_t;

/* A scan of a database, in two steps so that the caller can close the
 * read-only database between them, as civil_scan does with o->apply
 * (civil_release_db) before the database is opened for writing.  First
 * the messages of db (read-only, the caller's) walked, scored and their
 * threads judged: *out gets the scan (NULL when this failed), */
struct civil_scan;
civil_status_t civil_scan_db_read(civil_heat_t *h, notmuch_database_t *db,
				  const civil_scan_job_t *o,
				  const civil_scan_sink_t *sink,
				  civil_scan_stats_t *stats,
				  struct civil_scan **out, civil_error_t *err);
/* then its verdicts written (o->apply) or told as tag lines, and the
 * scan freed.  Returns how the scan ended. */
civil_status_t civil_scan_db_finish(struct civil_scan *s, civil_error_t *err);
/* civil_scan_mbox with the scorer and the settings at hand. */
civil_status_t civil_scan_mbox_data(const civil_heat_t *h, const void *data,
				    size_t len, const char *name,
				    const civil_scan_job_t *o,
				    const civil_scan_sink_t *sink,
				    civil_scan_stats_t *stats,
				    civil_error_t *err);

/* heated.c: civil_heated_foreach (civil_review_foreach with review) over
 * db (the caller's) with cfg's tag names, scoring with heat (may be NULL)
 * what has no stored score. */
civil_status_t civil_heated_walk(notmuch_database_t *db,
				 const civil_nm_config_t *cfg,
				 const civil_heat_t *heat, const char *query,
				 bool explain, bool review, civil_heated_fn fn,
				 void *arg, civil_error_t *err);

/* lastmod.c: civil_scan_start_here for the database cfg names. */
civil_status_t civil_lastmod_start_here(const civil_nm_config_t *cfg,
					bool *started, civil_error_t *err);

/* "id:..." / "thread:..." quoted for notmuch queries and batch files. */
void civil_db_quote_term(struct civil_buf *out, const char *prefix,
			 const char *value);

/* ---- thread-heat.c ---- */

/* A message's sample for its thread's heat, from its facts and the score
 * civil has for it (NULL: none), the reader's verdict counted; the
 * author's key (malloc'd) goes into keep. */
void civil_heat_sample_of(const civil_db_facts_t *f,
			  const civil_heat_score_t *h, GPtrArray *keep,
			  civil_heat_sample_t *out);
/* The same read from m: its facts into facts, its score fresh, else the
 * one civil-scan --apply stored.  A read that failed is returned, and
 * nothing in out or facts may be used. */
notmuch_status_t civil_db_heat_sample(notmuch_message_t *m, const char *tag,
				      const char *thread_tag,
				      const civil_heat_score_t *fresh,
				      GPtrArray *keep, civil_heat_sample_t *out,
				      civil_db_facts_t *facts);

#endif
