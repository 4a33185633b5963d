// SPDX-License-Identifier: GPL-2.0-only
/*
 * civil-install - put civil's hooks where git (and later notmuch, b4 and
 * mail clients) will run them, keeping what the user had, and undo it.
 *
 *   civil-install --git [REPO]      sendemail-validate hook
 *   civil-install --notmuch         post-new hook in notmuch's hook dir
 *   civil-install --b4              b4 (and git send-email) send through
 *                                   civil-sendmail: sendemail.smtpServer
 *   civil-install --sendmail        say how mutt, aerc, emacs use it
 *   ... --uninstall                 put back what was there
 *
 * Settings it changes are in the global git config; what was there before
 * is kept under [civil-install] until --uninstall puts it back.
 *
 * A hook that was already there is renamed NAME.civil-chained and run by
 * civil's shim (git's first, notmuch's after civil-scan); uninstall puts
 * it back under its own name.
 */
#include <errno.h>
#include <getopt.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"

const char *cmd_name = "civil-install";

#define CHAINED_SUFFIX ".civil-chained"
/* Every shim civil installs says this on its second line. */
#define SHIM_MARK "# civil: "

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-install [--git [REPO]] [--notmuch] [--b4] "
		   "[--sendmail] [--uninstall]\n");
}

#define UNSET "(unset)" /* what [civil-install] records for "was not set" */

