// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * draft.c - the escalation: a private draft to the contact the code names,
 * carrying what the board needs to act without opening the archive.
 *
 * It is built with GMime, header by header: the only recipient is the
 * contact; there is no Cc, no Bcc, no In-Reply-To, no References, so it
 * can never thread into the heated discussion or reach its people.  Every
 * value taken from mail is decoded until nothing changes and put on one
 * line (civil_one_line) before it goes into a header or a line of the
 * body, so neither CR/LF nor an encoded word, however deep, can add a
 * header; a line made of mail starts with a mark of civil's own.  The
 * body says where the address came from.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "civil.h"
#include "internal.h"

#define QUOTE_LINES	 40 /* lines of one message quoted in the body */
#define DEFAULT_PASSAGES 25
/* With no passage of concern, the messages attached: the thread's first
 * (what it is about) and its last few (where it stands now); the links
 * lead to the rest.  A whole thread of 90 is a megabyte. */
#define NO_PASSAGE_LAST 5

/* A value taken from mail, on one line whatever it holds. */
static void add_one_line(struct civil_buf *b, const char *value)
{
	char *line = civil_one_line(value);

	civil_buf_adds(b, line);
	free(line);
}

static void when(struct civil_buf *b, long long t)
{
	char s[32];
	time_t tt = (time_t)t;
	struct tm tm;

	strftime(s, sizeof(s), "%Y-%m-%d %H:%M UTC", gmtime_r(&tt, &tm));
	civil_buf_adds(b, s);
}

static void link_to(struct civil_buf *b, const civil_draft_opts_t *o,
		    const char *id)
{
	const char *base = o->archive && *o->archive
				   ? o->archive
				   : "https://lore.kernel.org/r/";

	civil_buf_adds(b, base);
	if (base[strlen(base) - 1] != '/')
		civil_buf_addch(b, '/');
	/* Message-IDs may hold characters a URL can't. */
	for (const unsigned char *c = (const unsigned char *)id; *c; c++) {
		if (isalnum(*c) || strchr("@.-_+=~!$&'*,;:", *c))
			civil_buf_addch(b, (char)*c);
		else
			civil_buf_addf(b, "%%%02X", *c);
	}
}

/* "Jane Doe <jane@x>" -> "Jane Doe"; a bare address stays. */
static char *display_name(const char *from)
{
	InternetAddressList *l = internet_address_list_parse(NULL, from);
	char *name = NULL, *tidy;

	if (l && internet_address_list_length(l) > 0) {
		InternetAddress *a = internet_address_list_get_address(l, 0);
		const char *n = internet_address_get_name(a);

		if (n && *n)
			name = strdup(n);
		else if (INTERNET_ADDRESS_IS_MAILBOX(a))
			name = strdup(internet_address_mailbox_get_addr(
				INTERNET_ADDRESS_MAILBOX(a)));
	}
	if (l)
		g_object_unref(l);
	if (!name)
		name = strdup(from && *from ? from : "(unknown)");
	/* Decoded once more by the parse: on one line again. */
	tidy = civil_one_line(name);
	free(name);
	return tidy;
}

static bool picked(const civil_draft_opts_t *o, const char *id)
{
	for (size_t i = 0; o->picked && o->picked[i]; i++)
		if (id && !strcmp(o->picked[i], id))
			return true;
	return false;
}

/*
 * Is this passage (a sentence of m, the one r names) heated?  Until the
 * scorer gives every sentence its own class (heated, sharp, calm), a
 * passage is heated when the message it is in is at or over the
 * threshold.  This is the one place that decides it: sharp passages are
 * never quoted to the board.
 */
static bool passage_is_heated(const civil_thread_msg_t *m,
			      const civil_heat_reason_t *r,
			      const civil_draft_opts_t *o)
{
	(void)o;
	return m->scored && r->klass == CIVIL_HEAT_HEATED;
}

static bool has_heated_passage(const civil_thread_msg_t *m,
			       const civil_draft_opts_t *o)
{
	for (size_t k = 0; m->scored && k < m->heat.n_reasons; k++)
		if (passage_is_heated(m, &m->heat.reasons[k], o))
			return true;
	return false;
}

/* The reader's verdict wins: what they picked; else never a message they
 * hold calm; else one tagged heated (by them or by civil-scan), or with a
 * heated passage. */
