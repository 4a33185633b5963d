// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

#define R                                                                      \
	"Reviewed under D/C: keep it civil and technical.\nConcerns: "         \
	"<b@x.invalid>"
#define R1 "Reviewed under D/C: keep it civil and technical."

static void expect_insert(const char *text, const char *want)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	civil_reminder_insert(text, strlen(text), R, &out);
	ck_assert_str_eq(out.buf, want);
	civil_buf_release(&out);
}

START_TEST(reminder_words)
{
	civil_code_t code = { .kind = CIVIL_CODE_CONFLICT,
			      .path = "Documentation/CodeOfConflict",
			      .contact = "tab@lists.linux-foundation.org" };
	civil_config_t cfg = { 0 };
	char *t = civil_reminder_text(&code, &cfg);

	ck_assert_str_eq(t, "Reviewed under Documentation/CodeOfConflict: keep "
			    "it civil and technical.\nConcerns: "
			    "<tab@lists.linux-foundation.org>");
	ck_assert(civil_reminder_line_is_ours(t, strcspn(t, "\n")));
	free(t);
	/* The built-in code: plainly civil's fallback (issue 24 item 2). */
	code.kind = CIVIL_CODE_BUILTIN;
	t = civil_reminder_text(&code, &cfg);
	ck_assert_str_eq(t, "Reviewed under the 2015 Code of Conflict (civil's "
			    "built-in fallback): keep it civil and "
			    "technical.\nConcerns: "
			    "<tab@lists.linux-foundation.org>");
	ck_assert(civil_reminder_line_is_ours(t, strcspn(t, "\n")));
	free(t);
	code.kind = CIVIL_CODE_CONFLICT;
	code.contact = NULL;
	t = civil_reminder_text(&code, &cfg);
	ck_assert(strstr(t, "\nConcerns: see Documentation/CodeOfConflict"));
	free(t);
	cfg.reminder = "Be excellent.\n";
	t = civil_reminder_text(&code, &cfg);
	ck_assert_str_eq(t, "Be excellent.");
	free(t);
}
END_TEST

START_TEST(insert_places)
{
	/* No signature: one is started after the text. */
	expect_insert("Hi.\n", "Hi.\n\n-- \n" R "\n");
	expect_insert("Hi.\n\n\n", "Hi.\n\n-- \n" R "\n\n\n");
	expect_insert("", "-- \n" R "\n");
	/* At the end of an existing signature block. */
	expect_insert("Hi.\n-- \nJane\n", "Hi.\n-- \nJane\n" R "\n");
	expect_insert("Hi.\n-- \n", "Hi.\n-- \n" R "\n");
	/* Without a final newline (a MIME part before its boundary). */
	expect_insert("Hi.", "Hi.\n\n-- \n" R);
	expect_insert("Hi.\n-- \nJane", "Hi.\n-- \nJane\n" R);
	/* CRLF text gets CRLF lines. */
	expect_insert("Hi.\r\n", "Hi.\r\n\r\n-- \r\n" R1 "\r\nConcerns: "
				 "<b@x.invalid>\r\n");
	/* Only the last "-- " counts. */
	expect_insert("a\n-- \nb\n-- \nc\n", "a\n-- \nb\n-- \nc\n" R "\n");
}
END_TEST

START_TEST(present_only_unquoted)
{
	const char *q = "> " R1 "\n";
	const char *u = "x\n-- \n" R1 "  \n";
	const char *other = "Reviewed under CODE_OF_CONDUCT.md: keep it civil "
			    "and technical.\n";

	ck_assert(!civil_reminder_present(q, strlen(q), R));
	ck_assert(civil_reminder_present(u, strlen(u), R));
	/* A reminder for another code (config changed) still counts. */
	ck_assert(civil_reminder_present(other, strlen(other), R));
}
END_TEST

static civil_remind_result_t remind(const char *text, civil_remind_mode_t mode,
				    struct civil_buf *out)
{
	civil_message_t *m = unit_message(text);
	civil_remind_result_t r;

	ck_assert_int_eq(civil_remind_message(m, R, mode, out, &r, NULL), 0);
	civil_message_free(m);
	return r;
}

#define REVIEW "From: a@b\nSubject: Re: [PATCH] x\n"

