// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * outside.c - a program that is not part of civil, built against the
 * installed library (tests/installed.sh): it sees only civil.h, opens a
 * handle naming nothing but (when given) a notmuch database's directory,
 * so civil's data is found where it was installed and nothing is read
 * from where it runs or its environment, and prints what it made of a
 * review: its kind, its heat, and that the built-in code's reminder was
 * added to it: "review heated reminded".  Given the database, it then
 * lists that database's heated threads, one "heated: SUBJECT" line each,
 * and walks the newest one's messages, "  message: ID" each: the
 * database is the one it names, with no config file.
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
			     "You clearly have no idea what you are doing.  You are an idiot.\n";

/* Prints each heated thread; keeps the first's (the newest's) query. */
static int print_thread(const civil_heated_thread_t *t, void *arg)
{
	char **newest = arg;

	printf("heated: %s\n", t->subject ? t->subject : "");
	if (!*newest) {
		*newest = malloc(strlen("thread:") + strlen(t->thread) + 1);
		if (!*newest)
			abort();
		strcpy(*newest, "thread:");
		strcat(*newest, t->thread);
	}
	return 0;
}

static int print_message(const civil_thread_item_t *m, void *arg)
{
	printf("  message: %s\n", m->id);
	return 0;
}

int main(int argc, char **argv)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_outgoing_t og = CIVIL_OUTGOING_INIT;
	civil_message_t *msg = NULL;
	civil_thread_t *thread = NULL;
	civil_t *c = NULL;
	char *reminder = NULL, *newest = NULL;
	int rc = 1;

	civil_init();
	o.database = argc > 1 ? argv[1] : NULL;
	if (civil_open(&o, &c, NULL, &err) ||
	    civil_message_parse(review, sizeof(review) - 1, "review", &msg,
				&err) ||
	    civil_outgoing_prepare(c, msg, &og, &err))
		goto done;
	reminder =
		civil_reminder_text(civil_get_code(c), civil_get_settings(c));
	printf("%s %s %s\n", civil_kind_name(civil_message_kind(msg)),
	       og.tone_checked && og.tone_heated ? "heated" : "calm",
	       og.remind.action == CIVIL_REMIND_ADDED &&
			       strstr(civil_buf_str(&og.out), reminder)
		       ? "reminded"
		       : "not-reminded");
	if (argc > 1 &&
	    (civil_heated_foreach(c, NULL, false, print_thread, &newest,
				  &err) ||
	     !newest || civil_thread_from_db(c, newest, &thread, &err) ||
	     civil_thread_foreach(thread, print_message, NULL, &err)))
		goto done;
	rc = 0;
done:
	if (rc)
		fprintf(stderr, "outside: %s\n",
			err.message ? err.message : "no heated thread");
	civil_thread_free(thread);
	free(newest);
	free(reminder);
	civil_outgoing_release(&og);
	civil_message_free(msg);
	civil_close(c);
	civil_error_clear(&err);
	civil_shutdown();
	return rc;
}
