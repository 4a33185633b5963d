// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * config-write.c - change one setting in one git config file, as "git
 * config --file F --replace-all KEY VALUE" and "--unset-all KEY" do,
 * keeping every other byte of the file.
 *
 * libgit2 (1.5) is not used for it: it writes a '"' in a value
 * unescaped (git then refuses the whole file) and can't take away a
 * section.  So this writes values the way git's own config.c does
 * (quoted when they hold '#', ';' or end in a space; \n, \t, \" and \\
 * escaped), and takes git's lock, "FILE.lock", so git and civil never
 * write the file at once.  A line it can't read as git config (or a key
 * on a section's header line) makes it refuse, with the line named,
 * rather than guess.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "civil.h"
#include "util.h"

/* A key split into git's three parts; sub is NULL without one. */
struct key {
	char *section, *sub, *var;
};

/* One logical line of the file: [start, end) with its line break(s). */
struct item {
	enum { OTHER, BLANK, HEADER, ENTRY } kind;
	size_t start, end;
	int block; /* ENTRY, OTHER, BLANK: the HEADER item it is under, or -1 */
	bool match; /* HEADER: its section is the key's; ENTRY: it is the key */
};

static void key_release(struct key *k)
{
	g_free(k->section);
	g_free(k->sub);
	g_free(k->var);
}

static bool is_name(const char *s, size_t n, bool var)
{
	if (!n || (var && !isalpha((unsigned char)s[0])))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-')
			return false;
	return true;
}

static civil_status_t key_parse(const char *key, struct key *k,
				civil_error_t *err)
{
	const char *dot = strchr(key, '.'), *last = strrchr(key, '.');

	memset(k, 0, sizeof(*k));
	if (!dot || !is_name(key, (size_t)(dot - key), false) ||
	    !is_name(last + 1, strlen(last + 1), true) || strchr(key, '\n'))
		return civil_error_set(err, CIVIL_STATUS_USAGE,
				       "'%s' is not a git config key", key);
	k->section = g_strndup(key, (size_t)(dot - key));
	k->var = g_strdup(last + 1);
	if (last != dot)
		k->sub = g_strndup(dot + 1, (size_t)(last - dot - 1));
	return CIVIL_STATUS_SUCCESS;
}

/* A header at p ("[section]", "[section \"sub\"]", "[section.sub]"):
 * does it name k's section?  *end after the ']'; false when it is not
 * one git reads. */
static bool header_parse(const char *p, const char *eol, const struct key *k,
			 bool *match, const char **end)
{
	const char *name = ++p;
	struct civil_buf sub = CIVIL_BUF_INIT;
	bool has_sub = false, ok = false;
	size_t n;

	while (p < eol &&
	       (isalnum((unsigned char)*p) || *p == '-' || *p == '.'))
		p++;
	n = (size_t)(p - name);
	if (!n)
		goto done;
	if (memchr(name, '.', n)) {
		/* Old style: the subsection in lower case. */
		const char *dot = memchr(name, '.', n);

		for (const char *c = dot + 1; c < p; c++)
			civil_buf_addch(&sub, (char)tolower((unsigned char)*c));
		n = (size_t)(dot - name);
		has_sub = true;
	} else if (p < eol && (*p == ' ' || *p == '\t')) {
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p == eol || *p++ != '"')
			goto done;
		for (; p < eol && *p != '"'; p++) {
			if (*p == '\\' && p + 1 < eol)
				p++;
			civil_buf_addch(&sub, *p);
		}
		if (p == eol)
			goto done;
		p++;
		has_sub = true;
	}
	if (p == eol || *p != ']')
		goto done;
	*end = p + 1;
	*match = strlen(k->section) == n && !strncasecmp(name, k->section, n) &&
		 has_sub == !!k->sub &&
		 (!has_sub || !strcmp(civil_buf_str(&sub), k->sub));
	ok = true;
done:
	civil_buf_release(&sub);
	return ok;
}

/* Past an entry's value at p, continuation lines included: *end after
 * its last line break.  False when a quote is left open. */
