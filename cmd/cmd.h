/* SPDX-License-Identifier: GPL-2.0-only */
/* cmd.h - the little every command shares: its name and how it complains. */
#ifndef CIVIL_CMD_H
#define CIVIL_CMD_H

#include "civil.h"
#include "util.h"

extern const char *cmd_name;

/* "prog: message" on stderr. */
void cmd_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The error's message, then clear it. */
void cmd_warn_error(civil_error_t *err);

/* The context of the repository git would use here (civil_repo_open_env:
 * $GIT_DIR, as the sendemail-validate hook has it), warnings one line
 * each, then the environment's word on the tone check: CIVIL_TONE=off
 * git send-email ... sends once without it.  A bad $CIVIL_TONE is a line
 * of warnings and leaves civil.tone as it was. */
void cmd_context_open(civil_context_t *ctx, struct civil_buf *warnings);

/* The real sendmail civil-sendmail hands mail to when nothing names one
 * (--sendmail=, civil.sendmail): msmtp when it is on PATH, else
 * /usr/sbin/sendmail.  malloc'd. */
char *cmd_default_sendmail(void);

/* "prog: tone: ..." for each flagged sentence. */
void cmd_warn_tone(const civil_heat_score_t *s);

/* Where what the reader's corrections taught civil is kept:
 * $XDG_DATA_HOME/civil/learned, else ~/.local/share/civil/learned;
 * NULL without a HOME.  malloc'd. */
char *cmd_learned_path(void);
/* Load it into heat (*path: where, or NULL); -1 when it can't be read,
 * said in one line. */
int cmd_open_learned(civil_heat_t *heat, char **path);

#endif
