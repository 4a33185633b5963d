// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-writers - the writers of what the commands print (cmd/print.c,
 * through util/sprinter.c; lib/output.c's tag lines; civil_json_string)
 * on values taken from the input: its NUL-separated fields are, in order, a Message-ID, a signal, a match, a thread id, a
 * subject, authors, a list, a tag, a person, a strip, a sentence, a
 * score and a weight (as text: "nan", "inf" and "1e308" are numbers too),
 * a first and a last date.  Missing fields are empty.
 *
 * Oracles:
 *   - cmd_scores_line: one line, ending in its LF, with exactly three
 *     TAB-separated fields and no other control character;
 *   - civil_tag_line: refused (and nothing written) exactly when the value
 *     holds CR or LF; else one line, "+" then the tag, printable and
 *     without spaces, that %XX-decodes to the tag, then " -- id:" and one
 *     quoted Xapian term that unquotes to the value;
 *   - cmd_heated_text: "thread:..." then the subject and one line a
 *     passage, each of those starting with four spaces: 2 + passages
 *     lines, no control character but their LFs;
 *   - cmd_heated_json: valid JSON (a small strict parser here: RFC 8259
 *     grammar, no raw control characters in strings, valid escapes, valid
 *     UTF-8), one line, an object; and so is an array of two, written as
 *     civil-heated writes it;
 *   - civil_json_string: one valid JSON string that decodes to the value
 *     (made valid UTF-8).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "civil.h"
#include "internal.h"
#include "util.h"
#include "../../cmd/print.h"
#include "oracle.h"

enum {
	F_ID,
	F_SIGNAL,
	F_MATCH,
	F_THREAD,
	F_SUBJECT,
	F_AUTHORS,
	F_LIST,
	F_TAG,
	F_PERSON,
	F_STRIP,
	F_SENTENCE,
	F_SCORE,
	F_WEIGHT,
	F_FIRST,
	F_LAST,
	N_FIELDS
};

/* ---- a small strict JSON parser ---- */

struct json {
	const char *p, *end;
	int depth;
};

static void skip_ws(struct json *j)
{
	while (j->p < j->end && strchr(" \t\n\r", *j->p) && *j->p)
		j->p++;
}

static bool eat(struct json *j, char c)
{
	skip_ws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return true;
	}
	return false;
}

static int hex4(const char *p)
{
	int v = 0;

	for (int i = 0; i < 4; i++) {
		int d = g_ascii_xdigit_value(p[i]);

		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* A string, decoded into out (may be NULL). */
static bool json_string(struct json *j, struct civil_buf *out)
{
	if (!eat(j, '"'))
		return false;
	while (j->p < j->end && *j->p != '"') {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20)
			return false;
		if (c != '\\') {
			if (out)
				civil_buf_addch(out, (char)c);
			j->p++;
			continue;
		}
		if (j->end - j->p < 2)
			return false;
		c = (unsigned char)j->p[1];
		j->p += 2;
		if (c == 'u') {
			gunichar u;
			char utf8[6];
			int v;

			if (j->end - j->p < 4 || (v = hex4(j->p)) < 0)
				return false;
			j->p += 4;
			u = (gunichar)v;
			if (v >= 0xd800 && v <= 0xdbff) {
				int lo;

				if (j->end - j->p < 6 || j->p[0] != '\\' ||
				    j->p[1] != 'u' ||
				    (lo = hex4(j->p + 2)) < 0xdc00 ||
				    lo > 0xdfff)
					return false;
				j->p += 6;
				u = 0x10000 + (((gunichar)v - 0xd800) << 10) +
				    ((gunichar)lo - 0xdc00);
			} else if (v >= 0xdc00 && v <= 0xdfff) {
				return false;
			}
			if (out)
				civil_buf_add(
					out, utf8,
					(size_t)g_unichar_to_utf8(u, utf8));
			continue;
		}
		if (!strchr("\"\\/bfnrt", c) || !c)
			return false;
		if (out)
			civil_buf_addch(out, c == 'b'	? '\b'
					     : c == 'f' ? '\f'
					     : c == 'n' ? '\n'
					     : c == 'r' ? '\r'
					     : c == 't' ? '\t'
							: (char)c);
	}
	if (j->p == j->end)
		return false;
	j->p++;
	return true;
}

static bool json_number(struct json *j)
{
	const char *p = j->p;

	if (p < j->end && *p == '-')
		p++;
	if (p < j->end && *p == '0')
		p++;
	else if (p < j->end && *p >= '1' && *p <= '9')
		while (p < j->end && g_ascii_isdigit(*p))
			p++;
	else
		return false;
	if (p < j->end && *p == '.') {
		if (++p == j->end || !g_ascii_isdigit(*p))
			return false;
		while (p < j->end && g_ascii_isdigit(*p))
			p++;
	}
	if (p < j->end && (*p == 'e' || *p == 'E')) {
		if (++p < j->end && (*p == '+' || *p == '-'))
			p++;
		if (p == j->end || !g_ascii_isdigit(*p))
			return false;
		while (p < j->end && g_ascii_isdigit(*p))
			p++;
	}
	j->p = p;
	return true;
}

static bool json_value(struct json *j);

static bool json_members(struct json *j, char close, bool object)
{
	if (eat(j, close))
		return true;
	do {
		if (object && (!json_string(j, NULL) || !eat(j, ':')))
			return false;
		if (!json_value(j))
			return false;
	} while (eat(j, ','));
	return eat(j, close);
}

static bool json_value(struct json *j)
{
	static const char *const words[] = { "true", "false", "null" };
	bool ok;

	skip_ws(j);
	if (j->p == j->end || ++j->depth > 64)
		return false;
	if (*j->p == '"')
		ok = json_string(j, NULL);
	else if (eat(j, '{'))
		ok = json_members(j, '}', true);
	else if (eat(j, '['))
		ok = json_members(j, ']', false);
	else if (*j->p == '-' || g_ascii_isdigit(*j->p))
		ok = json_number(j);
	else {
		ok = false;
		for (size_t i = 0; i < 3 && !ok; i++) {
			size_t n = strlen(words[i]);

			if ((size_t)(j->end - j->p) >= n &&
			    !memcmp(j->p, words[i], n)) {
				j->p += n;
				ok = true;
			}
		}
	}
	j->depth--;
	return ok;
}

/* The whole of text is one JSON value starting with first. */
static bool json_valid(const char *text, size_t len, char first)
{
	struct json j = { text, text + len, 0 };

	if (!g_utf8_validate(text, (gssize)len, NULL) || !len ||
	    text[0] != first || !json_value(&j))
		return false;
	skip_ws(&j);
	return j.p == j.end;
}

/* ---- oracles ---- */

static size_t count(const char *s, size_t len, char c)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == c;
	return n;
}

