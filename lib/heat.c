// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heat.c - how heated a message's own words are, sentence by sentence,
 * and why.
 *
 * The Code of Conflict protects sharp criticism of code and draws its
 * line at a person feeling abused, so a message gets one of three
 * classes (CODEBOOK.md): heated (a person could reasonably feel demeaned
 * or threatened), sharp (harsh, but about the work, a tool or oneself),
 * calm.  Only heated is tagged, held or quoted to the board.
 *
 * Every sentence of the sender's own text (text.c strips quotes, diffs,
 * signatures and pasted output) is scored by a learned model (model.c)
 * over its features (features.c): the lexicon's cues at their targets
 * and what surrounds them, the sentence's form, its words.  A sentence
 * with no listed word can score.  The message is as hot as its hottest
 * sentence, and that sentence decides its class; its score is 0 to 5,
 * heated from the threshold (CIVIL_HEAT_THRESHOLD unless set) up.
 *
 * What decided a sentence is told in features a reader understands
 * ("insult at a person", "'you' as the subject"), never in bare words;
 * the reader's corrections (learned.c) move the weight of a cue at its
 * target, or of one sentence, and show among the reasons too.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

#define MAX_SENTENCES  8 /* sentences whose reasons a score keeps */
#define MAX_REASONS    32
#define SENTENCE_SHOWN 200 /* bytes of a sentence a reason quotes */

civil_status_t civil_heat_new(const char *const *lexicons, civil_heat_t **out,
			      civil_error_t *err)
{
	civil_heat_t *h = calloc(1, sizeof(*h));
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (!h)
		abort();
	h->threshold = CIVIL_HEAT_THRESHOLD;
	civil_heat_words_init();
	for (size_t i = 0; lexicons && lexicons[i] && !st; i++)
		st = civil_heat_lexicon_load(h, lexicons[i], err);
	if (!h->exact && !st)
		st = civil_heat_lexicon_load(h, "/dev/null", err);
	if (st) {
		civil_heat_free(h);
		h = NULL;
	}
	*out = h;
	return st;
}

civil_status_t civil_heat_open(const char *data_dir, const char *extra,
			       civil_heat_t **out, civil_error_t *err)
{
	struct civil_buf path = CIVIL_BUF_INIT, user = CIVIL_BUF_INIT;
	const char *files[3] = { NULL, NULL, NULL };
	civil_status_t st;

	*out = NULL;
	civil_buf_addf(&path, "%s/heat.lexicon", data_dir);
	if (access(path.buf, R_OK) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
				     "can't find '%s': %s", path.buf,
				     strerror(errno));
		goto done;
	}
	files[0] = path.buf;
	if (extra && *extra) {
		civil_buf_adds(&user, extra);
		files[1] = user.buf;
	}
	st = civil_heat_new(files, out, err);
done:
	civil_buf_release(&path);
	civil_buf_release(&user);
	return st;
}

void civil_heat_free(civil_heat_t *h)
{
	if (!h)
		return;
	civil_heat_learned_free(h->learned);
	civil_heat_lexicon_free(h); /* and the model the lexicon named */
	free(h);
}

void civil_heat_set_threshold(civil_heat_t *h, double threshold)
{
	if (threshold > 0 && threshold < CIVIL_HEAT_MAX)
		h->threshold = threshold;
}

double civil_heat_get_threshold(const civil_heat_t *h)
{
	return h->threshold;
}

/* ---- sentences ---- */

/* The prose of text: a copy of it with each of its sentences (the one
 * splitter's, sentence.c: spans of text) on one line, at the offsets it
 * has in text. */
static void prose_sentences(const char *text, size_t len,
			    struct civil_buf *prose, GArray *out)
{
	civil_buf_reset(prose);
	civil_buf_add(prose, text, len);
	civil_sentences(text, len, out);
	for (guint i = 0; i < out->len; i++) {
		const struct civil_sentence *sp =
			&g_array_index(out, struct civil_sentence, i);

		for (size_t k = sp->off; k < sp->off + sp->len; k++)
			if (prose->buf[k] == '\n' || prose->buf[k] == '\r')
				prose->buf[k] = ' ';
	}
}

