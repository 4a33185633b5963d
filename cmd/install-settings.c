// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * install-settings.c - civil-install's git settings: what git reads here,
 * and the files civil keeps its own settings in.
 *
 * civil never edits a setting of the user's.  What it sets lives in a file
 * of its own, written whole: $XDG_CONFIG_HOME/civil/git.inc for the global
 * settings, <git dir>/civil.inc for a repository's.  One include at the
 * end of the user's file (the global git config, the repository's config)
 * pulls it in there, after everything the user set: git takes the last
 * value it reads, so civil's sendemail settings stand in front of the
 * user's, and the user's lines stay exactly as they were.  Uninstalling
 * takes the include and the file away again.  The file says at its top
 * which piece (--b4, --git, --sendmail) set each of its settings, so that
 * one piece goes without the others.
 *
 * What git reads is asked of git itself (git config --list), which knows
 * which file and scope each setting comes from; when git can't read its
 * config, civil changes nothing and says what git said.
 */
#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install.h"

static const struct {
	enum piece p;
	const char *name;
} pieces[] = {
	{ PIECE_GIT, "git" },
	{ PIECE_B4, "b4" },
	{ PIECE_SENDMAIL, "sendmail" },
};

static const char *piece_name(enum piece p)
{
	for (size_t i = 0; i < G_N_ELEMENTS(pieces); i++)
		if (pieces[i].p == p)
			return pieces[i].name;
	return "?";
}

/* ---- what git reads here ---- */

/* git config ARGV... into out, git's complaint into complaint (NULL:
 * thrown away).  git's exit status, or -1 when git could not be run. */
static int git(const char *const *argv, struct civil_buf *out,
	       struct civil_buf *complaint)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf ignored = CIVIL_BUF_INIT;
	int status = -1;

	if (civil_run_capture(argv, NULL, NULL, 0, out ? out : &ignored,
			      complaint, &status, &err)) {
		cmd_warn_error(&err);
		status = -1;
	}
	civil_buf_release(&ignored);
	return status;
}

/* git names a tree's own config relative to the top of the tree (*top,
 * asked once), or outside one to the current directory. */
static char *origin_path(const char *origin, char **top)
{
	if (*origin == '/')
		return g_strdup(origin);
	if (!*top) {
		*top = repo_top(NULL);
		if (!*top)
			*top = g_get_current_dir();
	}
	return g_build_filename(*top, origin, NULL);
}

/* git's complaint on one line: its lines, blanks around them gone,
 * joined by a space. */
static void one_line(struct civil_buf *b)
{
	char **lines = g_strsplit(civil_buf_str(b), "\n", -1);

	civil_buf_reset(b);
	for (char **l = lines; *l; l++) {
		g_strstrip(*l);
		if (**l)
			civil_buf_addf(b, "%s%s", b->len ? " " : "", *l);
	}
	g_strfreev(lines);
}

int settings_read(struct git_settings *l)
{
	const char *argv[] = {
		"git",	  "config", "--show-scope", "--show-origin", "--null",
		"--list", NULL
	};
	struct civil_buf out = CIVIL_BUF_INIT, complaint = CIVIL_BUF_INIT;
	const char *p, *end;
	char *top = NULL;
	int status, rc = 0;

	memset(l, 0, sizeof(*l));
	status = git(argv, &out, &complaint);
	if (status) {
		one_line(&complaint);
		if (status > 0)
			cmd_warn("git can't read its config here, so civil "
				 "changes nothing: %s",
				 complaint.len ? complaint.buf
					       : "git config --list failed");
		rc = -1;
		goto done;
	}
	for (p = out.buf, end = out.buf + out.len; p < end;) {
		const char *scope = p, *origin, *kv, *nl;
		struct git_setting *e;

		origin = scope + strlen(scope) + 1;
		if (origin >= end)
			break;
		kv = origin + strlen(origin) + 1;
		if (kv >= end)
			break;
		p = kv + strlen(kv) + 1;
		l->v = g_renew(struct git_setting, l->v, l->n + 1);
		e = &l->v[l->n++];
		memset(e, 0, sizeof(*e));
		e->scope = g_strdup(scope);
		if (!strncmp(origin, "file:", 5))
			e->file = origin_path(origin + 5, &top);
		nl = strchr(kv, '\n');
		e->key = g_strndup(kv, nl ? (size_t)(nl - kv) : strlen(kv));
		e->value = nl ? g_strdup(nl + 1) : NULL;
	}
done:
	g_free(top);
	civil_buf_release(&out);
	civil_buf_release(&complaint);
	return rc;
}

