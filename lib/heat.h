/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * heat.h - what the heat scorer's files share: the words of a sentence
 * (words.c), the lexicon of cues (lexicon.c), whom a cue is aimed at
 * (target.c), a sentence's features (features.c), the model that weighs
 * them (model.c) and the reader's corrections (learned.c, learn.c).
 * heat.c puts them together.
 */
#ifndef CIVIL_HEAT_H
#define CIVIL_HEAT_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "civil.h"

#define HEAT_MAX_WORD 40 /* longer tokens are not words */

/* What a word refers to, for finding whom a cue is aimed at. */
enum heat_ref {
	REF_NONE = 0,
	REF_YOU,	/* you, you're, yourself */
	REF_YOUR,	/* your, yours; his, her: someone's work */
	REF_THIRD,	/* he, she, him: a participant talked about */
	REF_PEOPLE,	/* people, guys, maintainers, whoever */
	REF_ME,		/* I, me, my, we, our: the sender */
	REF_THING,	/* this, that, it */
	REF_NOUN,	/* code, driver, firmware, tool: a thing by name */
	REF_SUBMISSION, /* patch, series: in a review, the author's work */
};

struct heat_word {
	char lower[HEAT_MAX_WORD + 1]; /* "" for code (see code) */
	uint64_t hash;		       /* civil_heat_word_hash of lower */
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
void civil_heat_split_words(const char *s, size_t n, GArray *words);
void civil_heat_words_init(void);

/* The scorer: a lexicon (lexicon.c), the model (model.c), what the
 * reader's corrections taught (learned.c), and the score from which a
 * message is heated. */
struct civil_heat {
	struct block *blocks; /* the lexicon's entries live here */
	GHashTable *exact;    /* first word -> first entry of its chain */
	GHashTable *prefix3;  /* first 3 letters of a prefix word -> ... */
	struct heat_model *model;
	struct heat_learned *learned; /* the reader's corrections */
	double threshold;	      /* CIVIL_HEAT_THRESHOLD unless set */
};

/* lexicon.c */
typedef struct heat_entry heat_entry_t;
civil_status_t civil_heat_lexicon_load(civil_heat_t *h, const char *path,
				       civil_error_t *err);
void civil_heat_lexicon_free(civil_heat_t *h);
/* The longest entry matching at words[i] (an "ignore" entry wins a tie),
 * or NULL. */
const heat_entry_t *civil_heat_lexicon_match(const civil_heat_t *h,
					     const struct heat_word *v,
					     size_t i, size_t n);
size_t civil_heat_entry_len(const heat_entry_t *e);
double civil_heat_entry_weight(const heat_entry_t *e);
const char *civil_heat_entry_category(const heat_entry_t *e);
bool civil_heat_entry_ignored(const heat_entry_t *e);
/* The phrase speaks to the reader itself ("you", "<you>"). */
bool civil_heat_entry_says_you(const heat_entry_t *e);
/* The phrase as the lexicon wrote it ("<you> idiot*"), lower case. */
const char *civil_heat_entry_phrase(const heat_entry_t *e);

/* target.c: whom the cue at words [i, j) is aimed at. */
civil_heat_target_t civil_heat_target_of(const struct heat_word *v, size_t n,
					 size_t i, size_t j);
/* "none", "person", "work", "thing", "self". */
const char *civil_heat_target_name(civil_heat_target_t t);

/* ---- features.c ---- */

enum heat_feat_kind {
	HEAT_FEAT_CUE = 0, /* "insult@person": a cue's category at a target */
	HEAT_FEAT_PHRASE,  /* "'idiot*'@person": the cue itself */
	HEAT_FEAT_MOD,	   /* "insult+negated": what surrounds a cue */
	HEAT_FEAT_FORM,	   /* "s:you-subject": the sentence's form */
	HEAT_FEAT_WORD,	   /* "w:even", "b:you even": never shown */
};

struct heat_feat {
	uint64_t hash;	       /* civil_heat_feat_hash of its name */
	unsigned name;	       /* its name, at this offset of names */
	float value;	       /* 1, or a cue's lexicon weight / 2.5 */
	unsigned char kind;    /* enum heat_feat_kind */
	unsigned char target;  /* civil_heat_target_t */
	unsigned short w0, nw; /* the words that made it (nw 0: all) */
};

/* What a sentence's features depend on beyond its words. */
struct heat_ctx {
	bool curt; /* the message is a passage or less */
	bool joke; /* a smiley follows the sentence */
};

#define HEAT_MAX_FEATS	700
#define HEAT_SEEN_SLOTS 1031 /* a prime over HEAT_MAX_FEATS */

#define HEAT_NO_NAME ((unsigned)-1)

/* One sentence's features; reused from sentence to sentence. */
struct heat_fset {
	struct heat_feat feat[HEAT_MAX_FEATS];
	size_t n;
	struct civil_buf names; /* their names, NUL-separated */
	size_t cues;		/* lexicon cues among them */
	GByteArray *idiom;	/* per word: part of an idiom */
	GArray *flags;		/* per word: the word lists it is in */
	bool all_names; /* keep the names of words and pairs too (training) */
	/* The names' hashes this sentence has: a slot is taken when its
	 * generation is this sentence's. */
	uint64_t seen[HEAT_SEEN_SLOTS];
	uint32_t seen_gen[HEAT_SEEN_SLOTS];
	uint32_t gen;
};

/* The word lists' table, once, before any thread scores (fset_init
 * calls it). */
void civil_heat_features_init(void);
void civil_heat_fset_init(struct heat_fset *fs);
void civil_heat_fset_release(struct heat_fset *fs);
/* hash.c: FNV-1a of a word's bytes; the hashes the features of a word
 * and of a pair of words have, made from those; and a feature's name to
 * its hash (civil_heat_feat_hash of "w:WORD" and "b:WORD WORD" gives the same). */
uint64_t civil_heat_word_hash(const char *s, size_t n);
uint64_t civil_heat_unigram_hash(uint64_t word);
uint64_t civil_heat_bigram_hash(uint64_t first, uint64_t second);
uint64_t civil_heat_feat_hash(const char *s, size_t n);
/* A feature's name ("" for a word or pair, unless fs->all_names). */
static inline const char *heat_feat_name(const struct heat_fset *fs,
					 const struct heat_feat *f)
{
	return fs->names.buf && f->name != HEAT_NO_NAME
		       ? fs->names.buf + f->name
		       : "";
}
/* The features of the sentence s (len bytes) whose words are v. */
void civil_heat_features(const civil_heat_t *h, const struct heat_word *v,
			 size_t n, const char *s, size_t len,
			 const struct heat_ctx *ctx, struct heat_fset *fs);
/* Does s hold a smiley (";-)", ":)")? */
bool civil_heat_has_smiley(const char *s, size_t n);

/* ---- model.c: two linear heads over a sentence's features ---- */

enum heat_head {
	HEAT_HEAD_HEATED = 0, /* heated against sharp or calm */
	HEAT_HEAD_HARSH,      /* heated or sharp against calm */
	HEAT_HEADS
};

struct heat_model;
civil_status_t civil_heat_model_load(const char *path, struct heat_model **out,
				     civil_error_t *err);
void civil_heat_model_free(struct heat_model *m);
/* A feature's weights (w[HEAT_HEADS]); false, and zeros, when the model
 * does not know it. */
bool civil_heat_model_weights(const struct heat_model *m, uint64_t hash,
			      double w[HEAT_HEADS]);
double civil_heat_model_bias(const struct heat_model *m, enum heat_head head);
/* The hash a weight's name in the text model is looked up by: a
 * feature's name, or "=" and a gram's hash in 16 hexadecimal digits. */
uint64_t civil_heat_model_name_hash(const char *name);
/* The model as the table civil maps (model.c says its form): a file's
 * bytes, added at out's end, preamble ('#' lines, '\n'-ended) first.
 * For the build, which turns the shipped text into the shipped table
 * (scripts/heat-model-table.c). */
void civil_heat_model_table(const struct heat_model *m, const char *preamble,
			    struct civil_buf *out);

/* ---- ngrams.c: a text's word and character n-grams, counted ---- */

struct heat_grams {
	uint64_t *key;	 /* 0: a free slot */
	uint32_t *count; /* the gram's count in the text */
	uint32_t *used;	 /* the slots in use, n of them: a sentence's few
			  * grams are walked without the table's cap */
	size_t cap, n;
};

/* The words of the names of the people a message is from, to and about
 * (From, To, Cc): in the grams they are "<name>", never themselves. */
#define HEAT_MAX_NAMES 64
struct heat_names {
	uint64_t word[HEAT_MAX_NAMES]; /* civil_heat_word_hash of lower case */
	size_t n;
};

void civil_heat_grams_init(struct heat_grams *g);
void civil_heat_grams_reset(struct heat_grams *g);
void civil_heat_grams_release(struct heat_grams *g);
/* Room for n grams, so that a message's table is not grown and rehashed
 * again and again as its grams come in. */
void civil_heat_grams_reserve(struct heat_grams *g, size_t n);
/* Count the grams of a sentence's words v into g. */
void civil_heat_grams_add(struct heat_grams *g, const struct heat_word *v,
			  size_t n, const struct heat_names *names);
void civil_heat_grams_merge(struct heat_grams *into,
			    const struct heat_grams *from);
/* The length of g's vector of 1 + ln(count). */
double civil_heat_grams_norm(const struct heat_grams *g);
/* What m's weights make of g's unit vector, per head (no bias). */
void civil_heat_grams_dot(const struct heat_grams *g,
			  const struct heat_model *m, double z[HEAT_HEADS]);
/* Each word's part of what m's head makes of g (the grams of the
 * words v, as counted by civil_heat_grams_add), into out[n]. */
void civil_heat_grams_by_word(const struct heat_grams *g,
			      const struct heat_word *v, size_t n,
			      const struct heat_names *names,
			      const struct heat_model *m, int head,
			      double *out);
/* Add the words of the display names in an address header's value. */
void civil_heat_names_add(struct heat_names *names, const char *header);
bool civil_heat_is_name(const struct heat_names *names, uint64_t word);
/* Is a word of the cue f (over the words v) a name?  Then it is no cue:
 * "Dick, could you look" speaks to Dick. */
bool civil_heat_feat_is_name(const struct heat_feat *f,
			     const struct heat_word *v, size_t n,
			     const struct heat_names *names);

/* ---- learned.c, learn.c: the reader's corrections ---- */

/* What the reader's corrections added to a feature of the heated head
 * (by name: a cue at its target, or a sentence's own key), in logits,
 * and how many corrections taught it; 0 when nothing was learned. */
struct heat_learned;
double civil_heat_learned_delta(const struct heat_learned *l, const char *key,
				unsigned *count);
void civil_heat_learned_free(struct heat_learned *l);
bool civil_heat_learned_empty(const struct heat_learned *l);
/* The key of a sentence itself ("sentence 9f3a..."): what a correction
 * teaches when no cue is in the sentence that decided it. */
void civil_heat_sentence_key(const char *s, size_t len, struct civil_buf *out);

/* ---- heat.c ---- */

/* Each sentence of text (its words and features) in turn, through fn;
 * index counts sentences from 0, and prose gets their text. */
typedef void (*heat_sentence_fn)(const civil_heat_t *h, const char *s,
				 size_t len, size_t index,
				 const struct heat_ctx *ctx,
				 const struct heat_word *v, size_t n,
				 const struct heat_fset *fs, void *arg);
/* all_names: keep the names of words and word pairs (for training). */
void civil_heat_each_sentence(const civil_heat_t *h, const char *text,
			      size_t len, struct civil_buf *prose,
			      bool all_names, heat_sentence_fn fn, void *arg);

/* One scored sentence, as learn.c needs it. */
struct heat_scored {
	size_t off, len;      /* in the prose */
	double z[HEAT_HEADS]; /* its logits, learned part included */
	civil_heat_class_t klass;
	GPtrArray *keys; /* the learnable keys in it (char *, owned) */
};
/* Score text sentence by sentence into out (struct heat_scored), with
 * each sentence's learnable keys; prose gets the sentences' text. */
void civil_heat_score_sentences(const civil_heat_t *h, const char *text,
				size_t len, struct civil_buf *prose,
				GArray *out);
void civil_heat_scored_release(GArray *v);
/* The heated head's logit at which a sentence is heated, and the score
 * (0 to CIVIL_HEAT_MAX) a logit makes. */
double civil_heat_threshold_logit(const civil_heat_t *h);
double civil_heat_score_of(double z);

#endif
