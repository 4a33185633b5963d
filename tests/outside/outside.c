// SPDX-License-Identifier: GPL-2.0-only
/*
 * outside.c - a program that is not part of civil, built against the
 * installed library (tests/installed.sh): it sees only civil.h, finds
 * civil's data where it was installed (run from anywhere, with no
 * environment), and prints what it made of a review: its kind, its
 * heat, and that the built-in code's reminder was added to it:
 * "review heated reminded".
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

int main(void)
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
