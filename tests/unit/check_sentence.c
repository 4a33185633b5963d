// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

#define MAX_EXPECTED 6

/* A text and the sentences a reader reads in it, in order. */
struct split_case {
	const char *text;
	const char *expected[MAX_EXPECTED];
};

/* Each case's sentences are exactly the expected ones, and each is a
 * span of the text itself: text + off is the sentence. */
static void check_cases(const struct split_case *cases, size_t n)
{
	for (size_t c = 0; c < n; c++) {
		const char *text = cases[c].text;
		GArray *v = g_array_new(FALSE, FALSE,
					sizeof(struct civil_sentence));
		size_t want = 0;

		while (want < MAX_EXPECTED && cases[c].expected[want])
			want++;
		civil_sentences(text, strlen(text), v);
		for (guint i = 0; i < v->len; i++) {
			const struct civil_sentence *s =
				&g_array_index(v, struct civil_sentence, i);

			ck_assert_uint_le(s->off + s->len, strlen(text));
			ck_assert_msg(
				i < want &&
					strlen(cases[c].expected[i]) ==
						s->len &&
					!memcmp(text + s->off,
						cases[c].expected[i], s->len),
				"case %zu, sentence %u: '%.*s', not '%s'", c, i,
				(int)s->len, text + s->off,
				i < want ? cases[c].expected[i] : "(none)");
		}
		ck_assert_msg(v->len == want, "case %zu: %u sentences, not %zu",
			      c, v->len, want);
		g_array_free(v, TRUE);
	}
}

/* issue 29: "Phillip K. Dick" was cut after "K.", and the sentence read
 * and quoted to the board was "Dick, reality is ...". */
START_TEST(not_after_an_initial)
{
	static const struct split_case cases[] = {
		{ "To paraphrase Phillip K. Dick, reality is that which, when "
		  "you refuse to document it, doesn't go away.",
		  { "To paraphrase Phillip K. Dick, reality is that which, "
		    "when you refuse to document it, doesn't go away." } },
		{ "J. R. R. Tolkien wrote that. Then he left.",
		  { "J. R. R. Tolkien wrote that.", "Then he left." } },
		{ "Ask Greg K.\nHartman first.",
		  { "Ask Greg K.\nHartman first." } },
		{ "Ask the U.S. office. They know.",
		  { "Ask the U.S. office.", "They know." } },
	};

	check_cases(cases, G_N_ELEMENTS(cases));
}
END_TEST

START_TEST(not_after_an_abbreviation)
{
	static const struct split_case cases[] = {
		{ "Use a helper, e.g. kzalloc(), for this. It is fine.",
		  { "Use a helper, e.g. kzalloc(), for this.",
		    "It is fine." } },
		{ "Take the lock first (i.e. before the list). Then drop it.",
		  { "Take the lock first (i.e. before the list).",
		    "Then drop it." } },
		{ "Locks, queues, etc. are all fine here.",
		  { "Locks, queues, etc. are all fine here." } },
		{ "We need locks, queues, etc. You know that.",
		  { "We need locks, queues, etc.", "You know that." } },
		{ "Mr. Smith and Dr. Jones agree. So do Mrs. Lee and Prof. "
		  "Ng.",
		  { "Mr. Smith and Dr. Jones agree.",
		    "So do Mrs. Lee and Prof. Ng." } },
		{ "It is a spinlock vs. a mutex question, cf. the docs.",
		  { "It is a spinlock vs. a mutex question, cf. the docs." } },
		{ "Smith et al. showed it takes approx. 5 ms. That is long.",
		  { "Smith et al. showed it takes approx. 5 ms.",
		    "That is long." } },
	};

	check_cases(cases, G_N_ELEMENTS(cases));
}
END_TEST

START_TEST(not_inside_versions_and_paths)
{
	static const struct split_case cases[] = {
		{ "It boots on 2.6.32 and on v5.10.1 here.",
		  { "It boots on 2.6.32 and on v5.10.1 here." } },
		{ "Since 5.4. something changed in the driver.",
		  { "Since 5.4. something changed in the driver." } },
		{ "It went into v5.10. Please backport it.",
		  { "It went into v5.10.", "Please backport it." } },
		{ "See drivers/scsi/lpfc/lpfc_init.c and kernel.org for it.",
		  { "See drivers/scsi/lpfc/lpfc_init.c and kernel.org for "
		    "it." } },
		{ "The bug is in lpfc_init.c. the probe path is wrong.",
		  { "The bug is in lpfc_init.c. the probe path is wrong." } },
		{ "Ask on kernel.org. They will know.",
		  { "Ask on kernel.org.", "They will know." } },
		{ "1. Fix the lock.\n2. Rename the helper.",
		  { "1. Fix the lock.", "2. Rename the helper." } },
	};

	check_cases(cases, G_N_ELEMENTS(cases));
}
END_TEST

