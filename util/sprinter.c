// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sprinter.c - one structured printer, two formats (after notmuch's
 * sprinter): a command says what it prints (a map, its keys, a list, a
 * string, a number) and the printer writes it as JSON or as text, so no
 * command splices brackets and commas of its own.
 *
 * JSON is compact (no spaces), as civil has always written it:
 * doc/civil-heated-json.md.  Text writes the values of a list or map one
 * after the other, TAB between them, each escaped as a field
 * (civil_field_escape), map keys left out; a separator is a line break.
 */
#include <math.h>
#include <stdlib.h>

#include "util.h"

/* How deep a printer can nest: civil's deepest is three. */
#define MAX_DEPTH 16

struct civil_sprinter {
	struct civil_buf *out;
	bool json;
	/* For each open list or map: has it a value yet, and what ends it. */
	bool has_value[MAX_DEPTH];
	char closer[MAX_DEPTH];
	int depth;
	/* A map key was just written: its value needs no comma. */
	bool after_key;
	/* civil_sp_separator: the next comma is followed by a line break. */
	bool line_break;
};

static civil_sprinter_t *sprinter_new(struct civil_buf *out, bool json)
{
	civil_sprinter_t *sp = calloc(1, sizeof(*sp));

	if (!sp)
		abort();
	sp->out = out;
	sp->json = json;
	return sp;
}

civil_sprinter_t *civil_sprinter_json(struct civil_buf *out)
{
	return sprinter_new(out, true);
}

civil_sprinter_t *civil_sprinter_text(struct civil_buf *out)
{
	return sprinter_new(out, false);
}

void civil_field_escape(struct civil_buf *out, const char *s)
{
	for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c;
	     c++) {
		switch (*c) {
		case '\t':
			civil_buf_adds(out, "\\t");
			break;
		case '\n':
			civil_buf_adds(out, "\\n");
			break;
		case '\r':
			civil_buf_adds(out, "\\r");
			break;
		default:
			if (*c < 0x20 || *c == 0x7f)
				civil_buf_addf(out, "\\x%02x", *c);
			else
				civil_buf_addch(out, (char)*c);
		}
	}
}

void civil_sprinter_free(civil_sprinter_t *sp)
{
	free(sp);
}

/* Before any value: what separates it from the one before. */
static void begin_value(civil_sprinter_t *sp)
{
	bool *has = sp->depth ? &sp->has_value[sp->depth - 1] : NULL;

	if (sp->after_key) {
		sp->after_key = false;
		return;
	}
	if (has && *has) {
		if (sp->json) {
			civil_buf_addch(sp->out, ',');
			if (sp->line_break)
				civil_buf_addch(sp->out, '\n');
		} else if (!sp->line_break) {
			civil_buf_addch(sp->out, '\t');
		}
	}
	sp->line_break = false;
	if (has)
		*has = true;
}

static void begin(civil_sprinter_t *sp, char opener, char closer)
{
	begin_value(sp);
	if (sp->json)
		civil_buf_addch(sp->out, opener);
	if (sp->depth == MAX_DEPTH)
		abort(); /* nested by the caller's code, never by input */
	sp->closer[sp->depth] = closer;
	sp->has_value[sp->depth++] = false;
}

void civil_sp_begin_map(civil_sprinter_t *sp)
{
	begin(sp, '{', '}');
}

void civil_sp_begin_list(civil_sprinter_t *sp)
{
	begin(sp, '[', ']');
}

void civil_sp_end(civil_sprinter_t *sp)
{
	if (!sp->depth)
		abort(); /* an end with nothing open: the caller's bug */
	sp->depth--;
	if (sp->json)
		civil_buf_addch(sp->out, sp->closer[sp->depth]);
	/* The whole thing written: a line of its own, as notmuch ends it. */
	if (!sp->depth && sp->json)
		civil_buf_addch(sp->out, '\n');
}

void civil_sp_map_key(civil_sprinter_t *sp, const char *key)
{
	if (!sp->json)
		return; /* text has values only */
	begin_value(sp);
	civil_json_string(sp->out, key);
	civil_buf_addch(sp->out, ':');
	sp->after_key = true;
}

void civil_sp_string(civil_sprinter_t *sp, const char *s)
{
	begin_value(sp);
	if (sp->json)
		civil_json_string(sp->out, s);
	else
		civil_field_escape(sp->out, s);
}

void civil_sp_integer(civil_sprinter_t *sp, long long n)
{
	begin_value(sp);
	civil_buf_addf(sp->out, "%lld", n);
}

void civil_sp_double(civil_sprinter_t *sp, double v)
{
	begin_value(sp);
	if (sp->json && !isfinite(v))
		civil_buf_adds(sp->out, "null"); /* JSON has no NaN */
	else
		civil_buf_addf(sp->out, "%.2f", v);
}

void civil_sp_boolean(civil_sprinter_t *sp, bool b)
{
	begin_value(sp);
	civil_buf_adds(sp->out, b ? "true" : "false");
}

void civil_sp_null(civil_sprinter_t *sp)
{
	begin_value(sp);
	civil_buf_adds(sp->out, sp->json ? "null" : "-");
}

void civil_sp_separator(civil_sprinter_t *sp)
{
	if (!sp->json)
		civil_buf_addch(sp->out, '\n');
	sp->line_break = true;
}
