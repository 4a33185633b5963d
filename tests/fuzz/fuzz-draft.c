// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-draft - an mbox (or one message) taken as a thread
 * (civil_thread_from_mbox) and the escalation draft built from it
 * (civil_draft_build), to the built-in code's contact, as escalate-thread
 * --mbox does; scored with civil's own lexicon (CIVIL_TEST_LEXICON, else
 * data/heat.lexicon).  Twice: every message of concern, then only the
 * first message picked (--message, --only-selected).
 *
 * Oracles, on the draft as GMime parses it back and on its bytes:
 *   - its header fields are exactly the draft's own: Date, From, Subject,
 *     To, Message-Id, X-Notmuch-Emacs-Draft, MIME-Version, Content-Type,
 *     once each (so no Cc, Bcc, Reply-To, In-Reply-To or References);
 *     every line of the header block is one of them or folds one;
 *   - To is one address, the contact; From is the reporter;
 *   - every header value, decoded again and again until nothing changes,
 *     is one line with no control character: no reader can find a header
 *     (or CR LF) in it;
 *   - the body is a text/plain part and an application/mbox attachment,
 *     whose part headers are only Content-Type, Content-Transfer-Encoding
 *     and Content-Disposition;
 *   - no line of the text holds a control character but TAB or a line
 *     break other than its own LF; and a line that reads as a header
 *     field ("Name:" at its start, Name printable ASCII without ':' or
 *     space) occurs only where civil writes one whatever the mail says:
 *     the same names, as often, as in the draft of a calm reference
 *     thread.  So no line starts with a header name taken from mail;
 *   - the attachment holds one From_ line per message attached (civil's
 *     "From civil ..."; a "From " line of a message's own is escaped):
 *     with attach_all every message, with only_picked the pick.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

#include "civil.h"
#include "internal.h"
#include "oracle.h"

#define REPORTER "reporter@kernel-test.invalid"

static const char *const own_headers[] = {
	"Date",		"From",		"Subject",
	"To",		"Message-Id",	"X-Notmuch-Emacs-Draft",
	"MIME-Version", "Content-Type",
};
static const char *const part_headers[] = { "Content-Type",
					    "Content-Transfer-Encoding",
					    "Content-Disposition" };

static civil_heat_t *heat;
static civil_code_t code;
/* "Name:" lines of the reference draft's text, as "Name\n" each. */
static GString *reference_names;

static bool in(const char *name, size_t len, const char *const *set, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(set[i]) == len &&
		    !g_ascii_strncasecmp(name, set[i], len))
			return true;
	return false;
}

/* The length of the field name a line starts with ("Name:"), or 0. */
static size_t header_name_len(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && line[i] > ' ' && line[i] < 0x7f && line[i] != ':')
		i++;
	return i && i < len && line[i] == ':' ? i : 0;
}

static bool control_in(const char *s, size_t len, bool tab_ok)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < len; i++) {
		if ((u[i] < 0x20 && !(tab_ok && u[i] == '\t')) || u[i] == 0x7f)
			return true;
		if (i + 1 < len && u[i] == 0xc2 && u[i + 1] >= 0x80 &&
		    u[i + 1] <= 0x9f)
			return true;
		if (i + 2 < len && u[i] == 0xe2 && u[i + 1] == 0x80 &&
		    (u[i + 2] == 0xa8 || u[i + 2] == 0xa9))
			return true;
	}
	return false;
}

/* Header block: each line a field of ours, or a fold of one; each of
 * ours once. */
static void check_header_block(const char *p, const char *end,
			       const char *const *set, size_t n)
{
	size_t seen[16] = { 0 };

	while (p < end && *p != '\n') {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p);
		size_t name = header_name_len(p, len);

		ORACLE(len);
		ORACLE(*p == ' ' || *p == '\t' ||
		       (name && in(p, name, set, n)));
		for (size_t i = 0; name && i < n; i++)
			seen[i] += in(p, name, set + i, 1);
		if (!eol)
			break;
		p = eol + 1;
	}
	for (size_t i = 0; i < n; i++)
		ORACLE(seen[i] == 1);
}

