// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thread.c - one thread, oldest first, with what an escalation needs of
 * each message: who, when, to whom, on which list, the sender's own
 * words, the heat and why, and the message as it arrived.
 *
 * From notmuch (a query that names exactly one thread), or from an mbox
 * (what b4 mbox and lei q write).  A message whose file is gone stays in
 * the timeline with what the database knows of it, marked missing.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "db.h"
#include "internal.h"

/* The length of a character at s (n bytes left) that would end a line,
 * or let what follows read as a header: the ASCII controls and DEL, and
 * in UTF-8 the C1 controls (NEL among them) and Unicode's line and
 * paragraph separators.  0 for any other character. */
static size_t control_len(const unsigned char *s, size_t n)
{
	if (*s < 0x20 || *s == 0x7f)
		return 1;
	if (n >= 2 && s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f)
		return 2;
	if (n >= 3 && s[0] == 0xe2 && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	return 0;
}

void civil_line_collapse(struct civil_buf *out, const char *s, size_t len,
			 bool keep_tabs)
{
	const unsigned char *u = (const unsigned char *)s;
	bool space = false;

	for (size_t i = 0; i < len;) {
		size_t n = control_len(u + i, len - i);

		if (!n || (keep_tabs && u[i] == '\t')) {
			civil_buf_addch(out, s[i++]);
			space = false;
			continue;
		}
		if (!space)
			civil_buf_addch(out, ' ');
		space = true;
		i += n;
	}
}

#define DECODE_ROUNDS 8

char *civil_one_line(const char *s)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char *text = g_strdup(s ? s : ""), *p;

	/* An encoded word may decode to another one, and that to CR LF and
	 * a header: decode until nothing changes. */
	for (int i = 0; i < DECODE_ROUNDS; i++) {
		char *next = g_mime_utils_header_decode_text(NULL, text);
		bool same = !next || !strcmp(next, text);

		if (next) {
			g_free(text);
			text = next;
		}
		if (same)
			break;
	}
	civil_line_collapse(&b, text, strlen(text), false);
	g_free(text);
	/* What still looks like the start of an encoded word did not
	 * decode here, but some reader may decode it, and GMime, writing it
	 * as text, folds the line inside the next one: break it. */
	if (strstr(civil_buf_str(&b), "=?")) {
		struct civil_buf broken = CIVIL_BUF_INIT;

		for (const char *c = b.buf; *c; c++) {
			civil_buf_addch(&broken, *c);
			if (c[0] == '=' && c[1] == '?')
				civil_buf_addch(&broken, ' ');
		}
		civil_buf_release(&b);
		b = broken;
	}
	p = civil_xstrdup(civil_buf_str(&b));
	civil_buf_release(&b);
	return g_strstrip(p);
}

/* A Message-ID from mail: no control characters either, but nothing to
 * decode. */
static char *clean_id(const char *s)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	char *id;

	civil_line_collapse(&b, s ? s : "", s ? strlen(s) : 0, false);
	id = civil_xstrdup(civil_buf_str(&b));
	civil_buf_release(&b);
	return g_strstrip(id);
}

/* Header values go into a new message and its body: decoded, on one
 * line. */
static char *clean(const char *s)
{
	return civil_one_line(s);
}

static void msg_release(civil_thread_msg_t *m)
{
	free(m->id);
	free(m->from);
	free(m->to);
	free(m->cc);
	free(m->subject);
	free(m->list);
	free(m->in_reply_to);
	free(m->authored);
	free(m->raw);
	civil_heat_score_release(&m->heat);
}

void civil_thread_release(civil_thread_t *t)
{
	for (size_t i = 0; i < t->n; i++)
		msg_release(&t->msgs[i]);
	free(t->msgs);
	free(t->thread_id);
	memset(t, 0, sizeof(*t));
}

static civil_thread_msg_t *add_msg(civil_thread_t *t)
{
	civil_thread_msg_t *m;

	t->msgs = realloc(t->msgs, (t->n + 1) * sizeof(*t->msgs));
	if (!t->msgs)
		abort();
	m = &t->msgs[t->n++];
	memset(m, 0, sizeof(*m));
	return m;
}

