// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * config-notmuch.c - settings from the user's notmuch config: where the
 * database is, who the user is, and civil's own "[civil]" section.
 * The file and database are the ones the caller names; with neither,
 * libnotmuch finds them ($NOTMUCH_CONFIG, profiles, XDG), so civil reads
 * exactly what notmuch itself reads.
 */
#include <errno.h>
#include <glib.h>
#include <stdarg.h>
#include <notmuch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

static char *dup_or_null(const char *s)
{
	return s && *s ? strdup(s) : NULL;
}

/* A database named alone: no config file ("": not notmuch's search for
 * one). */
static const char *config_of(const char *named, const char *database)
{
	return named ? named : database ? "" : NULL;
}

/* The config as notmuch reads it.  Through the database when there is
 * one: notmuch_database_load_config (0.37) leaks its key file, which the
 * sanitizers in our tests would rightly complain about on every run.
 * Without a database (first run, --mbox), the config file alone.  A
 * database that is there but can't be opened now, for a reason Xapian
 * gave (another process committing under the open, most often): *busy
 * gets notmuch's message, and the config file alone is read, for
 * civil.lock-timeout. */
static notmuch_status_t load(const char *named, const char *database,
			     notmuch_database_t **db, char **msg, char **busy)
{
	notmuch_status_t ns;

	ns = civil_db_open_waiting(database, NOTMUCH_DATABASE_MODE_READ_ONLY,
				   config_of(named, database), 0, db, msg);
	if (!ns)
		return ns;
	if (ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION && *msg) {
		*busy = *msg;
		(*busy)[strcspn(*busy, "\n")] = '\0';
	} else {
		free(*msg);
	}
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
	ns = notmuch_database_load_config(database, config_of(named, database),
					  NULL, db, msg);
	return ns ? ns : NOTMUCH_STATUS_NO_DATABASE;
}

static void fill_defaults(civil_nm_config_t *cfg)
{
	if (!cfg->tag)
		cfg->tag = strdup("heated");
	if (!cfg->thread_tag)
		cfg->thread_tag = strdup("heated-thread");
}

/*
 * The [civil] section, read strictly: a value civil can't use is an
 * error naming the key and the value, never quietly replaced by a
 * default, and so is a key civil does not know (a typo would otherwise
 * do nothing, silently).  notmuch's config file is a GKeyFile, which has
 * comments on lines of their own only: "threshold=2.5  # why" is the
 * value "2.5  # why", and the error says so.
 */
struct reading {
	civil_nm_config_t *cfg;
	char *first; /* the first complaint */
	unsigned int n_bad;
};

/* "x=1   # why": a '#' after a blank. */
static bool has_comment(const char *v)
{
	for (const char *h = strchr(v, '#'); h; h = strchr(h + 1, '#'))
		if (h > v && (h[-1] == ' ' || h[-1] == '\t'))
			return true;
	return false;
}

static void complain(struct reading *r, const char *key, const char *value,
		     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void complain(struct reading *r, const char *key, const char *value,
		     const char *fmt, ...)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	va_list ap;

	if (r->n_bad++)
		return;
	civil_buf_addf(&b, "notmuch config %s: ", key);
	va_start(ap, fmt);
	civil_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (has_comment(value))
		civil_buf_adds(&b, " (notmuch's config has no comments after "
				   "a value: put them on a line of their own)");
	r->first = civil_buf_detach(&b);
}

static bool has_blank(const char *v)
{
	return strpbrk(v, " \t\r\n") != NULL;
}

/* A number from lo to hi (lo excluded when open), blanks after it
 * allowed. */
static bool number(const char *v, double lo, bool open, double hi, double *out)
{
	char *end;
	double d = strtod(v, &end);

	while (end != v && (*end == ' ' || *end == '\t'))
		end++;
	if (end == v || *end || d < lo || (open && d == lo) || d > hi)
		return false;
	*out = d;
	return true;
}

static void take_tag(struct reading *r, const char *key, const char *v,
		     char **field)
{
	if (!*v || has_blank(v)) {
		complain(r, key, v, "'%s' is not a tag name (one word)", v);
		return;
	}
	free(*field);
	*field = strdup(v);
}

