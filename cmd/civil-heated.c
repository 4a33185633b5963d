// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-heated - list the threads tagged heated, newest first, then
 * those worth a look.
 *
 *   civil-heated [--explain] [--review=yes|no|only] [--format=text|json]
 *                [QUERY]
 *
 * Text: one line a thread (id, dates, size, peak heat, the heat strip,
 * lists), its subject under it, and with --explain the flagged passages.
 * After the heated threads, under a line of its own, the threads worth a
 * look (civil.review: not heated, civil is unsure), each review message
 * with its deciding sentence.
 * JSON: an array shaped like "notmuch search --format=json", with civil's
 * fields added; doc/civil-heated-json.md writes the shape down.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "print.h"
#include "options.h"

#define EXIT_PARTIAL 3
#define EXIT_LOCKED  75 /* EX_TEMPFAIL: try again later */

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-heated [--explain] [--review=yes|no|only] "
		   "[--format=text|json] [QUERY]\n"
		   "       civil-heated --learned\n");
}

struct out {
	bool explain;
	civil_sprinter_t *json; /* NULL: text */
	struct civil_buf b;
	size_t listed;
	size_t reviewed; /* of them, worth a look */
};

/* Over the threads worth a look, in the text: what they are, and what
 * the reader does about one. */
#define REVIEW_HEAD                                                            \
	"worth a look, not heated (civil is unsure; \"notmuch tag +heated "    \
	"id:...\" if you hold one heated):\n"

static int print_thread(const civil_heated_thread_t *t, void *arg)
{
	struct out *o = arg;

	if (t->review && !o->reviewed++ && !o->json)
		civil_buf_addf(&o->b, "%s" REVIEW_HEAD, o->listed ? "\n" : "");
	o->listed++;
	if (o->json) {
		civil_sp_separator(o->json);
		cmd_heated_json(o->json, t, o->explain);
	} else {
		cmd_heated_text(&o->b, t, o->explain);
	}
	fwrite(o->b.buf, 1, o->b.len, stdout);
	civil_buf_reset(&o->b);
	return 0;
}