static bool of_concern(const civil_draft_opts_t *o, const civil_thread_msg_t *m)
{
	if (o->picked && o->picked[0])
		return picked(o, m->id);
	if (m->reader_calm)
		return false;
	return m->heated || has_heated_passage(m, o);
}

/* Which messages the draft quotes and which it attaches. */
struct plan {
	bool *concern;
	bool *attach;
	size_t n_concern, n_attach;
};

static bool same_id(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* By default the messages of concern, what each answers and the replies
 * to it: what the board reads them in; the archive links lead to the
 * rest.  When nothing is of concern, the first message and the last
 * NO_PASSAGE_LAST.  Everything with attach_all. */
static void plan_make(const civil_thread_t *t, const civil_draft_opts_t *o,
		      struct plan *p)
{
	p->concern = calloc(t->n ? t->n : 1, sizeof(*p->concern));
	p->attach = calloc(t->n ? t->n : 1, sizeof(*p->attach));
	if (!p->concern || !p->attach)
		abort();
	p->n_concern = p->n_attach = 0;
	for (size_t i = 0; i < t->n; i++)
		p->n_concern += p->concern[i] = of_concern(o, &t->msgs[i]);
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		bool near = p->concern[i];

		for (size_t j = 0; j < t->n && !near; j++)
			near = p->concern[j] &&
			       (same_id(m->id, t->msgs[j].in_reply_to) ||
				same_id(m->in_reply_to, t->msgs[j].id));
		if (o->only_picked)
			p->attach[i] = picked(o, m->id);
		else if (!p->n_concern)
			p->attach[i] = o->attach_all || i == 0 ||
				       i + NO_PASSAGE_LAST >= t->n;
		else
			p->attach[i] = o->attach_all || near;
		p->n_attach += p->attach[i] && m->raw;
	}
}

static void plan_release(struct plan *p)
{
	free(p->concern);
	free(p->attach);
}

/* Append text filled to 72 columns, every line starting with prefix. */
static void wrap(struct civil_buf *b, const char *prefix, const char *text)
{
	size_t col = 0;
	const char *p = text;

	while (*p) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		if (col && col + 1 + n > 72) {
			civil_buf_addch(b, '\n');
			col = 0;
		}
		if (!col) {
			civil_buf_adds(b, prefix);
			col = strlen(prefix);
		} else {
			civil_buf_addch(b, ' ');
			col++;
		}
		civil_buf_add(b, p, n);
		col += n;
		p += n;
	}
	if (col)
		civil_buf_addch(b, '\n');
}

static void section(struct civil_buf *b, const char *title)
{
	civil_buf_addf(b, "\n-- %s --\n\n", title);
}

static void facts(struct civil_buf *b, const civil_thread_t *t,
		  const civil_draft_opts_t *o)
{
	GHashTable *count = g_hash_table_new(g_str_hash, g_str_equal);
	GPtrArray *order = g_ptr_array_new();
	GPtrArray *lists = g_ptr_array_new();
	const civil_thread_msg_t *first = &t->msgs[0];

	for (size_t i = 0; i < t->n; i++) {
		const char *who = t->msgs[i].from;
		gpointer n = g_hash_table_lookup(count, who);
		bool seen = false;

		if (!n)
			g_ptr_array_add(order, (gpointer)who);
		g_hash_table_insert(count, (gpointer)who,
				    GSIZE_TO_POINTER(GPOINTER_TO_SIZE(n) + 1));
		for (guint k = 0; k < lists->len && t->msgs[i].list; k++)
			seen |= !strcmp(g_ptr_array_index(lists, k),
					t->msgs[i].list);
		if (t->msgs[i].list && !seen)
			g_ptr_array_add(lists, t->msgs[i].list);
	}
	section(b, "The thread");
	civil_buf_adds(b, "Subject:   ");
	add_one_line(b, first->subject);
	civil_buf_adds(b, "\nLists:     ");
	for (guint k = 0; k < lists->len; k++) {
		civil_buf_adds(b, k ? ", " : "");
		add_one_line(b, g_ptr_array_index(lists, k));
	}
	civil_buf_adds(b, lists->len ? "\n" : "(none named)\n");
	civil_buf_adds(b, "First:     ");
	when(b, first->date);
	civil_buf_adds(b, "\nLast:      ");
	when(b, t->msgs[t->n - 1].date);
	civil_buf_addf(b, "\nMessages:  %zu\nPeople:    ", t->n);
	for (guint k = 0; k < order->len; k++) {
		civil_buf_adds(b, k ? ",\n           " : "");
		add_one_line(b, g_ptr_array_index(order, k));
		civil_buf_addf(b, " (%zu)",
			       GPOINTER_TO_SIZE(g_hash_table_lookup(
				       count, g_ptr_array_index(order, k))));
	}
	civil_buf_adds(b, "\nStarts at: ");
	if (first->id)
		link_to(b, o, first->id);
	civil_buf_addch(b, '\n');
	g_hash_table_destroy(count);
	g_ptr_array_free(order, TRUE);
	g_ptr_array_free(lists, TRUE);
}

