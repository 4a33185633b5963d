// SPDX-License-Identifier: GPL-2.0-only
/*
 * civil-sendmail - a sendmail for b4, git send-email, mutt, aerc and
 * emacs that adds the code's reminder to reviews and takes a second look
 * at the sender's words, then hands the message to the real sendmail with
 * the caller's arguments unchanged.
 *
 * The real sendmail: git config civil.sendmail (words split as the shell
 * would), else msmtp when it is on PATH, else /usr/sbin/sendmail.  civil
 * replaces itself with it (exec), so its exit status is the real one.
 * Silent when all is well: emacs takes any output as a failure.  A message
 * that can't be handed over is kept, and where is said.
 */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"

const char *cmd_name = "civil-sendmail";

#define EX_NOINPUT     66
#define EX_UNAVAILABLE 69

/* sendmail options whose value is the next argument when not attached. */
static bool takes_value(const char *a)
{
	return strlen(a) == 2 && strchr("fFrNRBVXLOCh", a[1]);
}

/* Is this a mode civil has no business in (-bs, -bp, -q...)?  The
 * caller's options are passed on as they are, unknown ones included, and
 * no option changes how civil reads the message: it always reads standard
 * input to its end and never applies a dot rule of its own, so the real
 * sendmail sees the same bytes (plus the reminder) and decides about
 * "-i" and lone dots exactly as it would have without civil. */
static bool pass_through(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];

		if (!strcmp(s, "--"))
			break;
		if (s[0] != '-')
			continue;
		if (!strncmp(s, "-b", 2) && strcmp(s, "-bm"))
			return true;
		if (!strncmp(s, "-q", 2))
			return true;
		if (takes_value(s) && i + 1 < argc)
			i++;
	}
	return false;
}

/* The real sendmail's argv (malloc'd, NULL-terminated), from
 * civil.sendmail or the usual places. */
static char **real_sendmail(const civil_config_t *cfg)
{
	char **argv = NULL;
	char *msmtp;

	if (cfg->sendmail && *cfg->sendmail &&
	    g_shell_parse_argv(cfg->sendmail, NULL, &argv, NULL))
		return argv;
	msmtp = g_find_program_in_path("msmtp");
	argv = g_new0(char *, 2);
	argv[0] = msmtp ? msmtp : g_strdup("/usr/sbin/sendmail");
	return argv;
}

/* Is prog, found as execvp would, this very program? */
static bool is_myself(const char *prog)
{
	char *found = g_find_program_in_path(prog);
	char *a = found ? realpath(found, NULL) : NULL;
	char *b = realpath("/proc/self/exe", NULL);
	bool same = a && b && !strcmp(a, b);

	g_free(found);
	free(a);
	free(b);
	return same;
}

/* Keep a message that could not be handed over; say where. */
static void keep(const struct civil_buf *msg, const char *why)
{
	struct civil_buf dir = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
	if (civil_unsent_dir(&dir, &err) ||
	    g_mkdir_with_parents(dir.buf, 0700) < 0) {
		cmd_warn("%s; and there is nowhere to keep the message: %s",
			 why, err.message ? err.message : strerror(errno));
		goto done;
	}
	civil_buf_addf(&path, "%s/%s-%d.eml", dir.buf, stamp, (int)getpid());
	if (civil_file_create(path.buf, msg->buf, msg->len, 0600, false, &err))
		cmd_warn("%s; and the message could not be kept: %s", why,
			 err.message);
	else
		cmd_warn("%s; the message is kept in '%s'", why, path.buf);
done:
	civil_error_clear(&err);
	civil_buf_release(&dir);
	civil_buf_release(&path);
}

/* Replace ourselves with the real sendmail, the message on its stdin (msg
 * NULL: stdin as we were given it). */