/* --learned: what the reader's corrections taught, and where it is kept. */
static int show_learned(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_heat_t *heat = NULL;
	char *path = NULL;
	int rc = 1;

	cmd_start();
	if (civil_heat_new(NULL, &heat, &err)) {
		cmd_warn_error(&err);
		goto out;
	}
	if (cmd_open_learned(heat, &path))
		goto out;
	if (!path) {
		cmd_warn("no HOME: nothing learned");
		goto out;
	}
	civil_heat_learned_text(heat, &b);
	civil_buf_addf(&b, "(kept in '%s'; civil-scan --forget forgets it)\n",
		       path);
	fwrite(b.buf, 1, b.len, stdout);
	rc = fflush(stdout) ? 1 : 0;
out:
	civil_buf_release(&b);
	free(path);
	civil_heat_free(heat);
	civil_shutdown();
	return rc;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "civil-heated";

	struct out o = { false, NULL, CIVIL_BUF_INIT, 0, 0 };
	enum { TEXT, JSON };
	static const cmd_keyword_t formats[] = {
		{ "text", TEXT },
		{ "json", JSON },
		{ NULL, 0 },
	};
	enum { REVIEW_YES, REVIEW_NO, REVIEW_ONLY };
	static const cmd_keyword_t reviews[] = {
		{ "yes", REVIEW_YES },
		{ "no", REVIEW_NO },
		{ "only", REVIEW_ONLY },
		{ NULL, 0 },
	};
	int format = TEXT, review = REVIEW_YES, argi;
	bool learned = false, bad_setting = false;
	const cmd_option_t opts[] = {
		{ "explain", bool_argument, .letter = 'e', .out = &o.explain,
		  .help = "the passages that made civil flag each thread" },
		{ "review", keyword_argument, .out = &review,
		  .keywords = reviews,
		  .help = "the threads worth a look too: yes, no or only",
		  .value = "WHICH" },
		{ "learned", bool_argument, .out = &learned,
		  .help = "what your corrections taught civil" },
		{ "format", keyword_argument, .out = &format,
		  .keywords = formats,
		  .help = "text (default), or JSON as notmuch search's" },
		{ NULL },
	};
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf query = CIVIL_BUF_INIT;
	civil_heat_t *heat = NULL;
	const civil_nm_config_t *cfg;
	civil_t *civ = NULL;
	civil_status_t st;
	char *path = NULL;
	int rc = cmd_options_parse(argc, argv, opts, CMD_OPTIONS_IN_ORDER,
				   usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 1;
	if (learned && (o.explain || format == JSON || review != REVIEW_YES ||
			argi < argc)) {
		usage(stderr);
		return 2;
	}
	if (learned)
		return show_learned();
	for (int i = argi; i < argc; i++)
		civil_buf_addf(&query, "%s%s", i > argi ? " " : "", argv[i]);

	/* An array, written as its threads come; "[" with the first (an
	 * error before it leaves standard output empty). */
	if (format == JSON) {
		o.json = civil_sprinter_json(&o.b);
		civil_sp_begin_list(o.json);
	}
	cmd_start();
	civ = cmd_open(CMD_OPEN_NOTMUCH, NULL);
	if (!civ)
		goto out;
	st = civil_get_notmuch_settings(civ, &cfg, &err);
	if (st == CIVIL_STATUS_CONFIG_ERROR) {
		/* civil-scan stops there, and so does the post-new hook: the
		 * list is what was scored before, and it is said here, where
		 * someone who reads mail from cron or mbsync looks. */
		cmd_warn("%s; new mail is not scored until it is fixed",
			 err.message);
		bad_setting = true;
		civil_error_clear(&err);
	} else if (st) {
		cmd_warn_error(&err);
		rc = st == CIVIL_STATUS_LOCKED ? EXIT_LOCKED : 1;
		goto out;
	}
	/* A heated message with no stored score (its tag came through a
	 * pipe, or from a person) is scored from its file.  (A threshold or
	 * lexicon civil can't read is said once, above.) */
	if (civil_get_heat(civ, &heat, &err)) {
		if (!bad_setting)
			cmd_warn_error(&err);
		civil_error_clear(&err);
	} else if (cmd_open_learned(heat, &path)) {
		civil_drop_heat(civ);
	}
	st = CIVIL_STATUS_SUCCESS;
	if (review != REVIEW_ONLY)
		st = civil_heated_foreach(civ, civil_buf_str(&query), o.explain,
					  print_thread, &o, &err);
	if (!st && review != REVIEW_NO)
		st = civil_review_foreach(civ, civil_buf_str(&query), o.explain,
					  print_thread, &o, &err);
	if (st) {
		cmd_warn_error(&err);
		rc = st == CIVIL_STATUS_LOCKED	  ? EXIT_LOCKED
		     : st == CIVIL_STATUS_PARTIAL ? EXIT_PARTIAL
						  : 1;
		goto out;
	}
	if (o.json) {
		civil_sp_end(o.json);
		fwrite(o.b.buf, 1, o.b.len, stdout);
	} else if (!o.listed && isatty(1)) {
		/* Nothing at all looks like a command that did nothing. */
		/* (The threads worth a look come with a line of their own
		 * when there are any.) */
		const char *what = review == REVIEW_ONLY ? "thread worth a look"
							 : "heated thread";

		if (query.len)
			printf("no %s matches '%s'\n", what, query.buf);
		else
			printf("no %ss\n", what);
	}
	rc = fflush(stdout) || bad_setting ? 1 : 0;
out:
	civil_sprinter_free(o.json);
	civil_buf_release(&o.b);
	free(path);
	civil_close(civ);
	civil_buf_release(&query);
	civil_shutdown();
	return rc;
}
