// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-sendmail - a sendmail for b4, git send-email, mutt, aerc and
 * emacs that adds the code's reminder to reviews and takes a second look
 * at the sender's words, then hands the message to the real sendmail with
 * the caller's arguments unchanged.
 *
 *   civil-sendmail [--sendmail=CMD] [sendmail options] [recipients]
 *   civil-sendmail --held | --help | --version
 *
 * The real sendmail: --sendmail=CMD (a command line, run as git runs
 * sendemail.sendmailCmd: civil-install --b4 writes it there), else git
 * config civil.sendmail (words split as the shell would), else msmtp when
 * it is on PATH, else /usr/sbin/sendmail.  civil replaces itself with it
 * (exec), so its exit status is the real one.  Every other argument is the
 * real sendmail's: civil's own options are only these, and only first.
 *
 * Silent when all is well: emacs takes any output as a failure, and b4,
 * mutt and aerc show what a sendmail says only when it fails.  So when
 * standard error is not a terminal, a heated message is held (exit 75,
 * one line saying why); the same message sent again within ten minutes
 * goes out.  One that can't be held (nowhere to keep it) is not sent
 * either (75), and the line says why.  A message that can't be handed
 * over is kept, and where is said.
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

#define EX_USAGE       64
#define EX_DATAERR     65
#define EX_NOINPUT     66
#define EX_UNAVAILABLE 69
#define EX_TEMPFAIL    75 /* held: sent again, it goes out */

/* git's run-command runs a command line by the shell when it has one of
 * these (blanks left out: words are split either way). */
#define SHELL_META "|&;<>()$`\\\"'\n*?[#~=%"

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-sendmail [--sendmail=CMD] [sendmail options] "
		   "[recipients] <message\n"
		   "       civil-sendmail --held | --help | --version\n");
}

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

/* The real sendmail's argv (malloc'd, NULL-terminated): cmdline (from
 * --sendmail=, a shell command line as in sendemail.sendmailCmd, given the
 * caller's arguments as "$@"), else civil.sendmail, else the usual
 * places. */
static char **real_sendmail(const civil_config_t *cfg, const char *cmdline)
{
	const char *named = cfg ? civil_config_get_sendmail(cfg) : NULL;
	char **argv = NULL;
	char *real;

	if (cmdline && strpbrk(cmdline, SHELL_META)) {
		argv = g_new0(char *, 5);
		argv[0] = g_strdup("/bin/sh");
		argv[1] = g_strdup("-c");
		argv[2] = g_strdup_printf("%s \"$@\"", cmdline);
		argv[3] = g_strdup(cmdline);
		return argv;
	}
	if (cmdline && g_shell_parse_argv(cmdline, NULL, &argv, NULL))
		return argv;
	if (named && *named && g_shell_parse_argv(named, NULL, &argv, NULL))
		return argv;
	real = cmd_default_sendmail();
	argv = g_new0(char *, 2);
	argv[0] = g_strdup(real);
	free(real);
	return argv;
}

/* Set to the real sendmail civil-sendmail runs: a civil-sendmail that
 * finds it set was run by that sendmail, and would run it again. */
