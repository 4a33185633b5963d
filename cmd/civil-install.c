// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-install - put civil where git, b4, notmuch and mail clients will
 * run it, keeping what the user had, and undo it.
 *
 *   civil-install --git [REPO]      sendemail-validate hook
 *   civil-install --notmuch         post-new hook in notmuch's hook dir
 *   civil-install --b4              b4 and git send-email send through
 *                                   civil-sendmail: every sendmailCmd and
 *                                   smtpServer, for every identity
 *   civil-install --sendmail        say how mutt, aerc, emacs use it
 *   ... --uninstall                 put back what was there
 *
 * Settings it changes are changed in the git config file they are in;
 * what was there before is kept beside them under [civil-install "KEY"]
 * until --uninstall puts it back.
 *
 * A hook that was already there is renamed NAME.civil-chained and run by
 * civil's shim (git's first, notmuch's after civil-scan); uninstall puts
 * it back under its own name.
 */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "options.h"

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

static bool git_config(const char *const *argv, struct civil_buf *out);

/* git config [SCOPE] --get KEY, or NULL.  SCOPE: --global or --local;
 * NULL: every file, as git sees it here. */
static char *gc_get_in(const char *scope, const char *key)
{
	const char *argv[6] = { "git", "config" };
	struct civil_buf out = CIVIL_BUF_INIT;
	size_t n = 2;

	if (scope)
		argv[n++] = scope;
	argv[n++] = "--get";
	argv[n++] = key;
	if (!git_config(argv, &out)) {
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

static char *global_file(void);

/* The file git config SCOPE (--global or --local: the repository git
 * would use here) writes; malloc'd, or NULL (said). */
static char *scope_file(const char *scope)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *here = NULL;
	char *path;

	if (strcmp(scope, "--local"))
		return global_file();
	if (civil_repo_open_env(&here, &err)) {
		cmd_warn_error(&err);
		return NULL;
	}
	path = g_strdup_printf("%s/config", civil_repo_common_dir(here));
	civil_repo_free(here);
	return path;
}

/* Set key to value in file, by the library's writer (the layer that
 * reads it); value NULL or UNSET unsets it, and a section that leaves
 * empty goes too. */
static int config_set(const char *file, const char *key, const char *value)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	if (value && !strcmp(value, UNSET))
		value = NULL;
	if (civil_config_file_set(file, key, value, &err)) {
		cmd_warn_error(&err);
		return -1;
	}
	return 0;
}

/* git config SCOPE KEY VALUE, as config_set. */
static int gc_set_in(const char *scope, const char *key, const char *value)
{
	char *file = scope_file(scope);
	int rc = file ? config_set(file, key, value) : -1;

	g_free(file);
	return rc;
}

static int gc_set(const char *key, const char *value)
{
	return gc_set_in("--global", key, value);
}

