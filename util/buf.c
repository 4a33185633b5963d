// SPDX-License-Identifier: GPL-2.0-or-later
/* buf.c - growing strings, after git's strbuf. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void *grow_or_abort(void *p, size_t n)
{
	void *q = realloc(p, n);

	/* Same policy as g_malloc: a filter that runs out of memory
	 * cannot do anything sensible with half a message. */
	if (!q)
		abort();
	return q;
}

void civil_buf_grow(struct civil_buf *b, size_t extra)
{
	size_t want;

	if (extra > SIZE_MAX - b->len - 1)
		abort();
	want = b->len + extra + 1;
	if (want <= b->alloc)
		return;
	if (b->alloc && want < b->alloc + b->alloc / 2)
		want = b->alloc + b->alloc / 2;
	if (want < 64)
		want = 64;
	b->buf = grow_or_abort(b->buf, want);
	b->alloc = want;
	b->buf[b->len] = '\0';
}

void civil_buf_add(struct civil_buf *b, const void *data, size_t len)
{
	civil_buf_grow(b, len);
	if (len)
		memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->buf[b->len] = '\0';
}

void civil_buf_adds(struct civil_buf *b, const char *s)
{
	civil_buf_add(b, s, strlen(s));
}

void civil_buf_addch(struct civil_buf *b, char c)
{
	civil_buf_grow(b, 1);
	b->buf[b->len++] = c;
	b->buf[b->len] = '\0';
}

void civil_buf_vaddf(struct civil_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	civil_buf_grow(b, 64);
	va_copy(cp, ap);
	n = vsnprintf(b->buf + b->len, b->alloc - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= b->alloc - b->len) {
		civil_buf_grow(b, (size_t)n);
		vsnprintf(b->buf + b->len, b->alloc - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void civil_buf_addf(struct civil_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	civil_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void civil_buf_reset(struct civil_buf *b)
{
	b->len = 0;
	if (b->buf)
		b->buf[0] = '\0';
}

void civil_buf_release(struct civil_buf *b)
{
	free(b->buf);
	b->buf = NULL;
	b->len = b->alloc = 0;
}

const char *civil_buf_str(const struct civil_buf *b)
{
	return b->buf ? b->buf : "";
}

char *civil_buf_detach(struct civil_buf *b)
{
	char *s = b->buf;

	if (!s)
		s = grow_or_abort(NULL, 1), s[0] = '\0';
	b->buf = NULL;
	b->len = b->alloc = 0;
	return s;
}

char *civil_xstrdup(const char *s)
{
	char *d = strdup(s ? s : "");

	if (!d)
		abort();
	return d;
}
