// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * db.c - opening the notmuch database the way the user's notmuch does,
 * and waiting for its write lock without ever hanging.
 *
 * libnotmuch waits for Xapian's write lock for as long as it takes.  So
 * before asking for write access, civil looks at the lock itself
 * (F_OFD_GETLK on Xapian's flintlock file: it looks, it does not take)
 * and gives up after the configured time with nothing changed.
 *
 * And what every lib/ file reads from the database, read one way: a
 * walk over a query's messages, a message's facts, and its mail from
 * its file (civil_db_read_message: the scan, the corrections,
 * civil-heated and the thread view all read a message so).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "internal.h"

/* Where Xapian keeps its lock: <path>/.notmuch/xapian or, with a split
 * layout, <path>/xapian. */
static char *flintlock_path(const char *db_path)
{
	static const char *const rel[] = { "/.notmuch/xapian/flintlock",
					   "/xapian/flintlock" };
	struct civil_buf b = CIVIL_BUF_INIT;

	for (size_t i = 0; i < 2; i++) {
		civil_buf_reset(&b);
		civil_buf_addf(&b, "%s%s", db_path, rel[i]);
		if (access(b.buf, F_OK) == 0)
			return civil_buf_detach(&b);
	}
	civil_buf_release(&b);
	return NULL;
}

/* Is someone holding the write lock right now? */
static bool write_locked(const char *lock)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = open(lock, O_RDWR | O_CLOEXEC);
	bool held = false;

	if (fd < 0)
		return false;
	if (fcntl(fd, F_OFD_GETLK, &fl) == 0)
		held = fl.l_type != F_UNLCK;
	else if (fcntl(fd, F_GETLK, &fl) == 0)
		held = fl.l_type != F_UNLCK;
	close(fd);
	return held;
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Sleep ms, but not past deadline. */
static void nap(int ms, long long deadline)
{
	long long left = deadline - now_ms();

	if (left > 0)
		usleep((useconds_t)(left < ms ? left : ms) * 1000);
}

notmuch_status_t civil_db_open_waiting(const char *database,
				       notmuch_database_mode_t mode,
				       const char *config, int timeout_ms,
				       notmuch_database_t **out, char **msg)
{
	long long deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : 0);

	for (;;) {
		notmuch_status_t ns;

		*out = NULL;
		*msg = NULL;
		ns = notmuch_database_open_with_config(database, mode, config,
						       NULL, out, msg);
		if (ns != NOTMUCH_STATUS_XAPIAN_EXCEPTION ||
		    now_ms() >= deadline)
			return ns;
		free(*msg);
		if (*out)
			notmuch_database_destroy(*out);
		nap(100, deadline);
	}
}

