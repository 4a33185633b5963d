// SPDX-License-Identifier: GPL-2.0-or-later
/* check_heated.c - heated.c: which threads civil-heated lists from a real
 * notmuch database, in what order, and what it says of each. */
#include <string.h>

#include "db.h"
#include "internal.h"
#include "unit.h"

static civil_nm_config_t cfg;
static const char *dir;

/* What civil-scan --apply leaves on a message it tagged. */
static void scored_by_civil(notmuch_database_t *db, const char *id,
			    double score, double weight)
{
	civil_heat_reason_t why[2] = {
		{ .signal = "profanity",
		  .weight = weight,
		  .match = "crap",
		  .sentence = "This is crap.",
		  .klass = CIVIL_HEAT_HEATED },
		{ .signal = "contempt",
		  .weight = weight + 1,
		  .match = "garbage",
		  .sentence = "Garbage.",
		  .klass = CIVIL_HEAT_HEATED,
		  .at = 1 },
	};
	civil_heat_score_t h = { score, CIVIL_HEAT_HEATED, why, 2 };
	notmuch_message_t *m = NULL;

	ck_assert_int_eq(notmuch_database_find_message(db, id, &m), 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(civil_db_store_heat(m, &h), 0);
	ck_assert_int_eq(notmuch_message_add_tag(m, "heated"), 0);
	ck_assert_int_eq(notmuch_message_add_property(m, "civil.tagged", "1"),
			 0);
	notmuch_message_destroy(m);
}

static void tag(const char *change, const char *query)
{
	const char *args[] = { "tag", change, "--", query, NULL };

	unit_notmuch(args, NULL);
}

/*   hot   h1 (Ann), h2 (Bob): scored and tagged by civil   03-02
 *   hand  p1: calm, tagged heated by a person              03-03
 *   calm  q1: no tag, the newest: never listed             03-04
 *   old   r1: only the thread tag                          03-01
 *   piped s1: heated words, tagged with no score kept      02-28 */
static void setup(void)
{
	const char *new[] = { "new", "--quiet", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;

	dir = unit_notmuch_db(&cfg);
	unit_add_mail(dir, "h1", "h1@kernel-test.invalid",
		      "Ann <ann@kernel-test.invalid>",
		      "Mon, 02 Mar 2026 10:00:00 +0000", "hot", NULL,
		      "This is crap.\n");
	unit_add_mail(dir, "h2", "h2@kernel-test.invalid",
		      "Bob <bob@kernel-test.invalid>",
		      "Mon, 02 Mar 2026 11:00:00 +0000", "Re: hot",
		      "h1@kernel-test.invalid", "Garbage.\n");
	unit_add_mail(dir, "p1", "p1@kernel-test.invalid",
		      "Cy <cy@kernel-test.invalid>",
		      "Tue, 03 Mar 2026 10:00:00 +0000", "hand", NULL,
		      "Thanks for the review.\n");
	unit_add_mail(dir, "q1", "q1@kernel-test.invalid",
		      "Di <di@kernel-test.invalid>",
		      "Wed, 04 Mar 2026 10:00:00 +0000", "calm", NULL,
		      "Does this build on arm?\n");
	unit_add_mail(dir, "r1", "r1@kernel-test.invalid",
		      "Ed <ed@kernel-test.invalid>",
		      "Sun, 01 Mar 2026 10:00:00 +0000", "old", NULL, "Hm.\n");
	unit_add_mail(dir, "s1", "s1@kernel-test.invalid",
		      "Fi <fi@kernel-test.invalid>",
		      "Sat, 28 Feb 2026 10:00:00 +0000", "piped", NULL,
		      "This is crap.\n");
	unit_notmuch(new, NULL);
	ck_assert_int_eq(civil_db_open(&cfg, true, 1000, &db, &err), 0);
	scored_by_civil(db, "h1@kernel-test.invalid", 3, 3);
	scored_by_civil(db, "h2@kernel-test.invalid", 4.5, 2);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, &err), 0);
	tag("+heated", "id:p1@kernel-test.invalid");
	tag("+heated-thread", "id:r1@kernel-test.invalid");
	tag("+heated", "id:s1@kernel-test.invalid");
}

static void teardown(void)
{
	unit_notmuch_done(&cfg);
}

