// SPDX-License-Identifier: GPL-2.0-only
/*
 * outside.c - a program that is not part of civil, built against the
 * installed library (tests/installed.sh): it sees only civil.h, finds
 * civil's data where it was installed (run from anywhere, with no
 * environment), and prints what it made of a review: its kind, its
 * heat, and that the built-in code's reminder was added to it:
 * "review heated reminded".  Given a notmuch database's directory, it
 * then lists that database's heated threads, one "heated: SUBJECT" line
 * each: the database is the one it names, with no config file.
 */
#include <civil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char review[] = "From: Re Viewer <rv@example.invalid>\n"
			     "Subject: Re: [PATCH] sched: add x\n"
			     "In-Reply-To: <p1@example.invalid>\n"
			     "\n"
			     "> +\tx = 1;\n"
			     "\n"
			     "You clearly have no idea what you are doing.\n";

static int print_thread(const civil_heated_thread_t *t, void *arg)
{
	printf("heated: %s\n", t->subject ? t->subject : "");
	++*(int *)arg;
	return 0;
}

/* The heated threads of the database at path. */
static int list_heated(const char *path, const civil_heat_t *heat,
		       civil_error_t *err)
{
	civil_nm_config_t cfg = { 0 };
	int n = 0, rc;

	cfg.database_path = strdup(path);
	cfg.tag = strdup("heated");
	cfg.thread_tag = strdup("heated-thread");
	cfg.threshold = CIVIL_HEAT_THRESHOLD;
	rc = civil_heated_foreach(NULL, &cfg, heat, false, print_thread, &n,
				  err);
	civil_nm_config_release(&cfg);
	return rc ? -1 : n;
}

int main(int argc, char **argv)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_message_t *msg = NULL;
	civil_heat_t *heat = NULL;
	civil_heat_score_t score = { 0 };
	civil_remind_result_t result;
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_code_t code = { 0 };
	char *reminder = NULL;
	int rc = 1;

	civil_init();
	if (civil_message_parse(review, sizeof(review) - 1, "review", &msg,
				&err) ||
	    civil_heat_open(NULL, &heat, &err)) {
		fprintf(stderr, "outside: %s\n", err.message);
		goto done;
	}
	civil_heat_score_message(heat, msg, &score);
	if (civil_code_find(NULL, NULL, &code, &err))
		goto done;
	reminder = civil_reminder_text(&code, NULL);
	if (civil_remind_message(msg, reminder, CIVIL_REMIND_REVIEWS, &out,
				 &result, &err)) {
		fprintf(stderr, "outside: %s\n", err.message);
		goto done;
	}
	printf("%s %s %s\n", civil_kind_name(civil_message_kind(msg)),
	       score.score >= CIVIL_HEAT_THRESHOLD ? "heated" : "calm",
	       result.action == CIVIL_REMIND_ADDED &&
			       strstr(civil_buf_str(&out), reminder)
		       ? "reminded"
		       : "not-reminded");
	if (argc > 1 && list_heated(argv[1], heat, &err) < 0) {
		fprintf(stderr, "outside: %s\n", err.message);
		goto done;
	}
	rc = 0;
done:
	civil_heat_score_release(&score);
	civil_buf_release(&out);
	free(reminder);
	civil_code_release(&code);
	civil_heat_free(heat);
	civil_message_free(msg);
	civil_error_clear(&err);
	civil_shutdown();
	return rc;
}
