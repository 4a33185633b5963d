// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thanks.c: a maintainer's "applied" note is not a review.  The notes
 * below are written for this test in the ways maintainers word them (none
 * is copied from anyone's mail); b4 ty's own output is tested with the
 * real b4 in tests/t/0055-b4.t.
 */
#include <string.h>

#include "unit.h"

#define HDR                                                                    \
	"From: M <maint@kernel-test.invalid>\n"                                \
	"Subject: Re: [PATCH 1/2] sched: change\n"                             \
	"In-Reply-To: <p@kernel-test.invalid>\n\n"

static civil_kind_t kind_of(const char *body)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	civil_message_t *m;
	civil_kind_t k;

	civil_buf_addf(&text, HDR "%s", body);
	m = unit_message(text.buf);
	k = civil_message_kind(m);
	civil_message_free(m);
	civil_buf_release(&text);
	return k;
}

/* What an "On ..., X wrote:" and a quoted cover letter look like above
 * the note, as b4 ty and mail clients write them. */
#define QUOTE                                                                  \
	"On Mon, 02 Mar 2026 10:00:00 +0000, A U Thor wrote:\n"                \
	"> Two small changes to the scheduler.\n\n"

static const char *const notes[] = {
	/* b4 ty's default, and its pull request one */
	QUOTE "Applied, thanks!\n\n[1/2] sched: change 1\n"
	      "      commit: 0123456789abcdef0123456789abcdef01234567\n"
	      "[2/2] sched: change 2\n      (no commit info)\n\n"
	      "Best regards,\n-- \nMain Tainer <maint@kernel-test.invalid>\n",
	QUOTE "Merged, thanks!\n\nmerge commit: 0123456789abcdef\n\n"
	      "Best regards,\n-- \nMain Tainer\n",
	/* b4's example template, a tree and branch named */
	QUOTE "Applied to sched/core, thanks!\n\n[1/1] sched: change\n"
	      "      https://git.kernel-test.invalid/sched/c/01234567\n",
	QUOTE "Applied to the vfs.fixes branch of the vfs/vfs.git tree.\n"
	      "Patches in that branch should show up in linux-next soon.\n\n"
	      "tree:   https://git.kernel-test.invalid/vfs/vfs.git\n"
	      "branch: vfs.fixes\n\n[1/1] fs: tidy up\n"
	      "      https://git.kernel-test.invalid/vfs/c/0123456789ab\n",
	/* by hand */
	QUOTE "Applied to for-next, thanks.\n",
	QUOTE "Thanks, applied to net-next.\n",
	QUOTE "Series applied to wireless-next.git, thanks.\n",
	QUOTE "Queued for 6.9, thanks!\n\n-- \nJens\n",
	QUOTE "I've queued up patches 1-3 in my fixes branch; 4 needs another "
	      "look from the DT folks.\n\nThanks,\nMark\n",
	"Hi Pat,\n\n" QUOTE "Thanks for the patch.  Applied to the "
	"mm-hotfixes tree.\n\nThanks,\nAndrew\n",
	QUOTE "Pulled, thanks.\n",
	QUOTE "Merged into drm-misc-next.  Thanks!\n",
	QUOTE "Picked up for v6.10, thanks.\n",
	QUOTE "Both applied to the spi tree, thanks.\n",
	QUOTE "Now applied to the pm tree as 6.9 material, thanks!\n",
	QUOTE "Applied 1-2 to tip:sched/core.  Thanks!\n",
	QUOTE "Thank you, applied (with the subject line fixed up).\n",
	QUOTE "Applied\n\nThanks,\nJens\n",
	QUOTE "Applied to the staging tree \xe2\x80\x94 thanks.\n\n"
	      "0123456789ab (\"staging: fix a typo\")\n",
};

START_TEST(applied_notes)
{
	for (size_t i = 0; i < sizeof(notes) / sizeof(notes[0]); i++)
		ck_assert_msg(kind_of(notes[i]) == CIVIL_KIND_NOTICE,
			      "not a notice: %s", notes[i]);
}
END_TEST