static bool value_skip(const char *p, const char *text_end, const char **end)
{
	bool quoted = false, comment = false;

	for (; p < text_end; p++) {
		if (*p == '\n') {
			if (quoted)
				return false;
			*end = p + 1;
			return true;
		}
		if (comment)
			continue;
		if (*p == '\\' && p + 1 < text_end) {
			p++; /* an escape, or a line continued */
			continue;
		}
		if (*p == '"')
			quoted = !quoted;
		else if (!quoted && (*p == '#' || *p == ';'))
			comment = true;
	}
	*end = text_end;
	return !quoted;
}

/* The file as items; a line git would not read is an error naming it. */
static civil_status_t items_parse(const char *path, const char *text,
				  size_t len, const struct key *k,
				  struct item **out, size_t *n_out,
				  civil_error_t *err)
{
	const char *p = text, *end = text + len;
	struct item *v = NULL;
	size_t n = 0;
	int block = -1, line = 1;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *s = p, *next, *after;
		struct item it = { OTHER, (size_t)(p - text), 0, block, false };

		if (!eol)
			eol = end;
		next = eol < end ? eol + 1 : end;
		while (s < eol && isspace((unsigned char)*s))
			s++;
		if (s == eol) {
			it.kind = BLANK;
		} else if (*s == '#' || *s == ';') {
			it.kind = OTHER;
		} else if (*s == '[') {
			if (!header_parse(s, eol, k, &it.match, &after))
				goto bad;
			while (after < eol && isspace((unsigned char)*after))
				after++;
			/* "[core] bare = true" is git's too, but rare:
			 * refused rather than half understood. */
			if (after < eol && *after != '#' && *after != ';')
				goto bad;
			it.kind = HEADER;
			it.block = -1;
			block = (int)n;
		} else if (isalpha((unsigned char)*s)) {
			const char *name = s;

			while (s < eol &&
			       (isalnum((unsigned char)*s) || *s == '-'))
				s++;
			it.kind = ENTRY;
			it.match = block >= 0 && v[block].match &&
				   strlen(k->var) == (size_t)(s - name) &&
				   !strncasecmp(name, k->var, strlen(k->var));
			if (!value_skip(s, end, &next))
				goto bad;
		} else {
			goto bad;
		}
		it.end = (size_t)(next - text);
		for (const char *c = p; c < next; c++)
			line += *c == '\n';
		v = g_renew(struct item, v, n + 1);
		v[n++] = it;
		p = next;
		continue;
	bad:
		g_free(v);
		return civil_error_set(err, CIVIL_STATUS_UNSUPPORTED,
				       "can't change '%s': line %d is not git "
				       "config civil can edit",
				       path, line);
	}
	*out = v;
	*n_out = n;
	return CIVIL_STATUS_SUCCESS;
}

/* "\tvar = value\n", as git's config.c writes it. */
static void entry_write(struct civil_buf *b, const char *var, const char *value)
{
	size_t n = strlen(value);
	bool quote = n && (value[0] == ' ' || value[n - 1] == ' ' ||
			   strpbrk(value, "#;"));

	civil_buf_addf(b, "\t%s = %s", var, quote ? "\"" : "");
	for (const char *c = value; *c; c++) {
		if (*c == '\n')
			civil_buf_adds(b, "\\n");
		else if (*c == '\t')
			civil_buf_adds(b, "\\t");
		else if (*c == '"' || *c == '\\')
			civil_buf_addf(b, "\\%c", *c);
		else
			civil_buf_addch(b, *c);
	}
	civil_buf_adds(b, quote ? "\"\n" : "\n");
}

static void header_write(struct civil_buf *b, const struct key *k)
{
	civil_buf_addf(b, "[%s", k->section);
	if (k->sub) {
		civil_buf_adds(b, " \"");
		for (const char *c = k->sub; *c; c++) {
			if (*c == '"' || *c == '\\')
				civil_buf_addch(b, '\\');
			civil_buf_addch(b, *c);
		}
		civil_buf_addch(b, '"');
	}
	civil_buf_adds(b, "]\n");
}

/* The file as it is to be: text without the key's entries, value (NULL:
 * none) where the last of them was, else at the end of the key's last
 * section, else in a new section at the end.  A section the unset left
 * with nothing in it loses its header too. */
