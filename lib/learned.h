/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * learned.h - the learned weights, shared by learned.c (keeping and
 * reading them) and learn.c (moving them); heat.c only asks
 * civil_heat_learned_delta, so the scorer never calls the learner.
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
	GHashTable *held;  /* "calm ID", "heated ID": corrections learned
			    * here, not yet known to be marked learned in
			    * the database */
	unsigned heated, calm, no_cue;
	bool dirty;
};

/* What the file holds, and so what learning may make: |weight| at most
 * this, and counts at most HEAT_LEARNED_MAX_COUNT.  A weight learning
 * would push further stays at the bound; loading refuses a line past
 * it. */
#define HEAT_LEARNED_MAX       1000.0
#define HEAT_LEARNED_MAX_COUNT 1000000000u

struct heat_learned *civil_heat_learned_new(const char *path);
/* Move the feature KEY's weight by delta, within the bound. */
void civil_heat_learned_move(struct heat_learned *l, const char *key,
			     double delta);
/* The feature KEY, made (weight 0, count 0) if it is new. */
struct feat *civil_heat_learned_feat(struct heat_learned *l, const char *key);

/* The file records each correction it has learned ("learned calm ID"),
 * written in the same rename as the weights it moved: a scan killed
 * between keeping them and marking the correction learned in the
 * database does not learn it again (it marks it).  A record goes once
 * the database carries the mark. */
bool civil_heat_learned_holds(const struct heat_learned *l, bool heated,
			      const char *id);
void civil_heat_learned_record(struct heat_learned *l, bool heated,
			       const char *id);
/* Each record, to fn(heated, id, arg); a true return drops it. */
void civil_heat_learned_prune(struct heat_learned *l,
			      bool (*fn)(bool heated, const char *id,
					 void *arg),
			      void *arg);

/* Two scans at once (the post-new hook and the timer) each learn the
 * corrections they found, and each keeps what it learned: the second
 * must learn onto what the first kept, and only what the first did not
 * learn.  So the keeping is done holding this lock (PATH.lock, waited for
 * at most timeout_ms, then LOCKED), after reading the file again
 * (civil_heat_learned_reload: h's weights become the file's).  *fd: the lock,
 * for civil_heat_learned_unlock; -1 when h keeps no file. */
civil_status_t civil_heat_learned_lock(civil_heat_t *h, int timeout_ms, int *fd,
				       civil_error_t *err);
void civil_heat_learned_unlock(int fd);
civil_status_t civil_heat_learned_reload(civil_heat_t *h, civil_error_t *err);

#endif
