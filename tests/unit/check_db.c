// SPDX-License-Identifier: GPL-2.0-or-later
/* check_db.c - db.c: opening the user's notmuch database, counting in it,
 * and the terms civil writes into queries. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

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
		   "From: a@kernel-test.invalid\nSubject: one\n"
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

Suite *suite_db(void)
{
	Suite *s = suite_create("db");
	TCase *tc = tcase_create("db");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, quote_terms);
	tcase_add_test(tc, open_and_count);
	tcase_add_test(tc, no_database);
	tcase_add_test(tc, named_database);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