static void timeline(struct civil_buf *b, const civil_thread_t *t,
		     const civil_draft_opts_t *o, const struct plan *p)
{
	bool some = p->n_attach && p->n_attach < t->n;

	section(b, "Timeline");
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		char *name = display_name(m->from);

		civil_buf_addf(b, "%3zu. ", i + 1);
		when(b, m->date);
		/* Replies indented under what they answer, as far as 8. */
		civil_buf_addf(
			b, "  %*s%s: ", (int)(m->depth < 8 ? m->depth * 2 : 16),
			"", name);
		add_one_line(b, m->subject);
		civil_buf_addf(b, "%s\n", p->concern[i] ? "  [of concern]" : "");
		civil_buf_adds(b, "     ");
		if (m->id)
			link_to(b, o, m->id);
		if (some && p->attach[i] && m->raw)
			civil_buf_adds(b, "  (attached)");
		if (m->missing)
			civil_buf_adds(b, "  (its file is missing here; "
					  "see the archive)");
		civil_buf_addch(b, '\n');
		free(name);
	}
}

static void quote(struct civil_buf *b, const char *text)
{
	const char *p = text, *end = text + strlen(text), *next;
	size_t lines = 0;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		if (++lines > QUOTE_LINES) {
			civil_buf_adds(b, "  [...]\n");
			break;
		}
		/* Always prefixed: no line of theirs can read as a trailer
		 * or header to a tool that handles this draft. */
		civil_buf_adds(b, "  > ");
		civil_line_collapse(b, p, n, true);
		civil_buf_addch(b, '\n');
	}
}

/* ---- the passages ---- */

/* s as one line of words: white space and control characters squeezed
 * to single spaces, and the "..." of a sentence civil cut short gone. */
