// SPDX-License-Identifier: GPL-2.0-only
/*
 * civil-heated - list the threads tagged heated, newest first.
 *
 *   civil-heated [--explain] [--format=text|json] [QUERY]
 *
 * Text: one line a thread (id, dates, size, peak heat, the heat strip,
 * lists), its subject under it, and with --explain the flagged passages.
 * JSON: an array shaped like "notmuch search --format=json", with civil's
 * fields added; doc/civil-heated-json.md writes the shape down.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"

const char *cmd_name = "civil-heated";

#define HOUR (60 * 60)
#define DAY  (24 * HOUR)

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-heated [--explain] [--format=text|json] "
		   "[QUERY]\n");
}

struct out {
	bool json;
	bool explain;
	size_t n;
};

static void day(char buf[11], long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	strftime(buf, 11, "%Y-%m-%d", gmtime_r(&tt, &tm));
}

static void print_text(const civil_heated_thread_t *t, bool explain)
{
	char a[11], b[11];

	day(a, t->first);
	day(b, t->last);
	printf("thread:%s  %s..%s  [%zu msgs, %zu people]  peak %s", t->thread,
	       a, b, t->messages, t->n_people, t->scored ? "" : "-");
	if (t->scored)
		printf("%.2f", t->peak);
	printf("  %s", t->strip);
	for (size_t i = 0; i < t->n_lists; i++)
		printf("%s%s", i ? "," : "  ", t->lists[i]);
	printf("\n    %s\n", t->subject);
	for (size_t i = 0; explain && i < t->n_passages; i++) {
		const civil_heated_passage_t *p = &t->passages[i];

		printf("    id:%s  %.2f  %s '%s'%s: \"%s\"\n", p->id, p->score,
		       p->signal, p->match, p->aimed ? " (at a person)" : "",
		       p->sentence);
	}
}

/* "date_relative" as notmuch search --format=json writes it
 * (notmuch-time.c): "5 mins. ago", "Today 12:30", "Yest. 12:30",
 * "Mon. 12:30", "October 12", "2008-06-30"; notmuch-emacs shows it. */
static void date_relative(char *buf, size_t n, long long when)
{
	time_t now = time(NULL), then = (time_t)when;
	long long delta = (long long)now - when;
	struct tm tm_now, tm_then;

	localtime_r(&now, &tm_now);
	localtime_r(&then, &tm_then);
	if (delta < 0)
		snprintf(buf, n, "the future");
	else if (delta > 180 * DAY)
		strftime(buf, n, "%F", &tm_then);
	else if (delta < HOUR)
		snprintf(buf, n, "%d mins. ago", (int)(delta / 60));
	else if (delta <= 7 * DAY && tm_then.tm_wday == tm_now.tm_wday &&
		 delta < DAY)
		strftime(buf, n, "Today %R", &tm_then);
	else if (delta <= 7 * DAY &&
		 (tm_now.tm_wday + 7 - tm_then.tm_wday) % 7 == 1)
		strftime(buf, n, "Yest. %R", &tm_then);
	else if (delta <= 7 * DAY && tm_then.tm_wday != tm_now.tm_wday)
		strftime(buf, n, "%a. %R", &tm_then);
	else
		strftime(buf, n, "%B %d", &tm_then);
}

static void json_strv(struct civil_buf *b, char *const *v, size_t n)
{
	civil_buf_addch(b, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			civil_buf_addch(b, ',');
		civil_json_string(b, v[i]);
	}
	civil_buf_addch(b, ']');
}

