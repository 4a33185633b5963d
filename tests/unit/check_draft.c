// SPDX-License-Identifier: GPL-2.0-or-later
#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

#define M(id, subj, from, parent, day, body)                                   \
	"From x Mon Mar  2 10:00:00 2026\nFrom: " from "\nSubject: " subj      \
	"\nMessage-ID: <" id "@t.invalid>\nDate: Mon, 0" day                   \
	" Mar 2026 10:00:00 +0000\nList-Id: Summit "                           \
	"<summit.t.invalid>\n" parent "\n" body "\n\n"

static const char mbox[] = M(
	"a", "=?utf-8?q?Gr=C3=BC=C3=9Fe?= and locks", "Pat <pat@t.invalid>", "",
	"2",
	"Here is the patch.") M("b", "Re: locks", "Rex <rex@t.invalid>",
				"In-Reply-To: <a@t.invalid>\n", "3",
				"You are an idiot and this is "
				"garbage.\nReviewed-by: Nobody <no@t.invalid>")
	M("c", "Re: locks", "Pat <pat@t.invalid>",
	  "In-Reply-To: <b@t.invalid>\n", "4",
	  "> You are an idiot\n\nPlease stay technical.\n>From the docs.");

static civil_code_t code;
static civil_thread_t thread;
static civil_heat_t *heat;

static void setup(void)
{
	size_t skipped;

	/* civil's lexicon and a model made by hand: which sentence is
	 * heated here does not hang on what training made of the data. */
	ck_assert_ptr_nonnull(getenv("CIVIL_TEST_LEXICON"));
	heat = unit_heat(getenv("CIVIL_TEST_LEXICON"), "",
			 "bias -6 -4\n"
			 "6 3 insult@person\n"
			 "6 3 condescension@person\n"
			 "4 0 s:you-clearly\n"
			 "0 6 contempt@thing\n"
			 "0 6 contempt@none\n");
	ck_assert_int_eq(civil_code_find(NULL, NULL, &code, NULL), 0);
	ck_assert_int_eq(civil_thread_fill_mbox(mbox, strlen(mbox), "t", heat,
						&thread, &skipped, NULL),
			 0);
}

static void teardown(void)
{
	civil_thread_release(&thread);
	civil_code_release(&code);
	civil_heat_free(heat);
}

static civil_draft_opts_t opts(void)
{
	civil_draft_opts_t o = CIVIL_DRAFT_OPTS_INIT;

	o.code = &code;
	o.from_name = "Re Porter";
	o.from_email = "reporter@t.invalid";
	o.threshold = UNIT_TAG_LEVEL;
	return o;
}

static GMimeMessage *parse(const struct civil_buf *b)
{
	GMimeStream *s = g_mime_stream_mem_new_with_buffer(b->buf, b->len);
	GMimeParser *p = g_mime_parser_new_with_stream(s);
	GMimeMessage *m = g_mime_parser_construct_message(p, NULL);

	g_object_unref(p);
	g_object_unref(s);
	ck_assert_ptr_nonnull(m);
	return m;
}

static char *part_text(GMimeMessage *m, int i)
{
	GMimeMultipart *mp = GMIME_MULTIPART(g_mime_message_get_mime_part(m));
	GMimePart *part = GMIME_PART(g_mime_multipart_get_part(mp, i));
	GMimeStream *mem = g_mime_stream_mem_new();
	GByteArray *a;
	char *s;

	g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(part), mem);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	s = g_strndup((const char *)a->data, a->len);
	g_object_unref(mem);
	return s;
}

/* text on one line, each run of blanks and line ends one space. */
static char *flattened(const char *text)
{
	char **words = g_strsplit_set(text, " \n", -1);
	GString *out = g_string_new("");

	for (char **w = words; *w; w++)
		if (**w)
			g_string_append_printf(out, "%s%s", out->len ? " " : "",
					       *w);
	g_strfreev(words);
	return g_string_free(out, FALSE);
}

START_TEST(thread_from_mbox)
{
	ck_assert_uint_eq(thread.n, 3);
	ck_assert_str_eq(thread.msgs[0].id, "a@t.invalid");
	ck_assert_str_eq(thread.msgs[0].subject, "Grüße and locks");
	ck_assert_str_eq(thread.msgs[0].list, "summit.t.invalid");
	ck_assert_uint_eq(thread.msgs[2].depth, 2);
	ck_assert(thread.msgs[1].heat.score >= UNIT_TAG_LEVEL);
	ck_assert(thread.msgs[2].heat.score < UNIT_TAG_LEVEL);
}
END_TEST

