// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * checked.c - one tone check per send.  With both the sendemail-validate
 * hook (civil-remind) and civil-sendmail in git send-email's way, the
 * hook checks each file first, at the user's terminal, and git send-email
 * then hands the message it made of that file to civil-sendmail: which
 * must not check, warn or hold those words again.
 *
 * git send-email passes nothing of the hook's to its sendmail (not an
 * environment variable, and a header the hook wrote would go out with
 * the mail when no civil-sendmail is in the way).  What the two share is
 * the git send-email process itself: the hook's parent (git hook run)
 * and the sendmail's parent (sh -c) are its children.  So the hook notes
 * the key of the words it checked (civil_tone_key) in a file named after
 * that process, its pid and its start time (which a later process with
 * the same pid does not have), under $XDG_STATE_HOME/civil/checked; and
 * civil-sendmail believes a note only in the file of the git send-email
 * it runs under itself, still running, for the very words it was given.
 * Nothing in a message can make civil-sendmail skip its check, and a
 * note lives no longer than the send that made it: the next notes prune
 * the files of sends that are over.
 *
 * Linux /proc; where it can't be read, nothing is noted and
 * civil-sendmail checks as it would alone.
 */
#include <dirent.h>
#include <fcntl.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"

/* How far up the process tree to look for git send-email. */
#define MAX_DEPTH 32

/* Process pid's parent and start time (clock ticks after boot), from
 * /proc/PID/stat: fields 4 and 22, counted after the command's ")" (a
 * command may hold blanks and parentheses). */
static bool proc_stat(long pid, long *ppid, unsigned long long *start)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char path[64];
	const char *p;
	bool ok = false;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (civil_file_read(path, &b, NULL))
		goto done;
	p = strrchr(civil_buf_str(&b), ')');
	if (!p)
		goto done;
	/* ") S PPID ..." : field 3 is the state. */
	ok = sscanf(p + 1,
		    " %*c %ld %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s "
		    "%*s %*s %*s %*s %*s %*s %*s %llu",
		    ppid, start) == 2;
done:
	civil_buf_release(&b);
	return ok;
}

static const char *base(const char *s)
{
	const char *slash = strrchr(s, '/');

	return slash ? slash + 1 : s;
}

/* Is process pid git send-email: "perl .../git-send-email ...", the
 * script run as a program, or a git that runs it as a builtin? */
static bool is_send_email(long pid)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char path[64];
	const char *a0, *a1;
	bool yes = false;

	snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
	if (civil_file_read(path, &b, NULL) || !b.len)
		goto done;
	a0 = b.buf;
	a1 = memchr(b.buf, '\0', b.len);
	a1 = a1 && a1 + 1 < b.buf + b.len ? a1 + 1 : "";
	yes = !strcmp(base(a0), "git-send-email") ||
	      !strcmp(base(a1), "git-send-email") ||
	      (!strcmp(base(a0), "git") && !strcmp(a1, "send-email"));
done:
	civil_buf_release(&b);
	return yes;
}

/* The nearest git send-email above this process, as "PID-START". */
static bool send_email_id(struct civil_buf *out)
{
	long pid = getppid(), ppid;
	unsigned long long start;

	for (int depth = 0; pid > 1 && depth < MAX_DEPTH; depth++) {
		if (!proc_stat(pid, &ppid, &start))
			return false;
		if (is_send_email(pid)) {
			civil_buf_addf(out, "%ld-%llu", pid, start);
			return true;
		}
		pid = ppid;
	}
	return false;
}

/* Is the send a "PID-START" names still running? */
static bool send_alive(const char *id)
{
	unsigned long long start, now;
	long pid, ppid;
	char end;

	if (sscanf(id, "%ld-%llu%c", &pid, &start, &end) != 2)
		return false;
	return proc_stat(pid, &ppid, &now) && now == start;
}

/* $XDG_STATE_HOME/civil/checked, and in out the file of this send. */
static bool send_file(struct civil_buf *dir, struct civil_buf *out)
{
	struct civil_buf id = CIVIL_BUF_INIT;
	bool ok = send_email_id(&id) && !cmd_state_dir("checked", dir, NULL);

	if (ok)
		civil_buf_addf(out, "%s/%s", dir->buf, id.buf);
	civil_buf_release(&id);
	return ok;
}

/* The files of sends that are over. */
static void prune(const char *dir)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || send_alive(e->d_name))
			continue;
		civil_buf_reset(&path);
		civil_buf_addf(&path, "%s/%s", dir, e->d_name);
		unlink(path.buf);
	}
	closedir(d);
	civil_buf_release(&path);
}

void cmd_checked_note(civil_message_t *msg)
{
	struct civil_buf dir = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	char key[66];
	int fd;

	if (!send_file(&dir, &path))
		goto done;
	prune(dir.buf);
	if (g_mkdir_with_parents(dir.buf, 0700) < 0)
		goto done;
	civil_tone_key(msg, key);
	strcat(key, "\n");
	/* One line a message, written at once: a note cut short is a key
	 * that matches nothing, and civil-sendmail checks again. */
	fd = open(path.buf, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (fd >= 0) {
		civil_fd_write(fd, path.buf, key, strlen(key), NULL);
		close(fd);
	}
done:
	civil_buf_release(&dir);
	civil_buf_release(&path);
}

bool cmd_checked_by_hook(civil_message_t *msg)
{
	struct civil_buf dir = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	struct civil_buf notes = CIVIL_BUF_INIT;
	bool seen = false;
	char key[65];

	if (!send_file(&dir, &path) || civil_file_read(path.buf, &notes, NULL))
		goto done;
	civil_tone_key(msg, key);
	for (const char *p = civil_buf_str(&notes); *p;) {
		size_t n = strcspn(p, "\n");

		if (n == 64 && !memcmp(p, key, 64)) {
			seen = true;
			break;
		}
		p += n + (p[n] == '\n');
	}
done:
	civil_buf_release(&dir);
	civil_buf_release(&path);
	civil_buf_release(&notes);
	return seen;
}
