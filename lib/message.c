// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * message.c - one mail message, parsed by GMime: its headers, its decoded
 * text, what kind of mail it is, and whether anyone may change it.
 *
 * The bytes are kept as read and GMime is asked to keep references into
 * them (persist-stream), so remind.c can later edit one part by byte
 * offsets and leave everything else exactly as it was.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

struct civil_message {
	char *name;
	GByteArray *bytes;
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *mime;
	/* From the envelope (git's headers file), used when ours lack it. */
	char *env_in_reply_to;
	char *env_subject;
	struct civil_buf text;
	bool text_done;
	struct civil_buf authored;
	bool authored_done;
	civil_kind_t kind;
	bool kind_done;
	const char *signed_why;
	bool signed_done;
};

const char *civil_kind_name(civil_kind_t kind)
{
	switch (kind) {
	case CIVIL_KIND_PATCH:
		return "patch";
	case CIVIL_KIND_COVER:
		return "cover letter";
	case CIVIL_KIND_REVIEW:
		return "review";
	case CIVIL_KIND_REPLY:
		return "reply";
	case CIVIL_KIND_NOTICE:
		return "thank-you note";
	case CIVIL_KIND_OTHER:
		break;
	}
	return "other mail";
}

static bool looks_like_mail(GMimeMessage *m)
{
	static const char *const any[] = { "From", "Subject", "Message-ID",
					   "Date", "To",      "In-Reply-To" };
	GMimeObject *o = GMIME_OBJECT(m);

	for (size_t i = 0; i < sizeof(any) / sizeof(any[0]); i++)
		if (g_mime_object_get_header(o, any[i]))
			return true;
	return false;
}

static GMimeMessage *parse_bytes(GByteArray *bytes, GMimeStream **stream_out,
				 GMimeParser **parser_out)
{
	GMimeStream *stream = g_mime_stream_mem_new_with_byte_array(bytes);
	GMimeParser *parser;
	GMimeMessage *m;

	/* The array belongs to the message, not to the stream. */
	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(stream), FALSE);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_persist_stream(parser, TRUE);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	m = g_mime_parser_construct_message(parser, NULL);
	*stream_out = stream;
	*parser_out = parser;
	return m;
}

civil_status_t civil_message_parse(const void *data, size_t len,
				   const char *name, civil_message_t **out,
				   civil_error_t *err)
{
	civil_message_t *msg;

	*out = NULL;
	if (!len)
		return civil_error_set(err, CIVIL_STATUS_NOT_MAIL,
				       "'%s' is empty", name);
	if (len > G_MAXUINT)
		return civil_error_set(err, CIVIL_STATUS_UNSUPPORTED,
				       "'%s' is too large", name);
	msg = calloc(1, sizeof(*msg));
	if (!msg)
		abort();
	msg->name = strdup(name);
	msg->bytes = g_byte_array_sized_new((guint)len);
	g_byte_array_append(msg->bytes, data, (guint)len);
	msg->mime = parse_bytes(msg->bytes, &msg->stream, &msg->parser);
	if (!msg->mime || !looks_like_mail(msg->mime)) {
		civil_message_free(msg);
		return civil_error_set(err, CIVIL_STATUS_NOT_MAIL,
				       "'%s' is not a mail message", name);
	}
	*out = msg;
	return CIVIL_STATUS_SUCCESS;
}

void civil_message_free(civil_message_t *msg)
{
	if (!msg)
		return;
	if (msg->mime)
		g_object_unref(msg->mime);
	if (msg->parser)
		g_object_unref(msg->parser);
	if (msg->stream)
		g_object_unref(msg->stream);
	if (msg->bytes)
		g_byte_array_unref(msg->bytes);
	civil_buf_release(&msg->text);
	civil_buf_release(&msg->authored);
	free(msg->env_in_reply_to);
	free(msg->env_subject);
	free(msg->name);
	free(msg);
}

civil_status_t civil_message_add_envelope(civil_message_t *msg,
					  const void *headers, size_t len,
					  civil_error_t *err)
{
	GByteArray *bytes = g_byte_array_sized_new((guint)len + 1);
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *env;
	const char *v;

	g_byte_array_append(bytes, headers, (guint)len);
	/* A header block alone is a message with an empty body. */
	g_byte_array_append(bytes, (const guint8 *)"\n", 1);
	env = parse_bytes(bytes, &stream, &parser);
	if (env) {
		v = g_mime_object_get_header(GMIME_OBJECT(env), "In-Reply-To");
		if (!v)
			v = g_mime_object_get_header(GMIME_OBJECT(env),
						     "References");
		if (v && *v)
			msg->env_in_reply_to = strdup(v);
		v = g_mime_message_get_subject(env);
		if (v)
			msg->env_subject = strdup(v);
		g_object_unref(env);
	}
	g_object_unref(parser);
	g_object_unref(stream);
	g_byte_array_unref(bytes);
	msg->kind_done = false;
	if (!env)
		return civil_error_set(err, CIVIL_STATUS_NOT_MAIL,
				       "can't read headers in envelope");
	return CIVIL_STATUS_SUCCESS;
}