/* A "sentence" of nothing but a smiley (";-)" after a full stop) is the
 * mark of a joke on the sentence before it. */
static bool only_smiley(const char *s, size_t n)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		if (isalnum((unsigned char)s[i]))
			return false;
		else if (!isspace((unsigned char)s[i]))
			any = true;
	return any && civil_heat_has_smiley(s, n);
}

double civil_heat_score_of(double z)
{
	return CIVIL_HEAT_MAX / (1.0 + exp(-z));
}

double civil_heat_threshold_logit(const civil_heat_t *h)
{
	double p = h->threshold / CIVIL_HEAT_MAX;

	return log(p / (1 - p));
}

static civil_heat_class_t class_of(const civil_heat_t *h,
				   const double z[HEAT_HEADS])
{
	if (z[HEAT_HEAD_HEATED] >= civil_heat_threshold_logit(h))
		return CIVIL_HEAT_HEATED;
	return z[HEAT_HEAD_HARSH] >= 0 ? CIVIL_HEAT_SHARP : CIVIL_HEAT_CALM;
}

/* What the reader's corrections taught about key, into the heated
 * head's logit. */
static double learned(const civil_heat_t *h, const char *key, unsigned *count)
{
	*count = 0;
	return h->learned ? civil_heat_learned_delta(h->learned, key, count)
			  : 0;
}

/* The keys a correction can move in a sentence: its cues at their
 * targets, and the sentence itself. */
static void sentence_keys(const struct heat_fset *fs, const char *s, size_t len,
			  GPtrArray *keys)
{
	struct civil_buf k = CIVIL_BUF_INIT;

	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];

		if (f->kind == HEAT_FEAT_PHRASE)
			g_ptr_array_add(keys,
					g_strdup_printf("cue %s",
							heat_feat_name(fs, f)));
	}
	civil_heat_sentence_key(s, len, &k);
	g_ptr_array_add(keys, civil_buf_detach(&k));
}

/* Is f one of the features the model weighs beside the grams: a cue at
 * its target, the cue itself, or what surrounds it?  A word's or a pair's
 * feature (HEAT_FEAT_WORD) hashes as its gram does, and the form
 * features did not pay on the labelled set (issue 29), so neither
 * counts. */
static bool weighed(const struct heat_feat *f)
{
	return f->kind == HEAT_FEAT_CUE || f->kind == HEAT_FEAT_PHRASE ||
	       f->kind == HEAT_FEAT_MOD;
}

/* What the reader's corrections taught about a sentence: its cues at
 * their targets, and the sentence itself, in the heated head's logit. */
static double sentence_learned(const civil_heat_t *h,
			       const struct heat_fset *fs, const char *s,
			       size_t len)
{
	struct civil_buf key = CIVIL_BUF_INIT;
	unsigned count;
	double d = 0;

	if (!h->learned || civil_heat_learned_empty(h->learned))
		return 0;
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];

		if (f->kind != HEAT_FEAT_PHRASE)
			continue;
		civil_buf_reset(&key);
		civil_buf_addf(&key, "cue %s", heat_feat_name(fs, f));
		d += learned(h, key.buf, &count);
	}
	civil_buf_reset(&key);
	civil_heat_sentence_key(s, len, &key);
	d += learned(h, key.buf, &count);
	civil_buf_release(&key);
	return d;
}

/* z[] of a sentence on its own (its grams, counted into g, and its
 * features fs), with what was learned: the same weights as a whole
 * message's, so the sentence that decides a message is the one whose
 * own words the model finds hottest. */