struct listing {
	struct civil_buf out;
	int stop_after; /* 0: never stop */
	int seen;
};

/* A thread, a line: subject, messages/matched, strip, peak, people,
 * lists, heated, then with explain a line a passage. */
static int on_thread(const civil_heated_thread_t *t, void *arg)
{
	struct listing *l = arg;

	civil_buf_addf(&l->out, "%s %zu/%zu %s %.2f", t->subject,
		       t->heat.messages, t->matched, t->strip, t->heat.peak);
	for (size_t i = 0; i < t->n_people; i++)
		civil_buf_addf(&l->out, " %s", t->people[i]);
	for (size_t i = 0; i < t->n_lists; i++)
		civil_buf_addf(&l->out, " [%s]", t->lists[i]);
	civil_buf_addf(&l->out, "%s%s\n", t->scored ? " scored" : "",
		       t->heat.is_heated ? " heated" : "");
	for (size_t i = 0; i < t->n_passages; i++) {
		const civil_heated_passage_t *p = &t->passages[i];

		civil_buf_addf(&l->out, "  %s %.2f %s %.2f '%s'\n", p->id,
			       p->score, p->why.signal, p->why.weight,
			       p->why.match);
	}
	return ++l->seen == l->stop_after;
}

/* The one call to heated.c's walk (what civil_heated_foreach runs on the
 * handle's database), with this test's scorer. */
static civil_status_t heated(const char *query, const civil_heat_t *heat,
			     bool explain, struct listing *l,
			     civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	civil_status_t st = civil_db_open(&cfg, false, 0, &db, err);

	if (st)
		return st;
	st = civil_heated_walk(db, &cfg, heat, query, explain, false, on_thread,
			       l, err);
	notmuch_database_destroy(db);
	return st;
}

START_TEST(tagged_threads_newest_first)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };

	ck_assert_int_eq(heated(NULL, NULL, false, &l, &err), 0);
	ck_assert_str_eq(civil_buf_str(&l.out),
			 "hand 1/1 ! 0.00 cy@kernel-test.invalid"
			 " [test.kernel-test.invalid] heated\n"
			 "hot 2/2 ## 4.50 ann@kernel-test.invalid "
			 "bob@kernel-test.invalid"
			 " [test.kernel-test.invalid] scored heated\n"
			 "old 1/1 . 0.00 ed@kernel-test.invalid"
			 " [test.kernel-test.invalid]\n"
			 "piped 1/1 ! 0.00 fi@kernel-test.invalid"
			 " [test.kernel-test.invalid] heated\n");
	civil_buf_release(&l.out);
}
END_TEST

START_TEST(a_query_narrows_the_list)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };

	ck_assert_int_eq(
		heated("from:bob@kernel-test.invalid", NULL, false, &l, &err),
		0);
	ck_assert_str_eq(civil_buf_str(&l.out),
			 "hot 2/1 ## 4.50 ann@kernel-test.invalid "
			 "bob@kernel-test.invalid [test.kernel-test.invalid] "
			 "scored heated\n");
	civil_buf_release(&l.out);
}
END_TEST

/* With a scorer, a message tagged with no score kept is scored from its
 * file: heated words show as heated ('#'), calm ones as set by hand.
 * Either way civil did not set the tag, so the thread counts as heated. */
START_TEST(unscored_tags_are_scored_from_the_file)
{
	static const char lexicon[] = "3 profanity crap\nmodel t.model\n";
	const char *files[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };
	struct civil_buf lex = CIVIL_BUF_INIT;
	civil_heat_t *heat = NULL;

	unit_write(dir, "lexicon", lexicon);
	unit_write(dir, "t.model", "civil-heat-model 2\nbias -6 -4\n"
				   "6 4 profanity@thing\n");
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[0] = lex.buf;
	ck_assert_msg(!civil_heat_new(files, &heat, &err), "%s", err.message);
	civil_heat_set_threshold(heat, UNIT_TAG_LEVEL);
	ck_assert_int_eq(
		heated("subject:piped OR subject:hand", heat, false, &l, &err),
		0);
	ck_assert_str_eq(civil_buf_str(&l.out),
			 "hand 1/1 ! 0.01 cy@kernel-test.invalid"
			 " [test.kernel-test.invalid] scored heated\n"
			 "piped 1/1 # 3.84 fi@kernel-test.invalid"
			 " [test.kernel-test.invalid] scored heated\n");
	civil_heat_free(heat);
	civil_buf_release(&lex);
	civil_buf_release(&l.out);
}
END_TEST