const char *civil_message_header(civil_message_t *msg, const char *name)
{
	return g_mime_object_get_header(GMIME_OBJECT(msg->mime), name);
}

const char *civil_message_subject(civil_message_t *msg)
{
	const char *s = g_mime_message_get_subject(msg->mime);

	return s ? s : msg->env_subject;
}

const char *civil_message_id(civil_message_t *msg)
{
	return g_mime_message_get_message_id(msg->mime);
}

const char *civil_message_raw(const civil_message_t *msg, size_t *len)
{
	*len = msg->bytes->len;
	return (const char *)msg->bytes->data;
}

GMimeMessage *civil_message_mime(civil_message_t *msg)
{
	return msg->mime;
}

const char *civil_message_name(const civil_message_t *msg)
{
	return msg->name;
}

/* ---- decoded text ---- */

/* RFC 2045 5.2: a Content-Type without a type/subtype is as good as none,
 * and none means text/plain. */
static bool content_type_is_garbage(GMimeObject *part)
{
	const char *v = g_mime_object_get_header(part, "Content-Type");
	size_t n;

	if (!v)
		return true;
	while (*v == ' ' || *v == '\t')
		v++;
	n = strcspn(v, ";");
	return !memchr(v, '/', n) || v[0] == '/';
}

/* A type that says "signature" however broken the rest of it is: a
 * signature is never text, whatever a Content-Type without a '/' is. */
static bool type_names_signature(GMimeObject *part)
{
	static const char *const words[] = { "signature", "pgp", "pkcs7" };
	const char *v = g_mime_object_get_header(part, "Content-Type");
	size_t n = v ? strcspn(v, ";") : 0;

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (civil_memcasemem(v, n, words[i]))
			return true;
	return false;
}

bool civil_part_is_body_text(GMimeObject *part)
{
	GMimeContentType *ct = g_mime_object_get_content_type(part);
	GMimeContentDisposition *cd =
		g_mime_object_get_content_disposition(part);

	if (!GMIME_IS_PART(part))
		return false;
	if (cd && g_mime_content_disposition_is_attachment(cd))
		return false;
	if (type_names_signature(part))
		return false;
	return !ct || g_mime_content_type_is_type(ct, "text", "plain") ||
	       content_type_is_garbage(part);
}

void civil_text_to_utf8(const char *data, size_t len, const char *charset,
			struct civil_buf *out)
{
	gchar *conv = NULL;
	gsize conv_len = 0;
	const char *p, *end;
	size_t from = out->len;
	bool valid = false;

	/* Declared charsets are honoured; undeclared 8-bit text that is not
	 * UTF-8 is most likely Latin-1 (the kernel lists' old default). */
	if (charset && g_ascii_strcasecmp(charset, "utf-8") &&
	    g_ascii_strcasecmp(charset, "us-ascii"))
		conv = g_convert_with_fallback(data, (gssize)len, "UTF-8",
					       charset, "?", NULL, &conv_len,
					       NULL);
	if (!conv && !(valid = g_utf8_validate(data, (gssize)len, NULL)))
		conv = g_convert_with_fallback(data, (gssize)len, "UTF-8",
					       "WINDOWS-1252", "?", NULL,
					       &conv_len, NULL);
	/* What g_convert gives is UTF-8, and taking out CRs and NULs leaves
	 * UTF-8: only what neither vouches for is checked again. */
	valid |= conv != NULL;
	if (conv) {
		data = conv;
		len = conv_len;
	}
	/* CRLF to LF, NUL dropped, anything still invalid made valid.
	 * Copied in runs, not byte by byte: this is every scanned byte. */
	civil_buf_grow(out, len);
	for (p = data, end = data + len; p < end;) {
		const char *run = p;

		while (p < end && *p != '\0' &&
		       !(*p == '\r' && p + 1 < end && p[1] == '\n'))
			p++;
		civil_buf_add(out, run, (size_t)(p - run));
		if (p < end)
			p++;
	}
	/* The text before this part was made valid already. */
	if (!valid && !g_utf8_validate(out->buf + from,
				       (gssize)(out->len - from), NULL)) {
		gchar *made = g_utf8_make_valid(out->buf + from,
						(gssize)(out->len - from));

		out->len = from;
		out->buf[from] = '\0';
		civil_buf_adds(out, made);
		g_free(made);
	}
	g_free(conv);
}

