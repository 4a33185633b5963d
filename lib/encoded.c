// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * encoded.c - adding lines to the end of a quoted-printable or base64
 * part without encoding again the lines it already has.
 *
 * Only the bytes civil adds are new: the added text is encoded on its own
 * (GMime's encoders) and its lines go after the part's last line.  A
 * base64 part whose data ends in a partial group (padding) can't take
 * more data after it, so its last line alone is encoded again together
 * with the addition; the lines before it stay as they were.  Every result
 * is decoded again and compared with what it must say: if the comparison
 * fails, nothing is edited.
 */
#include <string.h>

#include "civil.h"
#include "internal.h"

static void transcode(GMimeContentEncoding enc, bool encode, const char *in,
		      size_t len, struct civil_buf *out)
{
	GMimeEncoding st;
	size_t n;

	if (encode)
		g_mime_encoding_init_encode(&st, enc);
	else
		g_mime_encoding_init_decode(&st, enc);
	civil_buf_grow(out, g_mime_encoding_outlen(&st, len) + 16);
	n = g_mime_encoding_flush(&st, in, len, out->buf + out->len);
	out->len += n;
	out->buf[out->len] = '\0';
}

static bool is_base64_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* Does raw[0, len) hold whole 4-character groups and no padding, so that
 * more base64 may follow it? */
static bool base64_whole(const char *raw, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		if (raw[i] == '=')
			return false;
		n += is_base64_char(raw[i]);
	}
	return n % 4 == 0;
}

/* Nothing but base64, then padding, and white space: a line that says
 * exactly what it decodes to, so encoding it again loses nothing. */
static bool base64_clean(const char *s, size_t len)
{
	bool pad = false;

	for (size_t i = 0; i < len; i++) {
		bool space = s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
			     s[i] == '\n';

		pad |= s[i] == '=';
		if (!space && s[i] != '=' && (pad || !is_base64_char(s[i])))
			return false;
	}
	return true;
}

/* How much of a base64 part stays as it is: all of it when it ends on a
 * whole group, else everything before its last line; (size_t)-1 when
 * neither works: lines that don't hold whole groups, or a last line with
 * more than base64 and its padding in it (data after the padding, which
 * decoders read differently, or bytes a decoder skips). */
static size_t base64_keep(const char *raw, size_t len)
{
	size_t end = len, line;

	if (base64_whole(raw, len))
		return len;
	while (end && (raw[end - 1] == '\n' || raw[end - 1] == '\r' ||
		       raw[end - 1] == ' ' || raw[end - 1] == '\t'))
		end--;
	for (line = end; line && raw[line - 1] != '\n'; line--)
		;
	if (!base64_whole(raw, line) || !base64_clean(raw + line, len - line))
		return (size_t)-1;
	return line;
}

/* Encoded text as lines of the part: GMime's "\n" made eol, and without
 * the final line break when the part had none. */
static void add_encoded(GMimeContentEncoding enc, const char *text, size_t len,
			const char *eol, bool final_eol, struct civil_buf *out)
{
	struct civil_buf e = CIVIL_BUF_INIT;

	transcode(enc, true, text, len, &e);
	if (!final_eol && e.len && e.buf[e.len - 1] == '\n')
		e.buf[--e.len] = '\0';
	for (size_t i = 0; i < e.len; i++) {
		if (e.buf[i] == '\n')
			civil_buf_adds(out, eol);
		else
			civil_buf_addch(out, e.buf[i]);
	}
	civil_buf_release(&e);
}

bool civil_encoded_append(GMimeContentEncoding enc, const char *raw, size_t len,
			  civil_tail_fn tail, void *arg, struct civil_buf *out)
{
	const char *nl = memchr(raw, '\n', len);
	const char *eol = nl && nl > raw && nl[-1] == '\r' ? "\r\n" : "\n";
	bool final_eol = !len || raw[len - 1] == '\n';
	bool qp = enc == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE;
	struct civil_buf text = CIVIL_BUF_INIT, add = CIVIL_BUF_INIT;
	struct civil_buf redo = CIVIL_BUF_INIT, want = CIVIL_BUF_INIT;
	struct civil_buf got = CIVIL_BUF_INIT, edited = CIVIL_BUF_INIT;
	size_t keep = qp ? len : base64_keep(raw, len);
	bool ok = false;

	if (keep == (size_t)-1)
		goto done;
	/* The old lines, and a line break after the last one, which the
	 * added lines need (a part before its boundary has none). */
	civil_buf_add(&edited, raw, keep);
	if (keep == len && !final_eol)
		civil_buf_adds(&edited, eol);
	transcode(enc, false, qp ? civil_buf_str(&edited) : raw,
		  qp ? edited.len : len, &text);

	/* QP's line breaks are the message's own: the added text has LF
	 * lines, encoded as eol lines, and ends in one when the part did.
	 * Base64 text has its own line ends (canonically CRLF), and the
	 * added lines too. */
	if (qp)
		tail(civil_buf_str(&text), text.len, "\n", final_eol, &add,
		     arg);
	else
		tail(civil_buf_str(&text), text.len, NULL,
		     !text.len || text.buf[text.len - 1] == '\n', &add, arg);
	if (keep < len)
		transcode(enc, false, raw + keep, len - keep, &redo);
	civil_buf_add(&redo, add.buf, add.len);
	add_encoded(enc, civil_buf_str(&redo), redo.len, eol, final_eol,
		    &edited);

	/* It must read as the old text and then the addition. */
	civil_buf_add(&want, text.buf, text.len);
	for (size_t i = 0; i < add.len; i++) {
		if (qp && add.buf[i] == '\n')
			civil_buf_adds(&want, eol);
		else
			civil_buf_addch(&want, add.buf[i]);
	}
	transcode(enc, false, civil_buf_str(&edited), edited.len, &got);
	if (got.len != want.len || memcmp(got.buf, want.buf, got.len))
		goto done;
	civil_buf_add(out, edited.buf, edited.len);
	ok = true;
done:
	civil_buf_release(&text);
	civil_buf_release(&add);
	civil_buf_release(&redo);
	civil_buf_release(&want);
	civil_buf_release(&got);
	civil_buf_release(&edited);
	return ok;
}
