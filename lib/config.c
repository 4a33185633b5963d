// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * config.c - the one place libcivil reads settings: git config (civil.*,
 * user.*) through libgit2, so include.path and XDG files work as in git.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdarg.h>
#include <git2.h>
#include <glib.h>
#include <limits.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

static char *get_string(git_config *cfg, const char *key)
{
	git_buf buf = { 0 };
	char *s = NULL;

	if (git_config_get_string_buf(&buf, cfg, key) == 0) {
		s = strdup(buf.ptr);
		if (!s)
			abort();
	}
	git_buf_dispose(&buf);
	return s;
}

civil_status_t civil_remind_mode_parse(const char *s, civil_remind_mode_t *out)
{
	static const struct {
		const char *name;
		civil_remind_mode_t mode;
	} modes[] = {
		{ "reviews", CIVIL_REMIND_REVIEWS },
		{ "replies", CIVIL_REMIND_REPLIES },
		{ "all", CIVIL_REMIND_ALL },
		{ "off", CIVIL_REMIND_OFF },
		{ "false", CIVIL_REMIND_OFF },
		{ "no", CIVIL_REMIND_OFF },
	};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcasecmp(s, modes[i].name)) {
			*out = modes[i].mode;
			return CIVIL_STATUS_SUCCESS;
		}
	}
	return CIVIL_STATUS_CONFIG_ERROR;
}

civil_status_t civil_tone_mode_parse(const char *s, civil_tone_mode_t *out)
{
	if (!strcasecmp(s, "warn"))
		*out = CIVIL_TONE_WARN;
	else if (!strcasecmp(s, "reject"))
		*out = CIVIL_TONE_REJECT;
	else if (!strcasecmp(s, "off") || !strcasecmp(s, "false") ||
		 !strcasecmp(s, "no"))
		*out = CIVIL_TONE_OFF;
	else
		return CIVIL_STATUS_CONFIG_ERROR;
	return CIVIL_STATUS_SUCCESS;
}

char *civil_home_path(char *path)
{
	git_buf full = { 0 };

	if (!path || strncmp(path, "~/", 2))
		return path;
	/* git's rule for a path setting, and its idea of home. */
	civil_git_start();
	if (git_config_parse_path(&full, path) == 0) {
		free(path);
		path = civil_xstrdup(full.ptr);
	}
	git_buf_dispose(&full);
	return path;
}

bool civil_parse_threshold(const char *s, double *out)
{
	char *end;
	double t = strtod(s, &end);

	if (end == s || *end || t <= 0 || t >= CIVIL_HEAT_MAX)
		return false;
	*out = t;
	return true;
}

void civil_config_defaults(civil_config_t *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->remind = CIVIL_REMIND_REVIEWS;
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
	cfg->review = CIVIL_HEAT_REVIEW;
}

/*
 * civil.* is read strictly, as the [civil] section of the notmuch config
 * is: a key civil does not know (a typo would otherwise do nothing,
 * silently) and a value it can't use are each a problem naming the key,
 * never a default put in quietly.  The callers decide what a problem
 * stops; the first one is kept for them to say.
 */
struct reading {
	civil_config_t *cfg;
	char *first;
	unsigned int n_bad;
	bool review_set; /* civil.review was given */
};

static void complain(struct reading *r, const char *key, bool heat,
		     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void complain(struct reading *r, const char *key, bool heat,
		     const char *fmt, ...)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	va_list ap;

	r->cfg->heat_problem |= heat;
	if (r->n_bad++)
		return;
	civil_buf_addf(&b, "git config %s: ", key);
	va_start(ap, fmt);
	civil_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	r->first = civil_buf_detach(&b);
}

static void take_string(char **field, const char *v)
{
	free(*field);
	*field = civil_xstrdup(v);
}

