// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-scan - score messages for heat and tag the heated ones.
 *
 *   civil-scan [QUERY]              print "notmuch tag --batch" lines
 *   civil-scan --apply [QUERY]      make the changes in the database
 *   civil-scan --scores [QUERY]     SCORE<TAB>MESSAGE-ID<TAB>REASONS
 *   civil-scan --mbox FILE|- ...    score an mbox, no database needed
 *   civil-scan --forget             forget what the corrections taught
 *
 * --apply first learns from the reader's corrections (a heated tag civil
 * set and the reader took off, one the reader set that civil did not),
 * into the file cmd_learned_path() names.
 *
 * QUERY defaults to civil.query in the notmuch config, or else the mail
 * that changed since the last "civil-scan --apply" without a QUERY (all
 * of it the first time): see lib/lastmod.c.
 * Exit status: 0 all scored, 3 some messages skipped, 75 the database was
 * locked or busy for longer than civil.lock-timeout and nothing changed, 1
 * any other error, 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "options.h"
#include "print.h"

#define EXIT_PARTIAL 3
#define EXIT_LOCKED  75 /* EX_TEMPFAIL: try again later */

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-scan [--apply | --scores] [QUERY]\n"
		   "       civil-scan [--scores] --mbox FILE|-\n"
		   "       civil-scan --forget\n");
}

/* What each scored message tells: with --scores its line, and how many
 * were worth a look. */
struct scored {
	bool print;
	size_t review;
};

static void print_scored(const civil_scan_item_t *item, void *arg)
{
	struct civil_buf line = CIVIL_BUF_INIT;
	civil_sprinter_t *sp;
	struct scored *sc = arg;

	sc->review += item->review;
	if (!sc->print)
		return;
	sp = civil_sprinter_text(&line);
	cmd_scores_line(sp, item);
	fwrite(line.buf, 1, line.len, stdout);
	civil_sprinter_free(sp);
	civil_buf_release(&line);
}

static void print_line(const char *line, void *arg)
{
	(void)arg;
	puts(line);
}

/* ", 2 worth a look" when some were. */
static void say_review(size_t n)
{
	if (n)
		printf(", %zu worth a look", n);
}

static void print_warning(const char *line, void *arg)
{
	(void)arg;
	cmd_warn("%s", line);
}

/* --apply at a terminal, where someone asked for it and sees nothing
 * else: what it did, in one line.  (A hook or a timer is not at one, and
 * the post-new hook sends standard output nowhere.) */
static void say_done(const civil_scan_stats_t *s, size_t review)
{
	printf("%zu scored, %zu heated", s->scanned, s->heated);
	say_review(review);
	printf(", %zu heated thread%s", s->threads_heated,
	       s->threads_heated == 1 ? "" : "s");
	if (s->skipped)
		printf(", %zu skipped", s->skipped);
	putchar('\n');
}

/* Everything after the options, as one query, as notmuch does; with
 * nothing there, civil.query; NULL: what changed since the last scan. */
static char *join_query(int argc, char **argv, const char *dflt)
{
	struct civil_buf q = CIVIL_BUF_INIT;

	if (!argc)
		return dflt ? strdup(dflt) : NULL;
	for (int i = 0; i < argc; i++)
		civil_buf_addf(&q, "%s%s", i ? " " : "", argv[i]);
	return civil_buf_detach(&q);
}

static int exit_status(civil_status_t st)
{
	switch (st) {
	case CIVIL_STATUS_SUCCESS:
		return 0;
	case CIVIL_STATUS_PARTIAL:
		return EXIT_PARTIAL;
	case CIVIL_STATUS_LOCKED:
		return EXIT_LOCKED;
	default:
		return 1;
	}
}

/* --forget: what was learned goes; the reader's verdicts (their tags,
 * civil.reader) stay. */
