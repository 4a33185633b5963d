// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static civil_heat_t *heat;

static void setup(void)
{
	const char *files[] = { getenv("CIVIL_TEST_LEXICON"), NULL };

	ck_assert_ptr_nonnull(files[0]);
	ck_assert_int_eq(civil_heat_new(files, &heat, NULL), 0);
}

static void teardown(void)
{
	civil_heat_free(heat);
}

static double score(const char *text, const char *want_signal)
{
	civil_heat_score_t s;
	double v;
	bool seen = !want_signal;

	civil_heat_score_text(heat, text, strlen(text), &s);
	for (size_t i = 0; i < s.n_reasons; i++)
		seen |= want_signal &&
			!strcmp(s.reasons[i].signal, want_signal);
	ck_assert_msg(seen, "no %s in '%s'", want_signal, text);
	v = s.score;
	civil_heat_score_release(&s);
	return v;
}

#define HOT(text, signal)                                                      \
	ck_assert_msg(score(text, signal) >= CIVIL_HEAT_THRESHOLD, "%s", text)
#define CALM(text)                                                             \
	ck_assert_msg(score(text, NULL) < CIVIL_HEAT_THRESHOLD, "%s", text)
#define ZERO(text) ck_assert_msg(score(text, NULL) == 0, "%s", text)

START_TEST(each_signal)
{
	HOT("You are an idiot.", "insult");
	HOT("This patch is utter nonsense and garbage.", "contempt");
	HOT("What the fuck is this?", "profanity");
	HOT("If you touch this again I will kill you.", "threat");
	HOT("For the last time: read the code. How many times?", "impatience");
	HOT("Yeah right, good luck with that.", "mockery");
	HOT("You have no idea what you are doing.", "dismissal");
	HOT("STOP SENDING ME THIS NOW! Please stop.", "shouting");
	HOT("Why would you do that?!?! Please stop.", "exclamation");
}
END_TEST

START_TEST(reasons_name_the_sentence)
{
	civil_heat_score_t s;
	const char *t = "The locking looks fine.  You are clueless about "
			"RCU.\n\nThanks.";

	civil_heat_score_text(heat, t, strlen(t), &s);
	ck_assert_uint_ge(s.n_reasons, 1);
	ck_assert_str_eq(s.reasons[0].signal, "insult");
	ck_assert_str_eq(s.reasons[0].match, "clueless");
	ck_assert(s.reasons[0].aimed);
	ck_assert_str_eq(s.reasons[0].sentence, "You are clueless about RCU.");
	civil_heat_score_release(&s);
}
END_TEST

START_TEST(kernel_false_friends)
{
	ZERO("Kill the process and abort the transaction.");
	ZERO("This will panic() the kernel; a fatal crash, then die.");
	ZERO("The zombie task stays until the master reaps the slave.");
	ZERO("Use a dummy device here.");
	ZERO("NAK");
	ZERO("It is stupid-simple: allocate a dumb buffer.");
	ZERO("The lazy TLB flush and garbage collection run later.");
	ZERO("This warning should go away with the next patch.");
	/* Identifiers and code are not words. */
	ZERO("Call kill_stupid_idiot() or WTF::crap->shit here.");
	ZERO("\tif (crap) goto damn;\n");
	/* Acronyms are not shouting; a heading is not either. */
	ZERO("The ACPI PCI MSI setup needs the I/O API.");
	ZERO("CALL FOR NOMINATIONS");
	/* A verb, and owning a mistake. */
	ZERO("Anyone could mess things up by writing to the list.");
	ZERO("Sorry, I screwed up the rebase; v2 follows.");
	ZERO("A knee-jerk revert will not shut up the warnings for you.");
	ZERO("Do not shut up gcc here; shut up lockdep properly instead.");
	ZERO("The buffer cache is simple and stupid, and that helps an awful "
	     "lot; it is a hell of a lot faster.");
}
END_TEST

/* The same three cues: together they are a heated passage, spread over a
 * long mail they are not. */
START_TEST(heat_is_local)
{
	const char *calm = "The driver probes the device at boot. "
			   "It then maps the registers. "
			   "The interrupt is requested last. ";
	char spread[1024];

	HOT("This is annoying. Yet another release. Apparently it broke.",
	    "impatience");
	snprintf(spread, sizeof(spread),
		 "This is annoying. %s"
		 "Yet another release. %sApparently it broke.",
		 calm, calm);
	CALM(spread);
	ck_assert_double_gt(score(spread, "mockery"), 0);
}
END_TEST

