// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * learn.c - what a reader's own verdicts teach the heat scorer, like a
 * spam filter learns from the mail its user moves.
 *
 * A correction is a message civil held heated whose tag the reader took
 * off (calm), or one the reader tagged that civil did not hold heated
 * (heated); scan.c and corrections.c find them.  Each moves weights of
 * the heated head in the reader's sense, just far enough that civil
 * would now agree with the reader with a margin to spare (a
 * passive-aggressive update: online, a few rescorings of one message,
 * no retraining).  What moves is local, so that one verdict does not
 * spill over to what the reader did not judge:
 *
 *   - calm: in each sentence civil held heated, its cues at their
 *     targets ("'hell'@none": the road to hell, not "go to hell" said to
 *     someone), or, with no cue in it, that sentence alone;
 *   - heated: the same in the sentence civil found hottest.
 *
 * Never a category, a form of sentence or a word: those are what every
 * other message shares.  There is no global bias either: a message with
 * none of those features scores as before, whatever was learned.
 *
 * learned.c keeps the weights; this file only moves them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"
#include "learned.h"

/* The margin past the threshold a correction aims for, in logits; and
 * how many rescorings it takes at most. */
#define MARGIN 0.5
#define ROUNDS 6

/* What a correction may move in one sentence: its cues at their
 * targets, else the sentence itself (its last key). */
static void movable(const struct heat_scored *x, GPtrArray *out)
{
	g_ptr_array_set_size(out, 0);
	for (guint i = 0; i + 1 < x->keys->len; i++)
		g_ptr_array_add(out, g_ptr_array_index(x->keys, i));
	if (!out->len && x->keys->len)
		g_ptr_array_add(out,
				g_ptr_array_index(x->keys, x->keys->len - 1));
}

static double max_z(const GArray *v)
{
	double m = -HUGE_VAL;

	for (guint i = 0; i < v->len; i++)
		m = MAX(m, g_array_index(v, struct heat_scored, i).z[0]);
	return m;
}

/* One round: move the keys of the sentences that disagree with the
 * reader; the moved keys into moved.  False when nothing disagrees. */
static bool one_round(civil_heat_t *h, GArray *v, bool heated,
		      GHashTable *moved, bool *no_cue)
{
	double t = civil_heat_threshold_logit(h);
	GPtrArray *keys = g_ptr_array_new();
	bool any = false;
	guint hottest = 0;

	for (guint i = 1; i < v->len; i++)
		if (g_array_index(v, struct heat_scored, i).z[0] >
		    g_array_index(v, struct heat_scored, hottest).z[0])
			hottest = i;
	for (guint i = 0; i < v->len; i++) {
		const struct heat_scored *x =
			&g_array_index(v, struct heat_scored, i);
		double need =
			heated ? t + MARGIN - x->z[0] : x->z[0] - (t - MARGIN);

		if ((heated && i != hottest) || need <= 1e-6)
			continue;
		movable(x, keys);
		*no_cue |= keys->len == 1 && x->keys->len == 1;
		for (guint k = 0; k < keys->len; k++) {
			const char *key = g_ptr_array_index(keys, k);

			/* Within the bound the file keeps: a reader who
			 * corrects the same sentence a thousand times
			 * must not make a weight loading refuses. */
			civil_heat_learned_move(h->learned, key,
						(heated ? need : -need) /
							keys->len);
			g_hash_table_add(moved, g_strdup(key));
			any = true;
		}
	}
	g_ptr_array_free(keys, TRUE);
	return any;
}

static void rescore(const civil_heat_t *h, const char *text, size_t len,
		    GArray *v)
{
	struct civil_buf prose = CIVIL_BUF_INIT;

	civil_heat_scored_release(v);
	civil_heat_score_sentences(h, text, len, &prose, v);
	civil_buf_release(&prose);
}

void civil_heat_learn_text(civil_heat_t *h, const char *text, size_t len,
			   bool heated, civil_heat_lesson_t *out)
{
	GArray *v = g_array_new(FALSE, FALSE, sizeof(struct heat_scored));
	GHashTable *moved =
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTableIter it;
	gpointer k;
	bool no_cue = false;

	memset(out, 0, sizeof(*out));
	if (!h->learned) {
		/* Learning needs a file to keep it in. */
		h->learned = civil_heat_learned_new("");
	}
	rescore(h, text, len, v);
	out->before = v->len ? civil_heat_score_of(max_z(v)) : 0;
	for (int round = 0; round < ROUNDS; round++) {
		if (!one_round(h, v, heated, moved, &no_cue))
			break;
		rescore(h, text, len, v);
	}
	out->after = v->len ? civil_heat_score_of(max_z(v)) : 0;
	out->features = g_hash_table_size(moved);
	/* Each key counts each correction that moved it once. */
	g_hash_table_iter_init(&it, moved);
	while (g_hash_table_iter_next(&it, &k, NULL))
		civil_heat_learned_feat(h->learned, k)->count++;
	if (heated)
		h->learned->heated++;
	else
		h->learned->calm++;
	if (no_cue || !v->len)
		h->learned->no_cue++;
	h->learned->dirty = true;
	g_hash_table_destroy(moved);
	civil_heat_scored_release(v);
	g_array_free(v, TRUE);
}

void civil_heat_learn_message(civil_heat_t *h, civil_message_t *msg,
			      bool heated, civil_heat_lesson_t *out)
{
	const char *a = "";

	/* A patch scores nothing, so it teaches nothing either. */
	if (!civil_message_is_patch(msg))
		a = civil_message_authored(msg);
	civil_heat_learn_text(h, a, strlen(a), heated, out);
}
