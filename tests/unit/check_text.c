// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "unit.h"

static void expect_authored(const char *text, const char *want)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	civil_text_authored(text, strlen(text), &out);
	ck_assert_str_eq(out.buf, want);
	civil_buf_release(&out);
}

START_TEST(authored_drops_quotes_and_attribution)
{
	expect_authored(
		"On Mon, Jan 1, 2024 at 10:00 AM Jane <j@x.org> wrote:\n"
		"> the patch\n"
		">> older\n"
		"\n"
		"My words.\n",
		"My words.\n");
	/* Wrapped attribution, indented quote marker. */
	expect_authored("On Mon, Jan 1, 2024 at 10:00 AM Jane Doe <\n"
			"jane@example.org> wrote:\n"
			" > quoted\n"
			"Mine.\n",
			"Mine.\n");
	/* mutt-style and "Quoting" attributions; what was taken out
	 * between two lines of the sender's ends a paragraph, so that no
	 * sentence runs across it. */
	expect_authored("* Jane <j@x.org> [2024-01-01 10:00]:\n> q\nA.\n"
			"Quoting Joe (2024-01-01):\n> q\nB.\n",
			"A.\n\nB.\n");
}
END_TEST

START_TEST(authored_keeps_lines_that_only_look_like_attribution)
{
	/* Not followed by a quote, not "On ... wrote:": the sender's. */
	expect_authored("Here is what I said:\nthat it breaks.\n",
			"Here is what I said:\nthat it breaks.\n");
}
END_TEST

START_TEST(authored_drops_signature_diff_and_reminder)
{
	expect_authored("Try this:\n"
			"\n"
			"diff --git a/x.c b/x.c\n"
			"index 1..2 100644\n"
			"--- a/x.c\n"
			"+++ b/x.c\n"
			"@@ -1 +1 @@\n"
			"-a\n"
			"\n"
			"+b\n"
			"\n"
			"Does that work?\n"
			"\n"
			"Reviewed under Documentation/CodeOfConflict: keep it "
			"civil and technical.\n"
			"Concerns: <tab@lists.linux-foundation.org>\n"
			"-- \n"
			"Jane, who is an idiot\n",
			"Try this:\n\nDoes that work?\n");
}
END_TEST

START_TEST(authored_outlook_and_blank_runs)
{
	expect_authored(
		"\n\nTop.\n\n\n\nPosted.\n\n-----Original Message-----\n"
		"From: x\nall of it\n",
		"Top.\n\nPosted.\n");
}
END_TEST

START_TEST(authored_bare_dash_signature_and_list_footer)
{
	/* Mailers strip the space of "-- "; a bot signs off after it. */
	expect_authored("Looks fine to me.\n--\n0-DAY robot, a stupid "
			"machine\n",
			"Looks fine to me.\n");
	expect_authored("Applied.\n--  \nJane\n", "Applied.\n");
	expect_authored("Thanks.\n"
			"_______________________________________________\n"
			"some-list mailing list\n",
			"Thanks.\n");
	/* A dash pair inside a line is prose. */
	expect_authored("Use --force -- or not.\n", "Use --force -- or not.\n");
}
END_TEST

START_TEST(authored_drops_company_notices)
{
	expect_authored(
		"Thanks, applied.\n"
		"\n"
		"This e-mail and any attachments are confidential and "
		"intended\nsolely for the addressee. If you have received "
		"this in error,\nplease notify the sender and delete it.\n",
		"Thanks, applied.\n");
	/* One such word is ordinary English. */
	expect_authored("The register layout is confidential, sorry.\n",
			"The register layout is confidential, sorry.\n");
}
END_TEST

