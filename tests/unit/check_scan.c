// SPDX-License-Identifier: GPL-2.0-or-later
/* check_scan.c - scan.c and its parts (scan-walk.c, scan-judge.c,
 * scan-apply.c): what a scan of a real notmuch database prints and tags,
 * and what it leaves alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static const char lexicon[] = "3 profanity crap\n"
			      "3 contempt garbage\n";
/* Both heated wherever they are aimed. */
static const char model[] = "bias -6 -4\n"
			    "6 4 profanity@thing\n"
			    "6 4 profanity@none\n"
			    "6 4 contempt@thing\n"
			    "6 4 contempt@none\n";

static civil_nm_config_t cfg;
static const char *dir;
static civil_heat_t *heat;

/* Thread a (a1, a2): two people heated, so heated as a whole.  b1: calm,
 * alone.  c1: calm, alone, the newest. */
static void setup(void)
{
	const char *new[] = { "new", "--quiet", NULL };

	dir = unit_notmuch_db(&cfg);
	unit_add_mail(dir, "a1", "a1@kernel-test.invalid",
		      "Ann <ann@kernel-test.invalid>",
		      "Mon, 02 Mar 2026 10:00:00 +0000", "the driver", NULL,
		      "This is crap.\n");
	unit_add_mail(dir, "a2", "a2@kernel-test.invalid",
		      "Bob <bob@kernel-test.invalid>",
		      "Mon, 02 Mar 2026 11:00:00 +0000", "Re: the driver",
		      "a1@kernel-test.invalid", "Garbage, all of it.\n");
	unit_add_mail(dir, "b1", "b1@kernel-test.invalid",
		      "Cy <cy@kernel-test.invalid>",
		      "Tue, 03 Mar 2026 10:00:00 +0000", "a question", NULL,
		      "Thanks for the review.\n");
	unit_add_mail(dir, "c1", "c1@kernel-test.invalid",
		      "Di <di@kernel-test.invalid>",
		      "Wed, 04 Mar 2026 10:00:00 +0000", "another question",
		      NULL, "Does this build on arm?\n");
	unit_notmuch(new, NULL);
	heat = unit_heat(NULL, lexicon, model);
}

static void teardown(void)
{
	civil_heat_free(heat);
	heat = NULL;
	unit_notmuch_done(&cfg);
}

/* What a scan said: its tag lines, warnings and scored ids, a line each. */
struct said {
	struct civil_buf lines, warnings, scored;
	civil_scan_stats_t stats;
	civil_error_t err;
};

static void on_line(const char *line, void *arg)
{
	civil_buf_addf(&((struct said *)arg)->lines, "%s\n", line);
}

static void on_warn(const char *line, void *arg)
{
	civil_buf_addf(&((struct said *)arg)->warnings, "%s\n", line);
}

static void on_scored(const civil_scan_item_t *item, void *arg)
{
	civil_buf_addf(&((struct said *)arg)->scored, "%s %s\n", item->id,
		       item->heated ? "heated" : "calm");
}

/* A sink that tells out what the scan said. */
static civil_scan_sink_t sink_to(struct said *out)
{
	civil_scan_sink_t sink = CIVIL_SCAN_SINK_INIT;

	sink.scored = on_scored;
	sink.tag_line = on_line;
	sink.warn = on_warn;
	sink.arg = out;
	return sink;
}

/* A scan as civil_scan runs one on the handle's database: a scan of
 * query (NULL: since the last one), applied or not, scored in two worker
 * threads. */
static civil_status_t scan(const char *query, bool apply, struct said *out)
{
	civil_scan_job_t o = {
		.query = query, .apply = apply, .cfg = &cfg, .threads = 2
	};
	civil_scan_sink_t sink = sink_to(out);
	notmuch_database_t *db = NULL;
	struct civil_scan *s;
	civil_status_t st;

	memset(out, 0, sizeof(*out));
	st = civil_db_open(&cfg, false, 0, &db, &out->err);
	if (st)
		return st;
	st = civil_scan_db_read(heat, db, &o, &sink, &out->stats, &s,
				&out->err);
	/* Closed before the writes, as civil_scan closes the handle's. */
	if (!st && apply) {
		notmuch_database_destroy(db);
		db = NULL;
	}
	if (!st)
		st = civil_scan_db_finish(s, &out->err);
	if (db)
		notmuch_database_destroy(db);
	return st;
}

