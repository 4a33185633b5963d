/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-support.h - what libcivil does for civil's own commands and nobody
 * else: the policies of civil-sendmail (held mail, the b4 template kept
 * up to date), civil-install (the b4 template) and escalate-thread (what
 * a THREAD on its command line means), and the tone check's lines.
 *
 * Not installed, and not exported by libcivil.so: civil.h stays what a
 * stranger needs.  The commands (and the tests) link libcivil.a, where
 * hidden symbols link as any other.  civil.h's rules hold here too.
 */
#ifndef CIVIL_CMD_SUPPORT_H
#define CIVIL_CMD_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "civil.h"

/* ---- the tone check's report (outgoing.c) ---- */

/* One line per flagged sentence: "\"...\" (insult 'idiot', said to
 * someone)". */
void civil_tone_lines(const civil_heat_score_t *s, struct civil_buf *out);

/* ---- heated mail held back once (held.c) ---- */

/* A held message sent again within this many seconds goes out. */
#define CIVIL_HOLD_SECONDS 600

/* What makes two tries "the same message": subject, To, Cc and text, not
 * the Date, Message-ID or MIME boundaries a client makes anew each time.
 * 64 hex digits and a NUL. */
void civil_held_key(civil_message_t *msg, char key[65]);
/* What makes two messages "the same words" to the tone check: the
 * sender's own words as it reads them (civil_message_authored), decoded,
 * without quotes or civil's reminder; so the file the sendemail-validate
 * hook checked and the message git send-email then makes of it (its own
 * headers, the reminder added, another transfer encoding) have one key.
 * 64 hex digits and a NUL. */
void civil_tone_key(civil_message_t *msg, char key[65]);
/* Held messages are kept in dir, a directory of their own the caller
 * chooses (civil-sendmail: $XDG_STATE_HOME/civil/held), made when the
 * first is held. */
/* Was the message with this key held less than CIVIL_HOLD_SECONDS ago? */
bool civil_held_recently(const char *dir, const char *key, time_t now);
/* Hold it: keep data (mode 0600) with its subject and the line the sender
 * was shown; a hold of the same key is replaced, its time renewed.  One
 * that can't be kept whole is not kept at all. */
civil_status_t civil_held_keep(const char *dir, const char *key,
			       const void *data, size_t len,
			       const char *subject, const char *why,
			       civil_error_t *err);
/* It went out after all: forget it. */
void civil_held_forget(const char *dir, const char *key);

/* Handed out one at a time by pointer: it may grow at its end. */
typedef struct civil_held {
	time_t when;   /* held at */
	char *path;    /* the message as it was given */
	char *subject; /* decoded, one line */
	char *why;     /* the line the sender was shown */
	/* A message kept without the file that says why it was held (the
	 * keeping was cut short): not held, the next send is held again. */
	bool why_missing;
} civil_held_t;

typedef int (*civil_held_fn)(const civil_held_t *h, void *arg);

/* Each held message in dir, newest first; return non-zero to stop.  No
 * dir is no held message. */
civil_status_t civil_held_foreach(const char *dir, civil_held_fn fn, void *arg,
				  civil_error_t *err);

/* ---- the b4 review-reply template (b4.c) ---- */

/* The text of a b4.review-reply-template (b4 0.16+) that ends every b4
 * review reply with reminder in its signature block.  malloc'd. */
char *civil_b4_reply_template(const char *reminder);
/* Where civil writes its b4.review-reply-template: beside repo's config
 * (the reminder names that tree's code), or with repo NULL in user_dir,
 * the user's directory for civil's settings the caller chose
 * (civil-install: $XDG_CONFIG_HOME/civil, ~/.config/civil); no repo and
 * no user_dir is CONFIG_ERROR. */
civil_status_t civil_b4_template_path(const civil_repo_t *repo,
				      const char *user_dir,
				      struct civil_buf *out,
				      civil_error_t *err);
/* When path (b4.review-reply-template, "~/" allowed) is a template civil
 * wrote (*ours) and its reminder is not reminder, write it anew (*changed).
 * Anything else at path is left alone. */
civil_status_t civil_b4_template_refresh(const char *path, const char *reminder,
					 bool *ours, bool *changed,
					 civil_error_t *err);

/* ---- a THREAD on the command line (thread.c) ---- */

/* A command-line THREAD (query, Message-ID, lore URL) as a notmuch query;
 * malloc'd, NULL for a URL with no Message-ID in it. */
char *civil_thread_query(const char *arg);
/* A Message-ID as given for one message ("id:<x@y>", "id:\"x@y\"",
 * "<x@y>", "x@y") without its wrapping: "x@y"; in a quoted one
 * ("id:\"a\"\"b@y\""), a doubled '"' is one.  malloc'd. */
char *civil_bare_id(const char *s);
/* The notmuch query for the message with Message-ID id (no angle
 * brackets): id:"..." with every '"' in id doubled, as a quoted term
 * must have it.  malloc'd. */
char *civil_id_query(const char *id);

#endif