static void squeezed(struct civil_buf *out, const char *s, size_t len)
{
	struct civil_buf one = CIVIL_BUF_INIT;
	bool space = true;

	civil_line_collapse(&one, s, len, false);
	civil_buf_reset(out);
	for (size_t i = 0; i < one.len; i++) {
		bool blank = one.buf[i] == ' ' || one.buf[i] == '\t';

		if (blank && space)
			continue;
		civil_buf_addch(out, blank ? ' ' : one.buf[i]);
		space = blank;
	}
	while (out->len && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	if (out->len > 3 && !strcmp(out->buf + out->len - 3, "..."))
		out->buf[out->len -= 3] = '\0';
	if (!out->buf)
		civil_buf_grow(out, 0);
	civil_buf_release(&one);
}

/* Is reason's sentence (cut short, maybe: civil keeps at most a line of
 * it) the sentence mine? */
static bool same_sentence(const char *mine, size_t mine_len, const char *reason)
{
	struct civil_buf a = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	bool same;

	squeezed(&a, mine, mine_len);
	squeezed(&b, reason, strlen(reason));
	same = b.len &&
	       (!strcmp(a.buf, b.buf) || (b.len >= 20 && b.len < a.len &&
					  !strncmp(a.buf, b.buf, b.len)));
	civil_buf_release(&a);
	civil_buf_release(&b);
	return same;
}

/* Does mine (squeezed) hold the words of reason (squeezed), or do
 * reason's words hold mine?  For a reason a civil that split sentences
 * otherwise stored: a fragment of what is a sentence now, or sentences
 * it read as one. */
static bool holds(const char *mine, size_t mine_len, const char *reason,
		  bool reason_holds_mine)
{
	struct civil_buf a = CIVIL_BUF_INIT, b = CIVIL_BUF_INIT;
	bool yes;

	squeezed(&a, mine, mine_len);
	squeezed(&b, reason, strlen(reason));
	yes = a.len && b.len &&
	      (reason_holds_mine ? strstr(b.buf, a.buf) != NULL
				 : strstr(a.buf, b.buf) != NULL);
	civil_buf_release(&a);
	civil_buf_release(&b);
	return yes;
}

/* Mark in hot the sentence of text (v, n of them: the one splitter's,
 * as the scorer read them) that the reason's sentence is: the one at its
 * place (at) when it is that sentence, else the first that is.  A reason
 * stored by a civil that split sentences otherwise: the first sentence
 * that holds its words (it was cut short: "Dick, reality is ..."), else
 * the sentences of a dozen bytes or more its words hold (it ran across
 * what is a paragraph's end now). */
static void mark_reason(const char *text, const struct civil_sentence *v,
			size_t n, const civil_heat_reason_t *r, bool *hot)
{
	if (r->at < n &&
	    same_sentence(text + v[r->at].off, v[r->at].len, r->sentence)) {
		hot[r->at] = true;
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (same_sentence(text + v[i].off, v[i].len, r->sentence)) {
			hot[i] = true;
			return;
		}
	for (size_t i = 0; i < n; i++)
		if (holds(text + v[i].off, v[i].len, r->sentence, false)) {
			hot[i] = true;
			return;
		}
	for (size_t i = 0; i < n; i++)
		if (v[i].len >= 12 &&
		    holds(text + v[i].off, v[i].len, r->sentence, true))
			hot[i] = true;
}

/* A passage: the span s (len bytes) of the sender's text, line by line
 * as they wrote it, each line marked as a quote (so no line of theirs
 * can read as a header or trailer to a tool that handles the draft).
 * Never filled or rewrapped: taking the "  > " off each line and joining
 * them with line ends gives the sender's bytes back (a control character
 * other than a tab, never part of a word, shows as a space). */
static void quote_span(struct civil_buf *b, const char *s, size_t len)
{
	const char *p = s, *end = s + len, *next;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next);

		civil_buf_adds(b, "  > ");
		civil_line_collapse(b, p, n, true);
		civil_buf_addch(b, '\n');
	}
}

/* The heated passages of m, in the order they were written, each a span
 * of the sender's words from the start of a sentence to the end of one:
 * heated sentences next to each other in a paragraph are one passage,
 * and "[...]" stands between passages.  False when there is none to
 * quote (civil found none, or a reader's verdict or a pick made it of
 * concern, or what civil stored is no sentence of the message now). */
static bool quote_heated(struct civil_buf *b, const civil_thread_msg_t *m,
			 const civil_draft_opts_t *o)
{
	const char *text = m->authored;
	GArray *sent = g_array_new(FALSE, FALSE, sizeof(struct civil_sentence));
	const struct civil_sentence *v;
	size_t quoted = 0;
	bool *hot;

	civil_sentences(text, strlen(text), sent);
	v = (const struct civil_sentence *)(void *)sent->data;
	hot = g_new0(bool, sent->len + 1);
	for (size_t k = 0; m->scored && k < m->heat.n_reasons; k++) {
		const civil_heat_reason_t *r = &m->heat.reasons[k];

		if (passage_is_heated(m, r, o) && r->sentence)
			mark_reason(text, v, sent->len, r, hot);
	}
	for (size_t i = 0; i < sent->len; i++) {
		size_t j = i;

		if (!hot[i])
			continue;
		while (j + 1 < sent->len && hot[j + 1] &&
		       v[j + 1].para == v[i].para)
			j++;
		if (quoted++)
			civil_buf_adds(b, "  [...]\n");
		quote_span(b, text + v[i].off, v[j].off + v[j].len - v[i].off);
		i = j;
	}
	g_free(hot);
	g_array_free(sent, TRUE);
	return quoted > 0;
}

static void passages(struct civil_buf *b, const civil_thread_t *t,
		     const civil_draft_opts_t *o, const struct plan *p)
{
	size_t max = o->max_passages ? o->max_passages : DEFAULT_PASSAGES;
	size_t shown = 0;

	section(b, "Passages of concern");
	for (size_t i = 0; i < t->n && shown < max; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		char *name;

		if (!p->concern[i])
			continue;
		shown++;
		/* Marked, so no name can start a line and read as a
		 * header ("Bcc: x" <y>). */
		name = display_name(m->from);
		civil_buf_addf(b, "* %s, ", name);
		when(b, m->date);
		civil_buf_adds(b, ":\n");
		if (m->id) {
			civil_buf_adds(b, "  ");
			link_to(b, o, m->id);
			civil_buf_addch(b, '\n');
		}
		if (m->missing)
			civil_buf_adds(b, "  [the message's file is missing "
					  "here; see the link]\n");
		else if (!quote_heated(b, m, o) && *m->authored)
			quote(b, m->authored);
		civil_buf_addch(b, '\n');
		free(name);
	}
	if (p->n_concern > shown)
		civil_buf_addf(b,
			       "%zu more passages of concern are not quoted "
			       "here; the timeline links them.\n",
			       p->n_concern - shown);
}

