// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * config.c - the one place libcivil reads settings: git config (civil.*,
 * user.*) through libgit2, so include.path and XDG files work as in git.
 */
#include <errno.h>
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

civil_status_t civil_config_load(civil_config_t *cfg, civil_repo_t *repo,
				 civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	struct reading r = { cfg, NULL, 0, false };
	struct entries l = { NULL, NULL, 0 };
	git_config *gc = NULL;
	int rc;

	civil_config_defaults(cfg);
	civil_git_start();

	if (repo) {
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
		cfg->problem = civil_xstrdup(err ? err->message : NULL);
		return st;
	}

	cfg->b4_template = get_string(gc, "b4.review-reply-template");
	cfg->user_name = get_string(gc, "user.name");
	cfg->user_email = get_string(gc, "user.email");
	git_config_foreach(gc, collect, &l);
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