START_TEST(message_outcomes)
{
	struct civil_buf out = CIVIL_BUF_INIT;

	ck_assert_int_eq(
		remind(REVIEW "\nNo.\n", CIVIL_REMIND_REVIEWS, &out).action,
		CIVIL_REMIND_ADDED);
	ck_assert_str_eq(out.buf, REVIEW "\nNo.\n\n-- \n" R "\n");
	ck_assert_int_eq(remind(out.buf, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_PRESENT);
	ck_assert_int_eq(
		remind(REVIEW "\nNo.\n", CIVIL_REMIND_OFF, &out).action,
		CIVIL_REMIND_NOT_WANTED);
	ck_assert_int_eq(remind("From: a@b\nSubject: Re: hi\n\nyo\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_NOT_WANTED);
	ck_assert_int_eq(remind("From: a@b\nSubject: Re: hi\n\nyo\n",
				CIVIL_REMIND_REPLIES, &out)
				 .action,
			 CIVIL_REMIND_ADDED);
	ck_assert_int_eq(remind("From: a@b\nSubject: [PATCH] x\n\nlog\n",
				CIVIL_REMIND_ALL, &out)
				 .action,
			 CIVIL_REMIND_NOT_WANTED);
	ck_assert_int_eq(remind(REVIEW "X-Developer-Signature: v=1\n\nNo.\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_SIGNED);
	ck_assert_int_eq(remind(REVIEW
				"Content-Type: text/html\n\n<p>No.</p>\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_NO_TEXT);
	ck_assert_int_eq(remind(REVIEW "Content-Type: text/plain; "
				       "charset=utf-16\n\nNo.\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_NO_TEXT);
	/* EBCDIC: ASCII bytes there would not read as the reminder. */
	ck_assert_int_eq(remind(REVIEW "Content-Type: text/plain; "
				       "charset=IBM037\n\n\xd5\x96K\x25",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_NO_TEXT);
	/* A charset nobody knows is read as UTF-8 or Latin-1: written to. */
	ck_assert_int_eq(remind(REVIEW "Content-Type: text/plain; "
				       "charset=x-no-such\n\nNo.\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_ADDED);
	/* Base64 that can't be continued without encoding it again. */
	ck_assert_int_eq(remind(REVIEW "Content-Transfer-Encoding: base64\n\n"
				       "Tm8=Tm8=\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_CANT_EDIT);
	/* No empty line ends the headers: no body to add to. */
	ck_assert_int_eq(remind(REVIEW "no colon here\nbody line\n",
				CIVIL_REMIND_REVIEWS, &out)
				 .action,
			 CIVIL_REMIND_CANT_EDIT);
	ck_assert_int_eq(remind(REVIEW, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_CANT_EDIT);
	ck_assert_int_eq(remind(REVIEW "\n", CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_ADDED);
	ck_assert_str_eq(out.buf, REVIEW "\n-- \n" R "\n");
	civil_buf_release(&out);
}
END_TEST

START_TEST(multipart_untouched_outside_the_part)
{
	const char *head = REVIEW "Content-Type: multipart/alternative; "
				  "boundary=\"b\"\n\npreamble\n--b\n"
				  "Content-Type: text/plain\n\nNo.";
	const char *tail = "\n--b\nContent-Type: text/html\n\n<p>No.</p>\n"
			   "--b--\nepilogue\n";
	struct civil_buf in = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;

	civil_buf_adds(&in, head);
	civil_buf_adds(&in, tail);
	ck_assert_int_eq(remind(in.buf, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_ADDED);
	ck_assert(!strncmp(out.buf, head, strlen(head)));
	ck_assert_str_eq(out.buf + strlen(head),
			 "\n\n-- \n" R "\n--b\n"
			 "Content-Type: text/html\n\n<p>No.</p>\n--b--\n"
			 "epilogue\n");
	civil_buf_release(&in);
	civil_buf_release(&out);
}
END_TEST

/* The part the reminder goes into is the part it is looked for in, and
 * never a signature. */
START_TEST(edited_part_is_checked_part)
{
	const char *sig_no_type =
		REVIEW "Content-Type: multipart/mixed; boundary=m\n\n--m\n"
		       "Content-Type: multipart/signed; boundary=s\n\n--s\n"
		       "Content-Type: text/html\n\n<p>No.</p>\n--s\n\nAAAA\n"
		       "--s--\n--m--\n";
	const char *sig_named =
		REVIEW "Content-Type: multipart/mixed; boundary=m\n\n--m\n"
		       "Content-Type: pgp-signature\n\nAAAA\n--m\n\nNo.\n"
		       "--m--\n";
	const char *later_part =
		REVIEW "Content-Type: multipart/mixed; boundary=m\n\n--m\n"
		       "\nNo.\n--m\n\n-- \n" R "\n--m--\n";
	struct civil_buf out = CIVIL_BUF_INIT, again = CIVIL_BUF_INIT;

	ck_assert_int_eq(remind(sig_no_type, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_SIGNED);

	ck_assert_int_eq(remind(sig_named, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_ADDED);
	ck_assert(strstr(out.buf, "\nAAAA\n--m\n\nNo.\n\n-- \n" R "\n--m--\n"));
	ck_assert_int_eq(remind(out.buf, CIVIL_REMIND_REVIEWS, &again).action,
			 CIVIL_REMIND_PRESENT);

	/* A reminder in another part is not where civil puts it. */
	ck_assert_int_eq(remind(later_part, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_ADDED);
	ck_assert(strstr(out.buf, "\nNo.\n\n-- \n" R "\n--m\n"));
	ck_assert_int_eq(remind(out.buf, CIVIL_REMIND_REVIEWS, &again).action,
			 CIVIL_REMIND_PRESENT);
	civil_buf_release(&out);
	civil_buf_release(&again);
}
END_TEST

START_TEST(base64_crlf_reencoded)
{
	/* "No.\r\n" in base64, in a CRLF message. */
	const char *in =
		"From: a@b\r\nSubject: Re: [PATCH] x\r\n"
		"Content-Transfer-Encoding: base64\r\n\r\nTm8uDQo=\r\n";
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_message_t *m;

	ck_assert_int_eq(remind(in, CIVIL_REMIND_REVIEWS, &out).action,
			 CIVIL_REMIND_ADDED);
	ck_assert(!strncmp(out.buf, in, strlen(in) - 10));
	ck_assert(strstr(out.buf, "\r\n") && !strstr(out.buf, "=\n"));
	m = unit_message(out.buf);
	ck_assert_str_eq(civil_message_text(m), "No.\n\n-- \n" R "\n");
	civil_message_free(m);
	civil_buf_release(&out);
}
END_TEST

/* Twice is once, or not at all: a reminder that would not be found where
 * civil wrote it (here it is the message's MIME boundary) is not written. */
START_TEST(reminder_must_read_back)
{
	const char *in = REVIEW "Content-Type: multipart/mixed; boundary=b\n\n"
				"--b\n\nNo.\n--b\nContent-Type: text/x-diff\n\n"
				"-x\n--b--\n";
	civil_message_t *m = unit_message(in);
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_remind_result_t r;

	ck_assert_int_eq(civil_remind_message(m, "--b", CIVIL_REMIND_REVIEWS,
					      &out, &r, NULL),
			 0);
	ck_assert_int_eq(r.action, CIVIL_REMIND_CANT_EDIT);
	civil_message_free(m);
	civil_buf_release(&out);
}
END_TEST

START_TEST(non_ascii_reminder_refused)
{
	civil_message_t *m = unit_message(REVIEW "\nNo.\n");
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_remind_result_t r;

	ck_assert_int_eq(civil_remind_message(m, "Grüße", CIVIL_REMIND_REVIEWS,
					      &out, &r, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert_str_eq(err.message, "civil.reminder must be ASCII");
	civil_error_clear(&err);
	civil_message_free(m);
	civil_buf_release(&out);
}
END_TEST

/* What b4 0.16+ will fill in: the reply, then the signature block with
 * the reminder in it, dollars and leading '#' made safe for b4. */
START_TEST(b4_template_carries_the_reminder)
{
	char *t = civil_b4_reply_template(
		"Reviewed under CODE_OF_CONDUCT.md: keep it civil and "
		"technical.\nConcerns: <co$t@example.net>\n#tag");
	const char *body;

	ck_assert_ptr_nonnull(t);
	/* Only b4's own comment lines start with '#'. */
	body = strstr(t, "${reply}\n");
	ck_assert_ptr_nonnull(body);
	ck_assert(body == t || body[-1] == '\n');
	for (const char *l = body; l; l = strchr(l, '\n'))
		ck_assert(*(l == body ? l : ++l) != '#');
	ck_assert_str_eq(body,
			 "${reply}\n\n-- \n${signature}\n"
			 "Reviewed under CODE_OF_CONDUCT.md: keep it civil and "
			 "technical.\nConcerns: <co$$t@example.net>\n #tag\n");
	free(t);
}
END_TEST

Suite *suite_remind(void)
{
	Suite *s = suite_create("remind");
	TCase *tc = tcase_create("remind");

	tcase_add_test(tc, reminder_words);
	tcase_add_test(tc, insert_places);
	tcase_add_test(tc, present_only_unquoted);
	tcase_add_test(tc, message_outcomes);
	tcase_add_test(tc, multipart_untouched_outside_the_part);
	tcase_add_test(tc, edited_part_is_checked_part);
	tcase_add_test(tc, base64_crlf_reencoded);
	tcase_add_test(tc, reminder_must_read_back);
	tcase_add_test(tc, non_ascii_reminder_refused);
	tcase_add_test(tc, b4_template_carries_the_reminder);
	suite_add_tcase(s, tc);
	return s;
}