static void code_section(struct civil_buf *b, const civil_draft_opts_t *o)
{
	const civil_code_t *c = o->code;
	const char *commit = c->commit_id;
	char *words = civil_code_unacceptable_sentence(c);
	struct civil_buf src = CIVIL_BUF_INIT;

	section(b, "The code");
	if (c->kind == CIVIL_CODE_BUILTIN)
		civil_buf_addf(b, "The Linux kernel's %s (%s, 2015) says:\n\n",
			       civil_code_kind_name(c->kind), c->path);
	else
		civil_buf_addf(b, "The project's %s (%s, blob %.12s) says:\n\n",
			       civil_code_kind_name(c->kind), c->path,
			       c->blob_id);
	if (words) {
		const char *p = words, *end = words + strlen(words), *next;

		/* The sentence, then its list items, each filled. */
		for (; p < end; p = next) {
			size_t n = civil_line_len(p, end, &next);
			char *line = strndup(p, n);

			wrap(b, "  > ", line);
			free(line);
		}
	} else {
		civil_buf_addf(b, "  (see %s)\n", c->path);
	}
	free(words);

	civil_buf_addch(b, '\n');
	civil_buf_reset(&src);
	civil_buf_addf(&src, "This draft is addressed to <%s> only, because ",
		       c->contact);
	/* The file and the commit, which anyone can look up; never where
	 * the sender keeps their tree, which is theirs. */
	switch (c->contact_source) {
	case CIVIL_CONTACT_FILE:
		civil_buf_addf(&src, "%s (blob %.12s", c->contact_path,
			       c->contact_blob_id);
		if (commit && *commit)
			civil_buf_addf(&src, ", commit %.12s", commit);
		civil_buf_adds(&src, ") names that address.");
		break;
	case CIVIL_CONTACT_CONFIG:
		civil_buf_adds(&src, "git config civil.contact is set to it.");
		break;
	default:
		if (commit && *commit)
			civil_buf_addf(&src,
				       "no code file was found at commit "
				       "%.12s of the tree it was made in",
				       commit);
		else
			civil_buf_adds(&src, "it was made outside any git "
					     "tree");
		civil_buf_adds(&src, ", so it is civil's built-in fallback: "
				     "the contact of the kernel's 2015 Code "
				     "of Conflict, which may not be the "
				     "project's.");
		break;
	}
	civil_buf_adds(&src, " It was not sent to the list or to anyone in "
			     "the thread.");
	wrap(b, "", src.buf);
	civil_buf_release(&src);
}

static bool name_char(unsigned char ch)
{
	return isalnum(ch) || ch >= 0x80 || strchr("'-&", ch);
}

/* "Linux Foundation's Technical Advisory Board": what follows the last
 * possessive, the body's own name. */
static const char *after_possessive(const char *name, const char *end)
{
	const char *from = name;

	for (const char *q = name; q + 2 < end; q++)
		if (!strncmp(q, "'s ", 3))
			from = q + 3;
		else if (q + 4 < end && !strncmp(q, "\u2019s ", 5))
			from = q + 5;
	return from;
}

/*
 * To whom the draft is written: the name the code gives the people at its
 * contact's address ("please contact the example review board at
 * <board@...>": "Dear example review board"), else a plain "Hello": a
 * greeting must never name a board the contact is not.  Read from the
 * code's own words, on one line (white space made single spaces), as
 * "the NAME at ADDRESS", NAME a few words of letters.
 */
