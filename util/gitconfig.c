// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gitconfig.c - git config files as civil-install keeps them: a file of
 * its own that it writes whole, and the one include line that pulls it
 * into a file of the user's.
 *
 * civil never edits a user's setting.  What it needs set lives in its own
 * file, included at the end of the user's file, so that git's "the last
 * value wins" lets it stand in front of the user's sendmail.  The user's
 * file only gains, and later loses, exactly the include lines: taking them
 * away gives back the very bytes there were.
 *
 * Values are written as git 2.39.5 writes them (config.c, write_pair): in
 * double quotes when they start or end with a space or hold '#', ';' or a
 * CR (CVE-2025-48384), with LF, TAB, '"' and '\' escaped; so "git config
 * --get" reads back exactly the value.  Files are written under git's own
 * lock, FILE.lock, taken before the file is read, through a symlink as git
 * writes through one (a dangling one too: its target is created).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* The first line of a user's file civil-install had to create: taking the
 * include away then takes the file away too. */
#define MADE_LINE                                                              \
	"# made by civil-install; civil-install --uninstall removes it"

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-';
}

static bool alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* key's parts: section [key, *dot1), subsection (*dot1, *dot2) or none
 * (dot1 == dot2), variable after dot2. */
static bool key_split(const char *key, const char **dot1, const char **dot2)
{
	const char *first = strchr(key, '.'), *last = strrchr(key, '.');

	if (!first || first == key || !alpha(last[1]) || strchr(key, '\n'))
		return false;
	for (const char *c = key; c < first; c++)
		if (!name_char(*c))
			return false;
	for (const char *c = last + 1; *c; c++)
		if (!name_char(*c))
			return false;
	*dot1 = first;
	*dot2 = last;
	return true;
}

bool civil_gitconfig_key_ok(const char *key)
{
	const char *d1, *d2;

	return key && key_split(key, &d1, &d2);
}

bool civil_gitconfig_same_key(const char *a, const char *b)
{
	const char *a1, *a2, *b1, *b2;

	if (!key_split(a, &a1, &a2) || !key_split(b, &b1, &b2))
		return !strcmp(a, b);
	return a1 - a == b1 - b && !strncasecmp(a, b, (size_t)(a1 - a)) &&
	       a2 - a1 == b2 - b1 && !memcmp(a1, b1, (size_t)(a2 - a1)) &&
	       !strcasecmp(a2, b2);
}

/* The same section and subsection. */
static bool same_section(const char *a, const char *b)
{
	const char *a1, *a2, *b1, *b2;

	key_split(a, &a1, &a2);
	key_split(b, &b1, &b2);
	return a1 - a == b1 - b && !strncasecmp(a, b, (size_t)(a1 - a)) &&
	       a2 - a1 == b2 - b1 && !memcmp(a1, b1, (size_t)(a2 - a1));
}

void civil_gitconfig_quote(struct civil_buf *out, const char *value)
{
	size_t n = strlen(value);
	bool quote = n && (value[0] == ' ' || value[n - 1] == ' ' ||
			   strpbrk(value, "#;\r"));

	if (quote)
		civil_buf_addch(out, '"');
	for (const char *c = value; *c; c++) {
		if (*c == '\n')
			civil_buf_adds(out, "\\n");
		else if (*c == '\t')
			civil_buf_adds(out, "\\t");
		else if (*c == '"' || *c == '\\')
			civil_buf_addf(out, "\\%c", *c);
		else
			civil_buf_addch(out, *c);
	}
	if (quote)
		civil_buf_addch(out, '"');
}

/* ---- a file civil writes whole ---- */

const char *civil_gitconfig_get(const civil_gitconfig_t *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (civil_gitconfig_same_key(c->keys[i], key))
			return c->values[i];
	return NULL;
}

