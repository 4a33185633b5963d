/* SPDX-License-Identifier: GPL-2.0-only */
/* cmd.h - the little every command shares: its name and how it complains. */
#ifndef CIVIL_CMD_H
#define CIVIL_CMD_H

#include <getopt.h>

#include "civil.h"

extern const char *cmd_name;

/* getopt_long(), whose complaints about options name the command
 * ("civil-scan: unrecognized option '--x'") and not the path it was run
 * by, as every other message does. */
int cmd_getopt(int argc, char **argv, const char *shortopts,
	       const struct option *longopts);

/* "prog: message" on stderr. */
void cmd_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The error's message, then clear it. */
void cmd_warn_error(civil_error_t *err);

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
