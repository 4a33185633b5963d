// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * learned.c - the weights a reader's corrections taught (learn.c), kept
 * for the scorer (heat.c) and in a file of their own.
 *
 * A correction moves the heated head's weight of a cue at its target
 * ("'hell'@none"), or, when no cue is in the sentence that decided it,
 * of that sentence alone (by a hash of its words): never a category, so
 * that "the road to hell is paved with good intentions" held calm leaves
 * "go to hell" at a person as it was.  The file, one weight a line (the
 * caller says where), written through a temporary file and rename:
 *
 *   -1.8000 6 cue 'ugly'@thing
 *   2.1000 1 sentence 5f0c1d2e3b4a5968
 *   corrections 2 6 1
 *   learned calm 20261201.abc@example.org
 *
 * (WEIGHT COUNT KEY, the weight in the model's logits; corrections:
 * heated, calm, and how many had no cue to learn from; learned: a
 * correction these weights hold, by its verdict and Message-ID, until
 * the database marks it learned.)  A file written
 * by civil 0.2 ("cue CATEGORY TARGET PHRASE", in points of the old
 * score) is read with its cues converted and its categories dropped.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"
#include "learned.h"

static const char *const target_names[] = { "none", "person", "work", "thing",
					    "self" };

/* How a reader says a target. */
static const char *const target_labels[] = { "", " at a person",
					     " at a person's work",
					     " about code",
					     " said of oneself" };

static bool target_of(const char *name, civil_heat_target_t *t)
{
	for (size_t i = 0; i < G_N_ELEMENTS(target_names); i++)
		if (!strcmp(name, target_names[i])) {
			*t = (civil_heat_target_t)i;
			return true;
		}
	return false;
}

void civil_heat_sentence_key(const char *s, size_t len, struct civil_buf *out)
{
	uint64_t h = 0xcbf29ce484222325ull;
	bool space = false;

	/* Its words, lower case, one space between: the same sentence
	 * however it was wrapped or quoted. */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (isspace(c)) {
			space = true;
			continue;
		}
		if (space) {
			h ^= ' ';
			h *= 0x100000001b3ull;
			space = false;
		}
		h ^= (unsigned char)tolower(c);
		h *= 0x100000001b3ull;
	}
	civil_buf_reset(out);
	civil_buf_addf(out, "sentence %016" PRIx64, h);
}

struct heat_learned *civil_heat_learned_new(const char *path)
{
	struct heat_learned *l = g_new0(struct heat_learned, 1);

	l->path = g_strdup(path);
	l->feats =
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	l->held = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	return l;
}

void civil_heat_learned_free(struct heat_learned *l)
{
	if (!l)
		return;
	g_hash_table_destroy(l->feats);
	g_hash_table_destroy(l->held);
	g_free(l->path);
	g_free(l);
}

struct feat *civil_heat_learned_feat(struct heat_learned *l, const char *key)
{
	struct feat *f = g_hash_table_lookup(l->feats, key);

	if (!f) {
		f = g_new0(struct feat, 1);
		g_hash_table_insert(l->feats, g_strdup(key), f);
	}
	return f;
}

static double within_bound(double w)
{
	if (isnan(w))
		return 0;
	return w > HEAT_LEARNED_MAX    ? HEAT_LEARNED_MAX
	       : w < -HEAT_LEARNED_MAX ? -HEAT_LEARNED_MAX
				       : w;
}

void civil_heat_learned_move(struct heat_learned *l, const char *key,
			     double delta)
{
	struct feat *f = civil_heat_learned_feat(l, key);

	f->weight = within_bound(f->weight + delta);
}

double civil_heat_learned_delta(const struct heat_learned *l, const char *key,
				unsigned *count)
{
	const struct feat *f = g_hash_table_lookup(l->feats, key);

	*count = f ? f->count : 0;
	return f ? f->weight : 0;
}

bool civil_heat_learned_empty(const struct heat_learned *l)
{
	return !g_hash_table_size(l->feats);
}

/* ---- which corrections it holds ---- */

static char *held_key(bool heated, const char *id)
{
	return g_strdup_printf("%s %s", heated ? "heated" : "calm", id);
}

bool civil_heat_learned_holds(const struct heat_learned *l, bool heated,
			      const char *id)
{
	char *k;
	bool in;

	if (!l || !id)
		return false;
	k = held_key(heated, id);
	in = g_hash_table_contains(l->held, k);
	g_free(k);
	return in;
}

