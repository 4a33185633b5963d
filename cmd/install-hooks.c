// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * install-hooks.c - civil-install --git and --notmuch: the hooks git and
 * notmuch run.  A hook that was already there is renamed NAME.civil-chained
 * and run by civil's shim (git's first, notmuch's after civil-scan);
 * uninstall puts it back under its own name.
 */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install.h"

#define CHAINED_SUFFIX ".civil-chained"
/* Every shim civil installs says this on its second line. */
#define SHIM_MARK "# civil: "

/* The hooks directory git uses for repo: core.hooksPath honoured. */
static int git_hooks_dir(const char *repo, struct civil_buf *dir)
{
	const char *argv[] = { "git",	     "-C",    repo, "rev-parse",
			       "--git-path", "hooks", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = 0;

	if (civil_run(argv, NULL, NULL, 0, &out, &status, &err)) {
		cmd_warn_error(&err);
		civil_buf_release(&out);
		return -1;
	}
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	if (status || !out.len) {
		cmd_warn("'%s' is not a git repository", repo);
		civil_buf_release(&out);
		return -1;
	}
	civil_buf_reset(dir);
	if (out.buf[0] != '/')
		civil_buf_addf(dir, "%s/", repo);
	civil_buf_add(dir, out.buf, out.len);
	civil_buf_release(&out);
	return 0;
}

static bool is_civil_shim(const char *path)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	struct stat sb;
	bool ours;

	if (lstat(path, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    civil_file_read(path, &b, NULL))
		return false;
	ours = strstr(civil_buf_str(&b), "\n" SHIM_MARK) != NULL;
	civil_buf_release(&b);
	return ours;
}

int shim_text(const char *name, struct civil_buf *out)
{
	struct civil_buf rel = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	struct civil_buf tmpl = CIVIL_BUF_INIT, bindir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *p, *at;
	int rc = -1;

	civil_buf_addf(&rel, "hooks/%s", name);
	if (cmd_data_path(rel.buf, &path, &err) ||
	    civil_file_read(path.buf, &tmpl, &err) ||
	    cmd_self_bindir(&bindir, &err)) {
		cmd_warn_error(&err);
		goto done;
	}
	civil_buf_reset(out);
	for (p = tmpl.buf; (at = strstr(p, "@CIVIL_BINDIR@")); p = at + 14) {
		civil_buf_add(out, p, (size_t)(at - p));
		civil_buf_add(out, bindir.buf, bindir.len);
	}
	civil_buf_adds(out, p);
	rc = 0;
done:
	civil_buf_release(&rel);
	civil_buf_release(&path);
	civil_buf_release(&tmpl);
	civil_buf_release(&bindir);
	return rc;
}

/* civil_first: civil's shim runs the kept hook after its own work (the
 * notmuch post-new hook), not before (git's sendemail-validate). */
static int install_hook(const char *dir, const char *name, bool civil_first)
{
	struct civil_buf hook = CIVIL_BUF_INIT, chained = CIVIL_BUF_INIT;
	struct civil_buf text = CIVIL_BUF_INIT, old = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct stat sb;
	int rc = 1;

	civil_buf_addf(&hook, "%s/%s", dir, name);
	civil_buf_addf(&chained, "%s" CHAINED_SUFFIX, hook.buf);
	if (shim_text(name, &text) || mkdir_p(dir))
		goto done;

	if (is_civil_shim(hook.buf)) {
		if (!civil_file_read(hook.buf, &old, NULL) &&
		    old.len == text.len &&
		    !memcmp(old.buf, text.buf, old.len)) {
			printf("%s: %s hook already installed in '%s'\n",
			       cmd_name, name, dir);
			rc = 0;
			goto done;
		}
		/* Ours, from another civil: point it at this one. */
	} else if (lstat(hook.buf, &sb) == 0) {
		if (lstat(chained.buf, &sb) == 0) {
			cmd_warn("'%s' already exists; not replacing '%s'",
				 chained.buf, hook.buf);
			goto done;
		}
		if (rename(hook.buf, chained.buf) < 0) {
			cmd_warn("can't move '%s' aside: %s", hook.buf,
				 strerror(errno));
			goto done;
		}
		printf("%s: kept your %s hook; it runs %s, as '%s'\n", cmd_name,
		       name, civil_first ? "after civil's" : "first",
		       chained.buf);
	}
	if (civil_file_create(hook.buf, text.buf, text.len, 0755, true, &err)) {
		cmd_warn_error(&err);
		/* Put the user's hook back where it was. */
		if (lstat(chained.buf, &sb) == 0 && lstat(hook.buf, &sb) < 0)
			rename(chained.buf, hook.buf);
		goto done;
	}
	printf("%s: installed %s hook in '%s'\n", cmd_name, name, dir);
	rc = 0;
done:
	civil_buf_release(&hook);
	civil_buf_release(&chained);
	civil_buf_release(&text);
	civil_buf_release(&old);
	return rc;
}

static int uninstall_hook(const char *dir, const char *name)
{
	struct civil_buf hook = CIVIL_BUF_INIT, chained = CIVIL_BUF_INIT;
	struct stat sb;
	int rc = 1;

	civil_buf_addf(&hook, "%s/%s", dir, name);
	civil_buf_addf(&chained, "%s" CHAINED_SUFFIX, hook.buf);
	if (!is_civil_shim(hook.buf)) {
		printf("%s: no civil %s hook in '%s'\n", cmd_name, name, dir);
		rc = 0;
		goto done;
	}
	if (lstat(chained.buf, &sb) == 0) {
		/* rename() replaces the shim in one step: there is never a
		 * moment without the user's hook. */
		if (rename(chained.buf, hook.buf) < 0) {
			cmd_warn("can't restore '%s': %s", hook.buf,
				 strerror(errno));
			goto done;
		}
		printf("%s: restored your %s hook in '%s'\n", cmd_name, name,
		       dir);
	} else if (unlink(hook.buf) < 0) {
		cmd_warn("can't remove '%s': %s", hook.buf, strerror(errno));
		goto done;
	} else {
		printf("%s: removed %s hook from '%s'\n", cmd_name, name, dir);
	}
	rc = 0;
done:
	civil_buf_release(&hook);
	civil_buf_release(&chained);
	return rc;
}

int install_git(const char *repo, bool uninstall)
{
	struct civil_buf dir = CIVIL_BUF_INIT;
	int rc;

	if (git_hooks_dir(repo, &dir)) {
		civil_buf_release(&dir);
		return 1;
	}
	rc = uninstall ? uninstall_hook(dir.buf, "sendemail-validate")
		       : install_hook(dir.buf, "sendemail-validate", false);
	civil_buf_release(&dir);
	return rc;
}

/* Does new.tags ("unread;inbox") add tag? */
static bool new_tags_add(const char *new_tags, const char *tag)
{
	char **v = g_strsplit(new_tags ? new_tags : "", ";", -1);
	bool found = false;

	for (char **t = v; *t && !found; t++)
		found = !strcmp(g_strstrip(*t), tag);
	g_strfreev(v);
	return found;
}

/* A civil.query such as "tag:new" scores nothing when notmuch new does
 * not add that tag (its default new.tags is "unread;inbox"): say so. */
static void check_query_tags(const civil_nm_config_t *cfg)
{
	const char *q = civil_nm_config_get_query(cfg), *p;

	for (p = q ? strstr(q, "tag:") : NULL; p; p = strstr(p + 4, "tag:")) {
		const char *v = p + 4;
		size_t n;
		char *tag;

		if (p > q && !strchr(" \t(", p[-1]))
			continue;
		if (*v == '"')
			v++;
		n = strcspn(v, " \t)\"");
		tag = g_strndup(v, n);
		if (*tag &&
		    !new_tags_add(civil_nm_config_get_new_tags(cfg), tag))
			cmd_warn("civil.query '%s' scores mail tagged '%s', "
				 "which notmuch new does not add (new.tags is "
				 "'%s'): the post-new hook will score nothing "
				 "new; without civil.query it scores what "
				 "changed since its last run",
				 q, tag,
				 civil_nm_config_get_new_tags(cfg)
					 ? civil_nm_config_get_new_tags(cfg)
					 : "");
		g_free(tag);
	}
}

/* The post-new hook scores what changed since its last scan: start that
 * record now, so the first 'notmuch new' does not score the whole
 * archive. */
static void start_scanning_here(civil_t *c)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	bool started = false;

	if (civil_scan_start_here(c, &started, &err)) {
		cmd_warn("%s; the first scan will score all the mail there is",
			 err.message);
		civil_error_clear(&err);
	} else if (started) {
		printf("%s: new mail is scored from now on; to score the mail "
		       "you have: civil-scan --apply '*'\n",
		       cmd_name);
	}
}