/* Replies that mention applying, and are still reviews. */
static const char *const reviews[] = {
	/* a verdict, or a quoted diff, whatever else it says */
	QUOTE "Applied, thanks!\n\nReviewed-by: M <maint@kernel-test.invalid>\n",
	QUOTE "NAK.  This can't be applied as it is.\n",
	"On Mon, A U Thor wrote:\n> +\tx = 1;\n\nApplied, thanks.\n",
	/* not applied, not yet, not only, or asking */
	QUOTE "Before this is applied, please fix the locking in foo_bar().\n",
	QUOTE "This should be applied to stable too.\n",
	QUOTE "I applied it locally and it crashes on boot.\n",
	QUOTE "Has this been applied anywhere yet?\n",
	QUOTE "Applied to for-next?\n",
	QUOTE "Not applied: it doesn't build on arm64.\n",
	QUOTE "I'd rather this not be merged until the ABI question is "
	      "settled.\n",
	QUOTE "Applied, but the commit message says the opposite of what the "
	      "code does.\n",
	QUOTE "Why a global?  Please make it static.\n",
	QUOTE "Thanks.\n",
	/* "applied", then a review's worth of words */
	QUOTE "Applied to for-next.\n\nThat said, the way this driver takes "
	      "the lock in the interrupt handler and then again in the work "
	      "item looks wrong to me, and I would like to see a follow-up "
	      "that moves the whole thing to a threaded handler, drops the "
	      "second lock, and documents which fields the spinlock is "
	      "meant to protect, because right now nobody can tell from "
	      "reading the code, and the next person to touch it will break "
	      "it again in exactly the same way as the last three fixes "
	      "did, one after the other, over two releases.\n\n"
	      "And while you are there: the error path in probe() leaks the "
	      "clock when the regulator is missing, and the remove() callback "
	      "frees the buffer before it stops the DMA.\n",
};

START_TEST(reviews_stay_reviews)
{
	for (size_t i = 0; i < sizeof(reviews) / sizeof(reviews[0]); i++)
		ck_assert_msg(kind_of(reviews[i]) == CIVIL_KIND_REVIEW,
			      "not a review: %s", reviews[i]);
}
END_TEST

START_TEST(notice_outside_a_patch_thread)
{
	const char *pull = "From: M <maint@kernel-test.invalid>\n"
			   "Subject: Re: [GIT PULL] sched fixes for 6.9\n"
			   "In-Reply-To: <pr@kernel-test.invalid>\n\n"
			   "Pulled, thanks.\n";
	civil_message_t *m = unit_message(pull);

	ck_assert_int_eq(civil_message_kind(m), CIVIL_KIND_NOTICE);
	ck_assert_str_eq(civil_kind_name(CIVIL_KIND_NOTICE), "thank-you note");
	civil_message_free(m);
}
END_TEST

/* Not reminded as a review; reminded with the other replies when
 * civil.remind says replies. */
START_TEST(reminded_as_a_reply)
{
	struct civil_buf text = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;
	civil_remind_result_t r;
	civil_message_t *m;

	civil_buf_addf(&text, HDR "%s", notes[4]);
	m = unit_message(text.buf);
	ck_assert_int_eq(civil_remind_message(m, "R", CIVIL_REMIND_REVIEWS,
					      &out, &r, NULL),
			 0);
	ck_assert_int_eq(r.action, CIVIL_REMIND_NOT_WANTED);
	ck_assert_int_eq(civil_remind_message(m, "R", CIVIL_REMIND_REPLIES,
					      &out, &r, NULL),
			 0);
	ck_assert_int_eq(r.action, CIVIL_REMIND_ADDED);
	civil_message_free(m);
	civil_buf_release(&text);
	civil_buf_release(&out);
}
END_TEST

Suite *suite_thanks(void)
{
	Suite *s = suite_create("thanks");
	TCase *tc = tcase_create("thanks");

	tcase_add_test(tc, applied_notes);
	tcase_add_test(tc, reviews_stay_reviews);
	tcase_add_test(tc, notice_outside_a_patch_thread);
	tcase_add_test(tc, reminded_as_a_reply);
	suite_add_tcase(s, tc);
	return s;
}