static void take(struct reading *r, const char *key, const char *v)
{
	civil_nm_config_t *cfg = r->cfg;
	const char *name = key + strlen("civil.");
	double d;

	if (!strcmp(name, CIVIL_LASTMOD_KEY + strlen("civil.")))
		return; /* civil-scan's own record, in the database */
	if (!strcmp(name, "tag")) {
		take_tag(r, key, v, &cfg->tag);
	} else if (!strcmp(name, "thread-tag")) {
		take_tag(r, key, v, &cfg->thread_tag);
	} else if (!strcmp(name, "threshold") || !strcmp(name, "review") ||
		   !strcmp(name, "lexicon")) {
		/* One threshold, review level and lexicon, the tone
		 * check's and the scan's alike: in git config, where both
		 * read them. */
		complain(r, key, v,
			 "%s git config civil.%s, one setting for the "
			 "scan and the tone check: git config --global "
			 "civil.%s '%s'",
			 strcmp(name, "review") ? "moved to" : "is", name, name,
			 v);
	} else if (!strcmp(name, "lock-timeout")) {
		if (number(v, 0, false, 3600, &d))
			cfg->lock_timeout_ms = (int)(d * 1000);
		else
			complain(r, key, v,
				 "'%s' is not a number of seconds from 0 to "
				 "3600",
				 v);
	} else if (!strcmp(name, "query")) {
		if (has_comment(v)) {
			complain(r, key, v, "'%s' has a comment in it", v);
		} else if (*v) {
			free(cfg->query);
			cfg->query = strdup(v);
		}
	} else if (!strcmp(name, "archive")) {
		if (!*v || has_blank(v)) {
			complain(r, key, v, "'%s' is not a URL", v);
		} else {
			free(cfg->archive);
			cfg->archive = strdup(v);
		}
	} else {
		complain(r, key, v,
			 "no such setting (civil has tag, thread-tag, "
			 "query, archive and lock-timeout)");
	}
}

static civil_status_t read_civil(notmuch_database_t *db, civil_nm_config_t *cfg,
				 civil_error_t *err)
{
	notmuch_config_pairs_t *p = notmuch_config_get_pairs(db, "civil.");
	struct reading r = { cfg, NULL, 0 };
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	for (; p && notmuch_config_pairs_valid(p);
	     notmuch_config_pairs_move_to_next(p)) {
		const char *key = notmuch_config_pairs_key(p);
		const char *v = notmuch_config_pairs_value(p);

		/* The prefix matches "civil.x" and also "civilx". */
		if (!strncmp(key, "civil.", 6))
			take(&r, key, v ? v : "");
	}
	notmuch_config_pairs_destroy(p);
	if (r.n_bad > 1)
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "%s; and %u more bad [civil] settings",
				     r.first, r.n_bad - 1);
	else if (r.n_bad)
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR, "%s",
				     r.first);
	free(r.first);
	return st;
}

void civil_nm_config_defaults(civil_nm_config_t *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
	cfg->review = CIVIL_HEAT_REVIEW;
	cfg->lock_timeout_ms = 10000;
	fill_defaults(cfg);
}

/* notmuch's message, to end a line of ours ("no notmuch database: ...;
 * set notmuch up"): without its line end and its full stop. */
static char *tidy(char *msg)
{
	size_t n;

	g_strchomp(msg);
	n = strlen(msg);
	while (n && msg[n - 1] == '.')
		msg[--n] = '\0';
	return msg;
}

/* cfg from db's settings (the database's and its config file's). */
static civil_status_t fill(civil_nm_config_t *cfg, notmuch_database_t *db,
			   civil_error_t *err)
{
	civil_status_t st;

	cfg->database_path = dup_or_null(
		notmuch_config_get(db, NOTMUCH_CONFIG_DATABASE_PATH));
	cfg->config_path = dup_or_null(notmuch_config_path(db));
	cfg->primary_email = dup_or_null(
		notmuch_config_get(db, NOTMUCH_CONFIG_PRIMARY_EMAIL));
	cfg->user_name =
		dup_or_null(notmuch_config_get(db, NOTMUCH_CONFIG_USER_NAME));
	cfg->hook_dir =
		dup_or_null(notmuch_config_get(db, NOTMUCH_CONFIG_HOOK_DIR));
	cfg->new_tags =
		dup_or_null(notmuch_config_get(db, NOTMUCH_CONFIG_NEW_TAGS));
	st = read_civil(db, cfg, err);
	fill_defaults(cfg);
	return st;
}