/* One civil.* setting, the last value git would use. */
static void take(struct reading *r, const char *key, const char *v)
{
	civil_config_t *cfg = r->cfg;
	const char *name = key + strlen("civil.");

	if (!strcmp(name, "contact")) {
		take_string(&cfg->contact, v);
	} else if (!strcmp(name, "reminder")) {
		take_string(&cfg->reminder, v);
	} else if (!strcmp(name, "sendmail")) {
		take_string(&cfg->sendmail, v);
	} else if (!strcmp(name, "repository")) {
		free(cfg->repository);
		cfg->repository = civil_home_path(civil_xstrdup(v));
	} else if (!strcmp(name, "tone")) {
		if (civil_tone_mode_parse(v, &cfg->tone))
			complain(r, key, false,
				 "'%s' is not warn, reject or off", v);
	} else if (!strcmp(name, "remind")) {
		if (civil_remind_mode_parse(v, &cfg->remind))
			complain(r, key, false,
				 "'%s' is not reviews, replies, all or off", v);
	} else if (!strcmp(name, "threshold")) {
		if (!civil_parse_threshold(v, &cfg->threshold))
			complain(r, key, true,
				 "'%s' is not a number over 0 and under 5",
				 v);
	} else if (!strcmp(name, "review")) {
		r->review_set = true;
		if (!civil_parse_threshold(v, &cfg->review))
			complain(r, key, true,
				 "'%s' is not a number over 0 and under 5", v);
	} else if (!strcmp(name, "lexicon")) {
		char *path = civil_home_path(civil_xstrdup(v));

		if (!*v || access(path, R_OK) < 0) {
			complain(r, key, true, "can't read '%s': %s", v,
				 *v ? strerror(errno) : "no file named");
			free(path);
		} else {
			free(cfg->lexicon);
			cfg->lexicon = path;
		}
	} else {
		complain(r, key, false,
			 "no such setting (civil has contact, reminder, "
			 "remind, tone, threshold, review, lexicon, sendmail "
			 "and repository)");
	}
}

struct entries {
	char **keys, **values;
	size_t n;
};

static int collect(const git_config_entry *e, void *arg)
{
	struct entries *l = arg;
	size_t i;

	/* (Not git_config_foreach_match: libgit2 1.5's regex leaks.) */
	if (strncmp(e->name, "civil.", 6))
		return 0;
	/* Each key once, with its last value: the one git uses. */
	for (i = 0; i < l->n && strcmp(l->keys[i], e->name); i++)
		;
	if (i == l->n) {
		l->keys = realloc(l->keys, (l->n + 1) * sizeof(*l->keys));
		l->values = realloc(l->values, (l->n + 1) * sizeof(*l->values));
		if (!l->keys || !l->values)
			abort();
		l->keys[l->n] = civil_xstrdup(e->name);
		l->values[l->n++] = NULL;
	}
	free(l->values[i]);
	/* A bare "key" line is git's true. */
	l->values[i] = civil_xstrdup(e->value ? e->value : "true");
	return 0;
}

/* ---- which files: git's rule, from the environment the caller gave ---- */

/* NAME's value in env (as execve's envp), or NULL. */
static const char *env_get(const char *const *env, const char *name)
{
	size_t n = strlen(name);

	for (; env && *env; env++)
		if (!strncmp(*env, name, n) && (*env)[n] == '=')
			return *env + n + 1;
	return NULL;
}

/* Add path at level; a file that is not there is no settings, as in git. */
static int add_file(git_config *gc, const char *path, git_config_level_t level,
		    civil_repo_t *repo)
{
	if (!path || !*path)
		return 0;
	return git_config_add_file_ondisk(
		gc, path, level, repo ? civil_repo_git(repo) : NULL, 0);
}

/*
 * The files git reads, in git's order (config.c's do_git_config_sequence
 * in git 2.39): the system file unless GIT_CONFIG_NOSYSTEM is true
 * ($GIT_CONFIG_SYSTEM, else /etc/gitconfig), then $GIT_CONFIG_GLOBAL
 * alone, or else the XDG file ($XDG_CONFIG_HOME/git/config, else
 * ~/.config/git/config) and ~/.gitconfig; then the repository's config
 * and, with extensions.worktreeConfig, its worktree's.  libgit2 1.5 reads
 * none of git's GIT_CONFIG_* variables, so civil opens each level itself.
 */