static civil_status_t open_mode(const civil_nm_config_t *cfg,
				notmuch_database_mode_t mode, int timeout_ms,
				notmuch_database_t **out, civil_error_t *err)
{
	char *msg = NULL;
	notmuch_status_t ns;

	/* The database and config file cfg names; with no config file
	 * named, none ("": never notmuch's search for one). */
	ns = civil_db_open_waiting(
		cfg ? cfg->database_path : NULL, mode,
		cfg ? (cfg->config_path ? cfg->config_path : "") : NULL,
		timeout_ms, out, &msg);
	if (ns) {
		civil_status_t st;

		/* Its first line: strtok() would be one more static
		 * buffer shared by every thread. */
		if (msg)
			msg[strcspn(msg, "\n")] = '\0';
		/* Xapian's reason, through every try: most often another
		 * process committing under the open.  Try again later. */
		if (ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION)
			st = civil_error_set(
				err, CIVIL_STATUS_LOCKED,
				"can't open notmuch database: %s; gave up "
				"after %d s",
				msg ? msg : notmuch_status_to_string(ns),
				(timeout_ms + 999) / 1000);
		else
			st = civil_error_set(
				err, CIVIL_STATUS_DATABASE_ERROR,
				"can't open notmuch database: %s",
				msg ? msg : notmuch_status_to_string(ns));
		free(msg);
		if (*out)
			notmuch_database_destroy(*out);
		*out = NULL;
		return st;
	}
	free(msg);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_db_open(const civil_nm_config_t *cfg, bool writable,
			     int lock_timeout_ms, notmuch_database_t **out,
			     civil_error_t *err)
{
	long long deadline = now_ms() + lock_timeout_ms;
	notmuch_database_t *ro = NULL;
	civil_status_t st;
	char *lock;

	*out = NULL;
	st = open_mode(cfg, NOTMUCH_DATABASE_MODE_READ_ONLY, lock_timeout_ms,
		       &ro, err);
	if (st || !writable) {
		*out = ro;
		return st;
	}
	/* Looked at often: another writer's lock may be free only for the
	 * moment between two of its commands. */
	lock = flintlock_path(civil_db_path(ro));
	while (lock && write_locked(lock)) {
		if (now_ms() >= deadline) {
			st = civil_error_set(err, CIVIL_STATUS_LOCKED,
					     "database '%s' is locked by "
					     "another writer; gave up after "
					     "%d s",
					     civil_db_path(ro),
					     lock_timeout_ms / 1000);
			free(lock);
			notmuch_database_destroy(ro);
			return st;
		}
		nap(10, deadline);
	}
	free(lock);
	notmuch_database_destroy(ro);
	return open_mode(cfg, NOTMUCH_DATABASE_MODE_READ_WRITE,
			 (int)(deadline - now_ms()), out, err);
}

const char *civil_db_path(notmuch_database_t *db)
{
	const char *p = notmuch_config_get(db, NOTMUCH_CONFIG_DATABASE_PATH);

	return p ? p : notmuch_database_get_path(db);
}

const char *civil_db_message(notmuch_database_t *db, notmuch_status_t st)
{
	const char *m = notmuch_database_status_string(db);

	return m && *m ? m : notmuch_status_to_string(st);
}

/* Ask the kernel to start reading a message's first file now: it is
 * parsed a window of messages later, and the disk works meanwhile. */
static void read_ahead(notmuch_message_t *m)
{
	notmuch_filenames_t *f = notmuch_message_get_filenames(m);

	for (; notmuch_filenames_valid(f); notmuch_filenames_move_to_next(f)) {
		int fd = open(notmuch_filenames_get(f), O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
			close(fd);
			break;
		}
	}
	notmuch_filenames_destroy(f);
}

civil_status_t civil_db_close(notmuch_database_t *db, civil_status_t st,
			      civil_error_t *err)
{
	notmuch_status_t ns = notmuch_database_close(db);

	if (ns && !st)
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     "can't save changes: %s",
				     notmuch_status_to_string(ns));
	notmuch_database_destroy(db);
	return st;
}

notmuch_status_t civil_db_reopen(notmuch_database_t *db)
{
	return notmuch_database_reopen(db, NOTMUCH_DATABASE_MODE_READ_ONLY);
}

/* Searching a snapshot another process has overwritten fails with an
 * exception, and so does a query notmuch can't parse: only the first goes
 * away on a fresh snapshot.  *stale: the database could not be reopened,
 * so the failure may be the database's, not the query's. */
static notmuch_status_t search(notmuch_database_t *db, notmuch_query_t *q,
			       bool retry, notmuch_messages_t **out,
			       bool *stale)
{
	notmuch_status_t ns = notmuch_query_search_messages(q, out);

	*stale = false;
	for (int i = 0; retry && ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION &&
			i < CIVIL_DB_RETRIES;
	     i++) {
		*stale = civil_db_reopen(db) != NOTMUCH_STATUS_SUCCESS;
		if (*stale)
			break;
		ns = notmuch_query_search_messages(q, out);
	}
	return ns;
}

/* notmuch keeps 0 for a message whose Date is missing or unreadable, and
 * answers 0 for a read that failed too: 0 is believed when the Date in
 * the message's own file gives 0 as well, as notmuch reads it. */
static bool date_is_zero(notmuch_message_t *m)
{
	const char *h = notmuch_message_get_header(m, "date");
	GDateTime *dt;
	bool zero;

	if (!h || !*h)
		return true;
	dt = g_mime_utils_header_decode_date(h);
	zero = !dt || g_date_time_to_unix(dt) <= 0;
	if (dt)
		g_date_time_unref(dt);
	return zero;
}

