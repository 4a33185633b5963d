// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

/* The lexicon alone (rules), and with the learned layer (full). */
static civil_heat_t *heat, *full, *scorer;

static void setup(void)
{
	const char *dir = unit_tmpdir();
	struct civil_buf off = CIVIL_BUF_INIT;
	const char *files[] = { getenv("CIVIL_TEST_LEXICON"), NULL, NULL };

	ck_assert_ptr_nonnull(files[0]);
	ck_assert_int_eq(civil_heat_new(files, &full, NULL), 0);
	unit_write(dir, "off", "model none\n");
	civil_buf_addf(&off, "%s/off", dir);
	files[1] = off.buf;
	ck_assert_int_eq(civil_heat_new(files, &heat, NULL), 0);
	civil_buf_release(&off);
	scorer = heat;
}

static void teardown(void)
{
	civil_heat_free(heat);
	civil_heat_free(full);
}

static double score(const char *text, const char *want_signal)
{
	civil_heat_score_t s;
	double v;
	bool seen = !want_signal;

	civil_heat_score_text(scorer, text, strlen(text), &s);
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
	HOT("Your patch is utter nonsense and garbage.", "contempt");
	HOT("What the fuck is this?", "profanity");
	HOT("If you touch this again I will kill you.", "threat");
	HOT("For the last time: read the code. How many times?", "impatience");
	HOT("Yeah right, good luck with that.", "mockery");
	HOT("Nobody cares. Go away.", "dismissal");
	HOT("STOP SENDING ME THIS NOW! Please stop.", "shouting");
	HOT("Why would you do that?!?! Please stop.", "exclamation");
	HOT("You don't seem to understand how locking works.", "condescension");
	HOT("You are lying about the test results.", "accusation");
}
END_TEST

/* The kernel's incivility is rarely swearing: impatience, talking down,
 * sarcasm, dismissal, calling someone a liar. */
START_TEST(incivility_without_swear_words)
{
	HOT("I already told you this. How many times do I have to repeat "
	    "myself?",
	    "impatience");
	HOT("Did you even compile this? Go read the code.", "condescension");
	HOT("Nice try. Good luck with that.", "mockery");
	HOT("That is not going to happen. Forget it.", "dismissal");
	HOT("You ignored my review again. Are you serious?", "impatience");
	/* A missing space does not glue two sentences into an
	 * identifier. */
	HOT("Nice try.Good luck with that.", "mockery");
	/* One mild cue is not heat. */
	CALM("Why did you drop the lock here?");
	CALM("As I said, the register is read-only.");
	CALM("Did you test this on real hardware?");
}
END_TEST

/* Whom a cue is aimed at: the words around it, not a "you" somewhere
 * in the sentence. */
static civil_heat_target_t target_of(const char *text)
{
	civil_heat_score_t s;
	civil_heat_target_t t;

	civil_heat_score_text(heat, text, strlen(text), &s);
	ck_assert_msg(s.n_reasons, "no cue in '%s'", text);
	t = s.reasons[0].target;
	ck_assert(s.reasons[0].aimed == (t == CIVIL_TARGET_PERSON));
	civil_heat_score_release(&s);
	return t;
}

START_TEST(whom_a_cue_is_aimed_at)
{
	ck_assert_int_eq(target_of("You are clueless."), CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target_of("He is an idiot."), CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target_of("Those guys are idiots."),
			 CIVIL_TARGET_PERSON);
	ck_assert_int_eq(target_of("Your patch is garbage."),
			 CIVIL_TARGET_WORK);
	ck_assert_int_eq(target_of("This driver is a mess."),
			 CIVIL_TARGET_THING);
	ck_assert_int_eq(target_of("What an ugly hack."), CIVIL_TARGET_THING);
	ck_assert_int_eq(target_of("The foo_probe() path is ugly."),
			 CIVIL_TARGET_THING);
	ck_assert_int_eq(target_of("I was stupid to miss it."),
			 CIVIL_TARGET_SELF);
	ck_assert_int_eq(target_of("Damn, I missed that."), CIVIL_TARGET_SELF);
	ck_assert_int_eq(target_of("Screw you."), CIVIL_TARGET_PERSON);
	/* "you" elsewhere in the sentence is not the target. */
	ck_assert_int_eq(target_of("If you look at the code, it is ugly."),
			 CIVIL_TARGET_THING);
	ck_assert_int_eq(target_of("Ugly."), CIVIL_TARGET_NONE);
}
END_TEST

/* Contempt for code, tools, hardware or oneself is technical critique:
 * low or no weight.  Aimed at a person it weighs more than before. */