static void rewrite(const char *text, size_t len, const struct item *v,
		    size_t n, const struct key *k, const char *value,
		    struct civil_buf *out)
{
	bool *drop = g_new0(bool, n);
	size_t last = n, insert_after = n;

	for (size_t i = 0; i < n; i++) {
		if (v[i].kind == ENTRY && v[i].match) {
			drop[i] = true;
			last = i;
		}
		if (v[i].kind == HEADER && v[i].match)
			insert_after = i;
		else if (v[i].kind == ENTRY && v[i].block >= 0 &&
			 v[v[i].block].match)
			insert_after = i;
	}
	/* A section whose entries all went: its header goes too. */
	for (size_t h = 0; !value && h < n; h++) {
		bool emptied = false, left = false;

		if (v[h].kind != HEADER)
			continue;
		for (size_t i = h + 1; i < n && v[i].kind != HEADER; i++) {
			emptied |= drop[i];
			left |= !drop[i] && v[i].kind != BLANK;
		}
		drop[h] = emptied && !left;
	}
	for (size_t i = 0; i < n; i++) {
		if (value && i == last)
			entry_write(out, k->var, value);
		else if (!drop[i])
			civil_buf_add(out, text + v[i].start,
				      v[i].end - v[i].start);
		if (!value || last < n || i != insert_after)
			continue;
		/* A section ending the file without a line break. */
		if (out->len && out->buf[out->len - 1] != '\n')
			civil_buf_addch(out, '\n');
		entry_write(out, k->var, value);
	}
	if (value && last == n && insert_after == n) {
		if (out->len && out->buf[out->len - 1] != '\n')
			civil_buf_addch(out, '\n');
		header_write(out, k);
		entry_write(out, k->var, value);
	}
	g_free(drop);
}

/* Write data as path by git's lock: path.lock, created or refused, then
 * renamed over path.  The file keeps its mode. */
static civil_status_t locked_write(const char *path, const char *data,
				   size_t len, const struct stat *old,
				   civil_error_t *err)
{
	char *lock = g_strdup_printf("%s.lock", path);
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	int fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	if (fd < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't lock '%s': %s%s", path,
				     strerror(errno),
				     errno == EEXIST ? " (is a git config "
						       "running?)"
						     : "");
		goto done;
	}
	if ((old && fchmod(fd, old->st_mode & 07777) < 0) ||
	    civil_fd_write(fd, lock, data, len, err) || fsync(fd) < 0 ||
	    close(fd) < 0 || (fd = -1, rename(lock, path) < 0)) {
		if (fd >= 0)
			close(fd);
		unlink(lock);
		if (!err || !err->status)
			st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					     "can't write '%s': %s", path,
					     strerror(errno));
		else
			st = err->status;
	}
done:
	g_free(lock);
	return st;
}

civil_status_t civil_config_file_set(const char *path, const char *key,
				     const char *value, civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;
	struct item *v = NULL;
	struct key k;
	size_t n = 0;
	struct stat sb;
	bool exists;
	char *real = NULL;
	civil_status_t st;

	st = key_parse(key, &k, err);
	if (st)
		return st;
	/* A config that is a link (to a dotfiles tree) is written through
	 * it, as git does. */
	real = realpath(path, NULL);
	exists = real && stat(real, &sb) == 0;
	if (!exists && errno != ENOENT) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't open '%s': %s", path,
				     strerror(errno));
		goto done;
	}
	if (exists && (st = civil_file_read(real, &text, err)))
		goto done;
	if ((st = items_parse(path, civil_buf_str(&text), text.len, &k, &v, &n,
			      err)))
		goto done;
	rewrite(civil_buf_str(&text), text.len, v, n, &k, value, &out);
	if ((exists || value) &&
	    (out.len != text.len || memcmp(out.buf, text.buf, out.len)))
		st = locked_write(exists ? real : path, civil_buf_str(&out),
				  out.len, exists ? &sb : NULL, err);
done:
	free(real);
	g_free(v);
	key_release(&k);
	civil_buf_release(&text);
	civil_buf_release(&out);
	return st;
}
