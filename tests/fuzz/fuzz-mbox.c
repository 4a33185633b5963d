// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-mbox - civil_mbox_foreach on arbitrary bytes, in a buffer of
 * exactly their size with no NUL after them (what b4 mbox or lei q wrote,
 * or anything else).
 *
 * Oracles:
 *   - every message handed over is a run of the input's own bytes, the
 *     runs in order and not overlapping (one message that is not an mbox:
 *     the whole input), once the mboxrd quoting of "From " lines is taken
 *     off both (">>From " and "From " alike count as "From "): civil
 *     takes one '>' off such a line of a message in an mbox;
 *   - success means at least one message handed over or skipped; NOT_MAIL
 *     means none handed over; nothing else fails;
 *   - a callback that asks to stop after the first message gets no second
 *     one;
 *   - splitting the same bytes twice hands over the same messages.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "util.h"
#include "oracle.h"

struct walk {
	const char *data; /* the input, every ">*From " line as "From " */
	size_t len;
	struct civil_buf plain;
	size_t next;	       /* where the next message may start */
	size_t n;	       /* messages handed over */
	struct civil_buf seen; /* "offset:length," of each */
	int stop_after;	       /* 0: never */
};

/* s with every '>' before a "From " at the start of a line gone. */
static void unquoted(const char *s, size_t len, struct civil_buf *out)
{
	const char *end = s + len, *p, *next, *q;

	for (p = s; p < end; p = next) {
		next = memchr(p, '\n', (size_t)(end - p));
		next = next ? next + 1 : end;
		for (q = p; q < next && *q == '>'; q++)
			;
		if (next - q >= 5 && !memcmp(q, "From ", 5))
			p = q;
		civil_buf_add(out, p, (size_t)(next - p));
	}
	if (!out->buf)
		civil_buf_grow(out, 0);
}

static int one(civil_message_t *msg, void *arg)
{
	struct walk *w = arg;
	size_t len;
	const char *raw = civil_message_raw(msg, &len);
	struct civil_buf plain = CIVIL_BUF_INIT;
	const char *at;

	unquoted(raw, len, &plain);
	raw = plain.buf;
	len = plain.len;

	ORACLE(len > 0 && len <= w->len - w->next);
	at = memmem(w->data + w->next, w->len - w->next, raw, len);
	ORACLE(at);
	civil_buf_addf(&w->seen, "%zu:%zu,", (size_t)(at - w->data), len);
	w->next = (size_t)(at - w->data) + len;
	w->n++;
	civil_buf_release(&plain);
	ORACLE(!w->stop_after || w->n <= (size_t)w->stop_after);
	return w->stop_after && w->n >= (size_t)w->stop_after;
}

static civil_status_t split(const char *data, size_t len, int stop_after,
			    struct walk *w, size_t *skipped)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st;

	memset(w, 0, sizeof(*w));
	unquoted(data, len, &w->plain);
	w->data = w->plain.buf;
	w->len = w->plain.len;
	w->stop_after = stop_after;
	st = civil_mbox_foreach(data, len, "fuzz", one, w, skipped, &err);
	ORACLE(st == CIVIL_STATUS_SUCCESS || st == CIVIL_STATUS_NOT_MAIL);
	ORACLE(!st == !err.message);
	civil_error_clear(&err);
	return st;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	civil_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Exactly size bytes, nothing after them. */
	char *copy = malloc(size ? size : 1);
	struct walk a, b, c;
	size_t skipped_a, skipped_b, skipped_c;
	civil_status_t st;

	if (!copy)
		abort();
	memcpy(copy, data, size);
	st = split(copy, size, 0, &a, &skipped_a);
	if (st == CIVIL_STATUS_SUCCESS)
		ORACLE(a.n + skipped_a > 0);
	else
		ORACLE(a.n == 0);
	if (size < 5 || memcmp(copy, "From ", 5))
		ORACLE(a.n == 0 || (a.n == 1 && a.next == a.len));

	ORACLE(split(copy, size, 0, &b, &skipped_b) == st);
	ORACLE(skipped_a == skipped_b && a.n == b.n &&
	       !strcmp(civil_buf_str(&a.seen), civil_buf_str(&b.seen)));

	split(copy, size, 1, &c, &skipped_c);
	ORACLE(c.n == (a.n ? 1 : 0));

	civil_buf_release(&a.seen);
	civil_buf_release(&b.seen);
	civil_buf_release(&c.seen);
	civil_buf_release(&a.plain);
	civil_buf_release(&b.plain);
	civil_buf_release(&c.plain);
	free(copy);
	return 0;
}
