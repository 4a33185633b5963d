// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-heat - the tone/heat scorer on arbitrary text (no trailing NUL),
 * as it is and as the sender's own words (civil_text_authored), with
 * civil's own lexicon (CIVIL_TEST_LEXICON, else data/heat.lexicon from
 * the top of the tree).
 *
 * Oracles:
 *   - the score is finite and >= 0, and a score above 0 has reasons;
 *   - at most 32 reasons, each with a signal and a finite weight > 0;
 *   - every word of a reason's match, and of its sentence (but for a
 *     shortened sentence's last), occurs in the text, in order: civil
 *     quotes, it never makes words up;
 *   - a sentence is one line;
 *   - scoring the same text twice gives the same result;
 *   - the printed reasons (civil_heat_reasons_line, civil_tone_lines)
 *     are built without a crash.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "cmd-support.h"
#include "oracle.h"

static civil_heat_t *heat;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	const char *files[] = { lexicon ? lexicon : "data/heat.lexicon", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;

	civil_init();
	if (civil_heat_new(files, &heat, &err)) {
		fprintf(stderr, "fuzz-heat: %s\n", err.message);
		exit(1);
	}
	return 0;
}

static bool space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/* Do the words of s (the last one left out when `but_last`) occur in
 * text in this order? */
static bool words_in_order(const char *s, const char *text, size_t len,
			   bool but_last)
{
	const char *at = text, *end = text + len;

	while (*s) {
		size_t n;
		const char *hit;

		while (*s && space(*s))
			s++;
		n = strcspn(s, " \t\n\r\v\f");
		if (!n || (but_last && !s[n]))
			break;
		hit = memmem(at, (size_t)(end - at), s, n);
		if (!hit)
			return false;
		at = hit + n;
		s += n;
	}
	return true;
}

static void check(const civil_heat_score_t *s, const char *text, size_t len)
{
	ORACLE(isfinite(s->score) && s->score >= 0);
	ORACLE(s->score <= CIVIL_HEAT_MAX);
	/* Only a sharp or heated message is explained. */
	ORACLE(s->klass != CIVIL_HEAT_CALM || s->n_reasons == 0);
	ORACLE(s->klass != CIVIL_HEAT_HEATED ||
	       s->score >= CIVIL_HEAT_THRESHOLD);
	ORACLE(s->n_reasons <= 32);
	for (size_t i = 0; i < s->n_reasons; i++) {
		const civil_heat_reason_t *r = &s->reasons[i];
		size_t n = strlen(r->sentence);
		bool cut = n >= 3 && !strcmp(r->sentence + n - 3, "...");

		ORACLE(r->signal && *r->signal);
		ORACLE(isfinite(r->weight) && r->weight > 0);
		ORACLE(r->match && words_in_order(r->match, text, len, false));
		ORACLE(!strpbrk(r->sentence, "\r\n"));
		ORACLE(words_in_order(r->sentence, text, len, cut));
	}
}

static bool same(const civil_heat_score_t *a, const civil_heat_score_t *b)
{
	if (a->score != b->score || a->n_reasons != b->n_reasons)
		return false;
	for (size_t i = 0; i < a->n_reasons; i++)
		if (strcmp(a->reasons[i].signal, b->reasons[i].signal) ||
		    strcmp(a->reasons[i].match, b->reasons[i].match) ||
		    strcmp(a->reasons[i].sentence, b->reasons[i].sentence) ||
		    a->reasons[i].weight != b->reasons[i].weight ||
		    a->reasons[i].target != b->reasons[i].target ||
		    a->reasons[i].klass != b->reasons[i].klass ||
		    a->reasons[i].at != b->reasons[i].at)
			return false;
	return true;
}

static void score(const char *text, size_t len)
{
	civil_heat_score_t a, b;
	struct civil_buf line = CIVIL_BUF_INIT;

	civil_heat_score_text(heat, text, len, &a);
	check(&a, text, len);
	civil_heat_score_text(heat, text, len, &b);
	ORACLE(same(&a, &b));
	civil_heat_reasons_line(&a, &line);
	civil_tone_lines(&a, &line);
	civil_buf_release(&line);
	civil_heat_score_release(&a);
	civil_heat_score_release(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct civil_buf authored = CIVIL_BUF_INIT;

	score((const char *)data, size);
	civil_text_authored((const char *)data, size, &authored);
	score(authored.buf, authored.len);
	civil_buf_release(&authored);
	return 0;
}
