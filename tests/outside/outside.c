// SPDX-License-Identifier: GPL-2.0-only
/*
 * outside.c - a program that is not part of civil, built against the
 * installed library (tests/installed.sh): it sees only civil.h, finds
 * civil's data where it was installed, and prints what it made of a
 * review: "review heated".
 */
#include <civil.h>
#include <stdio.h>
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
	civil_heat_score_t score;
	int rc = 1;

	civil_init();
	if (civil_message_parse(review, sizeof(review) - 1, "review", &msg,
				&err) ||
	    civil_heat_open(NULL, &heat, &err)) {
		fprintf(stderr, "outside: %s\n", err.message);
		goto done;
	}
	civil_heat_score_message(heat, msg, &score);
	printf("%s %s\n", civil_kind_name(civil_message_kind(msg)),
	       score.score >= CIVIL_HEAT_THRESHOLD ? "heated" : "calm");
	civil_heat_score_release(&score);
	rc = 0;
done:
	civil_heat_free(heat);
	civil_message_free(msg);
	civil_error_clear(&err);
	civil_shutdown();
	return rc;
}
