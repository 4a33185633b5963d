/* SPDX-License-Identifier: GPL-2.0-only */
/* db.h - the notmuch database, for the lib/ files that read or tag it. */
#ifndef CIVIL_DB_H
#define CIVIL_DB_H

#include <notmuch.h>
#include <stdbool.h>

#include "civil.h"

/* Open the user's database (found through their notmuch config).  For
 * writing, wait up to lock_timeout_ms for another writer to finish, then
 * fail with CIVIL_STATUS_LOCKED: never block for ever. */
civil_status_t civil_db_open(bool writable, int lock_timeout_ms,
			     notmuch_database_t **out, civil_error_t *err);

/* The database's path, for messages. */
const char *civil_db_path(notmuch_database_t *db);

/* notmuch's own text for a failed call, or its status string. */
const char *civil_db_message(notmuch_database_t *db, notmuch_status_t st);

/* Run query over messages; fn gets each one.  A bad query fails with
 * DATABASE_ERROR naming it. */
typedef int (*civil_db_msg_fn)(notmuch_message_t *msg, void *arg);
civil_status_t civil_db_foreach(notmuch_database_t *db, const char *query,
				notmuch_sort_t sort, civil_db_msg_fn fn,
				void *arg, civil_error_t *err);

/* civil_db_foreach for a fn that reads each message's file: the files of
 * the next CIVIL_DB_AHEAD messages are being read while fn parses, so a
 * cold scan waits for the disk less. */
#define CIVIL_DB_AHEAD 32
civil_status_t civil_db_foreach_file(notmuch_database_t *db, const char *query,
				     notmuch_sort_t sort, civil_db_msg_fn fn,
				     void *arg, civil_error_t *err);

/* How many messages query matches, excluded tags included, without
 * reading any of them: a count reads only Xapian's posting lists. */
civil_status_t civil_db_count(notmuch_database_t *db, const char *query,
			      unsigned int *count, civil_error_t *err);

/* A message's first property value for key, or NULL. */
const char *civil_db_property(notmuch_message_t *msg, const char *key);
bool civil_db_has_tag(notmuch_message_t *msg, const char *tag);
/* The first of the message's files that can be read (malloc'd), or NULL;
 * *first gets the first file name the database has (malloc'd, or NULL),
 * for saying which file is missing. */
char *civil_db_existing_file(notmuch_message_t *msg, char **first);

/* The score and reasons civil-scan --apply kept on a message (scan.c);
 * false when it kept none. */
bool civil_db_stored_heat(notmuch_message_t *msg, civil_heat_score_t *out);

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

/* "id:..." / "thread:..." quoted for notmuch queries and batch files. */
void civil_db_quote_term(struct civil_buf *out, const char *prefix,
			 const char *value);

#endif
