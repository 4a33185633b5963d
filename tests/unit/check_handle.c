// SPDX-License-Identifier: GPL-2.0-or-later
/* check_handle.c - handle.c and handle-db.c: what civil_open reads (and
 * what it leaves alone when not told), the code and settings it finds,
 * the scorer and the database it keeps for the verbs. */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "handle.h"
#include "unit.h"

START_TEST(unknown_version_refused)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_t *c = (civil_t *)&o;

	o.version = 7;
	ck_assert_int_eq(civil_open(&o, &c, NULL, &err), CIVIL_STATUS_USAGE);
	ck_assert_ptr_null(c);
	ck_assert_str_eq(err.message, "civil_open_opts_t version 7 unknown "
				      "(this libcivil knows 2)");
	civil_error_clear(&err);
	o.version = 0;
	ck_assert_int_eq(civil_open(&o, &c, NULL, NULL), CIVIL_STATUS_USAGE);
	/* A program built for version 1, without git_env, still opens. */
	o.version = 1;
	ck_assert_int_eq(civil_open(&o, &c, NULL, NULL), 0);
	civil_close(c);
	/* NULL is every default. */
	ck_assert_int_eq(civil_open(NULL, &c, NULL, NULL), 0);
	civil_close(c);
	civil_close(NULL);
}
END_TEST

/* civil_scan and civil_scan_mbox refuse options, a sink or stats of a
 * version they do not know (0 among them) before anything else, the
 * stats untouched; from the INIT macros they scan, and the stats keep
 * their version. */
