/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * heat.h - what the heat scorer's files share: the words of a sentence
 * (words.c), the lexicon (lexicon.c), whom a cue is aimed at (target.c)
 * and the learned layer (model.c).  heat.c puts them together.
 */
#ifndef CIVIL_HEAT_H
#define CIVIL_HEAT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

#include "civil.h"

#define HEAT_MAX_WORD 40 /* longer tokens are not words */

/* What a word refers to, for finding whom a cue is aimed at. */
enum heat_ref {
	REF_NONE = 0,
	REF_YOU,    /* you, you're, yourself */
	REF_YOUR,   /* your, yours; his, her: someone's work */
	REF_THIRD,  /* he, she, him: a participant talked about */
	REF_PEOPLE, /* people, guys, maintainers, whoever */
	REF_ME,	    /* I, me, my, we, our: the sender */
	REF_THING,  /* this, that, it */
	REF_NOUN,   /* code, patch, driver, firmware, tool: a thing by name */
};

struct heat_word {
	char lower[HEAT_MAX_WORD + 1]; /* "" for code (see code) */
	const char *src;	       /* in the sentence, for quoting */
	size_t src_len;
	bool upper;	   /* ALL CAPS, two letters or more */
	bool shout_word;   /* a common word: in capitals, it is shouting */
	bool brk;	   /* code or punctuation before it: phrases stop */
	bool clause;	   /* , ; : ! ? or a dash before it: a new clause */
	bool code;	   /* an identifier, call, path or number */
	bool quoted;	   /* inside quotation marks: a mention, not a use */
	unsigned char ref; /* enum heat_ref */
};

/* words.c: split a sentence into words (struct heat_word), marking where
 * phrases must not run on.  Code tokens stay as words with code set and
 * an empty lower, so that "foo_init() is ugly" knows what is ugly. */
void heat_split_words(const char *s, size_t n, GArray *words);
void heat_words_init(void);

/* The scorer: a lexicon (lexicon.c) and, when there is one, a learned
 * layer (model.c). */
struct civil_heat {
	struct block *blocks; /* the lexicon's entries live here */
	GHashTable *exact;    /* first word -> first entry of its chain */
	GHashTable *prefix3;  /* first 3 letters of a prefix word -> ... */
	struct heat_model *model;
	struct heat_learned *learned; /* the reader's corrections (learn.c) */
};

/* lexicon.c */
typedef struct heat_entry heat_entry_t;
civil_status_t heat_lexicon_load(civil_heat_t *h, const char *path,
				 civil_error_t *err);
void heat_lexicon_free(civil_heat_t *h);
/* The longest entry matching at words[i] (an "ignore" entry wins a tie),
 * or NULL. */
const heat_entry_t *heat_lexicon_match(const civil_heat_t *h,
				       const struct heat_word *v, size_t i,
				       size_t n);
size_t heat_entry_len(const heat_entry_t *e);
double heat_entry_weight(const heat_entry_t *e);
const char *heat_entry_category(const heat_entry_t *e);
bool heat_entry_ignored(const heat_entry_t *e);
/* The phrase speaks to the reader itself ("you", "<you>"). */
bool heat_entry_says_you(const heat_entry_t *e);
/* The phrase as the lexicon wrote it ("<you> idiot*"), lower case. */
const char *heat_entry_phrase(const heat_entry_t *e);

/* learn.c: what a reader's corrections added to a cue (category and
 * phrase, phrase NULL for a signal such as "shouting") at a target, in
 * heat, and a reason's text that says so ("learned -1.80 from 6
 * corrections"); 0 and nothing said when nothing was learned. */
struct heat_learned;
double heat_learned_delta(const struct heat_learned *l, const char *category,
			  const char *phrase, civil_heat_target_t t,
			  struct civil_buf *why);
void heat_learned_free(struct heat_learned *l);
/* Has a correction taught a phrase of the learned layer ("phrase")? */
bool heat_learned_has_phrases(const struct heat_learned *l);

/* A feature of a scored text the learning can move: a cue (or signal) at
 * a target, and what it weighs now, learned part included. */
struct heat_feature {
	const char *category;
	const char *phrase; /* NULL: a signal */
	civil_heat_target_t target;
	double weight;
};
/* heat.c: score text and gather its features (struct heat_feature). */
void heat_score_features(const civil_heat_t *h, const char *text, size_t len,
			 civil_heat_score_t *out, GArray *features);

/* model.c: the learned layer.  A sentence's phrases with a weight (each
 * once), then a passage's logit from its sentences' phrases (each phrase
 * once), then what that logit adds to the passage's heat.  factor[k] is
 * what whom it is aimed at makes of the lexicon cue word k is part of (1
 * for a word of no cue, 0 for one of an "ignore" phrase): a phrase that
 * is part of a cue weighs no more than the cue does.  aimed: the logit
 * of those weights, as heat uses it; else of the weights as learned. */
struct heat_model;
struct heat_gram {
	const char *phrase; /* the model's own copy: one pointer a phrase */
	double weight;	    /* as learned */
	double aimed;	    /* weighed by the target of a cue it is part of */
	const char *src;    /* the words in the sentence, for quoting */
	size_t src_len;
};
civil_status_t heat_model_load(const char *path, struct heat_model **out,
			       civil_error_t *err);
void heat_model_free(struct heat_model *m);
void heat_model_grams(const struct heat_model *m, const struct heat_word *v,
		      size_t n, const double *factor, GArray *out);
double heat_model_logit(const struct heat_model *m, const GArray *const *sents,
			size_t n, bool aimed);
double heat_model_heat(const struct heat_model *m, double logit);
double heat_model_bias(const struct heat_model *m);
double heat_model_scale(const struct heat_model *m);
/* heat.c: the model's logit for text's hottest passage (its bias when
 * text has no sentence), as scripts/heat_model.py computes it. */
double heat_model_text_logit(const civil_heat_t *h, const char *text,
			     size_t len);

/* target.c: whom the cue at words [i, j) is aimed at, and how much that
 * weighs for its category; curt: the cue is in a message of a passage or
 * less, with no argument around it. */
civil_heat_target_t heat_target(const struct heat_word *v, size_t n, size_t i,
				size_t j);
double heat_target_factor(const char *category, civil_heat_target_t t,
			  bool curt);

#endif
