// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nm-guard.cc - the notmuch calls that can throw, made to return.
 *
 * libnotmuch is C++.  Most of its C calls catch what Xapian throws and
 * answer NULL or a status, but in notmuch 0.37 four let an exception out:
 *
 *   - notmuch_messages_get() and notmuch_threads_get(): a message of a
 *     search whose snapshot another process has overwritten throws
 *     Xapian::DatabaseModifiedError (notmuch 0.40 catches it, f375ea1a);
 *   - notmuch_message_get_property() and _get_properties(): notmuch
 *     catches DatabaseModifiedError there, reopens and reads again, but
 *     any other Xapian error gets out (a message deleted by the writer
 *     since, a database closed under it).
 *
 * An exception that reaches civil's C frames ends the process
 * (std::terminate: exit 134), in a post-new hook or a timer, with the
 * scan half done.  Each call is made here inside try/catch(...), which
 * turns it into NOTMUCH_STATUS_XAPIAN_EXCEPTION: the caller reopens the
 * database and reads again from where it was (db.c).
 *
 * Nothing else in civil is C++, and nothing here allocates or keeps
 * state: what notmuch had allocated when it threw belongs to the query
 * or message it was working on, and goes with it.
 */
#include "nm-guard.h"

notmuch_status_t civil_nm_messages_get(notmuch_messages_t *msgs,
				       notmuch_message_t **out)
{
	*out = NULL;
	try {
		*out = notmuch_messages_get(msgs);
	} catch (...) {
		*out = NULL;
	}
	return *out ? NOTMUCH_STATUS_SUCCESS : NOTMUCH_STATUS_XAPIAN_EXCEPTION;
}

notmuch_status_t civil_nm_threads_get(notmuch_threads_t *threads,
				      notmuch_thread_t **out)
{
	*out = NULL;
	try {
		*out = notmuch_threads_get(threads);
	} catch (...) {
		*out = NULL;
	}
	return *out ? NOTMUCH_STATUS_SUCCESS : NOTMUCH_STATUS_XAPIAN_EXCEPTION;
}

notmuch_status_t civil_nm_message_get_property(notmuch_message_t *msg,
					       const char *key,
					       const char **value)
{
	*value = NULL;
	try {
		return notmuch_message_get_property(msg, key, value);
	} catch (...) {
		*value = NULL;
		return NOTMUCH_STATUS_XAPIAN_EXCEPTION;
	}
}

notmuch_status_t
civil_nm_message_get_properties(notmuch_message_t *msg, const char *key,
				bool exact, notmuch_message_properties_t **out)
{
	*out = NULL;
	try {
		*out = notmuch_message_get_properties(msg, key, exact);
	} catch (...) {
		*out = NULL;
	}
	return *out ? NOTMUCH_STATUS_SUCCESS : NOTMUCH_STATUS_XAPIAN_EXCEPTION;
}
