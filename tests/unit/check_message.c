// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "unit.h"

#define HDR                                                                    \
	"From: A <a@kernel-test.invalid>\nDate: Fri, 27 Feb 2015 14:00:00 "    \
	"+0000\n"

static civil_kind_t kind_of(const char *text)
{
	civil_message_t *m = unit_message(text);
	civil_kind_t k = civil_message_kind(m);

	civil_message_free(m);
	return k;
}

START_TEST(kinds)
{
	ck_assert_int_eq(kind_of(HDR "Subject: [PATCH 1/2] x\n\nlog\n"),
			 CIVIL_KIND_PATCH);
	ck_assert_int_eq(kind_of(HDR "Subject: x\n\ndiff --git a/x b/x\n"),
			 CIVIL_KIND_PATCH);
	ck_assert_int_eq(kind_of(HDR "Subject: [PATCH 0/2] x\n\nintro\n"),
			 CIVIL_KIND_COVER);
	ck_assert_int_eq(kind_of(HDR "Subject: Re: [PATCH 1/2] x\n\nThanks.\n"),
			 CIVIL_KIND_REVIEW);
	ck_assert_int_eq(kind_of(HDR "Subject: Re: x\n\n> +\tx = 1;\n\nNo.\n"),
			 CIVIL_KIND_REVIEW);
	ck_assert_int_eq(kind_of(HDR "Subject: x\nIn-Reply-To: <p@x>\n\n"
				     "Acked-by: A <a@b>\n"),
			 CIVIL_KIND_REVIEW);
	ck_assert_int_eq(kind_of(HDR "Subject: Re: dinner\n\nYes.\n"),
			 CIVIL_KIND_REPLY);
	ck_assert_int_eq(kind_of(HDR "Subject: dinner\n\nWhen?\n"),
			 CIVIL_KIND_OTHER);
	/* A reply that carries its own diff may be applied: a patch. */
	ck_assert_int_eq(kind_of(HDR "Subject: Re: [PATCH] x\n\nLike this:\n"
				     "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"),
			 CIVIL_KIND_PATCH);
}
END_TEST

START_TEST(envelope_in_reply_to)
{
	civil_message_t *m = unit_message(HDR "Subject: x\n\nReviewed-by: A\n");
	const char *env = "To: l@x\nIn-Reply-To: <p@x>\n";

	ck_assert_int_eq(civil_message_kind(m), CIVIL_KIND_OTHER);
	ck_assert_int_eq(civil_message_add_envelope(m, env, strlen(env), NULL),
			 0);
	ck_assert_int_eq(civil_message_kind(m), CIVIL_KIND_REVIEW);
	civil_message_free(m);
}
END_TEST

START_TEST(decoded_text)
{
	civil_message_t *m;

	m = unit_message(HDR "Subject: x\nContent-Type: text/plain; "
			     "charset=iso-8859-1\nContent-Transfer-Encoding: "
			     "quoted-printable\n\nGr=FC=DFe\r\n");
	ck_assert_str_eq(civil_message_text(m), "Grüße\n");
	civil_message_free(m);

	m = unit_message(HDR "Subject: x\nContent-Transfer-Encoding: base64\n\n"
			     "aGVsbG8NCndvcmxkDQo=\n");
	ck_assert_str_eq(civil_message_text(m), "hello\nworld\n");
	civil_message_free(m);

	/* 8-bit, no charset, not UTF-8: read as Latin-1, never invalid. */
	m = unit_message(HDR "Subject: x\n\nGr\xfc\xdf"
			     "e\n");
	ck_assert_str_eq(civil_message_text(m), "Grüße\n");
	civil_message_free(m);

	/* Attachments and HTML are not text. */
	m = unit_message(HDR
			 "Subject: x\nContent-Type: multipart/mixed; "
			 "boundary=b\n\n--b\nContent-Type: text/html\n\n"
			 "<p>h</p>\n--b\nContent-Type: text/plain\n\nbody\n"
			 "--b\nContent-Type: text/plain\nContent-Disposition:"
			 " attachment\n\nfile\n--b--\n");
	ck_assert_str_eq(civil_message_text(m), "body\n");
	civil_message_free(m);
}
END_TEST

