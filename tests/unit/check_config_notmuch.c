// SPDX-License-Identifier: GPL-2.0-or-later
/* check_config_notmuch.c - config-notmuch.c: the user's notmuch config
 * and civil's [civil] section in it, read strictly. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "unit.h"

static const char *dir;
static struct civil_buf path = CIVIL_BUF_INIT;

/* A notmuch config with these extra lines (named by $NOTMUCH_CONFIG for
 * notmuch new, and to civil by its path),
 * and its database.  (Without a database civil reads the file through
 * notmuch_database_load_config, which leaks in libnotmuch 0.37: the
 * shell tests cover that case, where the sanitizers are told.) */
static void config(const char *extra)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	const char *argv[] = { "notmuch", "new", "--quiet", NULL };
	int status = -1;

	civil_buf_addf(&text,
		       "[database]\npath=%s/mail\n[user]\nname=Re Viewer\n"
		       "primary_email=rv@kernel-test.invalid\n"
		       "[new]\ntags=new;unread\n%s",
		       dir, extra);
	unit_write(dir, "notmuch-config", civil_buf_str(&text));
	civil_buf_reset(&text);
	civil_buf_addf(&text, "%s/mail", dir);
	mkdir(text.buf, 0700);
	civil_buf_release(&text);
	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	ck_assert_int_eq(status, 0);
}

static void setup(void)
{
	dir = unit_tmpdir();
	civil_buf_reset(&path);
	civil_buf_addf(&path, "%s/notmuch-config", dir);
	/* For notmuch new; civil is given the path. */
	setenv("NOTMUCH_CONFIG", path.buf, 1);
}

static void teardown(void)
{
	unsetenv("NOTMUCH_CONFIG");
	civil_buf_release(&path);
}

START_TEST(settings)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;

	config("[civil]\ntag=hot\nlock-timeout=2\n"
	       "archive=https://lore.kernel-test.invalid/r/\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err), 0);
	ck_assert(strstr(cfg.database_path, "/mail"));
	ck_assert_str_eq(cfg.tag, "hot");
	ck_assert_str_eq(cfg.thread_tag, "heated-thread");
	ck_assert_int_eq(cfg.lock_timeout_ms, 2000);
	ck_assert_str_eq(cfg.archive, "https://lore.kernel-test.invalid/r/");
	ck_assert_str_eq(cfg.primary_email, "rv@kernel-test.invalid");
	ck_assert_str_eq(cfg.new_tags, "new;unread");
	ck_assert_ptr_null(cfg.query);
	ck_assert_ptr_nonnull(cfg.hook_dir);
	civil_nm_config_release(&cfg);
}
END_TEST

START_TEST(bad_settings_named)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;

	config("[civil]\nlock-timeout=2  # why\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "notmuch config civil.lock-timeout: "
				      "'2  # why' is not a number"));
	ck_assert(strstr(err.message, "no comments after a value"));
	/* The default is kept, never a guess. */
	ck_assert_int_eq(cfg.lock_timeout_ms, 10000);
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);

	/* Issue 25 item 2: one threshold and one lexicon, in git config;
	 * the old keys name the new ones. */
	config("[civil]\nthreshold=3.5\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_str_eq(err.message,
			 "notmuch config civil.threshold: moved to git config "
			 "civil.threshold, one setting for the scan and the "
			 "tone check: git config --global civil.threshold "
			 "'3.5'");
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);
	/* civil.review is git config's too, from the start. */
	config("[civil]\nreview=1.5\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_str_eq(err.message,
			 "notmuch config civil.review: is git config "
			 "civil.review, one setting for the scan and the "
			 "tone check: git config --global civil.review '1.5'");
	ck_assert(civil_nm_config_get_review(&cfg) == CIVIL_HEAT_REVIEW);
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);
	config("[civil]\nlexicon=~/mine\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "notmuch config civil.lexicon: moved to "
				      "git config civil.lexicon"));
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);

	config("[civil]\ntag=two words\nthreshhold=3\n");
	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "and 1 more bad [civil] settings"));
	ck_assert_str_eq(cfg.tag, "heated");
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);
}
END_TEST

START_TEST(named_config_missing)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;

	ck_assert_int_eq(civil_nm_config_load(&cfg, path.buf, NULL, &err),
			 CIVIL_STATUS_NOT_FOUND);
	ck_assert(strstr(err.message, "not found"));
	ck_assert(strstr(err.message, path.buf));
	ck_assert_str_eq(cfg.tag, "heated");
	ck_assert_int_eq(cfg.lock_timeout_ms, 10000);
	civil_error_clear(&err);
	civil_nm_config_release(&cfg);
}
END_TEST

Suite *suite_config_notmuch(void)
{
	Suite *s = suite_create("config-notmuch");
	TCase *tc = tcase_create("config-notmuch");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, settings);
	tcase_add_test(tc, bad_settings_named);
	tcase_add_test(tc, named_config_missing);
	suite_add_tcase(s, tc);
	return s;
}
