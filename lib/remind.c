// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * remind.c - the code's reminder: its words, where it goes in a body, and
 * the byte-exact edit of a message that carries it.
 *
 * The edit touches one text part and nothing else: its byte range in the
 * original is known from the parser, so the new message is the old bytes
 * before it, the edited part, and the old bytes after it.
 */
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "internal.h"

char *civil_reminder_text(const civil_code_t *code, const civil_config_t *cfg)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	if (cfg && cfg->reminder && *cfg->reminder) {
		civil_buf_adds(&b, cfg->reminder);
		while (b.len &&
		       (b.buf[b.len - 1] == '\n' || b.buf[b.len - 1] == '\r'))
			b.buf[--b.len] = '\0';
		return civil_buf_detach(&b);
	}
	/* The code names its contact; the built-in one says plainly that
	 * it is civil's fallback, not the tree's own code. */
	if (code->kind == CIVIL_CODE_BUILTIN)
		civil_buf_adds(&b, CIVIL_REMINDER_HEAD CIVIL_BUILTIN_NAME
					   CIVIL_REMINDER_TAIL "\n");
	else
		civil_buf_addf(
			&b, CIVIL_REMINDER_HEAD "%s" CIVIL_REMINDER_TAIL "\n",
			code->path);
	if (code->contact)
		civil_buf_addf(&b, "Concerns: <%s>", code->contact);
	else
		civil_buf_addf(&b, "Concerns: see %s", code->path);
	return civil_buf_detach(&b);
}

static size_t first_line_len(const char *s)
{
	size_t n = strcspn(s, "\r\n");

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

bool civil_reminder_present(const char *text, size_t len, const char *reminder)
{
	const char *p = text, *end = text + len, *next;
	size_t want = first_line_len(reminder);

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (civil_line_is_quoted(p, n))
			continue;
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		if ((want && n == want && !memcmp(p, reminder, n)) ||
		    civil_reminder_line_is_ours(p, n))
			return true;
	}
	return false;
}

static const char *detect_eol(const char *text, size_t len)
{
	const char *nl = memchr(text, '\n', len);

	return nl && nl > text && nl[-1] == '\r' ? "\r\n" : "\n";
}

static void add_lines(struct civil_buf *out, const char *s, const char *eol,
		      bool final_eol)
{
	while (*s) {
		size_t n = strcspn(s, "\r\n");

		civil_buf_add(out, s, n);
		s += n;
		if (*s == '\r')
			s++;
		if (*s == '\n')
			s++;
		if (*s || final_eol)
			civil_buf_adds(out, eol);
	}
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

void civil_reminder_insert(const char *text, size_t len, const char *reminder,
			   struct civil_buf *out)
{
	const char *eol = detect_eol(text, len), *end = text + len;
	const char *sig = civil_text_sig_start(text, len);
	const char *p = sig ? sig : text, *next;
	size_t ins = 0;
	bool has_eol = true;

	/* After the last line with anything on it: the end of the signature
	 * block, or of the text when we are about to start one. */
	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (!blank(p, n)) {
			ins = (size_t)(next - text);
			has_eol = next > p + n;
		}
	}

	civil_buf_reset(out);
	civil_buf_add(out, text, ins);
	if (!has_eol)
		civil_buf_adds(out, eol);
	if (!sig) {
		if (ins)
			civil_buf_adds(out, eol);
		civil_buf_adds(out, "-- ");
		civil_buf_adds(out, eol);
	}
	add_lines(out, reminder, eol, has_eol);
	civil_buf_add(out, text + ins, len - ins);
}

/* What goes after the end of text to put the reminder there (when it
 * can only go at the very end, as in an encoded part): a line end for a
 * last line without one, a "-- " line after an empty line when there is
 * no signature block, the reminder's lines. */
