// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * outgoing.c - what happens to a message on its way out, the same for the
 * sendemail-validate hook (civil-remind) and the sendmail wrapper
 * (civil-sendmail): the code's reminder, and a second look at the
 * sender's own words before they go.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

/* Patches and cover letters are code and its introduction; the tone of a
 * commit message is not what the check is for, and they are never
 * changed anyway. */
static bool tone_applies(civil_kind_t kind)
{
	return kind != CIVIL_KIND_PATCH && kind != CIVIL_KIND_COVER;
}

/* One line of s starting at *p (without its end), *p moved past it. */
static size_t next_line(const char **p, const char *end)
{
	const char *s = *p, *next;
	size_t n = civil_line_len(s, end, &next);

	*p = next;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

/*
 * Does text carry a reminder civil wrote (an unquoted "Reviewed under ...:
 * keep it civil and technical." line and those after it) that is not
 * reminder, line for line?  A b4 review reply written from a template made
 * before the code or civil.contact changed does; it is signed, so civil
 * can't mend it, and it must not go out naming the old contact.
 */
static void find_stale(const char *text, const char *reminder,
		       civil_outgoing_t *out)
{
	const char *end = text + strlen(text), *p = text, *line;
	const char *rend = reminder + strlen(reminder);

	while (p < end) {
		const char *q, *r = reminder;
		size_t n;

		line = p;
		n = next_line(&p, end);
		if (civil_line_is_quoted(line, n) ||
		    !civil_reminder_line_is_ours(line, n))
			continue;
		for (q = line; r < rend;) {
			const char *have = q, *want = r;
			size_t hn = q < end ? next_line(&q, end) : 0;
			size_t wn = next_line(&r, rend);

			if (hn == wn && !memcmp(have, want, wn))
				continue;
			out->stale_line = strndup(have, hn);
			out->current_line = strndup(want, wn);
			if (!out->stale_line || !out->current_line)
				abort();
			return;
		}
	}
}

/*
 * Does text hold CIVIL_DRAFT_PLACEHOLDER, starting a line of its own (so
 * not quoted back in a reply), each blank of it any run of white space
 * (an editor may fill the paragraph again)?  Only that exact text: a
 * sender who changed a word of it has written there.
 */
static bool holds_placeholder(const char *text)
{
	static const char want[] = CIVIL_DRAFT_PLACEHOLDER;

	for (const char *p = text; (p = strchr(p, '[')); p++) {
		const char *q = p, *w = want;
		const char *bol = p;

		while (bol > text && (bol[-1] == ' ' || bol[-1] == '\t'))
			bol--;
		if (bol > text && bol[-1] != '\n')
			continue;
		while (*w) {
			if (*w == ' ') {
				if (!isspace((unsigned char)*q))
					break;
				while (isspace((unsigned char)*q))
					q++;
				w++;
			} else if (*q == *w) {
				q++, w++;
			} else {
				break;
			}
		}
		if (!*w)
			return true;
	}
	return false;
}

bool civil_outgoing_unfinished(civil_message_t *msg)
{
	const char *text = msg ? civil_message_text(msg) : NULL;

	/* The kind can't tell a patch here: a draft about a "[PATCH]" thread
	 * has the tag in its subject.  A diff can. */
	return text && !civil_text_has_diff(text, strlen(text)) &&
	       holds_placeholder(civil_message_authored(msg));
}

civil_status_t civil_outgoing_prepare(civil_t *c, civil_message_t *msg,
				      civil_outgoing_t *out, civil_error_t *err)
{
	const civil_config_t *cfg = civil_get_settings(c);
	civil_heat_t *heat = NULL;
	civil_status_t st;
	char *reminder;

	st = civil_need(err, c);
	if (!st)
		st = civil_need(err, msg);
	if (!st)
		st = civil_need(err, out);
	if (!st)
		st = civil_check_version(err, "civil_outgoing_t", out->version,
					 CIVIL_OUTGOING_VERSION);
	if (st)
		return st;
	*out = (civil_outgoing_t)CIVIL_OUTGOING_INIT;
	reminder = civil_reminder_text(civil_get_code(c), cfg);
	st = civil_remind_message(msg, reminder, cfg->remind, &out->out,
				  &out->remind, err);
	if (!st && (out->remind.action == CIVIL_REMIND_SIGNED ||
		    out->remind.action == CIVIL_REMIND_PRESENT))
		find_stale(civil_message_text(msg), reminder, out);
	free(reminder);
	if (st)
		return st;
	if (cfg->tone == CIVIL_TONE_OFF ||
	    !tone_applies(civil_message_kind(msg)))
		return CIVIL_STATUS_SUCCESS;
	/* The lexicon is read only for mail that is checked. */
	st = civil_get_heat(c, &heat, err);
	if (st)
		return st;
	civil_heat_score_message(heat, msg, &out->tone);
	out->tone_checked = true;
	out->tone_heated = out->tone.klass == CIVIL_HEAT_HEATED;
	return CIVIL_STATUS_SUCCESS;
}

void civil_outgoing_release(civil_outgoing_t *out)
{
	/* One prepare refused holds nothing of ours. */
	if (out->version != CIVIL_OUTGOING_VERSION)
		return;
	civil_buf_release(&out->out);
	civil_heat_score_release(&out->tone);
	free(out->stale_line);
	free(out->current_line);
}

static int by_place(const void *a, const void *b)
{
	const civil_heat_reason_t *x = *(const civil_heat_reason_t *const *)a;
	const civil_heat_reason_t *y = *(const civil_heat_reason_t *const *)b;

	return (x->at > y->at) - (x->at < y->at);
}

/* The first reason of each sentence that has one, in the order of the
 * text (the scorer gives them hottest first); *n gets how many. */
static const civil_heat_reason_t **by_sentence(const civil_heat_score_t *s,
					       size_t *n)
{
	const civil_heat_reason_t **v =
		calloc(s->n_reasons ? s->n_reasons : 1, sizeof(*v));

	if (!v)
		abort();
	*n = 0;
	for (size_t i = 0; i < s->n_reasons; i++) {
		size_t k;

		for (k = 0; k < *n && v[k]->at != s->reasons[i].at; k++)
			;
		if (k == *n)
			v[(*n)++] = &s->reasons[i];
	}
	qsort(v, *n, sizeof(*v), by_place);
	return v;
}

/* " (signal 'match'; signal)": every reason s gives the sentence at. */
static void sentence_reasons(const civil_heat_score_t *s, unsigned int at,
			     struct civil_buf *out)
{
	bool first = true;

	for (size_t j = 0; j < s->n_reasons; j++) {
		const civil_heat_reason_t *r = &s->reasons[j];

		if (r->at != at)
			continue;
		civil_buf_addf(out, "%s%s", first ? " (" : "; ", r->signal);
		if (*r->match)
			civil_buf_addf(out, " '%s'", r->match);
		first = false;
	}
	if (!first)
		civil_buf_addch(out, ')');
}

void civil_tone_lines(const civil_heat_score_t *s, struct civil_buf *out)
{
	size_t n;
	const civil_heat_reason_t **v = by_sentence(s, &n);

	/* Only heated sentences, in the order they were written: sharp
	 * words about code are the sender's to send. */
	for (size_t i = 0; i < n; i++) {
		if (v[i]->klass != CIVIL_HEAT_HEATED)
			continue;
		civil_buf_addf(out, "\"%s\"", v[i]->sentence);
		sentence_reasons(s, v[i]->at, out);
		civil_buf_addch(out, '\n');
	}
	free(v);
}

/* The sentences are the scorer's own split of the prose (heat.h), and
 * each one's verdict the class the message's score gave it: calm where it
 * gave none. */
void civil_tone_sentences(const civil_heat_t *h, civil_message_t *msg,
			  const civil_heat_score_t *s, struct civil_buf *out)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	GArray *v = g_array_new(FALSE, TRUE, sizeof(struct heat_scored));
	const char *a = civil_message_authored(msg);

	civil_heat_score_sentences(h, a, strlen(a), &prose, v);
	for (guint i = 0; i < v->len; i++) {
		const struct heat_scored *x =
			&g_array_index(v, struct heat_scored, i);
		civil_heat_class_t klass = CIVIL_HEAT_CALM;

		for (size_t j = 0; j < s->n_reasons; j++)
			if (s->reasons[j].at == i)
				klass = s->reasons[j].klass;
		civil_buf_addf(out, "%s: \"", civil_heat_class_name(klass));
		civil_line_collapse(out, prose.buf + x->off, x->len, false);
		civil_buf_addch(out, '"');
		sentence_reasons(s, i, out);
		civil_buf_addch(out, '\n');
	}
	civil_heat_scored_release(v);
	g_array_free(v, TRUE);
	civil_buf_release(&prose);
}