/*
 * Where a walk over a query's messages is.  A search's messages belong to
 * the snapshot it was made in: once the database is reopened (by civil,
 * or by notmuch itself when it met a stale read), the search's later
 * messages may be gone (notmuch 0.37 aborts on a document that is no
 * longer there), and once the snapshot is stale they can't be read at
 * all.  So the walk searches again at the newest revision and goes on
 * from where it was: past the date of the last message it took (the walk
 * is in date order) and past the messages of that date it took, by
 * Message-ID.  What a reader sees is the walk it would have had, less
 * mail that came in dated before where it was, which the next scan sees.
 */
struct walk {
	notmuch_database_t *db;
	notmuch_query_t *q;
	notmuch_sort_t sort;
	bool retry; /* read-only: reopen, search again, go on */
	notmuch_messages_t *msgs;
	unsigned long revision; /* of the database msgs was searched in */
	bool stale;		/* a read failed: reopen before searching */
	int restarts;		/* since the last message taken */
	bool took;		/* any message yet */
	time_t last;		/* the date of the last taken, */
	GHashTable *taken;	/* and the ids taken with that date */
};

enum next {
	NEXT_MESSAGE, /* *out is the next message */
	NEXT_END,     /* no more */
	NEXT_EMPTY,   /* the walk must search again: hand out the messages
		       * held first, as they belong to the old search */
	NEXT_FAILED,  /* the database kept changing under every reread */
};

/* Behind where the walk was, by date. */
static bool behind(const struct walk *w, time_t date)
{
	if (!w->took)
		return false;
	if (w->sort == NOTMUCH_SORT_OLDEST_FIRST)
		return date < w->last;
	if (w->sort == NOTMUCH_SORT_NEWEST_FIRST)
		return date > w->last;
	return false;
}

/* Note m as taken, or (false, m destroyed) pass it by: it is behind
 * where the walk was, or was taken before; *failed when it can't be
 * read (a date of 0 that its file does not confirm is a read that
 * failed, and never puts a message behind). */
static bool take(struct walk *w, notmuch_message_t *m, bool *failed)
{
	time_t date = notmuch_message_get_date(m);
	bool sorted = w->sort != NOTMUCH_SORT_UNSORTED;
	const char *id;

	/* Behind, by its date alone (a value, cheap to read): going on
	 * after a search again passes most messages so, without reading
	 * their terms. */
	*failed = false;
	if (date && behind(w, date)) {
		notmuch_message_destroy(m);
		return false;
	}
	id = notmuch_message_get_message_id(m);
	*failed = !id || (!date && !date_is_zero(m));
	if (*failed || behind(w, date) ||
	    ((!sorted || date == w->last) &&
	     g_hash_table_contains(w->taken, id))) {
		notmuch_message_destroy(m);
		return false;
	}
	/* Going on past a date needs only the ids taken at that date; an
	 * unsorted walk keeps them all. */
	if (sorted && date != w->last)
		g_hash_table_remove_all(w->taken);
	g_hash_table_add(w->taken, civil_xstrdup(id));
	w->took = true;
	w->last = date;
	w->restarts = 0;
	return true;
}

/* Search again at the newest revision (reopening first when a read
 * failed). */
static notmuch_status_t search_again(struct walk *w)
{
	notmuch_status_t ns = NOTMUCH_STATUS_SUCCESS;
	bool stale;

	notmuch_messages_destroy(w->msgs);
	w->msgs = NULL;
	if (w->stale)
		ns = civil_db_reopen(w->db);
	w->stale = false;
	if (!ns)
		ns = search(w->db, w->q, true, &w->msgs, &stale);
	w->revision = notmuch_database_get_revision(w->db, NULL);
	return ns;
}

static enum next next_message(struct walk *w, bool holding,
			      notmuch_message_t **out)
{
	*out = NULL;
	for (;;) {
		notmuch_message_t *m;
		bool failed;

		if (w->retry &&
		    (w->stale || notmuch_database_get_revision(w->db, NULL) !=
					 w->revision)) {
			if (holding)
				return NEXT_EMPTY;
			if (++w->restarts > CIVIL_DB_RETRIES || search_again(w))
				return NEXT_FAILED;
			continue;
		}
		if (!w->msgs || !notmuch_messages_valid(w->msgs))
			return NEXT_END;
		if (civil_nm_messages_get(w->msgs, &m)) {
			if (!w->retry)
				return NEXT_FAILED;
			w->stale = true;
			continue;
		}
		if (!w->retry) {
			notmuch_messages_move_to_next(w->msgs);
			*out = m;
			return NEXT_MESSAGE;
		}
		if (!take(w, m, &failed)) {
			if (failed)
				w->stale = true;
			else
				notmuch_messages_move_to_next(w->msgs);
			continue;
		}
		notmuch_messages_move_to_next(w->msgs);
		*out = m;
		return NEXT_MESSAGE;
	}
}

