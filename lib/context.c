// SPDX-License-Identifier: GPL-2.0-only
/*
 * context.c - what every command needs before it starts: the repository
 * it runs in, the settings, and the code with its contact.
 */
#include <string.h>

#include "civil.h"
#include "util.h"

static void warn_line(struct civil_buf *warnings, civil_error_t *e)
{
	if (warnings && e->message) {
		civil_buf_adds(warnings, e->message);
		civil_buf_addch(warnings, '\n');
	}
	civil_error_clear(e);
}

/*
 * Outside any tree (emacs runs its sendmail from "/", mutt from wherever it
 * was started) the code of the tree civil.repository names applies, with
 * that tree's own settings.  A name that is not a repository is said, and
 * the built-in code used.
 */
static void open_named_tree(civil_context_t *ctx, struct civil_buf *warnings)
{
	civil_error_t e = CIVIL_ERROR_INIT;

	if (civil_repo_open(ctx->config.repository, &ctx->repo, &e)) {
		civil_error_set(&e, e.status, "civil.repository: %s",
				e.message);
		warn_line(warnings, &e);
		return;
	}
	civil_config_release(&ctx->config);
	if (civil_config_load(&ctx->config, ctx->repo, &e))
		warn_line(warnings, &e);
}

civil_status_t civil_context_open(civil_context_t *ctx, const char *repo_path,
				  struct civil_buf *warnings,
				  civil_error_t *err)
{
	civil_error_t e = CIVIL_ERROR_INIT;
	civil_repo_t *repo = NULL;
	civil_status_t st;

	memset(ctx, 0, sizeof(*ctx));
	st = civil_repo_open(repo_path, &repo, &e);
	if (st && repo_path) {
		civil_error_set(err, st, "%s", e.message);
		civil_error_clear(&e);
		return st;
	}
	if (st == CIVIL_STATUS_NO_REPOSITORY)
		civil_error_clear(&e);
	else if (st)
		warn_line(warnings, &e);
	civil_context_open_repo(ctx, repo, warnings);
	return CIVIL_STATUS_SUCCESS;
}

void civil_context_open_repo(civil_context_t *ctx, civil_repo_t *repo,
			     struct civil_buf *warnings)
{
	civil_error_t e = CIVIL_ERROR_INIT;

	memset(ctx, 0, sizeof(*ctx));
	ctx->repo = repo;
	if (civil_config_load(&ctx->config, ctx->repo, &e))
		warn_line(warnings, &e);
	if (!ctx->repo && ctx->config.repository)
		open_named_tree(ctx, warnings);
	if (civil_code_find(ctx->repo, &ctx->config, &ctx->code, &e)) {
		/* A repository we can't read is no reason to stop: fall back
		 * to the built-in code, and say so. */
		warn_line(warnings, &e);
		civil_code_find(NULL, &ctx->config, &ctx->code, NULL);
	}
}

void civil_context_close(civil_context_t *ctx)
{
	civil_code_release(&ctx->code);
	civil_config_release(&ctx->config);
	civil_repo_free(ctx->repo);
	memset(ctx, 0, sizeof(*ctx));
}