/* Decode a part's content (transfer encoding only) into out. */
void civil_part_decode(GMimePart *part, struct civil_buf *out)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GByteArray *arr;
	GMimeStream *mem;

	if (!w)
		return;
	mem = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(w, mem);
	arr = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	civil_buf_add(out, arr->data, arr->len);
	g_object_unref(mem);
}

void civil_part_text(GMimePart *part, struct civil_buf *out)
{
	struct civil_buf raw = CIVIL_BUF_INIT;

	civil_part_decode(part, &raw);
	civil_text_to_utf8(civil_buf_str(&raw), raw.len,
			   g_mime_object_get_content_type_parameter(
				   GMIME_OBJECT(part), "charset"),
			   out);
	civil_buf_release(&raw);
}

static void collect_text(GMimeObject *o, struct civil_buf *out)
{
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);
		int n = g_mime_multipart_get_count(mp);

		/* Only the signed content, not the signature itself. */
		if (GMIME_IS_MULTIPART_SIGNED(o))
			n = n > 0 ? 1 : 0;
		for (int i = 0; i < n; i++)
			collect_text(g_mime_multipart_get_part(mp, i), out);
		return;
	}
	if (civil_part_is_body_text(o)) {
		civil_part_text(GMIME_PART(o), out);
		/* A part ends before its boundary's line break. */
		if (out->len && out->buf[out->len - 1] != '\n')
			civil_buf_addch(out, '\n');
	}
}

static GMimePart *edit_part(GMimeObject *o)
{
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);

		/* What is signed or encrypted is not ours to change, and
		 * its other part is the signature. */
		if (GMIME_IS_MULTIPART_SIGNED(o) ||
		    GMIME_IS_MULTIPART_ENCRYPTED(o))
			return NULL;
		for (int i = 0; i < g_mime_multipart_get_count(mp); i++) {
			GMimePart *p =
				edit_part(g_mime_multipart_get_part(mp, i));

			if (p)
				return p;
		}
		return NULL;
	}
	return civil_part_is_body_text(o) ? GMIME_PART(o) : NULL;
}

GMimePart *civil_message_edit_part(civil_message_t *msg)
{
	GMimeObject *body = g_mime_message_get_mime_part(msg->mime);

	return body ? edit_part(body) : NULL;
}

const char *civil_message_text(civil_message_t *msg)
{
	if (!msg->text_done) {
		GMimeObject *body = g_mime_message_get_mime_part(msg->mime);

		if (body)
			collect_text(body, &msg->text);
		if (!msg->text.buf)
			civil_buf_grow(&msg->text, 0);
		msg->text_done = true;
	}
	return msg->text.buf;
}

const char *civil_message_authored(civil_message_t *msg)
{
	if (!msg->authored_done) {
		const char *t = civil_message_text(msg);

		civil_text_authored(t, msg->text.len, &msg->authored);
		msg->authored_done = true;
	}
	return msg->authored.buf;
}

/* ---- what kind of mail, and may it change ---- */

static bool is_reply(civil_message_t *msg)
{
	return civil_subject_is_reply(civil_message_subject(msg)) ||
	       civil_message_header(msg, "In-Reply-To") || msg->env_in_reply_to;
}

bool civil_message_is_patch(civil_message_t *msg)
{
	const char *subject, *text;

	if (msg->kind_done)
		return msg->kind == CIVIL_KIND_PATCH;
	/* An unquoted diff (someone may apply it), or a [PATCH] subject
	 * that is neither a reply nor a cover letter: the first of what
	 * civil_message_kind tells, without the reading of a reply's text
	 * that only the reminder needs (is it a notice?). */
	subject = civil_message_subject(msg);
	text = civil_message_text(msg); /* sets msg->text.len */
	return civil_text_has_diff(text, msg->text.len) ||
	       (!civil_subject_is_reply(subject) &&
		!civil_subject_is_cover(subject) &&
		civil_subject_has_patch_tag(subject));
}