static void logits(const civil_heat_t *h, const struct heat_word *v, size_t n,
		   const struct heat_fset *fs, const char *s, size_t len,
		   const struct heat_names *names, struct heat_grams *g,
		   double z[HEAT_HEADS])
{
	double gz[HEAT_HEADS];

	for (int k = 0; k < HEAT_HEADS; k++)
		z[k] = h->model ? civil_heat_model_bias(h->model, k) : -10;
	civil_heat_grams_reset(g);
	civil_heat_grams_add(g, v, n, names);
	if (!h->model)
		return;
	civil_heat_grams_dot(g, h->model, gz);
	for (int k = 0; k < HEAT_HEADS; k++)
		z[k] += gz[k];
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];
		double w[HEAT_HEADS];

		if (!weighed(f) || civil_heat_feat_is_name(f, v, n, names) ||
		    !civil_heat_model_weights(h->model, f->hash, w))
			continue;
		for (int k = 0; k < HEAT_HEADS; k++)
			z[k] += f->value * w[k];
	}
	z[HEAT_HEAD_HEATED] += sentence_learned(h, fs, s, len);
}

/* The words and features of one sentence. */
static void one_sentence(const civil_heat_t *h, const char *s, size_t len,
			 const struct heat_ctx *ctx, GArray *words,
			 struct heat_fset *fs)
{
	g_array_set_size(words, 0);
	civil_heat_split_words(s, len, words);
	civil_heat_features(h, (const struct heat_word *)(void *)words->data,
			    words->len, s, len, ctx, fs);
}

void civil_heat_each_sentence(const civil_heat_t *h, const char *text,
			      size_t len, struct civil_buf *prose,
			      bool all_names, heat_sentence_fn fn, void *arg)
{
	GArray *sent = g_array_new(FALSE, FALSE, sizeof(struct civil_sentence));
	GArray *words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	struct heat_fset fs;
	struct heat_ctx ctx = { false, false };
	size_t real = 0;

	civil_heat_fset_init(&fs);
	fs.all_names = all_names;
	prose_sentences(text, len, prose, sent);
	for (guint i = 0; i < sent->len; i++) {
		const struct civil_sentence *sp =
			&g_array_index(sent, struct civil_sentence, i);

		real += !only_smiley(prose->buf + sp->off, sp->len);
	}
	ctx.curt = real <= 3;
	for (guint i = 0; i < sent->len; i++) {
		const struct civil_sentence *sp =
			&g_array_index(sent, struct civil_sentence, i);
		const char *s = prose->buf + sp->off;

		if (only_smiley(s, sp->len))
			continue;
		ctx.joke = i + 1 < sent->len &&
			   only_smiley(prose->buf + sp[1].off, sp[1].len);
		one_sentence(h, s, sp->len, &ctx, words, &fs);
		fn(h, s, sp->len, i, &ctx,
		   (const struct heat_word *)(void *)words->data, words->len,
		   &fs, arg);
	}
	civil_heat_fset_release(&fs);
	g_array_free(words, TRUE);
	g_array_free(sent, TRUE);
}

/* ---- what a reader is told ---- */

/* The sentence as a reader sees it: one line, not too long. */
static char *sentence_text(const char *s, size_t len)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	for (size_t i = 0; i < len && b.len < SENTENCE_SHOWN; i++)
		civil_buf_addch(&b, isspace((unsigned char)s[i]) ? ' ' : s[i]);
	if (b.len >= SENTENCE_SHOWN) {
		/* Don't cut a UTF-8 sequence in half. */
		while (b.len &&
		       ((unsigned char)b.buf[b.len - 1] & 0xc0) == 0x80)
			b.len--;
		if (b.len && (unsigned char)b.buf[b.len - 1] >= 0xc0)
			b.len--;
		b.buf[b.len] = '\0';
		civil_buf_adds(&b, "...");
	}
	return civil_buf_detach(&b);
}