static void greeting(struct civil_buf *b, const civil_code_t *c)
{
	struct civil_buf flat = CIVIL_BUF_INIT;
	const char *hit, *p, *end = NULL, *name = NULL;
	bool space = false;

	for (const char *q = c->text ? c->text : ""; *q; q++) {
		if (isspace((unsigned char)*q)) {
			space = flat.len > 0;
			continue;
		}
		if (space)
			civil_buf_addch(&flat, ' ');
		space = false;
		civil_buf_addch(&flat, *q);
	}
	hit = c->contact && flat.len
		      ? civil_memcasemem(flat.buf, flat.len, c->contact)
		      : NULL;
	p = hit;
	while (p && p > flat.buf && strchr("<: ", p[-1]))
		p--;
	if (p && p - flat.buf >= 4 && !strncasecmp(p - 3, " at", 3)) {
		const char *e = end = p - 3; /* the space before "at" */

		/* Back to "the", word by word: at most 8, each of letters. */
		for (int words = 0; words <= 8 && e > flat.buf; words++) {
			const char *w = e;
			bool letters = true;

			while (w > flat.buf && w[-1] != ' ')
				w--;
			if (e - w == 3 && !strncasecmp(w, "the", 3)) {
				name = e < end ? e + 1 : NULL;
				break;
			}
			for (const char *q = w; q < e; q++)
				letters &= name_char((unsigned char)*q);
			if (!letters || w == flat.buf)
				break;
			e = w - 1;
		}
	}
	if (name) {
		name = after_possessive(name, end);
		civil_buf_adds(b, "Dear ");
		civil_buf_add(b, name, (size_t)(end - name));
	} else {
		civil_buf_adds(b, "Hello");
	}
	civil_buf_release(&flat);
}

static void body_text(struct civil_buf *b, const civil_thread_t *t,
		      const civil_draft_opts_t *o, const struct plan *p)
{
	struct civil_buf intro = CIVIL_BUF_INIT;

	civil_buf_adds(&intro, "I would like to ask for your help with the "
			       "discussion below.  The thread is summarised "
			       "here");
	civil_buf_adds(&intro, p->n_concern ? " with the passages that "
					      "concern me, and"
					    : " and");
	civil_buf_adds(&intro, " every message is linked; ");
	if (o->only_picked)
		civil_buf_adds(&intro, "the messages I picked are attached "
				       "as an mbox.");
	else if (p->n_attach >= t->n)
		civil_buf_adds(&intro, "the thread's messages are attached "
				       "as an mbox.");
	else if (p->n_concern)
		civil_buf_adds(&intro, "the messages these passages come "
				       "from, with the ones they answer and "
				       "the replies to them, are attached as "
				       "an mbox (marked \"attached\" in the "
				       "timeline).");
	else
		civil_buf_addf(&intro,
			       "its first message and the last %d "
			       "are attached as an mbox (marked "
			       "\"attached\" in the timeline).",
			       NO_PASSAGE_LAST);
	greeting(b, o->code);
	civil_buf_adds(b, ",\n\n");
	wrap(b, "", intro.buf);
	civil_buf_addch(b, '\n');
	wrap(b, "", CIVIL_DRAFT_PLACEHOLDER);
	civil_buf_addf(b, "\nThank you,\n%s\n",
		       o->from_name && *o->from_name ? o->from_name
						     : o->from_email);
	civil_buf_release(&intro);
	facts(b, t, o);
	timeline(b, t, o, p);
	/* None: the reporter was told how to name them (--message), and
	 * the board reads the thread from the timeline. */
	if (p->n_concern)
		passages(b, t, o, p);
	code_section(b, o);
}

/* mboxrd: From_ lines, and ">From " escaped once more. */
static void mbox_of(struct civil_buf *b, const civil_thread_t *t,
		    const struct plan *plan)
{
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		const char *p, *end, *next;
		char date[64];
		time_t tt = (time_t)m->date;
		struct tm tm;

		if (!m->raw || !plan->attach[i])
			continue;
		strftime(date, sizeof(date), "%a %b %e %H:%M:%S %Y",
			 gmtime_r(&tt, &tm));
		civil_buf_addf(b, "From civil %s\n", date);
		p = m->raw;
		end = m->raw + m->raw_len;
		/* A leading From_ line of its own is replaced by ours. */
		if (m->raw_len > 5 && !memcmp(p, "From ", 5))
			civil_line_len(p, end, &p);
		for (; p < end; p = next) {
			const char *q = p;

			civil_line_len(p, end, &next);
			while (q < next && *q == '>')
				q++;
			if (next - q >= 5 && !memcmp(q, "From ", 5))
				civil_buf_addch(b, '>');
			civil_buf_add(b, p, (size_t)(next - p));
		}
		if (b->len && b->buf[b->len - 1] != '\n')
			civil_buf_addch(b, '\n');
		civil_buf_addch(b, '\n');
	}
}