static void reminder_tail(const char *text, size_t len, const char *eol,
			  bool final_eol, struct civil_buf *out, void *arg)
{
	const char *reminder = arg, *last = text, *p, *next;
	const char *end = text + len;

	if (!eol)
		eol = detect_eol(text, len);
	if (len && text[len - 1] != '\n')
		civil_buf_adds(out, eol);
	if (!civil_text_sig_start(text, len)) {
		for (p = text; p < end; p = next) {
			civil_line_len(p, end, &next);
			last = p;
		}
		if (len && !blank(last, civil_line_len(last, end, &next)))
			civil_buf_adds(out, eol);
		civil_buf_adds(out, "-- ");
		civil_buf_adds(out, eol);
	}
	add_lines(out, reminder, eol, final_eol);
}

/* ---- editing a message ---- */

static bool wanted(civil_kind_t kind, civil_remind_mode_t mode)
{
	switch (mode) {
	case CIVIL_REMIND_REVIEWS:
		return kind == CIVIL_KIND_REVIEW;
	case CIVIL_REMIND_REPLIES:
		return kind == CIVIL_KIND_REVIEW || kind == CIVIL_KIND_REPLY ||
		       kind == CIVIL_KIND_NOTICE;
	case CIVIL_REMIND_ALL:
		/* A cover letter belongs to its series, like the patches. */
		return kind != CIVIL_KIND_PATCH && kind != CIVIL_KIND_COVER;
	case CIVIL_REMIND_OFF:
		break;
	}
	return false;
}

/* Is the (ASCII) reminder the same bytes in charset?  Not in UTF-16 or
 * UTF-7, nor in EBCDIC.  A charset iconv doesn't know is read as UTF-8
 * or Latin-1 (civil_text_to_utf8), where it is. */
static bool ascii_compatible(const char *charset, const char *reminder)
{
	gsize n = 0;
	gchar *conv;
	bool same;

	if (!charset)
		return true;
	conv = g_convert(reminder, -1, charset, "UTF-8", NULL, &n, NULL);
	if (!conv) {
		GIConv cd = g_iconv_open(charset, "UTF-8");

		if (cd == (GIConv)-1)
			return true;
		/* Known, but can't say the reminder. */
		g_iconv_close(cd);
		return false;
	}
	same = n == strlen(reminder) && !memcmp(conv, reminder, n);
	g_free(conv);
	return same;
}

/* Does the content at raw+start follow an empty line, the end of a
 * header block? */
static bool after_empty_line(const char *raw, size_t start)
{
	if (start < 2 || raw[start - 1] != '\n')
		return false;
	if (raw[start - 2] == '\n')
		return true;
	return start >= 3 && raw[start - 2] == '\r' && raw[start - 3] == '\n';
}

static bool part_has_reminder(GMimePart *part, const char *reminder)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	bool found;

	civil_part_text(part, &text);
	found = civil_reminder_present(civil_buf_str(&text), text.len,
				       reminder);
	civil_buf_release(&text);
	return found;
}

/* What civil wrote must be what it finds the next time (twice is once):
 * the new message read as civil reads mail, with the reminder where civil
 * looks for it.  A reminder line that is a MIME boundary of the message,
 * for one, would start a new part instead. */
static bool reads_back(const struct civil_buf *out, const char *reminder)
{
	civil_message_t *m = NULL;
	GMimePart *part;
	bool ok;

	if (civil_message_parse(out->buf, out->len, "", &m, NULL))
		return false;
	part = civil_message_edit_part(m);
	ok = part && part_has_reminder(part, reminder);
	civil_message_free(m);
	return ok;
}

static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