/* Each message's id until the one named in stop_at: "a|b|". */
struct walk {
	struct civil_buf ids;
	const char *stop_at;
};

static int walk_one(const civil_thread_item_t *m, void *arg)
{
	struct walk *w = arg;

	ck_assert(!m->missing);
	civil_buf_addf(&w->ids, "%s|", m->id);
	return w->stop_at && !strcmp(m->id, w->stop_at);
}

/* Oldest first, all of them; a callback's non-zero stops the walk, which
 * is still a success (civil.h, "Walks"). */
START_TEST(thread_walk_stops_when_told)
{
	struct walk w = { CIVIL_BUF_INIT, NULL };

	ck_assert_int_eq(civil_thread_foreach(&thread, walk_one, &w, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&w.ids),
			 "a@t.invalid|b@t.invalid|c@t.invalid|");
	civil_buf_reset(&w.ids);
	w.stop_at = "b@t.invalid";
	ck_assert_int_eq(civil_thread_foreach(&thread, walk_one, &w, NULL), 0);
	ck_assert_str_eq(civil_buf_str(&w.ids), "a@t.invalid|b@t.invalid|");
	civil_buf_release(&w.ids);
}
END_TEST

START_TEST(headers_only_the_contact)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;
	InternetAddressList *to;

	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	to = g_mime_message_get_all_recipients(m);
	ck_assert_int_eq(internet_address_list_length(to), 1);
	ck_assert_str_eq(
		internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(
			internet_address_list_get_address(to, 0))),
		"tab@lists.linux-foundation.org");
	g_object_unref(to);
	for (const char *const *h =
		     (const char *const[]){ "Cc", "Bcc", "In-Reply-To",
					    "References", NULL };
	     *h; h++)
		ck_assert_msg(!g_mime_object_get_header(GMIME_OBJECT(m), *h),
			      "%s", *h);
	ck_assert_str_eq(g_mime_message_get_subject(m),
			 "Code of Conflict: request for help with thread "
			 "\"Grüße and locks\"");
	/* Encoded on the wire: the header block is plain ASCII. */
	for (const char *c = out.buf; *c && strncmp(c, "\n\n", 2); c++)
		ck_assert((unsigned char)*c < 0x80);
	ck_assert_ptr_nonnull(g_mime_message_get_message_id(m));
	ck_assert_ptr_nonnull(g_mime_message_get_date(m));
	/* A file for git send-email or mutt -H: nothing of notmuch's. */
	ck_assert_ptr_null(g_mime_object_get_header(GMIME_OBJECT(m),
						    "X-Notmuch-Emacs-Draft"));
	g_object_unref(m);
	civil_buf_release(&out);
}
END_TEST

/* notmuch's own draft is marked, so that notmuch-emacs resumes it. */
START_TEST(notmuch_draft_marked)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;

	o.notmuch_draft = true;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	ck_assert_str_eq(g_mime_object_get_header(GMIME_OBJECT(m),
						  "X-Notmuch-Emacs-Draft"),
			 "True");
	g_object_unref(m);
	civil_buf_release(&out);
}
END_TEST

START_TEST(body_sections)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;
	char *body;

	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	body = part_text(m, 0);
	ck_assert(strstr(body, "[ Please write here, in your own words"));
	ck_assert(strstr(body, "Lists:     summit.t.invalid\n"));
	ck_assert(strstr(body, "Messages:  3\n"));
	ck_assert(strstr(body, "Pat <pat@t.invalid> (2)"));
	ck_assert(strstr(body, "https://lore.kernel.org/r/a@t.invalid\n"));
	ck_assert(strstr(body, "https://lore.kernel.org/r/c@t.invalid\n"));
	ck_assert(strstr(body, "Rex: Re: locks  [of concern]"));
	ck_assert(strstr(body, "  > You are an idiot and this is garbage.\n"));
	/* Only the heated passage; nothing of theirs starts a line, so no
	 * trailer can be taken for one by git send-email. */
	ck_assert(!strstr(body, "Reviewed-by:"));
	ck_assert(!strstr(body, "Please stay technical"));
	/* civil's internals are the reporter's (--explain), not the
	 * board's. */
	ck_assert(!strstr(body, "score"));
	ck_assert(!strstr(body, "insult"));
	ck_assert(strstr(body, "that is not acceptable."));
	ck_assert(strstr(body, "civil's built-in"));
	g_free(body);
	g_object_unref(m);
	civil_buf_release(&out);
}
END_TEST