/* ---- for the reporter: why ---- */

static void explain_reasons(struct civil_buf *b, const civil_thread_msg_t *m,
			    const civil_draft_opts_t *o, bool heated_only)
{
	for (size_t k = 0; m->scored && k < m->heat.n_reasons; k++) {
		const civil_heat_reason_t *r = &m->heat.reasons[k];

		if (heated_only && !passage_is_heated(m, r, o))
			continue;
		civil_buf_addf(b, "    %s: ",
			       civil_heat_class_name(r->klass));
		add_one_line(b, r->signal);
		if (r->match && *r->match) {
			civil_buf_adds(b, " '");
			add_one_line(b, r->match);
			civil_buf_adds(b, "'");
		}
		civil_buf_adds(b, ": \"");
		add_one_line(b, r->sentence);
		civil_buf_adds(b, "\"\n");
	}
}

civil_status_t civil_draft_count(const civil_thread_t *t,
				 const civil_draft_opts_t *o, size_t *concern,
				 size_t *attached, civil_error_t *err)
{
	civil_status_t st = civil_need(err, t);
	struct plan p;

	if (!st)
		st = civil_need(err, o);
	if (!st)
		st = civil_check_version(err, "civil_draft_opts_t", o->version,
					 CIVIL_DRAFT_OPTS_VERSION);
	if (st)
		return st;
	plan_make(t, o, &p);
	if (concern)
		*concern = p.n_concern;
	if (attached)
		*attached = p.n_attach;
	plan_release(&p);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_draft_explain(const civil_thread_t *t,
				   const civil_draft_opts_t *o,
				   struct civil_buf *out, civil_error_t *err)
{
	civil_status_t st = civil_check_version(err, "civil_draft_opts_t",
						o->version,
						CIVIL_DRAFT_OPTS_VERSION);
	struct plan p;

	if (st)
		return st;
	plan_make(t, o, &p);
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		bool hot = has_heated_passage(m, o);

		if (!p.concern[i] && !(m->reader_calm && (hot || m->heated)))
			continue;
		civil_buf_adds(out, "id:");
		add_one_line(out, m->id ? m->id : "?");
		civil_buf_adds(out, "  ");
		when(out, m->date);
		if (!p.concern[i])
			civil_buf_adds(out, "  left out: you hold it calm "
					    "(you took civil's heated tag off)");
		else if (o->picked && o->picked[0])
			civil_buf_adds(out, "  of concern: you picked it "
					    "(--message)");
		else if (m->heated && !hot)
			civil_buf_adds(out, "  of concern: tagged heated in "
					    "notmuch (civil's score alone "
					    "would leave it out)");
		else if (m->heated)
			civil_buf_adds(out, "  of concern: tagged heated in "
					    "notmuch, and heated to civil");
		else
			civil_buf_adds(out, "  of concern: heated to civil");
		if (m->scored)
			civil_buf_addf(out, " (score %.2f, threshold %.2f)",
				       m->heat.score, o->threshold);
		civil_buf_addch(out, '\n');
		if (p.concern[i] && hot)
			explain_reasons(out, m, o, true);
		else if (p.concern[i])
			civil_buf_adds(out, "    quoted: the sender's own "
					    "words (no heated passage "
					    "found)\n");
	}
	civil_buf_addf(out, "%zu of %zu messages of concern; %zu attached%s\n",
		       p.n_concern, t->n, p.n_attach,
		       p.n_attach < t->n && !o->attach_all
			       ? " (--all attaches every one)"
			       : "");
	plan_release(&p);
	return CIVIL_STATUS_SUCCESS;
}

static bool plain_address(const char *a)
{
	const char *at = a ? strchr(a, '@') : NULL;

	if (!at || at == a || !at[1] || strchr(at + 1, '@'))
		return false;
	for (const char *p = a; *p; p++)
		if ((unsigned char)*p <= ' ' || strchr("<>()[]\\,;:\"", *p))
			return false;
	return true;
}

