// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * held.c - heated mail civil-sendmail holds back once.
 *
 * b4, mutt, aerc and emacs never show what their sendmail says when it
 * succeeds (emacs even takes any output for a failure), so a warning on
 * standard error reaches nobody.  Instead the message is held: kept here,
 * and the send fails with one line the client does show.  The same
 * message sent again within CIVIL_HOLD_SECONDS goes out.
 *
 * "The same message" is its subject, recipients and text: a client makes
 * a new Date, Message-ID and MIME boundary for each try.  Each held
 * message is two files named by that key: KEY.eml (the message as it was
 * given) and KEY.why (its subject and the line the sender was shown).
 * The time of the hold is KEY.why's mtime.  Where they are kept is the
 * caller's choice (civil-sendmail: $XDG_STATE_HOME/civil/held).
 */
#include <dirent.h>
#include <errno.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "civil.h"
#include "cmd-support.h"
#include "util.h"

void civil_held_key(civil_message_t *msg, char key[65])
{
	static const char *const headers[] = { "Subject", "To", "Cc" };
	GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
	const char *text = civil_message_text(msg);

	for (size_t i = 0; i < sizeof(headers) / sizeof(headers[0]); i++) {
		const char *v = civil_message_header(msg, headers[i]);

		g_checksum_update(sum, (const guchar *)(v ? v : ""),
				  (gssize)strlen(v ? v : "") + 1);
	}
	g_checksum_update(sum, (const guchar *)(text ? text : ""), -1);
	g_strlcpy(key, g_checksum_get_string(sum), 65);
	g_checksum_free(sum);
}

void civil_tone_key(civil_message_t *msg, char key[65])
{
	const char *text = civil_message_authored(msg);
	gchar *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256,
						   text ? text : "", -1);

	g_strlcpy(key, sum, 65);
	g_free(sum);
}

/* DIR/KEY.EXT */
static void held_path(const char *dir, const char *key, const char *ext,
		      struct civil_buf *out)
{
	civil_buf_reset(out);
	civil_buf_addf(out, "%s/%s.%s", dir, key, ext);
}

bool civil_held_recently(const char *dir, const char *key, time_t now)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	struct stat sb;
	bool recent = false;

	held_path(dir, key, "why", &path);
	if (stat(path.buf, &sb) == 0)
		recent = sb.st_mtime <= now &&
			 now - sb.st_mtime < CIVIL_HOLD_SECONDS;
	civil_buf_release(&path);
	return recent;
}

civil_status_t civil_held_keep(const char *dir, const char *key,
			       const void *data, size_t len,
			       const char *subject, const char *why,
			       civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_status_t st;

	if (g_mkdir_with_parents(dir, 0700) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't create '%s': %s", dir,
				     strerror(errno));
		goto done;
	}
	/* The message first: a .why is never there without its message. */
	held_path(dir, key, "eml", &path);
	st = civil_file_create(path.buf, data, len, 0600, true, err);
	if (st)
		goto done;
	civil_buf_addf(&text, "%s\n%s\n", subject ? subject : "", why);
	held_path(dir, key, "why", &path);
	st = civil_file_create(path.buf, text.buf, text.len, 0600, true, err);
	/* Not held after all: no message without its .why (one a crash left
	 * between the two is listed all the same, civil_held_foreach). */
	if (st)
		civil_held_forget(dir, key);
done:
	civil_buf_release(&path);
	civil_buf_release(&text);
	return st;
}

void civil_held_forget(const char *dir, const char *key)
{
	struct civil_buf path = CIVIL_BUF_INIT;

	held_path(dir, key, "why", &path);
	unlink(path.buf);
	held_path(dir, key, "eml", &path);
	unlink(path.buf);
	civil_buf_release(&path);
}

/* The decoded subject of the message at path, its control characters
 * (line breaks among them) blanks: one line ("" when it can't be read). */
static char *subject_of(const char *path)
{
	struct civil_buf raw = CIVIL_BUF_INIT;
	civil_message_t *msg = NULL;
	char *subject = NULL;

	if (!civil_file_read(path, &raw, NULL) &&
	    !civil_message_parse(raw.buf, raw.len, path, &msg, NULL))
		subject = g_strdup(civil_message_subject(msg));
	civil_message_free(msg);
	civil_buf_release(&raw);
	for (char *c = subject; c && *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	return subject ? subject : g_strdup("");
}

static int newest_first(const void *a, const void *b)
{
	const civil_held_t *x = a, *y = b;

	return (x->when < y->when) - (x->when > y->when);
}

civil_status_t civil_held_foreach(const char *dir, civil_held_fn fn, void *arg,
				  civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	civil_held_t *v = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d;

	d = opendir(dir);
	if (!d) {
		if (errno != ENOENT)
			st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					     "can't read '%s': %s", dir,
					     strerror(errno));
		goto done;
	}
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		bool eml = len == 64 + 4 && !strcmp(de->d_name + 64, ".eml");
		struct stat sb;
		char *nl;

		if (len != 64 + 4 || (!eml && strcmp(de->d_name + 64, ".why")))
			continue;
		civil_buf_reset(&path);
		civil_buf_addf(&path, "%s/%.64s.why", dir, de->d_name);
		/* A message is listed through its .why; one without (a
		 * crash between the two writes) through itself. */
		if (eml && access(path.buf, F_OK) == 0)
			continue;
		if (eml) {
			civil_buf_reset(&path);
			civil_buf_addf(&path, "%s/%s", dir, de->d_name);
		}
		civil_buf_reset(&text);
		if (stat(path.buf, &sb) < 0 ||
		    (!eml && civil_file_read(path.buf, &text, NULL)))
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 8;
			v = g_renew(civil_held_t, v, alloc);
		}
		memset(&v[n], 0, sizeof(v[n]));
		v[n].when = sb.st_mtime;
		v[n].path = g_strdup_printf("%s/%.64s.eml", dir, de->d_name);
		if (eml) {
			v[n].subject = subject_of(path.buf);
			v[n].why = g_strdup("its .why is missing: not held, "
					    "the next send is held again");
			v[n].why_missing = true;
			n++;
			continue;
		}
		nl = strchr(text.buf, '\n');
		v[n].subject = g_strndup(text.buf, nl ? (size_t)(nl - text.buf)
						      : text.len);
		v[n].why = g_strdup(nl ? nl + 1 : "");
		g_strchomp(v[n].why);
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), newest_first);
	for (size_t i = 0; i < n && !fn(&v[i], arg); i++)
		;
	for (size_t i = 0; i < n; i++) {
		g_free(v[i].path);
		g_free(v[i].subject);
		g_free(v[i].why);
	}
	g_free(v);
done:
	civil_buf_release(&path);
	civil_buf_release(&text);
	return st;
}