/* A form feature in a reader's words. */
static const struct {
	const char *name, *says;
} forms[] = {
	{ "s:you-subject", "'you' as the subject" },
	{ "s:you-even", "'you even' at the reader" },
	{ "s:you-failing", "the reader said to fail ('you haven't read')" },
	{ "s:you-keep", "'you keep'" },
	{ "s:you-clearly", "'you clearly' at the reader" },
	{ "s:2p-again", "'once again' at the reader" },
	{ "s:you-people", "'you people'" },
	{ "s:your", "'your' said of a person" },
	{ "s:your-work", "'your' work" },
	{ "s:2p", "says 'you'" },
	{ "s:2p-density", "'you' again and again" },
	{ "s:2p-question", "a question at the reader" },
	{ "s:imperative-2p", "an order to the reader" },
	{ "s:imperative", "an order" },
	{ "s:third-person", "speaks of him or her" },
	{ "s:people", "speaks of people" },
	{ "s:question", "a question" },
	{ "s:curt", "a curt message" },
	{ "s:short", "a short sentence" },
	{ "s:shouting", "shouting" },
	{ "s:exclamation", "'!!' or '?!'" },
	{ "s:emphasis", "a word in capitals" },
	{ "s:negation", "a negation" },
	{ "s:hedge", "a hedge" },
	{ "s:conduct-talk", "talk about conduct" },
	{ "s:self", "speaks of oneself" },
	{ "s:self-subject", "'I' as the subject" },
};

static const char *const target_says[] = { "", " at a person",
					   " at a person's work", " about code",
					   " said of oneself" };

/* A feature's name in a reader's words (into out), or false for one a
 * reader is not told of by itself. */
static bool says_feature(const struct heat_fset *fs, const struct heat_feat *f,
			 struct civil_buf *out)
{
	const char *name = heat_feat_name(fs, f);
	const char *at;

	civil_buf_reset(out);
	switch (f->kind) {
	case HEAT_FEAT_CUE:
		at = strchr(name, '@');
		civil_buf_add(out, name,
			      at ? (size_t)(at - name) : strlen(name));
		civil_buf_adds(out, target_says[f->target]);
		return true;
	case HEAT_FEAT_FORM:
		for (size_t i = 0; i < G_N_ELEMENTS(forms); i++)
			if (!strcmp(name, forms[i].name)) {
				civil_buf_adds(out, forms[i].says);
				return true;
			}
		return false;
	default:
		return false;
	}
}

struct reason_draft {
	double c;		   /* what it added to the logit */
	const struct heat_feat *f; /* NULL: the wording, or learned */
	char *signal;
	bool taught; /* the reader's corrections' doing: always shown */
};

static int by_c_desc(const void *a, const void *b)
{
	const struct reason_draft *x = a, *y = b;

	return (x->c < y->c) - (x->c > y->c);
}

/* The reasons of one sentence that is sharp or heated: what added most
 * to the head that made it so, a reader's feature each; a cue carries
 * what its phrase and its surroundings added too. */
