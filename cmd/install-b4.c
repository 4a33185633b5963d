// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * install-b4.c - civil-install --b4: b4 and git send-email send through
 * civil-sendmail, whatever sendmail each identity names.
 *
 * Each of them picks, for the identity in use (sendemail.identity,
 * b4.sendemail-identity, --identity), every setting from
 * sendemail.<identity>.* before sendemail.*, each the last value git
 * reads, and then: sendmailCmd (git >= 2.33, b4 >= 0.16; a shell command
 * line, given the sendmail arguments) wins; else an smtpServer that is a
 * path is a sendmail program; else smtpServer is an SMTP server (none: git
 * runs the system's sendmail, b4 talks to localhost).  b4 0.12 reads
 * smtpServer only.
 *
 * For every such setting that names a sendmail, civil's own file (the
 * global one, or the repository's for a setting in the repository's
 * config) gets the same key, read after the user's: a sendmailCmd C
 * becomes "civil-sendmail --sendmail=C"; a program in smtpServer becomes
 * civil-sendmail, with the program as civil.sendmail.  So the same setting
 * as before is picked, and mail ends where it ended.  "civil-sendmail"
 * there is civil's shim beside that file (own_shim), so that mail still
 * goes when civil is removed before --uninstall.  Then the settings
 * are read back, and for each identity it says whether its mail goes
 * through civil: an SMTP server can't have civil in front of it.
 */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "install.h"

#define B4_TEMPLATE_KEY "b4.review-reply-template"

/* A sendemail key as git prints it: its identity (NULL: none; malloc'd)
 * and variable; false for any other key. */