/* Decoded and decoded again until nothing changes. */
static char *fixed_point(const char *value)
{
	char *v = g_strdup(value ? value : "");

	for (int i = 0; i < 16; i++) {
		char *next = g_mime_utils_header_decode_text(NULL, v);
		bool same = !strcmp(next, v);

		g_free(v);
		v = next;
		if (same)
			return v;
	}
	ORACLE(!"a header decodes to a fixed point");
	return v;
}

static char *content_of(GMimeObject *part, size_t *len)
{
	GMimeStream *mem = g_mime_stream_mem_new();
	GByteArray *a;
	char *s;

	ORACLE(GMIME_IS_PART(part));
	g_mime_data_wrapper_write_to_stream(
		g_mime_part_get_content(GMIME_PART(part)), mem);
	a = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	*len = a->len;
	s = g_malloc(a->len + 1);
	memcpy(s, a->data, a->len);
	s[a->len] = '\0';
	g_object_unref(mem);
	return s;
}

/* The "Name:" lines of a text, as "Name\n" each, in order. */
static GString *header_like(const char *text, size_t len)
{
	GString *names = g_string_new(NULL);
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);
		size_t name = header_name_len(p, n);

		ORACLE(!control_in(p, n, true));
		if (name) {
			g_string_append_len(names, p, (gssize)name);
			g_string_append_c(names, '\n');
		}
		p = eol ? eol + 1 : end;
	}
	return names;
}

/* The number of messages a thread attaches: those with their bytes. */
static size_t attached(const civil_thread_t *t, const civil_draft_opts_t *o)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += t->msgs[i].raw &&
		     (!o->only_picked ||
		      (t->msgs[i].id && !strcmp(t->msgs[i].id, o->picked[0])));
	return n;
}

static size_t from_lines(const char *mbox, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i + 5 <= len; i++)
		if ((i == 0 || mbox[i - 1] == '\n') &&
		    !memcmp(mbox + i, "From ", 5))
			n++;
	return n;
}

/* Build the draft of t and hold it to the oracles; the text's "Name:"
 * lines are returned. */
static GString *check_draft(const civil_thread_t *t,
			    const civil_draft_opts_t *o)
{
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	GMimeStream *s;
	GMimeParser *p;
	GMimeMessage *m;
	GMimeHeaderList *headers;
	InternetAddressList *to, *from;
	GMimeObject *body, *text, *att;
	GString *names;
	const char *end_of_headers;
	char *content;
	size_t len;

	if (civil_draft_build(t, o, &out, &err)) {
		/* Only a picked message can be missing (an id it lacks). */
		ORACLE(err.status == CIVIL_STATUS_NOT_FOUND && o->picked);
		civil_error_clear(&err);
		return NULL;
	}
	end_of_headers = strstr(out.buf, "\n\n");
	ORACLE(end_of_headers);
	check_header_block(out.buf, end_of_headers + 1, own_headers,
			   G_N_ELEMENTS(own_headers));

	s = g_mime_stream_mem_new_with_buffer(out.buf, out.len);
	p = g_mime_parser_new_with_stream(s);
	m = g_mime_parser_construct_message(p, NULL);
	ORACLE(m);
	headers = g_mime_object_get_header_list(GMIME_OBJECT(m));
	for (int i = 0; i < g_mime_header_list_get_count(headers); i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(headers, i);
		const char *name = g_mime_header_get_name(h);
		char *value = fixed_point(g_mime_header_get_value(h));

		ORACLE(in(name, strlen(name), own_headers,
			  G_N_ELEMENTS(own_headers)));
		ORACLE(!control_in(value, strlen(value), false));
		g_free(value);
	}
	to = g_mime_message_get_to(m);
	ORACLE(internet_address_list_length(to) == 1);
	ORACLE(INTERNET_ADDRESS_IS_MAILBOX(
		internet_address_list_get_address(to, 0)));
	ORACLE(!strcmp(
		internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(
			internet_address_list_get_address(to, 0))),
		code.contact));
	from = g_mime_message_get_from(m);
	ORACLE(internet_address_list_length(from) == 1);

	body = g_mime_message_get_mime_part(m);
	ORACLE(GMIME_IS_MULTIPART(body) &&
	       g_mime_multipart_get_count(GMIME_MULTIPART(body)) == 2);
	text = g_mime_multipart_get_part(GMIME_MULTIPART(body), 0);
	att = g_mime_multipart_get_part(GMIME_MULTIPART(body), 1);
	ORACLE(g_mime_content_type_is_type(g_mime_object_get_content_type(text),
					   "text", "plain"));
	ORACLE(g_mime_content_type_is_type(g_mime_object_get_content_type(att),
					   "application", "mbox"));
	for (int k = 0; k < 2; k++) {
		GMimeObject *part = k ? att : text;
		GMimeHeaderList *l = g_mime_object_get_header_list(part);

		for (int i = 0; i < g_mime_header_list_get_count(l); i++) {
			const char *name = g_mime_header_get_name(
				g_mime_header_list_get_header_at(l, i));

			ORACLE(in(name, strlen(name), part_headers,
				  G_N_ELEMENTS(part_headers)));
		}
	}

	content = content_of(text, &len);
	names = header_like(content, len);
	g_free(content);
	content = content_of(att, &len);
	ORACLE(from_lines(content, len) == attached(t, o));
	g_free(content);

	g_object_unref(m);
	g_object_unref(p);
	g_object_unref(s);
	civil_buf_release(&out);
	return names;
}