void civil_heat_learned_record(struct heat_learned *l, bool heated,
			       const char *id)
{
	/* One line in the file: an id that would break it is not kept (and
	 * is learned again after a crash, as before). */
	if (!id || !*id || strpbrk(id, "\n\r"))
		return;
	g_hash_table_add(l->held, held_key(heated, id));
	l->dirty = true;
}

void civil_heat_learned_prune(struct heat_learned *l,
			      bool (*fn)(bool heated, const char *id,
					 void *arg),
			      void *arg)
{
	GHashTableIter it;
	gpointer k;

	g_hash_table_iter_init(&it, l->held);
	while (g_hash_table_iter_next(&it, &k, NULL)) {
		const char *key = k;
		bool heated = !strncmp(key, "heated ", 7);

		if (fn(heated, key + (heated ? 7 : 5), arg)) {
			g_hash_table_iter_remove(&it);
			l->dirty = true;
		}
	}
}

/* ---- the file ---- */

static bool parse_number(const char *s, double *out)
{
	char *end;

	*out = g_ascii_strtod(s, &end);
	return end != s && !*end && isfinite(*out) &&
	       fabs(*out) <= HEAT_LEARNED_MAX;
}

static bool parse_count(const char *s, unsigned *out)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > HEAT_LEARNED_MAX_COUNT)
		return false;
	*out = (unsigned)v;
	return true;
}

/* A key as this civil writes it: "cue 'PHRASE'@TARGET" or "sentence
 * HEX". */
static bool good_key(const char *k)
{
	const char *at;
	civil_heat_target_t t;

	if (!strncmp(k, "sentence ", 9))
		return strlen(k + 9) == 16 &&
		       strspn(k + 9, "0123456789abcdef") == 16;
	if (strncmp(k, "cue '", 5) || !(at = strrchr(k, '@')) || at - k < 7 ||
	    at[-1] != '\'')
		return false;
	return target_of(at + 1, &t);
}

/* "WEIGHT COUNT KEY" or "corrections HEATED CALM NO_CUE"; and civil
 * 0.2's "WEIGHT COUNT cue CATEGORY TARGET PHRASE" (converted: its
 * weights were points of a score that rose by about 1.25 a logit at the
 * threshold) and "WEIGHT COUNT category CATEGORY TARGET" (dropped: a
 * correction no longer teaches a whole category). */
static bool learned_line(struct heat_learned *l, char *line)
{
	char **f = g_strsplit(line, " ", 3);
	guint n = g_strv_length(f);
	struct feat v;
	bool ok = false;

	if (n == 3 && !strcmp(f[0], "learned") &&
	    (!strcmp(f[1], "calm") || !strcmp(f[1], "heated")) && *f[2]) {
		g_hash_table_add(l->held, g_strdup_printf("%s %s", f[1], f[2]));
		ok = true;
	} else if (n == 3 && !strcmp(f[0], "corrections")) {
		char **c = g_strsplit(line, " ", 5);

		ok = g_strv_length(c) == 4 && parse_count(c[1], &l->heated) &&
		     parse_count(c[2], &l->calm) &&
		     parse_count(c[3], &l->no_cue);
		g_strfreev(c);
	} else if (n == 3 && parse_number(f[0], &v.weight) &&
		   parse_count(f[1], &v.count)) {
		char **o = g_strsplit(f[2], " ", 4);
		civil_heat_target_t t;

		if (good_key(f[2])) {
			*civil_heat_learned_feat(l, f[2]) = v;
			ok = true;
		} else if (g_strv_length(o) == 4 && !strcmp(o[0], "cue") &&
			   target_of(o[2], &t) && *o[3]) {
			char *key = g_strdup_printf("cue '%s'@%s", o[3], o[2]);

			v.weight /= 1.25;
			*civil_heat_learned_feat(l, key) = v;
			g_free(key);
			l->dirty = ok = true;
		} else if (g_strv_length(o) == 3 && !strcmp(o[0], "category") &&
			   target_of(o[2], &t)) {
			l->dirty = ok = true;
		}
		g_strfreev(o);
	}
	g_strfreev(f);
	return ok;
}