static void said_release(struct said *s)
{
	civil_buf_release(&s->lines);
	civil_buf_release(&s->warnings);
	civil_buf_release(&s->scored);
	civil_error_clear(&s->err);
}

/* notmuch search --output=messages QUERY, one id a line. */
static char *ids(const char *query)
{
	const char *args[] = { "search", "--output=messages", "--exclude=false",
			       query, NULL };
	struct civil_buf out = CIVIL_BUF_INIT;

	unit_notmuch(args, &out);
	return civil_buf_detach(&out);
}

static char *thread_of(const char *id)
{
	const char *args[] = { "search", "--output=threads", id, NULL };
	struct civil_buf out = CIVIL_BUF_INIT;

	unit_notmuch(args, &out);
	if (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	return civil_buf_detach(&out);
}

static void tag(const char *change, const char *query)
{
	const char *args[] = { "tag", change, "--", query, NULL };

	unit_notmuch(args, NULL);
}

static void assert_ids(const char *query, const char *want)
{
	char *got = ids(query);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(prints_tag_lines_in_order)
{
	struct said s;
	char *a = thread_of("id:a1@kernel-test.invalid");
	struct civil_buf want = CIVIL_BUF_INIT;

	ck_assert_int_eq(scan("*", false, &s), CIVIL_STATUS_SUCCESS);
	/* The messages oldest first, then the threads. */
	civil_buf_addf(&want,
		       "+heated -- id:\"a1@kernel-test.invalid\"\n"
		       "+heated -- id:\"a2@kernel-test.invalid\"\n"
		       "+heated-thread -- thread:\"%s\"\n",
		       a + strlen("thread:"));
	ck_assert_str_eq(civil_buf_str(&s.lines), want.buf);
	ck_assert_str_eq(civil_buf_str(&s.scored),
			 "a1@kernel-test.invalid heated\n"
			 "a2@kernel-test.invalid heated\n"
			 "b1@kernel-test.invalid calm\n"
			 "c1@kernel-test.invalid calm\n");
	ck_assert_str_eq(civil_buf_str(&s.warnings), "");
	ck_assert_uint_eq(s.stats.scanned, 4);
	ck_assert_uint_eq(s.stats.heated, 2);
	ck_assert_uint_eq(s.stats.threads_heated, 1);
	ck_assert_uint_eq(s.stats.changed, 0);
	/* Without apply nothing is tagged. */
	assert_ids("tag:heated OR tag:heated-thread", "");
	said_release(&s);
	civil_buf_release(&want);
	free(a);
}
END_TEST

START_TEST(applies_and_a_rescan_writes_nothing)
{
	struct said s;

	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_str_eq(civil_buf_str(&s.lines), "");
	ck_assert_uint_eq(s.stats.changed, 4); /* 2 tags, 2 thread tags */
	said_release(&s);
	assert_ids("tag:heated",
		   "id:a2@kernel-test.invalid\nid:a1@kernel-test.invalid\n");
	assert_ids("tag:heated-thread",
		   "id:a2@kernel-test.invalid\nid:a1@kernel-test.invalid\n");
	/* civil remembers which tags it set, and keeps the scores. */
	assert_ids("property:civil.tagged=1",
		   "id:a2@kernel-test.invalid\nid:a1@kernel-test.invalid\n");
	assert_ids("property:civil.heat=0.00", "");

	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_uint_eq(s.stats.changed, 0);
	ck_assert_uint_eq(s.stats.threads_heated, 1);
	said_release(&s);
}
END_TEST

/* A person's heated tag on a calm message is theirs: no scan takes it
 * off, and it makes the thread heated. */
START_TEST(a_persons_tag_is_never_removed)
{
	struct said s;
	char *c = thread_of("id:c1@kernel-test.invalid");

	tag("+heated", "id:c1@kernel-test.invalid");
	ck_assert_int_eq(scan("*", false, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_ptr_null(strstr(civil_buf_str(&s.lines), "c1@"));
	ck_assert(strstr(civil_buf_str(&s.lines), c + strlen("thread:")));
	said_release(&s);
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	said_release(&s);
	assert_ids("tag:heated AND id:c1@kernel-test.invalid",
		   "id:c1@kernel-test.invalid\n");
	assert_ids("tag:heated-thread AND id:c1@kernel-test.invalid",
		   "id:c1@kernel-test.invalid\n");
	free(c);
}
END_TEST

/* civil's tag that the reader took off stays off. */
START_TEST(a_removed_civil_tag_is_never_put_back)
{
	struct said s;

	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	said_release(&s);
	tag("-heated", "id:a1@kernel-test.invalid");
	ck_assert_int_eq(scan("*", false, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_ptr_null(strstr(civil_buf_str(&s.lines), "a1@"));
	said_release(&s);
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	said_release(&s);
	assert_ids("tag:heated", "id:a2@kernel-test.invalid\n");
}
END_TEST

/* Between civil.review and the threshold a message is worth a look:
 * marked civil.review=1, never tagged, never making its thread heated;
 * the mark goes when a person tags it heated, or the level moves over
 * its score. */
START_TEST(worth_a_look_is_marked_never_tagged)
{
	struct said s;

	civil_heat_set_threshold(heat, 4);
	cfg.threshold = 4;
	cfg.review = 1;
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_uint_eq(s.stats.heated, 0);
	ck_assert_uint_eq(s.stats.threads_heated, 0);
	said_release(&s);
	assert_ids("tag:heated OR tag:heated-thread", "");
	assert_ids("property:civil.review=1",
		   "id:a2@kernel-test.invalid\nid:a1@kernel-test.invalid\n");

	tag("+heated", "id:a1@kernel-test.invalid");
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	said_release(&s);
	assert_ids("property:civil.review=1", "id:a2@kernel-test.invalid\n");

	cfg.review = 3.9;
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_SUCCESS);
	said_release(&s);
	assert_ids("property:civil.review=1", "");
}
END_TEST

START_TEST(a_missing_file_is_partial)
{
	struct civil_buf path = CIVIL_BUF_INIT;
	struct said s;

	civil_buf_addf(&path, "%s/mail/cur/b1:2,", dir);
	ck_assert_int_eq(unlink(path.buf), 0);
	ck_assert_int_eq(scan("*", true, &s), CIVIL_STATUS_PARTIAL);
	ck_assert_str_eq(s.err.message,
			 "1 of 4 messages skipped, their tags left as they "
			 "were; run it again");
	ck_assert(strstr(civil_buf_str(&s.warnings),
			 "id:b1@kernel-test.invalid: can't read '"));
	ck_assert(strstr(civil_buf_str(&s.warnings), "b1:2,'; skipped\n"));
	ck_assert_uint_eq(s.stats.skipped, 1);
	ck_assert_uint_eq(s.stats.scanned, 3);
	said_release(&s);
	/* The rest is tagged all the same. */
	assert_ids("tag:heated",
		   "id:a2@kernel-test.invalid\nid:a1@kernel-test.invalid\n");
	civil_buf_release(&path);
}
END_TEST

/* A scan with no query scans what changed since the last one applied;
 * one that skipped a message does not move the record past it. */
START_TEST(since_the_last_scan)
{
	struct civil_buf path = CIVIL_BUF_INIT, moved = CIVIL_BUF_INIT;
	struct said s;

	civil_buf_addf(&path, "%s/mail/cur/b1:2,", dir);
	civil_buf_addf(&moved, "%s/b1", dir);
	ck_assert_int_eq(rename(path.buf, moved.buf), 0);
	ck_assert_int_eq(scan(NULL, true, &s), CIVIL_STATUS_PARTIAL);
	ck_assert(strstr(civil_buf_str(&s.warnings),
			 "no scan recorded in database '"));
	ck_assert_uint_eq(s.stats.scanned + s.stats.skipped, 4);
	said_release(&s);
	/* Not recorded: everything again. */
	ck_assert_int_eq(rename(moved.buf, path.buf), 0);
	ck_assert_int_eq(scan(NULL, true, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_uint_eq(s.stats.scanned, 4);
	said_release(&s);
	/* Recorded: nothing new, nothing scanned. */
	ck_assert_int_eq(scan(NULL, true, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_uint_eq(s.stats.scanned, 0);
	ck_assert_str_eq(civil_buf_str(&s.warnings), "");
	said_release(&s);
	/* A tag someone changed is a change: that message again. */
	tag("+seen", "id:b1@kernel-test.invalid");
	ck_assert_int_eq(scan(NULL, false, &s), CIVIL_STATUS_SUCCESS);
	ck_assert_str_eq(civil_buf_str(&s.scored),
			 "b1@kernel-test.invalid calm\n");
	said_release(&s);
	civil_buf_release(&path);
	civil_buf_release(&moved);
}
END_TEST

START_TEST(a_bad_query_is_an_error)
{
	struct said s;

	ck_assert_int_eq(scan("date:garbage..", false, &s),
			 CIVIL_STATUS_DATABASE_ERROR);
	ck_assert(strstr(s.err.message, "'date:garbage..'"));
	ck_assert_str_eq(civil_buf_str(&s.scored), "");
	said_release(&s);
}
END_TEST

START_TEST(an_mbox)
{
	static const char mbox[] =
		"From ann@kernel-test.invalid Mon Mar  2 10:00:00 2026\n"
		"From: ann@kernel-test.invalid\nSubject: x\n"
		"Message-ID: <m1@kernel-test.invalid>\n\nThis is crap.\n\n"
		"From bob@kernel-test.invalid Mon Mar  2 11:00:00 2026\n"
		"From: bob@kernel-test.invalid\nSubject: y\n"
		"Message-ID: <m2@kernel-test.invalid>\n\nThanks.\n";
	civil_scan_job_t o = { .cfg = &cfg, .threads = 1 };
	struct said s = { 0 };
	civil_scan_sink_t sink = sink_to(&s);

	ck_assert_int_eq(civil_scan_mbox_data(heat, mbox, strlen(mbox),
					      "x.mbox", &o, &sink, &s.stats,
					      &s.err),
			 CIVIL_STATUS_SUCCESS);
	ck_assert_str_eq(civil_buf_str(&s.lines),
			 "+heated -- id:\"m1@kernel-test.invalid\"\n");
	ck_assert_str_eq(civil_buf_str(&s.scored),
			 "m1@kernel-test.invalid heated\n"
			 "m2@kernel-test.invalid calm\n");
	ck_assert_uint_eq(s.stats.scanned, 2);
	ck_assert_uint_eq(s.stats.heated, 1);
	said_release(&s);
}
END_TEST

Suite *suite_scan(void)
{
	Suite *s = suite_create("scan");
	TCase *tc = tcase_create("scan");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, prints_tag_lines_in_order);
	tcase_add_test(tc, applies_and_a_rescan_writes_nothing);
	tcase_add_test(tc, a_persons_tag_is_never_removed);
	tcase_add_test(tc, a_removed_civil_tag_is_never_put_back);
	tcase_add_test(tc, worth_a_look_is_marked_never_tagged);
	tcase_add_test(tc, a_missing_file_is_partial);
	tcase_add_test(tc, since_the_last_scan);
	tcase_add_test(tc, a_bad_query_is_an_error);
	tcase_add_test(tc, an_mbox);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