/* git config SCOPE KEY (SCOPE: --global or --local), or NULL. */
static char *gc_get_in(const char *scope, const char *key)
{
	const char *argv[] = { "git", "config", scope, "--get", key, NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = 1;

	if (civil_run(argv, NULL, NULL, 0, &out, &status, NULL) || status) {
		civil_buf_release(&out);
		return NULL;
	}
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	return civil_buf_detach(&out);
}

static char *gc_get(const char *key)
{
	return gc_get_in("--global", key);
}

/* git config SCOPE KEY VALUE; VALUE NULL or UNSET unsets it. */
static int gc_set_in(const char *scope, const char *key, const char *value)
{
	const char *set[] = { "git", "config", scope, key, value, NULL };
	const char *unset[] = { "git", "config", scope, "--unset", key, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	bool clear = !value || !strcmp(value, UNSET);
	int status = 0;

	if (civil_run(clear ? unset : set, NULL, NULL, 0, NULL, &status,
		      &err)) {
		cmd_warn_error(&err);
		return -1;
	}
	/* Unsetting what isn't set is fine (git says 5). */
	if (status && !(clear && status == 5)) {
		cmd_warn("git config %s %s failed", scope, key);
		return -1;
	}
	return 0;
}

static int gc_set(const char *key, const char *value)
{
	return gc_set_in("--global", key, value);
}

/* Record VALUE under KEY, UNSET included, for --uninstall to read. */
static int gc_store(const char *key, const char *value)
{
	const char *set[] = { "git", "config", "--global", key, value, NULL };
	int status = 0;

	if (civil_run(set, NULL, NULL, 0, NULL, &status, NULL) || status) {
		cmd_warn("git config --global %s failed", key);
		return -1;
	}
	return 0;
}

/* git leaves "[section]" behind when its last key goes; take it away, so
 * an uninstall gives back the very file there was. */
static void gc_prune_in(const char *scope, const char *section)
{
	struct civil_buf re = CIVIL_BUF_INIT;
	const char *get[] = {
		"git", "config", scope, "--get-regexp", NULL, NULL
	};
	const char *rm[] = { "git",   "config", scope, "--remove-section",
			     section, NULL };
	int status = 0;

	civil_buf_addf(&re, "^%s\\.", section);
	get[4] = re.buf;
	if (!civil_run(get, NULL, NULL, 0, NULL, &status, NULL) && status == 1)
		civil_run_quiet(rm, NULL, NULL, 0, NULL, &status, NULL);
	civil_buf_release(&re);
}

static void gc_prune(const char *section)
{
	gc_prune_in("--global", section);
}

static char *our_program(const char *name)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	if (civil_self_bindir(&b, NULL)) {
		civil_buf_release(&b);
		return strdup(name);
	}
	civil_buf_addf(&b, "/%s", name);
	return civil_buf_detach(&b);
}

static int mkdir_p(const char *dir);

#define B4_TEMPLATE_KEY "b4.review-reply-template"

/* b4 --version as MAJOR.MINOR; false when there is no b4. */
static bool b4_version(int *major, int *minor)
{
	const char *argv[] = { "b4", "--version", NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = 1;
	bool ok;

	ok = !civil_run_quiet(argv, NULL, NULL, 0, &out, &status, NULL) &&
	     !status && sscanf(civil_buf_str(&out), "%d.%d", major, minor) == 2;
	civil_buf_release(&out);
	return ok;
}

/*
 * Where civil's b4 review reply template lives.  In a repository: next to
 * its config, set in its config, because the reminder names that
 * repository's code.  Elsewhere: the user's config directory and global
 * git config, with the code civil falls back to.  Returns the git config
 * scope.
 */
static const char *b4_template_place(struct civil_buf *path)
{
	const char *argv[] = { "git", "rev-parse", "--path-format=absolute",
			       "--git-common-dir", NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *xdg = getenv("XDG_CONFIG_HOME");
	int status = 1;

	civil_buf_reset(path);
	if (!civil_run_quiet(argv, NULL, NULL, 0, &out, &status, NULL) &&
	    !status && out.len) {
		while (out.len && out.buf[out.len - 1] == '\n')
			out.buf[--out.len] = '\0';
		civil_buf_addf(path, "%s/civil-b4-review-reply-template",
			       out.buf);
		civil_buf_release(&out);
		return "--local";
	}
	civil_buf_release(&out);
	if (xdg && *xdg == '/')
		civil_buf_addf(path, "%s/civil", xdg);
	else
		civil_buf_addf(path, "%s/.config/civil",
			       getenv("HOME") ? getenv("HOME") : "");
	civil_buf_adds(path, "/b4-review-reply-template");
	return "--global";
}

/*
 * b4 0.16 added b4.review-reply-template, which wraps every reply sent from
 * its review TUI.  Those replies are signed with patatt, so civil-sendmail
 * must pass them on untouched; the template puts the reminder in before b4
 * signs.  A template the user set is kept: civil says what to add to it.
 */
static int b4_template(bool uninstall)
{
	struct civil_buf path = CIVIL_BUF_INIT, dir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *scope = b4_template_place(&path);
	char *cur = gc_get_in(scope, B4_TEMPLATE_KEY), *reminder = NULL;
	char *text = NULL;
	int major = 0, minor = 0, rc = 1;
	civil_context_t ctx;

	if (uninstall) {
		/* Whatever b4 is there now: take away only what is ours. */
		if (cur && !strcmp(cur, path.buf)) {
			if (gc_set_in(scope, B4_TEMPLATE_KEY, UNSET))
				goto done;
			gc_prune_in(scope, "b4");
			if (unlink(path.buf) < 0 && errno != ENOENT)
				cmd_warn("can't remove '%s': %s", path.buf,
					 strerror(errno));
			printf("%s: b4's review replies no longer use civil's "
			       "template\n",
			       cmd_name);
		}
		rc = 0;
		goto done;
	}
	if (!b4_version(&major, &minor)) {
		printf("%s: b4 not found; nothing to set for its review "
		       "replies\n",
		       cmd_name);
		rc = 0;
		goto done;
	}
	if (major == 0 && minor < 16) {
		printf("%s: b4 %d.%d has no review reply template (0.16 added "
		       "one); civil-sendmail adds the reminder to what b4 "
		       "sends unsigned\n",
		       cmd_name, major, minor);
		rc = 0;
		goto done;
	}
	civil_context_open(&ctx, NULL, NULL, NULL);
	reminder = civil_reminder_text(&ctx.code, &ctx.config);
	civil_context_close(&ctx);
	if (cur && strcmp(cur, path.buf)) {
		printf("%s: keeping your %s '%s'; to carry the code's "
		       "reminder, end its signature block with:\n%s\n",
		       cmd_name, B4_TEMPLATE_KEY, cur, reminder);
		rc = 0;
		goto done;
	}
	text = civil_b4_reply_template(reminder);
	civil_buf_add(&dir, path.buf,
		      (size_t)(strrchr(path.buf, '/') - path.buf));
	if (mkdir_p(dir.buf))
		goto done;
	if (civil_file_create(path.buf, text, strlen(text), 0644, true, &err)) {
		cmd_warn_error(&err);
		goto done;
	}
	if (!cur && gc_set_in(scope, B4_TEMPLATE_KEY, path.buf))
		goto done;
	printf("%s: b4 %d.%d: review replies carry the reminder (%s %s = "
	       "%s)\n",
	       cmd_name, major, minor, scope, B4_TEMPLATE_KEY, path.buf);
	rc = 0;
done:
	free(cur);
	free(reminder);
	free(text);
	civil_buf_release(&path);
	civil_buf_release(&dir);
	return rc;
}

static int do_b4(bool uninstall)
{
	char *ours = our_program("civil-sendmail");
	char *cur = gc_get("sendemail.smtpServer");
	char *saved = NULL, *saved_sm = NULL, *prev_sm = NULL;
	int rc = 1;

	if (uninstall) {
		if (b4_template(true))
			goto done;
		if (!cur || strcmp(cur, ours)) {
			printf("%s: b4 does not send through civil-sendmail\n",
			       cmd_name);
			rc = 0;
			goto done;
		}
		saved = gc_get("civil-install.b4-smtpserver");
		saved_sm = gc_get("civil-install.b4-sendmail");
		if (gc_set("sendemail.smtpServer", saved ? saved : UNSET) ||
		    (saved_sm && gc_set("civil.sendmail", saved_sm)) ||
		    gc_set("civil-install.b4-smtpserver", UNSET) ||
		    gc_set("civil-install.b4-sendmail", UNSET))
			goto done;
		gc_prune("civil-install");
		gc_prune("civil");
		gc_prune("sendemail");
		printf("%s: sendemail.smtpServer is back to %s\n", cmd_name,
		       saved && strcmp(saved, UNSET) ? saved : "unset");
		rc = 0;
		goto done;
	}
	if (cur && !strcmp(cur, ours)) {
		printf("%s: b4 already sends through '%s'\n", cmd_name, ours);
		rc = b4_template(false);
		goto done;
	}
	/* b4 (like git) runs sendemail.smtpServer as a program only when it
	 * has a '/' in it; otherwise it is an SMTP server civil can't be
	 * put in front of. */
	if (cur && !strchr(cur, '/')) {
		cmd_warn("sendemail.smtpServer is the SMTP server '%s'; "
			 "civil-sendmail can only stand in front of a sendmail "
			 "program (git send-email still gets the reminder: "
			 "civil-install --git)",
			 cur);
		goto done;
	}
	prev_sm = gc_get("civil.sendmail");
	if (gc_store("civil-install.b4-smtpserver", cur ? cur : UNSET) ||
	    gc_store("civil-install.b4-sendmail", prev_sm ? prev_sm : UNSET))
		goto done;
	/* Mail goes on to the sendmail that was configured. */
	if (cur && !prev_sm && gc_store("civil.sendmail", cur))
		goto done;
	if (gc_store("sendemail.smtpServer", ours))
		goto done;
	printf("%s: b4 and git send-email now send through '%s'%s%s\n",
	       cmd_name, ours, cur ? ", which hands mail on to " : "",
	       cur ? cur : "");
	rc = b4_template(false);
done:
	free(ours);
	free(cur);
	free(saved);
	free(saved_sm);
	free(prev_sm);
	return rc;
}

static int do_sendmail(bool uninstall)
{
	char *ours = our_program("civil-sendmail");
	char *real = gc_get("civil.sendmail");
	char *set_by_us = gc_get("civil-install.sendmail-set");
	int rc = 1;

	if (uninstall) {
		if (set_by_us && (gc_set("civil.sendmail", UNSET) ||
				  gc_set("civil-install.sendmail-set", UNSET)))
			goto done;
		gc_prune("civil-install");
		gc_prune("civil");
		printf("%s: remove the lines naming %s from your mail client's "
		       "configuration\n",
		       cmd_name, ours);
		rc = 0;
		goto done;
	}
	if (!real) {
		char *msmtp = g_find_program_in_path("msmtp");

		real = strdup(msmtp ? msmtp : "/usr/sbin/sendmail");
		g_free(msmtp);
		/* Pinned now, so mail keeps going where it went today. */
		if (gc_store("civil.sendmail", real) ||
		    gc_store("civil-install.sendmail-set", "true"))
			goto done;
	}
	printf("civil-sendmail hands mail on to: %s (git config civil.sendmail)"
	       "\n\n"
	       "mutt / neomutt (~/.muttrc):\n"
	       "    set sendmail=\"%s -oem -oi\"\n\n"
	       "aerc (accounts.conf, in the account):\n"
	       "    outgoing = %s\n\n"
	       "emacs (init.el):\n"
	       "    (setq send-mail-function #'sendmail-send-it\n"
	       "          sendmail-program \"%s\")\n",
	       real, ours, ours, ours);
	rc = 0;
done:
	free(ours);
	free(real);
	free(set_by_us);
	return rc;
}

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

/* The shim from share/civil/hooks/NAME, pointed at our own bindir. */
static int shim_text(const char *name, struct civil_buf *out)
{
	struct civil_buf rel = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	struct civil_buf tmpl = CIVIL_BUF_INIT, bindir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *p, *at;
	int rc = -1;

	civil_buf_addf(&rel, "hooks/%s", name);
	if (civil_data_path(rel.buf, &path, &err) ||
	    civil_file_read(path.buf, &tmpl, &err) ||
	    civil_self_bindir(&bindir, &err)) {
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

static int mkdir_p(const char *dir)
{
	char *d = strdup(dir);

	for (char *p = d + 1; p && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0777) < 0 && errno != EEXIST)
			break;
		*p = '/';
	}
	free(d);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		cmd_warn("can't create '%s': %s", dir, strerror(errno));
		return -1;
	}
	return 0;
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

static int do_git(const char *repo, bool uninstall)
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
	const char *q = cfg->query, *p;

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
		if (*tag && !new_tags_add(cfg->new_tags, tag))
			cmd_warn("civil.query '%s' scores mail tagged '%s', "
				 "which notmuch new does not add (new.tags is "
				 "'%s'): the post-new hook will score nothing "
				 "new; without civil.query it scores what "
				 "changed since its last run",
				 q, tag, cfg->new_tags ? cfg->new_tags : "");
		g_free(tag);
	}
}

/* The post-new hook scores what changed since its last scan: start that
 * record now, so the first 'notmuch new' does not score the whole
 * archive. */
static void start_scanning_here(const civil_nm_config_t *cfg)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	bool started = false;

	if (civil_scan_start_here(cfg, &started, &err)) {
		cmd_warn("%s; the first scan will score all the mail there is",
			 err.message);
		civil_error_clear(&err);
	} else if (started) {
		printf("%s: new mail is scored from now on; to score the mail "
		       "you have: civil-scan --apply '*'\n",
		       cmd_name);
	}
}