static void sentence_reasons(const civil_heat_t *h, const char *s, size_t len,
			     size_t index, const struct heat_word *v, size_t n,
			     const struct heat_fset *fs,
			     const struct heat_names *names,
			     struct heat_grams *g, civil_heat_class_t klass,
			     GArray *out)
{
	int head =
		klass == CIVIL_HEAT_HEATED ? HEAT_HEAD_HEATED : HEAT_HEAD_HARSH;
	GArray *d = g_array_new(FALSE, TRUE, sizeof(struct reason_draft));
	struct civil_buf name = CIVIL_BUF_INIT, key = CIVIL_BUF_INIT;
	double words = 0, top, of_sentence;
	double *by_word = g_new0(double, n ? n : 1);
	size_t best = 0, w0 = 0, w1 = 0;
	char *shown = NULL;
	unsigned count;

	/* The words' part: which words the grams found hottest. */
	civil_heat_grams_reset(g);
	civil_heat_grams_add(g, v, n, names);
	civil_heat_grams_by_word(g, v, n, names, h->model, head, by_word);
	for (size_t i = 0; i < n; i++) {
		words += by_word[i];
		if (by_word[i] > by_word[best])
			best = i;
	}
	for (w0 = best; w0 > 0 && by_word[w0 - 1] > 0.35 * by_word[best];)
		w0--;
	for (w1 = best; w1 + 1 < n && by_word[w1 + 1] > 0.35 * by_word[best];)
		w1++;
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];
		double w[HEAT_HEADS], c;
		struct reason_draft r = { 0, f, NULL, false };

		if (!weighed(f) || civil_heat_feat_is_name(f, v, n, names))
			continue;
		civil_heat_model_weights(h->model, f->hash, w);
		c = f->value * w[head];
		if (f->kind == HEAT_FEAT_PHRASE || f->kind == HEAT_FEAT_MOD) {
			/* Into the cue of the same words. */
			for (guint k = 0; k < d->len; k++) {
				struct reason_draft *o = &g_array_index(
					d, struct reason_draft, k);

				if (o->f && o->f->kind == HEAT_FEAT_CUE &&
				    o->f->w0 == f->w0)
					o->c += c;
			}
			/* Shown in a sharp sentence too: it says why it is
			 * not heated. */
			if (f->kind == HEAT_FEAT_PHRASE) {
				civil_buf_reset(&key);
				civil_buf_addf(&key, "cue %s",
					       heat_feat_name(fs, f));
				r.c = learned(h, key.buf, &count);
				if (r.c != 0) {
					r.f = f;
					r.taught = true;
					r.signal = g_strdup_printf(
						"learned %+.2f from %u "
						"correction%s",
						r.c, count,
						count == 1 ? "" : "s");
					g_array_append_val(d, r);
				}
			}
			continue;
		}
		if (!says_feature(fs, f, &name))
			continue;
		r.c = c;
		r.signal = civil_buf_detach(&name);
		g_array_append_val(d, r);
	}
	if (words > 0 && n) {
		struct reason_draft r = {
			words, NULL,
			g_strdup(klass == CIVIL_HEAT_HEATED
					 ? "wording like heated mail"
					 : "wording like sharp mail"),
			false
		};

		g_array_append_val(d, r);
	}
	civil_heat_sentence_key(s, len, &key);
	of_sentence = learned(h, key.buf, &count);
	if (of_sentence != 0) {
		struct reason_draft r = { of_sentence, NULL, NULL, true };

		r.signal = g_strdup_printf("learned %+.2f from %u correction%s "
					   "of this sentence",
					   r.c, count, count == 1 ? "" : "s");
		g_array_append_val(d, r);
	}
	/* An empty GArray's data is NULL, which qsort must not be given. */
	if (d->len > 1)
		qsort(d->data, d->len, sizeof(struct reason_draft), by_c_desc);
	shown = sentence_text(s, len);
	top = d->len ? g_array_index(d, struct reason_draft, 0).c : 0;
	for (guint k = 0, kept = 0; k < d->len; k++) {
		struct reason_draft *r =
			&g_array_index(d, struct reason_draft, k);
		civil_heat_reason_t why = { 0 };

		/* The first always, then what added a fair part of what the
		 * first did (a reader reads three reasons, not eight), and
		 * what the reader's corrections taught. */
		if (out->len >= MAX_REASONS ||
		    (!r->taught &&
		     (kept >= 3 ||
		      (kept && (r->c < 0.25 || r->c < top * 0.4))))) {
			g_free(r->signal);
			continue;
		}
		why.signal = strdup(r->signal);
		g_free(r->signal);
		/* A cue's own words are shown; a form's are the sentence. */
		if (r->f && r->f->kind != HEAT_FEAT_FORM && r->f->nw &&
		    r->f->w0 < n) {
			size_t last = MIN((size_t)r->f->w0 + r->f->nw, n) - 1;
			const char *a = v[r->f->w0].src;

			why.match = strndup(
				a, (size_t)(v[last].src + v[last].src_len - a));
		} else if (!r->f && !r->taught && n && by_word[best] > 0) {
			const char *a = v[w0].src;

			why.match = strndup(
				a, (size_t)(v[w1].src + v[w1].src_len - a));
		} else {
			why.match = strdup("");
		}
		why.sentence = strdup(shown);
		why.weight = round(r->c * 100) / 100;
		why.target = r->f ? (civil_heat_target_t)r->f->target
				  : CIVIL_TARGET_NONE;
		why.klass = klass;
		why.at = (unsigned)index;
		g_array_append_val(out, why);
		kept++;
	}
	free(shown);
	g_free(by_word);
	civil_buf_release(&name);
	civil_buf_release(&key);
	g_array_free(d, TRUE);
}

/* ---- scoring ---- */