#define LOOP_ENV "CIVIL_SENDMAIL_RAN"

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
	if (cmd_state_dir("unsent", &dir, &err) ||
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
	/* What it runs, for a civil-sendmail it runs in turn (a wrapper that
	 * execs civil-sendmail) to see that it would loop. */
	setenv(LOOP_ENV, real[0], 1);
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

/* Send by SMTP (civil-sendmail --smtp); a message the server did not
 * take is kept, and the client keeps it too (75). */
static int smtp_over(const char *identity, int argc, char **argv,
		     civil_message_t *msg, const struct civil_buf *send,
		     const struct civil_buf *orig)
{
	struct civil_buf why = CIVIL_BUF_INIT;
	int rc = 0;

	if (cmd_smtp_send(identity, argc, argv, msg, send->buf, send->len,
			  &why)) {
		keep(orig, why.buf);
		rc = EX_TEMPFAIL;
	}
	civil_buf_release(&why);
	return rc;
}

/* The flagged sentences on one line: '"..." (insult 'x'); "..." (...)',
 * control characters escaped (a sentence is the sender's bytes). */
static void tone_line(const civil_heat_score_t *tone, struct civil_buf *out)
{
	struct civil_buf lines = CIVIL_BUF_INIT;
	char **v;

	civil_tone_lines(tone, &lines);
	v = g_strsplit(civil_buf_str(&lines), "\n", -1);
	for (char **l = v; *l; l++) {
		if (!**l)
			continue;
		if (l != v)
			civil_buf_adds(out, "; ");
		civil_field_escape(out, *l);
	}
	g_strfreev(v);
	civil_buf_release(&lines);
}

/*
 * A heated message, and a caller that would not show a warning.  Held the
 * first time, with one line the caller does show; the same message sent
 * again within CIVIL_HOLD_SECONDS goes out.  Returns true to send it.
 *
 * A hold civil can't keep (no HOME, a full or read-only state directory)
 * could never be let through, and a warning would reach nobody: the
 * message is not sent (75, the client keeps it), and the line says why
 * and how to send it all the same.
 */
static bool hold_or_send(civil_message_t *msg, const civil_outgoing_t *og,
			 const struct civil_buf *in, int *rc)
{
	struct civil_buf tone = CIVIL_BUF_INIT, why = CIVIL_BUF_INIT;
	struct civil_buf subject = CIVIL_BUF_INIT, dir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char key[65];
	bool send = false;

	civil_held_key(msg, key);
	tone_line(&og->tone, &tone);
	if (cmd_state_dir("held", &dir, &err) == CIVIL_STATUS_SUCCESS &&
	    civil_held_recently(dir.buf, key, time(NULL))) {
		civil_held_forget(dir.buf, key);
		send = true;
		goto done;
	}
	civil_buf_addf(&why,
		       "held for its tone: %s; sent again within %d "
		       "minutes, it goes out",
		       civil_buf_str(&tone), CIVIL_HOLD_SECONDS / 60);
	/* A decoded subject may hold a line break: one line in --held. */
	civil_field_escape(&subject, civil_message_subject(msg));
	if (!err.message)
		civil_held_keep(dir.buf, key, in->buf, in->len, subject.buf,
				why.buf, &err);
	if (err.message) {
		civil_buf_reset(&why);
		civil_buf_addf(
			&why,
			"not sent for its tone: %s; it can't be held to "
			"go out when sent again (%s): to send it anyway, "
			"set CIVIL_TONE=off",
			civil_buf_str(&tone), err.message);
		civil_error_clear(&err);
	}
	cmd_warn("%s", why.buf);
	*rc = EX_TEMPFAIL;
done:
	civil_buf_release(&tone);
	civil_buf_release(&why);
	civil_buf_release(&subject);
	civil_buf_release(&dir);
	return send;
}

/*
 * civil.repository names a tree civil could not open (moved, deleted): the
 * reminder would name the built-in code instead of that tree's, and no
 * terminal shows the warning.  Held once, as a heated review is, with the
 * reason on the line the client shows; sent again within
 * CIVIL_HOLD_SECONDS, it goes out with the built-in code's reminder.
 * Returns true to send it.
 */
static bool hold_for_repository(civil_message_t *msg, const civil_t *c,
				const struct civil_buf *warnings,
				const struct civil_buf *in, int *rc)
{
	const char *named = civil_config_get_repository(civil_get_settings(c));
	const char *w = strstr(civil_buf_str(warnings), "civil.repository: ");
	struct civil_buf why = CIVIL_BUF_INIT, dir = CIVIL_BUF_INIT;
	struct civil_buf subject = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char key[65];
	bool send = false;

	if (w)
		civil_buf_add(&why, w, strcspn(w, "\n"));
	else
		civil_buf_addf(&why, "civil.repository: can't open '%s'",
			       named);
	civil_buf_addf(&why,
		       ", so the reminder names the built-in code (<%s>): fix "
		       "or unset civil.repository; ",
		       civil_code_get_contact(civil_get_code(c))
			       ? civil_code_get_contact(civil_get_code(c))
			       : "none");
	civil_held_key(msg, key);
	if (cmd_state_dir("held", &dir, &err) == CIVIL_STATUS_SUCCESS &&
	    civil_held_recently(dir.buf, key, time(NULL))) {
		civil_held_forget(dir.buf, key);
		send = true;
		goto done;
	}
	civil_field_escape(&subject, civil_message_subject(msg));
	if (!err.message) {
		struct civil_buf held = CIVIL_BUF_INIT;

		civil_buf_addf(&held,
			       "held: %ssent again within %d minutes, it goes "
			       "out",
			       why.buf, CIVIL_HOLD_SECONDS / 60);
		if (!civil_held_keep(dir.buf, key, in->buf, in->len,
				     subject.buf, held.buf, &err)) {
			cmd_warn("%s", held.buf);
			civil_buf_release(&held);
			*rc = EX_TEMPFAIL;
			goto done;
		}
		civil_buf_release(&held);
	}
	/* Nowhere to hold it: a warning would reach nobody, so it goes out
	 * as a setting of the user's can't stop it for ever. */
	civil_error_clear(&err);
	send = true;
done:
	civil_buf_release(&why);
	civil_buf_release(&subject);
	civil_buf_release(&dir);
	return send;
}

/* civil.tone=reject: never sent; kept, and said how to send it anyway. */
static void refuse(const civil_outgoing_t *og, const struct civil_buf *in,
		   bool loud)
{
	struct civil_buf why = CIVIL_BUF_INIT;

	if (loud) {
		cmd_warn_tone(&og->tone);
	} else {
		civil_buf_adds(&why, "tone: ");
		tone_line(&og->tone, &why);
		civil_buf_adds(&why, "; ");
	}
	civil_buf_adds(&why, "not sent: civil.tone is 'reject' (to send it "
			     "anyway, set CIVIL_TONE=off or git config "
			     "civil.tone warn)");
	keep(in, why.buf);
	civil_buf_release(&why);
}

/* A reply b4 wrote from a template made before the code's contact
 * changed (signed, so civil can't mend it).  The template is up to date
 * now: b4 writes the reply anew when it is sent again. */
static void say_stale(const civil_outgoing_t *og, bool b4_template)
{
	cmd_warn("not sent: its reminder says '%s' but the code's says '%s' "
		 "now; %s",
		 og->stale_line, og->current_line,
		 b4_template ? "civil's b4 review template is up to date now: "
			       "send the reply again from b4"
			     : "take the old reminder out and send it again");
}

/* Bring civil's b4 review template, if b4 uses one here, up to date;
 * true when there is one. */
static bool refresh_b4_template(const civil_t *c)
{
	const civil_config_t *cfg = civil_get_settings(c);
	civil_error_t err = CIVIL_ERROR_INIT;
	bool ours = false, changed;
	char *reminder;

	if (!civil_config_get_b4_template(cfg))
		return false;
	reminder = civil_reminder_text(civil_get_code(c), cfg);
	if (civil_b4_template_refresh(civil_config_get_b4_template(cfg),
				      reminder, &ours, &changed, &err))
		civil_error_clear(&err); /* b4's to report, when it reads it */
	free(reminder);
	return ours;
}

static int list_one(const civil_held_t *h, void *arg)
{
	time_t now = *(const time_t *)arg;
	long left = (long)(h->when + CIVIL_HOLD_SECONDS - now);
	char stamp[32];
	struct tm tm;

	strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M",
		 localtime_r(&h->when, &tm));
	if (h->why_missing)
		printf("%s  (not held)  %s\n", stamp, h->subject);
	else if (left > 0 && left <= CIVIL_HOLD_SECONDS)
		printf("%s  (%ld:%02ld left to send it again)  %s\n", stamp,
		       left / 60, left % 60, h->subject);
	else
		printf("%s  (expired: the next send is held again)  %s\n",
		       stamp, h->subject);
	printf("    %s\n    %s\n", h->why, h->path);
	return 0;
}