static int do_notmuch(bool uninstall)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;
	civil_status_t st;
	int rc = 1;

	st = civil_nm_config_load(&cfg, &err);
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
	if (!cfg.hook_dir) {
		cmd_warn("notmuch has no hook directory (is database.path "
			 "set?)");
		goto done;
	}
	if (uninstall) {
		rc = uninstall_hook(cfg.hook_dir, "post-new");
		goto done;
	}
	rc = install_hook(cfg.hook_dir, "post-new", true);
	if (rc)
		goto done;
	start_scanning_here(&cfg);
	check_query_tags(&cfg);
done:
	civil_nm_config_release(&cfg);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "git", no_argument, NULL, 'g' },
		{ "notmuch", no_argument, NULL, 'n' },
		{ "b4", no_argument, NULL, 'b' },
		{ "sendmail", no_argument, NULL, 's' },
		{ "uninstall", no_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool git = false, notmuch = false, b4 = false, sendmail = false;
	bool uninstall = false;
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'g':
			git = true;
			break;
		case 'n':
			notmuch = true;
			break;
		case 'b':
			b4 = true;
			break;
		case 's':
			sendmail = true;
			break;
		case 'u':
			uninstall = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("civil-install %s\n", CIVIL_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if ((!git && !notmuch && !b4 && !sendmail) || argc - optind > 1 ||
	    (!git && optind < argc)) {
		usage(stderr);
		return 2;
	}
	civil_init();
	if (git)
		rc |= do_git(optind < argc ? argv[optind] : ".", uninstall);
	if (notmuch)
		rc |= do_notmuch(uninstall);
	if (b4)
		rc |= do_b4(uninstall);
	if (sendmail)
		rc |= do_sendmail(uninstall);
	civil_shutdown();
	return rc;
}
