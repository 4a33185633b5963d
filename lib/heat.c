// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heat.c - how heated a message's own words are, and why.
 *
 * The score is transparent on purpose: a weighted lexicon (a data file,
 * heat.lexicon, see lexicon.c) plus a few signals no word list catches
 * (shouting, "!!!"), each weighed by whom it is aimed at (target.c), and,
 * when one is installed, a learned layer over word pairs (model.c).
 * Every point of a score comes with the sentence and the words that
 * earned it, so a reader can disagree with it.
 *
 * Only authored text is scored (text.c strips quotes, diffs, signatures
 * and pasted output).  Code is skipped: lines that end like C
 * statements, and tokens that look like identifiers, calls, paths or
 * addresses (words.c).
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

#define MAX_REASONS 32

civil_status_t civil_heat_new(const char *const *lexicons, civil_heat_t **out,
			      civil_error_t *err)
{
	civil_heat_t *h = calloc(1, sizeof(*h));
	civil_status_t st = CIVIL_STATUS_SUCCESS;

	if (!h)
		abort();
	heat_words_init();
	for (size_t i = 0; lexicons && lexicons[i] && !st; i++)
		st = heat_lexicon_load(h, lexicons[i], err);
	if (!h->exact && !st)
		st = heat_lexicon_load(h, "/dev/null", err);
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
	heat_learned_free(h->learned);
	heat_lexicon_free(h);
	free(h);
}

/* ---- scoring ---- */

struct sentence {
	size_t off, len; /* in the prose buffer */
	double score;	 /* what its cues add up to */
	guint first, n;	 /* its reasons in the found array */
	GArray *grams;	 /* struct heat_gram: the model's phrases in it */
};

static void add_reason(GArray *found, const char *signal, const char *match,
		       size_t match_len, double weight,
		       civil_heat_target_t target)
{
	civil_heat_reason_t r = { 0 };

	r.signal = strdup(signal);
	r.match = strndup(match, match_len);
	r.weight = weight;
	r.target = target;
	r.aimed = target == CIVIL_TARGET_PERSON;
	g_array_append_val(found, r);
}

/* What the cue e at words [i, i + len) is made of by whom it is aimed
 * at (and by quotation marks), as a factor of its weight. */
static double cue_factor(const heat_entry_t *e, const struct heat_word *v,
			 size_t n, size_t i, size_t len, bool curt,
			 civil_heat_target_t *t)
{
	double f;

	*t = heat_entry_says_you(e) ? CIVIL_TARGET_PERSON
				    : heat_target(v, n, i, i + len);
	f = heat_target_factor(heat_entry_category(e), *t, curt);
	/* In quotation marks it is a mention: someone else's words, a name,
	 * an example. */
	if (v[i].quoted && v[i + len - 1].quoted)
		f *= 0.5;
	return f;
}

/* w, a cue's (or signal's) weight at target t, with what the reader's
 * corrections taught civil about it: never below nothing.  The feature
 * goes into feats, when asked for, and what was learned into found as a
 * reason of its own, so that --explain shows it. */
static double learned_weight(const civil_heat_t *h, const char *category,
			     const char *phrase, civil_heat_target_t t,
			     double w, const char *match, size_t match_len,
			     GArray *found, GArray *feats)
{
	struct civil_buf why = CIVIL_BUF_INIT;
	double d = h->learned ? heat_learned_delta(h->learned, category, phrase,
						   t, &why)
			      : 0;

	w = w + d > 0 ? w + d : 0;
	if (w > 0)
		add_reason(found, category, match, match_len, w, t);
	if (feats) {
		struct heat_feature f = { category, phrase, t, w };
		bool dup = false;

		for (guint i = 0; i < feats->len && !dup; i++) {
			const struct heat_feature *o =
				&g_array_index(feats, struct heat_feature, i);

			dup = o->phrase == phrase && o->target == t &&
			      !strcmp(o->category, category);
		}
		if (!dup)
			g_array_append_val(feats, f);
	}
	if (d != 0)
		add_reason(found, why.buf, match, match_len,
			   round(d * 100) / 100, CIVIL_TARGET_NONE);
	civil_buf_release(&why);
	return w;
}