START_TEST(technical_contempt_is_not_heat)
{
	CALM("This driver is a mess and the firmware is garbage.");
	CALM("The benchmark numbers are horrible on this box.");
	CALM("I was an idiot to miss this.");
	CALM("That is ugly, but I see no better way. The register is shared "
	     "with the fan controller. Let's keep it and add a comment. "
	     "Thanks for the review.");
	CALM("Oh damn, I forgot the Signed-off-by.");
	ck_assert_double_gt(score("You are pathetic.", "insult"),
			    score("This code is pathetic.", "insult"));
	ck_assert_double_gt(score("You are pathetic.", "insult"), 3.5);
}
END_TEST

/* Words in quotation marks are a mention, not the sender's tone. */
START_TEST(quoted_words_are_a_mention)
{
	CALM("People will say something like \"who cares about "
	     "checkpatch\", so we say it in the document.");
	CALM("I wrote it in anticipation of a 'that is never going to "
	     "happen' reply.");
	ck_assert_double_lt(score("He said \"you are an idiot\".", "insult"),
			    score("He said you are an idiot.", "insult"));
	/* A quote never closed is not one; apostrophes are not quotes. */
	ck_assert_double_eq(score("Who cares about 'checkpatch here.", NULL),
			    score("Who cares about checkpatch here.", NULL));
	HOT("You don't get it, and that's not going to happen.",
	    "condescension");
}
END_TEST

/* The same contempt with no argument around it, a whole reply of
 * "Ugly.", is curt dismissal. */
START_TEST(curt_contempt_is_heat)
{
	HOT("Ugly.", "contempt");
	HOT("This is crap.", "profanity");
	CALM("This is crap. The lock is taken twice on the error path, and "
	     "the refcount leaks. Please take it once in probe. The rest is "
	     "fine.");
	/* Said of oneself, even briefly, it is not. */
	CALM("Damn, I missed that.");
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

	HOT("This is so frustrating. I give up. Seriously.", "impatience");
	snprintf(spread, sizeof(spread),
		 "This is so frustrating. %s"
		 "I give up. %sSeriously.",
		 calm, calm);
	CALM(spread);
	ck_assert_double_gt(score(spread, "impatience"), 0);
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

/* One weak cue among calm messages is not a heated thread; a message
 * aimed at a person, two heated people, a very hot message or a
 * person's own tag is. */
START_TEST(thread_heat)
{
	civil_heat_sample_t v[] = {
		{ 0, "a@x", 1, false, false },
		{ 0.5, "b@x", 2, false, false },
		{ 1.5, "a@x", 3, false, false },
		{ 1.5, "b@x", 4, false, false },
		{ 2.6, "a@x", 5, false, false },
	};
	civil_thread_heat_t t;

	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(!t.is_heated); /* one heated message, about code */
	ck_assert_uint_eq(t.heated, 1);
	ck_assert(t.escalating);
	ck_assert(t.peak == 2.6);
	v[4].personal = true; /* ... or aimed at a person */
	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(t.is_heated);
	v[4].personal = false;
	v[3].score = 3; /* two people */
	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(t.is_heated);
	ck_assert_uint_eq(t.people, 2);
	v[3].score = 1.5;
	v[4].score = 5; /* twice the threshold */
	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(t.is_heated);
	v[4].score = 0;
	v[1].by_hand = true; /* a person's verdict */
	civil_thread_heat(v, 5, 2.5, &t);
	ck_assert(t.is_heated);
	ck_assert_uint_eq(t.heated, 1);
	civil_thread_heat(v, 1, 2.5, &t);
	ck_assert(!t.is_heated);
	civil_thread_heat(NULL, 0, 2.5, &t);
	ck_assert(!t.is_heated);
}
END_TEST

/* The learned layer adds to what the lexicon finds, and says which
 * phrases it weighed. */
START_TEST(with_the_learned_layer)
{
	civil_heat_score_t s;
	const char *t = "What the fuck is this shit, you moron?";

	scorer = full;
	CALM("Thanks, applied to hwmon-next.");
	CALM("Could you use a mutex instead of the spinlock here?");
	civil_heat_score_text(full, t, strlen(t), &s);
	ck_assert_double_ge(s.score, CIVIL_HEAT_THRESHOLD);
	for (size_t i = 0; i < s.n_reasons; i++)
		if (!strcmp(s.reasons[i].signal, "model"))
			ck_assert(strstr(t, s.reasons[i].match));
	civil_heat_score_release(&s);
}
END_TEST

Suite *suite_heat(void)
{
	Suite *s = suite_create("heat");
	TCase *tc = tcase_create("heat");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, each_signal);
	tcase_add_test(tc, incivility_without_swear_words);
	tcase_add_test(tc, whom_a_cue_is_aimed_at);
	tcase_add_test(tc, technical_contempt_is_not_heat);
	tcase_add_test(tc, curt_contempt_is_heat);
	tcase_add_test(tc, quoted_words_are_a_mention);
	tcase_add_test(tc, with_the_learned_layer);
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