civil_status_t civil_remind_message(civil_message_t *msg, const char *reminder,
				    civil_remind_mode_t mode,
				    struct civil_buf *out,
				    civil_remind_result_t *result,
				    civil_error_t *err)
{
	const char *raw, *charset;
	GMimeContentEncoding enc;
	GMimeDataWrapper *w;
	GMimeStream *s;
	gint64 start, end;
	GMimePart *part;
	size_t raw_len;

	result->kind = civil_message_kind(msg);
	result->why = civil_kind_name(result->kind);
	if (!wanted(result->kind, mode)) {
		result->action = CIVIL_REMIND_NOT_WANTED;
		if (mode == CIVIL_REMIND_OFF)
			result->why = "civil.remind is off";
		return CIVIL_STATUS_SUCCESS;
	}
	if ((result->why = civil_message_signed(msg))) {
		result->action = CIVIL_REMIND_SIGNED;
		return CIVIL_STATUS_SUCCESS;
	}
	result->action = CIVIL_REMIND_NO_TEXT;
	result->why = "no text/plain part";
	part = civil_message_edit_part(msg);
	if (!part)
		return CIVIL_STATUS_SUCCESS;
	/* Looked for where it would go, and nowhere else. */
	if (part_has_reminder(part, reminder)) {
		result->action = CIVIL_REMIND_PRESENT;
		result->why = "reminder already present";
		return CIVIL_STATUS_SUCCESS;
	}
	charset = g_mime_object_get_content_type_parameter(GMIME_OBJECT(part),
							   "charset");
	if (!is_ascii(reminder))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "civil.reminder must be ASCII");
	if (!ascii_compatible(charset, reminder)) {
		result->why = "text part's charset is not ASCII-compatible";
		return CIVIL_STATUS_SUCCESS;
	}

	/* Where the part's content sits in the bytes we were given. */
	raw = civil_message_raw(msg, &raw_len);
	w = g_mime_part_get_content(part);
	s = w ? g_mime_data_wrapper_get_stream(w) : NULL;
	start = s ? s->bound_start : -1;
	end = s ? s->bound_end : -1;
	if (end < 0)
		end = (gint64)raw_len;
	if (!s || start < 0 || start > end || end > (gint64)raw_len)
		return civil_error_set(err, CIVIL_STATUS_UNSUPPORTED,
				       "can't locate the text of '%s'",
				       civil_message_name(msg));

	/* Where GMime found no end of the headers, it read everything as
	 * headers: there is no body to add to, and whatever civil appended
	 * would be read as more headers next time. */
	if (!after_empty_line(raw, (size_t)start)) {
		result->action = CIVIL_REMIND_CANT_EDIT;
		result->why = "no empty line ends the headers, so civil can't "
			      "tell where the text starts";
		return CIVIL_STATUS_SUCCESS;
	}

	civil_buf_reset(out);
	civil_buf_add(out, raw, (size_t)start);
	enc = g_mime_part_get_content_encoding(part);
	switch (enc) {
	case GMIME_CONTENT_ENCODING_DEFAULT:
	case GMIME_CONTENT_ENCODING_7BIT:
	case GMIME_CONTENT_ENCODING_8BIT:
	case GMIME_CONTENT_ENCODING_BINARY: {
		struct civil_buf edited = CIVIL_BUF_INIT;

		civil_reminder_insert(raw + start, (size_t)(end - start),
				      reminder, &edited);
		civil_buf_add(out, edited.buf, edited.len);
		civil_buf_release(&edited);
		break;
	}
	case GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE:
	case GMIME_CONTENT_ENCODING_BASE64:
		if (!civil_encoded_append(enc, raw + start,
					  (size_t)(end - start), reminder_tail,
					  (void *)reminder, out)) {
			civil_buf_reset(out);
			result->action = CIVIL_REMIND_CANT_EDIT;
			result->why = "its encoded text can't take more lines "
				      "without encoding it all again";
			return CIVIL_STATUS_SUCCESS;
		}
		break;
	default:
		civil_buf_reset(out);
		result->action = CIVIL_REMIND_CANT_EDIT;
		result->why = "text part has an encoding civil can't edit";
		return CIVIL_STATUS_SUCCESS;
	}
	civil_buf_add(out, raw + end, raw_len - (size_t)end);
	if (!reads_back(out, reminder)) {
		civil_buf_reset(out);
		result->action = CIVIL_REMIND_CANT_EDIT;
		result->why =
			"the reminder would not read back from the edited "
			"message";
		return CIVIL_STATUS_SUCCESS;
	}
	result->action = CIVIL_REMIND_ADDED;
	result->why = civil_kind_name(result->kind);
	return CIVIL_STATUS_SUCCESS;
}