static bool controls_only(const char *s, size_t len, const char *allowed)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 || c == 0x7f) && !(c && strchr(allowed, c)))
			return false;
	}
	return true;
}

static void scores_line(const civil_scan_item_t *item)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_text(&b);

	cmd_scores_line(sp, item);
	civil_sprinter_free(sp);
	ORACLE(b.len && b.buf[b.len - 1] == '\n');
	ORACLE(count(b.buf, b.len, '\n') == 1);
	ORACLE(count(b.buf, b.len, '\t') == 3); /* score, class, id, why */
	ORACLE(controls_only(b.buf, b.len, "\t\n"));
	civil_buf_release(&b);
}

static void tag_line(const char *tag, const char *value)
{
	struct civil_buf b = CIVIL_BUF_INIT, decoded = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st = civil_tag_line(&b, '+', tag, "id", value, &err);
	const char *p, *sep;

	if (strpbrk(value, "\r\n")) {
		ORACLE(st == CIVIL_STATUS_UNSUPPORTED && !b.len && err.message);
		civil_error_clear(&err);
		return;
	}
	ORACLE(!st && b.len);
	ORACLE(!strpbrk(b.buf, "\r\n") && b.buf[0] == '+');
	sep = strstr(b.buf, " -- id:\"");
	ORACLE(sep);
	for (p = b.buf + 1; p < sep; p++) {
		ORACLE(*p > ' ' && *p < 0x7f);
		if (*p == '%') {
			int hi = g_ascii_xdigit_value(p[1]);
			int lo = hi < 0 ? -1 : g_ascii_xdigit_value(p[2]);

			ORACLE(hi >= 0 && lo >= 0);
			civil_buf_addch(&decoded, (char)(hi * 16 + lo));
			p += 2;
		} else {
			civil_buf_addch(&decoded, *p);
		}
	}
	ORACLE(!strcmp(civil_buf_str(&decoded), tag));
	civil_buf_reset(&decoded);
	for (p = sep + strlen(" -- id:\""); *p; p++) {
		if (*p == '"' && p[1] != '"')
			break;
		if (*p == '"')
			p++;
		civil_buf_addch(&decoded, *p);
	}
	ORACLE(*p == '"' && !p[1]);
	ORACLE(!strcmp(civil_buf_str(&decoded), value));
	civil_buf_release(&decoded);
	civil_buf_release(&b);
}

static void heated_text(const civil_heated_thread_t *t)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	cmd_heated_text(&b, t, true);
	ORACLE(b.len && b.buf[b.len - 1] == '\n');
	ORACLE(count(b.buf, b.len, '\n') == 2 + t->n_passages);
	ORACLE(controls_only(b.buf, b.len, "\n"));
	ORACLE(!strncmp(b.buf, "thread:", 7));
	for (const char *nl = strchr(b.buf, '\n'); nl[1];
	     nl = strchr(nl + 1, '\n'))
		ORACLE(!strncmp(nl + 1, "    ", 4));
	civil_buf_release(&b);
}

