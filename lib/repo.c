// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * repo.c - the only file that knows libgit2's repository and tree types.
 * The rest of civil sees a civil_repo_t and reads files from HEAD.
 */
#include <git2.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "internal.h"

struct civil_repo {
	git_repository *git;
};

static const char *git_message(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown libgit2 error";
}

/* A civil_repo_t for what git_repository_open_ext gave (rc); path is
 * for messages. */
static civil_status_t wrap(git_repository *git, int rc, const char *path,
			   civil_repo_t **out, civil_error_t *err)
{
	if (rc == GIT_ENOTFOUND)
		return civil_error_set(err, CIVIL_STATUS_NO_REPOSITORY,
				       "not a git repository: '%s'",
				       path ? path : ".");
	if (rc < 0)
		return civil_error_set(err, CIVIL_STATUS_REPOSITORY_ERROR,
				       "can't open repository '%s': %s",
				       path ? path : ".", git_message());
	*out = calloc(1, sizeof(**out));
	if (!*out)
		abort();
	(*out)->git = git;
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_repo_open(const char *path, civil_repo_t **out,
			       civil_error_t *err)
{
	git_repository *git = NULL;
	int rc;

	*out = NULL;
	civil_git_start();
	rc = git_repository_open_ext(&git, path ? path : ".", 0, NULL);
	return wrap(git, rc, path, out, err);
}

civil_status_t civil_repo_open_env(civil_repo_t **out, civil_error_t *err)
{
	git_repository *git = NULL;
	int rc;

	*out = NULL;
	civil_git_start();
	/* What git does: $GIT_DIR (the sendemail-validate hook sets it),
	 * else discovery from the current directory, stopping at
	 * $GIT_CEILING_DIRECTORIES. */
	rc = git_repository_open_ext(&git, NULL, GIT_REPOSITORY_OPEN_FROM_ENV,
				     NULL);
	return wrap(git, rc, NULL, out, err);
}

void civil_repo_free(civil_repo_t *repo)
{
	if (!repo)
		return;
	git_repository_free(repo->git);
	free(repo);
}

const char *civil_repo_get_path(const civil_repo_t *repo)
{
	return git_repository_path(repo->git);
}

const char *civil_repo_get_common_dir(const civil_repo_t *repo)
{
	return git_repository_commondir(repo->git);
}

void *civil_repo_git(civil_repo_t *repo)
{
	return repo->git;
}

civil_status_t civil_repo_read_head_file(civil_repo_t *repo, const char *path,
					 struct civil_buf *content,
					 char **oid_hex, civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	git_tree_entry *entry = NULL;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_blob *blob = NULL;
	git_oid head;
	int rc;

	rc = git_reference_name_to_id(&head, repo->git, "HEAD");
	if (rc == GIT_ENOTFOUND || rc == GIT_EUNBORNBRANCH)
		return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				       "HEAD has no commit");
	if (rc < 0 || git_commit_lookup(&commit, repo->git, &head) < 0 ||
	    git_commit_tree(&tree, commit) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_REPOSITORY_ERROR,
				     "can't read HEAD in '%s': %s",
				     civil_repo_get_path(repo), git_message());
		goto done;
	}
	rc = git_tree_entry_bypath(&entry, tree, path);
	if (rc == GIT_ENOTFOUND ||
	    (rc == 0 && git_tree_entry_type(entry) != GIT_OBJECT_BLOB)) {
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "'%s' is not in HEAD", path);
		goto done;
	}
	if (rc < 0 ||
	    git_blob_lookup(&blob, repo->git, git_tree_entry_id(entry)) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_REPOSITORY_ERROR,
				     "can't read '%s' at HEAD in '%s': %s",
				     path, civil_repo_get_path(repo),
				     git_message());
		goto done;
	}
	civil_buf_reset(content);
	civil_buf_add(content, git_blob_rawcontent(blob),
		      (size_t)git_blob_rawsize(blob));
	if (oid_hex) {
		char hex[GIT_OID_HEXSZ + 1];

		free(*oid_hex);
		*oid_hex = civil_xstrdup(git_oid_tostr(
			hex, sizeof(hex), git_tree_entry_id(entry)));
	}
done:
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(commit);
	return st;
}

char *civil_repo_head_commit(civil_repo_t *repo)
{
	char hex[GIT_OID_HEXSZ + 1];
	git_oid head;

	if (git_reference_name_to_id(&head, repo->git, "HEAD") < 0)
		return NULL;
	return civil_xstrdup(git_oid_tostr(hex, sizeof(hex), &head));
}