static void start(civil_nm_config_t *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
	cfg->review = CIVIL_HEAT_REVIEW;
	cfg->lock_timeout_ms = 10000;
}

civil_status_t civil_nm_config_load(civil_nm_config_t *cfg,
				    const char *config_path,
				    const char *database_path,
				    civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	notmuch_status_t ns;
	civil_status_t st;
	char *msg = NULL, *busy = NULL;

	start(cfg);
	ns = load(config_path, database_path, &db, &msg, &busy);
	if (!db) {
		fill_defaults(cfg);
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "no notmuch database%s%s", msg ? ": " : "",
				     msg ? tidy(msg) : "");
		free(msg);
		free(busy);
		return st;
	}
	/* A busy database is not "no database": it is tried again for as
	 * long as civil.lock-timeout (of the config file) says, then said
	 * with notmuch's own reason. */
	if (busy) {
		int timeout_ms;

		fill(cfg, db, NULL);
		timeout_ms = cfg->lock_timeout_ms;
		notmuch_database_destroy(db);
		free(msg);
		ns = civil_db_open_waiting(
			database_path, NOTMUCH_DATABASE_MODE_READ_ONLY,
			config_of(config_path, database_path), timeout_ms, &db,
			&msg);
		if (ns) {
			if (db)
				notmuch_database_destroy(db);
			st = civil_error_set(
				err, CIVIL_STATUS_LOCKED,
				"can't open notmuch database: %s; gave up "
				"after %d s",
				msg ? tidy(msg) : busy,
				(timeout_ms + 999) / 1000);
			free(msg);
			free(busy);
			return st;
		}
		free(busy);
		civil_nm_config_release(cfg);
		start(cfg);
	}

	/* A config file and no database yet (before the first notmuch
	 * new): its settings are read all the same, so that a scan of an
	 * mbox uses them and the hook can be installed. */
	st = fill(cfg, db, err);
	notmuch_database_destroy(db);
	if (!st && ns)
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "no notmuch database%s%s", msg ? ": " : "",
				     msg ? tidy(msg) : "");
	free(msg);
	return st;
}

void civil_nm_config_release(civil_nm_config_t *cfg)
{
	free(cfg->database_path);
	free(cfg->primary_email);
	free(cfg->user_name);
	free(cfg->hook_dir);
	free(cfg->new_tags);
	free(cfg->tag);
	free(cfg->thread_tag);
	free(cfg->lexicon);
	free(cfg->query);
	free(cfg->archive);
	free(cfg->config_path);
	memset(cfg, 0, sizeof(*cfg));
}

const char *civil_nm_config_get_database_path(const civil_nm_config_t *cfg)
{
	return cfg->database_path;
}

const char *civil_nm_config_get_config_path(const civil_nm_config_t *cfg)
{
	return cfg->config_path;
}

const char *civil_nm_config_get_primary_email(const civil_nm_config_t *cfg)
{
	return cfg->primary_email;
}

const char *civil_nm_config_get_user_name(const civil_nm_config_t *cfg)
{
	return cfg->user_name;
}

const char *civil_nm_config_get_hook_dir(const civil_nm_config_t *cfg)
{
	return cfg->hook_dir;
}

const char *civil_nm_config_get_new_tags(const civil_nm_config_t *cfg)
{
	return cfg->new_tags;
}

const char *civil_nm_config_get_tag(const civil_nm_config_t *cfg)
{
	return cfg->tag;
}

const char *civil_nm_config_get_thread_tag(const civil_nm_config_t *cfg)
{
	return cfg->thread_tag;
}

double civil_nm_config_get_threshold(const civil_nm_config_t *cfg)
{
	return cfg->threshold;
}

double civil_nm_config_get_review(const civil_nm_config_t *cfg)
{
	return cfg->review;
}

const char *civil_nm_config_get_lexicon(const civil_nm_config_t *cfg)
{
	return cfg->lexicon;
}

const char *civil_nm_config_get_query(const civil_nm_config_t *cfg)
{
	return cfg->query;
}

const char *civil_nm_config_get_archive(const civil_nm_config_t *cfg)
{
	return cfg->archive;
}

int civil_nm_config_get_lock_timeout_ms(const civil_nm_config_t *cfg)
{
	return cfg->lock_timeout_ms;
}
