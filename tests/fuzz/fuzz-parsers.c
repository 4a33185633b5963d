// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-parsers - what civil makes of a THREAD argument (a notmuch query,
 * a Message-ID, a lore URL: civil_thread_query), of a --message ID
 * (civil_bare_id), of a List-Id (civil_list_id) and of any header value
 * it puts on a line (civil_one_line).  The input is one string, in a
 * buffer of exactly its size and its NUL (a NUL inside ends it early, as
 * it would on a command line).
 *
 * Oracles:
 *   - civil_thread_query: NULL only for an http:// or https:// URL; an
 *     id:"..." it makes is one quoted Xapian term (quotes doubled, nothing
 *     after the closing one) naming an id with an '@' and no white space
 *     or control character, that is a run of the input's own bytes (or
 *     their %XX-unescaping, for a URL); anything else is the input as it
 *     was;
 *   - civil_bare_id: no '>'; from an input with no '"', a run of its
 *     bytes; civil_id_query's quoting of it read back is itself (unless
 *     it starts with '<', which a reading strips);
 *   - civil_list_id: a run of the input's bytes, or the input on one line;
 *   - civil_one_line: no control character or line break (ASCII, C1,
 *     U+2028, U+2029), no space at either end, nothing GMime would decode
 *     as an encoded word, and a second pass changes nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmime/gmime.h>

#include "civil.h"
#include "cmd-support.h"
#include "util.h"
#include "oracle.h"

/* lib/internal.h, which a harness does not include. */
char *civil_one_line(const char *s);
char *civil_list_id(const char *list_id);

static bool is_url(const char *s)
{
	return !strncmp(s, "http://", 7) || !strncmp(s, "https://", 8);
}

/* A line break or control character of any kind, in UTF-8 or not. */
static bool has_control(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	for (; *u; u++) {
		if (*u < 0x20 || *u == 0x7f)
			return true;
		if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f)
			return true;
		if (u[0] == 0xe2 && u[1] == 0x80 &&
		    (u[2] == 0xa8 || u[2] == 0xa9))
			return true;
	}
	return false;
}

/* The term of id:"...", unquoted (malloc'd), or NULL when q is not
 * exactly one such term. */
static char *unquote_id(const char *q)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	const char *p;

	if (strncmp(q, "id:\"", 4))
		return NULL;
	for (p = q + 4; *p; p++) {
		if (*p != '"') {
			civil_buf_addch(&b, *p);
		} else if (p[1] == '"') {
			civil_buf_addch(&b, '"');
			p++;
		} else {
			break;
		}
	}
	if (*p != '"' || p[1]) {
		civil_buf_release(&b);
		return NULL;
	}
	return civil_buf_detach(&b);
}

/* s with its %XX unescaped, but for %00 (malloc'd). */
static char *unescape(const char *s)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	for (; *s; s++) {
		int hi = s[1] ? g_ascii_xdigit_value(s[1]) : -1;
		int lo = hi >= 0 && s[2] ? g_ascii_xdigit_value(s[2]) : -1;

		if (*s == '%' && hi >= 0 && lo >= 0 && (hi || lo)) {
			civil_buf_addch(&b, (char)(hi * 16 + lo));
			s += 2;
		} else {
			civil_buf_addch(&b, *s);
		}
	}
	return civil_buf_detach(&b);
}

static void thread_query(const char *arg)
{
	char *q = civil_thread_query(arg), *id, *unesc;

	if (!q) {
		ORACLE(is_url(arg));
		return;
	}
	/* Kept as the query it is. */
	if (!is_url(arg) && !strcmp(q, arg)) {
		free(q);
		return;
	}
	id = unquote_id(q);
	ORACLE(id);
	ORACLE(*id && strchr(id, '@'));
	for (const char *c = id; *c; c++)
		ORACLE((unsigned char)*c > ' ' && *c != 0x7f);
	unesc = unescape(arg);
	ORACLE(strstr(arg, id) || (is_url(arg) && strstr(unesc, id)));
	free(unesc);
	free(id);
	free(q);
}

static void bare_id(const char *arg)
{
	char *id = civil_bare_id(arg), *q, *again;

	ORACLE(id && !strchr(id, '>'));
	ORACLE(strchr(arg, '"') || strstr(arg, id));
	q = civil_id_query(id);
	again = civil_bare_id(q);
	ORACLE(*id == '<' || !strcmp(again, id));
	free(again);
	free(q);
	free(id);
}

static void list_id(const char *arg)
{
	char *id = civil_list_id(arg), *line = civil_one_line(arg);

	ORACLE(id && (strstr(arg, id) || !strcmp(id, line)));
	free(line);
	free(id);
}

static void one_line(const char *arg)
{
	char *line = civil_one_line(arg), *again = civil_one_line(line);
	char *decoded = g_mime_utils_header_decode_text(NULL, line);
	size_t n = strlen(line);

	ORACLE(!has_control(line));
	ORACLE(!n || (line[0] != ' ' && line[n - 1] != ' '));
	ORACLE(!strcmp(again, line));
	/* Nothing left that GMime decodes. */
	ORACLE(decoded && !strcmp(decoded, line));
	g_free(decoded);
	free(again);
	free(line);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	civil_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The string and its NUL, and nothing after them. */
	char *arg = malloc(size + 1);

	if (!arg)
		abort();
	memcpy(arg, data, size);
	arg[size] = '\0';
	thread_query(arg);
	bare_id(arg);
	list_id(arg);
	one_line(arg);
	free(arg);
	return 0;
}