static bool send_key(const char *key, char **identity, const char **var)
{
	const char *first = strchr(key, '.'), *last = strrchr(key, '.');

	if (!first || strncmp(key, "sendemail.", 10))
		return false;
	*var = last + 1;
	*identity = first == last
			    ? NULL
			    : g_strndup(first + 1, (size_t)(last - first - 1));
	return true;
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

/* The key as civil writes it: git prints variables in lower case, git's
 * documentation spells them smtpServer and sendmailCmd. */
static char *canonical_key(const char *identity, bool cmd)
{
	return g_strdup_printf("sendemail.%s%s%s", identity ? identity : "",
			       identity ? "." : "",
			       cmd ? "sendmailCmd" : "smtpServer");
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

/* Set key in o for --b4, and say so when it is new (before, before_g:
 * o's and the global file's settings when civil-install started), or
 * when what it hands on to (then) is, with civil.sendmail (by_pin). */
static void set_said(struct own *o, const civil_gitconfig_t *before,
		     const civil_gitconfig_t *before_g, const char *key,
		     const char *value, const char *where, const char *then,
		     bool by_pin)
{
	const char *was = civil_gitconfig_get(before, key);
	/* A program in smtpServer: civil.sendmail says where it goes. */
	const char *pin = civil_gitconfig_get(before_g, "civil.sendmail");

	own_set(o, PIECE_B4, key, value);
	if (then && (!was || strcmp(was, value) ||
		     (by_pin && (!pin || strcmp(pin, then)))))
		printf("%s: %s ('%s'): civil-sendmail, then '%s'\n", cmd_name,
		       key, where, then);
}

/* civil's own file for a setting in scope: its own file comes after the
 * user's settings in that scope (the global one after the system's too);
 * NULL for a worktree's config or a command line's -c, which git reads
 * after all of them. */
static struct own *own_for(struct settings *s, const char *scope)
{
	if (!strcmp(scope, "global") || !strcmp(scope, "system"))
		return &s->global;
	if (!strcmp(scope, "local") && s->has_repo)
		return &s->repo;
	return NULL;
}

/* Is e the user's own setting git uses for its key (the last), where
 * civil's file for it is read: a key set globally and in this tree is
 * stood in front of in both, as git uses the one outside the tree too. */
static bool user_last(struct settings *s, const struct git_setting *e)
{
	struct own *mine = own_for(s, e->scope);

	if (e->ours)
		return false;
	for (const struct git_setting *x = e + 1; x < s->l.v + s->l.n; x++)
		if (!x->ours && civil_gitconfig_same_key(x->key, e->key) &&
		    own_for(s, x->scope) == mine)
			return false;
	return true;
}

/* The identities the settings name, NULL (none) first. */
static GPtrArray *identities(const struct git_settings *l,
			     struct civil_buf *names)
{
	GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);

	g_ptr_array_add(ids, NULL);
	for (size_t i = 0; i < l->n; i++) {
		char *identity = NULL;
		const char *var;
		bool seen = false;

		if (!send_key(l->v[i].key, &identity, &var) || !identity)
			continue;
		for (guint k = 1; k < ids->len; k++)
			seen |= !strcmp(ids->pdata[k], identity);
		if (seen) {
			g_free(identity);
			continue;
		}
		if (names)
			civil_buf_addf(names, "%s'%s'", names->len ? ", " : "",
				       identity);
		g_ptr_array_add(ids, identity);
	}
	return ids;
}

/* The user's own last sendemail.<id>.<var> (id NULL: sendemail.<var>),
 * not civil's. */
static const struct git_setting *user_get(const struct git_settings *l,
					  const char *id, const char *var)
{
	const struct git_setting *v = NULL;

	for (size_t i = 0; i < l->n; i++) {
		char *identity = NULL;
		const char *kv;

		if (!l->v[i].ours && send_key(l->v[i].key, &identity, &kv) &&
		    !g_strcmp0(identity, id) && !strcmp(kv, var))
			v = &l->v[i];
		g_free(identity);
	}
	return v;
}

/*
 * civil-sendmail in front of the SMTP servers: for each identity whose
 * mail goes to one, "civil-sendmail --smtp[=IDENTITY]" as its
 * sendmailCmd (what git send-email and b4 0.16 run) when that is where
 * git send-email sends it, and as its smtpServer (b4 before 0.16 runs an
 * smtpServer with a '/' in it, split as the shell would) when that is
 * where b4 sends it: b4 0.12 talks SMTP to smtpServer, else localhost,
 * even when sendmailCmd is set.  civil-sendmail then reads the
 * identity's own settings, civil's left out, and sends where they say.
 */
static void smtp_routes(struct settings *s, const civil_gitconfig_t *before_g,
			const civil_gitconfig_t *before_r)
{
	GPtrArray *ids = identities(&s->l, NULL);

	for (guint k = 0; k < ids->len; k++) {
		const char *id = ids->pdata[k];
		const struct git_setting *srv, *cmd, *from;
		bool git_smtp, b4_smtp;
		char *shim, *q, *value, *key;
		struct own *own;

		if (!(srv = user_get(&s->l, id, "smtpserver")))
			srv = user_get(&s->l, NULL, "smtpserver");
		if (!(cmd = user_get(&s->l, id, "sendmailcmd")))
			cmd = user_get(&s->l, NULL, "sendmailcmd");
		if (srv && (!srv->value || strchr(srv->value, '/') ||
			    runs_civil_sendmail(srv->value)))
			continue; /* a program: routes_install's */
		git_smtp = srv && !cmd;
		b4_smtp = srv || cmd;
		if (!b4_smtp)
			continue; /* nothing named: routes_install's */
		from = srv ? srv : cmd;
		own = own_for(s, from->scope);
		if (!own || !from->file)
			continue; /* said by routes_install */
		shim = own_shim(own);
		q = g_shell_quote(shim);
		if (id) {
			char *qi = g_shell_quote(id);

			value = g_strdup_printf("%s --smtp=%s", q, qi);
			g_free(qi);
		} else {
			value = g_strdup_printf("%s --smtp", q);
		}
		for (int b4 = 0; b4 < 2; b4++) {
			const civil_gitconfig_t *was =
				own == &s->global ? before_g : before_r;

			if (!(b4 ? b4_smtp : git_smtp))
				continue;
			key = canonical_key(id, !b4);
			own_set(own, PIECE_B4, key, value);
			if (!civil_gitconfig_get(was, key) ||
			    strcmp(civil_gitconfig_get(was, key), value))
				printf("%s: %s ('%s'): civil-sendmail, then "
				       "the SMTP server '%s'%s\n",
				       cmd_name, key, from->file,
				       srv ? srv->value : "localhost",
				       b4 ? " (b4 before 0.16)" : "");
			g_free(key);
		}
		g_free(value);
		g_free(q);
		g_free(shim);
	}
	g_ptr_array_free(ids, TRUE);
}

/* civil-sendmail in front of every sendmail the user's settings name. */
static int routes_install(struct settings *s, const char *ours,
			  const civil_gitconfig_t *before_g,
			  const civil_gitconfig_t *before_r)
{
	const struct git_setting *user_real =
		settings_last(&s->l, "civil.sendmail", true);
	/* Where civil-sendmail hands mail on: the user's civil.sendmail,
	 * or one another piece of civil set. */
	const char *real = user_real ? user_real->value
				     : own_get(&s->global, "civil.sendmail");
	char *pin = NULL, *gfile = home_short(s->global.path);
	const char *sys = system_sendmail();
	bool base = false;
	int rc = 0;

	for (size_t i = 0; i < s->l.n; i++) {
		const struct git_setting *e = &s->l.v[i];
		char *identity = NULL, *key = NULL, *value = NULL, *shim = NULL;
		const char *var;
		struct own *own;
		bool cmd;

		if (!send_key(e->key, &identity, &var) || e->ours ||
		    (strcmp(var, "sendmailcmd") && strcmp(var, "smtpserver")))
			goto next;
		cmd = !strcmp(var, "sendmailcmd");
		base |= !identity;
		/* Only the last value counts (git and b4 both take it); an
		 * SMTP server is said below, with what it means. */
		if (!user_last(s, e) || !e->value ||
		    runs_civil_sendmail(e->value) || (!cmd && *e->value != '/'))
			goto next;
		key = canonical_key(identity, cmd);
		own = own_for(s, e->scope);
		if (!own || !e->file) {
			cmd_warn("%s is set in %s%s%s (%s config), which git "
				 "reads after civil's own settings: set it in "
				 "your global or repository config",
				 key, e->file ? "'" : "",
				 e->file ? e->file : "git's command line",
				 e->file ? "'" : "", e->scope);
			goto next;
		}
		if (!cmd && (pin || real) &&
		    strcmp(pin ? pin : real, e->value)) {
			cmd_warn("%s is '%s', but civil-sendmail hands mail on "
				 "to '%s' (civil.sendmail): write it as "
				 "sendemail.%s%ssendmailCmd (git >= 2.33, b4 "
				 ">= 0.16), or make civil.sendmail '%s', and "
				 "run civil-install --b4 again",
				 key, e->value, pin ? pin : real,
				 identity ? identity : "", identity ? "." : "",
				 e->value);
			goto next;
		}
		shim = own_shim(own);
		if (cmd) {
			char *q1 = g_shell_quote(shim),
			     *q2 = g_shell_quote(e->value);

			value = g_strdup_printf("%s --sendmail=%s", q1, q2);
			g_free(q1);
			g_free(q2);
		} else {
			value = g_strdup(shim);
			if (!real && !pin)
				pin = g_strdup(e->value);
		}
		set_said(own, own == &s->global ? before_g : before_r, before_g,
			 key, value, e->file, e->value, !cmd && !user_real);
	next:
		g_free(identity);
		g_free(key);
		g_free(value);
		g_free(shim);
	}
	if (!base) {
		/* Nothing named: git would run the system's sendmail, b4
		 * talk SMTP to localhost.  civil-sendmail hands on to the
		 * system's sendmail, as git did. */
		char *shim = own_shim(&s->global);

		set_said(&s->global, before_g, before_g, "sendemail.smtpServer",
			 shim, gfile,
			 real  ? real
			 : sys ? sys
			       : "msmtp, or /usr/sbin/sendmail",
			 !user_real && (real || sys));
		if (!real && !pin && sys)
			pin = g_strdup(sys);
		g_free(shim);
	}
	if (pin)
		own_set(&s->global, PIECE_B4, "civil.sendmail", pin);
	g_free(pin);
	g_free(gfile);
	return rc;
}

/* The value git uses for identity's var (identity NULL: none). */
static const char *route_get(const struct git_settings *l, const char *id,
			     const char *var)
{
	const char *v = NULL;

	for (size_t i = 0; i < l->n; i++) {
		char *identity = NULL;
		const char *kv;

		if (send_key(l->v[i].key, &identity, &kv) &&
		    !g_strcmp0(identity, id) && !strcmp(kv, var))
			v = l->v[i].value ? l->v[i].value : "";
		g_free(identity);
	}
	return v;
}

/* What one identity's mail goes to, as git (b4 0.16 alike) or, old_b4,
 * b4 before 0.16 would pick it: NULL when that is civil-sendmail. */
static char *route_bypasses(const struct git_settings *l, const char *id,
			    bool old_b4)
{
	const char *cmd = NULL, *srv;

	if (!old_b4 && !(cmd = route_get(l, id, "sendmailcmd")))
		cmd = route_get(l, NULL, "sendmailcmd");
	if (!(srv = route_get(l, id, "smtpserver")))
		srv = route_get(l, NULL, "smtpserver");
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
static int routes_check(const struct git_settings *l, int b4_major,
			int b4_minor)
{
	bool old_b4 = b4_major == 0 && b4_minor < 16;
	struct civil_buf names = CIVIL_BUF_INIT;
	GPtrArray *ids = identities(l, &names);
	int bypass = 0;

	for (guint k = 0; k < ids->len; k++) {
		const char *id = ids->pdata[k];

		for (int b4 = 0; b4 <= (int)old_b4; b4++) {
			char *why = route_bypasses(l, id, b4);
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
				 "civil-sendmail",
				 who.buf, id ? "identity '" : "no identity",
				 id ? id : "", id ? "'" : "", why);
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
	return bypass;
}

/* Where civil's b4 review reply template is: beside the repository's
 * config in one (the reminder names that repository's code), else in the
 * user's config directory.  The own file its setting goes in. */
static struct own *template_place(struct settings *s, struct civil_buf *path)
{
	struct civil_buf user = CIVIL_BUF_INIT;
	civil_repo_t *here = NULL;
	bool in_repo;

	if (!s->has_repo || civil_repo_open_env(&here, NULL))
		here = NULL;
	in_repo = here != NULL;
	if (!cmd_xdg_dir("XDG_CONFIG_HOME", ".config", &user))
		civil_buf_release(&user);
	if (civil_b4_template_path(here, user.buf, path, NULL))
		civil_buf_reset(path);
	civil_buf_release(&user);
	civil_repo_free(here);
	return in_repo ? &s->repo : &s->global;
}

/*
 * b4 0.16 added b4.review-reply-template, which wraps every reply sent
 * from its review TUI.  Those replies are signed with patatt, so
 * civil-sendmail must pass them on untouched; the template puts the
 * reminder in before b4 signs.  A template the user set is kept: civil
 * says what to add to it.
 */
static int b4_template(struct settings *s, int major, int minor, bool have)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct own *place = template_place(s, &path);
	const struct git_setting *user =
		settings_last(&s->l, B4_TEMPLATE_KEY, true);
	char *reminder = NULL, *text = NULL, *dir = NULL;
	const char *was = own_get(place, B4_TEMPLATE_KEY);
	int rc = 1;
	civil_t *c;

	if (!have) {
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
	if (!path.len)
		goto done;
	c = cmd_open(CMD_OPEN_GIT, NULL);
	if (!c)
		goto done;
	reminder =
		civil_reminder_text(civil_get_code(c), civil_get_settings(c));
	civil_close(c);
	if (user && user->value && strcmp(user->value, path.buf)) {
		printf("%s: keeping your %s '%s'; to carry the code's "
		       "reminder, end its signature block with:\n%s\n",
		       cmd_name, B4_TEMPLATE_KEY, user->value, reminder);
		rc = 0;
		goto done;
	}
	text = civil_b4_reply_template(reminder);
	dir = g_path_get_dirname(path.buf);
	if (mkdir_p(dir))
		goto done;
	if (civil_file_create(path.buf, text, strlen(text), 0644, true, &err)) {
		cmd_warn_error(&err);
		goto done;
	}
	if (!user)
		own_set(place, PIECE_B4, B4_TEMPLATE_KEY, path.buf);
	if (!was || strcmp(was, path.buf))
		printf("%s: b4 %d.%d: review replies carry the reminder (%s = "
		       "%s)\n",
		       cmd_name, major, minor, B4_TEMPLATE_KEY, path.buf);
	rc = 0;
done:
	free(reminder);
	free(text);
	g_free(dir);
	civil_buf_release(&path);
	return rc;
}

/* A copy of o's settings, to tell what changed. */
static void snapshot(const struct own *o, civil_gitconfig_t *copy)
{
	memset(copy, 0, sizeof(*copy));
	for (size_t i = 0; i < o->cfg.n; i++)
		civil_gitconfig_set(copy, o->cfg.keys[i], o->cfg.values[i],
				    NULL);
}

/* What --b4 set goes, and its template with it.  The user's own settings
 * are as they were all along: each is said. */
static int b4_uninstall(struct settings *s)
{
	struct own *owns[] = { &s->global, s->has_repo ? &s->repo : NULL };
	int rc = 0, done = 0;

	for (size_t k = 0; k < G_N_ELEMENTS(owns); k++) {
		struct own *o = owns[k];
		const char *tpl;

		if (!o)
			continue;
		tpl = own_get(o, B4_TEMPLATE_KEY);
		if (tpl && (own_pieces(o, B4_TEMPLATE_KEY) & PIECE_B4)) {
			if (unlink(tpl) < 0 && errno != ENOENT)
				cmd_warn("can't remove '%s': %s", tpl,
					 strerror(errno));
			printf("%s: b4's review replies no longer use civil's "
			       "template\n",
			       cmd_name);
		}
		for (size_t i = 0; i < o->n_records; i++) {
			const char *r = o->records[i], *key;
			const struct git_setting *u;

			if (strncmp(r, "b4 ", 3))
				continue;
			key = r + 3;
			done++;
			if (!strcmp(key, B4_TEMPLATE_KEY) ||
			    (own_pieces(o, key) & ~PIECE_B4))
				continue;
			u = settings_last(&s->l, key, true);
			if (u && u->value)
				printf("%s: %s is '%s' again ('%s')\n",
				       cmd_name, key, u->value,
				       u->file ? u->file : u->scope);
			else
				printf("%s: %s is unset again\n", cmd_name,
				       key);
		}
		own_drop_piece(o, PIECE_B4, NULL);
	}
	if (settings_save(s))
		rc = 1;
	if (!done && !rc)
		printf("%s: b4 does not send through civil-sendmail\n",
		       cmd_name);
	return rc;
}

int install_b4(bool uninstall)
{
	char *ours = our_program("civil-sendmail");
	civil_gitconfig_t before_g, before_r;
	int major = -1, minor = -1, rc = 1;
	struct settings s;
	bool have;

	if (settings_open(&s))
		goto done;
	if (uninstall) {
		rc = b4_uninstall(&s);
		goto done;
	}
	/* b4 --version takes seconds (its Python imports): asked once. */
	have = b4_version(&major, &minor);
	snapshot(&s.global, &before_g);
	snapshot(&s.repo, &before_r);
	/* --b4's settings as they are to be now: made again from the
	 * user's, so that what changed there since is followed. */
	own_drop_piece(&s.global, PIECE_B4, "civil.repository");
	own_drop_piece(&s.repo, PIECE_B4, NULL);
	rc = routes_install(&s, ours, &before_g, &before_r);
	smtp_routes(&s, &before_g, &before_r);
	rc |= b4_template(&s, major, minor, have);
	rc |= repository_setting(&s, PIECE_B4, NULL, false);
	civil_gitconfig_release(&before_g);
	civil_gitconfig_release(&before_r);
	if (settings_save(&s) || settings_reread(&s)) {
		rc = 1;
		goto done;
	}
	if (routes_check(&s.l, major, minor))
		rc = 1;
done:
	settings_close(&s);
	free(ours);
	return rc;
}