char *civil_list_id(const char *list_id)
{
	const char *lt = strrchr(list_id, '<'), *gt;

	if (lt && (gt = strchr(lt, '>')))
		return strndup(lt + 1, (size_t)(gt - lt - 1));
	return clean(list_id);
}

static char *list_id(civil_message_t *msg)
{
	const char *l = civil_message_header(msg, "List-Id");
	char *id, *tidy;

	if (!l)
		l = civil_message_header(msg, "X-Mailing-List");
	if (!l)
		return NULL;
	id = civil_list_id(l);
	tidy = clean(id);
	free(id);
	return tidy;
}

/* Fill m from a parsed message (headers as the message has them). */
static void from_message(civil_thread_msg_t *m, civil_message_t *msg,
			 const civil_heat_t *heat)
{
	const char *irt = civil_message_header(msg, "In-Reply-To");
	GDateTime *dt = g_mime_message_get_date(civil_message_mime(msg));
	size_t len;
	const char *raw = civil_message_raw(msg, &len);

	if (!m->id && civil_message_id(msg))
		m->id = clean_id(civil_message_id(msg));
	if (!m->from)
		m->from = clean(civil_message_header(msg, "From"));
	m->to = clean(civil_message_header(msg, "To"));
	m->cc = clean(civil_message_header(msg, "Cc"));
	if (!m->subject)
		m->subject = clean(civil_message_subject(msg));
	m->list = list_id(msg);
	if (irt) {
		const char *lt = strchr(irt, '<'),
			   *gt = lt ? strchr(lt, '>') : NULL;

		m->in_reply_to =
			lt && gt ? strndup(lt + 1, (size_t)(gt - lt - 1))
				 : clean_id(irt);
	}
	if (!m->date && dt)
		m->date = (long long)g_date_time_to_unix(dt);
	m->authored = civil_xstrdup(civil_message_authored(msg));
	m->kind = civil_message_kind(msg);
	m->raw = malloc(len ? len : 1);
	if (!m->raw)
		abort();
	memcpy(m->raw, raw, len);
	m->raw_len = len;
	if (heat && !m->scored) {
		civil_heat_score_message(heat, msg, &m->heat);
		m->scored = true;
	}
}

/* Depth in the reply tree, from In-Reply-To, for the timeline. */
static void set_depths(civil_thread_t *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const char *parent = t->msgs[i].in_reply_to;

		t->msgs[i].depth = 0;
		for (size_t j = 0; parent && j < i; j++) {
			if (t->msgs[j].id && !strcmp(t->msgs[j].id, parent)) {
				t->msgs[i].depth = t->msgs[j].depth + 1;
				break;
			}
		}
	}
}

static int by_date(const void *a, const void *b)
{
	const civil_thread_msg_t *x = a, *y = b;

	return (x->date > y->date) - (x->date < y->date);
}

/* ---- from notmuch ---- */

/* What the database holds of the message's heat: its heated tag (civil's
 * or the reader's) and the reader's verdict, read as civil-scan reads
 * them; a read that failed even after reopening counts as the tag alone
 * and no verdict. */
static void read_verdicts(civil_thread_msg_t *m, notmuch_message_t *nm,
			  const civil_nm_config_t *cfg)
{
	civil_db_facts_t facts;

	m->in_db = true;
	if (civil_db_read_facts_retry(nm, cfg->tag, cfg->thread_tag, &facts)) {
		m->heated = civil_db_has_tag(nm, cfg->tag);
		m->reader_calm = false;
		return;
	}
	m->heated = facts.tagged;
	m->reader_calm = facts.reader_calm;
}