/* civil-sendmail --held: what was held, newest first, and why. */
static int list_held(void)
{
	struct civil_buf dir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	time_t now = time(NULL);
	int rc = 0;

	if (cmd_state_dir("held", &dir, &err) ||
	    civil_held_foreach(dir.buf, list_one, &now, &err)) {
		cmd_warn_error(&err);
		rc = 1;
	}
	civil_buf_release(&dir);
	return rc;
}

/* civil's own options: alone (--help, --version, --held), or first
 * (--sendmail=CMD).  Everything else, long options included (msmtp has
 * many), is the real sendmail's.  Returns -1 to go on. */
static int own_options(int *argc, char ***argv, const char **cmdline,
		       bool *smtp, const char **identity)
{
	const char *a = *argc > 1 ? (*argv)[1] : "";

	if (*argc == 2 && !strcmp(a, "--help")) {
		usage(stdout);
		/* Its own few, parsed here: everything else is the real
		 * sendmail's, so there is no option table to print. */
		printf("\nOptions (civil's own; every other argument is the "
		       "real sendmail's):\n"
		       "      --sendmail=CMD      first only: the real "
		       "sendmail, "
		       "for this message\n"
		       "      --smtp[=IDENTITY]   first only: send by SMTP, "
		       "as git send-email\n"
		       "                          would with the identity's "
		       "sendemail.* settings\n"
		       "      --held              alone: what is held for its "
		       "tone, and why\n"
		       "      --help              alone: this help\n"
		       "      --version           alone: civil's version\n"
		       "\nSee civil-sendmail(1).\n");
		return 0;
	}
	if (*argc == 2 && !strcmp(a, "--version")) {
		printf("civil-sendmail %s\n", CIVIL_VERSION);
		return 0;
	}
	if (*argc == 2 && !strcmp(a, "--held"))
		return list_held();
	/* No sendmail has it (--help and --version with more are the real
	 * sendmail's): said, rather than a message read. */
	if (!strcmp(a, "--held")) {
		cmd_warn("--held goes alone");
		usage(stderr);
		return EX_USAGE;
	}
	if (!strcmp(a, "--smtp") || !strncmp(a, "--smtp=", 7)) {
		*smtp = true;
		*identity = a[6] == '=' && a[7] ? a + 7 : NULL;
		(*argv)[1] = (*argv)[0];
		(*argv)++;
		(*argc)--;
	} else if (!strncmp(a, "--sendmail=", 11)) {
		*cmdline = a + 11;
		(*argv)[1] = (*argv)[0];
		(*argv)++;
		(*argc)--;
	}
	return -1;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "civil-sendmail";

	struct civil_buf in = CIVIL_BUF_INIT, warnings = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT, parse_err = CIVIL_ERROR_INIT;
	const struct civil_buf *send = &in;
	civil_outgoing_t og = CIVIL_OUTGOING_INIT;
	civil_message_t *msg = NULL;
	const char *cmdline = NULL, *identity = NULL;
	bool smtp = false;
	/* Only a terminal shows what civil says and still sends. */
	bool loud = isatty(2), b4_template, through;
	civil_t *c = NULL;
	char **real = NULL;
	int rc;

	cmd_start();
	rc = own_options(&argc, &argv, &cmdline, &smtp, &identity);
	if (rc >= 0) {
		civil_shutdown();
		return rc;
	}
	through = pass_through(argc, argv);
	if (through && smtp) {
		cmd_warn("--smtp sends a message: no -b or -q mode");
		civil_shutdown();
		return EX_USAGE;
	}
	if (!through) {
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
		if (civil_message_parse(in.buf, in.len, "<stdin>", &msg,
					&parse_err))
			msg = NULL;
	}
	/* Run by the real sendmail a civil-sendmail ran (a wrapper as
	 * civil.sendmail that runs civil-sendmail): running it again would
	 * never end.  Kept, as when the real sendmail can't run. */
	if (getenv(LOOP_ENV)) {
		struct civil_buf why = CIVIL_BUF_INIT;

		civil_buf_addf(&why,
			       "the real sendmail '%s' runs civil-sendmail "
			       "again: not sent, so as not to loop (name the "
			       "sendmail it runs in civil.sendmail)",
			       getenv(LOOP_ENV));
		if (through)
			cmd_warn("%s", why.buf);
		else
			keep(&in, why.buf);
		civil_buf_release(&why);
		rc = EX_UNAVAILABLE;
		goto out;
	}
	if (msg && civil_outgoing_unfinished(msg)) {
		cmd_warn("not sent: %s", CMD_UNFINISHED);
		rc = EX_DATAERR;
		goto out;
	}
	/* A patch for a real sendmail the command line names (as
	 * civil-install --b4 writes it) goes out as it came, whatever
	 * civil's settings say: so civil reads none of them, and neither
	 * starts libgit2 for each patch of a series nor stops one for a
	 * setting it can't read, as the sendemail-validate hook does. */
	if ((cmdline || smtp) && msg &&
	    civil_message_kind(msg) == CIVIL_KIND_PATCH) {
		if (smtp) {
			rc = smtp_over(identity, argc, argv, msg, &in, &in);
			goto out;
		}
		real = real_sendmail(NULL, cmdline);
		rc = hand_over(real, argc, argv, &in, &in);
		goto out;
	}
	c = cmd_open(CMD_OPEN_GIT, &warnings);
	if (!c) {
		rc = EX_UNAVAILABLE;
		goto out;
	}
	if (!smtp)
		real = real_sendmail(civil_get_settings(c), cmdline);
	if (through) {
		rc = hand_over(real, argc, argv, NULL, NULL);
		goto out;
	}
	/* A civil setting it can't read: civil refuses to guess (a typo in
	 * civil.tone must never send what reject would hold).  Kept, and
	 * the client keeps it too: sent again once the setting is fixed. */
	if (civil_config_get_problem(civil_get_settings(c))) {
		struct civil_buf why = CIVIL_BUF_INIT;

		civil_buf_addf(&why,
			       "%s; not sent: civil does not guess what a "
			       "setting it can't read means",
			       civil_config_get_problem(civil_get_settings(c)));
		keep(&in, why.buf);
		civil_buf_release(&why);
		rc = EX_TEMPFAIL;
		goto out;
	}

	/* git send-email's sendemail-validate hook checked these words on
	 * this very send, and said what it found: once is enough. */
	if (msg && cmd_checked_by_hook(msg))
		civil_set_tone(c, CIVIL_TONE_OFF);
	if (!msg || civil_outgoing_prepare(c, msg, &og, &err)) {
		if (loud)
			cmd_warn("%s; passed on unchanged",
				 msg ? err.message : parse_err.message);
		civil_error_clear(&err);
		goto send;
	}
	if (loud && warnings.len)
		fprintf(stderr, "%s: %s", cmd_name, warnings.buf);
	b4_template = refresh_b4_template(c);
	if (og.stale_line) {
		say_stale(&og, b4_template);
		rc = EX_DATAERR;
		goto out;
	}
	if (og.tone_heated) {
		if (civil_config_get_tone(civil_get_settings(c)) ==
		    CIVIL_TONE_REJECT) {
			refuse(&og, &in, loud);
			rc = 1;
			goto out;
		}
		if (loud)
			cmd_warn_tone(&og.tone);
		else if (!hold_or_send(msg, &og, &in, &rc))
			goto out;
	}
	/* Only when the reminder goes in: it is what names the code.  (A
	 * message let go after a hold for its tone is not held again.) */
	if (!loud && !og.tone_heated &&
	    og.remind.action == CIVIL_REMIND_ADDED &&
	    civil_config_get_repository(civil_get_settings(c)) &&
	    !civil_get_repository(c) &&
	    civil_config_get_tone(civil_get_settings(c)) != CIVIL_TONE_OFF &&
	    !hold_for_repository(msg, c, &warnings, &in, &rc))
		goto out;
	if (og.remind.action == CIVIL_REMIND_SIGNED && loud)
		cmd_warn("message is %s; passed on unchanged, a signature must "
			 "not break",
			 og.remind.why);
	else if (og.remind.action == CIVIL_REMIND_CANT_EDIT && loud)
		cmd_warn("%s; passed on unchanged", og.remind.why);
	else if (og.remind.action == CIVIL_REMIND_ADDED)
		send = &og.out;
send:
	if (smtp)
		rc = smtp_over(identity, argc, argv, msg, send, &in);
	else
		rc = hand_over(real, argc, argv, send, &in);
out:
	g_strfreev(real);
	civil_message_free(msg);
	civil_outgoing_release(&og);
	civil_close(c);
	civil_error_clear(&parse_err);
	civil_buf_release(&in);
	civil_buf_release(&warnings);
	civil_shutdown();
	return rc;
}