void settings_release(struct git_settings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		g_free(l->v[i].scope);
		g_free(l->v[i].file);
		g_free(l->v[i].key);
		g_free(l->v[i].value);
	}
	g_free(l->v);
	memset(l, 0, sizeof(*l));
}

const struct git_setting *settings_last(const struct git_settings *l,
					const char *key, bool user_only)
{
	const struct git_setting *last = NULL;

	for (size_t i = 0; i < l->n; i++)
		if ((!user_only || !l->v[i].ours) &&
		    civil_gitconfig_same_key(l->v[i].key, key))
			last = &l->v[i];
	return last;
}

/* ---- civil's own files ---- */

/* The global config file, as git config --global writes it. */
static char *global_file(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME") ? getenv("HOME") : "";
	const char *forced = getenv("GIT_CONFIG_GLOBAL");
	char *dot, *x;

	if (forced && *forced)
		return g_strdup(forced);
	dot = g_strdup_printf("%s/.gitconfig", home);
	x = xdg && *xdg == '/' ? g_strdup_printf("%s/git/config", xdg)
			       : g_strdup_printf("%s/.config/git/config", home);
	/* git writes ~/.gitconfig unless only the XDG file is there (a
	 * dangling ~/.gitconfig link is there: git writes through it). */
	if (access(dot, F_OK) < 0 && errno == ENOENT &&
	    !g_file_test(dot, G_FILE_TEST_IS_SYMLINK) && access(x, F_OK) == 0) {
		g_free(dot);
		return x;
	}
	g_free(x);
	return dot;
}

char *home_short(const char *path)
{
	const char *home = getenv("HOME");
	size_t n = home ? strlen(home) : 0;

	if (n > 1 && !strncmp(path, home, n) && path[n] == '/')
		return g_strdup_printf("~%s", path + n);
	return g_strdup(path);
}

#define OWN_HEAD                                                               \
	"civil-install's own git settings, included at the end of %s.\n"       \
	"civil-install writes this file whole, and --uninstall takes it "      \
	"away:\n"                                                              \
	"keep your own settings in your own files.  What set each one:\n"

/* The pieces' claims, from the comment lines "--PIECE KEY". */
static void records_parse(struct own *o)
{
	char **lines =
		g_strsplit(o->cfg.comment ? o->cfg.comment : "", "\n", -1);

	for (char **l = lines; *l; l++) {
		if (strncmp(*l, "--", 2) || !strchr(*l, ' '))
			continue;
		o->records = g_renew(char *, o->records, o->n_records + 1);
		o->records[o->n_records++] = g_strdup(*l + 2);
	}
	g_strfreev(lines);
}

static int own_load(struct own *o)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	int rc = 0;

	if (access(o->path, F_OK) < 0)
		return 0;
	if (civil_file_read(o->path, &text, &err) ||
	    civil_gitconfig_parse(&o->cfg, o->path, text.buf, text.len, &err)) {
		cmd_warn("%s; move your own settings out of it, remove it, "
			 "and run civil-install again",
			 err.message);
		civil_error_clear(&err);
		rc = -1;
	} else {
		records_parse(o);
	}
	/* A setting no piece claims was not written by civil-install. */
	for (size_t i = 0; !rc && i < o->cfg.n; i++) {
		if (own_pieces(o, o->cfg.keys[i]))
			continue;
		cmd_warn("'%s' holds %s, which civil-install did not set; "
			 "move it to your own settings, and run "
			 "civil-install again",
			 o->path, o->cfg.keys[i]);
		rc = -1;
	}
	civil_buf_release(&text);
	return rc;
}

int own_open_global(struct own *o)
{
	struct civil_buf dir = CIVIL_BUF_INIT;

	memset(o, 0, sizeof(*o));
	o->name = "global";
	if (!cmd_xdg_dir("XDG_CONFIG_HOME", ".config", &dir)) {
		cmd_warn("no HOME to keep civil's settings in");
		return -1;
	}
	o->path = g_strdup_printf("%s/git.inc", dir.buf);
	o->user = global_file();
	/* ~/ in include.path is read as git reads it, and stays right in
	 * a dotfiles tree that other machines share. */
	o->include = home_short(o->path);
	civil_buf_release(&dir);
	return own_load(o);
}