/* Each lexicon cue of the sentence, once, weighed by its target; factor
 * gets, for each word of a cue, what its target made of it (0 for words
 * of an "ignore" phrase), for the learned layer. */
static double lexicon_hits(const civil_heat_t *h, const struct heat_word *v,
			   size_t n, bool curt, double *factor, GArray *found,
			   GArray *feats)
{
	const heat_entry_t *seen[MAX_REASONS];
	size_t n_seen = 0;
	double score = 0;

	for (size_t i = 0; i < n;) {
		const heat_entry_t *e = heat_lexicon_match(h, v, i, n);
		size_t len = e ? heat_entry_len(e) : 1;
		civil_heat_target_t t = CIVIL_TARGET_NONE;
		double f = 1.0, w;
		bool dup = false;

		if (!e) {
			i++;
			continue;
		}
		for (size_t j = 0; j < n_seen; j++)
			dup |= seen[j] == e;
		f = heat_entry_ignored(e)
			    ? 0
			    : cue_factor(e, v, n, i, len, curt, &t);
		for (size_t k = i; k < i + len; k++)
			factor[k] = MIN(factor[k], f);
		w = heat_entry_weight(e) * f;
		if (!heat_entry_ignored(e) && !dup && n_seen < MAX_REASONS) {
			const char *a = v[i].src;
			const char *b =
				v[i + len - 1].src + v[i + len - 1].src_len;

			seen[n_seen++] = e;
			score += learned_weight(h, heat_entry_category(e),
						heat_entry_phrase(e), t, w, a,
						(size_t)(b - a), found, feats);
		}
		i += len;
	}
	return score;
}

/* SHOUTING: three capitalised words in a row, two of them ordinary words
 * (so that "ACPI PCI MSI", "INVALID FIELD IN CDB" or "NO-BREAK SPACE" are
 * not), in a sentence that has lower case too or ends in '!' or '?' (so
 * that a heading is not). */
static double shouting(const civil_heat_t *h, const char *s, size_t len,
		       const struct heat_word *v, size_t n, GArray *found,
		       GArray *feats)
{
	bool lower = false;

	for (size_t i = 0; i < n; i++)
		lower |= !v[i].upper && !v[i].code;
	if (!lower && (!len || !strchr("!?", s[len - 1])))
		return 0;
	for (size_t i = 0; i < n;) {
		size_t j = i, common = 0;

		if (!v[i].upper) {
			i++;
			continue;
		}
		/* Common words of two letters or more: "I/O API" is not. */
		while (j < n && v[j].upper && (j == i || !v[j].brk)) {
			common += v[j].shout_word && v[j].src_len >= 2;
			j++;
		}
		if (j - i >= 3 && common >= 2) {
			const char *b = v[j - 1].src + v[j - 1].src_len;
			/* 'NO SLOP PLEASE' in quotes is a slogan cited. */
			double w = v[i].quoted && v[j - 1].quoted ? 0.75 : 1.5;

			return learned_weight(
				h, "shouting", NULL, CIVIL_TARGET_NONE, w,
				v[i].src, (size_t)(b - v[i].src), found, feats);
		}
		i = j;
	}
	return 0;
}

/* "!!", "?!", "??": exasperation, once a sentence. */
static double exclamation(const civil_heat_t *h, const char *s, size_t len,
			  GArray *found, GArray *feats)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if ((s[i] == '!' || s[i] == '?') &&
		    (s[i + 1] == '!' || s[i + 1] == '?')) {
			size_t j = i;

			while (j < len && (s[j] == '!' || s[j] == '?'))
				j++;
			return learned_weight(h, "exclamation", NULL,
					      CIVIL_TARGET_NONE, 1.0, s + i,
					      j - i, found, feats);
		}
	}
	return 0;
}