static civil_status_t open_files(git_config **out, civil_repo_t *repo,
				 const char *const *env, civil_error_t *err)
{
	const char *nosystem = env_get(env, "GIT_CONFIG_NOSYSTEM");
	const char *system = env_get(env, "GIT_CONFIG_SYSTEM");
	const char *global = env_get(env, "GIT_CONFIG_GLOBAL");
	const char *xdg = env_get(env, "XDG_CONFIG_HOME");
	const char *home = env_get(env, "HOME");
	char *xdg_file = NULL, *user_file = NULL, *local = NULL, *wt = NULL;
	git_buf found = { 0 };
	git_config *gc = NULL;
	int no_system = 0, rc;

	*out = NULL;
	if (nosystem && *nosystem &&
	    git_config_parse_bool(&no_system, nosystem) < 0)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "GIT_CONFIG_NOSYSTEM: '%s' is not a "
				       "boolean",
				       nosystem);
	if (!global) {
		if (xdg && *xdg)
			xdg_file = g_strdup_printf("%s/git/config", xdg);
		else if (home)
			xdg_file =
				g_strdup_printf("%s/.config/git/config", home);
		if (home)
			user_file = g_strdup_printf("%s/.gitconfig", home);
	}
	if (!no_system && !system && git_config_find_system(&found) == 0)
		system = found.ptr;
	rc = git_config_new(&gc);
	if (!rc && !no_system)
		rc = add_file(gc, system, GIT_CONFIG_LEVEL_SYSTEM, repo);
	if (!rc)
		rc = add_file(gc, xdg_file, GIT_CONFIG_LEVEL_XDG, repo);
	if (!rc)
		rc = add_file(gc, global ? global : user_file,
			      GIT_CONFIG_LEVEL_GLOBAL, repo);
	if (!rc && repo) {
		git_config *lvl = NULL;
		int on = 0;

		local = g_strdup_printf("%sconfig",
					civil_repo_get_common_dir(repo));
		rc = add_file(gc, local, GIT_CONFIG_LEVEL_LOCAL, repo);
		/* The repository's own extensions.worktreeConfig, as git
		 * reads its format; no worktree level in libgit2 1.5: the
		 * file goes above the repository's, as in git. */
		if (!rc &&
		    !git_config_open_level(&lvl, gc, GIT_CONFIG_LEVEL_LOCAL) &&
		    git_config_get_bool(&on, lvl, "extensions.worktreeconfig"))
			on = 0;
		git_config_free(lvl);
		if (!rc && on) {
			wt = g_strdup_printf("%sconfig.worktree",
					     civil_repo_get_path(repo));
			rc = add_file(gc, wt, GIT_CONFIG_LEVEL_APP, repo);
		}
	}
	git_buf_dispose(&found);
	g_free(xdg_file);
	g_free(user_file);
	g_free(local);
	g_free(wt);
	if (rc < 0) {
		const git_error *e = git_error_last();

		git_config_free(gc);
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "can't read git config: %s",
				       e ? e->message : "unknown error");
	}
	*out = gc;
	return CIVIL_STATUS_SUCCESS;
}

/* ---- settings given in the environment, as git -c gives them ---- */

struct param {
	char *key;   /* as git names it: section and name in lower case */
	char *value; /* NULL: a bare key, git's true */
};

/* key in git's canonical form (section and name lower case, a subsection
 * as it is), or NULL when git would refuse it. */
static char *canonical_key(const char *key)
{
	const char *first = strchr(key, '.'), *last = strrchr(key, '.');
	char *k;

	if (!first || first == key || !last[1])
		return NULL;
	k = civil_xstrdup(key);
	for (char *c = k; c < k + (first - key); c++)
		*c = (char)tolower((unsigned char)*c);
	for (char *c = k + (last - key); *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return k;
}

static bool param_add(GArray *params, const char *key, const char *value)
{
	struct param p = { canonical_key(key), NULL };

	if (!p.key)
		return false;
	p.value = value ? civil_xstrdup(value) : NULL;
	g_array_append_val(params, p);
	return true;
}

/* One shell-quoted word of GIT_CONFIG_PARAMETERS at *s ('...', with '\''
 * and '\!' between quoted parts, as git's sq_quote writes them) into
 * out; *s moves past it.  False when it is not one. */
static bool sq_word(const char **s, struct civil_buf *out)
{
	const char *p = *s;

	civil_buf_reset(out);
	if (*p != '\'')
		return false;
	for (;;) {
		p++;
		if (!*p)
			return false;
		if (*p != '\'') {
			civil_buf_addch(out, *p);
			continue;
		}
		/* out of the quotes: an escaped ' or ! and back in, or the
		 * word's end */
		if (p[1] == '\\' && (p[2] == '\'' || p[2] == '!') &&
		    p[3] == '\'') {
			civil_buf_addch(out, p[2]);
			p += 3;
			continue;
		}
		*s = p + 1;
		return true;
	}
}

/* GIT_CONFIG_PARAMETERS, what "git -c" and "--config-env" hand to the
 * programs git runs (a hook among them): 'key'='value' words, 'key' for
 * a bare key, and the older 'key=value'. */
static bool parse_parameters(const char *s, GArray *params)
{
	struct civil_buf key = CIVIL_BUF_INIT, value = CIVIL_BUF_INIT;
	bool ok = true;

	while (ok && *s) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (!sq_word(&s, &key)) {
			ok = false;
		} else if (!*s || isspace((unsigned char)*s)) {
			char *eq = strchr(key.buf ? key.buf : "", '=');

			if (eq)
				*eq = '\0';
			ok = param_add(params, civil_buf_str(&key),
				       eq ? eq + 1 : NULL);
		} else if (*s == '=') {
			s++;
			if (*s == '\'')
				ok = sq_word(&s, &value) &&
				     (!*s || isspace((unsigned char)*s)) &&
				     param_add(params, civil_buf_str(&key),
					       civil_buf_str(&value));
			else if (!*s || isspace((unsigned char)*s))
				ok = param_add(params, civil_buf_str(&key),
					       NULL);
			else
				ok = false;
		} else {
			ok = false;
		}
	}
	civil_buf_release(&key);
	civil_buf_release(&value);
	return ok;
}

