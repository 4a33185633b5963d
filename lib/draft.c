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
#include <time.h>

#include "civil.h"
#include "internal.h"

#define QUOTE_LINES	 40 /* lines of one message quoted in the body */
#define DEFAULT_PASSAGES 25

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

static bool of_concern(const civil_draft_opts_t *o, const civil_thread_msg_t *m)
{
	if (o->picked && o->picked[0])
		return picked(o, m->id);
	return m->heated || (m->scored && m->heat.klass == CIVIL_HEAT_HEATED);
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
		     const civil_draft_opts_t *o)
{
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
		civil_buf_addf(b, "%s\n",
			       of_concern(o, m) ? "  [of concern]" : "");
		civil_buf_adds(b, "     ");
		if (m->id)
			link_to(b, o, m->id);
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
			civil_buf_adds(b, "  > [...]\n");
			break;
		}
		/* Always prefixed: no line of theirs can read as a trailer
		 * or header to a tool that handles this draft. */
		civil_buf_adds(b, "  > ");
		civil_line_collapse(b, p, n, true);
		civil_buf_addch(b, '\n');
	}
}

static void passages(struct civil_buf *b, const civil_thread_t *t,
		     const civil_draft_opts_t *o)
{
	size_t max = o->max_passages ? o->max_passages : DEFAULT_PASSAGES;
	size_t shown = 0, more = 0;

	section(b, "Passages of concern");
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		char *name;

		if (!of_concern(o, m))
			continue;
		if (shown == max) {
			more++;
			continue;
		}
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
		if (m->scored && m->heat.n_reasons) {
			civil_buf_addf(
				b, "(civil's heat score %.2f:", m->heat.score);
			for (size_t k = 0; k < m->heat.n_reasons && k < 6;
			     k++) {
				civil_buf_addf(b, "%s ", k ? ";" : "");
				add_one_line(b, m->heat.reasons[k].signal);
				civil_buf_adds(b, " \"");
				add_one_line(b, m->heat.reasons[k].match);
				civil_buf_addch(b, '"');
			}
			civil_buf_adds(b, ")\n");
		} else if (m->heated) {
			civil_buf_adds(b, "(tagged heated)\n");
		}
		if (m->missing)
			civil_buf_adds(b, "  [the message's file is missing "
					  "here; see the link]\n");
		else if (*m->authored)
			quote(b, m->authored);
		civil_buf_addch(b, '\n');
		free(name);
	}
	if (!shown)
		civil_buf_adds(b, "(none marked: no message is tagged heated "
				  "or picked with --message; please name them "
				  "above)\n");
	if (more)
		civil_buf_addf(b,
			       "%zu more passages of concern are not quoted "
			       "here; every message is in the attachment.\n",
			       more);
}

static void code_section(struct civil_buf *b, const civil_draft_opts_t *o)
{
	const civil_code_t *c = o->code;
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
	switch (c->contact_source) {
	case CIVIL_CONTACT_FILE:
		civil_buf_addf(&src,
			       "%s (blob %.12s) in %s names that address.",
			       c->contact_path, c->contact_blob_id,
			       o->where ? o->where : "the repository");
		break;
	case CIVIL_CONTACT_CONFIG:
		civil_buf_adds(&src, "git config civil.contact is set to it.");
		break;
	default:
		civil_buf_addf(&src,
			       "no code file was found in %s: it is "
			       "civil's built-in default, the contact of "
			       "the kernel's 2015 Code of Conflict.",
			       o->where ? o->where : "this directory");
		break;
	}
	civil_buf_adds(&src, " It was not sent to the list or to anyone in "
			     "the thread.");
	wrap(b, "", src.buf);
	civil_buf_release(&src);
}

static void body_text(struct civil_buf *b, const civil_thread_t *t,
		      const civil_draft_opts_t *o)
{
	const civil_code_t *c = o->code;
	const char *to = c->contact_source == CIVIL_CONTACT_CONFIG ? "Hello"
			 : c->kind == CIVIL_CODE_CONDUCT
				 ? "Dear Code of Conduct Committee"
				 : "Dear Technical Advisory Board";

	civil_buf_addf(b,
		       "%s,\n\n"
		       "I would like to ask for your help with the discussion "
		       "below.  The thread is\nsummarised here with the "
		       "passages that concern me; the original messages\nare "
		       "attached as an mbox.\n\n"
		       "[ Please write here, in your own words, what happened, "
		       "how it affects you,\n  and what you would like to "
		       "happen. ]\n\n"
		       "Thank you,\n%s\n",
		       to,
		       o->from_name && *o->from_name ? o->from_name
						     : o->from_email);
	facts(b, t, o);
	timeline(b, t, o);
	passages(b, t, o);
	code_section(b, o);
}

/* mboxrd: From_ lines, and ">From " escaped once more. */
static void mbox_of(struct civil_buf *b, const civil_thread_t *t,
		    const civil_draft_opts_t *o)
{
	for (size_t i = 0; i < t->n; i++) {
		const civil_thread_msg_t *m = &t->msgs[i];
		const char *p, *end, *next;
		char date[64];
		time_t tt = (time_t)m->date;
		struct tm tm;

		if (!m->raw || (o->only_picked && !picked(o, m->id)))
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

	body_text(&body, t, o);
	mbox_of(&mbox, t, o);

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
	/* notmuch-emacs resumes drafts that carry this header. */
	g_mime_object_set_header(GMIME_OBJECT(m), "X-Notmuch-Emacs-Draft",
				 "True", NULL);

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