static int forget_learned(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	char *path = cmd_learned_path();
	bool removed;
	int rc = 0;

	if (!path) {
		cmd_warn("no HOME: nothing learned to forget");
		return 1;
	}
	if (civil_heat_learned_forget(path, &removed, &err)) {
		cmd_warn_error(&err);
		rc = 1;
	} else if (removed) {
		printf("forgot what your corrections taught: removed '%s'\n",
		       path);
	} else {
		printf("nothing learned to forget ('%s' is not there)\n", path);
	}
	free(path);
	return rc;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "civil-scan";

	bool apply = false, scores = false, verbose = false, forget = false;
	const char *mbox_path = NULL;
	const cmd_option_t opts[] = {
		{ "apply", bool_argument, .letter = 'a', .out = &apply,
		  .help = "tag the database instead of printing tag lines" },
		{ "scores", bool_argument, .letter = 's', .out = &scores,
		  .help = "print SCORE, MESSAGE-ID and REASONS of each "
			  "message" },
		{ "mbox", string_argument, .letter = 'm', .out = &mbox_path,
		  .help = "score the messages of an mbox (-: standard "
			  "input)",
		  .value = "FILE" },
		{ "verbose", bool_argument, .letter = 'v', .out = &verbose,
		  .help = "say how much was scored, tagged and learned" },
		{ "forget", bool_argument, .out = &forget,
		  .help = "forget what your corrections taught civil" },
		{ NULL },
	};
	civil_scan_sink_t sink = CIVIL_SCAN_SINK_INIT;
	struct scored counted = { false, 0 };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf mbox = CIVIL_BUF_INIT;
	char *learned = NULL;
	civil_scan_stats_t stats = CIVIL_SCAN_STATS_INIT;
	civil_scan_opts_t o = CIVIL_SCAN_OPTS_INIT;
	const civil_nm_config_t *cfg;
	civil_heat_t *heat = NULL;
	civil_t *civ = NULL;
	civil_status_t st;
	char *query = NULL;
	int argi, rc = cmd_options_parse(argc, argv, opts, CMD_OPTIONS_IN_ORDER,
					 usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 1;
	if ((apply && scores) || (apply && mbox_path) ||
	    (mbox_path && argi < argc) ||
	    (forget && (apply || scores || mbox_path || argi < argc))) {
		usage(stderr);
		return 2;
	}
	if (forget)
		return forget_learned();
	sink.tag_line = print_line;
	sink.warn = print_warning;
	sink.scored = print_scored;
	sink.arg = &counted;
	if (scores) {
		counted.print = true;
		sink.tag_line = NULL;
	}

	cmd_start();
	civ = cmd_open(CMD_OPEN_NOTMUCH, NULL);
	if (!civ)
		goto out;
	/* A setting civil can't use stops the scan: tags, threshold and
	 * lexicon decide what gets tagged. */
	st = civil_get_notmuch_settings(civ, &cfg, &err);
	if (st && !(st == CIVIL_STATUS_NOT_FOUND && mbox_path)) {
		cmd_warn_error(&err);
		/* A database busy for longer than civil.lock-timeout: the
		 * hook's next run, or the timer's, scans it. */
		if (st == CIVIL_STATUS_LOCKED)
			rc = EXIT_LOCKED;
		goto out;
	}
	civil_error_clear(&err);
	if (civil_get_heat(civ, &heat, &err)) {
		cmd_warn_error(&err);
		goto out;
	}
	/* What the reader's corrections taught counts in every score. */
	if (cmd_open_learned(heat, &learned))
		goto out;
	o.apply = apply;
	o.learn = learned != NULL;
	if (mbox_path) {
		if (civil_file_read(mbox_path, &mbox, &err)) {
			cmd_warn_error(&err);
			goto out;
		}
		st = civil_scan_mbox(civ, mbox.buf, mbox.len,
				     strcmp(mbox_path, "-") ? mbox_path
							    : "<stdin>",
				     &o, &sink, &stats, &err);
	} else {
		query = join_query(argc - argi, argv + argi,
				   civil_nm_config_get_query(cfg));
		o.query = query;
		st = civil_scan(civ, &o, &sink, &stats, &err);
	}
	if (st)
		cmd_warn_error(&err);
	if (verbose && stats.learned)
		cmd_warn("learned from %zu correction%s (civil-heated "
			 "--learned lists what)",
			 stats.learned, stats.learned == 1 ? "" : "s");
	if (verbose)
		cmd_warn("%zu scored, %zu heated, %zu worth a look, %zu heated "
			 "threads, %zu skipped%s",
			 stats.scanned, stats.heated, counted.review,
			 stats.threads_heated, stats.skipped,
			 apply ? "" : " (nothing applied)");
	else if (apply && isatty(1) && (!st || st == CIVIL_STATUS_PARTIAL))
		say_done(&stats, counted.review);
	rc = exit_status(st);
	if (fflush(stdout) != 0) {
		cmd_warn("can't write output");
		rc = 1;
	}
out:
	free(query);
	free(learned);
	civil_buf_release(&mbox);
	civil_close(civ);
	civil_shutdown();
	return rc;
}
