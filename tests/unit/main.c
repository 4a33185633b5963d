// SPDX-License-Identifier: GPL-2.0-or-later
/* main.c - run every suite; a temporary HOME keeps git config ours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "internal.h"
#include "unit.h"

static char tmp_root[] = "/tmp/civil-unit.XXXXXX";

static void cleanup(void)
{
	const char *argv[] = { "rm", "-rf", tmp_root, NULL };

	civil_run(argv, NULL, NULL, 0, NULL, NULL, NULL);
}

const char *unit_tmpdir(void)
{
	static int n;
	static GPtrArray *paths; /* each lives until the end of the run */
	char *path;

	if (!paths)
		paths = g_ptr_array_new_with_free_func(g_free);
	path = g_strdup_printf("%s/%d", tmp_root, ++n);
	g_ptr_array_add(paths, path);
	mkdir(path, 0700);
	return path;
}

void unit_write(const char *dir, const char *name, const char *text)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	char *slash;
	FILE *f;

	civil_buf_addf(&path, "%s/%s", dir, name);
	for (slash = path.buf + strlen(dir) + 1; (slash = strchr(slash, '/'));
	     slash++) {
		*slash = '\0';
		mkdir(path.buf, 0700);
		*slash = '/';
	}
	f = fopen(path.buf, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	civil_buf_release(&path);
}

void unit_git(const char *dir, const char *const *args)
{
	const char *argv[16] = { "git", "-C", dir };
	int i, status = -1;

	for (i = 0; args[i] && i < 12; i++)
		argv[3 + i] = args[i];
	argv[3 + i] = NULL;
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	ck_assert_int_eq(status, 0);
}

void unit_add_mail(const char *dir, const char *name, const char *id,
		   const char *from, const char *date, const char *subject,
		   const char *reply, const char *body)
{
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;

	civil_buf_addf(&text,
		       "From: %s\nTo: list@kernel-test.invalid\nSubject: %s\n"
		       "Message-ID: <%s>\nDate: %s\n"
		       "List-Id: Test <test.kernel-test.invalid>\n",
		       from, subject, id, date);
	if (reply)
		civil_buf_addf(&text, "In-Reply-To: <%s>\nReferences: <%s>\n",
			       reply, reply);
	civil_buf_addf(&text, "\n%s", body);
	civil_buf_addf(&path, "mail/cur/%s:2,", name);
	unit_write(dir, path.buf, text.buf);
	civil_buf_release(&path);
	civil_buf_release(&text);
}

const char *unit_notmuch_db(civil_nm_config_t *cfg)
{
	const char *dir = unit_tmpdir();
	struct civil_buf text = CIVIL_BUF_INIT;

	civil_buf_addf(&text, "[database]\npath=%s/mail\n[new]\ntags=new\n",
		       dir);
	unit_write(dir, "notmuch-config", civil_buf_str(&text));
	civil_buf_reset(&text);
	civil_buf_addf(&text, "%s/notmuch-config", dir);
	setenv("NOTMUCH_CONFIG", text.buf, 1);
	memset(cfg, 0, sizeof(*cfg));
	cfg->config_path = civil_buf_detach(&text);
	civil_buf_addf(&text, "%s/mail", dir);
	cfg->database_path = civil_buf_detach(&text);
	cfg->tag = strdup("heated");
	cfg->thread_tag = strdup("heated-thread");
	cfg->threshold = UNIT_TAG_LEVEL;
	cfg->review = UNIT_REVIEW_LEVEL;
	cfg->lock_timeout_ms = 1000;
	mkdir(cfg->database_path, 0700);
	return dir;
}

void unit_notmuch_done(civil_nm_config_t *cfg)
{
	unsetenv("NOTMUCH_CONFIG");
	civil_nm_config_release(cfg);
}

