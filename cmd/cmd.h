/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd.h - the little every command shares: its name and how it complains. */
#ifndef CIVIL_CMD_H
#define CIVIL_CMD_H

#include "civil.h"
#include "cmd-support.h"
#include "util.h"

extern const char *cmd_name;

/* civil_init(), and SIGPIPE back to what it was before a library took it
 * (gpgme ignores it): every command starts with it. */
void cmd_start(void);

/* "prog: message" on stderr. */
void cmd_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The error's message, then clear it. */
void cmd_warn_error(civil_error_t *err);

/* What cmd_open opens (open.c). */
#define CMD_OPEN_GIT	 (1u << 0) /* the repository git would use here */
#define CMD_OPEN_NOTMUCH (1u << 1) /* the notmuch config notmuch would read */

/* The handle a command works with, opened by the commands' policy:
 * with CMD_OPEN_GIT the repository git would use here
 * (civil_repo_open_env: $GIT_DIR, as the sendemail-validate hook has it)
 * and then the environment's word on the tone check (CIVIL_TONE=off git
 * send-email ... sends once without it; a bad $CIVIL_TONE is a line of
 * warnings and leaves civil.tone as it was); with CMD_OPEN_NOTMUCH the
 * notmuch config $NOTMUCH_CONFIG names, else the one libnotmuch finds;
 * civil's data beside the program, else in DATADIR; scans in as many
 * threads as the process may run on.  Warnings one line each.  NULL
 * (said) when it could not be opened. */
civil_t *cmd_open(unsigned int what, struct civil_buf *warnings);

/* The directory the running program is in, and the path of rel in civil's
 * data directory (hook shims, heat.lexicon): <bindir>/../share/civil
 * beside the program (the build tree, most installed trees), else the
 * DATADIR civil was built for (open.c). */
civil_status_t cmd_self_bindir(struct civil_buf *out, civil_error_t *err);
civil_status_t cmd_data_path(const char *rel, struct civil_buf *out,
			     civil_error_t *err);
/* $VAR/civil, when VAR holds an absolute path, else $HOME/HOME_REL/civil
 * (XDG's rule); false when neither is set.  The places civil keeps files
 * for the user are named with it (open.c). */
bool cmd_xdg_dir(const char *var, const char *home_rel, struct civil_buf *out);
/* Where civil-sendmail keeps mail: $XDG_STATE_HOME/civil/NAME, else
 * ~/.local/state/civil/NAME ("unsent": what could not be handed over,
 * "held": heated mail until it is sent again). */
civil_status_t cmd_state_dir(const char *name, struct civil_buf *out,
			     civil_error_t *err);

/* The real sendmail civil-sendmail hands mail to when nothing names one
 * (--sendmail=, civil.sendmail): msmtp when it is on PATH, else
 * /usr/sbin/sendmail.  malloc'd. */
char *cmd_default_sendmail(void);

/* Why an escalation draft with its placeholder is not sent (the hook
 * and civil-sendmail say it alike). */
#define CMD_UNFINISHED                                                         \
	"an escalation draft that still holds its placeholder \"[ Please "     \
	"write here, ... ]\": write your own words there, then send it"

/* "prog: tone: ..." for each flagged sentence. */
void cmd_warn_tone(const civil_heat_score_t *s);

/* Where what the reader's corrections taught civil is kept:
 * $XDG_DATA_HOME/civil/learned, else ~/.local/share/civil/learned;
 * NULL without a HOME.  malloc'd. */
char *cmd_learned_path(void);
/* Load it into heat (*path: where, or NULL); -1 when it can't be read,
 * said in one line. */
int cmd_open_learned(civil_heat_t *heat, char **path);

/* One tone check per send (checked.c).  The sendemail-validate hook
 * notes that it checked msg's words, for the git send-email it runs
 * under (nothing when it runs under none); civil-sendmail asks whether
 * the git send-email it runs under had its hook check these words.  A
 * note that can't be made or read is no note: civil-sendmail checks. */
void cmd_checked_note(civil_message_t *msg);
bool cmd_checked_by_hook(civil_message_t *msg);

/* Send data (len bytes; msg, its parse, or NULL) by SMTP submission as
 * git send-email would for identity's sendemail settings (NULL: none),
 * with argv's envelope (-f, the recipients: what git send-email and b4
 * give a sendmail).  0 when the server took it; else 1 and one line in
 * why (smtp.c). */
int cmd_smtp_send(const char *identity, int argc, char **argv,
		  civil_message_t *msg, const void *data, size_t len,
		  struct civil_buf *why);

#endif