START_TEST(attachment_is_the_thread)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;
	char *att;

	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	att = part_text(m, 1);
	/* Our From_ lines, each message's bytes, mboxrd escaping: the
	 * mbox's ">From the docs." is the message's "From the docs.", and
	 * written as it was read. */
	ck_assert(strstr(att, "Message-ID: <a@t.invalid>"));
	ck_assert(strstr(att, "Message-ID: <b@t.invalid>"));
	ck_assert(strstr(att, "Message-ID: <c@t.invalid>"));
	ck_assert(strstr(att, "\n>From the docs."));
	ck_assert(!strstr(att, "\n>>From the docs."));
	ck_assert(!strncmp(att, "From civil ", 11));
	g_free(att);
	g_object_unref(m);

	/* Only the picked one, when asked. */
	o.picked = (const char *const[]){ "b@t.invalid", NULL };
	o.only_picked = true;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	att = part_text(m, 1);
	ck_assert(strstr(att, "Message-ID: <b@t.invalid>"));
	ck_assert(!strstr(att, "Message-ID: <a@t.invalid>"));
	g_free(att);
	g_object_unref(m);
	civil_buf_release(&out);
}
END_TEST

START_TEST(refusals)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_code_t none = code;

	o.picked = (const char *const[]){ "zz@t.invalid", NULL };
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, &err),
			 CIVIL_STATUS_NOT_FOUND);
	ck_assert_str_eq(err.message, "id:zz@t.invalid is not in this thread");
	o = opts();
	none.contact = NULL;
	o.code = &none;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	ck_assert(strstr(err.message, "names no one to contact"));
	none.contact = "x@y.invalid\r\nBcc: evil@y.invalid";
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, &err),
			 CIVIL_STATUS_CONFIG_ERROR);
	civil_error_clear(&err);
	civil_buf_release(&out);
}
END_TEST

/* Options of a version civil does not know (0 among them) are refused
 * before anything is written; CIVIL_DRAFT_OPTS_INIT holds the defaults. */
START_TEST(unknown_version_refused)
{
	civil_draft_opts_t o = CIVIL_DRAFT_OPTS_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	ck_assert_uint_eq(o.version, CIVIL_DRAFT_OPTS_VERSION);
	ck_assert(o.threshold == CIVIL_HEAT_THRESHOLD);
	ck_assert_ptr_null(o.code);
	ck_assert_uint_eq(o.max_passages, 0);
	o = opts();
	o.version = 7;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, &err),
			 CIVIL_STATUS_USAGE);
	ck_assert_str_eq(err.message, "civil_draft_opts_t version 7 unknown "
				      "(this libcivil knows 3)");
	o.version = 0;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_uint_eq(out.len, 0);
	civil_error_clear(&err);
}
END_TEST