START_TEST(said_of_oneself)
{
	CALM("Oops, I'm an idiot, I tested the wrong tree.");
	CALM("Stupid question: why is this needed?");
}
END_TEST

START_TEST(quotes_and_patches_ignored)
{
	civil_message_t *m;
	civil_heat_score_t s;

	m = unit_message("From: a@b\nSubject: Re: [PATCH] x\n\n"
			 "On Mon, Jane wrote:\n> You are an idiot, this is "
			 "garbage.\n\nPlease keep it civil.\n");
	civil_heat_score_message(heat, m, &s);
	ck_assert(s.score < CIVIL_HEAT_THRESHOLD);
	civil_heat_score_release(&s);
	civil_message_free(m);

	m = unit_message("From: a@b\nSubject: [PATCH] remove crap\n\n"
			 "Fuck this crap.\n---\ndiff --git a/x b/x\n--- a/x\n"
			 "+++ b/x\n@@ -1 +1 @@\n-crap\n+fine\n");
	civil_heat_score_message(heat, m, &s);
	ck_assert(s.score == 0);
	civil_heat_score_release(&s);
	civil_message_free(m);

	/* The signature is not the sender's words either. */
	m = unit_message("From: a@b\nSubject: Re: x\n\nLooks good.\n-- \n"
			 "Stupid idiots everywhere\n");
	civil_heat_score_message(heat, m, &s);
	ck_assert(s.score == 0);
	civil_heat_score_release(&s);
	civil_message_free(m);
}
END_TEST

START_TEST(user_lexicon_adds_and_overrides)
{
	const char *dir = unit_tmpdir();
	struct civil_buf user = CIVIL_BUF_INIT;
	const char *files[3] = { getenv("CIVIL_TEST_LEXICON"), NULL, NULL };
	civil_heat_t *h;
	civil_heat_score_t s;

	unit_write(dir, "mine", "# mine\n4 insult numpty\n0 insult idiot\n");
	civil_buf_addf(&user, "%s/mine", dir);
	files[1] = user.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	civil_heat_score_text(h, "You numpty.", 11, &s);
	ck_assert(s.score >= 4);
	civil_heat_score_release(&s);
	civil_heat_score_text(h, "an idiot", 8, &s);
	ck_assert(s.score == 0);
	civil_heat_score_release(&s);
	civil_heat_free(h);
	civil_buf_release(&user);
}
END_TEST

START_TEST(bad_lexicon_names_file_and_line)
{
	const char *dir = unit_tmpdir();
	struct civil_buf p = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *files[2] = { NULL, NULL };
	civil_heat_t *h = NULL;

	unit_write(dir, "bad", "2 insult ok\n\nlots of words\n");
	civil_buf_addf(&p, "%s/bad", dir);
	files[0] = p.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_ptr_null(h);
	ck_assert(strstr(err.message, "/bad:3: weight must be a number"));
	civil_error_clear(&err);
	civil_buf_release(&p);
}
END_TEST

START_TEST(thread_heat)
{
	civil_heat_sample_t v[] = {
		{ 0, "a@x", 1 },   { 0.5, "b@x", 2 }, { 1.5, "a@x", 3 },
		{ 1.5, "b@x", 4 }, { 1.5, "a@x", 5 },
	};
	civil_thread_heat_t t;

	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(t.is_heated); /* three warm messages, two people */
	ck_assert_uint_eq(t.heated, 0);
	ck_assert(t.escalating);
	ck_assert(t.peak == 1.5);
	v[4].score = 6;
	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert_uint_eq(t.heated, 1);
	ck_assert_uint_eq(t.people, 1);
	civil_thread_heat(v, 2, 2.5, &t);
	ck_assert(!t.is_heated);
	civil_thread_heat(NULL, 0, 2.5, &t);
	ck_assert(!t.is_heated);
}
END_TEST

Suite *suite_heat(void)
{
	Suite *s = suite_create("heat");
	TCase *tc = tcase_create("heat");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, each_signal);
	tcase_add_test(tc, reasons_name_the_sentence);
	tcase_add_test(tc, kernel_false_friends);
	tcase_add_test(tc, heat_is_local);
	tcase_add_test(tc, said_of_oneself);
	tcase_add_test(tc, quotes_and_patches_ignored);
	tcase_add_test(tc, user_lexicon_adds_and_overrides);
	tcase_add_test(tc, bad_lexicon_names_file_and_line);
	tcase_add_test(tc, thread_heat);
	suite_add_tcase(s, tc);
	return s;
}