int own_open_repo(struct own *o)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_repo_t *here = NULL;
	const char *common;

	memset(o, 0, sizeof(*o));
	o->name = "repository";
	if (civil_repo_open_env(&here, &err) == CIVIL_STATUS_NO_REPOSITORY) {
		civil_error_clear(&err);
		return 1;
	} else if (err.status) {
		cmd_warn_error(&err);
		return -1;
	}
	common = civil_repo_get_common_dir(here);
	o->path = g_strdup_printf("%s%scivil.inc", common,
				  g_str_has_suffix(common, "/") ? "" : "/");
	o->user = g_strdup_printf("%s%sconfig", common,
				  g_str_has_suffix(common, "/") ? "" : "/");
	/* Relative: from the directory of the config that includes it. */
	o->include = g_strdup("civil.inc");
	civil_repo_free(here);
	return own_load(o);
}

void own_release(struct own *o)
{
	g_free(o->path);
	g_free(o->user);
	g_free(o->include);
	civil_gitconfig_release(&o->cfg);
	for (size_t i = 0; i < o->n_records; i++)
		g_free(o->records[i]);
	g_free(o->records);
	memset(o, 0, sizeof(*o));
}

bool own_is(const struct own *o, const char *file)
{
	char *a, *b;
	bool same;

	if (!o->path || !file)
		return false;
	if (!strcmp(o->path, file))
		return true;
	a = realpath(o->path, NULL);
	b = realpath(file, NULL);
	same = a && b && !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

const char *own_get(const struct own *o, const char *key)
{
	return civil_gitconfig_get(&o->cfg, key);
}

/* The key of record r ("PIECE KEY"), and whether it is piece p's. */
static const char *record_key(const char *r, enum piece p, bool *mine)
{
	const char *sp = strchr(r, ' ');

	*mine = (size_t)(sp - r) == strlen(piece_name(p)) &&
		!strncmp(r, piece_name(p), (size_t)(sp - r));
	return sp + 1;
}

unsigned int own_pieces(const struct own *o, const char *key)
{
	unsigned int set = 0;
	bool mine;

	for (size_t i = 0; i < o->n_records; i++)
		for (size_t k = 0; k < G_N_ELEMENTS(pieces); k++)
			if (civil_gitconfig_same_key(record_key(o->records[i],
								pieces[k].p,
								&mine),
						     key) &&
			    mine)
				set |= pieces[k].p;
	return set;
}

void own_set(struct own *o, enum piece p, const char *key, const char *value)
{
	const char *cur = own_get(o, key);
	civil_error_t err = CIVIL_ERROR_INIT;

	if (!cur || strcmp(cur, value)) {
		if (civil_gitconfig_set(&o->cfg, key, value, &err))
			cmd_warn_error(&err);
		o->changed = true;
	}
	if (!(own_pieces(o, key) & p)) {
		o->records = g_renew(char *, o->records, o->n_records + 1);
		o->records[o->n_records++] =
			g_strdup_printf("%s %s", piece_name(p), key);
		o->changed = true;
	}
}

void own_drop(struct own *o, enum piece p, const char *key)
{
	size_t k = 0;
	bool mine;

	for (size_t i = 0; i < o->n_records; i++) {
		const char *rk = record_key(o->records[i], p, &mine);

		if (mine && civil_gitconfig_same_key(rk, key)) {
			g_free(o->records[i]);
			o->changed = true;
		} else {
			o->records[k++] = o->records[i];
		}
	}
	o->n_records = k;
	if (!own_pieces(o, key) && own_get(o, key)) {
		civil_gitconfig_set(&o->cfg, key, NULL, NULL);
		o->changed = true;
	}
}

void own_drop_piece(struct own *o, enum piece p, const char *except)
{
	GPtrArray *keys = g_ptr_array_new_with_free_func(g_free);
	bool mine;

	for (size_t i = 0; i < o->n_records; i++) {
		const char *rk = record_key(o->records[i], p, &mine);

		if (mine && !(except && civil_gitconfig_same_key(rk, except)))
			g_ptr_array_add(keys, g_strdup(rk));
	}
	for (guint i = 0; i < keys->len; i++)
		own_drop(o, p, keys->pdata[i]);
	g_ptr_array_free(keys, TRUE);
}

/* What git reads in text, includes not followed, into list (git config
 * --null --list), each include of value left out: the user's own lines.
 * -1 when git can't read it. */
static int user_reads(const char *text, size_t len, const char *value,
		      struct civil_buf *list)
{
	const char *argv[] = { "git",		"config", "--file", "-",
			       "--no-includes", "--null", "--list", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	char *ours = g_strdup_printf("include.path\n%s", value);
	int status = -1;

	civil_buf_reset(list);
	if (civil_run_capture(argv, NULL, text ? text : "", len, &out, NULL,
			      &status, &err))
		civil_error_clear(&err);
	for (const char *p = out.buf, *end = out.buf + out.len;
	     !status && p < end; p += strlen(p) + 1)
		if (strcmp(p, ours))
			civil_buf_add(list, p, strlen(p) + 1);
	civil_buf_release(&out);
	g_free(ours);
	return status ? -1 : 0;
}

/* Does git read the user's lines in after as it read them in before, and
 * the include of value last?  (A last line continued with '\\' would
 * swallow the include into its value: git itself is asked.) */
static bool reads_same(const struct civil_buf *before,
		       const struct civil_buf *after, const char *value)
{
	struct civil_buf a = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	char *ours = g_strdup_printf("include.path\n%s", value);
	bool same;

	same = !user_reads(before->buf, before->len, value, &b) &&
	       !user_reads(after->buf, after->len, value, &a) &&
	       a.len == b.len &&
	       !memcmp(civil_buf_str(&a), civil_buf_str(&b), a.len);
	if (same) {
		/* and the include itself is read, as the last entry */
		const char *argv[] = {
			"git",		 "config", "--file", "-",
			"--no-includes", "--null", "--list", NULL
		};
		struct civil_buf all = CIVIL_BUF_INIT;
		size_t n = strlen(ours) + 1;
		int status = -1;

		same = !civil_run_capture(argv, NULL, civil_buf_str(after),
					  after->len, &all, NULL, &status,
					  NULL) &&
		       !status && all.len >= n &&
		       (all.len == n || all.buf[all.len - n - 1] == '\0') &&
		       !memcmp(all.buf + all.len - n, ours, n);
		civil_buf_release(&all);
	}
	civil_buf_release(&a);
	civil_buf_release(&b);
	g_free(ours);
	return same;
}

/* Does text's last line (blank lines after it aside) end in '\\'? */
static bool ends_continued(const char *text, size_t len)
{
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r' ||
		       text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	return len && text[len - 1] == '\\';
}

/* Would git read the user's file (text, when it exists) otherwise with
 * civil's include at its end (out)?  Said, in one line. */
static bool include_refused(const struct own *o, const struct civil_buf *text,
			    bool exists, const struct civil_buf *out)
{
	char *user;

	if (!exists || reads_same(text, out, o->include))
		return false;
	user = home_short(o->user);
	if (ends_continued(text->buf, text->len))
		cmd_warn("not adding civil's include to '%s': its last line "
			 "ends in '\\', which would carry the include into "
			 "that value; end the line, and run civil-install "
			 "again",
			 user);
	else
		cmd_warn("not adding civil's include to '%s': git would read "
			 "its own lines otherwise with it at the end",
			 user);
	g_free(user);
	return true;
}

/* The user's file as civil's include would leave it (before o's own
 * file is written, so a refusal leaves nothing behind). */
static bool include_would_be_refused(const struct own *o)
{
	struct civil_buf text = CIVIL_BUF_INIT, tmp = CIVIL_BUF_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	bool exists = access(o->user, F_OK) == 0, made = false, refused;

	if (exists && civil_file_read(o->user, &text, NULL))
		exists = false; /* said when it is written */
	if (exists)
		civil_gitconfig_include_remove(&tmp, text.buf, text.len,
					       o->include, &made);
	civil_gitconfig_include_add(&out, tmp.buf, tmp.len, o->include,
				    !exists || made);
	refused = include_refused(o, &text, exists, &out);
	civil_buf_release(&text);
	civil_buf_release(&tmp);
	civil_buf_release(&out);
	return refused;
}

/* The include of o's file at the end of the user's file (want), or not
 * anywhere in it. */
static int include_line(struct own *o, bool want)
{
	struct civil_buf text = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;
	struct civil_buf tmp = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char *user = home_short(o->user), *own = home_short(o->path);
	bool exists = false, made = false, had;
	civil_lock_t lk;
	int rc = -1;

	/* git's lock first, then read: a git config that wrote the file
	 * meanwhile is read, never undone. */
	if (civil_lock_take(&lk, o->user, &err))
		goto fail;
	if (civil_lock_read(&lk, &text, &exists, &err))
		goto fail;
	had = exists &&
	      civil_gitconfig_include_has(text.buf, text.len, o->include);
	/* Ours comes last: taken out wherever it is, added at the end. */
	if (exists)
		civil_gitconfig_include_remove(&tmp, text.buf, text.len,
					       o->include, &made);
	if (want)
		civil_gitconfig_include_add(&out, tmp.buf, tmp.len, o->include,
					    !exists || made);
	else
		civil_buf_add(&out, tmp.buf, tmp.len);
	/* Never a file git reads otherwise than before: refused, as it
	 * was. */
	if (want && include_refused(o, &text, exists, &out)) {
		civil_lock_release(&lk);
		goto done;
	}
	if (!want && made) {
		if (civil_lock_delete(&lk, &err))
			goto fail;
		printf("%s: removed '%s' (civil-install made it to include "
		       "'%s')\n",
		       cmd_name, user, own);
	} else if (out.len != text.len ||
		   memcmp(civil_buf_str(&out), civil_buf_str(&text), out.len)) {
		if (civil_lock_commit(&lk, out.buf, out.len, &err))
			goto fail;
		if (want && !had)
			printf("%s: '%s' includes civil's own settings, "
			       "'%s', at its end\n",
			       cmd_name, user, own);
		else if (!want)
			printf("%s: '%s' no longer includes '%s'\n", cmd_name,
			       user, own);
	} else {
		civil_lock_release(&lk);
	}
	rc = 0;
	goto done;
fail:
	cmd_warn_error(&err);
	civil_lock_release(&lk);
done:
	g_free(user);
	g_free(own);
	civil_buf_release(&text);
	civil_buf_release(&out);
	civil_buf_release(&tmp);
	return rc;
}

static int record_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file's comment: what it is, then each piece's claims, in order. */
static void own_comment(struct own *o)
{
	struct civil_buf c = CIVIL_BUF_INIT;
	char *user = home_short(o->user);

	civil_buf_addf(&c, OWN_HEAD, user);
	qsort(o->records, o->n_records, sizeof(*o->records), record_cmp);
	for (size_t i = 0; i < o->n_records; i++)
		civil_buf_addf(&c, "--%s\n", o->records[i]);
	g_free(o->cfg.comment);
	o->cfg.comment = civil_buf_detach(&c);
	g_free(user);
}

char *own_shim(const struct own *o)
{
	char *dir = g_path_get_dirname(o->path);
	char *shim = g_strdup_printf("%s/civil-sendmail", dir);

	g_free(dir);
	return shim;
}

/* Does a setting in o name its shim? */
static bool names_shim(const struct own *o, const char *shim)
{
	for (size_t i = 0; i < o->cfg.n; i++)
		if (o->cfg.values[i] && strstr(o->cfg.values[i], shim))
			return true;
	return false;
}

/* o's shim as it is to be: written (want), or gone.  -1 said. */
static int shim_save(const struct own *o, bool want)
{
	struct civil_buf text = CIVIL_BUF_INIT, cur = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char *shim = own_shim(o);
	int rc = 0;

	if (!want) {
		if (unlink(shim) < 0 && errno != ENOENT) {
			cmd_warn("can't remove '%s': %s", shim,
				 strerror(errno));
			rc = -1;
		}
	} else if (shim_text("civil-sendmail", &text)) {
		rc = -1;
	} else if (civil_file_read(shim, &cur, NULL) || cur.len != text.len ||
		   memcmp(cur.buf, text.buf, text.len)) {
		if (civil_file_create(shim, text.buf, text.len, 0755, true,
				      &err)) {
			cmd_warn_error(&err);
			rc = -1;
		}
	}
	g_free(shim);
	civil_buf_release(&text);
	civil_buf_release(&cur);
	return rc;
}

int own_save(struct own *o)
{
	struct civil_buf want = CIVIL_BUF_INIT, cur = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char *dir = g_path_get_dirname(o->path), *own = home_short(o->path);
	char *shim = own_shim(o);
	bool exists = false, shim_named = names_shim(o, shim);
	civil_lock_t lk;
	int rc = -1;

	if (!o->changed && !o->cfg.n && access(o->path, F_OK) < 0) {
		rc = 0;
		goto done;
	}
	if (!o->cfg.n) {
		/* Nothing of civil's: no include, no file, no shim. */
		if (include_line(o, false))
			goto done;
		if (access(o->path, F_OK) == 0) {
			if (civil_lock_take(&lk, o->path, &err) ||
			    civil_lock_delete(&lk, &err))
				goto fail;
			printf("%s: removed '%s'\n", cmd_name, own);
		}
		if (shim_save(o, false))
			goto done;
		/* Its directory too, when it is civil's and empty. */
		if (!strcmp(o->name, "global"))
			rmdir(dir);
		rc = 0;
		goto done;
	}
	if (include_would_be_refused(o))
		goto done;
	own_comment(o);
	civil_gitconfig_write(&o->cfg, &want);
	/* What the file names is there before the file names it. */
	if (mkdir_p(dir) || (shim_named && shim_save(o, true)))
		goto done;
	if (civil_lock_take(&lk, o->path, &err))
		goto fail;
	if (civil_lock_read(&lk, &cur, &exists, &err)) {
		civil_lock_release(&lk);
		goto fail;
	}
	if (cur.len != want.len || memcmp(cur.buf, want.buf, want.len)) {
		if (civil_lock_commit(&lk, want.buf, want.len, &err))
			goto fail;
	} else {
		civil_lock_release(&lk);
	}
	if (!shim_named && shim_save(o, false))
		goto done;
	/* The file first, then the line that reads it. */
	rc = include_line(o, true);
	goto done;
fail:
	if (err.message)
		cmd_warn_error(&err);
done:
	g_free(dir);
	g_free(own);
	g_free(shim);
	civil_buf_release(&want);
	civil_buf_release(&cur);
	return rc;
}

/* ---- what an older civil-install left in the user's files ---- */

#define UNSET "(unset)" /* what it recorded for "was not set" */

/* git config --file FILE ARGS... (quietly); true when git said 0. */
static bool git_file(const char *file, const char *a1, const char *a2,
		     const char *a3)
{
	const char *argv[] = {
		"git", "config", "--file", file, a1, a2, a3, NULL
	};

	return git(argv, NULL, NULL) == 0;
}

/* The value of key in file, as l has it (the last). */
static const char *in_file(const struct git_settings *l, const char *file,
			   const char *key)
{
	const char *v = NULL;

	for (size_t i = 0; i < l->n; i++)
		if (!g_strcmp0(l->v[i].file, file) &&
		    civil_gitconfig_same_key(l->v[i].key, key))
			v = l->v[i].value ? l->v[i].value : "";
	return v;
}

/* Its template for b4's review replies, at either of its places. */
static bool is_our_template(const char *path)
{
	return path && (g_str_has_suffix(path, "/civil-b4-review-reply-"
					       "template") ||
			g_str_has_suffix(path, "/civil/b4-review-reply-"
					       "template"));
}

int settings_migrate(const struct git_settings *l, struct own *global,
		     struct own *repo)
{
	int done = 0, rc = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct git_setting *e = &l->v[i];
		char *key = NULL, *set_key = NULL, *section = NULL;
		const char *set, *cur;
		bool back;

		if (!e->file || e->ours)
			continue;
		if (!strcmp(e->key, "civil-install.sendmail-set")) {
			/* --sendmail pinned civil.sendmail: it moves to
			 * civil's file, as that piece's. */
			const char *v = in_file(l, e->file, "civil.sendmail");

			if (!git_file(e->file, "--unset-all",
				      "civil-install.sendmail-set", NULL) ||
			    (v && !git_file(e->file, "--unset-all",
					    "civil.sendmail", NULL))) {
				cmd_warn("can't take civil.sendmail out of "
					 "'%s'",
					 e->file);
				rc = -1;
			} else if (v) {
				own_set(global, PIECE_SENDMAIL,
					"civil.sendmail", v);
				printf("%s: civil.sendmail moves out of '%s'\n",
				       cmd_name, e->file);
			}
			done++;
			continue;
		}
		if (!strcmp(e->key, "b4.review-reply-template") &&
		    is_our_template(e->value)) {
			/* --b4 set it where its template was: it moves to
			 * civil's file for that place. */
			struct own *o =
				!strcmp(e->scope, "local") ? repo : global;

			if (!o ||
			    !git_file(e->file, "--unset-all", e->key, NULL)) {
				cmd_warn("can't take %s out of '%s'", e->key,
					 e->file);
				rc = -1;
			} else {
				own_set(o, PIECE_B4, e->key, e->value);
				printf("%s: %s moves out of '%s'\n", cmd_name,
				       e->key, e->file);
			}
			done++;
			continue;
		}
		if (!g_str_has_prefix(e->key, "civil-install.") ||
		    !g_str_has_suffix(e->key, ".was"))
			continue;
		/* civil-install.<KEY>.was, and .set beside it */
		key = g_strndup(e->key + 14, strlen(e->key) - 18);
		set_key = g_strdup_printf("civil-install.%s.set", key);
		section = g_strdup_printf("civil-install.%s", key);
		set = in_file(l, e->file, set_key);
		cur = in_file(l, e->file, key);
		back = set && cur && !strcmp(set, cur) && e->value;
		if (back &&
		    (!strcmp(e->value, UNSET)
			     ? !git_file(e->file, "--unset-all", key, NULL)
			     : !git_file(e->file, "--replace-all", key,
					 e->value))) {
			cmd_warn("can't put %s back in '%s'", key, e->file);
			rc = -1;
		} else if (!git_file(e->file, "--remove-section", section,
				     NULL)) {
			cmd_warn("can't take [%s] out of '%s'", section,
				 e->file);
			rc = -1;
		} else if (back) {
			printf("%s: %s in '%s' is as it was before an older "
			       "civil-install changed it\n",
			       cmd_name, key, e->file);
		} else {
			printf("%s: %s in '%s' was changed since an older "
			       "civil-install set it; left as it is\n",
			       cmd_name, key, e->file);
		}
		done++;
		g_free(key);
		g_free(set_key);
		g_free(section);
	}
	return rc ? -1 : done;
}

/* ---- a piece's settings ---- */

static void mark_ours(struct settings *s)
{
	for (size_t i = 0; i < s->l.n; i++)
		s->l.v[i].ours =
			own_is(&s->global, s->l.v[i].file) ||
			(s->has_repo && own_is(&s->repo, s->l.v[i].file));
}

int settings_open(struct settings *s)
{
	int rc;

	memset(s, 0, sizeof(*s));
	/* git's word first: what it can't read, civil does not guess at. */
	if (settings_read(&s->l) || own_open_global(&s->global))
		return -1;
	rc = own_open_repo(&s->repo);
	if (rc < 0)
		return -1;
	s->has_repo = rc == 0;
	mark_ours(s);
	rc = settings_migrate(&s->l, &s->global, s->has_repo ? &s->repo : NULL);
	if (rc < 0)
		return -1;
	return rc ? settings_reread(s) : 0;
}

int settings_reread(struct settings *s)
{
	settings_release(&s->l);
	if (settings_read(&s->l))
		return -1;
	mark_ours(s);
	return 0;
}

int settings_save(struct settings *s)
{
	int rc = own_save(&s->global);

	if (s->has_repo && own_save(&s->repo))
		rc = -1;
	return rc;
}

void settings_close(struct settings *s)
{
	settings_release(&s->l);
	own_release(&s->global);
	if (s->has_repo)
		own_release(&s->repo);
	memset(s, 0, sizeof(*s));
}

/* ---- small things ---- */

char *our_program(const char *name)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	if (cmd_self_bindir(&b, NULL)) {
		civil_buf_release(&b);
		return strdup(name);
	}
	civil_buf_addf(&b, "/%s", name);
	return civil_buf_detach(&b);
}

