/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * install.h - what civil-install's parts share: the settings git reads
 * here, civil's own git config files, and the pieces that set what is in
 * them.
 */
#ifndef CIVIL_INSTALL_H
#define CIVIL_INSTALL_H

#include "cmd.h"

/* The pieces civil-install puts in (its options). */
enum piece {
	PIECE_GIT = 1u << 0,
	PIECE_B4 = 1u << 1,
	PIECE_SENDMAIL = 1u << 2,
};

/* ---- what git reads here (install-settings.c) ---- */

/* One setting as git reads it: its scope ("system", "global", "local",
 * "worktree", "command"), the file it is in (absolute; NULL when it is
 * not in a file), its key as git prints it (section and variable in lower
 * case), its value (NULL: a bare "key" line, git's true), and whether it
 * is in one of civil's own files. */
struct git_setting {
	char *scope;
	char *file;
	char *key;
	char *value;
	bool ours;
};

struct git_settings {
	struct git_setting *v;
	size_t n;
};

/* Every setting git reads here, includes followed, in git's order (git
 * config --show-scope --show-origin --list).  When git can't read its
 * config (a bad line, an include cycle) civil must not guess what is in
 * it: -1, said with git's own complaint. */
int settings_read(struct git_settings *l);
void settings_release(struct git_settings *l);
/* The setting git uses for key: the last one; with user_only, the last of
 * the user's own (not in civil's files).  NULL: none. */
const struct git_setting *settings_last(const struct git_settings *l,
					const char *key, bool user_only);

/* ---- civil's own files ---- */

/* One of civil's own git config files: the one for global settings
 * ($XDG_CONFIG_HOME/civil/git.inc, included from the global git config)
 * or a repository's (<common git dir>/civil.inc, included from its
 * config).  It says at its top which piece set each of its settings. */
struct own {
	const char *name; /* "global", or "repository" */
	char *path;	  /* civil's file */
	char *user;	  /* the user's file that includes it */
	char *include;	  /* include.path as written in that file */
	civil_gitconfig_t cfg;
	char **records; /* "PIECE KEY", PIECE a piece's option name */
	size_t n_records;
	bool changed;
};

/* civil's global file; a repository's, for the repository git would use
 * here (1 when there is none).  -1 when it can't be read (said).
 * own_release frees either. */
int own_open_global(struct own *o);
int own_open_repo(struct own *o);
void own_release(struct own *o);
/* The sendmail b4 and git send-email are given in o's settings: a shim
 * beside o's file (hooks/civil-sendmail) that runs civil-sendmail, and
 * the real sendmail when civil is gone, so that removing civil before
 * --uninstall never stops mail (malloc'd).  own_save writes it while o
 * names it, and removes it with the last setting that does. */
char *own_shim(const struct own *o);
/* Is file (a git_setting's) this own file? */
bool own_is(const struct own *o, const char *file);

/* key's value in o, and which pieces set it (0: none). */
const char *own_get(const struct own *o, const char *key);
unsigned int own_pieces(const struct own *o, const char *key);
/* Set key to value for piece; drop piece's claim on key (the setting goes
 * with the last claim); drop every claim of piece but the one on except
 * (NULL: none). */
void own_set(struct own *o, enum piece p, const char *key, const char *value);
void own_drop(struct own *o, enum piece p, const char *key);
void own_drop_piece(struct own *o, enum piece p, const char *except);
/* Write o as it is now, when it changed: its file, and its include at
 * the end of the user's file; with nothing in it, neither.  -1, said,
 * when it could not be written. */
int own_save(struct own *o);

/* The sendemail settings, b4's template and civil.sendmail that an older
 * civil-install set in the user's own files, with what was there kept
 * under [civil-install "KEY"]: put back as that civil-install
 * --uninstall would have (by git's own writer), so that the settings
 * civil needs can live in its own files (the civil.sendmail --sendmail
 * set moves to global, b4's template setting to global or repo, NULL
 * outside a repository).  Returns how many, -1 when one could not be put
 * back (said). */
int settings_migrate(const struct git_settings *l, struct own *global,
		     struct own *repo);

/* What a piece that sets something works with: civil's global file, the
 * repository's when there is one here (has_repo), and what git reads
 * here, civil's files known as such.  An older civil-install's records
 * are moved out of the user's files first. */
struct settings {
	struct git_settings l;
	struct own global, repo;
	bool has_repo;
};

int settings_open(struct settings *s);
/* Read what git reads again (after settings_save, to check it). */
int settings_reread(struct settings *s);
/* Save both own files; -1 when one could not be (said). */
int settings_save(struct settings *s);
void settings_close(struct settings *s);

/* ---- small things ---- */

/* The path of one of civil's own programs, beside this one (malloc'd). */
char *our_program(const char *name);
/* $HOME/x as ~/x, for messages and include lines (malloc'd). */
char *home_short(const char *path);
/* b4 --version as MAJOR.MINOR, asked once; false when there is no b4. */
bool b4_version(int *major, int *minor);
/* The shim from share/civil/hooks/NAME, pointed at our own bindir; -1
 * said. */
int shim_text(const char *name, struct civil_buf *out);
/* mkdir -p; -1 said. */
int mkdir_p(const char *dir);
/* The top of the repository git would use in dir (NULL: here): its work
 * tree, or its git directory when bare; NULL outside one. */
char *repo_top(const char *dir);

/* ---- the pieces ---- */

int install_git(const char *repo, bool uninstall);
/* Where civil's sendemail-validate hook for repo, or its notmuch post-new
 * hook, is installed (the directory, malloc'd); NULL: it is not. */
char *hook_installed_git(const char *repo);
char *hook_installed_notmuch(void);
int install_notmuch(bool uninstall, bool purge);
int install_b4(bool uninstall);
int install_sendmail(bool uninstall);
/* Outside any tree the code of civil.repository applies: set it to the
 * repository at dir for piece p, when none is set (said); with
 * uninstall, drop p's claim when it names that repository. */
int repository_setting(struct settings *s, enum piece p, const char *dir,
		       bool uninstall);

#endif