START_TEST(scan_structs_of_unknown_versions_refused)
{
	static const char mbox[] = "From: a@kernel-test.invalid\nSubject: x\n"
				   "Message-ID: <m@kernel-test.invalid>\n\n"
				   "You idiot.\n";
	civil_scan_opts_t o = CIVIL_SCAN_OPTS_INIT;
	civil_scan_sink_t sink = CIVIL_SCAN_SINK_INIT;
	civil_scan_stats_t stats = CIVIL_SCAN_STATS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_t *c = unit_civil(NULL);

	o.version = 7;
	ck_assert_int_eq(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, &sink,
					 &stats, &err),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(err.message, "civil_scan_opts_t version 7 unknown "
				      "(this libcivil knows 1)");
	ck_assert_int_eq(civil_scan(c, &o, &sink, &stats, NULL),
			 CIVIL_STATUS_USAGE);
	o.version = CIVIL_SCAN_OPTS_VERSION;
	sink.version = 0;
	stats.scanned = 42;
	ck_assert_int_eq(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, &sink,
					 &stats, &err),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(err.message, "civil_scan_sink_t version 0 unknown "
				      "(this libcivil knows 1)");
	ck_assert_int_eq(civil_scan(c, &o, &sink, &stats, NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_uint_eq(stats.scanned, 42);
	sink.version = CIVIL_SCAN_SINK_VERSION;
	stats.version = 2;
	ck_assert_int_eq(civil_scan(c, &o, &sink, &stats, &err),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(err.message, "civil_scan_stats_t version 2 unknown "
				      "(this libcivil knows 1)");
	ck_assert_int_eq(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, &sink,
					 &stats, NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_uint_eq(stats.scanned, 42);
	civil_error_clear(&err);

	stats.version = CIVIL_SCAN_STATS_VERSION;
	ck_assert_int_eq(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, &sink,
					 &stats, &err),
			 0);
	ck_assert_uint_eq(stats.version, CIVIL_SCAN_STATS_VERSION);
	ck_assert_uint_eq(stats.scanned, 1);
	ck_assert_uint_eq(stats.heated, 1);
	civil_close(c);
}
END_TEST

/* The USAGE a misused call returns, and its message; err cleared. */
static void want_usage(civil_status_t st, civil_error_t *err, const char *msg)
{
	ck_assert_int_eq(st, CIVIL_STATUS_USAGE);
	ck_assert_ptr_nonnull(err->message);
	ck_assert_str_eq(err->message, msg);
	civil_error_clear(err);
}

static int never_called(const civil_heated_thread_t *t, void *arg)
{
	ck_abort_msg("called");
	return 1;
}

static int never_called_mbox(civil_message_t *msg, void *arg)
{
	ck_abort_msg("called");
	return 1;
}

static int never_called_thread(const civil_thread_item_t *m, void *arg)
{
	ck_abort_msg("called");
	return 1;
}

/* What a caller can get wrong that the library can see is refused with
 * USAGE naming the argument, never a crash (347ae04 crashed on each). */
START_TEST(misuse_refused_not_crashed_on)
{
	static const char mbox[] = "From: a@kernel-test.invalid\nSubject: x\n"
				   "Message-ID: <m@kernel-test.invalid>\n\n"
				   "You idiot.\n";
	civil_scan_opts_t o = CIVIL_SCAN_OPTS_INIT;
	civil_scan_sink_t sink = CIVIL_SCAN_SINK_INIT;
	civil_scan_stats_t stats = CIVIL_SCAN_STATS_INIT;
	civil_purge_stats_t purged = CIVIL_PURGE_STATS_INIT;
	civil_outgoing_t og = CIVIL_OUTGOING_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const civil_nm_config_t *nm;
	civil_thread_t *t = (civil_thread_t *)&o;
	civil_message_t *msg = unit_message(mbox);
	civil_heat_t *heat;
	civil_t *c = unit_civil(NULL);
	bool started;

	want_usage(civil_open(NULL, NULL, NULL, &err), &err,
		   "civil_open: out is NULL");

	want_usage(civil_scan(NULL, &o, &sink, &stats, &err), &err,
		   "civil_scan: c is NULL");
	want_usage(civil_scan(c, NULL, &sink, &stats, &err), &err,
		   "civil_scan: o is NULL");
	want_usage(civil_scan(c, &o, NULL, &stats, &err), &err,
		   "civil_scan: sink is NULL");
	want_usage(civil_scan(c, &o, &sink, NULL, &err), &err,
		   "civil_scan: stats is NULL");
	want_usage(civil_scan_mbox(NULL, mbox, strlen(mbox), "x", &o, &sink,
				   &stats, &err),
		   &err, "civil_scan_mbox: c is NULL");
	want_usage(civil_scan_mbox(c, mbox, strlen(mbox), "x", NULL, &sink,
				   &stats, &err),
		   &err, "civil_scan_mbox: o is NULL");
	want_usage(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, NULL, &stats,
				   &err),
		   &err, "civil_scan_mbox: sink is NULL");
	want_usage(civil_scan_mbox(c, mbox, strlen(mbox), "x", &o, &sink, NULL,
				   &err),
		   &err, "civil_scan_mbox: stats is NULL");
	want_usage(civil_scan_mbox(c, NULL, 10, "x", &o, &sink, &stats, &err),
		   &err, "civil_scan_mbox: data is NULL");
	want_usage(civil_scan_start_here(NULL, &started, &err), &err,
		   "civil_scan_start_here: c is NULL");
	want_usage(civil_scan_start_here(c, NULL, &err), &err,
		   "civil_scan_start_here: started is NULL");
	want_usage(civil_heated_foreach(NULL, NULL, false, never_called, NULL,
					&err),
		   &err, "civil_heated_foreach: c is NULL");
	want_usage(civil_heated_foreach(c, NULL, false, NULL, NULL, &err), &err,
		   "civil_heated_foreach: fn is NULL");
	want_usage(civil_review_foreach(NULL, NULL, false, never_called, NULL,
					&err),
		   &err, "civil_review_foreach: c is NULL");
	want_usage(civil_review_foreach(c, NULL, false, NULL, NULL, &err), &err,
		   "civil_review_foreach: fn is NULL");
	want_usage(civil_thread_from_db(NULL, "*", &t, &err), &err,
		   "civil_thread_from_db: c is NULL");
	ck_assert_ptr_null(t);
	want_usage(civil_thread_from_db(c, "*", NULL, &err), &err,
		   "civil_thread_from_db: out is NULL");
	want_usage(civil_thread_from_mbox(mbox, strlen(mbox), "x", NULL, NULL,
					  NULL, &err),
		   &err, "civil_thread_from_mbox: out is NULL");
	want_usage(civil_thread_read_verdicts(NULL, t, NULL, &err), &err,
		   "civil_thread_read_verdicts: c is NULL");
	want_usage(civil_thread_read_verdicts(c, NULL, NULL, &err), &err,
		   "civil_thread_read_verdicts: t is NULL");
	want_usage(civil_thread_foreach(NULL, never_called_thread, NULL, &err),
		   &err, "civil_thread_foreach: t is NULL");
	want_usage(civil_mbox_foreach(NULL, 10, "x", never_called_mbox, NULL,
				      NULL, &err),
		   &err, "civil_mbox_foreach: data is NULL");
	want_usage(civil_mbox_foreach(mbox, strlen(mbox), NULL,
				      never_called_mbox, NULL, NULL, &err),
		   &err, "civil_mbox_foreach: name is NULL");
	want_usage(civil_mbox_foreach(mbox, strlen(mbox), "x", NULL, NULL, NULL,
				      &err),
		   &err, "civil_mbox_foreach: fn is NULL");
	want_usage(civil_purge(NULL, &purged, &err), &err,
		   "civil_purge: c is NULL");
	want_usage(civil_purge(c, NULL, &err), &err,
		   "civil_purge: stats is NULL");
	want_usage(civil_outgoing_prepare(NULL, msg, &og, &err), &err,
		   "civil_outgoing_prepare: c is NULL");
	want_usage(civil_outgoing_prepare(c, NULL, &og, &err), &err,
		   "civil_outgoing_prepare: msg is NULL");
	want_usage(civil_outgoing_prepare(c, msg, NULL, &err), &err,
		   "civil_outgoing_prepare: out is NULL");
	want_usage(civil_get_heat(NULL, &heat, &err), &err,
		   "civil_get_heat: c is NULL");
	want_usage(civil_get_notmuch_settings(NULL, &nm, &err), &err,
		   "civil_get_notmuch_settings: c is NULL");
	/* Without err, the status alone. */
	ck_assert_int_eq(civil_scan(c, &o, &sink, NULL, NULL),
			 CIVIL_STATUS_USAGE);
	/* The getters of a handle that is not there: nothing. */
	ck_assert_ptr_null(civil_get_settings(NULL));
	ck_assert_ptr_null(civil_get_code(NULL));
	ck_assert_ptr_null(civil_get_repository(NULL));
	civil_set_tone(NULL, CIVIL_TONE_OFF);
	civil_drop_heat(NULL);

	/* An out-count is optional, civil_thread_from_mbox's too. */
	ck_assert_int_eq(civil_thread_from_mbox(mbox, strlen(mbox), "x", NULL,
						&t, NULL, &err),
			 0);
	ck_assert_uint_eq(civil_thread_get_count(t), 1);
	want_usage(civil_thread_foreach(t, NULL, NULL, &err), &err,
		   "civil_thread_foreach: fn is NULL");
	civil_thread_free(t);
	civil_message_free(msg);
	civil_close(c);
}
END_TEST

/* A handle is opened between civil_init() and civil_shutdown(), not
 * after (347ae04: GLib criticals, then success).  In a child process:
 * GMime is not made to start again after its shutdown. */
START_TEST(open_after_shutdown_refused)
{
	int status = -1;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		civil_error_t err = CIVIL_ERROR_INIT;
		civil_t *c = (civil_t *)&err;
		civil_status_t st;

		civil_shutdown();
		st = civil_open(NULL, &c, NULL, &err);
		_exit(st == CIVIL_STATUS_USAGE && !c && err.message &&
				      !strcmp(err.message,
					      "civil_open: civil_init() was "
					      "not called (or civil_shutdown() "
					      "was)")
			      ? 0
			      : 1);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}
END_TEST

/* A tree with a code and settings, for the tests below. */
static const char *tree_with_code(void)
{
	const char *dir = unit_tmpdir();

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, "CODE_OF_CONDUCT.md", "Contact coc@proj.invalid.\n");
	unit_git(dir, (const char *[]){ "add", ".", NULL });
	unit_git(dir, (const char *[]){ "commit", "-q", "-m", "c", NULL });
	return dir;
}

/* Told nothing, civil reads nothing that depends on where it runs or who
 * runs it: not the tree $GIT_DIR names (as git send-email's hook has
 * it), not the user's git settings, not $NOTMUCH_CONFIG. */
START_TEST(defaults_read_nothing)
{
	const char *dir = tree_with_code();
	char *git_dir = g_strdup_printf("%s/.git", dir);
	const char *nm = unit_tmpdir(); /* dir is no more */
	struct civil_buf warnings = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const civil_nm_config_t *cfg;
	char *config = g_strdup_printf("%s/config", nm);
	civil_t *c = NULL;

	unit_git(nm, (const char *[]){ "config", "--global", "civil.tone",
				       "reject", NULL });
	unit_write(nm, "config", "[database]\npath=/nonexistent\n");
	setenv("NOTMUCH_CONFIG", config, 1);
	setenv("GIT_DIR", git_dir, 1);
	ck_assert_int_eq(civil_open(NULL, &c, &warnings, NULL), 0);
	ck_assert_ptr_null(civil_get_repository(c));
	ck_assert_int_eq(civil_code_get_kind(civil_get_code(c)),
			 CIVIL_CODE_BUILTIN);
	ck_assert_str_eq(civil_code_get_contact(civil_get_code(c)),
			 CIVIL_DEFAULT_CONTACT);
	ck_assert_int_eq(civil_config_get_tone(civil_get_settings(c)),
			 CIVIL_TONE_WARN);
	ck_assert(civil_config_get_threshold(civil_get_settings(c)) ==
		  CIVIL_HEAT_THRESHOLD);
	ck_assert_str_eq(civil_buf_str(&warnings), "");
	ck_assert_int_eq(civil_get_notmuch_settings(c, &cfg, &err),
			 CIVIL_STATUS_NOT_FOUND);
	ck_assert_str_eq(err.message, "no notmuch database named");
	ck_assert_str_eq(civil_nm_config_get_tag(cfg), "heated");
	ck_assert_ptr_null(civil_nm_config_get_config_path(cfg));
	civil_error_clear(&err);
	/* Asked again: the same answer. */
	ck_assert_int_eq(civil_get_notmuch_settings(c, &cfg, &err),
			 CIVIL_STATUS_NOT_FOUND);
	ck_assert_str_eq(err.message, "no notmuch database named");
	civil_error_clear(&err);
	civil_close(c);

	/* Git's rule, asked for: the tree here, the user's settings. */
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;

	o.flags = CIVIL_OPEN_GIT_ENV;
	ck_assert_int_eq(civil_open(&o, &c, &warnings, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&warnings), "");
	ck_assert_ptr_nonnull(civil_get_repository(c));
	ck_assert_str_eq(civil_code_get_contact(civil_get_code(c)),
			 "coc@proj.invalid");
	ck_assert_int_eq(civil_config_get_tone(civil_get_settings(c)),
			 CIVIL_TONE_REJECT);
	civil_set_tone(c, CIVIL_TONE_OFF);
	ck_assert_int_eq(civil_config_get_tone(civil_get_settings(c)),
			 CIVIL_TONE_OFF);
	civil_close(c);

	unsetenv("GIT_DIR");
	unit_git(nm, (const char *[]){ "config", "--global", "--unset",
				       "civil.tone", NULL });
	unsetenv("NOTMUCH_CONFIG");
	g_free(git_dir);
	g_free(config);
	civil_buf_release(&warnings);
}
END_TEST

START_TEST(repository_config_and_code)
{
	const char *dir = tree_with_code();
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	struct civil_buf warnings = CIVIL_BUF_INIT;
	civil_t *c = NULL;

	unit_git(dir,
		 (const char *[]){ "config", "civil.remind", "nope", NULL });
	o.repository = dir;
	ck_assert_int_eq(civil_open(&o, &c, &warnings, NULL), 0);
	ck_assert_ptr_nonnull(civil_get_repository(c));
	ck_assert_str_eq(civil_code_get_contact(civil_get_code(c)),
			 "coc@proj.invalid");
	ck_assert(strstr(civil_buf_str(&warnings),
			 "git config civil.remind: 'nope' is not reviews, "
			 "replies, all or off"));
	civil_close(c);
	civil_buf_release(&warnings);
}
END_TEST

START_TEST(named_path_must_be_a_repository)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_t *c = NULL;

	o.repository = unit_tmpdir();
	ck_assert_int_eq(civil_open(&o, &c, NULL, &err),
			 CIVIL_STATUS_NO_REPOSITORY);
	ck_assert_ptr_null(c);
	ck_assert(strstr(err.message, "not a git repository"));
	civil_error_clear(&err);
}
END_TEST

