// SPDX-License-Identifier: GPL-2.0-or-later
/* The commands' option tables (cmd/options.c): values, the messages of a
 * wrong option, --help and --version. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../cmd/cmd.h"
#include "../../cmd/options.h"
#include "unit.h"


static void usage(FILE *f)
{
	fputs("Usage: civil-test [--x]\n", f);
}

static struct {
	bool flag;
	const char *name;
	int format, count;
	cmd_list_t ids;
} v;

enum { TEXT, JSON, MBOX };

static const cmd_keyword_t formats[] = {
	{ "text", TEXT },
	{ "json", JSON },
	{ "mbox", MBOX },
	{ NULL, 0 },
};

static const cmd_option_t table[] = {
	{ "flag", bool_argument, .letter = 'f', .out = &v.flag,
	  .help = "a flag" },
	{ "name", string_argument, .letter = 'n', .out = &v.name,
	  .value = "NAME", .help = "a name" },
	{ "format", keyword_argument, .out = &v.format, .keywords = formats },
	{ "count", int_argument, .out = &v.count },
	{ "id", list_argument, .out = &v.ids },
	{ NULL },
};

/* fd's output while parsing words, into out. */
static void capture_start(int fd, FILE *f, int *saved, const char *path)
{
	int to = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	ck_assert_int_ge(to, 0);
	fflush(f);
	*saved = dup(fd);
	dup2(to, fd);
	close(to);
}

static void capture_end(int fd, FILE *f, int saved, const char *path,
			struct civil_buf *out)
{
	fflush(f);
	dup2(saved, fd);
	close(saved);
	civil_buf_reset(out);
	ck_assert_int_eq(civil_file_read(path, out, NULL), 0);
}

static struct civil_buf out, err;

/* Parse words (NULL-ended, argv[0] added); the result, *argi, and what
 * was said in out and err. */
static int parse(unsigned flags, int *argi, ...)
{
	char *argv[16] = { "/usr/bin/civil-test" };
	const char *dir = unit_tmpdir();
	struct civil_buf po = CIVIL_BUF_INIT, pe = CIVIL_BUF_INIT;
	int argc = 1, so, se, rc;
	va_list ap;

	cmd_name = "civil-test";

	va_start(ap, argi);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	free(v.ids.v);
	memset(&v, 0, sizeof(v));
	civil_buf_addf(&po, "%s/out", dir);
	civil_buf_addf(&pe, "%s/err", dir);
	capture_start(1, stdout, &so, po.buf);
	capture_start(2, stderr, &se, pe.buf);
	rc = cmd_options_parse(argc, argv, table, flags, usage, argi);
	capture_end(1, stdout, so, po.buf, &out);
	capture_end(2, stderr, se, pe.buf, &err);
	civil_buf_release(&po);
	civil_buf_release(&pe);
	return rc;
}

START_TEST(values)
{
	int argi;

	ck_assert_int_eq(parse(0, &argi, "-f", "--name", "a b", "--format=json",
			       "--count=-12", "--id", "x@y", "--id=z@w", "rest",
			       NULL),
			 -1);
	ck_assert(v.flag);
	ck_assert_str_eq(v.name, "a b");
	ck_assert_int_eq(v.format, JSON);
	ck_assert_int_eq(v.count, -12);
	ck_assert_uint_eq(v.ids.n, 2);
	ck_assert_str_eq(v.ids.v[0], "x@y");
	ck_assert_str_eq(v.ids.v[1], "z@w");
	ck_assert_int_eq(argi, 9);
	ck_assert_str_eq(civil_buf_str(&out), "");
	ck_assert_str_eq(civil_buf_str(&err), "");
	ck_assert_int_eq(parse(0, &argi, "-nfoo", "--flag", NULL), -1);
	ck_assert(v.flag);
	ck_assert_str_eq(v.name, "foo");
	free(v.ids.v);
	v.ids.v = NULL;
}
END_TEST

START_TEST(in_order)
{
	int argi;

	/* Permuted, as getopt does by default... */
	ck_assert_int_eq(parse(0, &argi, "tag:x", "-f", NULL), -1);
	ck_assert(v.flag);
	ck_assert_int_eq(argi, 2);
	/* ...or left alone after the first word that is not an option. */
	ck_assert_int_eq(
		parse(CMD_OPTIONS_IN_ORDER, &argi, "tag:x", "-f", NULL), -1);
	ck_assert(!v.flag);
	ck_assert_int_eq(argi, 1);
}
END_TEST

START_TEST(wrong)
{
	int argi;

	ck_assert_int_eq(parse(0, &argi, "--bogus", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: unrecognized option '--bogus'\n"
			 "Usage: civil-test [--x]\n");
	ck_assert_str_eq(civil_buf_str(&out), "");
	ck_assert_int_eq(parse(0, &argi, "--format=xml", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: unknown format 'xml' (want text, json "
			 "or mbox)\n"
			 "Usage: civil-test [--x]\n");
	ck_assert_int_eq(parse(0, &argi, "--count=12x", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: bad count '12x' (want a whole number)\n"
			 "Usage: civil-test [--x]\n");
	ck_assert_int_eq(parse(0, &argi, "--count=99999999999", NULL), 2);
	ck_assert_int_eq(parse(0, &argi, "--flag=1", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: option '--flag' doesn't allow an "
			 "argument\n"
			 "Usage: civil-test [--x]\n");
	ck_assert_int_eq(parse(0, &argi, "--name", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: option '--name' requires an argument\n"
			 "Usage: civil-test [--x]\n");
	ck_assert_int_eq(parse(0, &argi, "-V", NULL), 2);
	ck_assert_str_eq(civil_buf_str(&err),
			 "civil-test: invalid option -- 'V'\n"
			 "Usage: civil-test [--x]\n");
}
END_TEST

START_TEST(help_and_version)
{
	int argi;

	/* The usage, then the table: letters, values, keywords, the
	 * lines of help; an option too long for its column gets its line
	 * below. */
	static const char help[] =
		"Usage: civil-test [--x]\n"
		"\n"
		"Options:\n"
		"  -f, --flag              a flag\n"
		"  -n, --name=NAME         a name\n"
		"      --format=text|json|mbox\n"
		"      --count=N\n"
		"      --id=VALUE\n"
		"  -h, --help              this help\n"
		"      --version           civil's version\n"
		"\n"
		"See civil-test(1).\n";

	ck_assert_int_eq(parse(0, &argi, "--help", "--bogus", NULL), 0);
	ck_assert_str_eq(civil_buf_str(&out), help);
	ck_assert_str_eq(civil_buf_str(&err), "");
	ck_assert_int_eq(parse(0, &argi, "-h", NULL), 0);
	ck_assert_str_eq(civil_buf_str(&out), help);
	ck_assert_int_eq(parse(0, &argi, "--version", NULL), 0);
	ck_assert_str_eq(civil_buf_str(&out), "civil-test " CIVIL_VERSION "\n");
	ck_assert_str_eq(civil_buf_str(&err), "");
	civil_buf_release(&out);
	civil_buf_release(&err);
}
END_TEST

Suite *suite_options(void)
{
	Suite *s = suite_create("options");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, values);
	tcase_add_test(tc, in_order);
	tcase_add_test(tc, wrong);
	tcase_add_test(tc, help_and_version);
	suite_add_tcase(s, tc);
	return s;
}