civil_status_t civil_heat_learned_open(civil_heat_t *h, const char *path,
				       civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	struct heat_learned *l = civil_heat_learned_new(path);
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	int lineno = 0;

	/* Nothing learned yet is no file at all. */
	if (access(path, F_OK) < 0 && errno == ENOENT)
		goto done;
	/* A FIFO or a device is refused, not waited on. */
	st = civil_file_read_regular(path, &text, err);
	/* Line by line to the file's end, not to its first NUL: a line
	 * with one is as bad as any other. */
	for (size_t at = 0; !st && at < text.len;) {
		char *line = text.buf + at;
		char *nl = memchr(line, '\n', text.len - at);
		size_t len = nl ? (size_t)(nl - line) : text.len - at;
		bool nul = memchr(line, '\0', len) != NULL;

		line[len] = '\0';
		at += len + 1;
		lineno++;
		if (!nul && (!*line || *line == '#'))
			continue;
		if (nul || !learned_line(l, line))
			st = civil_error_set(
				err, CIVIL_STATUS_CONFIG_ERROR,
				"'%s':%d: not a learned weight (WEIGHT COUNT "
				"KEY)%s; remove the file to forget what was "
				"learned",
				path, lineno,
				nul ? ": it holds a NUL byte" : "");
	}
done:
	civil_buf_release(&text);
	if (st) {
		civil_heat_learned_free(l);
		return st;
	}
	civil_heat_learned_free(h->learned);
	h->learned = l;
	return CIVIL_STATUS_SUCCESS;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The file written where it is: through a symlink (a dotfiles tree), to
 * the file it names even when that is not there yet, as git writes its
 * config; a file made read-only, or one that is not a regular file, is
 * refused in one line, never replaced.
 */
static civil_status_t save_file(const char *path, const struct civil_buf *b,
				civil_error_t *err)
{
	struct stat sb;
	civil_status_t st;
	char *real, *dir;

	if (stat(path, &sb) == 0)
		return civil_file_replace(path, b->buf, b->len, err);
	real = civil_path_resolve(path);
	dir = g_path_get_dirname(real);
	if (g_mkdir_with_parents(dir, 0700) < 0)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't make '%s': %s", dir,
				     strerror(errno));
	else
		st = civil_file_create(real, b->buf, b->len, 0644, true, err);
	g_free(dir);
	free(real);
	return st;
}

civil_status_t civil_heat_learned_save(civil_heat_t *h, civil_error_t *err)
{
	struct heat_learned *l = h->learned;
	struct civil_buf b = CIVIL_BUF_INIT;
	guint n;
	gchar **keys;
	civil_status_t st;

	if (!l || !l->dirty)
		return CIVIL_STATUS_SUCCESS;
	civil_buf_adds(&b, "# civil: what your corrections taught the heat "
			   "scorer (civil-heated --learned lists it,\n"
			   "# civil-scan --forget forgets it).  WEIGHT COUNT "
			   "cue 'PHRASE'@TARGET, or\n"
			   "# WEIGHT COUNT sentence HASH; "
			   "corrections HEATED CALM WITHOUT-A-CUE;\n"
			   "# learned VERDICT MESSAGE-ID: a correction held "
			   "here.\n");
	/* Never what loading would refuse (learned_line): counts and
	 * weights within their bounds. */
	civil_buf_addf(&b, "corrections %u %u %u\n",
		       MIN(l->heated, HEAT_LEARNED_MAX_COUNT),
		       MIN(l->calm, HEAT_LEARNED_MAX_COUNT),
		       MIN(l->no_cue, HEAT_LEARNED_MAX_COUNT));
	keys = (gchar **)g_hash_table_get_keys_as_array(l->feats, &n);
	qsort(keys, n, sizeof(*keys), by_key);
	for (guint i = 0; i < n; i++) {
		const struct feat *f = g_hash_table_lookup(l->feats, keys[i]);
		char num[G_ASCII_DTOSTR_BUF_SIZE];

		g_ascii_formatd(num, sizeof(num), "%.4f",
				within_bound(f->weight));
		civil_buf_addf(&b, "%s %u %s\n", num,
			       MIN(f->count, HEAT_LEARNED_MAX_COUNT), keys[i]);
	}
	g_free(keys);
	keys = (gchar **)g_hash_table_get_keys_as_array(l->held, &n);
	qsort(keys, n, sizeof(*keys), by_key);
	for (guint i = 0; i < n; i++)
		civil_buf_addf(&b, "learned %s\n", keys[i]);
	g_free(keys);
	st = save_file(l->path, &b, err);
	civil_buf_release(&b);
	if (!st)
		l->dirty = false;
	return st;
}

