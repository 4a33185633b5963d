// SPDX-License-Identifier: GPL-2.0-or-later
/* check_outgoing.c - outgoing.c: the reminder and the tone check, as the
 * hook and civil-sendmail both have them. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

static const char review[] = "From: Re Viewer <rv@kernel-test.invalid>\n"
			     "Subject: Re: [PATCH] sched: add x\n"
			     "In-Reply-To: <p1@kernel-test.invalid>\n"
			     "\n"
			     "> +\tx = 1;\n"
			     "\n"
			     "You clearly have no idea what you are doing.  "
			     "You are an idiot.\n";

static const char patch[] = "From: A U Thor <a@kernel-test.invalid>\n"
			    "Subject: [PATCH] sched: add x\n"
			    "\n"
			    "You are an idiot, says the commit message.\n"
			    "---\n"
			    "diff --git a/x.c b/x.c\n"
			    "--- a/x.c\n"
			    "+++ b/x.c\n"
			    "@@ -1 +1 @@\n"
			    "-int x;\n"
			    "+int x = 1;\n";

/* No repository, no settings: the built-in code, the defaults. */
static civil_t *civ;

static void setup(void)
{
	civ = unit_civil(NULL);
}

static void teardown(void)
{
	civil_close(civ);
}

START_TEST(review_reminded_and_checked)
{
	civil_message_t *msg = unit_message(review);
	civil_outgoing_t out = CIVIL_OUTGOING_INIT;
	char *reminder = civil_reminder_text(civil_get_code(civ),
					     civil_get_settings(civ));

	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL), 0);
	ck_assert_int_eq(out.remind.action, CIVIL_REMIND_ADDED);
	ck_assert_int_eq(out.remind.kind, CIVIL_KIND_REVIEW);
	ck_assert(strstr(civil_buf_str(&out.out), reminder));
	/* Everything before the edit is the message as it was. */
	ck_assert(!strncmp(civil_buf_str(&out.out), review,
			   strstr(review, "You clearly") - review));
	ck_assert(out.tone_checked && out.tone_heated);
	ck_assert(out.tone.score >= CIVIL_HEAT_THRESHOLD);
	ck_assert_ptr_null(out.stale_line);
	civil_outgoing_release(&out);
	civil_message_free(msg);
	free(reminder);
}
END_TEST

/* A civil_outgoing_t of a version civil does not know (0 among them) is
 * refused and left as it was; release leaves it alone too.  From
 * CIVIL_OUTGOING_INIT it is filled, its version kept. */
START_TEST(unknown_version_refused)
{
	civil_message_t *msg = unit_message(review);
	civil_outgoing_t out = CIVIL_OUTGOING_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	char mine[] = "the caller's";

	out.version = 7;
	out.stale_line = mine;
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, &err),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(err.message, "civil_outgoing_t version 7 unknown "
				      "(this libcivil knows 1)");
	ck_assert_ptr_eq(out.stale_line, mine);
	civil_outgoing_release(&out);
	civil_error_clear(&err);
	out.version = 0;
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_ptr_eq(out.stale_line, mine);

	out.version = CIVIL_OUTGOING_VERSION;
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL), 0);
	ck_assert_uint_eq(out.version, CIVIL_OUTGOING_VERSION);
	ck_assert_ptr_null(out.stale_line);
	ck_assert_int_eq(out.remind.action, CIVIL_REMIND_ADDED);
	civil_outgoing_release(&out);
	civil_message_free(msg);
}
END_TEST

START_TEST(tone_off_and_patches)
{
	civil_message_t *msg = unit_message(review);
	civil_outgoing_t out = CIVIL_OUTGOING_INIT;

	civil_set_tone(civ, CIVIL_TONE_OFF);
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL), 0);
	ck_assert_int_eq(out.remind.action, CIVIL_REMIND_ADDED);
	ck_assert(!out.tone_checked && !out.tone_heated);
	civil_outgoing_release(&out);
	civil_message_free(msg);

	/* A patch is neither reminded nor checked, whatever its words. */
	civil_set_tone(civ, CIVIL_TONE_REJECT);
	msg = unit_message(patch);
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL), 0);
	ck_assert_int_eq(out.remind.action, CIVIL_REMIND_NOT_WANTED);
	ck_assert_int_eq(out.out.len, 0);
	ck_assert(!out.tone_checked);
	civil_outgoing_release(&out);
	civil_message_free(msg);
}
END_TEST

/* A reminder civil wrote for another contact is found and named, line
 * for line, in a message it leaves alone. */
