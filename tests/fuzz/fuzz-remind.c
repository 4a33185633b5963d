// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-remind - one message through parse, the unfinished-draft check,
 * classify and remind, the way civil-remind and civil-sendmail take it
 * (civil.remind=all, so every kind that may be edited is).
 *
 * Oracles, when the reminder was added:
 *   - the message was neither a patch nor a cover letter, nor signed,
 *     nor has a signed or encrypted part anywhere (found here by a walk of
 *     GMime's tree of its own, not civil's);
 *   - the output parses, and its top-level headers are the input's, in
 *     order, with the same raw values;
 *   - every byte of the input is in the output, in order, with one run of
 *     new bytes in between (for a base64 part, all but its last line);
 *   - civil finds the reminder in the output where it looks for it, and
 *     a second run adds nothing.
 * Any other outcome (not wanted, signed, no text, can't edit, an error)
 * must leave the message alone, which here means: no crash, no leak.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "internal.h"
#include "oracle.h"

#define REMINDER                                                               \
	"Reviewed under Documentation/CodeOfConflict: keep it civil and "      \
	"technical.\nConcerns: <board@lists.example.org>"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	civil_init();
	return 0;
}

static bool is_type(GMimeObject *o, const char *type, const char *subtype)
{
	GMimeContentType *ct = g_mime_object_get_content_type(o);

	return ct && g_mime_content_type_is_type(ct, type, subtype);
}

/* Anything signed or encrypted, at any depth. */
static bool has_signed(GMimeObject *o)
{
	if (!o)
		return false;
	if (is_type(o, "multipart", "signed") ||
	    is_type(o, "multipart", "encrypted") ||
	    is_type(o, "application", "pkcs7-mime") ||
	    is_type(o, "application", "x-pkcs7-mime"))
		return true;
	if (GMIME_IS_MULTIPART(o)) {
		GMimeMultipart *mp = GMIME_MULTIPART(o);

		for (int i = 0; i < g_mime_multipart_get_count(mp); i++)
			if (has_signed(g_mime_multipart_get_part(mp, i)))
				return true;
	} else if (GMIME_IS_MESSAGE_PART(o)) {
		GMimeMessage *m =
			g_mime_message_part_get_message(GMIME_MESSAGE_PART(o));

		return m && has_signed(g_mime_message_get_mime_part(m));
	}
	return false;
}

static bool same_headers(civil_message_t *a, civil_message_t *b)
{
	GMimeHeaderList *ha = g_mime_object_get_header_list(
		GMIME_OBJECT(civil_message_mime(a)));
	GMimeHeaderList *hb = g_mime_object_get_header_list(
		GMIME_OBJECT(civil_message_mime(b)));
	int n = g_mime_header_list_get_count(ha);

	if (n != g_mime_header_list_get_count(hb))
		return false;
	for (int i = 0; i < n; i++) {
		GMimeHeader *x = g_mime_header_list_get_header_at(ha, i);
		GMimeHeader *y = g_mime_header_list_get_header_at(hb, i);
		const char *vx = g_mime_header_get_raw_value(x);
		const char *vy = g_mime_header_get_raw_value(y);

		if (strcmp(g_mime_header_get_name(x),
			   g_mime_header_get_name(y)) ||
		    strcmp(vx ? vx : "", vy ? vy : ""))
			return false;
	}
	return true;
}

/* How many bytes at the end of the part's content belong to its last
 * line (base64 ending in padding: the one line civil may encode again). */
static size_t last_line_len(civil_message_t *msg, GMimePart *part)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeStream *s = w ? g_mime_data_wrapper_get_stream(w) : NULL;
	size_t len, start, end, line;
	const char *raw = civil_message_raw(msg, &len);

	if (!s || s->bound_start < 0)
		return 0;
	start = (size_t)s->bound_start;
	end = s->bound_end < 0 ? len : (size_t)s->bound_end;
	line = end;
	while (line > start && memchr(" \t\r\n", raw[line - 1], 4))
		line--;
	while (line > start && raw[line - 1] != '\n')
		line--;
	return end - line;
}

/* Is out the input with bytes added in one place, give or take `slack`
 * bytes of the input that were allowed to change? */
static bool one_insertion(const uint8_t *in, size_t in_len, const char *out,
			  size_t out_len, size_t slack)
{
	size_t pre = 0, suf = 0, most = in_len < out_len ? in_len : out_len;

	while (pre < most && in[pre] == (uint8_t)out[pre])
		pre++;
	while (suf < most - pre &&
	       in[in_len - 1 - suf] == (uint8_t)out[out_len - 1 - suf])
		suf++;
	return out_len > in_len && pre + suf + slack >= in_len;
}

static bool finds_reminder(civil_message_t *msg)
{
	GMimePart *part = civil_message_edit_part(msg);
	struct civil_buf text = CIVIL_BUF_INIT;
	bool found;

	if (!part)
		return false;
	civil_part_text(part, &text);
	found = civil_reminder_present(civil_buf_str(&text), text.len,
				       REMINDER);
	civil_buf_release(&text);
	return found;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	civil_message_t *msg = NULL, *again = NULL;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf out = CIVIL_BUF_INIT, out2 = CIVIL_BUF_INIT;
	civil_remind_result_t r, r2;
	GMimePart *part;
	civil_kind_t kind;
	size_t slack = 0;

	if (civil_message_parse(data, size, "fuzz", &msg, &err)) {
		civil_error_clear(&err);
		return 0;
	}
	/* First, as the commands ask it: an unfinished escalation draft has
	 * the placeholder's words in its sender's own. */
	if (civil_outgoing_unfinished(msg))
		ORACLE(strstr(civil_message_authored(msg),
			      "Please write here"));
	kind = civil_message_kind(msg);
	if (civil_remind_message(msg, REMINDER, CIVIL_REMIND_ALL, &out, &r,
				 &err)) {
		civil_error_clear(&err);
		goto done;
	}
	if (r.action != CIVIL_REMIND_ADDED)
		goto done;

	ORACLE(kind != CIVIL_KIND_PATCH && kind != CIVIL_KIND_COVER);
	ORACLE(!civil_message_signed(msg));
	ORACLE(!has_signed(
		g_mime_message_get_mime_part(civil_message_mime(msg))));

	part = civil_message_edit_part(msg);
	ORACLE(part);
	if (g_mime_part_get_content_encoding(part) ==
	    GMIME_CONTENT_ENCODING_BASE64)
		slack = last_line_len(msg, part);
	ORACLE(one_insertion(data, size, out.buf, out.len, slack));

	ORACLE(!civil_message_parse(out.buf, out.len, "fuzz-out", &again,
				    &err));
	ORACLE(same_headers(msg, again));
	ORACLE(finds_reminder(again));
	ORACLE(!civil_remind_message(again, REMINDER, CIVIL_REMIND_ALL, &out2,
				     &r2, &err));
	ORACLE(r2.action != CIVIL_REMIND_ADDED);
done:
	civil_error_clear(&err);
	civil_message_free(again);
	civil_message_free(msg);
	civil_buf_release(&out);
	civil_buf_release(&out2);
	return 0;
}