static int hand_over(char **real, int argc, char **argv,
		     const struct civil_buf *msg, const struct civil_buf *orig)
{
	int n = 0, fd;
	char **full;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (is_myself(real[0])) {
		if (orig)
			keep(orig, "the real sendmail (git config "
				   "civil.sendmail) is civil-sendmail itself");
		else
			cmd_warn(
				"the real sendmail (git config civil.sendmail) "
				"is civil-sendmail itself");
		return EX_UNAVAILABLE;
	}
	if (!msg)
		goto exec;
	fd = memfd_create("civil-sendmail", 0);
	if (fd < 0) {
		FILE *f = tmpfile();

		fd = f ? dup(fileno(f)) : -1;
		if (f)
			fclose(f);
	}
	if (fd < 0 || civil_fd_write(fd, "message", msg->buf, msg->len, &err) ||
	    lseek(fd, 0, SEEK_SET) < 0 || dup2(fd, 0) < 0) {
		civil_error_clear(&err);
		keep(orig, "can't pass the message on");
		return EX_UNAVAILABLE;
	}
	close(fd);
exec:
	while (real[n])
		n++;
	full = calloc((size_t)(n + argc), sizeof(*full));
	if (!full)
		abort();
	memcpy(full, real, (size_t)n * sizeof(*full));
	memcpy(full + n, argv + 1, (size_t)(argc - 1) * sizeof(*full));
	fflush(NULL);
	execvp(full[0], full);
	{
		struct civil_buf why = CIVIL_BUF_INIT;

		civil_buf_addf(&why, "can't run '%s': %s", full[0],
			       strerror(errno));
		if (orig)
			keep(orig, why.buf);
		else
			cmd_warn("%s", why.buf);
		civil_buf_release(&why);
	}
	free(full);
	return EX_UNAVAILABLE;
}

int main(int argc, char **argv)
{
	struct civil_buf in = CIVIL_BUF_INIT, warnings = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const struct civil_buf *send = &in;
	civil_outgoing_t og = { 0 };
	civil_message_t *msg = NULL;
	civil_context_t ctx;
	char **real;
	int rc;

	civil_init();
	civil_context_open(&ctx, NULL, &warnings, NULL);
	real = real_sendmail(&ctx.config);
	if (pass_through(argc, argv)) {
		rc = hand_over(real, argc, argv, NULL, NULL);
		goto out;
	}
	if (civil_fd_read(0, "<stdin>", &in, &err)) {
		cmd_warn_error(&err);
		rc = EX_NOINPUT;
		goto out;
	}
	if (!in.len) {
		cmd_warn("no message on standard input; nothing sent");
		rc = EX_NOINPUT;
		goto out;
	}

	if (civil_message_parse(in.buf, in.len, "<stdin>", &msg, &err)) {
		cmd_warn("%s; passed on unchanged", err.message);
		civil_error_clear(&err);
	} else if (civil_outgoing_prepare(msg, &ctx, &og, &err)) {
		cmd_warn("%s; passed on unchanged", err.message);
		civil_error_clear(&err);
	} else {
		if (warnings.len)
			fprintf(stderr, "%s: %s", cmd_name, warnings.buf);
		if (og.tone_heated) {
			cmd_warn_tone(&og.tone);
			if (ctx.config.tone == CIVIL_TONE_REJECT) {
				keep(&in,
				     "not sent: civil.tone is 'reject' (to "
				     "send it anyway, set CIVIL_TONE=off "
				     "or git config civil.tone warn)");
				rc = 1;
				goto out;
			}
		}
		if (og.remind.action == CIVIL_REMIND_SIGNED)
			cmd_warn("message is %s; passed on unchanged, a "
				 "signature must not break",
				 og.remind.why);
		else if (og.remind.action == CIVIL_REMIND_CANT_EDIT)
			cmd_warn("%s; passed on unchanged", og.remind.why);
		else if (og.remind.action == CIVIL_REMIND_ADDED)
			send = &og.out;
	}
	rc = hand_over(real, argc, argv, send, &in);
out:
	g_strfreev(real);
	civil_message_free(msg);
	civil_outgoing_release(&og);
	civil_context_close(&ctx);
	civil_buf_release(&in);
	civil_buf_release(&warnings);
	civil_shutdown();
	return rc;
}
