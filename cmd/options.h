/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - a command's options as a table, parsed in one call (after
 * notmuch's notmuch_opt_desc_t).  The messages are getopt's and name the
 * command ("civil-scan: unrecognized option '--x'"); --help and -h print
 * the usage and then every option of the table with its line of help on
 * standard output, --version the version, anything wrong the usage on
 * standard error with exit status 2.
 *
 * It prints, so it is the commands' (cmd/) and never in libcivil.
 */
#ifndef CIVIL_OPTIONS_H
#define CIVIL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an option takes and where it goes.  Named like getopt's
 * no_argument and required_argument, so a table reads like getopt's
 * (and tests/t/0080-completion.t reads the long names from it). */
enum cmd_option_kind {
	bool_argument,	  /* --x: out is a bool *, set true */
	string_argument,  /* --x V, --x=V: out is a const char ** */
	keyword_argument, /* --x=WORD, one of keywords: out is an int * */
	int_argument,	  /* --x=N, a decimal int: out is an int * */
	list_argument,	  /* --x V, again and again: out is a cmd_list_t * */
};

/* A keyword_argument's words and the value each stores. */
typedef struct cmd_keyword {
	const char *name;
	int value;
} cmd_keyword_t;

/* What a list_argument gathers: the arguments themselves, in order.  v
 * is malloc'd (free it); its strings are argv's. */
typedef struct cmd_list {
	const char **v;
	size_t n;
} cmd_list_t;

/* One option.  The table ends with an entry whose name is NULL. */
typedef struct cmd_option {
	const char *name; /* long name, without the "--" */
	enum cmd_option_kind kind;
	char letter; /* short option, or 0 for none */
	void *out;   /* where the value goes (see the kinds) */
	const cmd_keyword_t *keywords; /* keyword_argument: ends with a NULL
					* name */
	const char *help;  /* one line for --help, lower case, no full stop */
	const char *value; /* what --help calls the value ("FILE"); NULL:
			    * VALUE, N, or the keywords */
} cmd_option_t;

/* Don't take options after the first argument that is not one (getopt's
 * "+"): what follows is a query or a file and is left as it is. */
#define CMD_OPTIONS_IN_ORDER 0x1

/*
 * Parse argv by the table.  Returns -1 to go on, with *argi the index of
 * the first argument that is not an option (getopt's optind); else the
 * exit status to end with: 0 after --help or --version, 2 after a usage
 * error, said and followed by usage(stderr).
 */
int cmd_options_parse(int argc, char **argv, const cmd_option_t *table,
		      unsigned flags, void (*usage)(FILE *), int *argi);

#endif