civil_kind_t civil_message_kind(civil_message_t *msg)
{
	const char *subject, *text, *authored;
	size_t len;

	if (msg->kind_done)
		return msg->kind;
	subject = civil_message_subject(msg);
	text = civil_message_text(msg);
	len = msg->text.len;
	authored = civil_message_authored(msg);

	if (civil_message_is_patch(msg)) {
		msg->kind = CIVIL_KIND_PATCH;
	} else if (civil_subject_is_reply(subject)) {
		goto reply;
	} else if (civil_subject_is_cover(subject)) {
		msg->kind = CIVIL_KIND_COVER;
	} else if (is_reply(msg)) {
		goto reply;
	} else {
		msg->kind = CIVIL_KIND_OTHER;
	}
	msg->kind_done = true;
	return msg->kind;
reply:
	/* A reply that quotes code or gives a verdict is review; one that
	 * says the patch was applied (queued, merged, pulled) is a notice,
	 * whatever thread it is in; any other reply in a patch thread is
	 * review. */
	if (civil_text_has_quoted_diff(text, len) ||
	    civil_text_has_review_trailer(authored, msg->authored.len))
		msg->kind = CIVIL_KIND_REVIEW;
	else if (civil_text_is_thanks(authored, msg->authored.len))
		msg->kind = CIVIL_KIND_NOTICE;
	else if (civil_subject_has_patch_tag(subject))
		msg->kind = CIVIL_KIND_REVIEW;
	else
		msg->kind = CIVIL_KIND_REPLY;
	msg->kind_done = true;
	return msg->kind;
}

static bool text_has_line(const char *text, const char *prefix)
{
	const char *p = text, *end = text + strlen(text), *next;
	size_t plen = strlen(prefix);

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (n >= plen && !memcmp(p, prefix, plen))
			return true;
	}
	return false;
}

/* Why this part, wherever it is, means the message must not change: it
 * is, or holds, something signed or encrypted. */
static const char *signed_part(GMimeObject *o, bool top)
{
	static const struct {
		const char *type, *subtype, *top, *nested;
	} kinds[] = {
		{ "multipart", "signed", "signed (multipart/signed)",
		  "signed (a multipart/signed part)" },
		{ "multipart", "encrypted", "encrypted (multipart/encrypted)",
		  "encrypted (a multipart/encrypted part)" },
		{ "application", "pkcs7-mime",
		  "S/MIME (application/pkcs7-mime)",
		  "S/MIME (an application/pkcs7-mime part)" },
		{ "application", "x-pkcs7-mime",
		  "S/MIME (application/x-pkcs7-mime)",
		  "S/MIME (an application/x-pkcs7-mime part)" },
		{ "application", "pkcs7-signature",
		  "S/MIME (application/pkcs7-signature)",
		  "S/MIME (an application/pkcs7-signature part)" },
		{ "application", "x-pkcs7-signature",
		  "S/MIME (application/x-pkcs7-signature)",
		  "S/MIME (an application/x-pkcs7-signature part)" },
		{ "application", "pgp-signature",
		  "signed (application/pgp-signature)",
		  "signed (an application/pgp-signature part)" },
		{ "application", "pgp-encrypted",
		  "encrypted (application/pgp-encrypted)",
		  "encrypted (an application/pgp-encrypted part)" },
	};
	GMimeContentType *ct = g_mime_object_get_content_type(o);
	const char *why;

	for (size_t i = 0; ct && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (g_mime_content_type_is_type(ct, kinds[i].type,
						kinds[i].subtype))
			return top ? kinds[i].top : kinds[i].nested;
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);

		for (int i = 0; i < g_mime_multipart_get_count(mp); i++)
			if ((why = signed_part(g_mime_multipart_get_part(mp, i),
					       false)))
				return why;
	} else if (GMIME_IS_MESSAGE_PART(o)) {
		/* A forwarded message: its signature is in these bytes. */
		GMimeMessage *m =
			g_mime_message_part_get_message(GMIME_MESSAGE_PART(o));
		GMimeObject *body = m ? g_mime_message_get_mime_part(m) : NULL;

		if (body)
			return signed_part(body, false);
	}
	return NULL;
}

static const char *find_signed(civil_message_t *msg)
{
	GMimeObject *body = g_mime_message_get_mime_part(msg->mime);
	const char *why;

	if (civil_message_header(msg, "X-Developer-Signature"))
		return "signed by patatt (X-Developer-Signature)";
	if (civil_message_header(msg, "DKIM-Signature"))
		return "DKIM-signed";
	/* Anywhere in the tree: a signed message forwarded or wrapped in
	 * multipart/mixed breaks just the same when civil edits it. */
	if (body && (why = signed_part(body, true)))
		return why;
	if (text_has_line(civil_message_text(msg),
			  "-----BEGIN PGP SIGNED MESSAGE-----") ||
	    text_has_line(civil_message_text(msg),
			  "-----BEGIN PGP MESSAGE-----"))
		return "inline PGP";
	return NULL;
}

const char *civil_message_signed(civil_message_t *msg)
{
	if (!msg->signed_done) {
		msg->signed_why = find_signed(msg);
		msg->signed_done = true;
	}
	return msg->signed_why;
}
