// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd.c - messages in the form "civil-scan: can't open database '/x': why". */
#include <glib.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* The command's name in what it prints; each main() sets it first.
 * Defined here, the file every command shares, so that no shared file
 * takes a name from one command's own. */
const char *cmd_name = "civil";

void cmd_start(void)
{
	struct sigaction pipe;

	/* GMime starts gpgme, and gpgme ignores SIGPIPE for the whole
	 * process: a command whose reader went away ("civil-scan --scores |
	 * head") would write on into the closed pipe and end with a
	 * complaint, and the real sendmail civil-sendmail becomes would
	 * inherit it.  What the caller gave comes back; civil_run ignores
	 * it only while it feeds a child. */
	sigaction(SIGPIPE, NULL, &pipe);
	civil_init();
	sigaction(SIGPIPE, &pipe, NULL);
}

void cmd_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cmd_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void cmd_warn_error(civil_error_t *err)
{
	if (err->message)
		cmd_warn("%s", err->message);
	else if (err->status)
		cmd_warn("%s", civil_status_to_string(err->status));
	civil_error_clear(err);
}

void cmd_warn_tone(const civil_heat_score_t *s)
{
	struct civil_buf lines = CIVIL_BUF_INIT;
	const char *p, *nl;

	civil_tone_lines(s, &lines);
	for (p = civil_buf_str(&lines); (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%s: tone: %.*s\n", cmd_name, (int)(nl - p), p);
	civil_buf_release(&lines);
}

char *cmd_default_sendmail(void)
{
	char *msmtp = g_find_program_in_path("msmtp");
	char *s = strdup(msmtp ? msmtp : "/usr/sbin/sendmail");

	g_free(msmtp);
	if (!s)
		abort();
	return s;
}

char *cmd_learned_path(void)
{
	const char *data = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	struct civil_buf b = CIVIL_BUF_INIT;

	if (data && *data == '/')
		civil_buf_addf(&b, "%s/civil/learned", data);
	else if (home && *home)
		civil_buf_addf(&b, "%s/.local/share/civil/learned", home);
	else
		return NULL;
	return civil_buf_detach(&b);
}

int cmd_open_learned(civil_heat_t *heat, char **path)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	*path = cmd_learned_path();
	if (!*path)
		return 0;
	if (civil_heat_learned_open(heat, *path, &err)) {
		cmd_warn_error(&err);
		return -1;
	}
	return 0;
}