/* What did end a sentence still does. */
START_TEST(ends_where_a_reader_stops)
{
	static const struct split_case cases[] = {
		{ "Is it? Yes! No. Maybe... We will see.",
		  { "Is it?", "Yes!", "No.", "Maybe...", "We will see." } },
		{ "Really?! why not.", { "Really?!", "why not." } },
		{ "I think... maybe not. Or... Yes.",
		  { "I think... maybe not.", "Or...", "Yes." } },
		{ "He said \"no.\" Then he left.",
		  { "He said \"no.\"", "Then he left." } },
		{ "It is fine (I think.) Ship it.",
		  { "It is fine (I think.)", "Ship it." } },
		{ "Fix it\n\nor not", { "Fix it", "or not" } },
		{ "  \n\n", { NULL } },
		{ "", { NULL } },
	};

	check_cases(cases, G_N_ELEMENTS(cases));
}
END_TEST

/* A sentence is the text's own bytes, line breaks and all; a paragraph
 * ends at a blank line and at a line of code, which no sentence holds. */
START_TEST(spans_of_the_text)
{
	static const struct split_case cases[] = {
		{ "I read the patch twice.  You clearly have no idea what you\n"
		  "are doing.  The lock is fine.\n\n  You are an idiot.  \n",
		  { "I read the patch twice.",
		    "You clearly have no idea what you\nare doing.",
		    "The lock is fine.", "You are an idiot." } },
		{ "This helper\n\tspin_lock(&x);\nis wrong.",
		  { "This helper", "is wrong." } },
		{ "Line one\n  goes on.\r\nAnd ends.",
		  { "Line one\n  goes on.", "And ends." } },
	};
	const char *text = cases[0].text;
	GArray *v = g_array_new(FALSE, FALSE, sizeof(struct civil_sentence));

	check_cases(cases, G_N_ELEMENTS(cases));
	civil_sentences(text, strlen(text), v);
	ck_assert_uint_eq(v->len, 4);
	ck_assert_uint_eq(g_array_index(v, struct civil_sentence, 0).para, 0);
	ck_assert_uint_eq(g_array_index(v, struct civil_sentence, 2).para, 0);
	ck_assert_uint_eq(g_array_index(v, struct civil_sentence, 3).para, 1);
	ck_assert_uint_eq(g_array_index(v, struct civil_sentence, 3).off,
			  strstr(text, "You are an") - text);
	g_array_free(v, TRUE);
}
END_TEST

/* The scorer reads the same sentences, and so do the reasons and the
 * tone check's lines: the sentence civil read and shows is the whole
 * sentence (issue 29: ksummit's "Dick, reality is ..."). */
START_TEST(the_scorer_reads_them)
{
	static const char text[] =
		"To paraphrase Phillip K. Dick, you are an idiot if you\n"
		"think this lock is enough.  Mr. Smith agrees.\n";
	civil_heat_t *h = unit_heat(getenv("CIVIL_TEST_LEXICON"), "",
				    "bias -6 -4\n6 3 insult@person\n");
	const char *line = "\"To paraphrase Phillip K. Dick, you are an idiot "
			   "if you think this lock is enough.\" (";
	civil_heat_score_t s;
	struct civil_buf lines = CIVIL_BUF_INIT;

	civil_heat_score_text(h, text, strlen(text), &s);
	ck_assert_int_eq(s.klass, CIVIL_HEAT_HEATED);
	ck_assert_uint_gt(s.n_reasons, 0);
	for (size_t i = 0; i < s.n_reasons; i++) {
		ck_assert_str_eq(s.reasons[i].sentence,
				 "To paraphrase Phillip K. Dick, you are an "
				 "idiot if you think this lock is enough.");
		ck_assert_uint_eq(s.reasons[i].at, 0);
	}
	civil_tone_lines(&s, &lines);
	ck_assert_msg(!strncmp(civil_buf_str(&lines), line, strlen(line)), "%s",
		      civil_buf_str(&lines));
	civil_buf_release(&lines);
	civil_heat_score_release(&s);
	civil_heat_free(h);
}
END_TEST

Suite *suite_sentence(void)
{
	Suite *s = suite_create("sentence");
	TCase *tc = tcase_create("split");

	tcase_add_test(tc, not_after_an_initial);
	tcase_add_test(tc, not_after_an_abbreviation);
	tcase_add_test(tc, not_inside_versions_and_paths);
	tcase_add_test(tc, ends_where_a_reader_stops);
	tcase_add_test(tc, spans_of_the_text);
	tcase_add_test(tc, the_scorer_reads_them);
	suite_add_tcase(s, tc);
	return s;
}