int mkdir_p(const char *dir)
{
	if (g_mkdir_with_parents(dir, 0777) < 0) {
		cmd_warn("can't create '%s': %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

char *repo_top(const char *dir)
{
	const char *top[] = {
		"git", "-C", dir ? dir : ".", "rev-parse", "--show-toplevel",
		NULL
	};
	const char *gd[] = {
		"git", "-C", dir ? dir : ".", "rev-parse", "--absolute-git-dir",
		NULL
	};
	struct civil_buf out = CIVIL_BUF_INIT;

	if ((git(top, &out, NULL) || !out.len) &&
	    (civil_buf_reset(&out), git(gd, &out, NULL) || !out.len)) {
		civil_buf_release(&out);
		return NULL;
	}
	g_strchomp(out.buf);
	return civil_buf_detach(&out);
}

bool b4_version(int *major, int *minor)
{
	static int known = -1, ma, mi;

	if (known < 0) {
		const char *argv[] = { "b4", "--version", NULL };
		struct civil_buf out = CIVIL_BUF_INIT;
		int status = 1;

		known = !civil_run_quiet(argv, NULL, NULL, 0, &out, &status,
					 NULL) &&
			!status &&
			sscanf(civil_buf_str(&out), "%d.%d", &ma, &mi) == 2;
		civil_buf_release(&out);
	}
	*major = ma;
	*minor = mi;
	return known;
}

/* Are a and b (paths, ~/ allowed) the same directory? */
static bool same_dir(const char *a, const char *b)
{
	const char *home = getenv("HOME");
	char *fa = !strncmp(a, "~/", 2) && home
			   ? g_strdup_printf("%s%s", home, a + 1)
			   : g_strdup(a);
	char *ra = realpath(fa, NULL), *rb = realpath(b, NULL);
	bool same = ra && rb ? !strcmp(ra, rb) : !strcmp(fa, b);

	g_free(fa);
	free(ra);
	free(rb);
	return same;
}

/* The tree of dir (NULL: here) whose code applies outside any tree: for
 * a linked worktree the main one, which outlives it (git worktree list
 * names it first; a bare repository, its git directory). */
static char *main_tree(const char *dir)
{
	const char *argv[] = { "git",	   "-C",   dir ? dir : ".",
			       "worktree", "list", "--porcelain",
			       NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	char *top = repo_top(dir), *nl;

	if (!top || git(argv, &out, NULL) ||
	    strncmp(civil_buf_str(&out), "worktree /", 10))
		goto done;
	nl = strchr(out.buf, '\n');
	if (nl)
		*nl = '\0';
	g_free(top);
	top = g_strdup(out.buf + 9);
done:
	civil_buf_release(&out);
	return top;
}

/* Does the tree at top have a code file civil can read, at its HEAD? */
static bool has_code(const char *top)
{
	civil_open_opts_t opts = CIVIL_OPEN_OPTS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_t *c = NULL;
	bool found;

	opts.repository = top;
	if (civil_open(&opts, &c, NULL, &err)) {
		civil_error_clear(&err);
		return false;
	}
	found = civil_code_get_kind(civil_get_code(c)) != CIVIL_CODE_BUILTIN;
	civil_close(c);
	return found;
}

/* Is path (~/ allowed) a directory no more? */
static bool gone(const char *path)
{
	const char *home = getenv("HOME");
	char *full = !strncmp(path, "~/", 2) && home
			     ? g_strdup_printf("%s%s", home, path + 1)
			     : g_strdup(path);
	bool is_gone = !g_file_test(full, G_FILE_TEST_IS_DIR);

	g_free(full);
	return is_gone;
}

int repository_setting(struct settings *s, enum piece p, const char *dir,
		       bool uninstall)
{
	const struct git_setting *user =
		settings_last(&s->l, "civil.repository", true);
	const char *ours = own_get(&s->global, "civil.repository");
	char *top = main_tree(dir), *shown;

	if (!top)
		return 0;
	if (uninstall) {
		if (ours && same_dir(ours, top))
			own_drop(&s->global, p, "civil.repository");
	} else if (!user && (!ours || gone(ours))) {
		if (!has_code(top)) {
			cmd_warn("not setting civil.repository to '%s': "
				 "civil finds no code file there it can read "
				 "(civil-remind(1) lists the files it reads)",
				 top);
			free(top);
			return 0;
		}
		if (ours)
			printf("%s: civil.repository named '%s', which is "
			       "gone\n",
			       cmd_name, ours);
		own_set(&s->global, p, "civil.repository", top);
		shown = home_short(s->global.path);
		printf("%s: outside any tree, mail names the code of '%s' "
		       "(civil.repository, in '%s')\n",
		       cmd_name, top, shown);
		free(shown);
	} else if (!user && same_dir(ours, top)) {
		own_set(&s->global, p, "civil.repository", ours);
	}
	free(top);
	return 0;
}
