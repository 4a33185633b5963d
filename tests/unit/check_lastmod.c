// SPDX-License-Identifier: GPL-2.0-or-later
/* check_lastmod.c - what a scan with no query scores (lib/lastmod.c):
 * the revision recorded in the database, and when it does not count. */
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static civil_nm_config_t cfg;

static void setup(void)
{
	const char *dir = unit_notmuch_db(&cfg);
	const char *args[] = { "new", "--quiet", NULL };

	unit_write(dir, "mail/cur/one:2,",
		   "From: a@kernel-test.invalid\nSubject: one\n"
		   "Message-ID: <one@kernel-test.invalid>\n"
		   "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\nhello\n");
	unit_notmuch(args, NULL);
}

static void teardown(void)
{
	unit_notmuch_done(&cfg);
}

static notmuch_database_t *open_db(bool writable)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;

	ck_assert_msg(!civil_db_open(&cfg, writable, 1000, &db, &err), "%s",
		      err.message);
	return db;
}

static void close_db(notmuch_database_t *db)
{
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, NULL), 0);
}

/* Write value as the record, as another program (or an old copy) might
 * have left it. */
static void set_record(const char *value)
{
	notmuch_database_t *db = open_db(true);

	ck_assert_int_eq(
		notmuch_database_set_config(db, CIVIL_LASTMOD_KEY, value), 0);
	close_db(db);
}

/* The query a scan with none would run now; whether a record counted. */
static bool query(struct civil_buf *q, civil_lastmod_t *now)
{
	notmuch_database_t *db = open_db(false);
	bool found = civil_lastmod_query(db, now, q);

	close_db(db);
	return found;
}

START_TEST(no_record_scans_everything)
{
	struct civil_buf q = CIVIL_BUF_INIT;
	civil_lastmod_t now;

	ck_assert(!query(&q, &now));
	ck_assert_str_eq(q.buf, "*");
	ck_assert_uint_gt(now.revision, 0);
	ck_assert_uint_gt(strlen(now.uuid), 0);
	civil_buf_release(&q);
}
END_TEST

START_TEST(recorded_then_only_what_changed)
{
	struct civil_buf q = CIVIL_BUF_INIT, want = CIVIL_BUF_INIT;
	civil_lastmod_t now, scanned;
	notmuch_database_t *db;

	notmuch_message_t *m = NULL;

	query(&q, &scanned);
	db = open_db(true);
	/* civil's own write in the same session (scan.c tags here): no
	 * next scan needs to read it. */
	ck_assert_int_eq(notmuch_database_find_message(
				 db, "one@kernel-test.invalid", &m),
			 0);
	ck_assert_int_eq(notmuch_message_add_tag(m, "heated"), 0);
	notmuch_message_destroy(m);
	ck_assert_int_eq(civil_lastmod_record(db, &scanned, &scanned), 0);
	close_db(db);
	ck_assert(query(&q, &now));
	ck_assert_uint_gt(now.revision, scanned.revision);
	civil_buf_addf(&want, "lastmod:%lu..", now.revision + 1);
	ck_assert_str_eq(q.buf, want.buf);
	civil_buf_release(&want);
	civil_buf_release(&q);
}
END_TEST

START_TEST(someone_else_wrote_between)
{
	struct civil_buf q = CIVIL_BUF_INIT, want = CIVIL_BUF_INIT;
	const char *tag[] = { "tag", "+x", "*", NULL };
	civil_lastmod_t scanned, opened, now;
	notmuch_database_t *db;

	query(&q, &scanned);
	unit_notmuch(tag, NULL); /* between the scan and its write */
	db = open_db(true);
	civil_lastmod_now(db, &opened);
	ck_assert_uint_gt(opened.revision, scanned.revision);
	ck_assert_int_eq(civil_lastmod_record(db, &scanned, &opened), 0);
	close_db(db);
	/* The next scan reads the other writer's change again. */
	ck_assert(query(&q, &now));
	civil_buf_addf(&want, "lastmod:%lu..", scanned.revision + 1);
	ck_assert_str_eq(q.buf, want.buf);
	civil_buf_release(&want);
	civil_buf_release(&q);
}
END_TEST