/* ---- two scans at once ---- */

civil_status_t civil_heat_learned_lock(civil_heat_t *h, int timeout_ms, int *fd,
				       civil_error_t *err)
{
	const struct heat_learned *l = h->learned;
	char *lock, *dir;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;

	*fd = -1;
	if (!l || !*l->path)
		return CIVIL_STATUS_SUCCESS;
	dir = g_path_get_dirname(l->path);
	lock = g_strdup_printf("%s.lock", l->path);
	if (g_mkdir_with_parents(dir, 0700) < 0 ||
	    (*fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't lock '%s': %s", lock,
				     strerror(errno));
		goto done;
	}
	while (flock(*fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					     "can't lock '%s': %s", lock,
					     strerror(errno));
			break;
		}
		if (g_get_monotonic_time() >= deadline) {
			st = civil_error_set(err, CIVIL_STATUS_LOCKED,
					     "'%s' is locked by another scan; "
					     "gave up after %d s",
					     lock, (timeout_ms + 999) / 1000);
			break;
		}
		g_usleep(10 * 1000);
	}
	if (st) {
		close(*fd);
		*fd = -1;
	}
done:
	g_free(lock);
	g_free(dir);
	return st;
}

void civil_heat_learned_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

civil_status_t civil_heat_learned_reload(civil_heat_t *h, civil_error_t *err)
{
	char *path;
	civil_status_t st;

	if (!h->learned || !*h->learned->path)
		return CIVIL_STATUS_SUCCESS;
	path = g_strdup(h->learned->path);
	st = civil_heat_learned_open(h, path, err);
	g_free(path);
	return st;
}

civil_status_t civil_heat_learned_forget(const char *path, bool *removed,
					 civil_error_t *err)
{
	/* A symlink (a dotfiles tree) stays: what it names goes, and is
	 * written anew through it. */
	char *real = civil_path_resolve(path);
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	*removed = false;
	if (unlink(real) == 0)
		*removed = true;
	else if (errno != ENOENT)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't remove '%s': %s", path,
				     strerror(errno));
	free(real);
	return st;
}

/* ---- what was learned, for a reader ---- */

struct item {
	const char *key;
	const struct feat *f;
};

static int by_weight(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	double u = fabs(x->f->weight), v = fabs(y->f->weight);

	if (u != v)
		return (u < v) - (u > v);
	return strcmp(x->key, y->key);
}

/* "cue 'ugly'@thing" -> "'ugly' about code"; a sentence's key is
 * "one sentence". */
static void feature_label(struct civil_buf *out, const char *key)
{
	const char *at = strrchr(key, '@');
	civil_heat_target_t t = CIVIL_TARGET_NONE;

	if (strncmp(key, "cue ", 4) || !at) {
		civil_buf_addf(out, "one sentence (%s)", key + 9);
		return;
	}
	target_of(at + 1, &t);
	civil_buf_add(out, key + 4, (size_t)(at - key - 4));
	civil_buf_adds(out, target_labels[t]);
}

void civil_heat_learned_text(const civil_heat_t *h, struct civil_buf *out)
{
	const struct heat_learned *l = h->learned;
	GHashTableIter it;
	gpointer k, v;
	GArray *items = g_array_new(FALSE, FALSE, sizeof(struct item));

	if (!l)
		goto done;
	g_hash_table_iter_init(&it, l->feats);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		struct item i = { k, v };

		if (i.f->weight != 0)
			g_array_append_val(items, i);
	}
	if (items->len)
		qsort(items->data, items->len, sizeof(struct item), by_weight);
	for (guint i = 0; i < items->len; i++) {
		const struct item *x = &g_array_index(items, struct item, i);

		feature_label(out, x->key);
		civil_buf_addf(out, ": %+.2f from %u correction%s\n",
			       x->f->weight, x->f->count,
			       x->f->count == 1 ? "" : "s");
	}
	if (l->heated + l->calm)
		civil_buf_addf(out,
			       "%u correction%s: %u tagged heated by you, %u "
			       "heated tags you removed; %u had no cue to "
			       "learn from\n",
			       l->heated + l->calm,
			       l->heated + l->calm == 1 ? "" : "s", l->heated,
			       l->calm, l->no_cue);
done:
	if (!l || !(l->heated + l->calm))
		civil_buf_adds(out, "nothing learned yet\n");
	g_array_free(items, TRUE);
}