/* One ordinary word in capitals in a sentence that is not shouting:
 * "it is NOT fine", "you SHOULD".  Kernel mail stresses words so all the
 * time ("this is NOT a fix"); it only adds to other heat. */
static double emphasis(const civil_heat_t *h, const struct heat_word *v,
		       size_t n, GArray *found, GArray *feats)
{
	size_t caps = 0, lower = 0, hit = n;

	for (size_t i = 0; i < n; i++) {
		if (!v[i].upper && !v[i].code)
			lower++;
		else if (v[i].src_len >= 3 && v[i].shout_word && ++caps)
			hit = i;
	}
	if (hit == n || caps > 2 || lower < 2)
		return 0;
	return learned_weight(h, "emphasis", NULL, CIVIL_TARGET_NONE, 0.5,
			      v[hit].src, v[hit].src_len, found, feats);
}

/* The learned layer's weighty phrases in the sentence ("you idiot"),
 * which a reader's corrections can make cues of their own where the
 * lexicon has none (learn.c); they weigh nothing until they do. */
#define PHRASE_WEIGHT 1.5

static double phrase_hits(const civil_heat_t *h, const struct heat_word *v,
			  size_t n, GArray *found, GArray *feats)
{
	GArray *grams;
	double *ones, score = 0;

	if (!h->model || !h->learned ||
	    (!feats && !heat_learned_has_phrases(h->learned)))
		return 0;
	grams = g_array_new(FALSE, FALSE, sizeof(struct heat_gram));
	ones = g_new(double, n ? n : 1);
	for (size_t k = 0; k < n; k++)
		ones[k] = 1.0;
	heat_model_grams(h->model, v, n, ones, grams);
	for (guint i = 0; i < grams->len; i++) {
		const struct heat_gram *g =
			&g_array_index(grams, struct heat_gram, i);

		if (g->weight >= PHRASE_WEIGHT)
			score += learned_weight(h, "phrase", g->phrase,
						CIVIL_TARGET_NONE, 0, g->src,
						g->src_len, found, feats);
	}
	g_free(ones);
	g_array_free(grams, TRUE);
	return score;
}

/* A sentence's cues, and its phrases the model knows. */
static void score_sentence(const civil_heat_t *h, const char *s,
			   struct sentence *st, bool curt, bool with_model,
			   GArray *words, GArray *found, GArray *feats)
{
	const struct heat_word *v;
	double score, *factor;

	st->first = found->len;
	g_array_set_size(words, 0);
	heat_split_words(s, st->len, words);
	v = (const struct heat_word *)(void *)words->data;
	factor = g_new(double, words->len ? words->len : 1);
	for (guint k = 0; k < words->len; k++)
		factor[k] = 1.0;
	score = lexicon_hits(h, v, words->len, curt, factor, found, feats);
	score += shouting(h, s, st->len, v, words->len, found, feats);
	if (!score || found->len == st->first)
		score += emphasis(h, v, words->len, found, feats);
	score += exclamation(h, s, st->len, found, feats);
	score += phrase_hits(h, v, words->len, found, feats);
	st->score = score;
	st->n = found->len - st->first;
	if (h->model && with_model) {
		st->grams = g_array_new(FALSE, FALSE, sizeof(struct heat_gram));
		heat_model_grams(h->model, v, words->len, factor, st->grams);
	}
	g_free(factor);
}

/* A line of code in prose is not prose. */
static bool code_line(const char *l, size_t n)
{
	while (n && isspace((unsigned char)*l))
		l++, n--;
	while (n && isspace((unsigned char)l[n - 1]))
		n--;
	if (!n)
		return false;
	if (strchr(";{}", l[n - 1]))
		return true;
	if (l[0] == '#' && n > 1 && isalpha((unsigned char)l[1]))
		return true;
	if (n >= 2 &&
	    (!memcmp(l, "//", 2) || !memcmp(l, "/*", 2) || !memcmp(l, "*/", 2)))
		return true;
	return n >= 2 && (l[0] == '+' || l[0] == '-') && l[1] == '\t';
}

