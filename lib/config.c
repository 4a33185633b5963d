// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * config.c - the one place libcivil reads settings: git config (civil.*,
 * user.*) through libgit2, so include.path and XDG files work as in git.
 */
#include <errno.h>
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

	if (end == s || *end || t <= 0 || t > 1000)
		return false;
	*out = t;
	return true;
}

void civil_config_defaults(civil_config_t *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->remind = CIVIL_REMIND_REVIEWS;
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
}

civil_status_t civil_config_load(civil_config_t *cfg, civil_repo_t *repo,
				 civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	git_config *gc = NULL;
	char *remind;
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

		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "can't read git config: %s",
				       e ? e->message : "unknown error");
	}

	cfg->contact = get_string(gc, "civil.contact");
	cfg->reminder = get_string(gc, "civil.reminder");
	cfg->sendmail = get_string(gc, "civil.sendmail");
	cfg->repository = civil_home_path(get_string(gc, "civil.repository"));
	cfg->b4_template = get_string(gc, "b4.review-reply-template");
	cfg->user_name = get_string(gc, "user.name");
	cfg->user_email = get_string(gc, "user.email");
	cfg->lexicon = civil_home_path(get_string(gc, "civil.lexicon"));
	remind = get_string(gc, "civil.tone");
	if (remind && civil_tone_mode_parse(remind, &cfg->tone))
		st = civil_error_set(
			err, CIVIL_STATUS_CONFIG_ERROR,
			"bad civil.tone '%s' (want warn, reject or "
			"off); using 'warn'",
			remind);
	free(remind);
	remind = get_string(gc, "civil.threshold");
	if (remind && !civil_parse_threshold(remind, &cfg->threshold))
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "bad civil.threshold '%s'", remind);
	free(remind);
	remind = get_string(gc, "civil.remind");
	if (remind && civil_remind_mode_parse(remind, &cfg->remind))
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "bad civil.remind '%s' (want reviews, "
				     "replies, all or off); using 'reviews'",
				     remind);
	/* An empty civil.contact is as good as none. */
	if (cfg->contact && !*cfg->contact) {
		free(cfg->contact);
		cfg->contact = NULL;
	}
	free(remind);
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