/* Outside any tree (emacs runs its sendmail from "/"), civil.repository
 * names the tree whose code and settings apply: git's rule, asked for. */
START_TEST(named_tree_outside_any_tree)
{
	const char *dir = tree_with_code();
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	struct civil_buf warnings = CIVIL_BUF_INIT;
	char *cwd = getcwd(NULL, 0);
	civil_t *c = NULL;

	o.flags = CIVIL_OPEN_GIT_ENV;
	unit_git(dir, (const char *[]){ "config", "--global",
					"civil.repository", dir, NULL });
	ck_assert_int_eq(chdir("/"), 0);
	ck_assert_int_eq(civil_open(&o, &c, &warnings, NULL), 0);
	ck_assert_ptr_nonnull(civil_get_repository(c));
	ck_assert_str_eq(civil_code_get_contact(civil_get_code(c)),
			 "coc@proj.invalid");
	ck_assert_str_eq(civil_buf_str(&warnings), "");
	civil_close(c);
	/* Not asked for: not read. */
	ck_assert_int_eq(civil_open(NULL, &c, &warnings, NULL), 0);
	ck_assert_ptr_null(civil_get_repository(c));
	civil_close(c);
	unit_git(dir,
		 (const char *[]){ "config", "--global", "civil.repository",
				   "/nonexistent", NULL });
	ck_assert_int_eq(civil_open(&o, &c, &warnings, NULL), 0);
	ck_assert_ptr_null(civil_get_repository(c));
	ck_assert_str_eq(civil_code_get_contact(civil_get_code(c)),
			 CIVIL_DEFAULT_CONTACT);
	ck_assert(strstr(civil_buf_str(&warnings), "civil.repository: "));
	civil_close(c);
	unit_git(dir, (const char *[]){ "config", "--global", "--unset",
					"civil.repository", NULL });
	ck_assert_int_eq(chdir(cwd), 0);
	free(cwd);
	civil_buf_release(&warnings);
}
END_TEST