civil_status_t civil_gitconfig_set(civil_gitconfig_t *c, const char *key,
				   const char *value, civil_error_t *err)
{
	size_t i;

	if (!civil_gitconfig_key_ok(key))
		return civil_error_set(err, CIVIL_STATUS_USAGE,
				       "'%s' is not a git config key", key);
	for (i = 0; i < c->n && !civil_gitconfig_same_key(c->keys[i], key); i++)
		;
	if (i < c->n && !value) {
		free(c->keys[i]);
		free(c->values[i]);
		memmove(c->keys + i, c->keys + i + 1,
			(c->n - i - 1) * sizeof(*c->keys));
		memmove(c->values + i, c->values + i + 1,
			(c->n - i - 1) * sizeof(*c->values));
		c->n--;
	} else if (i < c->n) {
		free(c->values[i]);
		c->values[i] = civil_xstrdup(value);
	} else if (value) {
		c->keys = realloc(c->keys, (c->n + 1) * sizeof(*c->keys));
		c->values = realloc(c->values, (c->n + 1) * sizeof(*c->values));
		if (!c->keys || !c->values)
			abort();
		c->keys[c->n] = civil_xstrdup(key);
		c->values[c->n++] = civil_xstrdup(value);
	}
	return CIVIL_STATUS_SUCCESS;
}

static void header_write(struct civil_buf *out, const char *key)
{
	const char *d1, *d2;

	key_split(key, &d1, &d2);
	civil_buf_addch(out, '[');
	civil_buf_add(out, key, (size_t)(d1 - key));
	if (d1 != d2) {
		civil_buf_adds(out, " \"");
		for (const char *c = d1 + 1; c < d2; c++) {
			if (*c == '"' || *c == '\\')
				civil_buf_addch(out, '\\');
			civil_buf_addch(out, *c);
		}
		civil_buf_addch(out, '"');
	}
	civil_buf_adds(out, "]\n");
}

/* The order civil writes keys in: by section and variable in any case,
 * subsection exactly, as git tells them apart. */
static int key_cmp(const char *a, const char *b)
{
	const char *a1, *a2, *b1, *b2;
	size_t n1, n2;
	int d;

	key_split(a, &a1, &a2);
	key_split(b, &b1, &b2);
	n1 = (size_t)(a1 - a);
	n2 = (size_t)(b1 - b);
	d = strncasecmp(a, b, n1 < n2 ? n1 : n2);
	if (d || n1 != n2)
		return d ? d : n1 < n2 ? -1 : 1;
	n1 = (size_t)(a2 - a1);
	n2 = (size_t)(b2 - b1);
	d = memcmp(a1, b1, n1 < n2 ? n1 : n2);
	if (d || n1 != n2)
		return d ? d : n1 < n2 ? -1 : 1;
	return strcasecmp(a2, b2);
}

static const civil_gitconfig_t *sorting;

static int index_cmp(const void *a, const void *b)
{
	return key_cmp(sorting->keys[*(const size_t *)a],
		       sorting->keys[*(const size_t *)b]);
}

void civil_gitconfig_write(const civil_gitconfig_t *c, struct civil_buf *out)
{
	size_t *order = calloc(c->n + 1, sizeof(*order));
	const char *p = c->comment ? c->comment : "", *nl;

	if (!order)
		abort();
	/* Each line of the comment as "# line" ("#" when empty). */
	for (; *p; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		civil_buf_adds(out, nl > p ? "# " : "#");
		civil_buf_add(out, p, (size_t)(nl - p));
		civil_buf_addch(out, '\n');
	}
	/* Each key once, in key order: the same settings always make the
	 * same file. */
	for (size_t i = 0; i < c->n; i++)
		order[i] = i;
	sorting = c;
	qsort(order, c->n, sizeof(*order), index_cmp);
	for (size_t i = 0; i < c->n; i++) {
		const char *key = c->keys[order[i]];

		if (!i || !same_section(c->keys[order[i - 1]], key))
			header_write(out, key);
		civil_buf_addf(out, "\t%s = ", strrchr(key, '.') + 1);
		civil_gitconfig_quote(out, c->values[order[i]]);
		civil_buf_addch(out, '\n');
	}
	free(order);
}