static civil_status_t foreach (notmuch_database_t *db, const char *query,
			       notmuch_sort_t sort, unsigned int ahead,
			       bool retry, civil_db_msg_fn fn, void *arg,
			       civil_error_t * err)
{
	struct walk w = { .db = db, .sort = sort, .retry = retry };
	notmuch_message_t *window[CIVIL_DB_AHEAD + 1];
	unsigned int head = 0, n = 0;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	notmuch_status_t ns;
	int stop = 0;
	bool stale;

	w.q = notmuch_query_create(db, query);
	if (!w.q)
		return civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				       "can't create query '%s'", query);
	notmuch_query_set_sort(w.q, sort);
	/* Scan everything asked for, excluded tags included. */
	notmuch_query_set_omit_excluded(w.q, NOTMUCH_EXCLUDE_FALSE);
	ns = search(db, w.q, retry, &w.msgs, &stale);
	if (ns) {
		/* Still failing on a fresh snapshot (or on a database open
		 * for writing, which nobody else changes): the query. */
		st = civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				     stale ? "can't search '%s' in '%s': %s"
					   : "bad query '%s' in '%s': %s",
				     query, civil_db_path(db),
				     civil_db_message(db, ns));
		notmuch_query_destroy(w.q);
		return st;
	}
	w.revision = notmuch_database_get_revision(db, NULL);
	w.taken = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	/* A ring of the next `ahead` messages: each is read ahead as it
	 * joins, and handed to fn as it leaves. */
	for (;;) {
		enum next got = NEXT_END;
		notmuch_message_t *m = NULL;

		if (!stop)
			got = next_message(&w, n > 0, &m);
		if (got == NEXT_FAILED) {
			st = civil_error_set(
				err, CIVIL_STATUS_PARTIAL,
				"can't read '%s' in '%s' while another "
				"process writes it: %s; run it again",
				query, civil_db_path(db),
				civil_db_message(
					db, NOTMUCH_STATUS_XAPIAN_EXCEPTION));
			stop = 1;
		} else if (got == NEXT_MESSAGE) {
			if (ahead)
				read_ahead(m);
			window[(head + n) % (ahead + 1)] = m;
			n++;
		}
		if (n && (n > ahead || got != NEXT_MESSAGE)) {
			m = window[head];
			if (!stop)
				stop = fn(m, arg);
			notmuch_message_destroy(m);
			head = (head + 1) % (ahead + 1);
			n--;
		} else if (got != NEXT_MESSAGE) {
			break;
		}
	}
	g_hash_table_destroy(w.taken);
	notmuch_query_destroy(w.q);
	return st;
}

civil_status_t civil_db_foreach(notmuch_database_t *db, const char *query,
				notmuch_sort_t sort, civil_db_msg_fn fn,
				void *arg, civil_error_t *err)
{
	return foreach (db, query, sort, 0, true, fn, arg, err);
}

civil_status_t civil_db_foreach_writing(notmuch_database_t *db,
					const char *query, notmuch_sort_t sort,
					civil_db_msg_fn fn, void *arg,
					civil_error_t *err)
{
	return foreach (db, query, sort, 0, false, fn, arg, err);
}

civil_status_t civil_db_foreach_file(notmuch_database_t *db, const char *query,
				     notmuch_sort_t sort, civil_db_msg_fn fn,
				     void *arg, civil_error_t *err)
{
	return foreach (db, query, sort, CIVIL_DB_AHEAD, true, fn, arg, err);
}