/* GIT_CONFIG_COUNT's GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n, then
 * GIT_CONFIG_PARAMETERS, into params: git reads them in that order, after
 * every file, so the last one wins.  What git would refuse (and so not
 * run) is an error. */
static civil_status_t env_params(const char *const *env, GArray *params,
				 civil_error_t *err)
{
	const char *count = env_get(env, "GIT_CONFIG_COUNT");
	const char *given = env_get(env, "GIT_CONFIG_PARAMETERS");

	if (count) {
		char *end;
		unsigned long n;

		errno = 0;
		n = strtoul(count, &end, 10);
		if (errno || *end || n > INT_MAX)
			return civil_error_set(
				err, CIVIL_STATUS_CONFIG_ERROR,
				"GIT_CONFIG_COUNT: '%s' is not a "
				"count",
				count);
		for (unsigned long i = 0; i < n; i++) {
			char name[64];
			const char *key, *value;

			snprintf(name, sizeof(name), "GIT_CONFIG_KEY_%lu", i);
			key = env_get(env, name);
			if (!key)
				return civil_error_set(
					err, CIVIL_STATUS_CONFIG_ERROR,
					"GIT_CONFIG_COUNT is %lu but %s is "
					"not set",
					n, name);
			snprintf(name, sizeof(name), "GIT_CONFIG_VALUE_%lu", i);
			value = env_get(env, name);
			if (!value)
				return civil_error_set(
					err, CIVIL_STATUS_CONFIG_ERROR,
					"GIT_CONFIG_COUNT is %lu but %s is "
					"not set",
					n, name);
			if (!param_add(params, key, value))
				return civil_error_set(
					err, CIVIL_STATUS_CONFIG_ERROR,
					"GIT_CONFIG_KEY_%lu: '%s' is not a "
					"git config key",
					i, key);
		}
	}
	if (given && !parse_parameters(given, params))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "GIT_CONFIG_PARAMETERS: not as git "
				       "writes it: %s",
				       given);
	return CIVIL_STATUS_SUCCESS;
}

static void params_free(GArray *params)
{
	for (guint i = 0; i < params->len; i++) {
		g_free(g_array_index(params, struct param, i).key);
		g_free(g_array_index(params, struct param, i).value);
	}
	g_array_free(params, TRUE);
}

/* A string setting: the last value given in the environment, if any,
 * over the files'. */
static void string_param(char **field, const GArray *params, const char *key)
{
	for (guint i = params->len; i-- > 0;) {
		const struct param *p = &g_array_index(params, struct param, i);

		if (!strcmp(p->key, key) && p->value) {
			free(*field);
			*field = civil_xstrdup(p->value);
			return;
		}
	}
}

static void cant_read(civil_config_t *cfg, civil_error_t *err)
{
	cfg->problem = civil_xstrdup(err ? err->message : NULL);
}