START_TEST(headers_and_ids)
{
	civil_message_t *m =
		unit_message("From 1234 Mon Sep 17 00:00:00 2001\n" HDR
			     "Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= aus\n"
			     "Message-ID: <abc@kernel-test.invalid>\n\nx\n");

	ck_assert_str_eq(civil_message_subject(m), "Grüße aus");
	ck_assert_str_eq(civil_message_id(m), "abc@kernel-test.invalid");
	ck_assert_ptr_null(civil_message_header(m, "In-Reply-To"));
	civil_message_free(m);
}
END_TEST

START_TEST(signed_messages)
{
	const char *cases[][2] = {
		{ HDR "X-Developer-Signature: v=1\nSubject: x\n\nx\n",
		  "patatt" },
		{ HDR "DKIM-Signature: v=1\nSubject: x\n\nx\n", "DKIM" },
		{ HDR
		  "Subject: x\nContent-Type: multipart/signed; boundary=b; "
		  "protocol=\"application/pgp-signature\"\n\n--b\n\nx\n--b\n"
		  "Content-Type: application/pgp-signature\n\ns\n--b--\n",
		  "multipart/signed" },
		{ HDR "Subject: x\nContent-Type: application/pkcs7-mime\n\nx\n",
		  "S/MIME" },
		{ HDR "Subject: x\n\n-----BEGIN PGP SIGNED MESSAGE-----\nx\n",
		  "inline PGP" },
		/* Anywhere in the tree, not only at the top. */
		{ HDR
		  "Subject: x\nContent-Type: multipart/mixed; boundary=m\n\n"
		  "--m\nContent-Type: multipart/signed; boundary=b\n\n"
		  "--b\n\nx\n--b\nContent-Type: application/pgp-signature"
		  "\n\ns\n--b--\n--m--\n",
		  "multipart/signed" },
		{ HDR
		  "Subject: x\nContent-Type: multipart/mixed; boundary=m\n\n"
		  "--m\n\nx\n--m\nContent-Type: multipart/alternative; "
		  "boundary=a\n\n--a\nContent-Type: application/"
		  "x-pkcs7-mime\n\nx\n--a--\n--m--\n",
		  "S/MIME" },
		{ HDR
		  "Subject: x\nContent-Type: multipart/mixed; boundary=m\n\n"
		  "--m\n\nx\n--m\nContent-Type: application/pkcs7-mime"
		  "\n\nx\n--m--\n",
		  "S/MIME" },
		{ HDR
		  "Subject: x\nContent-Type: multipart/mixed; boundary=m\n\n"
		  "--m\nContent-Type: multipart/encrypted; boundary=e\n\n"
		  "--e\n\nx\n--e--\n--m--\n",
		  "encrypted" },
	};
	civil_message_t *m;

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		m = unit_message(cases[i][0]);
		ck_assert_ptr_nonnull(civil_message_signed(m));
		ck_assert_msg(strstr(civil_message_signed(m), cases[i][1]),
			      "%s", civil_message_signed(m));
		civil_message_free(m);
	}
	m = unit_message(
		HDR "Subject: x\n\n> -----BEGIN PGP SIGNED MESSAGE-----\n");
	ck_assert_ptr_null(civil_message_signed(m));
	civil_message_free(m);
}
END_TEST

START_TEST(not_mail)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_message_t *m = NULL;

	ck_assert_int_eq(civil_message_parse("", 0, "e.eml", &m, &err),
			 CIVIL_STATUS_NOT_MAIL);
	ck_assert_str_eq(err.message, "'e.eml' is empty");
	ck_assert_int_eq(
		civil_message_parse("hello\nworld\n", 12, "n.txt", &m, &err),
		CIVIL_STATUS_NOT_MAIL);
	ck_assert_str_eq(err.message, "'n.txt' is not a mail message");
	ck_assert_int_eq(civil_message_parse("\0\1\2\3", 4, "b", &m, &err),
			 CIVIL_STATUS_NOT_MAIL);
	ck_assert_ptr_null(m);
	civil_error_clear(&err);
}
END_TEST

Suite *suite_message(void)
{
	Suite *s = suite_create("message");
	TCase *tc = tcase_create("message");

	tcase_add_test(tc, kinds);
	tcase_add_test(tc, envelope_in_reply_to);
	tcase_add_test(tc, decoded_text);
	tcase_add_test(tc, headers_and_ids);
	tcase_add_test(tc, signed_messages);
	tcase_add_test(tc, not_mail);
	suite_add_tcase(s, tc);
	return s;
}