struct hot {
	size_t index, off, len; /* the sentence, in the prose */
	struct heat_ctx ctx;
	double z[HEAT_HEADS];
	civil_heat_class_t klass;
};

/* A cue feature's highest value in any sentence: the message's. */
struct cue_max {
	uint64_t hash;
	double value;
};

struct scoring {
	const struct civil_buf *prose;
	const struct heat_names *names;
	GArray *all;		 /* struct hot, of every sentence */
	GArray *cues;		 /* struct cue_max */
	struct heat_grams grams; /* the message's */
	struct heat_grams one;	 /* a sentence's, reused */
	double learned;		 /* what corrections taught, summed */
	size_t sentences;
};

/* A sentence's weighed cues, each at its highest so far, into sc. */
static void keep_cues(struct scoring *sc, const struct heat_fset *fs,
		      const struct heat_word *v, size_t n)
{
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];
		guint k;

		if (!weighed(f) || civil_heat_feat_is_name(f, v, n, sc->names))
			continue;
		for (k = 0; k < sc->cues->len; k++) {
			struct cue_max *c =
				&g_array_index(sc->cues, struct cue_max, k);

			if (c->hash == f->hash) {
				c->value = MAX(c->value, f->value);
				break;
			}
		}
		if (k == sc->cues->len) {
			struct cue_max c = { f->hash, f->value };

			g_array_append_val(sc->cues, c);
		}
	}
}

/* The message alone, no sentence scored: its grams, cues and lessons.
 * Calm mail, nearly all of it, needs no more (score_text). */
static void gather_one(const civil_heat_t *h, const char *s, size_t len,
		       size_t index, const struct heat_ctx *ctx,
		       const struct heat_word *v, size_t n,
		       const struct heat_fset *fs, void *arg)
{
	struct scoring *sc = arg;

	civil_heat_grams_add(&sc->grams, v, n, sc->names);
	sc->learned += sentence_learned(h, fs, s, len);
	keep_cues(sc, fs, v, n);
	sc->sentences++;
}

static void score_one(const civil_heat_t *h, const char *s, size_t len,
		      size_t index, const struct heat_ctx *ctx,
		      const struct heat_word *v, size_t n,
		      const struct heat_fset *fs, void *arg)
{
	struct scoring *sc = arg;
	struct hot x = { index,	   (size_t)(s - sc->prose->buf),
			 len,	   *ctx,
			 { 0, 0 }, CIVIL_HEAT_CALM };

	logits(h, v, n, fs, s, len, sc->names, &sc->one, x.z);
	civil_heat_grams_merge(&sc->grams, &sc->one);
	sc->learned += sentence_learned(h, fs, s, len);
	keep_cues(sc, fs, v, n);
	sc->sentences++;
	x.klass = class_of(h, x.z);
	g_array_append_val(sc->all, x);
}

/* The message's own logits: its grams as one text, each cue at its
 * highest, and what the reader's corrections taught of its sentences. */
static void message_logits(const civil_heat_t *h, const struct scoring *sc,
			   double z[HEAT_HEADS])
{
	double gz[HEAT_HEADS];

	civil_heat_grams_dot(&sc->grams, h->model, gz);
	for (int k = 0; k < HEAT_HEADS; k++)
		z[k] = civil_heat_model_bias(h->model, k) + gz[k];
	for (guint i = 0; i < sc->cues->len; i++) {
		const struct cue_max *c =
			&g_array_index(sc->cues, struct cue_max, i);
		double w[HEAT_HEADS];

		if (civil_heat_model_weights(h->model, c->hash, w))
			for (int k = 0; k < HEAT_HEADS; k++)
				z[k] += c->value * w[k];
	}
	z[HEAT_HEAD_HEATED] += sc->learned;
}

static int by_heat_desc(const void *a, const void *b)
{
	const struct hot *x = a, *y = b;

	if (x->klass != y->klass)
		return (int)y->klass - (int)x->klass;
	return (x->z[0] < y->z[0]) - (x->z[0] > y->z[0]);
}

/* The reasons of the hottest sentences, hottest first: only those are
 * read again, and calm mail, nearly all mail, has none. */
