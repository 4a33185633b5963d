// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * learn.c - what a reader's own verdicts teach the heat scorer, like a
 * spam filter learns from the mail its user moves.
 *
 * A correction is a message civil flagged whose heated tag the reader
 * took off (calm), or one the reader tagged that civil did not flag
 * (heated); scan.c and corrections.c find them.  Each moves the weights
 * of the features the scorer found in the message, in the reader's
 * sense, just far enough that civil would now agree with the reader
 * with a margin to spare (a passive-aggressive update: online, a few
 * rescorings of one message, no retraining):
 *
 *   - the cue at its target: "'ugly' (contempt) about code";
 *   - its category at that target, a quarter as much: "contempt about
 *     code", so that corrections of several words of one kind teach the
 *     kind (it counts once two corrections taught it);
 *   - a signal (shouting, "!!", emphasis), as a category of its own
 *     (only ever lowered: it is in too much mail to be raised);
 *   - a weighty phrase of the learned layer (model.c, weight 1.5 or
 *     more: "shut up"), "phrase", which is no cue until a heated verdict
 *     teaches it; it has no kind.
 *
 * There is no global bias: a message with none of those features scores
 * as before, whatever was learned.  A learned weight is added to the
 * cue's weight where it is aimed so (never below nothing) and shows in
 * the message's reasons, with how many corrections taught it.
 *
 * learned.c keeps the weights; this file only moves them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"
#include "learned.h"

/* The margin past the threshold a correction aims for, as a part of the
 * threshold; what one correction may move one feature, at most: as much
 * as the feature weighs in the message (so one correction never makes a
 * weak, common signal such as one capitalised word heat on its own, nor
 * takes more than everything), and no less than RAISE_AT_LEAST when it
 * is raised; how much of a cue's step its category takes. */
#define MARGIN	       0.2
#define RAISE_AT_LEAST 0.5
#define CATEGORY_STEP  0.25
#define ROUNDS	       6

/* ---- learning ---- */

/* How far this correction has moved a feature, and may move it. */
struct move {
	double done, cap;
};

static struct move *moved_by(GHashTable *moved, const char *key, double cap)
{
	struct move *m = g_hash_table_lookup(moved, key);

	if (!m) {
		m = g_new0(struct move, 1);
		m->cap = cap;
		g_hash_table_insert(moved, g_strdup(key), m);
	}
	return m;
}

/* Calm: only what still weighs something can weigh less.  Heated: a
 * signal (one capitalised word, "!!") is in so much mail that raising it
 * would raise nearly every message, so only cues and phrases rise. */
static bool movable(const struct heat_feature *f, bool heated)
{
	return heated ? f->phrase != NULL : f->weight > 0;
}

static double score_of(const civil_heat_t *h, const char *text, size_t len,
		       GArray *feats)
{
	civil_heat_score_t s;
	double v;

	if (feats)
		g_array_set_size(feats, 0);
	heat_score_features(h, text, len, &s, feats);
	v = s.score;
	civil_heat_score_release(&s);
	return v;
}

void civil_heat_learn_text(civil_heat_t *h, const char *text, size_t len,
			   bool heated, double threshold,
			   civil_heat_lesson_t *out)
{
	struct heat_learned *l = h->learned;
	GArray *feats = g_array_new(FALSE, FALSE, sizeof(struct heat_feature));
	GHashTable *moved =
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	struct civil_buf key = CIVIL_BUF_INIT;
	double y = heated ? 1 : -1, margin = MARGIN * threshold;
	GHashTableIter it;
	gpointer k;
	double s;

	memset(out, 0, sizeof(*out));
	if (!l) {
		/* Learning needs a file to keep it in. */
		h->learned = l = heat_learned_new("");
	}
	s = out->before = score_of(h, text, len, feats);
	for (int round = 0; round < ROUNDS; round++) {
		double loss = margin - y * (s - threshold), step;
		guint active = 0;

		if (loss <= 1e-6)
			break;
		for (guint i = 0; i < feats->len; i++)
			active += movable(
				&g_array_index(feats, struct heat_feature, i),
				heated);
		if (!active)
			break;
		step = loss / active;
		for (guint i = 0; i < feats->len; i++) {
			const struct heat_feature *f =
				&g_array_index(feats, struct heat_feature, i);
			struct move *m;
			double d;

			if (!movable(f, heated))
				continue;
			heat_learned_key(&key, f->category, f->phrase,
					 f->target);
			m = moved_by(moved, key.buf,
				     heated ? MAX(f->weight, RAISE_AT_LEAST)
					    : f->weight);
			d = MIN(step, m->cap - m->done);
			if (d <= 1e-9)
				continue;
			m->done += d;
			heat_learned_move(l, key.buf, y * d);
			/* A phrase of the learned layer has no kind: they
			 * are all "phrase". */
			if (f->phrase && strcmp(f->category, "phrase")) {
				heat_learned_key(&key, f->category, NULL,
						 f->target);
				moved_by(moved, key.buf, 0);
				heat_learned_move(l, key.buf,
						  y * d * CATEGORY_STEP);
			}
		}
		s = score_of(h, text, len, feats);
	}
	out->after = s;
	out->features = g_hash_table_size(moved);
	/* Each feature counts each correction that moved it once. */
	g_hash_table_iter_init(&it, moved);
	while (g_hash_table_iter_next(&it, &k, NULL))
		heat_learned_feat(l, k)->count++;
	if (heated)
		l->heated++;
	else
		l->calm++;
	if (!feats->len)
		l->no_cue++;
	l->dirty = true;
	civil_buf_release(&key);
	g_hash_table_destroy(moved);
	g_array_free(feats, TRUE);
}

void civil_heat_learn_message(civil_heat_t *h, civil_message_t *msg,
			      bool heated, double threshold,
			      civil_heat_lesson_t *out)
{
	const char *a = "";

	/* A patch scores nothing, so it teaches nothing either. */
	if (civil_message_kind(msg) != CIVIL_KIND_PATCH)
		a = civil_message_authored(msg);
	civil_heat_learn_text(h, a, strlen(a), heated, threshold, out);
}