START_TEST(stale_reminder)
{
	civil_message_t *msg;
	civil_outgoing_t out = CIVIL_OUTGOING_INIT;
	struct civil_buf text = CIVIL_BUF_INIT;
	char *reminder = civil_reminder_text(civil_get_code(civ),
					     civil_get_settings(civ));
	char *nl = strchr(reminder, '\n');

	ck_assert_ptr_nonnull(nl);
	civil_buf_adds(&text, review);
	civil_buf_addf(&text,
		       "\n-- \n%.*s\nConcerns: <old@kernel-test.invalid>\n",
		       (int)(nl - reminder), reminder);
	msg = unit_message(civil_buf_str(&text));
	ck_assert_int_eq(civil_outgoing_prepare(civ, msg, &out, NULL), 0);
	ck_assert_int_eq(out.remind.action, CIVIL_REMIND_PRESENT);
	ck_assert_str_eq(out.stale_line, "Concerns: <old@kernel-test.invalid>");
	ck_assert_str_eq(out.current_line, nl + 1);
	civil_outgoing_release(&out);
	civil_message_free(msg);
	civil_buf_release(&text);
	free(reminder);
}
END_TEST

/* The heated sentences in the order of the text, whatever the order of
 * the reasons (the scorer gives them hottest first), each sentence once
 * with all of its reasons. */
START_TEST(tone_lines)
{
	civil_heat_reason_t r[4] = {
		{ .signal = "insult at a person",
		  .match = "idiot",
		  .sentence = "You idiot.",
		  .klass = CIVIL_HEAT_HEATED,
		  .at = 1 },
		{ .signal = "wording like heated mail",
		  .match = "",
		  .sentence = "Go away.",
		  .klass = CIVIL_HEAT_HEATED,
		  .at = 0 },
		{ .signal = "shouting",
		  .match = "STOP",
		  .sentence = "You idiot.",
		  .klass = CIVIL_HEAT_HEATED,
		  .at = 1 },
		/* Sharp: the sender's to say. */
		{ .signal = "contempt about code",
		  .match = "crap",
		  .sentence = "This is crap.",
		  .klass = CIVIL_HEAT_SHARP,
		  .at = 2 },
	};
	civil_heat_score_t s = { .score = 5,
				 .klass = CIVIL_HEAT_HEATED,
				 .reasons = r,
				 .n_reasons = 4 };
	struct civil_buf out = CIVIL_BUF_INIT;

	civil_tone_lines(&s, &out);
	ck_assert_str_eq(civil_buf_str(&out),
			 "\"Go away.\" (wording like heated mail)\n"
			 "\"You idiot.\" (insult at a person 'idiot'; "
			 "shouting 'STOP')\n");
	civil_buf_release(&out);
}
END_TEST

/* msg with its body after a subject of a "[PATCH]" thread, as the draft
 * to the board has it. */
static bool unfinished(const char *body)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_message_t *msg;
	bool u;

	civil_buf_addf(&b,
		       "From: Re Viewer <rv@kernel-test.invalid>\n"
		       "To: board@kernel-test.invalid\n"
		       "Subject: Code of Conflict: request for help with "
		       "thread \"[PATCH] sched: add x\"\n\n"
		       "Dear board,\n\n%s\nThank you,\nRe Viewer\n",
		       body);
	msg = unit_message(b.buf);
	u = civil_outgoing_unfinished(msg);
	civil_message_free(msg);
	civil_buf_release(&b);
	return u;
}

/* The placeholder, word for word, however the lines fall, stops the
 * draft; a word of the sender's own in it, a quote of it, or a diff does
 * not. */
START_TEST(unfinished_draft)
{
	ck_assert(unfinished(CIVIL_DRAFT_PLACEHOLDER "\n"));
	ck_assert(unfinished("[ Please write here, in your own words, what "
			     "happened, how it affects\nyou, and what you "
			     "would like to happen. ]\n"));
	ck_assert(unfinished("  [ Please  write here, in your own words,\n"
			     "\twhat happened, how it affects you, and what "
			     "you would like\n  to happen. ]\n"));
	ck_assert(!unfinished("[ Please write here, in my own words, what "
			      "happened, how it affects you, and what you "
			      "would like to happen. ]\n"));
	ck_assert(!unfinished("I was insulted in review.\n"));
	ck_assert(!unfinished("I was insulted.  you, and what you would like "
			      "to happen. ]\n"));
	ck_assert(!unfinished("On Mon, Pat wrote:\n> " CIVIL_DRAFT_PLACEHOLDER
			      "\n\nYes.\n"));
	ck_assert(!unfinished("See: " CIVIL_DRAFT_PLACEHOLDER "\n"));
	ck_assert(!unfinished(CIVIL_DRAFT_PLACEHOLDER
			      "\n---\n"
			      "diff --git a/x b/x\n--- a/x\n+++ b/x\n"
			      "@@ -1 +1 @@\n-a\n+b\n"));
	ck_assert(!civil_outgoing_unfinished(NULL));
}
END_TEST

Suite *suite_outgoing(void)
{
	Suite *s = suite_create("outgoing");
	TCase *tc = tcase_create("outgoing");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, review_reminded_and_checked);
	tcase_add_test(tc, unknown_version_refused);
	tcase_add_test(tc, tone_off_and_patches);
	tcase_add_test(tc, stale_reminder);
	tcase_add_test(tc, tone_lines);
	tcase_add_test(tc, unfinished_draft);
	suite_add_tcase(s, tc);
	return s;
}
