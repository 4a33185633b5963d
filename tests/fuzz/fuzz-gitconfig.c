// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-gitconfig - civil-install's git config files (util/gitconfig.c),
 * with git itself as the oracle.  The input's NUL-separated fields are: a
 * user's git config file (any bytes), a comment, then keys and values for
 * civil's own file.  A key that is not one civil writes is made into one:
 * the field becomes the subsection of "fuzz.<field>.v".
 *
 * Oracles:
 *   - civil's own file, as civil_gitconfig_write writes it, is read back
 *     by civil_gitconfig_parse as the same comment and settings;
 *   - git config --file OWN --null --list reads exactly those settings,
 *     each key once, its value byte for byte;
 *   - the include civil adds to the user's file keeps every byte of it
 *     in front, is found there, and taking it away gives back exactly the
 *     file there was (never "made by civil");
 *   - when git reads the user's file, it reads it with the include too,
 *     and the settings of civil's file are the last it reads: git's "last
 *     value wins" lets civil's stand in front of the user's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "util.h"
#include "oracle.h"

static char dir[64];
static char *own_path, *user_path;

static void cleanup(void)
{
	const char *argv[] = { "rm", "-rf", dir, NULL };

	civil_run_quiet(argv, NULL, NULL, 0, NULL, NULL, NULL);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	struct civil_buf b = CIVIL_BUF_INIT;

	snprintf(dir, sizeof(dir), "%s/fuzz-gitconfig.XXXXXX",
		 tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	if (!mkdtemp(dir))
		abort();
	atexit(cleanup);
	/* git reads only the files named here. */
	setenv("HOME", dir, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	unsetenv("GIT_CONFIG_GLOBAL");
	unsetenv("GIT_CONFIG_PARAMETERS");
	unsetenv("GIT_CONFIG_COUNT");
	civil_buf_addf(&b, "%s/own.inc", dir);
	own_path = civil_buf_detach(&b);
	civil_buf_addf(&b, "%s/user.config", dir);
	user_path = civil_buf_detach(&b);
	return 0;
}

/* Plainly: civil's lock and its fsync are the unit tests' (check_gitconfig);
 * here they would only slow every run. */
static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "w");

	ORACLE(f && (!len || fwrite(data, 1, len, f) == len) && fclose(f) == 0);
}

/* git config ARGS... --null --list; false when git refuses. */
static bool git_list(const char *file, bool includes, struct civil_buf *out)
{
	const char *argv[] = { "git",
			       "config",
			       "--file",
			       file,
			       includes ? "--includes" : "--no-includes",
			       "--null",
			       "--list",
			       NULL };
	int status = -1;

	civil_buf_reset(out);
	ORACLE(!civil_run_quiet(argv, NULL, NULL, 0, out, &status, NULL));
	return status == 0;
}

/* The last c->n "key\nvalue\0" records of out are c's settings: each
 * key once, with its value byte for byte. */
static void ends_with_settings(const struct civil_buf *out,
			       const civil_gitconfig_t *c)
{
	const char *end = out->buf + out->len, *p;
	size_t total = 0, skip;
	bool *seen = calloc(c->n + 1, sizeof(*seen));

	for (p = out->buf; p < end; p += strlen(p) + 1)
		total++;
	ORACLE(total >= c->n);
	skip = total - c->n;
	for (p = out->buf; p < end; p += strlen(p) + 1) {
		const char *nl = strchr(p, '\n');
		size_t i;
		char *key;

		if (skip) {
			skip--;
			continue;
		}
		ORACLE(nl);
		key = strndup(p, (size_t)(nl - p));
		for (i = 0;
		     i < c->n && !civil_gitconfig_same_key(key, c->keys[i]);
		     i++)
			;
		ORACLE(i < c->n && !seen[i]);
		seen[i] = true;
		ORACLE(!strcmp(nl + 1, c->values[i]));
		free(key);
	}
	free(seen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	civil_gitconfig_t c = { 0 }, back;
	struct civil_buf text = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;
	struct civil_buf added = CIVIL_BUF_INIT, removed = CIVIL_BUF_INIT;
	struct civil_buf key = CIVIL_BUF_INIT;
	char *fields[24];
	size_t n = 0;
	bool made = true, user_ok;

	while (p <= end && n < sizeof(fields) / sizeof(*fields)) {
		const char *z = memchr(p, '\0', (size_t)(end - p));
		size_t len = z ? (size_t)(z - p) : (size_t)(end - p);

		fields[n++] = strndup(p, len);
		p += len + 1;
	}
	/* civil's own file */
	c.comment = strdup(n > 1 ? fields[1] : "");
	for (size_t i = 2; i + 1 < n; i += 2) {
		civil_buf_reset(&key);
		if (civil_gitconfig_key_ok(fields[i]))
			civil_buf_adds(&key, fields[i]);
		else if (!strchr(fields[i], '\n'))
			civil_buf_addf(&key, "fuzz.%s.v", fields[i]);
		else
			continue;
		if (civil_gitconfig_get(&c, key.buf))
			continue;
		ORACLE(!civil_gitconfig_set(&c, key.buf, fields[i + 1], NULL));
	}
	civil_gitconfig_write(&c, &text);
	ORACLE(!civil_gitconfig_parse(&back, "own", text.buf, text.len, NULL));
	ORACLE(back.n == c.n);
	ORACLE(!strcmp(back.comment, c.comment) ||
	       /* a comment's last line always ends in a line break */
	       (strlen(back.comment) == strlen(c.comment) + 1 &&
		!strncmp(back.comment, c.comment, strlen(c.comment))));
	for (size_t i = 0; i < c.n; i++)
		ORACLE(civil_gitconfig_get(&back, c.keys[i]) &&
		       !strcmp(civil_gitconfig_get(&back, c.keys[i]),
			       c.values[i]));
	civil_gitconfig_release(&back);
	write_file(own_path, text.buf, text.len);
	ORACLE(git_list(own_path, false, &out));
	ends_with_settings(&out, &c);
	{
		/* Nothing else in it. */
		size_t records = 0;

		for (const char *r = out.buf; r < out.buf + out.len;
		     r += strlen(r) + 1)
			records++;
		ORACLE(records == c.n);
	}

	/* the include in the user's file */
	{
		const char *user = n ? fields[0] : "";
		size_t ulen = strlen(user);

		civil_gitconfig_include_add(&added, user, ulen, own_path,
					    false);
		ORACLE(added.len > ulen && !memcmp(added.buf, user, ulen));
		ORACLE(civil_gitconfig_include_has(added.buf, added.len,
						   own_path));
		ORACLE(civil_gitconfig_include_remove(
			&removed, added.buf, added.len, own_path, &made));
		ORACLE(!made);
		ORACLE(removed.len == ulen &&
		       !memcmp(civil_buf_str(&removed), user, ulen));

		write_file(user_path, user, ulen);
		user_ok = git_list(user_path, false, &out);
		write_file(user_path, added.buf, added.len);
		/* What git read before, it reads with civil's include,
		 * and civil's settings last. */
		if (user_ok) {
			ORACLE(git_list(user_path, true, &out));
			ends_with_settings(&out, &c);
		}
	}

	for (size_t i = 0; i < n; i++)
		free(fields[i]);
	civil_gitconfig_release(&c);
	civil_buf_release(&text);
	civil_buf_release(&out);
	civil_buf_release(&added);
	civil_buf_release(&removed);
	civil_buf_release(&key);
	return 0;
}
