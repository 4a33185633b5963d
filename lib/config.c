// SPDX-License-Identifier: GPL-2.0-only
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
	char *full;

	if (!path || strncmp(path, "~/", 2) || !getenv("HOME"))
		return path;
	full = g_strdup_printf("%s/%s", getenv("HOME"), path + 2);
	free(path);
	path = strdup(full);
	g_free(full);
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

bool civil_xdg_file(const char *var, const char *home_rel, const char *name,
		    struct civil_buf *out)
{
	const char *xdg = getenv(var);
	const char *home = getenv("HOME");

	civil_buf_reset(out);
	if (xdg && *xdg == '/')
		civil_buf_addf(out, "%s/civil/%s", xdg, name);
	else if (home && *home)
		civil_buf_addf(out, "%s/%s/civil/%s", home, home_rel, name);
	else
		return false;
	return true;
}

/* $XDG_STATE_HOME/civil/NAME, else ~/.local/state/civil/NAME. */
static civil_status_t state_dir(const char *name, struct civil_buf *out,
				civil_error_t *err)
{
	if (!civil_xdg_file("XDG_STATE_HOME", ".local/state", name, out))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "no HOME to keep %s mail in", name);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_unsent_dir(struct civil_buf *out, civil_error_t *err)
{
	return state_dir("unsent", out, err);
}

civil_status_t civil_held_dir(struct civil_buf *out, civil_error_t *err)
{
	return state_dir("held", out, err);
}

civil_status_t civil_config_load(civil_config_t *cfg, civil_repo_t *repo,
				 civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	git_config *gc = NULL;
	char *remind;
	int rc;

	memset(cfg, 0, sizeof(*cfg));
	cfg->remind = CIVIL_REMIND_REVIEWS;
	cfg->threshold = CIVIL_HEAT_THRESHOLD;
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

civil_status_t civil_self_bindir(struct civil_buf *out, civil_error_t *err)
{
	char exe[PATH_MAX];
	/* The kernel's link is already absolute and resolved; realpath()
	 * would readlink every component of it again, in every hook run. */
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0 || n == (ssize_t)sizeof(exe) - 1)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't find my own program: %s",
				       n < 0 ? strerror(errno)
					     : "path too long");
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	civil_buf_reset(out);
	civil_buf_add(out, exe, slash > exe ? (size_t)(slash - exe) : 1);
	return CIVIL_STATUS_SUCCESS;
}

/* The data directory "make install" puts files in; the Makefile passes
 * the real one. */
#ifndef CIVIL_DATADIR
#define CIVIL_DATADIR "/usr/local/share/civil"
#endif

civil_status_t civil_data_path(const char *rel, struct civil_buf *out,
			       civil_error_t *err)
{
	civil_status_t st = civil_self_bindir(out, err);

	if (st)
		return st;
	/* Beside the program first: the build tree, and an installed tree
	 * whose share/ is next to its bin/.  Then where make install put
	 * it, for other layouts and for programs outside civil. */
	civil_buf_addf(out, "/../share/civil/%s", rel);
	if (access(out->buf, R_OK) == 0)
		return CIVIL_STATUS_SUCCESS;
	civil_buf_reset(out);
	civil_buf_addf(out, "%s/%s", CIVIL_DATADIR, rel);
	if (access(out->buf, R_OK) == 0)
		return CIVIL_STATUS_SUCCESS;
	return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
			       "can't find '%s': %s", out->buf,
			       strerror(errno));
}