civil_status_t civil_db_count(notmuch_database_t *db, const char *query,
			      unsigned int *count, civil_error_t *err)
{
	notmuch_query_t *q = notmuch_query_create(db, query);
	notmuch_status_t ns;

	if (!q)
		return civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				       "can't create query '%s'", query);
	notmuch_query_set_omit_excluded(q, NOTMUCH_EXCLUDE_FALSE);
	ns = notmuch_query_count_messages(q, count);
	for (int i = 0; ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION &&
			i < CIVIL_DB_RETRIES && !civil_db_reopen(db);
	     i++)
		ns = notmuch_query_count_messages(q, count);
	notmuch_query_destroy(q);
	if (ns)
		return civil_error_set(err, CIVIL_STATUS_DATABASE_ERROR,
				       "can't count '%s': %s", query,
				       civil_db_message(db, ns));
	return CIVIL_STATUS_SUCCESS;
}

const char *civil_db_property(notmuch_message_t *msg, const char *key)
{
	const char *v = NULL;

	if (civil_nm_message_get_property(msg, key, &v))
		return NULL;
	return v;
}

bool civil_db_has_tag(notmuch_message_t *msg, const char *tag)
{
	notmuch_tags_t *tags = notmuch_message_get_tags(msg);
	bool has = false;

	for (; notmuch_tags_valid(tags) && !has;
	     notmuch_tags_move_to_next(tags))
		has = !strcmp(notmuch_tags_get(tags), tag);
	notmuch_tags_destroy(tags);
	return has;
}

notmuch_status_t civil_db_read_facts(notmuch_message_t *m, const char *tag,
				     const char *thread_tag,
				     civil_db_facts_t *out)
{
	const notmuch_status_t failed = NOTMUCH_STATUS_XAPIAN_EXCEPTION;
	const char *civil_tagged = NULL, *reader = NULL, *review = NULL;
	notmuch_tags_t *tags;

	memset(out, 0, sizeof(*out));
	out->id = notmuch_message_get_message_id(m);
	out->thread = notmuch_message_get_thread_id(m);
	/* notmuch keeps From as a value, "" for a message without one: NULL
	 * is a read that failed. */
	out->from = notmuch_message_get_header(m, "from");
	if (!out->id || !out->thread || !out->from ||
	    notmuch_message_count_files(m) < 0)
		return failed;
	tags = notmuch_message_get_tags(m);
	if (!tags)
		return failed;
	for (; notmuch_tags_valid(tags); notmuch_tags_move_to_next(tags)) {
		const char *t = notmuch_tags_get(tags);

		out->tagged |= !strcmp(t, tag);
		out->thread_tagged |= !strcmp(t, thread_tag);
	}
	notmuch_tags_destroy(tags);
	/* The reader's verdict decides what civil may tag: a read of it
	 * that failed is never taken as "none". */
	if (civil_nm_message_get_property(m, "civil.tagged", &civil_tagged) ||
	    civil_nm_message_get_property(m, "civil.reader", &reader) ||
	    civil_nm_message_get_property(m, "civil.review", &review))
		return failed;
	out->civil_tagged = civil_tagged && !strcmp(civil_tagged, "1");
	out->review = review && !strcmp(review, "1");
	out->reader_calm =
		!out->tagged &&
		(out->civil_tagged || (reader && !strcmp(reader, "calm")));
	out->date = (long long)notmuch_message_get_date(m);
	if (!out->date && !date_is_zero(m))
		return failed;
	return NOTMUCH_STATUS_SUCCESS;
}

notmuch_status_t civil_db_read_facts_retry(notmuch_message_t *m,
					   const char *tag,
					   const char *thread_tag,
					   civil_db_facts_t *out)
{
	notmuch_database_t *db = notmuch_message_get_database(m);
	notmuch_status_t ns = civil_db_read_facts(m, tag, thread_tag, out);

	/* The same message object reads the reopened database. */
	for (int i = 0; ns == NOTMUCH_STATUS_XAPIAN_EXCEPTION &&
			i < CIVIL_DB_RETRIES && !civil_db_reopen(db);
	     i++)
		ns = civil_db_read_facts(m, tag, thread_tag, out);
	return ns;
}

/* The first of the message's files that can be read (malloc'd), or NULL;
 * *first gets the first file name the database has (malloc'd, or NULL),
 * for saying which file is missing. */
static char *existing_file(notmuch_message_t *msg, char **first)
{
	notmuch_filenames_t *f = notmuch_message_get_filenames(msg);
	char *found = NULL;

	*first = NULL;
	for (; notmuch_filenames_valid(f) && !found;
	     notmuch_filenames_move_to_next(f)) {
		const char *name = notmuch_filenames_get(f);

		if (!*first)
			*first = strdup(name);
		if (access(name, R_OK) == 0)
			found = strdup(name);
	}
	notmuch_filenames_destroy(f);
	return found;
}