static char *our_program(const char *name)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	if (cmd_self_bindir(&b, NULL)) {
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
 * git config.  Returns the git config scope.
 */
static const char *b4_template_place(struct civil_buf *path)
{
	struct civil_buf user = CIVIL_BUF_INIT;
	civil_repo_t *here = NULL;
	const char *scope = "--global";

	if (!civil_repo_open_env(&here, NULL))
		scope = "--local";
	/* Outside a tree: $XDG_CONFIG_HOME/civil, ~/.config/civil. */
	if (!cmd_xdg_dir("XDG_CONFIG_HOME", ".config", &user))
		civil_buf_release(&user);
	if (civil_b4_template_path(here, user.buf, path, NULL))
		civil_buf_reset(path);
	civil_buf_release(&user);
	civil_repo_free(here);
	return scope;
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
	civil_t *c;

	if (uninstall) {
		/* Whatever b4 is there now: take away only what is ours. */
		if (cur && !strcmp(cur, path.buf)) {
			if (gc_set_in(scope, B4_TEMPLATE_KEY, UNSET))
				goto done;
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
	c = cmd_open(CMD_OPEN_GIT, NULL);
	if (!c)
		goto done;
	reminder =
		civil_reminder_text(civil_get_code(c), civil_get_settings(c));
	civil_close(c);
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

/*
 * Where b4 and git send-email send.  Each of them picks, for the identity
 * in use (sendemail.identity, b4.sendemail-identity, --identity), every
 * setting from sendemail.<identity>.* before sendemail.*, and then:
 * sendmailCmd (git >= 2.33, b4 >= 0.16; a shell command line, given the
 * sendmail arguments) wins; else an smtpServer that is a path is a
 * sendmail program; else smtpServer is an SMTP server (none: git runs the
 * system's sendmail, b4 talks to localhost).  b4 0.12 reads smtpServer
 * only.
 *
 * civil-install --b4 puts civil-sendmail in every such setting, in the
 * file it is in, and makes civil-sendmail hand the mail on to what the
 * setting named before: a sendmailCmd becomes "civil-sendmail
 * --sendmail=<old command>"; a program in smtpServer becomes
 * civil-sendmail, with the program as civil.sendmail.  So the same
 * setting as before is picked, and mail ends where it ended.  What each
 * setting was is kept beside it, under [civil-install "<key>"], for
 * --uninstall.  Then it reads the settings back and says, for each
 * identity, whether mail goes through civil: an SMTP server can't have
 * civil in front of it.
 */

/* One sendemail.* setting: the file it is in (NULL when not a file), its
 * key as git prints it, the identity (NULL: none) and the variable. */
struct send_setting {
	char *file;
	char *key;
	char *value;
	char *identity;
	char *var;
};

struct send_settings {
	struct send_setting *v;
	size_t n;
};

/* git config ARGV... with its output in out (never on our stdout: that is
 * for civil-install's own lines) and its complaints thrown away; the
 * caller says what went wrong.  True when git said 0. */
static bool git_config(const char *const *argv, struct civil_buf *out)
{
	struct civil_buf ignored = CIVIL_BUF_INIT;
	int status = 1;
	bool ok = !civil_run_quiet(argv, NULL, NULL, 0, out ? out : &ignored,
				   &status, NULL) &&
		  !status;

	civil_buf_release(&ignored);
	return ok;
}

/* git names a tree's own config relative to the top of the tree (where
 * it moves to), or to the current directory outside a work tree. */
static char *origin_path(const char *origin)
{
	const char *argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
	struct civil_buf top = CIVIL_BUF_INIT;
	char *path, *cwd;

	if (*origin == '/')
		return g_strdup(origin);
	if (git_config(argv, &top) && top.len) {
		g_strchomp(top.buf);
		path = g_build_filename(top.buf, origin, NULL);
	} else {
		cwd = g_get_current_dir();
		path = g_build_filename(cwd, origin, NULL);
		g_free(cwd);
	}
	civil_buf_release(&top);
	return path;
}

/* Every setting whose key matches regex, as git sees them here (all
 * files, includes followed), in git's order. */
static void settings_read(const char *regex, struct send_settings *l)
{
	const char *argv[] = {
		"git",		"config", "--null", "--show-origin",
		"--get-regexp", regex,	  NULL
	};
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *p, *end;

	memset(l, 0, sizeof(*l));
	if (!git_config(argv, &out))
		goto done;
	for (p = out.buf, end = out.buf + out.len; p < end;) {
		const char *origin = p, *kv = p + strlen(p) + 1, *nl;
		struct send_setting *e;
		char *last;

		if (kv >= end)
			break;
		p = kv + strlen(kv) + 1;
		l->v = g_renew(struct send_setting, l->v, l->n + 1);
		e = &l->v[l->n++];
		memset(e, 0, sizeof(*e));
		if (!strncmp(origin, "file:", 5))
			e->file = origin_path(origin + 5);
		nl = strchr(kv, '\n');
		e->key = g_strndup(kv, nl ? (size_t)(nl - kv) : strlen(kv));
		e->value = g_strdup(nl ? nl + 1 : "");
		last = strrchr(e->key, '.');
		e->var = g_strdup(last + 1);
		if (strchr(e->key, '.') != last)
			e->identity = g_strndup(
				strchr(e->key, '.') + 1,
				(size_t)(last - strchr(e->key, '.') - 1));
	}
done:
	civil_buf_release(&out);
}

static void settings_release(struct send_settings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		g_free(l->v[i].file);
		g_free(l->v[i].key);
		g_free(l->v[i].value);
		g_free(l->v[i].identity);
		g_free(l->v[i].var);
	}
	g_free(l->v);
	memset(l, 0, sizeof(*l));
}

/* The value git would use: the last one, for identity (NULL: none). */
static const char *settings_get(const struct send_settings *l,
				const char *identity, const char *var)
{
	const char *v = NULL;

	for (size_t i = 0; i < l->n; i++)
		if (!g_strcmp0(l->v[i].identity, identity) &&
		    !strcmp(l->v[i].var, var))
			v = l->v[i].value;
	return v;
}

/* Is the first word of this command line (or this path) civil-sendmail? */
static bool runs_civil_sendmail(const char *cmdline)
{
	char **argv = NULL, *first;
	bool ours;

	if (g_shell_parse_argv(cmdline, NULL, &argv, NULL))
		first = g_strdup(argv[0]);
	else
		first = g_strndup(cmdline, strcspn(cmdline, " \t"));
	ours = !strcmp(strrchr(first, '/') ? strrchr(first, '/') + 1 : first,
		       "civil-sendmail");
	g_free(first);
	g_strfreev(argv);
	return ours;
}

/* The key as civil writes it back: git prints variables in lower case,
 * git's documentation spells them smtpServer and sendmailCmd. */
static char *canonical_key(const struct send_setting *e)
{
	return g_strdup_printf(
		"sendemail.%s%s%s", e->identity ? e->identity : "",
		e->identity ? "." : "",
		!strcmp(e->var, "smtpserver") ? "smtpServer" : "sendmailCmd");
}

/* Set key to value in file, keeping what was there (old, NULL: nothing)
 * under [civil-install "key"] for --uninstall. */
static int setting_replace(const char *file, const char *key, const char *old,
			   const char *value)
{
	char *was = g_strdup_printf("civil-install.%s.was", key);
	char *set = g_strdup_printf("civil-install.%s.set", key);
	civil_error_t err = CIVIL_ERROR_INIT;
	int rc = 0;

	if (civil_config_file_set(file, was, old ? old : UNSET, &err) ||
	    civil_config_file_set(file, set, value, &err) ||
	    civil_config_file_set(file, key, value, &err)) {
		cmd_warn("can't set %s in '%s': %s", key, file, err.message);
		civil_error_clear(&err);
		rc = -1;
	}
	g_free(was);
	g_free(set);
	return rc;
}

/* The sendmail git runs when nothing names one. */
static const char *system_sendmail(void)
{
	if (access("/usr/sbin/sendmail", X_OK) == 0)
		return "/usr/sbin/sendmail";
	if (access("/usr/lib/sendmail", X_OK) == 0)
		return "/usr/lib/sendmail";
	return NULL;
}

/* The global config file, as git config --global writes it. */
static char *global_file(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME") ? getenv("HOME") : "";
	char *dot = g_strdup_printf("%s/.gitconfig", home);
	char *x = xdg && *xdg == '/'
			  ? g_strdup_printf("%s/git/config", xdg)
			  : g_strdup_printf("%s/.config/git/config", home);

	if (getenv("GIT_CONFIG_GLOBAL") && *getenv("GIT_CONFIG_GLOBAL")) {
		g_free(dot);
		g_free(x);
		return g_strdup(getenv("GIT_CONFIG_GLOBAL"));
	}
	/* git writes ~/.gitconfig unless only the XDG file is there. */
	if (access(dot, F_OK) < 0 && access(x, F_OK) == 0) {
		g_free(dot);
		return x;
	}
	g_free(x);
	return dot;
}

/* Put civil-sendmail in every sendemail setting that names a sendmail,
 * keeping what it named as the next step. */
static int routes_install(const char *ours)
{
	struct send_settings l;
	char *real = gc_get_in(NULL, "civil.sendmail"), *pin = NULL;
	char *gfile = global_file();
	bool base = false;
	int rc = 0;

	settings_read("^sendemail\\.", &l);
	for (size_t i = 0; i < l.n; i++) {
		struct send_setting *e = &l.v[i];
		bool cmd = !strcmp(e->var, "sendmailcmd");
		char *key, *value;

		if (!cmd && strcmp(e->var, "smtpserver"))
			continue;
		base |= !e->identity;
		/* An SMTP server: said below, with what it means. */
		if (runs_civil_sendmail(e->value) || (!cmd && *e->value != '/'))
			continue;
		if (!e->file) {
			cmd_warn("%s is not set in a file civil can change",
				 e->key);
			continue;
		}
		key = canonical_key(e);
		if (!cmd && (pin || real) &&
		    strcmp(pin ? pin : real, e->value)) {
			cmd_warn("%s is '%s', but civil-sendmail hands mail on "
				 "to '%s' (civil.sendmail): write it as "
				 "sendemail.%s%ssendmailCmd (git >= 2.33, b4 "
				 ">= 0.16), or make civil.sendmail '%s', and "
				 "run civil-install --b4 again",
				 key, e->value, pin ? pin : real,
				 e->identity ? e->identity : "",
				 e->identity ? "." : "", e->value);
			g_free(key);
			continue;
		}
		if (cmd) {
			char *q1 = g_shell_quote(ours),
			     *q2 = g_shell_quote(e->value);

			value = g_strdup_printf("%s --sendmail=%s", q1, q2);
			g_free(q1);
			g_free(q2);
		} else {
			value = g_strdup(ours);
			if (!real && !pin)
				pin = g_strdup(e->value);
		}
		if (setting_replace(e->file, key, e->value, value))
			rc = 1;
		else
			printf("%s: %s ('%s'): civil-sendmail, then '%s'\n",
			       cmd_name, key, e->file, e->value);
		g_free(key);
		g_free(value);
	}
	if (!base) {
		/* Nothing named: git would run the system's sendmail, b4
		 * talk SMTP to localhost.  civil-sendmail hands on to the
		 * system's sendmail, as git did. */
		if (setting_replace(gfile, "sendemail.smtpServer", NULL, ours))
			rc = 1;
		else
			printf("%s: sendemail.smtpServer ('%s'): "
			       "civil-sendmail, then '%s'\n",
			       cmd_name, gfile,
			       real ? real
			       : system_sendmail()
				       ? system_sendmail()
				       : "msmtp, or /usr/sbin/sendmail");
		if (!real && !pin && system_sendmail())
			pin = g_strdup(system_sendmail());
	}
	if (pin && setting_replace(gfile, "civil.sendmail", NULL, pin))
		rc = 1;
	settings_release(&l);
	g_free(real);
	g_free(pin);
	g_free(gfile);
	return rc;
}

/* What one identity's mail goes to, as git (b4 0.16 alike) or, old_b4,
 * b4 before 0.16 would pick it: NULL when that is civil-sendmail. */
static char *route_bypasses(const struct send_settings *l, const char *id,
			    bool old_b4)
{
	const char *cmd = NULL, *srv;

	if (!old_b4 && !(cmd = settings_get(l, id, "sendmailcmd")))
		cmd = settings_get(l, NULL, "sendmailcmd");
	if (!(srv = settings_get(l, id, "smtpserver")))
		srv = settings_get(l, NULL, "smtpserver");
	if (cmd)
		return runs_civil_sendmail(cmd)
			       ? NULL
			       : g_strdup_printf("runs '%s'", cmd);
	if (srv && (old_b4 ? strchr(srv, '/') != NULL : *srv == '/'))
		return runs_civil_sendmail(srv)
			       ? NULL
			       : g_strdup_printf("runs '%s'", srv);
	if (srv)
		return g_strdup_printf("goes to the SMTP server '%s'", srv);
	return g_strdup(old_b4 ? "goes to the SMTP server 'localhost'"
			       : "runs the system's sendmail");
}

/* Read the settings back: does every identity's mail go through civil?
 * Says which does not, and why; returns how many. */
static int routes_check(int b4_major, int b4_minor)
{
	bool old_b4 = b4_major == 0 && b4_minor < 16;
	GPtrArray *ids = g_ptr_array_new();
	struct civil_buf names = CIVIL_BUF_INIT;
	struct send_settings l;
	int bypass = 0;

	settings_read("^sendemail\\.", &l);
	g_ptr_array_add(ids, NULL);
	for (size_t i = 0; i < l.n; i++) {
		bool seen = false;

		for (guint k = 1; k < ids->len; k++)
			seen |= !strcmp(ids->pdata[k],
					l.v[i].identity ? l.v[i].identity : "");
		if (l.v[i].identity && !seen) {
			g_ptr_array_add(ids, l.v[i].identity);
			civil_buf_addf(&names, "%s'%s'", names.len ? ", " : "",
				       l.v[i].identity);
		}
	}
	for (guint k = 0; k < ids->len; k++) {
		const char *id = ids->pdata[k];

		for (int b4 = 0; b4 <= (int)old_b4; b4++) {
			char *why = route_bypasses(&l, id, b4);
			struct civil_buf who = CIVIL_BUF_INIT;

			if (!why)
				continue;
			bypass++;
			if (b4)
				civil_buf_addf(&who,
					       "b4 %d.%d reads no sendmailCmd: "
					       "its mail",
					       b4_major, b4_minor);
			else
				civil_buf_adds(&who, "mail");
			cmd_warn("%s sent with %s%s%s %s, not through "
				 "civil-sendmail%s",
				 who.buf, id ? "identity '" : "no identity",
				 id ? id : "", id ? "'" : "", why,
				 strstr(why, "SMTP")
					 ? " (civil can only stand in front "
					   "of a sendmail program, such as "
					   "msmtp; git send-email still gets "
					   "the reminder from civil-install "
					   "--git)"
					 : "");
			civil_buf_release(&who);
			g_free(why);
		}
	}
	if (!bypass)
		printf("%s: b4 and git send-email send through civil-sendmail "
		       "%s%s\n",
		       cmd_name, names.len ? "with every identity: none, " : "",
		       names.len ? names.buf : "(no sendemail identities)");
	g_ptr_array_free(ids, TRUE);
	civil_buf_release(&names);
	settings_release(&l);
	return bypass;
}

/* Put back what routes_install changed, where it is still as civil left
 * it; a setting changed since is left as it is, and said. */
static int routes_uninstall(void)
{
	struct send_settings l;
	int rc = 0, done = 0;

	settings_read("^civil-install\\..*\\.was$", &l);
	for (size_t i = 0; i < l.n; i++) {
		const struct send_setting *e = &l.v[i];
		/* civil-install.<key>.was: the key is the "identity". */
		const char *key = e->identity, *was = e->value;
		char *set_key = g_strdup_printf("civil-install.%s.set", key);
		char *was_key = g_strdup_printf("civil-install.%s.was", key);
		const char *get_set[] = { "git",   "config", "--file", e->file,
					  "--get", set_key,  NULL };
		const char *get_cur[] = { "git",   "config", "--file", e->file,
					  "--get", key,	     NULL };
		struct civil_buf set = CIVIL_BUF_INIT, cur = CIVIL_BUF_INIT;
		bool restore;

		if (!e->file || !key)
			goto next;
		git_config(get_set, &set);
		git_config(get_cur, &cur);
		g_strchomp(set.buf ? set.buf : (char *)"");
		g_strchomp(cur.buf ? cur.buf : (char *)"");
		restore = set.len &&
			  !strcmp(civil_buf_str(&set), civil_buf_str(&cur));
		if (!restore) {
			printf("%s: %s in '%s' was changed since civil-install "
			       "--b4; left as it is\n",
			       cmd_name, key, e->file);
		} else if (config_set(e->file, key, was)) {
			cmd_warn("can't put %s back in '%s'", key, e->file);
			rc = 1;
			goto next;
		} else {
			printf("%s: %s is %s%s%s again ('%s')\n", cmd_name, key,
			       strcmp(was, UNSET) ? "'" : "",
			       strcmp(was, UNSET) ? was : "unset",
			       strcmp(was, UNSET) ? "'" : "", e->file);
		}
		/* What was kept for it goes, its section with it. */
		if (config_set(e->file, set_key, NULL) ||
		    config_set(e->file, was_key, NULL))
			rc = 1;
		done++;
	next:
		g_free(set_key);
		g_free(was_key);
		civil_buf_release(&set);
		civil_buf_release(&cur);
	}
	if (!done && !rc)
		printf("%s: b4 does not send through civil-sendmail\n",
		       cmd_name);
	settings_release(&l);
	return rc;
}

static int do_b4(bool uninstall)
{
	char *ours = our_program("civil-sendmail");
	int major = -1, minor = -1, rc;

	if (uninstall) {
		rc = b4_template(true);
		rc |= routes_uninstall();
		free(ours);
		return rc;
	}
	b4_version(&major, &minor);
	rc = routes_install(ours);
	if (routes_check(major, minor))
		rc = 1;
	rc |= b4_template(false);
	free(ours);
	return rc;
}

/* aerc before 0.16 draws a failed send only at the next key, and no aerc
 * shows what its sendmail says (its stderr is /dev/null): a review held
 * for its tone would look sent.  So for those, aerc's line sends without
 * the tone check (issue 24 item 4). */
static bool aerc_hides_holds(void)
{
	const char *argv[] = { "aerc", "-v", NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = -1, major = 0, minor = 0;
	bool hides;

	hides = !civil_run_quiet(argv, NULL, NULL, 0, &out, &status, NULL) &&
		!status &&
		sscanf(civil_buf_str(&out), "aerc %d.%d", &major, &minor) == 2 &&
		major == 0 && minor < 16;
	civil_buf_release(&out);
	return hides;
}

static int do_sendmail(bool uninstall)
{
	char *ours = our_program("civil-sendmail");
	char *real = gc_get("civil.sendmail");
	char *set_by_us = gc_get("civil-install.sendmail-set");
	char *repo = gc_get_in(NULL, "civil.repository");
	int rc = 1;

	if (uninstall) {
		if (set_by_us && (gc_set("civil.sendmail", UNSET) ||
				  gc_set("civil-install.sendmail-set", UNSET)))
			goto done;
		printf("%s: remove the lines naming %s from your mail client's "
		       "configuration\n",
		       cmd_name, ours);
		rc = 0;
		goto done;
	}
	if (!real) {
		real = cmd_default_sendmail();
		/* Pinned now, so mail keeps going where it went today. */
		if (gc_set("civil.sendmail", real) ||
		    gc_set("civil-install.sendmail-set", "true"))
			goto done;
	}
	printf("civil-sendmail hands mail on to: %s (git config civil.sendmail)"
	       "\n\n"
	       "mutt / neomutt (~/.muttrc):\n"
	       "    set sendmail=\"%s -oem -oi\"\n\n"
	       "aerc (accounts.conf, in the account):\n",
	       real, ours);
	if (aerc_hides_holds())
		printf("    outgoing = env CIVIL_TONE=off %s\n"
		       "  (this aerc draws a failed send only at the next key "
		       "and never shows what its\n"
		       "  sendmail says, so a review held for its tone would "
		       "look sent: aerc's mail\n"
		       "  goes out without the tone check; aerc 0.16 and "
		       "later show the hold)\n\n",
		       ours);
	else
		printf("    outgoing = %s\n\n", ours);
	printf("emacs: message-mode, notmuch-emacs, gnus (init.el):\n"
	       "    (setq send-mail-function #'sendmail-send-it\n"
	       "          sendmail-program \"%s\")\n\n",
	       ours);
	/* emacs runs its sendmail from "/", mutt from where it started. */
	if (repo)
		printf("Outside any tree, the code of '%s' applies (git config "
		       "civil.repository).\n",
		       repo);
	else
		printf("emacs runs it outside any tree, mutt and aerc where "
		       "they "
		       "were started; to have\nyour tree's code apply there:\n"
		       "    git config --global civil.repository "
		       "~/src/linux\n");
	printf("\nA heated review is held once: the client says the send "
	       "failed, with civil's\nreason (aerc: civil-sendmail --held "
	       "says it); sent again within %d minutes, it\ngoes out.\n",
	       CIVIL_HOLD_SECONDS / 60);
	rc = 0;
done:
	free(ours);
	free(real);
	free(set_by_us);
	free(repo);
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

static int do_notmuch(bool uninstall)
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

int main(int argc, char **argv)
{
	bool git = false, notmuch = false, b4 = false, sendmail = false;
	bool uninstall = false;
	const cmd_option_t opts[] = {
		{ "git", bool_argument, .out = &git,
		  .help = "the sendemail-validate hook in REPO (else here)" },
		{ "notmuch", bool_argument, .out = &notmuch,
		  .help = "notmuch's post-new hook: new mail is scored" },
		{ "b4", bool_argument, .out = &b4,
		  .help = "civil-sendmail before b4's and git's sendmail" },
		{ "sendmail", bool_argument, .out = &sendmail,
		  .help = "the lines for mutt, neomutt, aerc and emacs" },
		{ "uninstall", bool_argument, .out = &uninstall,
		  .help = "with the above: put back what was there" },
		{ NULL },
	};
	int argi, rc = cmd_options_parse(argc, argv, opts, 0, usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 0;
	if ((!git && !notmuch && !b4 && !sendmail) || argc - argi > 1 ||
	    (!git && argi < argc)) {
		usage(stderr);
		return 2;
	}
	cmd_start();
	if (git)
		rc |= do_git(argi < argc ? argv[argi] : ".", uninstall);
	if (notmuch)
		rc |= do_notmuch(uninstall);
	if (b4)
		rc |= do_b4(uninstall);
	if (sendmail)
		rc |= do_sendmail(uninstall);
	civil_shutdown();
	return rc;
}
