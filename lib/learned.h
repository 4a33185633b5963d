/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * learned.h - the learned weights, shared by learned.c (keeping and
 * reading them) and learn.c (moving them); heat.c only asks
 * heat_learned_delta, so the scorer never calls the learner.
 */
#ifndef CIVIL_LEARNED_H
#define CIVIL_LEARNED_H

#include "heat.h"

struct feat {
	double weight;
	unsigned count;
};

struct heat_learned {
	char *path;
	GHashTable *feats; /* "cue 'PHRASE'@TARGET", "sentence HEX" -> feat */
	unsigned heated, calm, no_cue;
	bool dirty;
};

struct heat_learned *heat_learned_new(const char *path);
/* The feature KEY, made (weight 0, count 0) if it is new. */
struct feat *heat_learned_feat(struct heat_learned *l, const char *key);

#endif