/* What civil-scan wrote in the database stays after --uninstall: said,
 * with how to take it away, when there is a database to say it of. */
static int say_left(civil_t *c, const civil_nm_config_t *cfg)
{
	if (!civil_nm_config_get_database_path(cfg))
		return 0;
	printf("%s: civil's tags ('%s', '%s'), its properties (civil.*) and "
	       "its scan record (%s) stay in the database; --uninstall "
	       "--purge takes them away\n",
	       cmd_name, civil_nm_config_get_tag(cfg),
	       civil_nm_config_get_thread_tag(cfg), CIVIL_LASTMOD_KEY);
	return 0;
}

static const char *messages(size_t n)
{
	return n == 1 ? "message" : "messages";
}

static int count_held(const civil_held_t *h, void *arg)
{
	(void)h;
	++*(size_t *)arg;
	return 0;
}

/* The files civil keeps for you outside the database.  The learned file
 * goes: weights taught by verdicts that --purge just took out
 * (civil.reader), and no mail.  Mail civil-sendmail held or could not
 * hand over stays, and is said: a copy of something you wrote, maybe the
 * only one, is never civil's to throw away. */
static int purge_files(void)
{
	struct civil_buf held = CIVIL_BUF_INIT, unsent = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char *learned = cmd_learned_path();
	size_t n_held = 0, n_unsent = 0;
	bool removed = false;
	int rc = 0;
	GDir *d;

	if (learned && civil_heat_learned_forget(learned, &removed, &err)) {
		cmd_warn_error(&err);
		rc = 1;
	} else if (removed) {
		printf("%s: removed what your corrections taught civil "
		       "('%s')\n",
		       cmd_name, learned);
	}
	if (!cmd_state_dir("held", &held, NULL) &&
	    civil_held_foreach(held.buf, count_held, &n_held, NULL))
		n_held = 0;
	if (!cmd_state_dir("unsent", &unsent, NULL) &&
	    (d = g_dir_open(unsent.buf, 0, NULL))) {
		for (const char *f; (f = g_dir_read_name(d));)
			n_unsent += g_str_has_suffix(f, ".eml");
		g_dir_close(d);
	}
	if (n_held || n_unsent)
		printf("%s: left %zu %s civil-sendmail held for its tone "
		       "('%s') and %zu it could not send ('%s'): they may be "
		       "the only copy; remove them once you have what you "
		       "need\n",
		       cmd_name, n_held, messages(n_held), held.buf, n_unsent,
		       unsent.buf);
	free(learned);
	civil_buf_release(&held);
	civil_buf_release(&unsent);
	return rc;
}

