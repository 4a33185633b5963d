// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * handle.c - what a program opens once: the repository and its settings,
 * the code with its contact, the notmuch settings and database, and the
 * heat scorer, each read when first needed and kept for the verbs.  The
 * notmuch side is in handle-db.c.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "handle.h"
#include "internal.h"

/* The data directory "make install" puts files in; the Makefile passes
 * the real one. */
#ifndef CIVIL_DATADIR
#define CIVIL_DATADIR "/usr/local/share/civil"
#endif

static void warn_line(struct civil_buf *warnings, civil_error_t *e)
{
	if (warnings && e->message) {
		civil_buf_adds(warnings, e->message);
		civil_buf_addch(warnings, '\n');
	}
	civil_error_clear(e);
}

static char *dup_or_null(const char *s)
{
	return s ? civil_xstrdup(s) : NULL;
}

/*
 * Outside any tree (emacs runs its sendmail from "/", mutt from wherever it
 * was started) the code of the tree civil.repository names applies, with
 * that tree's own settings.  A name that is not a repository is said, and
 * the built-in code used.
 */
static void open_named_tree(civil_t *c, struct civil_buf *warnings)
{
	civil_error_t e = CIVIL_ERROR_INIT;

	if (civil_repo_open(c->config.repository, &c->repo, &e)) {
		civil_error_set(&e, e.status, "civil.repository: %s",
				e.message);
		warn_line(warnings, &e);
		return;
	}
	civil_config_release(&c->config);
	if (civil_config_load(&c->config, c->repo, c->o.git_env, &e))
		warn_line(warnings, &e);
}

/* The repository, its settings and the code, as the options say. */
static civil_status_t open_git(civil_t *c, struct civil_buf *warnings,
			       civil_error_t *err)
{
	civil_error_t e = CIVIL_ERROR_INIT;
	bool env = c->o.flags & CIVIL_OPEN_GIT_ENV;
	civil_status_t st;

	if (c->repository) {
		st = civil_repo_open(c->repository, &c->repo, err);
		if (st)
			return st;
	} else if (env) {
		/* The tree git send-email or the user is in, by git's
		 * rule. */
		st = civil_repo_open_env(&c->repo, &e);
		if (st == CIVIL_STATUS_NO_REPOSITORY)
			civil_error_clear(&e);
		else if (st)
			warn_line(warnings, &e);
	}
	/* The notmuch side reads civil's git settings too: one threshold
	 * and one lexicon for the scan and the tone check. */
	if (c->repo || env || (c->o.flags & CIVIL_OPEN_NOTMUCH_ENV)) {
		if (civil_config_load(&c->config, c->repo, c->o.git_env, &e))
			warn_line(warnings, &e);
	} else {
		civil_config_defaults(&c->config);
	}
	if (!c->repo && env && c->config.repository)
		open_named_tree(c, warnings);
	if (civil_code_find(c->repo, &c->config, &c->code, &e)) {
		/* A repository we can't read is no reason to stop: fall back
		 * to the built-in code, and say so. */
		warn_line(warnings, &e);
		civil_code_find(NULL, &c->config, &c->code, NULL);
	}
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_open(const civil_open_opts_t *opts, civil_t **out,
			  struct civil_buf *warnings, civil_error_t *err)
{
	static const civil_open_opts_t defaults = CIVIL_OPEN_OPTS_INIT;
	civil_status_t st;
	civil_t *c;

	st = civil_need(err, out);
	if (st)
		return st;
	*out = NULL;
	if (!civil_is_initialized())
		return civil_error_set(
			err, CIVIL_STATUS_USAGE,
			"civil_open: civil_init() was not called "
			"(or civil_shutdown() was)");
	if (!opts)
		opts = &defaults;
	/* Version 1 ends before git_env. */
	if (opts->version != 1)
		st = civil_check_version(err, "civil_open_opts_t",
					 opts->version,
					 CIVIL_OPEN_OPTS_VERSION);
	if (st)
		return st;
	c = calloc(1, sizeof(*c));
	if (!c)
		abort();
	memcpy(&c->o, opts,
	       opts->version == 1 ? offsetof(civil_open_opts_t, git_env)
				  : sizeof(c->o));
	c->repository = dup_or_null(opts->repository);
	c->notmuch_config = dup_or_null(opts->notmuch_config);
	c->database = dup_or_null(opts->database);
	c->data_dir =
		civil_xstrdup(opts->data_dir ? opts->data_dir : CIVIL_DATADIR);
	c->lexicon = dup_or_null(opts->lexicon);
	st = open_git(c, warnings, err);
	/* Read during the call only. */
	c->o.git_env = NULL;
	if (st) {
		civil_close(c);
		return st;
	}
	*out = c;
	return CIVIL_STATUS_SUCCESS;
}

void civil_close(civil_t *c)
{
	if (!c)
		return;
	if (c->close_db)
		c->close_db(c);
	civil_heat_free(c->heat);
	free(c->nm_message);
	civil_code_release(&c->code);
	civil_config_release(&c->config);
	civil_repo_free(c->repo);
	free(c->repository);
	free(c->notmuch_config);
	free(c->database);
	free(c->data_dir);
	free(c->lexicon);
	free(c);
}

civil_repo_t *civil_get_repository(civil_t *c)
{
	return c ? c->repo : NULL;
}

const civil_config_t *civil_get_settings(const civil_t *c)
{
	return c ? &c->config : NULL;
}

const civil_code_t *civil_get_code(const civil_t *c)
{
	return c ? &c->code : NULL;
}

void civil_set_tone(civil_t *c, civil_tone_mode_t mode)
{
	if (c)
		c->config.tone = mode;
}

civil_status_t civil_get_heat(civil_t *c, civil_heat_t **out,
			      civil_error_t *err)
{
	const char *extra;
	civil_status_t st;

	st = civil_need(err, c);
	if (!st)
		st = civil_need(err, out);
	if (st)
		return st;
	extra = c->lexicon;

	if (!c->heat) {
		if (!extra)
			extra = c->config.lexicon;
		st = civil_heat_open(c->data_dir, extra, &c->heat, err);
		if (st) {
			*out = NULL;
			return st;
		}
		civil_heat_set_threshold(c->heat, c->config.threshold);
	}
	*out = c->heat;
	return CIVIL_STATUS_SUCCESS;
}

void civil_drop_heat(civil_t *c)
{
	if (!c)
		return;
	civil_heat_free(c->heat);
	c->heat = NULL;
}

const civil_heat_t *civil_heat_if_read(const civil_t *c)
{
	return c ? c->heat : NULL;
}

unsigned int civil_threads(const civil_t *c)
{
	return c->o.threads ? c->o.threads : 1;
}
