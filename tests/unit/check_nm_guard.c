// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_nm_guard.c - nm-guard.cc: the notmuch calls that throw come back
 * with a status.  A database closed under a search makes each of them
 * throw every time (Xapian::DatabaseClosedError), where a stale snapshot
 * (DatabaseModifiedError, the case met in use) makes them throw only now
 * and then: the same escape, on demand.
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "internal.h"
#include "nm-guard.h"
#include "unit.h"

static civil_nm_config_t cfg;

static void setup(void)
{
	const char *dir = unit_notmuch_db(&cfg);
	const char *nm_new[] = { "new", "--quiet", NULL };
	const char *tag[] = { "tag", "+heated", "--", "*", NULL };

	unit_add_mail(dir, "a", "a@kernel-test.invalid",
		      "A <a@kernel-test.invalid>",
		      "Mon, 09 Mar 2026 10:00:00 +0000", "one", NULL, "hi\n");
	unit_add_mail(dir, "b", "b@kernel-test.invalid",
		      "B <b@kernel-test.invalid>",
		      "Mon, 09 Mar 2026 11:00:00 +0000", "Re: one",
		      "a@kernel-test.invalid", "hello\n");
	unit_notmuch(nm_new, NULL);
	unit_notmuch(tag, NULL);
}

static void teardown(void)
{
	unit_notmuch_done(&cfg);
}

static notmuch_query_t *closed_search(notmuch_database_t **db,
				      notmuch_messages_t **msgs,
				      notmuch_threads_t **threads)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_query_t *q;

	ck_assert_int_eq(civil_db_open(&cfg, false, 0, db, &err), 0);
	q = notmuch_query_create(*db, "*");
	if (msgs)
		ck_assert_int_eq(notmuch_query_search_messages(q, msgs), 0);
	if (threads)
		ck_assert_int_eq(notmuch_query_search_threads(q, threads), 0);
	notmuch_database_close(*db);
	return q;
}

START_TEST(messages_get_returns)
{
	notmuch_database_t *db;
	notmuch_messages_t *msgs;
	notmuch_message_t *m = (notmuch_message_t *)&cfg;
	notmuch_query_t *q = closed_search(&db, &msgs, NULL);

	ck_assert(notmuch_messages_valid(msgs));
	ck_assert_int_eq(civil_nm_messages_get(msgs, &m),
			 NOTMUCH_STATUS_XAPIAN_EXCEPTION);
	ck_assert_ptr_null(m);
	notmuch_query_destroy(q);
	notmuch_database_destroy(db);
}
END_TEST

START_TEST(threads_get_returns)
{
	notmuch_database_t *db;
	notmuch_threads_t *threads;
	notmuch_thread_t *t = (notmuch_thread_t *)&cfg;
	notmuch_query_t *q = closed_search(&db, NULL, &threads);

	ck_assert(notmuch_threads_valid(threads));
	ck_assert_int_eq(civil_nm_threads_get(threads, &t),
			 NOTMUCH_STATUS_XAPIAN_EXCEPTION);
	ck_assert_ptr_null(t);
	notmuch_query_destroy(q);
	notmuch_database_destroy(db);
}
END_TEST

/* A message read before the close, its properties not yet. */
START_TEST(properties_return)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db;
	notmuch_message_t *m = NULL;
	notmuch_message_properties_t *p = (void *)&cfg;
	const char *v = "x";

	ck_assert_int_eq(civil_db_open(&cfg, false, 0, &db, &err), 0);
	ck_assert_int_eq(
		notmuch_database_find_message(db, "a@kernel-test.invalid", &m),
		0);
	ck_assert_ptr_nonnull(m);
	notmuch_database_close(db);
	ck_assert_int_eq(civil_nm_message_get_property(m, "civil.heat", &v),
			 NOTMUCH_STATUS_XAPIAN_EXCEPTION);
	ck_assert_ptr_null(v);
	ck_assert_int_eq(
		civil_nm_message_get_properties(m, "civil.reason", true, &p),
		NOTMUCH_STATUS_XAPIAN_EXCEPTION);
	ck_assert_ptr_null(p);
	/* And what civil reads through them says "can't", not "none". */
	ck_assert_ptr_null(civil_db_property(m, "civil.heat"));
	notmuch_message_destroy(m);
	notmuch_database_destroy(db);
}
END_TEST

/* Open and well, they answer as notmuch does. */
START_TEST(open_database_answers)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db;
	notmuch_query_t *q;
	notmuch_messages_t *msgs;
	notmuch_threads_t *threads;
	notmuch_message_t *m = NULL;
	notmuch_thread_t *t = NULL;
	const char *v = "x";

	ck_assert_int_eq(civil_db_open(&cfg, false, 0, &db, &err), 0);
	q = notmuch_query_create(db, "*");
	ck_assert_int_eq(notmuch_query_search_messages(q, &msgs), 0);
	ck_assert_int_eq(civil_nm_messages_get(msgs, &m), 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(civil_nm_message_get_property(m, "civil.heat", &v), 0);
	ck_assert_ptr_null(v);
	ck_assert_int_eq(notmuch_query_search_threads(q, &threads), 0);
	ck_assert_int_eq(civil_nm_threads_get(threads, &t), 0);
	ck_assert_uint_eq(notmuch_thread_get_total_messages(t), 2);
	notmuch_query_destroy(q);
	notmuch_database_destroy(db);
}
END_TEST

Suite *suite_nm_guard(void)
{
	Suite *s = suite_create("nm_guard");
	TCase *tc = tcase_create("nm_guard");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, messages_get_returns);
	tcase_add_test(tc, threads_get_returns);
	tcase_add_test(tc, properties_return);
	tcase_add_test(tc, open_database_answers);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
