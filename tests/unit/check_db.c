// SPDX-License-Identifier: GPL-2.0-or-later
/* check_db.c - db.c: opening the user's notmuch database, counting in it,
 * reading a message from its file, and the terms civil writes into
 * queries. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static struct civil_buf path = CIVIL_BUF_INIT;
static char *mail; /* the database's directory */

/* A notmuch config named by $NOTMUCH_CONFIG and its database holding one
 * message. */
static void setup(void)
{
	const char *dir = unit_tmpdir();
	const char *argv[] = { "notmuch", "new", "--quiet", NULL };
	struct civil_buf text = CIVIL_BUF_INIT;
	int status = -1;

	civil_buf_reset(&path);
	civil_buf_addf(&path, "%s/notmuch-config", dir);
	civil_buf_addf(&text, "[database]\npath=%s/mail\n[new]\ntags=new\n",
		       dir);
	g_free(mail);
	mail = g_strdup_printf("%s/mail", dir);
	unit_write(dir, "notmuch-config", civil_buf_str(&text));
	unit_write(dir, "mail/cur/one:2,",
		   "From: a@kernel-test.invalid\nSubject: one\nX-Mailer: t\n"
		   "Message-ID: <we\"ird@kernel-test.invalid>\n"
		   "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\nhello\n");
	civil_buf_release(&text);
	setenv("NOTMUCH_CONFIG", path.buf, 1);
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	ck_assert_int_eq(status, 0);
}

static void teardown(void)
{
	unsetenv("NOTMUCH_CONFIG");
	civil_buf_release(&path);
	g_free(mail);
	mail = NULL;
}

START_TEST(quote_terms)
{
	struct civil_buf q = CIVIL_BUF_INIT;

	civil_db_quote_term(&q, "id", "x@y");
	ck_assert_str_eq(civil_buf_str(&q), "id:\"x@y\"");
	civil_buf_reset(&q);
	civil_db_quote_term(&q, "id", "\"a\" b@y");
	ck_assert_str_eq(civil_buf_str(&q), "id:\"\"\"a\"\" b@y\"");
	civil_buf_release(&q);
}
END_TEST

START_TEST(open_and_count)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf q = CIVIL_BUF_INIT;
	notmuch_database_t *db = NULL;
	unsigned int n = 0;

	ck_assert_int_eq(civil_db_open(NULL, false, 0, &db, &err), 0);
	ck_assert(strstr(civil_db_path(db), "/mail"));
	ck_assert_int_eq(civil_db_count(db, "*", &n, &err), 0);
	ck_assert_uint_eq(n, 1);
	/* A Message-ID with a quote, found by the term civil writes. */
	civil_db_quote_term(&q, "id", "we\"ird@kernel-test.invalid");
	ck_assert_int_eq(civil_db_count(db, q.buf, &n, &err), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(civil_db_count(db, "subject:nosuch", &n, &err), 0);
	ck_assert_uint_eq(n, 0);
	notmuch_database_destroy(db);
	civil_buf_release(&q);

	/* Open for writing: nobody else holds the lock. */
	ck_assert_int_eq(civil_db_open(NULL, true, 1000, &db, &err), 0);
	notmuch_database_destroy(db);
}
END_TEST

/* A message read from its file: for scoring without the fields scoring
 * never reads, whole with them; a file gone is an error naming both. */
START_TEST(read_a_message)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;
	notmuch_message_t *m = NULL;
	civil_message_t *msg = NULL;
	char *file = g_strdup_printf("%s/cur/one:2,", mail), *want;

	ck_assert_int_eq(civil_db_open(NULL, false, 0, &db, &err), 0);
	ck_assert_int_eq(notmuch_database_find_message(
				 db, "we\"ird@kernel-test.invalid", &m),
			 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(
		civil_db_read_message(m, CIVIL_DB_READ_SCORING, &msg, &err), 0);
	ck_assert_str_eq(civil_message_subject(msg), "one");
	ck_assert_ptr_null(civil_message_header(msg, "X-Mailer"));
	civil_message_free(msg);
	ck_assert_int_eq(
		civil_db_read_message(m, CIVIL_DB_READ_WHOLE, &msg, &err), 0);
	ck_assert_str_eq(civil_message_header(msg, "X-Mailer"), "t");
	civil_message_free(msg);

	ck_assert_int_eq(unlink(file), 0);
	ck_assert_int_eq(
		civil_db_read_message(m, CIVIL_DB_READ_SCORING, &msg, &err),
		CIVIL_STATUS_FILE_ERROR);
	ck_assert_ptr_null(msg);
	want = g_strdup_printf("id:we\"ird@kernel-test.invalid: can't read "
			       "'%s'",
			       file);
	ck_assert_str_eq(err.message, want);
	civil_error_clear(&err);
	notmuch_message_destroy(m);
	notmuch_database_destroy(db);
	g_free(want);
	g_free(file);
}
END_TEST