START_TEST(injection_stays_in_the_body)
{
	static const char evil[] =
		"From x Mon Mar  2 10:00:00 2026\n"
		"From: =?utf-8?q?Eve=0D=0ABcc:_a@evil.invalid?= "
		"<eve@t.invalid>\n"
		"Subject: =?utf-8?q?x=0D=0ABcc:_b@evil.invalid=0D=0A?= "
		"=?utf-8?b?Q2M6IGNAZXZpbC5pbnZhbGlk?=\n"
		"Message-ID: <e@t.invalid>\nDate: Mon, 02 Mar 2026 10:00:00 "
		"+0000\n\nYou idiot.\n";
	civil_thread_t t;
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;
	InternetAddressList *all;
	size_t skipped;

	ck_assert_int_eq(civil_thread_fill_mbox(evil, strlen(evil), "e", heat,
						&t, &skipped, NULL),
			 0);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	ck_assert(!strstr(out.buf, "\nBcc:"));
	ck_assert(!strstr(out.buf, "\nCc:"));
	m = parse(&out);
	all = g_mime_message_get_all_recipients(m);
	ck_assert_int_eq(internet_address_list_length(all), 1);
	g_object_unref(all);
	ck_assert(strstr(g_mime_message_get_subject(m), "Bcc: b@evil.invalid"));
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* Encoded words whose text is another encoded word, decoding to CR LF and
 * a header: the name "Eve\r\nBcc: v@evil.example", the subject
 * "trick \r\nBcc: v@evil.example", each encoded twice. */
START_TEST(nested_encoded_words)
{
	static const char evil[] =
		"From: =?UTF-8?B?PT9VVEYtOD9CP1JYWmxEUXBDWTJNNklIWkFaWFpwYkM1b"
		"GVHRnRjR3hsPz0=?= <eve@t.invalid>\n"
		"Subject: =?UTF-8?B?dHJpY2sgPT9VVEYtOD9CP0RRcENZMk02SUhaQVpYWnB"
		"iQzVsZUdGdGNHeGw/PQ==?=\n"
		"Message-ID: <n@t.invalid>\nDate: Mon, 02 Mar 2026 10:00:00 "
		"+0000\n\nYou idiot.\n";
	civil_thread_t t;
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	GMimeMessage *m;
	char *subject, *body;
	size_t skipped;

	ck_assert_int_eq(civil_thread_fill_mbox(evil, strlen(evil), "e", heat,
						&t, &skipped, NULL),
			 0);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	/* However often a reader decodes it, the subject is one line. */
	subject = g_strdup(g_mime_message_get_subject(m));
	for (int i = 0; i < 4; i++) {
		char *again = g_mime_utils_header_decode_text(NULL, subject);

		g_free(subject);
		subject = again;
	}
	ck_assert_msg(!strpbrk(subject, "\r\n"), "%s", subject);
	ck_assert(strstr(subject, "Bcc: v@evil.example"));
	body = part_text(m, 0);
	ck_assert_msg(!strstr(body, "\nBcc:"), "%s", body);
	ck_assert_msg(!strstr(body, "=?"), "%s", body);
	g_free(subject);
	g_free(body);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* "=?" with no "?=" after it decodes to nothing, and GMime, writing it
 * as text, folded the Subject inside the encoded word after it: a TAB in
 * the middle of the subject. */
START_TEST(lone_encoded_word_start)
{
	struct civil_buf mbox = CIVIL_BUF_INIT, out = CIVIL_BUF_INIT;
	civil_draft_opts_t o = opts();
	civil_thread_t t;
	GMimeMessage *m;
	char *subject;
	size_t skipped;

	civil_buf_adds(&mbox, "From: a@t.invalid\nSubject: =?From x ");
	for (int i = 0; i < 60; i++)
		civil_buf_adds(&mbox, "\xc3\xa6");
	civil_buf_adds(&mbox, " 2026\nMessage-ID: <l@t.invalid>\n\nx\n");
	ck_assert_int_eq(civil_thread_fill_mbox(mbox.buf, mbox.len, "l", heat,
						&t, &skipped, NULL),
			 0);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	subject = g_mime_utils_header_decode_text(
		NULL, g_mime_message_get_subject(m));
	ck_assert_msg(!strpbrk(subject, "\t\r\n"), "%s", subject);
	ck_assert(strstr(subject, "= ?From x \xc3\xa6"));
	g_free(subject);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
	civil_buf_release(&mbox);
}
END_TEST

/* A thread written for these tests: a chain of replies a..h, each
 * answering the one before; d heated, its other sentences calm, f sharp
 * about code (under the threshold), g one the reader holds calm. */
#define CHAIN(id, parent, day, body)                                           \
	M(id, "Re: locks", "Ann <ann@t.invalid>", parent, day, body)
static const char chain[] =
	CHAIN("a", "", "1", "Here is the patch.")
	CHAIN("b", "In-Reply-To: <a@t.invalid>\n", "2", "Looks fine to me.")
	CHAIN("c", "In-Reply-To: <b@t.invalid>\n", "3", "Why a lock here?")
	CHAIN("d", "In-Reply-To: <c@t.invalid>\n", "4",
	      "I read the patch twice.  You are a clueless moron and a\n"
	      "liar.  The lock is fine.\n\nYou are an idiot.")
	CHAIN("e", "In-Reply-To: <d@t.invalid>\n", "5", "Please keep it civil.")
	CHAIN("f", "In-Reply-To: <e@t.invalid>\n", "6",
	      "The naming is a mess.  Please rename the helpers and send a v2 "
	      "with the fix squashed in.")
	CHAIN("g", "In-Reply-To: <f@t.invalid>\n", "7",
	      "Shut up, you moron.  You are a clueless idiot.")
	CHAIN("h", "In-Reply-To: <g@t.invalid>\n", "8", "Thanks, all.");

static void chain_thread(civil_thread_t *t)
{
	size_t skipped;

	ck_assert_int_eq(civil_thread_fill_mbox(chain, strlen(chain), "c", heat,
						t, &skipped, NULL),
			 0);
	ck_assert_uint_eq(t->n, 8);
	/* what a reader's "notmuch tag -heated" leaves in the database */
	t->msgs[6].reader_calm = true;
}

/* The passages are the heated sentences, in the order they were
 * written, with their author, date and link; a sharp message is not
 * quoted, nor one the reader holds calm, whatever civil scored. */
START_TEST(heated_passages_in_order)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_thread_t t;
	GMimeMessage *m;
	char *body, *concern, *first, *second;

	chain_thread(&t);
	ck_assert(t.msgs[3].heat.score >= UNIT_TAG_LEVEL);
	ck_assert(t.msgs[5].heat.score > 0);
	ck_assert(t.msgs[5].heat.score < UNIT_TAG_LEVEL);
	ck_assert(t.msgs[6].heat.score >= UNIT_TAG_LEVEL);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	body = part_text(m, 0);
	concern = strstr(body, "-- Passages of concern --");
	ck_assert_ptr_nonnull(concern);
	ck_assert_msg(strstr(concern, "* Ann, 2026-03-04 10:00 UTC:\n"
				      "  https://lore.kernel.org/r/d@t.invalid\n"),
		      "%s", concern);
	/* The sender's lines as they wrote them, never rewrapped; civil's
	 * own "[...]" between passages is not quoted as theirs. */
	first = strstr(concern, "  > You are a clueless moron and a\n"
				"  > liar.\n  [...]\n");
	second = strstr(concern, "  > You are an idiot.\n");
	ck_assert_msg(first && second && first < second, "%s", concern);
	ck_assert(!strstr(concern, "I read the patch twice"));
	ck_assert(!strstr(concern, "The lock is fine"));
	ck_assert(!strstr(concern, "mess"));
	ck_assert(!strstr(concern, "Shut up"));
	ck_assert(!strstr(body, "score"));
	ck_assert(!strstr(body, "condescension"));
	g_free(body);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* Messages written for the test below: sentences with initials,
 * abbreviations, a version and a path, lines that break inside a
 * sentence, a quoted-printable body whose soft line break and UTF-8 only
 * decoding shows, and a quote between two lines of one sentence. */
#define QUOTED_HEAD(id, from, parent, day)                                     \
	"From: " from "\nTo: list@t.invalid\nSubject: Re: lpfc probe\n"        \
	"Message-ID: <" id "@t.invalid>\nDate: Mon, 0" day                     \
	" Mar 2026 10:00:00 +0000\nList-Id: Summit "                           \
	"<summit.t.invalid>\n" parent
static const char *const quoted_msgs[] = {
	QUOTED_HEAD("q1", "Ann <ann@t.invalid>", "",
		    "1") "\nHere is the patch for the lpfc probe path.\n",
	QUOTED_HEAD(
		"q2", "Lee <lee@t.invalid>", "In-Reply-To: <q1@t.invalid>\n",
		"2") "\nTo paraphrase Phillip K. Dick, you are an idiot if you "
		     "think\n"
		     "this lock is enough.  Mr. Smith said so in v5.10. and "
		     "nobody\n"
		     "listened, e.g. in drivers/scsi/lpfc/lpfc_init.c. it is "
		     "still wrong.\n"
		     "\n"
		     "Ask on kernel.org.  You are an idiot, i.e. a moron.\n",
	QUOTED_HEAD(
		"q3", "Jo <jo@t.invalid>", "In-Reply-To: <q2@t.invalid>\n",
		"3") "MIME-Version: 1.0\nContent-Type: text/plain; "
		     "charset=utf-8\n"
		     "Content-Transfer-Encoding: quoted-printable\n"
		     "\nOn Mon, Mar 02, 2026 at 10:00:00AM +0000, Lee wrote:\n"
		     "> Ask on kernel.org.\n"
		     "Dr. J. R. Hacker, you are a moron, Jos=C3=A9, and e.g. "
		     "your =\n"
		     "patch proves it\n"
		     "> You are an idiot.\n"
		     "and so does the next one, approx. twice.\n",
};

static void quoted_thread(civil_thread_t *t)
{
	struct civil_buf mbox = CIVIL_BUF_INIT;
	size_t skipped;

	for (size_t i = 0; i < G_N_ELEMENTS(quoted_msgs); i++)
		civil_buf_addf(&mbox, "From x Mon Mar  2 10:00:00 2026\n%s\n",
			       quoted_msgs[i]);
	ck_assert_int_eq(civil_thread_fill_mbox(mbox.buf, mbox.len, "q", heat,
						t, &skipped, NULL),
			 0);
	ck_assert_uint_eq(t->n, G_N_ELEMENTS(quoted_msgs));
	civil_buf_release(&mbox);
}

/* The passages the draft quotes of message id: the lines of its entry
 * marked "  > ", the mark taken off each, joined by line ends; civil's
 * own "  [...]" between two passages. */
static GPtrArray *quoted_passages(const char *body, const char *id)
{
	GPtrArray *v = g_ptr_array_new_with_free_func(g_free);
	const char *p = strstr(body, "-- Passages of concern --");
	char *link = g_strdup_printf(
		"  https://lore.kernel.org/r/%s@t.invalid\n", id);
	GString *cur = NULL;

	p = p ? strstr(p, link) : NULL;
	for (p = p ? p + strlen(link) : ""; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (n >= 4 && !strncmp(p, "  > ", 4)) {
			if (cur)
				g_string_append_c(cur, '\n');
			else
				cur = g_string_new("");
			g_string_append_len(cur, p + 4, (gssize)(n - 4));
		} else if (n == 7 && !strncmp(p, "  [...]", 7) && cur) {
			g_ptr_array_add(v, g_string_free(cur, FALSE));
			cur = NULL;
		} else {
			break;
		}
		p += n + (nl != NULL);
	}
	if (cur)
		g_ptr_array_add(v, g_string_free(cur, FALSE));
	g_free(link);
	return v;
}

/* The draft's own text, in UTF-8 whatever charset GMime chose for it. */
static char *body_utf8(GMimeMessage *m)
{
	GMimeMultipart *mp = GMIME_MULTIPART(g_mime_message_get_mime_part(m));

	return g_mime_text_part_get_text(
		GMIME_TEXT_PART(g_mime_multipart_get_part(mp, 0)));
}

/* Message i's passages are exactly want (NULL-ended), each a span of its
 * decoded text, byte for byte. */
static void check_quoted(const char *body, size_t i, const char *const *want)
{
	civil_message_t *msg = unit_message(quoted_msgs[i]);
	const char *text = civil_message_text(msg);
	char id[4] = { 'q', (char)('1' + i), '\0' };
	GPtrArray *got = quoted_passages(body, id);
	size_t n = 0;

	for (; want[n]; n++) {
		const char *g = n < got->len ? g_ptr_array_index(got, n) : "";

		ck_assert_msg(!strcmp(g, want[n]), "%s: passage %zu is '%s'",
			      id, n, g);
	}
	ck_assert_msg(got->len == n, "%s: %u passages:\n%s", id, got->len,
		      body);
	for (guint k = 0; k < got->len; k++)
		ck_assert_msg(strstr(text, g_ptr_array_index(got, k)),
			      "%s: '%s' is not in its text", id,
			      (char *)g_ptr_array_index(got, k));
	g_ptr_array_free(got, TRUE);
	civil_message_free(msg);
}

static const char *const q2_passages[] = {
	"To paraphrase Phillip K. Dick, you are an idiot if you think\n"
	"this lock is enough.",
	"You are an idiot, i.e. a moron.", NULL
};
static const char *const q3_passages[] = {
	"Dr. J. R. Hacker, you are a moron, Jos\xc3\xa9, and e.g. your patch "
	"proves it",
	NULL
};

/* issue 30 item 5: every passage of concern is the sender's words,
 * exactly: a span of the message's decoded text, from the start of a
 * sentence ("To paraphrase Phillip K. Dick, ...", never "Dick, ...") to
 * the end of one, with its own line breaks. */
START_TEST(passages_are_the_senders_words)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	static const char *const none[] = { NULL };
	civil_thread_t t;
	GMimeMessage *m;
	char *body;

	quoted_thread(&t);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	body = body_utf8(m);
	check_quoted(body, 0, none);
	check_quoted(body, 1, q2_passages);
	check_quoted(body, 2, q3_passages);
	g_free(body);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* A reason stored by a civil that cut the sentence after "K." names a
 * fragment: the draft quotes the whole sentence it is part of. */
START_TEST(passage_of_an_old_fragment_is_the_sentence)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_thread_t t;
	civil_thread_msg_t *q2;
	GMimeMessage *m;
	char *body;
	bool changed = false;

	quoted_thread(&t);
	q2 = &t.msgs[1];
	for (size_t k = 0; k < q2->heat.n_reasons; k++) {
		civil_heat_reason_t *r = &q2->heat.reasons[k];

		if (strncmp(r->sentence, "To paraphrase", 13))
			continue;
		free(r->sentence);
		r->sentence = strdup("Dick, you are an idiot if you think this "
				     "lock is enough.");
		r->at = 1;
		changed = true;
	}
	ck_assert(changed);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	body = body_utf8(m);
	check_quoted(body, 1, q2_passages);
	g_free(body);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* Attached by default: the passages' messages, what they answer, and the
 * replies to them; the rest is linked.  --all attaches every one. */
START_TEST(attached_near_the_passages)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_thread_t t;
	GMimeMessage *m;
	char *att, *body;

	chain_thread(&t);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	att = part_text(m, 1);
	body = part_text(m, 0);
	for (const char *id = "abcdefgh"; *id; id++) {
		char want[64];

		snprintf(want, sizeof(want), "Message-ID: <%c@t.invalid>", *id);
		ck_assert_msg(!strstr(att, want) == !strchr("cde", *id), "%s",
			      want);
		/* every one linked */
		snprintf(want, sizeof(want), "https://lore.kernel.org/r/%c@t.invalid",
			 *id);
		ck_assert(strstr(body, want));
	}
	ck_assert(strstr(body, "https://lore.kernel.org/r/c@t.invalid  (attached)"));
	ck_assert(!strstr(body, "https://lore.kernel.org/r/b@t.invalid  (attached)"));
	g_free(att);
	g_free(body);
	g_object_unref(m);

	o.attach_all = true;
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	att = part_text(m, 1);
	for (const char *id = "abcdefgh"; *id; id++) {
		char want[64];

		snprintf(want, sizeof(want), "Message-ID: <%c@t.invalid>", *id);
		ck_assert_msg(strstr(att, want), "%s", want);
	}
	g_free(att);
	g_object_unref(m);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* Nothing of concern (the reader holds both heated messages calm): the
 * thread's first message and its last five are attached, the rest
 * linked; the intro speaks of no passage, and none is quoted. */
START_TEST(no_passage_first_and_last)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_thread_t t;
	GMimeMessage *m;
	char *att, *body, *flat;
	size_t concern = 9, attached = 9;

	chain_thread(&t);
	t.msgs[3].reader_calm = true;
	ck_assert_int_eq(civil_draft_count(&t, &o, &concern, &attached, NULL),
			 0);
	ck_assert_uint_eq(concern, 0);
	ck_assert_uint_eq(attached, 6);
	ck_assert_int_eq(civil_draft_build(&t, &o, &out, NULL), 0);
	m = parse(&out);
	att = part_text(m, 1);
	body = part_text(m, 0);
	for (const char *id = "abcdefgh"; *id; id++) {
		char want[64];

		snprintf(want, sizeof(want), "Message-ID: <%c@t.invalid>", *id);
		ck_assert_msg(!strstr(att, want) == !strchr("adefgh", *id),
			      "%s", want);
	}
	ck_assert_msg(!strstr(body, "passages"), "%s", body);
	ck_assert(!strstr(body, "-- Passages of concern --"));
	ck_assert(!strstr(body, "[of concern]"));
	flat = flattened(body);
	ck_assert_msg(strstr(flat, "The thread is summarised here and every "
				   "message is linked; its first message and "
				   "the last 5 are attached"),
		      "%s", flat);
	g_free(flat);
	ck_assert(strstr(body,
			 "https://lore.kernel.org/r/a@t.invalid  (attached)"));
	ck_assert(!strstr(body,
			  "https://lore.kernel.org/r/b@t.invalid  (attached)"));
	g_free(att);
	g_free(body);
	g_object_unref(m);

	/* A thread as short as that: all of it. */
	o.attach_all = true;
	ck_assert_int_eq(civil_draft_count(&t, &o, &concern, &attached, NULL),
			 0);
	ck_assert_uint_eq(attached, 8);
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

/* Where the address came from: the file, its blob and the commit, never
 * where the sender keeps the tree; the greeting follows the contact the
 * code names. */
START_TEST(provenance_and_greeting)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_code_t c = code;
	GMimeMessage *m;
	char *body, *flat;

	c.kind = CIVIL_CODE_CONFLICT;
	c.path = "Documentation/CodeOfConflict";
	c.blob_id = "0123456789abcdef0123456789abcdef01234567";
	c.text = "If you feel abused, please contact the example\nreview "
		 "board at <board@t.invalid>; they will help.\n";
	c.contact = "board@t.invalid";
	c.contact_source = CIVIL_CONTACT_FILE;
	c.contact_path = c.path;
	c.contact_blob_id = c.blob_id;
	c.commit_id = "fedcba9876543210fedcba9876543210fedcba98";
	o.code = &c;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	body = part_text(m, 0);
	flat = flattened(body);
	ck_assert_msg(strstr(body, "Dear example review board,\n"), "%s", body);
	ck_assert_msg(strstr(flat, "Documentation/CodeOfConflict (blob "
				   "0123456789ab, commit fedcba987654) names "
				   "that address."),
		      "%s", flat);
	ck_assert(!strstr(body, ".git"));
	g_free(flat);
	g_free(body);
	g_object_unref(m);

	/* The built-in code: its board; outside a tree, said so. */
	o.code = &code;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	body = part_text(m, 0);
	flat = flattened(body);
	ck_assert_msg(strstr(body, "Dear Technical Advisory Board,\n"), "%s",
		      body);
	ck_assert_msg(strstr(flat, "because it was made outside any git tree, "
				   "so it is civil's built-in fallback"),
		      "%s", flat);
	g_free(flat);
	g_free(body);
	g_object_unref(m);

	/* A contact the code does not name: no body's name guessed. */
	c.contact = "other@t.invalid";
	c.contact_source = CIVIL_CONTACT_CONFIG;
	o.code = &c;
	ck_assert_int_eq(civil_draft_build(&thread, &o, &out, NULL), 0);
	m = parse(&out);
	body = part_text(m, 0);
	ck_assert_msg(!strncmp(body, "Hello,\n", 7), "%s", body);
	g_free(body);
	g_object_unref(m);
	civil_buf_release(&out);
}
END_TEST

/* What the board does not see, the reporter can: why each message is in
 * or out, and civil's reasons. */
START_TEST(explained_to_the_reporter)
{
	civil_draft_opts_t o = opts();
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_thread_t t;

	chain_thread(&t);
	ck_assert_int_eq(civil_draft_explain(&t, &o, &out, NULL), 0);
	ck_assert_msg(strstr(out.buf, "id:d@t.invalid  2026-03-04 10:00 UTC  "
				      "of concern: heated to civil (score "),
		      "%s", out.buf);
	ck_assert_msg(strstr(out.buf, "    heated: ") &&
			      strstr(out.buf, ": \"You are an idiot.\"\n"),
		      "%s", out.buf);
	ck_assert(strstr(out.buf, "id:g@t.invalid  2026-03-07 10:00 UTC  "
				  "left out: you hold it calm"));
	ck_assert(!strstr(out.buf, "id:f@t.invalid"));
	ck_assert(strstr(out.buf, "1 of 8 messages of concern; 3 attached "
				  "(--all attaches every one)\n"));
	civil_thread_release(&t);
	civil_buf_release(&out);
}
END_TEST

Suite *suite_draft(void)
{
	Suite *s = suite_create("draft");
	TCase *tc = tcase_create("draft");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, thread_from_mbox);
	tcase_add_test(tc, thread_walk_stops_when_told);
	tcase_add_test(tc, headers_only_the_contact);
	tcase_add_test(tc, notmuch_draft_marked);
	tcase_add_test(tc, body_sections);
	tcase_add_test(tc, attachment_is_the_thread);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, unknown_version_refused);
	tcase_add_test(tc, injection_stays_in_the_body);
	tcase_add_test(tc, nested_encoded_words);
	tcase_add_test(tc, lone_encoded_word_start);
	tcase_add_test(tc, heated_passages_in_order);
	tcase_add_test(tc, passages_are_the_senders_words);
	tcase_add_test(tc, passage_of_an_old_fragment_is_the_sentence);
	tcase_add_test(tc, attached_near_the_passages);
	tcase_add_test(tc, explained_to_the_reporter);
	tcase_add_test(tc, no_passage_first_and_last);
	tcase_add_test(tc, provenance_and_greeting);
	suite_add_tcase(s, tc);
	return s;
}
