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
 *
 * Two sends of the same message at once (a client's retry, two clients)
 * must not leave a .why without its message: keeping both files and
 * forgetting both are each done holding DIR/.lock (flock, so a killed
 * sender lets go of it).  So a temporary file (.KEY.eml.civil-XXXXXX)
 * found while holding it was left by a sender killed while writing (no
 * live one writes without the lock): it is removed then.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
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

/* A temporary file civil_file_create makes for DIR/KEY.EXT:
 * ".KEY.EXT.civil-XXXXXX". */
static bool is_temporary(const char *name)
{
	size_t len = strlen(name);

	return len == 1 + 64 + 4 + 7 + 6 && name[0] == '.' &&
	       strspn(name + 1, "0123456789abcdef") == 64 &&
	       (!strncmp(name + 65, ".eml", 4) ||
		!strncmp(name + 65, ".why", 4)) &&
	       !strncmp(name + 69, ".civil-", 7);
}

/* Holding the lock: every temporary file is a killed sender's. */
static void remove_temporaries(const char *dir)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (!is_temporary(de->d_name))
			continue;
		civil_buf_reset(&path);
		civil_buf_addf(&path, "%s/%s", dir, de->d_name);
		unlink(path.buf);
	}
	closedir(d);
	civil_buf_release(&path);
}

/* DIR/.lock, taken (waited for: it is held for two small writes); -1 when
 * it can't be had, and then the files are written without it. */
static int lock_dir(const char *dir)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	int fd;

	civil_buf_addf(&path, "%s/.lock", dir);
	fd = open(path.buf, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0600);
	civil_buf_release(&path);
	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	}
	remove_temporaries(dir);
	return fd;
}

static void unlock_dir(int fd)
{
	if (fd >= 0)
		close(fd);
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

/* The .why first: a message without one is listed as not held. */
static void forget(const char *dir, const char *key)
{
	struct civil_buf path = CIVIL_BUF_INIT;

	held_path(dir, key, "why", &path);
	unlink(path.buf);
	held_path(dir, key, "eml", &path);
	unlink(path.buf);
	civil_buf_release(&path);
}

civil_status_t civil_held_keep(const char *dir, const char *key,
			       const void *data, size_t len,
			       const char *subject, const char *why,
			       civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT, text = CIVIL_BUF_INIT;
	civil_status_t st;
	int lock = -1;

	if (g_mkdir_with_parents(dir, 0700) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't create '%s': %s", dir,
				     strerror(errno));
		goto done;
	}
	lock = lock_dir(dir);
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
		forget(dir, key);
done:
	unlock_dir(lock);
	civil_buf_release(&path);
	civil_buf_release(&text);
	return st;
}

void civil_held_forget(const char *dir, const char *key)
{
	int lock = lock_dir(dir);

	forget(dir, key);
	unlock_dir(lock);
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
		    (!eml && civil_file_read_regular(path.buf, &text, NULL)))
			continue;
		/* A .why whose message is gone (sent since) is no held
		 * message: --held never names a file that is not there. */
		if (!eml) {
			struct civil_buf m = CIVIL_BUF_INIT;
			bool gone;

			civil_buf_addf(&m, "%s/%.64s.eml", dir, de->d_name);
			gone = access(m.buf, F_OK) < 0;
			civil_buf_release(&m);
			if (gone)
				continue;
		}
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