START_TEST(records_that_do_not_count)
{
	struct civil_buf q = CIVIL_BUF_INIT, v = CIVIL_BUF_INIT;
	civil_lastmod_t now, other = { 0 };
	notmuch_database_t *db;

	query(&q, &now);
	/* Another database's (rebuilt), ahead of this one (an older copy
	 * restored), the largest revision, not a number, empty. */
	civil_buf_addf(&v, "00000000-0000-0000-0000-000000000000 1");
	set_record(v.buf);
	ck_assert(!query(&q, &now));
	civil_buf_reset(&v);
	civil_buf_addf(&v, "%s %lu", now.uuid, now.revision + 100);
	set_record(v.buf);
	ck_assert(!query(&q, &now));
	civil_buf_reset(&v);
	civil_buf_addf(&v, "%s 18446744073709551615", now.uuid);
	set_record(v.buf);
	ck_assert(!query(&q, &now));
	civil_buf_reset(&v);
	civil_buf_addf(&v, "%s 1x", now.uuid);
	set_record(v.buf);
	ck_assert(!query(&q, &now));
	civil_buf_reset(&v);
	civil_buf_addf(&v, "%s ", now.uuid);
	set_record(v.buf);
	ck_assert(!query(&q, &now));
	set_record(now.uuid);
	ck_assert(!query(&q, &now));
	set_record("");
	ck_assert(!query(&q, &now));
	ck_assert_str_eq(q.buf, "*");
	/* Revision 0 of this database counts. */
	civil_buf_reset(&v);
	civil_buf_addf(&v, "%s 0", now.uuid);
	set_record(v.buf);
	ck_assert(query(&q, &now));
	ck_assert_str_eq(q.buf, "lastmod:1..");
	/* A scan of another database records nothing here. */
	snprintf(other.uuid, sizeof(other.uuid), "not-this-one");
	other.revision = 5;
	db = open_db(true);
	ck_assert_int_eq(civil_lastmod_record(db, &other, &other), 0);
	close_db(db);
	ck_assert(query(&q, &now));
	ck_assert_str_eq(q.buf, "lastmod:1..");
	civil_buf_release(&v);
	civil_buf_release(&q);
}
END_TEST

START_TEST(start_here)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t gone;
	struct civil_buf q = CIVIL_BUF_INIT;
	civil_lastmod_t now;
	bool started = false;

	ck_assert_int_eq(civil_lastmod_start_here(&cfg, &started, &err), 0);
	ck_assert(started);
	ck_assert(query(&q, &now));
	/* Once there is a record, it stays. */
	ck_assert_int_eq(civil_lastmod_start_here(&cfg, &started, &err), 0);
	ck_assert(!started);
	/* No database there: a status, and a message naming it.  (A
	 * config file named and missing gets notmuch's "cannot load config
	 * file", which does not name it: db.c's to fix.) */
	gone = cfg;
	gone.database_path = "/nonexistent/civil-unit-mail";
	gone.config_path = NULL;
	ck_assert_int_ne(civil_lastmod_start_here(&gone, &started, &err), 0);
	ck_assert(!started);
	ck_assert_msg(strstr(err.message, "/nonexistent/civil-unit") != NULL,
		      "%s", err.message);
	civil_error_clear(&err);
	civil_buf_release(&q);
}
END_TEST

Suite *suite_lastmod(void)
{
	Suite *s = suite_create("lastmod");
	TCase *tc = tcase_create("lastmod");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, no_record_scans_everything);
	tcase_add_test(tc, recorded_then_only_what_changed);
	tcase_add_test(tc, someone_else_wrote_between);
	tcase_add_test(tc, records_that_do_not_count);
	tcase_add_test(tc, start_here);
	suite_add_tcase(s, tc);
	return s;
}