static void from_db_message(civil_thread_t *t, notmuch_message_t *nm,
			    const civil_nm_config_t *cfg,
			    const civil_heat_t *heat)
{
	civil_thread_msg_t *m = add_msg(t);
	civil_message_t *msg = NULL;

	m->id = clean_id(notmuch_message_get_message_id(nm));
	m->date = (long long)notmuch_message_get_date(nm);
	m->from = clean(notmuch_message_get_header(nm, "from"));
	m->subject = clean(notmuch_message_get_header(nm, "subject"));
	read_verdicts(m, nm, cfg);
	m->scored = civil_db_stored_heat(nm, &m->heat);
	/* Whole: the thread shows its fields and raw bytes. */
	if (!civil_db_read_message(nm, CIVIL_DB_READ_WHOLE, &msg, NULL)) {
		from_message(m, msg, heat);
	} else {
		const char *irt = notmuch_message_get_header(nm, "in-reply-to");

		m->missing = true;
		m->in_reply_to = irt && *irt ? clean_id(irt) : NULL;
		if (m->in_reply_to && m->in_reply_to[0] == '<') {
			char *s = m->in_reply_to;

			memmove(s, s + 1, strlen(s));
			s[strcspn(s, ">")] = '\0';
		}
		m->authored = civil_xstrdup("");
	}
	civil_message_free(msg);
}

civil_status_t civil_thread_fill_db(civil_t *c, const char *query,
				    civil_thread_t *out, civil_error_t *err)
{
	const civil_heat_t *heat = civil_heat_if_read(c);
	const civil_nm_config_t *cfg = NULL;
	notmuch_database_t *db = NULL;
	notmuch_query_t *q = NULL;
	notmuch_threads_t *threads = NULL;
	notmuch_thread_t *th = NULL;
	notmuch_messages_t *msgs;
	unsigned int count = 0;
	notmuch_status_t ns;
	civil_status_t st;

	memset(out, 0, sizeof(*out));
	st = civil_nm_for_db(c, &cfg, err);
	if (!st)
		st = civil_get_db(c, &db, err);
	if (st)
		return st;
	q = notmuch_query_create(db, query);
	notmuch_query_set_omit_excluded(q, NOTMUCH_EXCLUDE_FALSE);
	ns = notmuch_query_count_threads(q, &count);
	if (ns) {
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "bad query '%s': %s", query,
				     civil_db_message(db, ns));
		goto done;
	}
	if (count != 1) {
		st = civil_error_set(
			err, CIVIL_STATUS_NOT_FOUND,
			count ? "'%s' matches %u threads; name one "
				"(thread:... or id:...)"
			      : "'%s' matches no message%.0u",
			query, count);
		goto done;
	}
	/* A thread that can't be read (another process committed twice
	 * since the snapshot) is read again from the newest one. */
	for (int i = 0;; i++) {
		ns = notmuch_query_search_threads(q, &threads);
		if (!ns && !notmuch_threads_valid(threads))
			ns = NOTMUCH_STATUS_XAPIAN_EXCEPTION;
		if (!ns)
			ns = civil_nm_threads_get(threads, &th);
		if (!ns)
			break;
		if (i == CIVIL_DB_RETRIES || civil_db_reopen(db)) {
			st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
					     "can't read thread '%s': %s",
					     query, civil_db_message(db, ns));
			goto done;
		}
	}
	out->thread_id = civil_xstrdup(notmuch_thread_get_thread_id(th));
	/* Every message of the thread, oldest first, matched or not. */
	for (msgs = notmuch_thread_get_messages(th);
	     notmuch_messages_valid(msgs);
	     notmuch_messages_move_to_next(msgs)) {
		notmuch_message_t *nm;

		if (civil_nm_messages_get(msgs, &nm))
			continue;
		from_db_message(out, nm, cfg, heat);
		notmuch_message_destroy(nm);
	}
	qsort(out->msgs, out->n, sizeof(*out->msgs), by_date);
	set_depths(out);
done:
	if (th)
		notmuch_thread_destroy(th);
	notmuch_query_destroy(q);
	return st;
}

/* ---- the database's verdicts on messages read from elsewhere ---- */

struct verdicts {
	GHashTable *by_id; /* Message-ID -> civil_thread_msg_t */
	const civil_nm_config_t *cfg;
	size_t found;
};

static int verdict_one(notmuch_message_t *nm, void *arg)
{
	struct verdicts *v = arg;
	civil_thread_msg_t *m =
		g_hash_table_lookup(v->by_id, notmuch_message_get_message_id(nm));

	if (m && !m->in_db) {
		read_verdicts(m, nm, v->cfg);
		v->found++;
	}
	return 0;
}