static int purge_db(civil_t *c, const civil_nm_config_t *cfg)
{
	civil_purge_stats_t st = CIVIL_PURGE_STATS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (civil_purge(c, &st, &err)) {
		cmd_warn_error(&err);
		return 1;
	}
	printf("%s: purged the database: '%s' off %zu %s, '%s' off "
	       "%zu, civil's properties off %zu, and the scan record "
	       "(%s)\n",
	       cmd_name, civil_nm_config_get_tag(cfg), st.untagged,
	       messages(st.untagged), civil_nm_config_get_thread_tag(cfg),
	       st.thread_untagged, st.cleared, CIVIL_LASTMOD_KEY);
	if (st.kept)
		printf("%s: kept '%s' on %zu %s a person tagged\n", cmd_name,
		       civil_nm_config_get_tag(cfg), st.kept,
		       messages(st.kept));
	return purge_files();
}

int install_notmuch(bool uninstall, bool purge)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	const civil_nm_config_t *cfg;
	civil_status_t st;
	civil_t *c;
	int rc = 1;

	c = cmd_open(CMD_OPEN_NOTMUCH, NULL);
	if (!c)
		return 1;
	st = civil_get_notmuch_settings(c, &cfg, &err);
	/* notmuch says where its hooks are only once it has a database. */
	if (st == CIVIL_STATUS_NOT_FOUND && !uninstall) {
		cmd_warn("%s; set notmuch up and run notmuch new first",
			 err.message);
		goto done;
	} else if (st && st != CIVIL_STATUS_CONFIG_ERROR) {
		cmd_warn_error(&err);
		goto done;
	}
	/* The hook is installed all the same: the user fixes the setting,
	 * and civil-scan names it on every run until then. */
	if (st == CIVIL_STATUS_CONFIG_ERROR && !uninstall)
		cmd_warn("%s; civil-scan stops there until it is fixed",
			 err.message);
	civil_error_clear(&err);
	if (!civil_nm_config_get_hook_dir(cfg)) {
		cmd_warn("notmuch has no hook directory (is database.path "
			 "set?)");
		goto done;
	}
	if (uninstall) {
		rc = uninstall_hook(civil_nm_config_get_hook_dir(cfg),
				    "post-new");
		rc |= purge ? purge_db(c, cfg) : say_left(c, cfg);
		goto done;
	}
	rc = install_hook(civil_nm_config_get_hook_dir(cfg), "post-new", true);
	if (rc)
		goto done;
	start_scanning_here(c);
	check_query_tags(cfg);
done:
	civil_close(c);
	return rc;
}

char *hook_installed_git(const char *repo)
{
	struct civil_buf dir = CIVIL_BUF_INIT, hook = CIVIL_BUF_INIT;
	char *top = repo_top(repo), *where = NULL;

	if (top && !git_hooks_dir(repo, &dir)) {
		civil_buf_addf(&hook, "%s/sendemail-validate", dir.buf);
		if (is_civil_shim(hook.buf))
			where = realpath(dir.buf, NULL);
	}
	free(top);
	civil_buf_release(&dir);
	civil_buf_release(&hook);
	return where;
}

char *hook_installed_notmuch(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	const civil_nm_config_t *cfg;
	civil_t *c = cmd_open(CMD_OPEN_NOTMUCH, NULL);
	char *hook, *where = NULL;
	civil_status_t st;

	if (!c)
		return NULL;
	st = civil_get_notmuch_settings(c, &cfg, &err);
	if (st && st != CIVIL_STATUS_CONFIG_ERROR)
		cfg = NULL;
	civil_error_clear(&err);
	if (cfg && civil_nm_config_get_hook_dir(cfg)) {
		hook = g_strdup_printf("%s/post-new",
				       civil_nm_config_get_hook_dir(cfg));
		if (is_civil_shim(hook))
			where = strdup(civil_nm_config_get_hook_dir(cfg));
		g_free(hook);
	}
	civil_close(c);
	return where;
}