static void print_json(const civil_heated_thread_t *t, bool explain, bool first)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char when[32];

	civil_buf_adds(&b, first ? "[{" : ",\n{");
	civil_buf_adds(&b, "\"thread\":");
	civil_json_string(&b, t->thread);
	date_relative(when, sizeof(when), t->last);
	civil_buf_addf(&b, ",\"timestamp\":%lld,\"date_relative\":", t->last);
	civil_json_string(&b, when);
	civil_buf_addf(&b, ",\"matched\":%zu,\"total\":%zu", t->matched,
		       t->messages);
	civil_buf_adds(&b, ",\"authors\":");
	civil_json_string(&b, t->authors);
	civil_buf_adds(&b, ",\"subject\":");
	civil_json_string(&b, t->subject);
	civil_buf_adds(&b, ",\"query\":[");
	civil_json_string(&b, "thread:");
	b.len -= 1; /* "thread:<id>" as one string */
	civil_buf_adds(&b, t->thread);
	civil_buf_adds(&b, "\",null],\"tags\":");
	json_strv(&b, t->tags, t->n_tags);
	civil_buf_addf(&b,
		       ",\"first\":%lld,\"last\":%lld,\"people\":", t->first,
		       t->last);
	json_strv(&b, t->people, t->n_people);
	civil_buf_adds(&b, ",\"lists\":");
	json_strv(&b, t->lists, t->n_lists);
	if (t->scored)
		civil_buf_addf(&b, ",\"peak\":%.2f", t->peak);
	else
		civil_buf_adds(&b, ",\"peak\":null");
	civil_buf_addf(&b, ",\"heated\":%zu,\"escalating\":%s,\"strip\":",
		       t->heat.heated, t->heat.escalating ? "true" : "false");
	civil_json_string(&b, t->strip);
	if (explain) {
		civil_buf_adds(&b, ",\"passages\":[");
		for (size_t i = 0; i < t->n_passages; i++) {
			const civil_heated_passage_t *p = &t->passages[i];

			civil_buf_adds(&b, i ? ",{\"id\":" : "{\"id\":");
			civil_json_string(&b, p->id);
			civil_buf_addf(&b,
				       ",\"score\":%.2f,\"signal\":", p->score);
			civil_json_string(&b, p->signal);
			civil_buf_addf(&b, ",\"weight\":%.2f,\"aimed\":%s",
				       p->weight, p->aimed ? "true" : "false");
			civil_buf_adds(&b, ",\"match\":");
			civil_json_string(&b, p->match);
			civil_buf_adds(&b, ",\"sentence\":");
			civil_json_string(&b, p->sentence);
			civil_buf_addch(&b, '}');
		}
		civil_buf_addch(&b, ']');
	}
	civil_buf_addch(&b, '}');
	fwrite(b.buf, 1, b.len, stdout);
	civil_buf_release(&b);
}

static int print_thread(const civil_heated_thread_t *t, void *arg)
{
	struct out *o = arg;

	if (o->json)
		print_json(t, o->explain, o->n == 0);
	else
		print_text(t, o->explain);
	o->n++;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "explain", no_argument, NULL, 'e' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf query = CIVIL_BUF_INIT;
	struct out o = { false, false, 0 };
	civil_heat_t *heat = NULL;
	civil_nm_config_t cfg;
	civil_status_t st;
	int c, rc = 1;

	while ((c = cmd_getopt(argc, argv, "+eh", opts)) != -1) {
		switch (c) {
		case 'e':
			o.explain = true;
			break;
		case 'f':
			if (!strcmp(optarg, "json"))
				o.json = true;
			else if (strcmp(optarg, "text")) {
				cmd_warn("unknown format '%s' (want text or "
					 "json)",
					 optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("civil-heated %s\n", CIVIL_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	for (int i = optind; i < argc; i++)
		civil_buf_addf(&query, "%s%s", i > optind ? " " : "", argv[i]);

	civil_init();
	st = civil_nm_config_load(&cfg, &err);
	if (st) {
		cmd_warn_error(&err);
		goto out;
	}
	/* A heated message with no stored score (its tag came through a
	 * pipe, or from a person) is scored from its file. */
	if (civil_heat_open(cfg.lexicon, &heat, &err))
		cmd_warn_error(&err);
	st = civil_heated_foreach(civil_buf_str(&query), &cfg, heat, o.explain,
				  print_thread, &o, &err);
	if (st) {
		cmd_warn_error(&err);
		goto out;
	}
	if (o.json)
		puts(o.n ? "]" : "[]");
	rc = fflush(stdout) ? 1 : 0;
out:
	civil_heat_free(heat);
	civil_nm_config_release(&cfg);
	civil_buf_release(&query);
	civil_shutdown();
	return rc;
}