/* A value as civil_gitconfig_quote writes it, [p, eol): false when it is
 * not one. */
static bool value_read(const char *p, const char *eol, struct civil_buf *v)
{
	bool quoted = p < eol && *p == '"';

	if (quoted) {
		if (eol - p < 2 || eol[-1] != '"')
			return false;
		p++;
		eol--;
	}
	for (; p < eol; p++) {
		if (*p == '"')
			return false;
		if (*p != '\\') {
			civil_buf_addch(v, *p);
			continue;
		}
		if (++p == eol)
			return false;
		if (*p == 'n')
			civil_buf_addch(v, '\n');
		else if (*p == 't')
			civil_buf_addch(v, '\t');
		else if (*p == '"' || *p == '\\')
			civil_buf_addch(v, *p);
		else
			return false;
	}
	return true;
}

/* "[section]" or "[section \"sub\"]", [p, eol), into key as "section." or
 * "section.sub.". */
static bool header_read(const char *p, const char *eol, struct civil_buf *key)
{
	const char *name = ++p;

	while (p < eol && name_char(*p))
		p++;
	if (p == name)
		return false;
	civil_buf_add(key, name, (size_t)(p - name));
	civil_buf_addch(key, '.');
	if (p < eol && *p == ' ') {
		if (++p == eol || *p++ != '"')
			return false;
		for (; p < eol && *p != '"'; p++) {
			if (*p == '\\' && ++p == eol)
				return false;
			civil_buf_addch(key, *p);
		}
		if (p == eol)
			return false;
		p++;
		civil_buf_addch(key, '.');
	}
	return eol - p == 1 && *p == ']';
}

civil_status_t civil_gitconfig_parse(civil_gitconfig_t *c, const char *name,
				     const char *text, size_t len,
				     civil_error_t *err)
{
	struct civil_buf comment = CIVIL_BUF_INIT, section = CIVIL_BUF_INIT;
	struct civil_buf key = CIVIL_BUF_INIT, value = CIVIL_BUF_INIT;
	struct civil_buf again = CIVIL_BUF_INIT;
	const char *p, *end, *eol;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	bool ok;

	if (!text) /* an empty buffer's */
		text = "";
	p = text;
	end = text + len;
	ok = !memchr(text, '\0', len);

	memset(c, 0, sizeof(*c));
	for (; ok && p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol) {
			ok = false;
			break;
		}
		if (*p == '#' && !section.len) {
			civil_buf_add(&comment, p + 1 + (p[1] == ' '),
				      (size_t)(eol - p) - 1 - (p[1] == ' '));
			civil_buf_addch(&comment, '\n');
		} else if (*p == '[') {
			civil_buf_reset(&section);
			ok = header_read(p, eol, &section);
		} else if (*p == '\t' && section.len) {
			const char *var = ++p, *eq;

			while (p < eol && name_char(*p))
				p++;
			eq = p;
			ok = eq > var && eol - eq >= 3 && !memcmp(eq, " = ", 3);
			civil_buf_reset(&key);
			civil_buf_reset(&value);
			civil_buf_add(&key, section.buf, section.len);
			civil_buf_add(&key, var, (size_t)(eq - var));
			ok = ok && value_read(eq + 3, eol, &value) &&
			     !civil_gitconfig_get(c, key.buf) &&
			     !civil_gitconfig_set(c, key.buf,
						  civil_buf_str(&value), NULL);
		} else {
			ok = false;
		}
	}
	c->comment = civil_buf_detach(&comment);
	/* Only what civil itself would write, byte for byte. */
	if (ok) {
		civil_gitconfig_write(c, &again);
		ok = again.len == len &&
		     !memcmp(civil_buf_str(&again), text, len);
	}
	if (!ok) {
		st = civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				     "'%s' is not as civil-install writes it "
				     "(changed by hand?)",
				     name);
		civil_gitconfig_release(c);
	}
	civil_buf_release(&section);
	civil_buf_release(&key);
	civil_buf_release(&value);
	civil_buf_release(&again);
	return st;
}