/* The prose of text: code lines dropped, each paragraph's lines joined
 * with spaces, paragraphs ended by '\n'.  Then its sentences: ended by
 * . ! ? and white space, or by the end of a paragraph. */
static void prose_sentences(const char *text, size_t len,
			    struct civil_buf *prose, GArray *out)
{
	const char *p = text, *end = text + len, *next;
	bool in_para = false;

	for (; p < end; p = next) {
		size_t n = civil_line_len(p, end, &next), i = 0;

		while (i < n && isspace((unsigned char)p[i]))
			i++;
		if (i == n) {
			if (in_para)
				civil_buf_addch(prose, '\n');
			in_para = false;
			continue;
		}
		if (code_line(p, n))
			continue;
		if (in_para)
			civil_buf_addch(prose, ' ');
		civil_buf_add(prose, p + i, n - i);
		in_para = true;
	}
	if (in_para)
		civil_buf_addch(prose, '\n');

	for (size_t a = 0, c = 0; c < prose->len; c++) {
		char ch = prose->buf[c];
		bool stop = ch == '\n';

		if (strchr(".!?", ch)) {
			while (c + 1 < prose->len &&
			       strchr(".!?", prose->buf[c + 1]))
				c++;
			stop = isspace((unsigned char)prose->buf[c + 1]);
			c += stop;
		}
		if (!stop)
			continue;
		while (a < c && isspace((unsigned char)prose->buf[a]))
			a++;
		if (c > a) {
			struct sentence st = { a, c - a, 0, 0, 0, NULL };

			g_array_append_val(out, st);
		}
		a = c;
	}
}

static int by_double_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y) - (x > y);
}

/* Heat is local: a message is as hot as its hottest passage of
 * PASSAGE_SENTENCES sentences in a row, the hottest of them counting
 * fully and each next one a little less.  One outburst is heat; cues
 * scattered over a long mail ("obviously" here, "annoying" three
 * paragraphs on) are not, and the whole mail scored as one sum made
 * every long proposal on a discussion list look heated.  The learned
 * layer adds what it makes of the same passage's phrases. */
#define PASSAGE_SENTENCES 3

struct passage {
	double heat;  /* cues and model together */
	double model; /* the model's part */
	size_t at;    /* first sentence */
};

static double cue_heat(const struct sentence *v, size_t n)
{
	double in[PASSAGE_SENTENCES], sum = 0, weight = 1;
	size_t m = 0;

	for (size_t j = 0; j < n && m < PASSAGE_SENTENCES; j++)
		in[m++] = v[j].score;
	qsort(in, m, sizeof(*in), by_double_desc);
	for (size_t k = 0; k < m && in[k] > 0; k++) {
		sum += in[k] * weight;
		weight *= 0.85;
	}
	return sum;
}

static double passage_logit(const struct heat_model *m,
			    const struct sentence *v, size_t n, bool aimed)
{
	const GArray *grams[PASSAGE_SENTENCES];
	size_t k;

	for (k = 0; k < n && k < PASSAGE_SENTENCES; k++)
		grams[k] = v[k].grams;
	return heat_model_logit(m, grams, k, aimed);
}

/* The learned layer was trained on review and issue comments of a few
 * sentences.  It weighs in on messages of that kind and leaves long mail,
 * where one word among many paragraphs of technical argument is not the
 * tone of the whole, to the lexicon, whose cues know whom they are aimed
 * at.  It adds to a passage where the lexicon found something, so that
 * it weighs how a cue is said ("just add your damn tree"), never makes
 * heat of ordinary words on its own ("being a", "maintainers"). */