static GArray *explain(const civil_heat_t *h, const char *prose,
		       const struct hot *v, size_t n,
		       const struct heat_names *names)
{
	GArray *reasons = g_array_new(FALSE, TRUE, sizeof(civil_heat_reason_t));
	GArray *words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	struct heat_grams g;
	struct heat_fset fs;

	civil_heat_grams_init(&g);
	civil_heat_fset_init(&fs);
	for (size_t k = 0; k < n; k++) {
		const char *s = prose + v[k].off;

		one_sentence(h, s, v[k].len, &v[k].ctx, words, &fs);
		sentence_reasons(h, s, v[k].len, v[k].index,
				 (const struct heat_word *)(void *)words->data,
				 words->len, &fs, names, &g, v[k].klass,
				 reasons);
	}
	civil_heat_fset_release(&fs);
	civil_heat_grams_release(&g);
	g_array_free(words, TRUE);
	return reasons;
}

/* The message's class, from its own logits; its sentences' classes
 * follow it: the hottest sentence of a heated message is the one that
 * decides it, and no sentence is hotter than its message. */
static civil_heat_class_t classes(const civil_heat_t *h, const double z[],
				  GArray *all)
{
	civil_heat_class_t klass = class_of(h, z);
	struct hot *v = (struct hot *)(void *)all->data;
	size_t best = 0;

	for (guint i = 0; i < all->len; i++) {
		if (v[i].z[HEAT_HEAD_HEATED] > v[best].z[HEAT_HEAD_HEATED])
			best = i;
		if (v[i].klass > klass)
			v[i].klass = klass;
	}
	if (all->len && klass != CIVIL_HEAT_CALM && v[best].klass < klass)
		v[best].klass = klass;
	return klass;
}

static void score_text(const civil_heat_t *h, const char *text, size_t len,
		       const struct heat_names *names, civil_heat_score_t *out)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	struct scoring sc = { &prose, names, NULL, NULL, { 0 }, { 0 }, 0, 0 };
	double z[HEAT_HEADS];
	GArray *hot;

	memset(out, 0, sizeof(*out));
	if (!h->model)
		return;
	sc.all = g_array_new(FALSE, FALSE, sizeof(struct hot));
	sc.cues = g_array_new(FALSE, FALSE, sizeof(struct cue_max));
	civil_heat_grams_init(&sc.grams);
	civil_heat_grams_init(&sc.one);
	/* A text of len bytes has about as many distinct grams, at most. */
	civil_heat_grams_reserve(&sc.grams, len);
	/* First the message as a whole; its sentences are scored only when
	 * it is not calm, for its classes and reasons: the same figures,
	 * without a model lookup a gram a sentence on calm mail. */
	civil_heat_each_sentence(h, text, len, &prose, false, gather_one, &sc);
	if (sc.sentences) {
		message_logits(h, &sc, z);
		if (class_of(h, z) == CIVIL_HEAT_CALM) {
			out->score = round(civil_heat_score_of(
					       z[HEAT_HEAD_HEATED]) *
					   100) /
				     100;
			sc.sentences = 0;
		} else {
			civil_heat_grams_reset(&sc.grams);
			g_array_set_size(sc.cues, 0);
			sc.learned = 0;
			civil_buf_reset(&prose);
			civil_heat_each_sentence(h, text, len, &prose, false,
						 score_one, &sc);
		}
	}
	if (sc.all->len) {
		message_logits(h, &sc, z);
		out->score = round(civil_heat_score_of(z[HEAT_HEAD_HEATED]) *
				   100) /
			     100;
		out->klass = classes(h, z, sc.all);
	}
	hot = g_array_new(FALSE, FALSE, sizeof(struct hot));
	for (guint i = 0; i < sc.all->len; i++)
		if (g_array_index(sc.all, struct hot, i).klass !=
		    CIVIL_HEAT_CALM)
			g_array_append_val(
				hot, g_array_index(sc.all, struct hot, i));
	if (hot->len) {
		GArray *r;

		g_array_sort(hot, by_heat_desc);
		r = explain(h, prose.buf, (const struct hot *)(void *)hot->data,
			    MIN(hot->len, MAX_SENTENCES), names);
		out->n_reasons = r->len;
		out->reasons =
			(civil_heat_reason_t *)(void *)g_array_free(r, FALSE);
	}
	/* A score just under the threshold is shown as such, never
	 * rounded up to it. */
	if (out->klass != CIVIL_HEAT_HEATED && out->score >= h->threshold)
		out->score = floor(h->threshold * 100 - 1) / 100;
	g_array_free(hot, TRUE);
	g_array_free(sc.all, TRUE);
	g_array_free(sc.cues, TRUE);
	civil_heat_grams_release(&sc.grams);
	civil_heat_grams_release(&sc.one);
	civil_buf_release(&prose);
}