void civil_gitconfig_release(civil_gitconfig_t *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->keys[i]);
		free(c->values[i]);
	}
	free(c->keys);
	free(c->values);
	free(c->comment);
	memset(c, 0, sizeof(*c));
}

/* ---- the include line in a user's file ---- */

static void path_line(struct civil_buf *out, const char *value)
{
	civil_buf_adds(out, "\tpath = ");
	civil_gitconfig_quote(out, value);
}

void civil_gitconfig_include_add(struct civil_buf *out, const char *text,
				 size_t len, const char *value, bool made)
{
	if (!text)
		text = "";
	civil_buf_add(out, text, len);
	if (made && !len)
		civil_buf_adds(out, MADE_LINE "\n");
	/* A file without its last line break gets one before the include,
	 * and none after it: taking the include away gives back the same
	 * bytes. */
	if (len && text[len - 1] != '\n')
		civil_buf_addch(out, '\n');
	civil_buf_adds(out, "[include]\n");
	path_line(out, value);
	if (!len || text[len - 1] == '\n')
		civil_buf_addch(out, '\n');
}

/* Is [p, e) (a line without its break) the line "want"? */
static bool line_is(const char *p, const char *e, const char *want)
{
	return (size_t)(e - p) == strlen(want) &&
	       !memcmp(p, want, strlen(want));
}

/* Does an entry come next after pos: a line that is not blank, a comment
 * or a section header? */
static bool entry_follows(const char *text, size_t len, size_t pos)
{
	while (pos < len) {
		const char *p = text + pos, *eol = memchr(p, '\n', len - pos);
		const char *s = p;

		if (!eol)
			eol = text + len;
		while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s < eol)
			return *s != '#' && *s != ';' && *s != '[';
		pos = (size_t)(eol - text) + 1;
	}
	return false;
}

bool civil_gitconfig_include_has(const char *text, size_t len,
				 const char *value)
{
	struct civil_buf want = CIVIL_BUF_INIT;
	const char *p, *end, *eol;
	bool found = false;

	if (!text)
		text = "";
	p = text;
	end = text + len;

	path_line(&want, value);
	for (; !found && p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		found = line_is(p, eol, want.buf);
	}
	civil_buf_release(&want);
	return found;
}

bool civil_gitconfig_include_remove(struct civil_buf *out, const char *text,
				    size_t len, const char *value, bool *made)
{
	struct civil_buf want = CIVIL_BUF_INIT;
	size_t prev, prev2, from, to, pos = 0, tail = 0;
	bool found = false, was_made = false;

	if (!text)
		text = "";
	path_line(&want, value);
	/* prev, prev2: where the line before this one, and the one before
	 * that, start (SIZE_MAX: none). */
	prev = prev2 = SIZE_MAX;
	while (pos < len) {
		const char *p = text + pos, *eol = memchr(p, '\n', len - pos);
		size_t next = eol ? (size_t)(eol - text) + 1 : len;
		bool header, last = !eol; /* the file's last line, no break */

		if (!eol)
			eol = text + len;
		if (!line_is(p, eol, want.buf)) {
			civil_buf_add(out, p, next - pos);
			prev2 = prev;
			prev = pos;
			pos = next;
			continue;
		}
		found = true;
		/* Its "[include]" goes with it, unless an entry of the
		 * user's came to live under it since. */
		header = prev != SIZE_MAX &&
			 line_is(text + prev, text + pos - 1, "[include]") &&
			 !entry_follows(text, len, next);
		from = header ? prev : pos;
		if (header && prev2 == 0 && tail == 0 &&
		    line_is(text, text + prev - 1, MADE_LINE)) {
			from = 0;
			was_made = true;
		}
		to = next;
		/* The line break added before a file's last line. */
		if (last && header && from > tail && text[from - 1] == '\n')
			from--;
		/* out holds text up to pos: take back what goes. */
		out->len -= pos - from;
		out->buf[out->len] = '\0';
		pos = tail = to;
		prev = prev2 = SIZE_MAX;
	}
	if (made)
		*made = was_made && found && !out->len;
	civil_buf_release(&want);
	return found;
}