/* The same, and when none can be read (another process renamed or
 * removed the file since the snapshot, or the names could not be read),
 * from the newest revision: the message with Message-ID id found again.
 * *gone: it is no longer in the database at all. */
static char *file_now(notmuch_message_t *msg, const char *id, char **first,
		      bool *gone)
{
	notmuch_database_t *db = notmuch_message_get_database(msg);
	char *file = existing_file(msg, first);

	*gone = false;
	/* A message keeps the file names it read first: only a message
	 * found again reads those of the newest revision. */
	for (int i = 0; !file && i < CIVIL_DB_RETRIES && !civil_db_reopen(db);
	     i++) {
		notmuch_message_t *now = NULL;
		notmuch_status_t ns =
			notmuch_database_find_message(db, id, &now);

		if (!ns && !now) {
			*gone = true;
			break;
		}
		if (ns)
			continue;
		free(*first);
		file = existing_file(now, first);
		notmuch_message_destroy(now);
	}
	return file;
}

civil_status_t civil_db_message_file(notmuch_message_t *m, unsigned int flags,
				     char **file, civil_error_t *err)
{
	const char *id = notmuch_message_get_message_id(m);
	const char *busy = flags & CIVIL_DB_READ_AGAIN
				   ? " while another process writes the "
				     "database"
				   : "";
	char *first = NULL;
	bool gone = false;
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (!id)
		id = "?";
	if (flags & CIVIL_DB_READ_AGAIN)
		*file = file_now(m, id, &first, &gone);
	else
		*file = existing_file(m, &first);
	if (!*file && gone)
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "id:%s: removed%s", id, busy);
	else if (!*file && !first)
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "id:%s: its file can't be found%s", id,
				     busy);
	else if (!*file)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "id:%s: can't read '%s'", id, first);
	free(first);
	return st;
}

/* Parse raw, read from name, as flags say: for scoring, without the
 * header fields scoring never reads (fields.c), which are most of what
 * parsing list mail costs. */
static civil_status_t parse(const struct civil_buf *raw, const char *name,
			    unsigned int flags, civil_message_t **msg,
			    civil_error_t *err)
{
	struct civil_buf fields = CIVIL_BUF_INIT;
	civil_status_t st;

	if (!(flags & CIVIL_DB_READ_WHOLE) &&
	    civil_fields_for_scan(raw->buf, raw->len, &fields))
		st = civil_message_parse(fields.buf, fields.len, name, msg,
					 err);
	else
		st = civil_message_parse(raw->buf, raw->len, name, msg, err);
	civil_buf_release(&fields);
	return st;
}

civil_status_t civil_db_parse_file(const char *id, const char *file,
				   unsigned int flags, civil_message_t **out,
				   civil_error_t *err)
{
	struct civil_buf raw = CIVIL_BUF_INIT;
	civil_error_t e = CIVIL_ERROR_INIT;
	civil_status_t st;

	*out = NULL;
	st = civil_file_read(file, &raw, &e);
	if (!st)
		st = parse(&raw, file, flags, out, &e);
	if (st)
		civil_error_set(err, st, "id:%s: %s", id, e.message);
	civil_error_clear(&e);
	civil_buf_release(&raw);
	return st;
}

civil_status_t civil_db_read_message(notmuch_message_t *m, unsigned int flags,
				     civil_message_t **out, civil_error_t *err)
{
	const char *id = notmuch_message_get_message_id(m);
	char *file = NULL;
	civil_status_t st;

	*out = NULL;
	st = civil_db_message_file(m, flags, &file, err);
	if (!st)
		st = civil_db_parse_file(id ? id : "?", file, flags, out, err);
	free(file);
	return st;
}

void civil_db_quote_term(struct civil_buf *out, const char *prefix,
			 const char *value)
{
	/* Xapian boolean-term quoting: always quote, double the quotes. */
	civil_buf_addf(out, "%s:\"", prefix);
	for (const char *c = value; *c; c++) {
		if (*c == '"')
			civil_buf_addch(out, '"');
		civil_buf_addch(out, *c);
	}
	civil_buf_addch(out, '"');
}