/* The passages, weightiest first within a message, oldest message
 * first. */
START_TEST(explain_gives_the_passages)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };

	ck_assert_int_eq(heated("subject:hot", NULL, true, &l, &err), 0);
	ck_assert_str_eq(
		civil_buf_str(&l.out),
		"hot 2/2 ## 4.50 ann@kernel-test.invalid "
		"bob@kernel-test.invalid"
		" [test.kernel-test.invalid] scored heated\n"
		"  h1@kernel-test.invalid 3.00 contempt 4.00 'garbage'\n"
		"  h1@kernel-test.invalid 3.00 profanity 3.00 'crap'\n"
		"  h2@kernel-test.invalid 4.50 contempt 3.00 'garbage'\n"
		"  h2@kernel-test.invalid 4.50 profanity 2.00 'crap'\n");
	civil_buf_release(&l.out);
}
END_TEST

/* What civil-scan --apply leaves on a message worth a look: its score
 * (calm, under the threshold) and reasons, and civil.review=1. */
static void marked_review(notmuch_database_t *db, const char *id, double score,
			  bool reasons)
{
	civil_heat_reason_t why[1] = {
		{ .signal = "impatience",
		  .weight = 1.5,
		  .match = "For the last time",
		  .sentence = "For the last time: read the code.",
		  .klass = CIVIL_HEAT_SHARP },
	};
	civil_heat_score_t h = { score, CIVIL_HEAT_SHARP, why,
				 reasons ? 1 : 0 };
	notmuch_message_t *m = NULL;

	ck_assert_int_eq(notmuch_database_find_message(db, id, &m), 0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(civil_db_store_heat(m, &h), 0);
	ck_assert_int_eq(notmuch_message_add_property(m, "civil.review", "1"),
			 0);
	notmuch_message_destroy(m);
}

/*   warm  w1 (Gil): worth a look, w2 (Ann) calm               03-05
 *   whole v1: worth a look with no sentence of its own         03-06
 *   hot   h3: worth a look, in the heated thread              03-02
 *   since t1: worth a look, since tagged heated by a person    03-07 */
static void add_review_mail(void)
{
	const char *new[] = { "new", "--quiet", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	notmuch_database_t *db = NULL;

	unit_add_mail(dir, "w1", "w1@kernel-test.invalid",
		      "Gil <gil@kernel-test.invalid>",
		      "Thu, 05 Mar 2026 10:00:00 +0000", "warm", NULL,
		      "For the last time: read the code.\n");
	unit_add_mail(dir, "w2", "w2@kernel-test.invalid",
		      "Ann <ann@kernel-test.invalid>",
		      "Thu, 05 Mar 2026 11:00:00 +0000", "Re: warm",
		      "w1@kernel-test.invalid", "Will do.\n");
	unit_add_mail(dir, "v1", "v1@kernel-test.invalid",
		      "Gil <gil@kernel-test.invalid>",
		      "Fri, 06 Mar 2026 10:00:00 +0000", "whole", NULL,
		      "Hmm, again?\n");
	unit_add_mail(dir, "h3", "h3@kernel-test.invalid",
		      "Gil <gil@kernel-test.invalid>",
		      "Mon, 02 Mar 2026 12:00:00 +0000", "Re: hot",
		      "h2@kernel-test.invalid", "Read the code.\n");
	unit_add_mail(dir, "t1", "t1@kernel-test.invalid",
		      "Gil <gil@kernel-test.invalid>",
		      "Sat, 07 Mar 2026 10:00:00 +0000", "since", NULL,
		      "For the last time: read the code.\n");
	unit_notmuch(new, NULL);
	ck_assert_int_eq(civil_db_open(&cfg, true, 1000, &db, &err), 0);
	marked_review(db, "w1@kernel-test.invalid", 1.2, true);
	marked_review(db, "v1@kernel-test.invalid", 0.9, false);
	marked_review(db, "h3@kernel-test.invalid", 1.1, true);
	marked_review(db, "t1@kernel-test.invalid", 1.3, true);
	ck_assert_int_eq(civil_db_close(db, CIVIL_STATUS_SUCCESS, &err), 0);
	tag("+heated", "id:t1@kernel-test.invalid");
}

static civil_status_t review(const char *query, bool explain, struct listing *l,
			     civil_error_t *err)
{
	notmuch_database_t *db = NULL;
	civil_status_t st = civil_db_open(&cfg, false, 0, &db, err);

	if (st)
		return st;
	st = civil_heated_walk(db, &cfg, NULL, query, explain, true, on_thread,
			       l, err);
	notmuch_database_destroy(db);
	return st;
}

/* The threads worth a look: a message marked so, nothing heated in the
 * thread; each with its deciding sentence, explain or not, and '-' in
 * the strip.  A heated thread keeps its review message as '-', listed
 * with the heated ones; one a person tagged since is heated, not worth a
 * look. */
START_TEST(threads_worth_a_look)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };

	add_review_mail();
	ck_assert_int_eq(review(NULL, false, &l, &err), 0);
	ck_assert_str_eq(civil_buf_str(&l.out),
			 "whole 1/1 - 0.90 gil@kernel-test.invalid"
			 " [test.kernel-test.invalid] scored\n"
			 "  v1@kernel-test.invalid 0.90 its words as a whole "
			 "0.00 ''\n"
			 "warm 2/1 -. 1.20 gil@kernel-test.invalid "
			 "ann@kernel-test.invalid"
			 " [test.kernel-test.invalid] scored\n"
			 "  w1@kernel-test.invalid 1.20 impatience 1.50 "
			 "'For the last time'\n");
	civil_buf_reset(&l.out);
	ck_assert_int_eq(
		heated("subject:hot OR subject:since", NULL, true, &l, &err),
		0);
	ck_assert_str_eq(
		civil_buf_str(&l.out),
		"since 1/1 ! 1.30 gil@kernel-test.invalid"
		" [test.kernel-test.invalid] scored heated\n"
		"  t1@kernel-test.invalid 1.30 impatience 1.50 "
		"'For the last time'\n"
		"hot 3/2 ##- 4.50 ann@kernel-test.invalid "
		"bob@kernel-test.invalid gil@kernel-test.invalid"
		" [test.kernel-test.invalid] scored heated\n"
		"  h1@kernel-test.invalid 3.00 contempt 4.00 'garbage'\n"
		"  h1@kernel-test.invalid 3.00 profanity 3.00 'crap'\n"
		"  h2@kernel-test.invalid 4.50 contempt 3.00 'garbage'\n"
		"  h2@kernel-test.invalid 4.50 profanity 2.00 'crap'\n");
	civil_buf_reset(&l.out);
	ck_assert_int_eq(
		review("from:ann@kernel-test.invalid", false, &l, &err), 0);
	ck_assert_str_eq(civil_buf_str(&l.out), "");
	civil_buf_release(&l.out);
}
END_TEST

START_TEST(the_callback_stops_the_walk)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 1, 0 };

	ck_assert_int_eq(heated(NULL, NULL, false, &l, &err), 0);
	ck_assert_int_eq(l.seen, 1);
	civil_buf_release(&l.out);
}
END_TEST

START_TEST(a_bad_query_is_an_error)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct listing l = { CIVIL_BUF_INIT, 0, 0 };

	ck_assert_int_eq(heated("date:garbage..", NULL, false, &l, &err),
			 CIVIL_STATUS_DATABASE_ERROR);
	ck_assert(strstr(err.message, "bad query 'date:garbage..'"));
	ck_assert_int_eq(l.seen, 0);
	civil_error_clear(&err);
}
END_TEST

Suite *suite_heated(void)
{
	Suite *s = suite_create("heated");
	TCase *tc = tcase_create("heated");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, tagged_threads_newest_first);
	tcase_add_test(tc, a_query_narrows_the_list);
	tcase_add_test(tc, unscored_tags_are_scored_from_the_file);
	tcase_add_test(tc, explain_gives_the_passages);
	tcase_add_test(tc, threads_worth_a_look);
	tcase_add_test(tc, the_callback_stops_the_walk);
	tcase_add_test(tc, a_bad_query_is_an_error);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