civil_status_t civil_thread_read_verdicts(civil_t *c, civil_thread_t *t,
					  size_t *found, civil_error_t *err)
{
	struct verdicts v = { NULL, NULL, 0 };
	struct civil_buf q = CIVIL_BUF_INIT;
	notmuch_database_t *db = NULL;
	civil_status_t st;

	if (found)
		*found = 0;
	st = civil_need(err, c);
	if (!st)
		st = civil_need(err, t);
	if (!st)
		st = civil_nm_for_db(c, &v.cfg, err);
	if (!st)
		st = civil_get_db(c, &db, err);
	if (st)
		return st;
	v.by_id = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; i < t->n; i++) {
		if (!t->msgs[i].id || !*t->msgs[i].id)
			continue;
		g_hash_table_insert(v.by_id, t->msgs[i].id, &t->msgs[i]);
		civil_buf_adds(&q, q.len ? " OR " : "");
		civil_db_quote_term(&q, "id", t->msgs[i].id);
	}
	if (q.len)
		st = civil_db_foreach(db, q.buf, NOTMUCH_SORT_UNSORTED,
				      verdict_one, &v, err);
	if (found)
		*found = v.found;
	g_hash_table_destroy(v.by_id);
	civil_buf_release(&q);
	return st;
}

/* ---- from an mbox ---- */

struct mbox_walk {
	civil_thread_t *t;
	const civil_heat_t *heat;
};

static int mbox_one(civil_message_t *msg, void *arg)
{
	struct mbox_walk *w = arg;
	civil_thread_msg_t *m = add_msg(w->t);

	from_message(m, msg, w->heat);
	return 0;
}

civil_status_t civil_thread_fill_mbox(const void *data, size_t len,
				      const char *name,
				      const civil_heat_t *heat,
				      civil_thread_t *out, size_t *skipped,
				      civil_error_t *err)
{
	struct mbox_walk w = { out, heat };
	civil_status_t st;

	memset(out, 0, sizeof(*out));
	st = civil_mbox_foreach(data, len, name, mbox_one, &w, skipped, err);
	if (st)
		return st;
	if (!out->n)
		return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				       "'%s' holds no messages", name);
	qsort(out->msgs, out->n, sizeof(*out->msgs), by_date);
	set_depths(out);
	return CIVIL_STATUS_SUCCESS;
}

/* ---- naming a thread ---- */

/* A Message-ID (RFC 5322 msg-id, brackets off) has an '@' and no white
 * space or control characters: anything else is not taken for one. */
static bool plain_id(const char *id)
{
	if (!strchr(id, '@'))
		return false;
	for (const unsigned char *c = (const unsigned char *)id; *c; c++)
		if (*c <= ' ' || *c == 0x7f)
			return false;
	return true;
}

/* The Message-ID of a lore (or any public-inbox) URL, the part after its
 * scheme: .../r/<msgid>[/...], .../<list>/<msgid>[/...], the path part
 * with an '@' in it.  NULL when there is none. */
static char *id_from_url(const char *rest)
{
	const char *path = strchr(rest, '/');
	struct civil_buf q = CIVIL_BUF_INIT;
	char **parts;

	if (!path)
		return NULL;
	parts = g_strsplit(path + 1, "/", -1);
	for (size_t i = 0; parts[i]; i++) {
		if (strchr(parts[i], '@')) {
			/* NULL for an escaped NUL. */
			char *id = g_uri_unescape_string(parts[i], NULL);

			if (id && plain_id(id))
				civil_db_quote_term(&q, "id", id);
			g_free(id);
			break;
		}
	}
	g_strfreev(parts);
	if (q.len)
		return civil_buf_detach(&q);
	civil_buf_release(&q);
	return NULL;
}

/* THREAD as given on the command line -> a notmuch query.  A query is
 * kept; a lore (or any public-inbox) URL or a bare Message-ID becomes
 * id:...  Every part is looked for within arg's own bytes. */