START_TEST(authored_attributions_wrapped_and_in_other_languages)
{
	expect_authored("Em seg., 1 de jan. de 2024 às 10:00, Joana "
			"<j@example.org>\nescreveu:\n> q\nResposta.\n",
			"Resposta.\n");
	expect_authored("Le lun. 1 janv. 2024 à 10:00, Jean <j@example.org> a "
			"écrit :\n> q\nRéponse.\n",
			"Réponse.\n");
	expect_authored("Le lun. 1 janv. 2024 à 10:00, Jean <j@example.org> "
			"a\nécrit :\n>\n> q\nRéponse.\n",
			"Réponse.\n");
	expect_authored("пн, 1 січ. 2024 о 10:00 Іван <i@example.org> "
			"пише:\n> q\nВідповідь.\n",
			"Відповідь.\n");
	expect_authored("Thu, Jun 01, 2023 at 03:16:55PM +0200, Jane Doe "
			"kirjoitti:\n\n> q\nMine.\n",
			"Mine.\n");
	/* No verb we know, but an address and a time before a quote. */
	expect_authored("2024-01-01 10:00 GMT+01:00, Jane <j@example.org>:\n"
			"> q\nMine.\n",
			"Mine.\n");
	/* The sender introducing a quote is the sender's. */
	expect_authored("You did not read what I wrote:\n> q\nAgain.\n",
			"You did not read what I wrote:\n\nAgain.\n");
}
END_TEST

START_TEST(authored_bar_and_colon_quoting)
{
	expect_authored("| old line one\n| old line two\nMy answer.\n"
			": a\n: b\nMore.\n",
			"My answer.\n\nMore.\n");
	/* A single such line may be anything. */
	expect_authored("| one\nMine.\n", "| one\nMine.\n");
}
END_TEST

START_TEST(authored_drops_pasted_tool_output)
{
	/* checkpatch */
	expect_authored("WARNING: LINE LENGTH OF 120 EXCEEDS 100 COLUMNS\n"
			"#12: FILE: drivers/hwmon/x.c:34:\n"
			"total: 0 errors, 1 warnings, 40 lines checked\n"
			"\nPlease fix.\n",
			"Please fix.\n");
	/* get_maintainer.pl */
	expect_authored("Jane Doe <jane@example.org> (maintainer:HWMON "
			"SUBSYSTEM)\n"
			"linux-hwmon@example.org (open list:HWMON SUBSYSTEM)\n"
			"You forgot them.\n",
			"You forgot them.\n");
	/* the kernel log, a backtrace, a register dump */
	expect_authored("[   12.345678] BUG: KASAN: use-after-free in "
			"foo_probe+0x1c/0x40\n"
			"Call Trace:\n"
			" dump_stack_lvl+0x10/0x20\n"
			" ? stupid_helper\n"
			"RIP: 0010:foo_probe+0x1c/0x40\n"
			"x29: ffff80000a3bbd90 x28: ffff00000c3a8000 x27: "
			"0000000000000000\n"
			"It crashes here.\n",
			"It crashes here.\n");
	/* a compiler */
	expect_authored("drivers/hwmon/x.c:12:5: error: STUPID UNDECLARED "
			"HERE (not in a function)\nSee above.\n",
			"See above.\n");
	/* a shell session: the prompt and what the command printed */
	expect_authored("$ cat /sys/class/hwmon/hwmon0/temp1_input\n"
			"42000\n"
			"\n"
			"# echo 1 > enable\n"
			"sh: write error: Invalid argument\n"
			"\n"
			"That is wrong.\n",
			"That is wrong.\n");
	/* "# Heading" and "$5" are not prompts. */
	expect_authored("# Summary\nIt costs $5 a month.\n",
			"# Summary\nIt costs $5 a month.\n");
}
END_TEST

START_TEST(authored_outlook_header_block)
{
	expect_authored("Top posted.\n\nFrom: Jane <j@example.org>\n"
			"Sent: Monday, January 1, 2024 10:00 AM\n"
			"To: list@example.org\nSubject: Re: x\n\nOld words.\n",
			"Top posted.\n");
	/* A line that starts "From: " alone is the sender's. */
	expect_authored("From: the spec, page 12.\n",
			"From: the spec, page 12.\n");
}
END_TEST