/* The scorer is read from the data directory named, once, and kept. */
START_TEST(scorer_from_the_data_directory)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL, *again = NULL;
	civil_heat_score_t s;
	civil_t *c = NULL;

	o.data_dir = "/nonexistent/civil";
	ck_assert_int_eq(civil_open(&o, &c, NULL, NULL), 0);
	ck_assert_int_eq(civil_get_heat(c, &h, &err), CIVIL_STATUS_NOT_FOUND);
	ck_assert_ptr_null(h);
	ck_assert_str_eq(err.message,
			 "can't find '/nonexistent/civil/heat.lexicon': No "
			 "such file or directory");
	civil_error_clear(&err);
	civil_close(c);

	c = unit_civil(NULL);
	ck_assert_int_eq(civil_get_heat(c, &h, NULL), 0);
	ck_assert_int_eq(civil_get_heat(c, &again, NULL), 0);
	ck_assert_ptr_eq(h, again);
	civil_heat_score_text(h, "You are an idiot.", 17, &s);
	ck_assert(s.score >= CIVIL_HEAT_THRESHOLD);
	civil_heat_score_release(&s);
	civil_drop_heat(c);
	civil_close(c);
}
END_TEST

static int count_threads(const civil_heated_thread_t *t, void *arg)
{
	ck_assert_str_eq(t->subject, "hot");
	++*(int *)arg;
	return 0;
}