START_TEST(no_database)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;
	const char *dir = unit_tmpdir();
	struct civil_buf cfg = CIVIL_BUF_INIT;

	civil_buf_addf(&cfg, "%s/other-config", dir);
	unit_write(dir, "other-config",
		   "[database]\npath=/nonexistent/civil-test\n");
	setenv("NOTMUCH_CONFIG", cfg.buf, 1);
	ck_assert_int_eq(civil_db_open(NULL, false, 0, &db, &err),
			 CIVIL_STATUS_DATABASE_ERROR);
	ck_assert_ptr_null(db);
	ck_assert(strstr(err.message, "can't open notmuch database: "));
	ck_assert_ptr_null(strchr(err.message, '\n'));
	civil_error_clear(&err);
	civil_buf_release(&cfg);
}
END_TEST

/* A database named in the config civil is given: no search, no
 * $NOTMUCH_CONFIG. */
START_TEST(named_database)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg = { 0 };
	notmuch_database_t *db = NULL;
	unsigned int n = 0;

	setenv("NOTMUCH_CONFIG", "/nonexistent/civil-test-config", 1);
	cfg.database_path = mail;
	ck_assert_int_eq(civil_db_open(&cfg, false, 0, &db, &err), 0);
	ck_assert_str_eq(civil_db_path(db), mail);
	ck_assert_int_eq(civil_db_count(db, "*", &n, &err), 0);
	ck_assert_uint_eq(n, 1);
	notmuch_database_destroy(db);
	/* And the config file civil_nm_config_load read is the one kept. */
	setenv("NOTMUCH_CONFIG", path.buf, 1);
	ck_assert_int_eq(civil_nm_config_load(&cfg, NULL, NULL, &err), 0);
	ck_assert_str_eq(cfg.config_path, path.buf);
	ck_assert_str_eq(cfg.database_path, mail);
	unsetenv("NOTMUCH_CONFIG");
	ck_assert_int_eq(civil_db_open(&cfg, true, 1000, &db, &err), 0);
	notmuch_database_destroy(db);
	civil_nm_config_release(&cfg);
}
END_TEST

/* Mail N of the walk tests, dated hour N, in the database's maildir:
 * its file's path (g_free it). */
static char *walk_mail(int n)
{
	char *dir = g_path_get_dirname(mail);
	char *name = g_strdup_printf("w%d", n);
	char *id = g_strdup_printf("w%d@kernel-test.invalid", n);
	char *date = g_strdup_printf("Tue, 10 Mar 2026 %02d:00:00 +0000", n);
	char *path = g_strdup_printf("%s/cur/w%d:2,", mail, n);

	unit_add_mail(dir, name, id, "W <w@kernel-test.invalid>", date, "walk",
		      NULL, "hi\n");
	g_free(dir);
	g_free(name);
	g_free(id);
	g_free(date);
	return path;
}

struct walked {
	notmuch_database_t *db;
	GString *ids;
	int calls;
	int close_at;	    /* close the database at this call */
	int write_at;	    /* another process writes at this call */
	char *gone;	    /* the file it removes */
	char *early, *late; /* the files it adds */
};

static int walk_fn(notmuch_message_t *m, void *arg)
{
	struct walked *w = arg;
	const char *id = notmuch_message_get_message_id(m);

	w->calls++;
	g_string_append_printf(w->ids, "%s ", id ? id : "(null)");
	if (w->calls == w->close_at)
		notmuch_database_close(w->db);
	if (w->calls == w->write_at) {
		civil_error_t err = CIVIL_ERROR_INIT;
		notmuch_database_t *rw = NULL;

		/* As notmuch new would: a message gone, two come (one dated
		 * before where the walk is, one after), committed.  Then
		 * the walk's database is brought up to date, as notmuch
		 * does by itself when a read meets the stale snapshot. */
		ck_assert_int_eq(civil_db_open(NULL, true, 1000, &rw, &err), 0);
		ck_assert_int_eq(notmuch_database_remove_message(rw, w->gone),
				 0);
		ck_assert_int_eq(
			notmuch_database_index_file(rw, w->early, NULL, NULL),
			0);
		ck_assert_int_eq(
			notmuch_database_index_file(rw, w->late, NULL, NULL),
			0);
		ck_assert_int_eq(notmuch_database_close(rw), 0);
		notmuch_database_destroy(rw);
		ck_assert_int_eq(civil_db_reopen(w->db), 0);
	}
	return 0;
}

/* A walk whose database changes under it goes on from where it was, at
 * the newest revision: each message once, in date order, none that is
 * gone, none dated before where it was.  (notmuch 0.37 hands out the
 * gone one from the old search, and aborts reading it.) */