void civil_heat_score_text(const civil_heat_t *h, const char *text, size_t len,
			   civil_heat_score_t *out)
{
	score_text(h, text, len, NULL, out);
}

/* ---- for learning ---- */

struct collecting {
	GArray *out;
	const struct civil_buf *prose;
	struct heat_grams g;
};

static void collect_one(const civil_heat_t *h, const char *s, size_t len,
			size_t index, const struct heat_ctx *ctx,
			const struct heat_word *v, size_t n,
			const struct heat_fset *fs, void *arg)
{
	struct collecting *c = arg;
	struct heat_scored x = { 0 };

	(void)index;
	(void)ctx;
	x.off = (size_t)(s - c->prose->buf);
	x.len = len;
	logits(h, v, n, fs, s, len, NULL, &c->g, x.z);
	x.klass = class_of(h, x.z);
	x.keys = g_ptr_array_new_with_free_func(g_free);
	sentence_keys(fs, s, len, x.keys);
	g_array_append_val(c->out, x);
}

void civil_heat_score_sentences(const civil_heat_t *h, const char *text,
				size_t len, struct civil_buf *prose,
				GArray *out)
{
	struct collecting c = { out, prose, { 0 } };

	civil_heat_grams_init(&c.g);
	if (h->model)
		civil_heat_each_sentence(h, text, len, prose, false,
					 collect_one, &c);
	civil_heat_grams_release(&c.g);
}

void civil_heat_scored_release(GArray *v)
{
	for (guint i = 0; i < v->len; i++)
		g_ptr_array_free(g_array_index(v, struct heat_scored, i).keys,
				 TRUE);
	g_array_set_size(v, 0);
}

/* ---- scores ---- */

void civil_heat_score_release(civil_heat_score_t *s)
{
	for (size_t i = 0; i < s->n_reasons; i++) {
		free(s->reasons[i].signal);
		free(s->reasons[i].match);
		free(s->reasons[i].sentence);
	}
	g_free(s->reasons);
	memset(s, 0, sizeof(*s));
}

const char *civil_heat_class_name(civil_heat_class_t k)
{
	switch (k) {
	case CIVIL_HEAT_HEATED:
		return "heated";
	case CIVIL_HEAT_SHARP:
		return "sharp";
	default:
		return "calm";
	}
}

void civil_heat_reasons_line(const civil_heat_score_t *s, struct civil_buf *out)
{
	for (size_t i = 0; i < s->n_reasons; i++) {
		const civil_heat_reason_t *r = &s->reasons[i];

		civil_buf_addf(out, "%s%s", i ? "; " : "", r->signal);
		if (r->match && *r->match)
			civil_buf_addf(out, " '%s'", r->match);
	}
}

/* Whose names a message's words may hold: a name is never a cue. */
static const char *const address_headers[] = { "From", "To", "Cc" };

void civil_heat_score_message(const civil_heat_t *h, civil_message_t *msg,
			      civil_heat_score_t *out)
{
	struct heat_names names = { { 0 }, 0 };
	const char *a;

	if (civil_message_is_patch(msg)) {
		memset(out, 0, sizeof(*out));
		return;
	}
	a = civil_message_authored(msg);
	for (size_t i = 0; i < G_N_ELEMENTS(address_headers); i++)
		civil_heat_names_add(
			&names, civil_message_header(msg, address_headers[i]));
	score_text(h, a, strlen(a), &names, out);
}