char *civil_thread_query(const char *arg)
{
	static const char *const schemes[] = { "http://", "https://" };
	struct civil_buf q = CIVIL_BUF_INIT;
	const char *p = arg;
	char *id;

	for (size_t i = 0; i < 2; i++)
		if (!strncmp(arg, schemes[i], strlen(schemes[i])))
			return id_from_url(arg + strlen(schemes[i]));
	/* "<id@host>" or "id@host" with no query syntax around it. */
	if (*p == '<')
		p++;
	if (plain_id(p) && !strchr(p, ':')) {
		id = strndup(p, strcspn(p, ">"));
		if (!id)
			abort();
		if (plain_id(id)) {
			civil_db_quote_term(&q, "id", id);
			free(id);
			return civil_buf_detach(&q);
		}
		free(id);
	}
	return civil_xstrdup(arg);
}

char *civil_bare_id(const char *s)
{
	struct civil_buf id = CIVIL_BUF_INIT;
	char *bare;

	if (!strncmp(s, "id:", 3))
		s += 3;
	if (*s == '"') {
		/* A quoted term, as civil_id_query and notmuch write it: a
		 * doubled quote is one quote, a lone one ends it, and the
		 * argument with it.  Otherwise the quote is the id's own
		 * ("\"odd\"-1@x"). */
		const char *p;

		for (p = s + 1; *p && (*p != '"' || p[1] == '"'); p++) {
			civil_buf_addch(&id, *p);
			if (*p == '"')
				p++;
		}
		if (*p == '"' && !p[1])
			s = civil_buf_str(&id);
	}
	if (*s == '<')
		s++;
	bare = strndup(s, strcspn(s, ">"));
	if (!bare)
		abort();
	civil_buf_release(&id);
	return bare;
}

char *civil_id_query(const char *id)
{
	struct civil_buf q = CIVIL_BUF_INIT;

	civil_db_quote_term(&q, "id", id ? id : "");
	return civil_buf_detach(&q);
}

/* ---- the thread as civil.h gives it ---- */

static civil_thread_t *thread_new(void)
{
	civil_thread_t *t = calloc(1, sizeof(*t));

	if (!t)
		abort();
	return t;
}

static civil_status_t handed_over(civil_status_t st, civil_thread_t *t,
				  civil_thread_t **out)
{
	if (st) {
		civil_thread_free(t);
		t = NULL;
	}
	*out = t;
	return st;
}

civil_status_t civil_thread_from_db(civil_t *c, const char *query,
				    civil_thread_t **out, civil_error_t *err)
{
	civil_status_t st = civil_need(err, out);
	civil_thread_t *t;

	if (!st)
		st = civil_need(err, c);
	if (!st)
		st = civil_need(err, query);
	if (st) {
		if (out)
			*out = NULL;
		return st;
	}
	t = thread_new();
	return handed_over(civil_thread_fill_db(c, query, t, err), t, out);
}

civil_status_t civil_thread_from_mbox(const void *data, size_t len,
				      const char *name,
				      const civil_heat_t *heat,
				      civil_thread_t **out, size_t *skipped,
				      civil_error_t *err)
{
	civil_status_t st = civil_need(err, out);
	civil_thread_t *t;

	if (!st && !data && len)
		st = civil_need(err, data);
	if (!st)
		st = civil_need(err, name);
	if (st) {
		if (out)
			*out = NULL;
		return st;
	}
	t = thread_new();
	return handed_over(
		civil_thread_fill_mbox(data, len, name, heat, t, skipped, err),
		t, out);
}

void civil_thread_free(civil_thread_t *t)
{
	if (!t)
		return;
	civil_thread_release(t);
	free(t);
}

size_t civil_thread_get_count(const civil_thread_t *t)
{
	return t->n;
}

civil_status_t civil_thread_foreach(const civil_thread_t *t, civil_thread_fn fn,
				    void *arg, civil_error_t *err)
{
	civil_status_t st = civil_need(err, t);

	if (!st)
		st = civil_need(err, fn);
	if (st)
		return st;
	for (size_t i = 0; i < t->n; i++) {
		/* A copy of what a caller may read, not the message itself:
		 * civil_thread_msg_t is lib/'s to change. */
		civil_thread_item_t item = {
			.id = t->msgs[i].id,
			.missing = t->msgs[i].missing,
		};

		if (fn(&item, arg))
			break;
	}
	return CIVIL_STATUS_SUCCESS;
}
