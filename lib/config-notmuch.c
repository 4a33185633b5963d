// SPDX-License-Identifier: GPL-2.0-only
/*
 * config-notmuch.c - settings from the user's notmuch config: where the
 * database is, who the user is, and civil's own "[civil]" section.
 * libnotmuch finds the file ($NOTMUCH_CONFIG, profiles, XDG), so civil
 * reads exactly what notmuch itself reads.
 */
#include <errno.h>
#include <glib.h>
#include <notmuch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "internal.h"

static char *dup_or_null(const char *s)
{
	return s && *s ? strdup(s) : NULL;
}

static char *pair(notmuch_database_t *db, const char *key)
{
	notmuch_config_pairs_t *p = notmuch_config_get_pairs(db, key);
	char *v = NULL;

	for (; p && notmuch_config_pairs_valid(p);
	     notmuch_config_pairs_move_to_next(p))
		if (!strcmp(notmuch_config_pairs_key(p), key))
			v = dup_or_null(notmuch_config_pairs_value(p));
	notmuch_config_pairs_destroy(p);
	return v;
}

/* The config as notmuch reads it.  Through the database when there is
 * one: notmuch_database_load_config (0.37) leaks its key file, which the
 * sanitizers in our tests would rightly complain about on every run.
 * Without a database (first run, --mbox), the config file alone. */
static notmuch_status_t load(notmuch_database_t **db, char **msg)
{
	const char *named = getenv("NOTMUCH_CONFIG");
	notmuch_status_t ns;

	ns = notmuch_database_open_with_config(
		NULL, NOTMUCH_DATABASE_MODE_READ_ONLY, NULL, NULL, db, msg);
	if (!ns)
		return ns;
	free(*msg);
	*msg = NULL;
	if (*db)
		notmuch_database_destroy(*db);
	*db = NULL;
	/* A config file named but not there: notmuch would say no. */
	if (named && access(named, R_OK) < 0) {
		struct civil_buf b = CIVIL_BUF_INIT;

		civil_buf_addf(&b, "config file '%s' not found", named);
		*msg = civil_buf_detach(&b);
		return NOTMUCH_STATUS_NO_CONFIG;
	}
	return notmuch_database_load_config(NULL, NULL, NULL, db, msg);
}

static void defaults(civil_nm_config_t *cfg)
{
	if (!cfg->tag)
		cfg->tag = strdup("heated");
	if (!cfg->thread_tag)
		cfg->thread_tag = strdup("heated-thread");
	if (!cfg->query)
		cfg->query = strdup("tag:new");
}

civil_status_t civil_nm_config_load(civil_nm_config_t *cfg, civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	notmuch_status_t ns;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	char *msg = NULL, *v, *end;

	memset(cfg, 0, sizeof(*cfg));
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
	cfg->lock_timeout_ms = 10000;
	ns = load(&db, &msg);
	if (ns == NOTMUCH_STATUS_NO_CONFIG ||
	    ns == NOTMUCH_STATUS_NO_DATABASE || !db) {
		defaults(cfg);
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "no notmuch database%s%s", msg ? ": " : "",
				     msg ? g_strchomp(msg) : "");
		free(msg);
		if (db)
			notmuch_database_destroy(db);
		return st;
	}
	free(msg);

	cfg->database_path = dup_or_null(
		notmuch_config_get(db, NOTMUCH_CONFIG_DATABASE_PATH));
	cfg->primary_email = dup_or_null(
		notmuch_config_get(db, NOTMUCH_CONFIG_PRIMARY_EMAIL));
	cfg->user_name =
		dup_or_null(notmuch_config_get(db, NOTMUCH_CONFIG_USER_NAME));
	cfg->hook_dir =
		dup_or_null(notmuch_config_get(db, NOTMUCH_CONFIG_HOOK_DIR));
	cfg->tag = pair(db, "civil.tag");
	cfg->thread_tag = pair(db, "civil.thread-tag");
	cfg->lexicon = civil_home_path(pair(db, "civil.lexicon"));
	cfg->query = pair(db, "civil.query");
	cfg->archive = pair(db, "civil.archive");
	if ((v = pair(db, "civil.threshold")) &&
	    !civil_parse_threshold(v, &cfg->threshold))
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "bad civil.threshold '%s'; using %g", v,
				     cfg->threshold);
	free(v);
	if ((v = pair(db, "civil.lock-timeout"))) {
		double t = strtod(v, &end);

		if (*end || t < 0 || t > 3600)
			st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
					     "bad civil.lock-timeout '%s'; "
					     "using 10 seconds",
					     v);
		else
			cfg->lock_timeout_ms = (int)(t * 1000);
		free(v);
	}
	defaults(cfg);
	notmuch_database_destroy(db);
	return st;
}

void civil_nm_config_release(civil_nm_config_t *cfg)
{
	free(cfg->database_path);
	free(cfg->primary_email);
	free(cfg->user_name);
	free(cfg->hook_dir);
	free(cfg->tag);
	free(cfg->thread_tag);
	free(cfg->lexicon);
	free(cfg->query);
	free(cfg->archive);
	memset(cfg, 0, sizeof(*cfg));
}
