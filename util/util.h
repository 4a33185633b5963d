/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util.h - civil's toolbox: growing strings, files, child processes,
 * JSON strings, a structured printer (JSON or text), worker threads and
 * the errors they report.  libcivil and
 * the commands are built on it; libcivil.so does not export it (only the
 * few calls civil.h declares), and what lib/ does not use (child
 * processes) is not even in it.
 */
#ifndef CIVIL_UTIL_H
#define CIVIL_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "civil.h"

/* ---- errors (error.c) ---- */

/* Set err (if not NULL) and return status, so callers can
 * "return civil_error_set(err, ...)".  A previous message is replaced.
 * civil.h has the rest (civil_error_t, civil_error_clear): a library's
 * caller reads and clears errors, only civil makes them. */
civil_status_t civil_error_set(civil_error_t *err, civil_status_t status,
			       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- growing buffers (buf.c), after git's strbuf ---- */

/* struct civil_buf, CIVIL_BUF_INIT, civil_buf_str, civil_buf_detach and
 * civil_buf_release are civil.h's: callers of the library read what it
 * filled.  Building a string is the toolbox's. */
void civil_buf_grow(struct civil_buf *b, size_t extra);
void civil_buf_add(struct civil_buf *b, const void *data, size_t len);
void civil_buf_adds(struct civil_buf *b, const char *s);
void civil_buf_addch(struct civil_buf *b, char c);
void civil_buf_addf(struct civil_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void civil_buf_vaddf(struct civil_buf *b, const char *fmt, va_list ap);
void civil_buf_reset(struct civil_buf *b);
/* strdup that aborts on no memory, as the rest of civil's allocation
 * does; NULL gives "". */
char *civil_xstrdup(const char *s);

/* ---- files (file.c) ---- */

/* Read all of path ("-" is stdin) into b. */
civil_status_t civil_file_read(const char *path, struct civil_buf *b,
			       civil_error_t *err);
civil_status_t civil_fd_read(int fd, const char *name, struct civil_buf *b,
			     civil_error_t *err);
/* Read all of path, a regular file (through symlinks), into b: anything
 * else (a FIFO, a device, a directory) is refused in one line, never
 * waited on. */
civil_status_t civil_file_read_regular(const char *path, struct civil_buf *b,
				       civil_error_t *err);
/* The file path is, its symlinks followed as git follows a config's (at
 * most 5; a relative link from the link's directory; a dangling one to
 * the name it gives), malloc'd. */
char *civil_path_resolve(const char *path);
/* Write all of data to fd; name is for the error message. */
civil_status_t civil_fd_write(int fd, const char *name, const void *data,
			      size_t len, civil_error_t *err);
/* Replace path with data atomically: a temporary file in the same
 * directory, the original's mode, fsync, rename.  A file the user made
 * read-only is refused rather than replaced. */
civil_status_t civil_file_replace(const char *path, const void *data,
				  size_t len, civil_error_t *err);
/* Bring path from old (what was read from it) to data: when data only
 * adds bytes after old, they are written in place after the old ones
 * (which are never rewritten); otherwise civil_file_replace.  Refuses a
 * file that changed size since it was read. */
civil_status_t civil_file_update(const char *path, const void *old,
				 size_t old_len, const void *data, size_t len,
				 civil_error_t *err);
/* Create path with data and mode, atomically; an existing file is an
 * error unless overwrite. */
civil_status_t civil_file_create(const char *path, const void *data, size_t len,
				 mode_t mode, bool overwrite,
				 civil_error_t *err);

/* ---- child processes (run.c), argv only, never a shell string ---- */

/* For the commands: libcivil starts no process.  While a child is fed,
 * SIGPIPE is ignored (a child that stops reading is its own business);
 * the child gets the default back. */

/* Run argv[0] (PATH lookup) with stdin from in/inlen (NULL: /dev/null),
 * stdout into out (NULL: inherited), stderr inherited, in dir (NULL: cwd).
 * *exit_status gets the exit code, or 128+signal. */
civil_status_t civil_run(const char *const *argv, const char *dir,
			 const void *in, size_t inlen, struct civil_buf *out,
			 int *exit_status, civil_error_t *err);
/* The same, with the child's stderr thrown away (for asking, not doing). */
civil_status_t civil_run_quiet(const char *const *argv, const char *dir,
			       const void *in, size_t inlen,
			       struct civil_buf *out, int *exit_status,
			       civil_error_t *err);
/* The same, with what the child said on stderr in errout (NULL: thrown
 * away), for naming a child's complaint in civil's own words. */
civil_status_t civil_run_capture(const char *const *argv, const char *dir,
				 const void *in, size_t inlen,
				 struct civil_buf *out,
				 struct civil_buf *errout, int *exit_status,
				 civil_error_t *err);

/* ---- git config files (gitconfig.c) ---- */

/* value as git 2.39.5 writes it after "name = ": in double quotes when it
 * starts or ends with a space or holds '#', ';' or CR; LF, TAB, '"' and
 * '\\' escaped.  "git config --get" reads back exactly value. */
void civil_gitconfig_quote(struct civil_buf *out, const char *value);
/* "section.name" or "section.sub.name", as civil writes keys: section and
 * name of letters, digits and '-', the name starting with a letter; the
 * subsection anything but a line break. */
bool civil_gitconfig_key_ok(const char *key);
/* Do a and b name the same setting: section and variable in any case, the
 * subsection exactly, as git compares them. */
bool civil_gitconfig_same_key(const char *a, const char *b);

/* A git config file civil writes whole: comment lines at the top (each
 * line of comment, without its "# "), then its settings, one value each,
 * in key order, a section's under one header: the same settings always
 * make the same bytes.  Keys compare as git compares them. */
typedef struct civil_gitconfig {
	char *comment;
	size_t n;
	char **keys, **values;
} civil_gitconfig_t;

const char *civil_gitconfig_get(const civil_gitconfig_t *c, const char *key);
/* Set key to value (NULL: take it away).  USAGE for a bad key. */
civil_status_t civil_gitconfig_set(civil_gitconfig_t *c, const char *key,
				   const char *value, civil_error_t *err);
void civil_gitconfig_write(const civil_gitconfig_t *c, struct civil_buf *out);
/* Read back text that civil_gitconfig_write wrote; anything else (a file
 * changed by hand) is CONFIG_ERROR naming name, and c is left empty. */
civil_status_t civil_gitconfig_parse(civil_gitconfig_t *c, const char *name,
				     const char *text, size_t len,
				     civil_error_t *err);
void civil_gitconfig_release(civil_gitconfig_t *c);

/* The user's file (text, len) with "[include]" and "path = value" added
 * at its end, into out: the include comes after everything the user set
 * there, so what it pulls in is what git uses.  A file without its last
 * line break gets one before the include and none after it; made: the
 * file did not exist, and a first line says civil made it. */
void civil_gitconfig_include_add(struct civil_buf *out, const char *text,
				 size_t len, const char *value, bool made);
/* Does text hold the include line for value? */
bool civil_gitconfig_include_has(const char *text, size_t len,
				 const char *value);
/* text without what civil_gitconfig_include_add added for value, into
 * out: the bytes there were before (an "[include]" an entry of the
 * user's has come to live under stays), or text itself when there was
 * none (false); *made (may be NULL): civil made the file and nothing
 * else is in it. */
bool civil_gitconfig_include_remove(struct civil_buf *out, const char *text,
				    size_t len, const char *value, bool *made);

/* git's lock on a config file (its lockfile.c): "FILE.lock" created
 * exclusively before the file is read, FILE being what path is a symlink
 * to (links followed as git follows them, a dangling one included: the
 * file it names is written).  Then read, commit (the new text renamed
 * over the file, its mode kept) or delete, or release to leave the file
 * as it was.  Each of commit, delete and release ends the lock. */
typedef struct civil_lock {
	char *shown; /* path as the caller named it */
	char *file;  /* the file written */
	char *lock;
	int fd;
	bool existed;
	struct stat st;
} civil_lock_t;

civil_status_t civil_lock_take(civil_lock_t *lk, const char *path,
			       civil_error_t *err);
/* The file as it is under the lock; *exists false when there is none. */
civil_status_t civil_lock_read(civil_lock_t *lk, struct civil_buf *b,
			       bool *exists, civil_error_t *err);
civil_status_t civil_lock_commit(civil_lock_t *lk, const void *data, size_t len,
				 civil_error_t *err);
civil_status_t civil_lock_delete(civil_lock_t *lk, civil_error_t *err);
void civil_lock_release(civil_lock_t *lk);

/* ---- JSON (json.c) ---- */

/* s as a JSON string, quotes included; invalid UTF-8 becomes U+FFFD. */
void civil_json_string(struct civil_buf *out, const char *s);

/* ---- a structured printer, JSON or text (sprinter.c) ---- */

/* After notmuch's sprinter: say what is printed, the printer writes it
 * into out as JSON (compact, as doc/civil-heated-json.md shows it) or as
 * text (a list's or map's values TAB-separated, each escaped as
 * civil_field_escape does, keys left out).  Doubles are civil's scores:
 * two decimals ("%.2f"), in JSON null when not finite; null in text is
 * "-".  Closing
 * the outermost value in JSON ends the line; a separator puts a line
 * break between two values (after the comma in JSON).  Not for threads
 * to share. */
typedef struct civil_sprinter civil_sprinter_t;
/* s as a field of a line-oriented output (text's escaping): control
 * characters written as C escapes (\t, \n, \r, \xNN), so a field never
 * holds a TAB or a line break; every other byte as it is.  NULL is "". */
void civil_field_escape(struct civil_buf *out, const char *s);
civil_sprinter_t *civil_sprinter_json(struct civil_buf *out);
civil_sprinter_t *civil_sprinter_text(struct civil_buf *out);
void civil_sprinter_free(civil_sprinter_t *sp);
void civil_sp_begin_map(civil_sprinter_t *sp);
void civil_sp_begin_list(civil_sprinter_t *sp);
/* Close the innermost list or map. */
void civil_sp_end(civil_sprinter_t *sp);
/* The key of the map value that comes next. */
void civil_sp_map_key(civil_sprinter_t *sp, const char *key);
/* NULL is "". */
void civil_sp_string(civil_sprinter_t *sp, const char *s);
void civil_sp_integer(civil_sprinter_t *sp, long long n);
void civil_sp_double(civil_sprinter_t *sp, double v);
void civil_sp_boolean(civil_sprinter_t *sp, bool b);
void civil_sp_null(civil_sprinter_t *sp);
void civil_sp_separator(civil_sprinter_t *sp);

/* ---- threads (workers.c) ---- */

/* n threads running fn(job, arg) over jobs pushed to them in
 * a queue of at most queue jobs (push waits for room).  finish waits for
 * every job to be done, joins and frees; what a job wrote is then the
 * caller's to read.  start gives NULL when no thread could be started. */
typedef struct civil_workers civil_workers_t;
typedef void (*civil_work_fn)(void *job, void *arg);
civil_workers_t *civil_workers_start(unsigned n, size_t queue, civil_work_fn fn,
				     void *arg);
void civil_workers_push(civil_workers_t *w, void *job);
void civil_workers_finish(civil_workers_t *w);

#endif