START_TEST(walk_goes_on_at_the_newest_revision)
{
	const char *argv[] = { "notmuch", "new", "--quiet", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct walked w = { .write_at = 3 };
	int status = -1;
	char *f[7];

	for (int i = 1; i <= 6; i++)
		f[i] = walk_mail(i);
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	w.gone = f[5];
	w.early = walk_mail(0);
	w.late = walk_mail(9);
	w.ids = g_string_new("");
	ck_assert_int_eq(civil_db_open(NULL, false, 0, &w.db, &err), 0);
	ck_assert_int_eq(civil_db_foreach(w.db, "subject:walk",
					  NOTMUCH_SORT_OLDEST_FIRST, walk_fn,
					  &w, &err),
			 0);
	ck_assert_str_eq(w.ids->str,
			 "w1@kernel-test.invalid w2@kernel-test.invalid "
			 "w3@kernel-test.invalid w4@kernel-test.invalid "
			 "w6@kernel-test.invalid w9@kernel-test.invalid ");
	notmuch_database_destroy(w.db);
	g_string_free(w.ids, TRUE);
	for (int i = 1; i <= 6; i++)
		g_free(f[i]);
	g_free(w.early);
	g_free(w.late);
}
END_TEST

/* What notmuch throws in the middle of a walk ends the walk with an
 * error, not the process. */
START_TEST(walk_survives_an_exception)
{
	const char *argv[] = { "notmuch", "new", "--quiet", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct walked w = { .close_at = 1 };
	int status = -1;

	for (int i = 1; i <= 3; i++)
		g_free(walk_mail(i));
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	w.ids = g_string_new("");
	ck_assert_int_eq(civil_db_open(NULL, false, 0, &w.db, &err), 0);
	ck_assert_int_eq(civil_db_foreach(w.db, "subject:walk",
					  NOTMUCH_SORT_OLDEST_FIRST, walk_fn,
					  &w, &err),
			 CIVIL_STATUS_PARTIAL);
	ck_assert_int_eq(w.calls, 1);
	ck_assert(strstr(err.message, "while another process writes it"));
	civil_error_clear(&err);
	/* The read-ahead walk of a scan, the same. */
	w.calls = 0;
	notmuch_database_destroy(w.db);
	ck_assert_int_eq(civil_db_open(NULL, false, 0, &w.db, &err), 0);
	ck_assert_int_eq(civil_db_foreach_file(w.db, "subject:walk",
					       NOTMUCH_SORT_OLDEST_FIRST,
					       walk_fn, &w, &err),
			 0);
	ck_assert_int_eq(w.calls, 3);
	notmuch_database_destroy(w.db);
	g_string_free(w.ids, TRUE);
}
END_TEST

/* The database's version file, as Xapian reads it first when opening. */
static char *iamglass(void)
{
	return g_strdup_printf("%s/.notmuch/xapian/iamglass", mail);
}

static gpointer restore_soon(gpointer keep)
{
	char *path = iamglass();

	g_usleep(300 * 1000);
	ck_assert_int_eq(rename(keep, path), 0);
	g_free(path);
	return NULL;
}

/* A database Xapian can't open now (as when another process commits under
 * the open) is tried again until the timeout; one that stays so fails
 * LOCKED with notmuch's reason, never as "no database". */
START_TEST(busy_database_is_waited_for)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;
	char *path = iamglass(), *keep = g_strdup_printf("%s.keep", path);
	GThread *t;

	ck_assert_int_eq(rename(path, keep), 0);
	unit_write("/", path, "not a version file");
	ck_assert_int_eq(civil_db_open(NULL, false, 300, &db, &err),
			 CIVIL_STATUS_LOCKED);
	ck_assert_ptr_null(db);
	ck_assert_msg(strstr(err.message, "can't open notmuch database: ") &&
			      strstr(err.message, "Xapian") &&
			      strstr(err.message, "gave up after 1 s"),
		      "%s", err.message);
	civil_error_clear(&err);

	t = g_thread_new("restore", restore_soon, keep);
	ck_assert_int_eq(civil_db_open(NULL, false, 60 * 1000, &db, &err), 0);
	g_thread_join(t);
	ck_assert_ptr_nonnull(db);
	notmuch_database_destroy(db);
	g_free(path);
	g_free(keep);
}
END_TEST

Suite *suite_db(void)
{
	Suite *s = suite_create("db");
	TCase *tc = tcase_create("db");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, quote_terms);
	tcase_add_test(tc, open_and_count);
	tcase_add_test(tc, read_a_message);
	tcase_add_test(tc, no_database);
	tcase_add_test(tc, named_database);
	tcase_add_test(tc, walk_goes_on_at_the_newest_revision);
	tcase_add_test(tc, walk_survives_an_exception);
	tcase_add_test(tc, busy_database_is_waited_for);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