#define MODEL_SENTENCES 5

/* A message no longer than a passage is all the argument there is:
 * contempt or swearing in it is curt dismissal, not critique inside a
 * technical argument, and keeps its full weight (target.c). */
#define CURT_SENTENCES PASSAGE_SENTENCES

static struct passage hottest_passage(const civil_heat_t *h,
				      const struct sentence *v, size_t n)
{
	struct passage best = { 0, 0, 0 };

	for (size_t i = 0; i < n; i++) {
		double cues = cue_heat(v + i, n - i), model = 0;

		if (v[i].grams && cues > 0)
			model = heat_model_heat(
				h->model,
				passage_logit(h->model, v + i, n - i, true));
		if (cues + model > best.heat) {
			best.heat = cues + model;
			best.model = model;
			best.at = i;
		}
	}
	return best;
}

/* The sentence as a reader sees it: one line, not too long. */
static char *sentence_text(const char *s, size_t len)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	for (size_t i = 0; i < len && b.len < 200; i++)
		civil_buf_addch(&b, isspace((unsigned char)s[i]) ? ' ' : s[i]);
	if (b.len >= 200) {
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

static int by_gram_weight_desc(const void *a, const void *b)
{
	const struct heat_gram *x = a, *y = b;

	return (x->aimed < y->aimed) - (x->aimed > y->aimed);
}

/* The phrases that carried the model's part of the hottest passage: its
 * three weightiest, each with the sentence it is in. */
#define MODEL_REASONS	    3
#define MODEL_REASON_WEIGHT 0.5

static void model_reasons(const civil_heat_t *h, const struct sentence *v,
			  size_t n, const struct passage *p,
			  const struct civil_buf *prose, GArray *kept)
{
	GArray *all = g_array_new(FALSE, FALSE, sizeof(struct heat_gram));
	GHashTable *seen = g_hash_table_new(NULL, NULL);

	for (size_t s = p->at; s < n && s < p->at + PASSAGE_SENTENCES; s++)
		for (guint i = 0; i < v[s].grams->len; i++) {
			struct heat_gram g =
				g_array_index(v[s].grams, struct heat_gram, i);

			/* A phrase of little weight ("kind of", "ever")
			 * explains nothing to a reader. */
			if (g.aimed < MODEL_REASON_WEIGHT ||
			    !g_hash_table_add(seen, (gpointer)g.phrase))
				continue;
			g_array_append_val(all, g);
		}
	if (all->len)
		qsort(all->data, all->len, sizeof(struct heat_gram),
		      by_gram_weight_desc);
	for (guint i = 0; i < all->len && i < MODEL_REASONS; i++) {
		const struct heat_gram *g =
			&g_array_index(all, struct heat_gram, i);
		const struct sentence *in = v + p->at;
		civil_heat_reason_t r = { 0 };

		/* The sentence whose text holds the phrase's words. */
		for (size_t s = p->at; s < n && s < p->at + PASSAGE_SENTENCES;
		     s++)
			if (g->src >= prose->buf + v[s].off &&
			    g->src < prose->buf + v[s].off + v[s].len)
				in = v + s;
		r.signal = strdup("model");
		r.match = strndup(g->src, g->src_len);
		r.weight = round(heat_model_scale(h->model) * g->aimed * 100) /
			   100;
		r.sentence = sentence_text(prose->buf + in->off, in->len);
		if (kept->len < MAX_REASONS)
			g_array_append_val(kept, r);
		else
			free(r.signal), free(r.match), free(r.sentence);
	}
	g_hash_table_destroy(seen);
	g_array_free(all, TRUE);
}

void civil_heat_score_text(const civil_heat_t *h, const char *text, size_t len,
			   civil_heat_score_t *out)
{
	heat_score_features(h, text, len, out, NULL);
}

void heat_score_features(const civil_heat_t *h, const char *text, size_t len,
			 civil_heat_score_t *out, GArray *feats)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	GArray *sent = g_array_new(FALSE, FALSE, sizeof(struct sentence));
	GArray *found = g_array_new(FALSE, FALSE, sizeof(civil_heat_reason_t));
	GArray *kept = g_array_new(FALSE, FALSE, sizeof(civil_heat_reason_t));
	GArray *words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	struct sentence *v;
	struct passage best;
	guint *order;

	memset(out, 0, sizeof(*out));
	prose_sentences(text, len, &prose, sent);
	v = (struct sentence *)(void *)sent->data;
	for (guint i = 0; i < sent->len; i++)
		score_sentence(h, prose.buf + v[i].off, &v[i],
			       sent->len <= CURT_SENTENCES,
			       sent->len <= MODEL_SENTENCES, words, found,
			       feats);
	g_array_free(words, TRUE);
	best = hottest_passage(h, v, sent->len);
	out->score = best.heat;
	/* The model's phrases come first when they weigh most. */
	if (best.model > 0 && best.model >= best.heat - best.model)
		model_reasons(h, v, sent->len, &best, &prose, kept);
	/* Then the cues of every sentence that fired, hottest first. */
	order = g_new(guint, sent->len ? sent->len : 1);
	for (guint i = 0; i < sent->len; i++)
		order[i] = i;
	for (guint i = 1; i < sent->len; i++)
		for (guint j = i;
		     j > 0 && v[order[j]].score > v[order[j - 1]].score; j--) {
			guint t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (guint i = 0; i < sent->len; i++) {
		struct sentence *s = &v[order[i]];

		if (s->score <= 0)
			break;
		for (guint k = s->first; k < s->first + s->n; k++) {
			civil_heat_reason_t *f =
				&g_array_index(found, civil_heat_reason_t, k);
			civil_heat_reason_t r = *f;

			/* Ownership moves to kept, or nowhere: either way
			 * found lets go of it. */
			f->signal = f->match = NULL;
			if (kept->len >= MAX_REASONS) {
				free(r.signal);
				free(r.match);
				continue;
			}
			r.sentence = sentence_text(prose.buf + s->off, s->len);
			g_array_append_val(kept, r);
		}
	}
	if (best.model > 0 && best.model < best.heat - best.model)
		model_reasons(h, v, sent->len, &best, &prose, kept);
	/* What is left belonged to sentences after the first calm one. */
	for (guint k = 0; k < found->len; k++) {
		free(g_array_index(found, civil_heat_reason_t, k).signal);
		free(g_array_index(found, civil_heat_reason_t, k).match);
	}
	for (guint i = 0; i < sent->len; i++)
		if (v[i].grams)
			g_array_free(v[i].grams, TRUE);
	g_free(order);
	out->n_reasons = kept->len;
	out->reasons = (civil_heat_reason_t *)(void *)g_array_free(kept, FALSE);
	out->score = round(out->score * 100) / 100;
	g_array_free(found, TRUE);
	g_array_free(sent, TRUE);
	civil_buf_release(&prose);
}

/* The model's logit for text's hottest passage (its bias for text with
 * no sentence): what scripts/heat_model.py computes, for the test that
 * holds the two together. */
double heat_model_text_logit(const civil_heat_t *h, const char *text,
			     size_t len)
{
	struct civil_buf prose = CIVIL_BUF_INIT;
	GArray *sent = g_array_new(FALSE, FALSE, sizeof(struct sentence));
	GArray *found = g_array_new(FALSE, FALSE, sizeof(civil_heat_reason_t));
	GArray *words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	struct sentence *v;
	double best = -HUGE_VAL;

	if (!h->model)
		return 0;
	prose_sentences(text, len, &prose, sent);
	v = (struct sentence *)(void *)sent->data;
	for (guint i = 0; i < sent->len; i++)
		score_sentence(h, prose.buf + v[i].off, &v[i], false, true,
			       words, found, NULL);
	g_array_free(words, TRUE);
	for (guint i = 0; i < sent->len; i++) {
		double l = passage_logit(h->model, v + i, sent->len - i, false);

		if (l > best)
			best = l;
	}
	for (guint i = 0; i < sent->len; i++)
		g_array_free(v[i].grams, TRUE);
	for (guint k = 0; k < found->len; k++) {
		free(g_array_index(found, civil_heat_reason_t, k).signal);
		free(g_array_index(found, civil_heat_reason_t, k).match);
	}
	g_array_free(found, TRUE);
	g_array_free(sent, TRUE);
	civil_buf_release(&prose);
	return best == -HUGE_VAL ? heat_model_bias(h->model) : best;
}

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

void civil_heat_reasons_line(const civil_heat_score_t *s, struct civil_buf *out)
{
	for (size_t i = 0; i < s->n_reasons; i++) {
		const civil_heat_reason_t *r = &s->reasons[i];

		civil_buf_addf(out, "%s%s '%s'%s", i ? "; " : "", r->signal,
			       r->match, r->aimed ? " (at a person)" : "");
	}
}

void civil_heat_score_message(const civil_heat_t *h, civil_message_t *msg,
			      civil_heat_score_t *out)
{
	const char *a;

	if (civil_message_kind(msg) == CIVIL_KIND_PATCH) {
		memset(out, 0, sizeof(*out));
		return;
	}
	a = civil_message_authored(msg);
	civil_heat_score_text(h, a, strlen(a), out);
}

static int by_date(const void *a, const void *b)
{
	const civil_heat_sample_t *x = a, *y = b;

	return (x->date > y->date) - (x->date < y->date);
}

bool civil_heat_personal(const civil_heat_score_t *s, double threshold)
{
	double aimed = 0;

	for (size_t i = 0; i < s->n_reasons; i++)
		if (s->reasons[i].aimed)
			aimed += s->reasons[i].weight;
	return aimed >= threshold / 2;
}

/*
 * A thread is heated when it holds what a reader would call heat, not
 * when one cue turns up among fifty calm messages: a message a person
 * tagged heated (their verdict always wins), a heated message whose heat
 * is aimed at a person, heated messages from two people, or one message
 * twice as hot as the threshold.  A single heated message about code in
 * a long review is the message's heat, not the thread's.
 */
void civil_thread_heat(const civil_heat_sample_t *v, size_t n, double threshold,
		       civil_thread_heat_t *out)
{
	civil_heat_sample_t *sorted = calloc(n ? n : 1, sizeof(*sorted));
	GHashTable *hot = g_hash_table_new(g_str_hash, g_str_equal);
	bool by_hand = false, personal = false;
	double first = 0, second = 0;

	if (!sorted)
		abort();
	memset(out, 0, sizeof(*out));
	out->messages = n;
	if (n)
		memcpy(sorted, v, n * sizeof(*v));
	qsort(sorted, n, sizeof(*sorted), by_date);
	for (size_t i = 0; i < n; i++) {
		const civil_heat_sample_t *s = &sorted[i];
		const char *who = s->author ? s->author : "";

		if (s->score > out->peak)
			out->peak = s->score;
		by_hand |= s->by_hand;
		if (s->score >= threshold || s->by_hand) {
			out->heated++;
			g_hash_table_add(hot, (gpointer)who);
			personal |= s->personal;
		}
		if (i < n / 2)
			first += s->score;
		else
			second += s->score;
	}
	out->people = g_hash_table_size(hot);
	if (n >= 4)
		out->escalating = second / (double)(n - n / 2) >
				  first / (double)(n / 2) + threshold / 6;
	out->is_heated = by_hand || personal || out->people >= 2 ||
			 out->peak >= 2 * threshold;
	g_hash_table_destroy(hot);
	free(sorted);
}