civil_status_t civil_draft_build(const civil_thread_t *t,
				 const civil_draft_opts_t *o,
				 struct civil_buf *out, civil_error_t *err)
{
	struct civil_buf body = CIVIL_BUF_INIT, mbox = CIVIL_BUF_INIT;
	struct civil_buf subject = CIVIL_BUF_INIT;
	struct plan plan;
	GMimeMessage *m;
	GMimeMultipart *mixed;
	GMimeTextPart *text;
	GMimePart *att;
	GMimeStream *mem, *dst;
	GMimeDataWrapper *w;
	GDateTime *now;
	GByteArray *bytes;
	const char *domain;
	char *id;
	civil_status_t st;

	st = civil_check_version(err, "civil_draft_opts_t", o->version,
				 CIVIL_DRAFT_OPTS_VERSION);
	if (st)
		return st;
	if (!t->n)
		return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				       "the thread has no messages");
	if (!o->code->contact)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s names no one to contact; set git "
				       "config civil.contact",
				       o->code->path);
	if (!plain_address(o->code->contact))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "contact '%s' is not a plain address",
				       o->code->contact);
	if (!plain_address(o->from_email))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "no reporter address: set git config "
				       "user.email (or notmuch's "
				       "user.primary_email)");
	for (size_t i = 0; o->picked && o->picked[i]; i++) {
		bool found = false;

		for (size_t k = 0; k < t->n && !found; k++)
			found = t->msgs[k].id &&
				!strcmp(t->msgs[k].id, o->picked[i]);
		if (!found)
			return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
					       "id:%s is not in this thread",
					       o->picked[i]);
	}

	plan_make(t, o, &plan);
	body_text(&body, t, o, &plan);
	mbox_of(&mbox, t, &plan);
	plan_release(&plan);

	m = g_mime_message_new(TRUE);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, o->from_name,
				   o->from_email);
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO, NULL,
				   o->code->contact);
	civil_buf_addf(&subject, "%s: request for help with thread \"",
		       civil_code_kind_name(o->code->kind));
	add_one_line(&subject, t->msgs[0].subject);
	civil_buf_addch(&subject, '"');
	g_mime_message_set_subject(m, subject.buf, "utf-8");
	now = g_date_time_new_now_utc();
	g_mime_message_set_date(m, now);
	g_date_time_unref(now);
	domain = strchr(o->from_email, '@') + 1;
	id = g_mime_utils_generate_message_id(domain);
	g_mime_message_set_message_id(m, id);
	g_free(id);
	/* notmuch-emacs resumes drafts that carry this header; a file for
	 * git send-email or mutt -H must not carry it to the board. */
	if (o->notmuch_draft)
		g_mime_object_set_header(GMIME_OBJECT(m),
					 "X-Notmuch-Emacs-Draft", "True", NULL);

	mixed = g_mime_multipart_new_with_subtype("mixed");
	text = g_mime_text_part_new_with_subtype("plain");
	g_mime_text_part_set_text(text, body.buf);
	g_mime_object_encode(GMIME_OBJECT(text),
			     GMIME_ENCODING_CONSTRAINT_7BIT);
	g_mime_multipart_add(mixed, GMIME_OBJECT(text));

	att = g_mime_part_new_with_type("application", "mbox");
	g_mime_part_set_filename(att, "thread.mbox");
	g_mime_object_set_disposition(GMIME_OBJECT(att), "attachment");
	mem = g_mime_stream_mem_new_with_buffer(civil_buf_str(&mbox), mbox.len);
	w = g_mime_data_wrapper_new_with_stream(mem,
						GMIME_CONTENT_ENCODING_DEFAULT);
	g_mime_part_set_content(att, w);
	g_mime_part_set_content_encoding(att, GMIME_CONTENT_ENCODING_BASE64);
	g_mime_multipart_add(mixed, GMIME_OBJECT(att));
	g_mime_message_set_mime_part(m, GMIME_OBJECT(mixed));

	dst = g_mime_stream_mem_new();
	g_mime_object_write_to_stream(GMIME_OBJECT(m), NULL, dst);
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(dst));
	civil_buf_reset(out);
	civil_buf_add(out, bytes->data, bytes->len);

	g_object_unref(dst);
	g_object_unref(w);
	g_object_unref(mem);
	g_object_unref(att);
	g_object_unref(text);
	g_object_unref(mixed);
	g_object_unref(m);
	civil_buf_release(&subject);
	civil_buf_release(&body);
	civil_buf_release(&mbox);
	return CIVIL_STATUS_SUCCESS;
}
