// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - a command's option table (options.h) turned into getopt's
 * tables and parsed, so that every command says a wrong option the same
 * way getopt says it.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "options.h"

/* getopt_long's values for options without a letter: past any char. */
#define LONG_ONLY 0x100
#define HELP	  (-2)
#define VERSION	  (-3)

/* "text or json", "a, b or c". */
static void alternatives(struct civil_buf *b, const cmd_keyword_t *k)
{
	for (size_t i = 0; k[i].name; i++)
		civil_buf_addf(b, "%s%s",
			       !i	       ? ""
			       : k[i + 1].name ? ", "
					       : " or ",
			       k[i].name);
}

/* Store arg for o; 0, or 2 when it is not a value o takes (said). */
static int store(const cmd_option_t *o, const char *arg)
{
	struct civil_buf want = CIVIL_BUF_INIT;
	cmd_list_t *list;
	char *end;
	long n;

	switch (o->kind) {
	case bool_argument:
		*(bool *)o->out = true;
		return 0;
	case string_argument:
		*(const char **)o->out = arg;
		return 0;
	case list_argument:
		list = o->out;
		list->v = realloc(list->v, (list->n + 1) * sizeof(*list->v));
		if (!list->v)
			abort();
		list->v[list->n++] = arg;
		return 0;
	case int_argument:
		errno = 0;
		n = strtol(arg, &end, 10);
		if (!*arg || *end || errno || n < INT_MIN || n > INT_MAX) {
			cmd_warn("bad %s '%s' (want a whole number)", o->name,
				 arg);
			return 2;
		}
		*(int *)o->out = (int)n;
		return 0;
	case keyword_argument:
		for (const cmd_keyword_t *k = o->keywords; k->name; k++) {
			if (!strcmp(k->name, arg)) {
				*(int *)o->out = k->value;
				return 0;
			}
		}
		alternatives(&want, o->keywords);
		cmd_warn("unknown %s '%s' (want %s)", o->name, arg, want.buf);
		civil_buf_release(&want);
		return 2;
	}
	return 2;
}

/* getopt's tables for ours, --help and --version added; malloc'd. */
static void getopt_tables(const cmd_option_t *table, unsigned flags,
			  struct option **longopts, struct civil_buf *shortopts)
{
	size_t n = 0;

	while (table[n].name)
		n++;
	*longopts = calloc(n + 3, sizeof(**longopts));
	if (!*longopts)
		abort();
	if (flags & CMD_OPTIONS_IN_ORDER)
		civil_buf_addch(shortopts, '+');
	for (size_t i = 0; i < n; i++) {
		const cmd_option_t *o = &table[i];
		struct option *l = &(*longopts)[i];

		l->name = o->name;
		l->has_arg = o->kind == bool_argument ? no_argument
						      : required_argument;
		l->val = o->letter ? o->letter : LONG_ONLY + (int)i;
		if (o->letter)
			civil_buf_addf(shortopts, "%c%s", o->letter,
				       l->has_arg ? ":" : "");
	}
	civil_buf_addch(shortopts, 'h');
	(*longopts)[n] = (struct option){ "help", no_argument, NULL, HELP };
	(*longopts)[n + 1] =
		(struct option){ "version", no_argument, NULL, VERSION };
}

/* --help after the usage: each option as it is typed, and its line. */
#define HELP_COLUMN 26

static void help_line(FILE *f, char letter, const char *name, const char *how,
		      const char *help)
{
	struct civil_buf left = CIVIL_BUF_INIT;

	if (letter)
		civil_buf_addf(&left, "  -%c, --%s%s", letter, name, how);
	else
		civil_buf_addf(&left, "      --%s%s", name, how);
	if (!*help)
		fprintf(f, "%s\n", left.buf);
	else if (left.len + 2 > HELP_COLUMN)
		fprintf(f, "%s\n%*s%s\n", left.buf, HELP_COLUMN, "", help);
	else
		fprintf(f, "%-*s%s\n", HELP_COLUMN, left.buf, help);
	civil_buf_release(&left);
}

static void options_help(FILE *f, const cmd_option_t *table)
{
	struct civil_buf how = CIVIL_BUF_INIT;

	fprintf(f, "\nOptions:\n");
	for (const cmd_option_t *o = table; o->name; o++) {
		civil_buf_reset(&how);
		if (o->kind == keyword_argument && !o->value) {
			civil_buf_addch(&how, '=');
			for (const cmd_keyword_t *k = o->keywords; k->name; k++)
				civil_buf_addf(&how, "%s%s",
					       k == o->keywords ? "" : "|",
					       k->name);
		} else if (o->kind != bool_argument) {
			civil_buf_addf(&how, "=%s",
				       o->value		       ? o->value
				       : o->kind == int_argument ? "N"
								 : "VALUE");
		}
		help_line(f, o->letter, o->name, civil_buf_str(&how),
			  o->help ? o->help : "");
	}
	help_line(f, 'h', "help", "", "this help");
	help_line(f, 0, "version", "", "civil's version");
	fprintf(f, "\nSee %s(1).\n", cmd_name);
	civil_buf_release(&how);
}

/* The table's entry getopt_long returned c for, or NULL. */
static const cmd_option_t *find(const cmd_option_t *table, int c)
{
	for (size_t i = 0; table[i].name; i++)
		if (table[i].letter ? table[i].letter == c
				    : LONG_ONLY + (int)i == c)
			return &table[i];
	return NULL;
}

int cmd_options_parse(int argc, char **argv, const cmd_option_t *table,
		      unsigned flags, void (*usage)(FILE *), int *argi)
{
	struct civil_buf shortopts = CIVIL_BUF_INIT;
	struct option *longopts;
	const cmd_option_t *o;
	int c, rc = -1;

	getopt_tables(table, flags, &longopts, &shortopts);
	/* getopt prints argv[0]: a hook or a mail client runs us by our
	 * full path. */
	argv[0] = (char *)cmd_name;
	optind = 0; /* from the start, even when parsed before */
	while (rc < 0 && (c = getopt_long(argc, argv, shortopts.buf, longopts,
					  NULL)) != -1) {
		if (c == 'h' || c == HELP) {
			usage(stdout);
			options_help(stdout, table);
			rc = 0;
		} else if (c == VERSION) {
			printf("%s %s\n", cmd_name, CIVIL_VERSION);
			rc = 0;
		} else if (!(o = find(table, c))) {
			usage(stderr); /* getopt said what */
			rc = 2;
		} else if (store(o, optarg)) {
			usage(stderr);
			rc = 2;
		}
	}
	*argi = optind;
	free(longopts);
	civil_buf_release(&shortopts);
	return rc;
}