/* ---- git's lock ---- */

/* The file a config at path is: links followed as git's lockfile.c
 * follows them (at most 5; a relative link from the link's directory), a
 * dangling one to the file it names. */
char *civil_path_resolve(const char *path)
{
	char *cur = civil_xstrdup(path);

	for (int depth = 0; depth < 5; depth++) {
		char target[PATH_MAX];
		ssize_t n = readlink(cur, target, sizeof(target) - 1);
		struct civil_buf next = CIVIL_BUF_INIT;
		const char *slash;

		if (n < 0 || n == (ssize_t)sizeof(target) - 1)
			break;
		target[n] = '\0';
		slash = strrchr(cur, '/');
		if (target[0] != '/' && slash)
			civil_buf_add(&next, cur, (size_t)(slash - cur) + 1);
		civil_buf_adds(&next, target);
		free(cur);
		cur = civil_buf_detach(&next);
	}
	return cur;
}

civil_status_t civil_lock_take(civil_lock_t *lk, const char *path,
			       civil_error_t *err)
{
	memset(lk, 0, sizeof(*lk));
	lk->fd = -1;
	lk->shown = civil_xstrdup(path);
	lk->file = civil_path_resolve(path);
	lk->lock = malloc(strlen(lk->file) + 6);
	if (!lk->lock)
		abort();
	strcpy(lk->lock, lk->file);
	strcat(lk->lock, ".lock");
	lk->fd = open(lk->lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (lk->fd < 0) {
		civil_status_t st = civil_error_set(
			err, CIVIL_STATUS_FILE_ERROR, "can't lock '%s': %s%s",
			path, strerror(errno),
			errno == EEXIST ? " (is a git config running? if not, "
					  "remove the .lock file)"
					: "");

		free(lk->lock);
		lk->lock = NULL;
		civil_lock_release(lk);
		return st;
	}
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_lock_read(civil_lock_t *lk, struct civil_buf *b,
			       bool *exists, civil_error_t *err)
{
	civil_buf_reset(b);
	*exists = lstat(lk->file, &lk->st) == 0;
	if (!*exists && errno != ENOENT)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't read '%s': %s", lk->shown,
				       strerror(errno));
	lk->existed = *exists;
	if (*exists && !S_ISREG(lk->st.st_mode))
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't change '%s': not a regular file",
				       lk->shown);
	return *exists ? civil_file_read(lk->file, b, err)
		       : CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_lock_commit(civil_lock_t *lk, const void *data, size_t len,
				 civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if ((lk->existed && fchmod(lk->fd, lk->st.st_mode & 07777) < 0) ||
	    civil_fd_write(lk->fd, lk->lock, data, len, err) ||
	    fsync(lk->fd) < 0 || close(lk->fd) < 0 ||
	    (lk->fd = -1, rename(lk->lock, lk->file) < 0)) {
		st = err && err->status
			     ? err->status
			     : civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					       "can't write '%s': %s",
					       lk->shown, strerror(errno));
	} else {
		free(lk->lock);
		lk->lock = NULL; /* renamed: nothing to take away */
	}
	civil_lock_release(lk);
	return st;
}

civil_status_t civil_lock_delete(civil_lock_t *lk, civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (unlink(lk->file) < 0 && errno != ENOENT)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't remove '%s': %s", lk->shown,
				     strerror(errno));
	civil_lock_release(lk);
	return st;
}

void civil_lock_release(civil_lock_t *lk)
{
	if (lk->fd >= 0)
		close(lk->fd);
	if (lk->lock)
		unlink(lk->lock);
	free(lk->lock);
	free(lk->file);
	free(lk->shown);
	memset(lk, 0, sizeof(*lk));
	lk->fd = -1;
}