/* "ID|" for each message, "ID (missing)|" for one whose file is gone. */
static int list_ids(const civil_thread_item_t *m, void *arg)
{
	civil_buf_addf(arg, "%s%s|", m->id, m->missing ? " (missing)" : "");
	return 0;
}

/* A notmuch database named by its path: no config file, no
 * $NOTMUCH_CONFIG (set here to one that would fail); the verbs that read
 * it share the one the handle opened. */
START_TEST(named_database_and_its_verbs)
{
	const char *dir = unit_tmpdir();
	const char *argv[] = { "notmuch", "new", "--quiet", NULL };
	const char *tag[] = { "notmuch", "tag", "+heated",
			      "id:h1@kernel-test.invalid", NULL };
	struct civil_buf text = CIVIL_BUF_INIT, ids = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const civil_nm_config_t *cfg;
	civil_thread_t *t = NULL;
	civil_heat_t *h = NULL;
	char *config = g_strdup_printf("%s/config", dir);
	char *mail = g_strdup_printf("%s/mail", dir);
	int n = 0;
	civil_t *c;

	civil_buf_addf(&text, "[database]\npath=%s\n", mail);
	unit_write(dir, "config", civil_buf_str(&text));
	unit_write(dir, "mail/cur/h1:2,",
		   "From: a@kernel-test.invalid\nSubject: hot\n"
		   "Message-ID: <h1@kernel-test.invalid>\n"
		   "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\nYou idiot.\n");
	setenv("NOTMUCH_CONFIG", config, 1);
	unit_notmuch(argv + 1, NULL);
	unit_notmuch(tag + 1, NULL);
	setenv("NOTMUCH_CONFIG", "/nonexistent/civil-test-config", 1);

	c = unit_civil(mail);
	ck_assert_int_eq(civil_get_notmuch_settings(c, &cfg, &err), 0);
	ck_assert_str_eq(civil_nm_config_get_database_path(cfg), mail);
	ck_assert_ptr_null(civil_nm_config_get_config_path(cfg));
	ck_assert_int_eq(
		civil_heated_foreach(c, NULL, false, count_threads, &n, &err),
		0);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(
		civil_thread_from_db(c, "id:h1@kernel-test.invalid", &t, &err),
		0);
	ck_assert_uint_eq(civil_thread_get_count(t), 1);
	ck_assert_int_eq(civil_thread_foreach(t, list_ids, &ids, &err), 0);
	ck_assert_str_eq(civil_buf_str(&ids), "h1@kernel-test.invalid|");
	ck_assert_str_eq(t->msgs[0].subject, "hot");
	ck_assert(t->msgs[0].heated);
	/* Not scored: the scorer was never read. */
	ck_assert(!t->msgs[0].scored);
	civil_thread_free(t);
	/* Scored, once the scorer is read; the same database. */
	ck_assert_int_eq(civil_get_heat(c, &h, NULL), 0);
	ck_assert_int_eq(
		civil_thread_from_db(c, "id:h1@kernel-test.invalid", &t, &err),
		0);
	ck_assert(t->msgs[0].scored);
	ck_assert(t->msgs[0].heat.score >= CIVIL_HEAT_THRESHOLD);
	civil_thread_free(t);
	/* Its file gone, the message is still the thread's, marked so. */
	civil_buf_reset(&text);
	civil_buf_addf(&text, "%s/cur/h1:2,", mail);
	ck_assert_int_eq(unlink(civil_buf_str(&text)), 0);
	ck_assert_int_eq(
		civil_thread_from_db(c, "id:h1@kernel-test.invalid", &t, &err),
		0);
	civil_buf_reset(&ids);
	ck_assert_int_eq(civil_thread_foreach(t, list_ids, &ids, &err), 0);
	ck_assert_str_eq(civil_buf_str(&ids),
			 "h1@kernel-test.invalid (missing)|");
	civil_thread_free(t);
	ck_assert_int_eq(civil_thread_from_db(c, "id:nothere@x", &t, &err),
			 CIVIL_STATUS_NOT_FOUND);
	ck_assert_ptr_null(t);
	civil_error_clear(&err);
	civil_close(c);

	unsetenv("NOTMUCH_CONFIG");
	g_free(mail);
	g_free(config);
	civil_buf_release(&ids);
	civil_buf_release(&text);
}
END_TEST