civil_status_t civil_config_load(civil_config_t *cfg, civil_repo_t *repo,
				 const char *const *env, civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	struct reading r = { cfg, NULL, 0, false };
	struct entries l = { NULL, NULL, 0 };
	GArray *params = g_array_new(FALSE, FALSE, sizeof(struct param));
	git_config *gc = NULL;
	int rc = 0;

	civil_config_defaults(cfg);
	civil_git_start();

	if (env) {
		st = env_params(env, params, err);
		if (!st)
			st = open_files(&gc, repo, env, err);
		if (st) {
			params_free(params);
			cant_read(cfg, err);
			return st;
		}
	} else if (repo) {
		rc = git_repository_config_snapshot(&gc, civil_repo_git(repo));
	} else {
		git_config *live = NULL;

		rc = git_config_open_default(&live);
		if (rc == 0)
			rc = git_config_snapshot(&gc, live);
		git_config_free(live);
	}
	if (rc < 0) {
		const git_error *e = git_error_last();

		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "can't read git config: %s",
				     e ? e->message : "unknown error");
		params_free(params);
		cant_read(cfg, err);
		return st;
	}

	cfg->b4_template = get_string(gc, "b4.review-reply-template");
	cfg->user_name = get_string(gc, "user.name");
	cfg->user_email = get_string(gc, "user.email");
	string_param(&cfg->b4_template, params, "b4.review-reply-template");
	string_param(&cfg->user_name, params, "user.name");
	string_param(&cfg->user_email, params, "user.email");
	git_config_foreach(gc, collect, &l);
	for (guint i = 0; i < params->len; i++) {
		const struct param *p = &g_array_index(params, struct param, i);
		git_config_entry e = { .name = p->key, .value = p->value };

		collect(&e, &l);
	}
	params_free(params);
	for (size_t i = 0; i < l.n; i++) {
		take(&r, l.keys[i], l.values[i]);
		free(l.keys[i]);
		free(l.values[i]);
	}
	free(l.keys);
	free(l.values);
	/* Worth a look comes before heated: a review level at or over the
	 * threshold would mark heated mail as merely worth a look, or leave
	 * no band at all. */
	if (cfg->review >= cfg->threshold) {
		if (r.review_set)
			complain(&r, "civil.review", true,
				 "%.2f is not under civil.threshold (%.2f)",
				 cfg->review, cfg->threshold);
		else
			complain(&r, "civil.review", true,
				 "the default %.2f is not under "
				 "civil.threshold (%.2f): set civil.review "
				 "lower",
				 cfg->review, cfg->threshold);
		cfg->review = CIVIL_HEAT_REVIEW < cfg->threshold
				      ? CIVIL_HEAT_REVIEW
				      : cfg->threshold / 2;
	}
	/* An empty civil.contact is as good as none. */
	if (cfg->contact && !*cfg->contact) {
		free(cfg->contact);
		cfg->contact = NULL;
	}
	if (r.n_bad > 1)
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "%s; and %u more bad civil settings",
				     r.first, r.n_bad - 1);
	else if (r.n_bad)
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR, "%s",
				     r.first);
	if (r.n_bad)
		cfg->problem = civil_xstrdup(err && err->message ? err->message
								 : r.first);
	free(r.first);
	git_config_free(gc);
	return st;
}

void civil_config_release(civil_config_t *cfg)
{
	free(cfg->contact);
	free(cfg->reminder);
	free(cfg->sendmail);
	free(cfg->repository);
	free(cfg->b4_template);
	free(cfg->user_name);
	free(cfg->user_email);
	free(cfg->lexicon);
	free(cfg->problem);
	memset(cfg, 0, sizeof(*cfg));
}

const char *civil_config_get_contact(const civil_config_t *cfg)
{
	return cfg->contact;
}

const char *civil_config_get_reminder(const civil_config_t *cfg)
{
	return cfg->reminder;
}

civil_remind_mode_t civil_config_get_remind(const civil_config_t *cfg)
{
	return cfg->remind;
}

civil_tone_mode_t civil_config_get_tone(const civil_config_t *cfg)
{
	return cfg->tone;
}

double civil_config_get_threshold(const civil_config_t *cfg)
{
	return cfg->threshold;
}

double civil_config_get_review(const civil_config_t *cfg)
{
	return cfg->review;
}

const char *civil_config_get_lexicon(const civil_config_t *cfg)
{
	return cfg->lexicon;
}

const char *civil_config_get_repository(const civil_config_t *cfg)
{
	return cfg->repository;
}

const char *civil_config_get_sendmail(const civil_config_t *cfg)
{
	return cfg->sendmail;
}

const char *civil_config_get_b4_template(const civil_config_t *cfg)
{
	return cfg->b4_template;
}

const char *civil_config_get_user_name(const civil_config_t *cfg)
{
	return cfg->user_name;
}

const char *civil_config_get_user_email(const civil_config_t *cfg)
{
	return cfg->user_email;
}

const char *civil_config_get_problem(const civil_config_t *cfg)
{
	return cfg->problem;
}
