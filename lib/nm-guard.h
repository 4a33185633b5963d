/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nm-guard.h - the notmuch calls that can throw, made to return a status
 * (nm-guard.cc).  civil calls these four through here and nowhere else.
 */
#ifndef CIVIL_NM_GUARD_H
#define CIVIL_NM_GUARD_H

#include <notmuch.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NOTMUCH_STATUS_XAPIAN_EXCEPTION where notmuch threw (or gave NULL):
 * the database's snapshot went stale, or the message is gone.  *out is
 * then NULL. */
notmuch_status_t civil_nm_messages_get(notmuch_messages_t *msgs,
				       notmuch_message_t **out);
notmuch_status_t civil_nm_threads_get(notmuch_threads_t *threads,
				      notmuch_thread_t **out);
/* *value: the first value of key, NULL when there is none. */
notmuch_status_t civil_nm_message_get_property(notmuch_message_t *msg,
					       const char *key,
					       const char **value);
notmuch_status_t
civil_nm_message_get_properties(notmuch_message_t *msg, const char *key,
				bool exact, notmuch_message_properties_t **out);

#ifdef __cplusplus
}
#endif

#endif