static civil_draft_opts_t opts(void)
{
	civil_draft_opts_t o = CIVIL_DRAFT_OPTS_INIT;

	o.code = &code;
	o.from_name = "Re Porter";
	o.from_email = REPORTER;
	o.threshold = CIVIL_HEAT_THRESHOLD;
	/* Every message attached, so the count below is the thread's (which
	 * messages the default attaches is check_draft.c's to test). */
	o.attach_all = true;
	/* notmuch's draft: every header civil may write is there. */
	o.notmuch_draft = true;
	return o;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char calm[] = "From: Ann Org <ann@kernel-test.invalid>\n"
				   "Subject: the plumbers BoF\n"
				   "Message-ID: <calm@kernel-test.invalid>\n"
				   "Date: Mon, 02 Mar 2026 10:00:00 +0000\n\n"
				   "Shall we meet on Tuesday?\n";
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	const char *files[] = { lexicon ? lexicon : "data/heat.lexicon", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_draft_opts_t o;
	civil_thread_t t;
	size_t skipped;

	civil_init();
	if (civil_heat_new(files, &heat, &err) ||
	    civil_code_find(NULL, NULL, &code, &err) ||
	    civil_thread_fill_mbox(calm, strlen(calm), "calm", heat, &t,
				   &skipped, &err)) {
		fprintf(stderr, "fuzz-draft: %s\n", err.message);
		exit(1);
	}
	o = opts();
	reference_names = check_draft(&t, &o);
	ORACLE(reference_names && reference_names->len);
	civil_thread_release(&t);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_draft_opts_t o = opts();
	const char *picked[2] = { NULL, NULL };
	civil_thread_t t;
	GString *names;
	size_t skipped;

	if (civil_thread_fill_mbox(data, size, "fuzz", heat, &t, &skipped,
				   &err)) {
		civil_error_clear(&err);
		return 0;
	}
	names = check_draft(&t, &o);
	ORACLE(names && !strcmp(names->str, reference_names->str));
	g_string_free(names, TRUE);
	if (t.msgs[0].id) {
		picked[0] = t.msgs[0].id;
		o.picked = picked;
		o.only_picked = true;
		names = check_draft(&t, &o);
		ORACLE(names && !strcmp(names->str, reference_names->str));
		g_string_free(names, TRUE);
	}
	civil_thread_release(&t);
	return 0;
}