void unit_notmuch(const char *const *args, struct civil_buf *out)
{
	const char *argv[16] = { "notmuch" };
	struct civil_buf ignored = CIVIL_BUF_INIT;
	int i, status = -1;

	for (i = 0; args[i] && i < 14; i++)
		argv[1 + i] = args[i];
	argv[1 + i] = NULL;
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, out ? out : &ignored,
				   &status, NULL),
			 0);
	ck_assert_int_eq(status, 0);
	civil_buf_release(&ignored);
}

civil_heat_t *unit_heat(const char *base, const char *lexicon,
			const char *model)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT, m = CIVIL_BUF_INIT;
	const char *files[3] = { base, NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;

	civil_buf_addf(&m, "%s\nmodel tiny.model\n", lexicon);
	unit_write(dir, "lexicon", m.buf);
	civil_buf_reset(&m);
	civil_buf_addf(&m, "civil-heat-model 2\n%s", model);
	unit_write(dir, "tiny.model", m.buf);
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[base ? 1 : 0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &h, &err), "%s", err.message);
	civil_heat_set_threshold(h, UNIT_TAG_LEVEL);
	civil_buf_release(&lex);
	civil_buf_release(&m);
	return h;
}

civil_message_t *unit_message(const char *text)
{
	civil_message_t *msg = NULL;

	ck_assert_int_eq(
		civil_message_parse(text, strlen(text), "test", &msg, NULL), 0);
	return msg;
}

char *unit_data_dir(void)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");

	ck_assert_ptr_nonnull(lexicon);
	return g_path_get_dirname(lexicon);
}

civil_t *unit_civil(const char *database)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	civil_t *c = NULL;
	char *data = unit_data_dir();

	o.data_dir = data;
	o.database = database;
	ck_assert_int_eq(civil_open(&o, &c, NULL, NULL), 0);
	ck_assert_ptr_nonnull(c);
	g_free(data);
	return c;
}

int main(void)
{
	Suite *(*suites[])(void) = {
		suite_buf,
		suite_error,
		suite_file,
		suite_run,
		suite_text,
		suite_message,
		suite_remind,
		suite_code,
		suite_repo,
		suite_config,
		suite_handle,
		suite_heat,
		suite_model,
		suite_mbox,
		suite_json,
		suite_draft,
		suite_workers,
		suite_encoded,
		suite_output,
		suite_held,
		suite_b4,
		suite_thread,
		suite_outgoing,
		suite_init,
		suite_config_notmuch,
		suite_db,
		suite_learn,
		suite_stored_heat,
		suite_scan,
		suite_heated,
		suite_options,
		suite_sprinter,
		suite_gitconfig,
		suite_line,
		suite_sentence,
		suite_fields,
		suite_pasted,
		suite_words,
		suite_target,
		suite_lexicon,
		suite_learned,
		suite_lastmod,
		suite_corrections,
		suite_thanks,
		suite_features,
		suite_thread_heat,
		suite_nm_guard,
	};
	struct civil_buf home = CIVIL_BUF_INIT;
	SRunner *sr;
	int failed;

	if (!mkdtemp(tmp_root))
		return 1;
	atexit(cleanup);
	civil_buf_addf(&home, "%s/home", tmp_root);
	mkdir(home.buf, 0700);
	setenv("HOME", home.buf, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CEILING_DIRECTORIES", tmp_root, 1);
	setenv("GIT_AUTHOR_NAME", "A U Thor", 1);
	setenv("GIT_AUTHOR_EMAIL", "author@kernel-test.invalid", 1);
	setenv("GIT_COMMITTER_NAME", "C O Mitter", 1);
	setenv("GIT_COMMITTER_EMAIL", "committer@kernel-test.invalid", 1);
	unsetenv("GIT_DIR");
	civil_buf_release(&home);
	civil_init();

	sr = srunner_create(suites[0]());
	for (size_t i = 1; i < sizeof(suites) / sizeof(suites[0]); i++)
		srunner_add_suite(sr, suites[i]());
	/* No fork: sanitizers and valgrind see every test in one process. */
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	civil_shutdown();
	return failed ? 1 : 0;
}