static int count_any(const civil_heated_thread_t *t, void *arg)
{
	++*(int *)arg;
	return 0;
}

/* One handle, verb after verb: what a scan applied, and what another
 * process tagged since, is what the next verb reads; and an apply leaves
 * the handle holding no database (it had one open to walk). */
START_TEST(each_verb_reads_the_database_as_it_is)
{
	const char *new[] = { "new", "--quiet", NULL };
	const char *tag[] = { "tag", "+heated", "id:c1@kernel-test.invalid",
			      NULL };
	civil_scan_opts_t o = CIVIL_SCAN_OPTS_INIT;
	civil_scan_sink_t sink = CIVIL_SCAN_SINK_INIT;
	civil_scan_stats_t stats = CIVIL_SCAN_STATS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;
	const char *dir = unit_notmuch_db(&cfg);
	civil_heat_t *h = NULL;
	int n = 0;
	civil_t *c;

	unit_add_mail(dir, "h1", "h1@kernel-test.invalid",
		      "a@kernel-test.invalid",
		      "Mon, 09 Mar 2026 10:00:00 +0000", "hot", NULL,
		      "You are an idiot.\n");
	unit_add_mail(dir, "c1", "c1@kernel-test.invalid",
		      "b@kernel-test.invalid",
		      "Mon, 09 Mar 2026 11:00:00 +0000", "calm", NULL,
		      "Thanks, applied.\n");
	unit_notmuch(new, NULL);

	c = unit_civil(cfg.database_path);
	ck_assert_int_eq(civil_get_heat(c, &h, NULL), 0);
	ck_assert_int_eq(
		civil_heated_foreach(c, NULL, false, count_any, &n, &err), 0);
	ck_assert_int_eq(n, 0);
	o.query = "*";
	o.apply = true;
	ck_assert_msg(!civil_scan(c, &o, &sink, &stats, &err), "%s",
		      err.message);
	ck_assert_uint_eq(stats.heated, 1);
	ck_assert_ptr_null(c->db);
	n = 0;
	ck_assert_int_eq(
		civil_heated_foreach(c, NULL, false, count_any, &n, &err), 0);
	ck_assert_int_eq(n, 1);
	/* Another process tags the calm one: the next verb sees it. */
	unit_notmuch(tag, NULL);
	n = 0;
	ck_assert_int_eq(
		civil_heated_foreach(c, NULL, false, count_any, &n, &err), 0);
	ck_assert_int_eq(n, 2);
	civil_close(c);
	unit_notmuch_done(&cfg);
}
END_TEST

Suite *suite_handle(void)
{
	Suite *s = suite_create("handle");
	TCase *tc = tcase_create("handle");

	tcase_add_test(tc, unknown_version_refused);
	tcase_add_test(tc, scan_structs_of_unknown_versions_refused);
	tcase_add_test(tc, misuse_refused_not_crashed_on);
	tcase_add_test(tc, open_after_shutdown_refused);
	tcase_add_test(tc, defaults_read_nothing);
	tcase_add_test(tc, repository_config_and_code);
	tcase_add_test(tc, named_path_must_be_a_repository);
	tcase_add_test(tc, named_tree_outside_any_tree);
	tcase_add_test(tc, scorer_from_the_data_directory);
	tcase_add_test(tc, named_database_and_its_verbs);
	tcase_add_test(tc, each_verb_reads_the_database_as_it_is);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
