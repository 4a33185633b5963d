// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mbox.c - the messages of an mbox (what "b4 mbox" and "lei q" write),
 * split by GMime's mbox parser.  Input that does not start with a From_
 * line is taken as one message, so a single .eml works too.
 *
 * The mbox is read as mboxrd, as b4, lei, notmuch show --format=mbox and
 * civil's own mutt macro write it: a body line ">From " (">>From ", ...)
 * is the message's "From " (">From ") with one '>' more.  Left as it
 * was, a line the sender wrote would read as one they quoted.
 */
#include <string.h>

#include "civil.h"
#include "internal.h"

/* Does a From_ line start at data[at] (0 < at < len)?  data need not
 * end in a NUL: nothing past len is read. */
static bool from_line(const char *data, size_t len, size_t at)
{
	return data[at - 1] == '\n' && len - at >= 5 &&
	       !memcmp(data + at, "From ", 5);
}

/* Is the line at p (up to end) a "From " line mboxrd quoted? */
static bool quoted_from(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q == '>')
		q++;
	return q > p && end - q >= 5 && !memcmp(q, "From ", 5);
}

/* The message's bytes with the mboxrd quoting of its "From " lines taken
 * off (the From_ line itself, first, is kept); false when it has none,
 * and out is not touched. */
static bool unquote_from(const char *s, size_t len, struct civil_buf *out)
{
	const char *end = s + len, *p, *next;
	bool any = false;

	for (p = s; p < end && !any; p = next) {
		next = memchr(p, '\n', (size_t)(end - p));
		next = next ? next + 1 : end;
		any = p > s && quoted_from(p, next);
	}
	if (!any)
		return false;
	for (p = s; p < end; p = next) {
		next = memchr(p, '\n', (size_t)(end - p));
		next = next ? next + 1 : end;
		if (p > s && quoted_from(p, next))
			p++;
		civil_buf_add(out, p, (size_t)(next - p));
	}
	return true;
}

/* One message of the mbox, unquoted. */
static civil_status_t parse_one(const char *s, size_t len, const char *label,
				civil_message_t **msg)
{
	struct civil_buf plain = CIVIL_BUF_INIT;
	civil_status_t st;

	if (unquote_from(s, len, &plain))
		st = civil_message_parse(plain.buf, plain.len, label, msg,
					 NULL);
	else
		st = civil_message_parse(s, len, label, msg, NULL);
	civil_buf_release(&plain);
	return st;
}

civil_status_t civil_mbox_foreach(const void *data, size_t len,
				  const char *name, civil_mbox_fn fn, void *arg,
				  size_t *skipped, civil_error_t *err)
{
	GMimeStream *stream;
	GMimeParser *parser;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	size_t n = 0, none;

	/* Like every out-count, optional. */
	if (!skipped)
		skipped = &none;
	*skipped = 0;
	/* As civil.h's other walks: a NULL the walk needs is the caller's
	 * mistake, named, not a crash inside it. */
	if (!data && len)
		st = civil_need(err, data);
	if (!st)
		st = civil_need(err, name);
	if (!st)
		st = civil_need(err, fn);
	if (st)
		return st;
	if (len < 5 || memcmp(data, "From ", 5)) {
		civil_message_t *msg;

		if (civil_message_parse(data, len, name, &msg, err))
			return civil_error_set(err, CIVIL_STATUS_NOT_MAIL,
					       "'%s' is neither an mbox nor a "
					       "mail message",
					       name);
		fn(msg, arg);
		civil_message_free(msg);
		return CIVIL_STATUS_SUCCESS;
	}

	/* GMime stops at a message it can't read; start again at the next
	 * From_ line after it, so one broken message costs only itself. */
	for (size_t base = 0; base < len;) {
		const char *p = (const char *)data + base;
		size_t rest = len - base, resume;
		gint64 end = 0;
		bool eos;

		stream = g_mime_stream_mem_new_with_buffer(p, rest);
		parser = g_mime_parser_new_with_stream(stream);
		g_mime_parser_set_format(parser, GMIME_FORMAT_MBOX);
		while (!g_mime_parser_eos(parser)) {
			GMimeMessage *m =
				g_mime_parser_construct_message(parser, NULL);
			gint64 start =
				g_mime_parser_get_mbox_marker_offset(parser);
			struct civil_buf label = CIVIL_BUF_INIT;
			civil_message_t *msg = NULL;
			int stop;

			if (!m)
				break;
			g_object_unref(m);
			end = g_mime_parser_tell(parser);
			n++;
			/* Each message is parsed again on its own bytes, so
			 * every message in civil is the same kind of object. */
			civil_buf_addf(&label, "%s: message %zu", name, n);
			if (start < 0 || end <= start || (size_t)end > rest ||
			    parse_one(p + start, (size_t)(end - start),
				      label.buf, &msg)) {
				(*skipped)++;
				civil_buf_release(&label);
				continue;
			}
			civil_buf_release(&label);
			stop = fn(msg, arg);
			civil_message_free(msg);
			if (stop) {
				end = (gint64)rest;
				break;
			}
		}
		eos = g_mime_parser_eos(parser);
		g_object_unref(parser);
		g_object_unref(stream);
		if (end >= (gint64)rest || eos)
			break;
		/* A message GMime could not read: skip to the next From_. */
		resume = (size_t)(end > 0 ? end : 0) + 1;
		while (resume < rest && !from_line(p, rest, resume))
			resume++;
		if (resume >= rest)
			break;
		(*skipped)++;
		n++;
		base += resume;
	}
	if (!n)
		st = civil_error_set(err, CIVIL_STATUS_NOT_MAIL,
				     "'%s' holds no messages", name);
	return st;
}