static void heated_json(const civil_heated_thread_t *t)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp;

	for (int explain = 0; explain < 2; explain++) {
		civil_buf_reset(&b);
		sp = civil_sprinter_json(&b);
		cmd_heated_json(sp, t, explain);
		civil_sprinter_free(sp);
		ORACLE(b.len && b.buf[b.len - 1] == '\n');
		ORACLE(!memchr(b.buf, '\n', b.len - 1));
		ORACLE(json_valid(b.buf, b.len - 1, '{'));
	}
	/* As civil-heated writes an array of them. */
	civil_buf_reset(&b);
	sp = civil_sprinter_json(&b);
	civil_sp_begin_list(sp);
	civil_sp_separator(sp);
	cmd_heated_json(sp, t, true);
	civil_sp_separator(sp);
	cmd_heated_json(sp, t, false);
	civil_sp_end(sp);
	civil_sprinter_free(sp);
	ORACLE(json_valid(b.buf, b.len, '['));
	civil_buf_release(&b);
}

static void json_string_of(const char *value)
{
	struct civil_buf b = CIVIL_BUF_INIT, decoded = CIVIL_BUF_INIT;
	char *valid = g_utf8_make_valid(value, -1);
	struct json j;

	civil_json_string(&b, value);
	j.p = b.buf;
	j.end = b.buf + b.len;
	j.depth = 0;
	ORACLE(g_utf8_validate(b.buf, (gssize)b.len, NULL));
	ORACLE(json_string(&j, &decoded) && j.p == j.end);
	ORACLE(decoded.len == strlen(valid) &&
	       !memcmp(civil_buf_str(&decoded), valid, decoded.len));
	g_free(valid);
	civil_buf_release(&decoded);
	civil_buf_release(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *f[N_FIELDS];
	char *copy = malloc(size + 1);
	size_t n = 0;
	civil_heat_reason_t why;
	civil_heat_score_t heat;
	civil_scan_item_t item;
	civil_heated_passage_t passages[2];
	civil_heated_thread_t t;
	char *people[2], *lists[2], *tags[2];

	if (!copy)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (const char *p = copy; n < N_FIELDS && p <= copy + size;
	     p += strlen(p) + 1)
		f[n++] = p;
	while (n < N_FIELDS)
		f[n++] = "";

	why = (civil_heat_reason_t){
		.signal = (char *)f[F_SIGNAL],
		.match = (char *)f[F_MATCH],
		.sentence = (char *)f[F_SENTENCE],
		.weight = strtod(f[F_WEIGHT], NULL),
		.target = (civil_heat_target_t)(size % 5),
		.klass = (civil_heat_class_t)(size % 3),
	};
	heat = (civil_heat_score_t){
		.score = strtod(f[F_SCORE], NULL),
		.klass = why.klass,
		.reasons = &why,
		.n_reasons = *f[F_SIGNAL] ? 1 : 0,
	};
	item = (civil_scan_item_t){ f[F_ID],
				    f[F_THREAD],
				    heat.score,
				    &heat,
				    why.klass == CIVIL_HEAT_HEATED,
				    why.klass != CIVIL_HEAT_HEATED };
	scores_line(&item);
	tag_line(f[F_TAG], f[F_ID]);
	tag_line(f[F_TAG], f[F_THREAD]);

	for (int i = 0; i < 2; i++)
		passages[i] = (civil_heated_passage_t){
			.id = (char *)f[i ? F_THREAD : F_ID],
			.score = heat.score,
			.why = why,
		};
	people[0] = (char *)f[F_PERSON];
	lists[0] = (char *)f[F_LIST];
	tags[0] = (char *)f[F_TAG];
	people[1] = lists[1] = tags[1] = NULL;
	memset(&t, 0, sizeof(t));
	t.thread = (char *)f[F_THREAD];
	t.subject = (char *)f[F_SUBJECT];
	t.authors = (char *)f[F_AUTHORS];
	t.first = strtoll(f[F_FIRST], NULL, 10);
	t.last = strtoll(f[F_LAST], NULL, 10);
	t.heat.messages = size;
	t.matched = n;
	t.people = people;
	t.n_people = 1;
	t.lists = lists;
	t.n_lists = *f[F_LIST] ? 1 : 0;
	t.tags = tags;
	t.n_tags = 1;
	t.heat.peak = heat.score;
	t.scored = size & 2;
	t.strip = (char *)f[F_STRIP];
	t.heat.heated = size % 5;
	t.heat.escalating = size & 4;
	t.review = size & 16;
	t.passages = passages;
	t.n_passages = size & 8 ? 2 : 1;
	heated_text(&t);
	heated_json(&t);

	for (size_t i = 0; i < N_FIELDS; i++)
		json_string_of(f[i]);
	free(copy);
	return 0;
}