START_TEST(diffs_quoted_and_not)
{
	const char *patch =
		"x\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n";
	const char *bare = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n";
	const char *separator = "Log.\n---\n file | 1 +\n";
	const char *quoted = "> @@ -1 +1 @@\n> -a\n";
	const char *trimmed = "> +\tfoo = bar;\n";
	const char *list = "> - one item\n> - two\n";

	ck_assert(civil_text_has_diff(patch, strlen(patch)));
	ck_assert(civil_text_has_diff(bare, strlen(bare)));
	ck_assert(!civil_text_has_diff(separator, strlen(separator)));
	ck_assert(!civil_text_has_diff(quoted, strlen(quoted)));
	ck_assert(civil_text_has_quoted_diff(quoted, strlen(quoted)));
	ck_assert(civil_text_has_quoted_diff(trimmed, strlen(trimmed)));
	ck_assert(!civil_text_has_quoted_diff(list, strlen(list)));
	ck_assert(!civil_text_has_quoted_diff(patch, strlen(patch)));
}
END_TEST

START_TEST(review_trailers)
{
	const char *yes[] = { "Reviewed-by: A <a@b>\n",
			      "acked-by: A <a@b>\n",
			      "  Tested-by: A\n",
			      "NAK\n",
			      "NAK.\n",
			      "NACK, for the reasons above\n" };
	const char *no[] = { "> Reviewed-by: A\n", "NAKED truth\n",
			     "Signed-off-by: A\n", "a NAK in the middle\n" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++)
		ck_assert_msg(
			civil_text_has_review_trailer(yes[i], strlen(yes[i])),
			"%s", yes[i]);
	for (size_t i = 0; i < sizeof(no) / sizeof(*no); i++)
		ck_assert_msg(
			!civil_text_has_review_trailer(no[i], strlen(no[i])),
			"%s", no[i]);
}
END_TEST

START_TEST(subjects)
{
	ck_assert(civil_subject_is_reply("Re: [PATCH] x"));
	ck_assert(civil_subject_is_reply("  RE: x"));
	ck_assert(civil_subject_is_reply("AW: x"));
	ck_assert(!civil_subject_is_reply("[PATCH] Re-do x"));
	ck_assert(!civil_subject_is_reply(NULL));

	ck_assert(civil_subject_has_patch_tag("[PATCH] x"));
	ck_assert(civil_subject_has_patch_tag("[RFC PATCH v2 3/7] x"));
	ck_assert(civil_subject_has_patch_tag("[PATCHv3 net-next 1/2] x"));
	ck_assert(civil_subject_has_patch_tag("[net-next,PATCH] x"));
	ck_assert(!civil_subject_has_patch_tag("[GIT PULL] x"));
	ck_assert(!civil_subject_has_patch_tag("patch review process"));

	ck_assert(civil_subject_is_cover("[PATCH 0/3] x"));
	ck_assert(civil_subject_is_cover("[PATCH v2 00/12] x"));
	ck_assert(civil_subject_is_cover("[RFC PATCH 000/100] x"));
	ck_assert(!civil_subject_is_cover("[PATCH 1/3] x"));
	ck_assert(!civil_subject_is_cover("[PATCH 10/30] x"));
	ck_assert(!civil_subject_is_cover("[GIT PULL 0/1] x"));
}
END_TEST

Suite *suite_text(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("text");

	tcase_add_test(tc, authored_drops_quotes_and_attribution);
	tcase_add_test(tc,
		       authored_keeps_lines_that_only_look_like_attribution);
	tcase_add_test(tc, authored_drops_signature_diff_and_reminder);
	tcase_add_test(tc, authored_outlook_and_blank_runs);
	tcase_add_test(tc, authored_bare_dash_signature_and_list_footer);
	tcase_add_test(tc, authored_drops_company_notices);
	tcase_add_test(tc,
		       authored_attributions_wrapped_and_in_other_languages);
	tcase_add_test(tc, authored_bar_and_colon_quoting);
	tcase_add_test(tc, authored_drops_pasted_tool_output);
	tcase_add_test(tc, authored_outlook_header_block);
	tcase_add_test(tc, diffs_quoted_and_not);
	tcase_add_test(tc, review_trailers);
	tcase_add_test(tc, subjects);
	suite_add_tcase(s, tc);
	return s;
}
