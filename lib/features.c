// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * features.c - what the heat model sees of one sentence: named features,
 * each with a value and the words that made it.
 *
 * The line the Code of Conflict draws is about whom a remark is aimed at
 * and whether it demeans them, so the features are the rules a reader
 * uses, made countable; the model (model.c) learns what each weighs from
 * kernel mail read by the codebook (data/labels/):
 *
 *   cue      a lexicon cue by its category and target ("insult@person"),
 *            by its phrase at that target ("'idiot*'@person"), and what
 *            surrounds it: negated ("not stupid"), hedged ("a bit ugly"),
 *            in quotation marks or a commit subject, a proper name
 *            ("Dick"), in a question, in a curt message;
 *   s:...    the sentence's form: second person and how it is used (the
 *            reader as subject, "if you" as anyone, "you people"), the
 *            sender speaking of themselves, questions at the reader,
 *            apologies, thanks, jokes ";-)", hedges, negation, idioms,
 *            talk about conduct, shouting;
 *   w:, b:   its words and word pairs, so that a sentence with no listed
 *            word can score too ("Are you even reading what I write?").
 *
 * A feature's name is what the model file and the reader's corrections
 * (learned.c) key it by; its hash is what scoring looks up.  The names
 * of cues and forms are what --explain tells a reader (heat.c says them
 * in words); words and word pairs are never shown as reasons.
 *
 * scripts/heat-features prints these for training, so the model is
 * trained on exactly what civil computes: there is no second copy of
 * this file in Python.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

static const char *const target_names[] = { "none", "person", "work", "thing",
					    "self" };

const char *civil_heat_target_name(civil_heat_target_t t)
{
	return (unsigned)t < G_N_ELEMENTS(target_names) ? target_names[t]
							: "none";
}

/* Add the feature whose name hashes to hash (its name, when kept, is
 * fs->names' bytes from mark on).  A name the sentence already has keeps
 * its first value: each counts once.  A small open-addressed set of
 * hashes finds those, since a sentence has a hundred features or so and
 * the scan scores every sentence. */
static void add(struct heat_fset *fs, uint64_t hash, size_t mark, float value,
		unsigned char kind, civil_heat_target_t t, size_t w0, size_t nw)
{
	struct heat_feat *f;
	size_t slot;

	if (fs->n >= HEAT_MAX_FEATS)
		goto drop;
	for (slot = hash % HEAT_SEEN_SLOTS; fs->seen_gen[slot] == fs->gen;
	     slot = (slot + 1) % HEAT_SEEN_SLOTS)
		if (fs->seen[slot] == hash)
			goto drop;
	fs->seen[slot] = hash;
	fs->seen_gen[slot] = fs->gen;
	f = &fs->feat[fs->n++];
	f->hash = hash;
	/* A name written (not a word's): ended, and kept. */
	if (fs->names.len > mark) {
		civil_buf_addch(&fs->names, '\0');
		f->name = (unsigned)mark;
	} else {
		f->name = HEAT_NO_NAME;
	}
	f->value = value;
	f->kind = kind;
	f->target = (unsigned char)t;
	f->w0 = (unsigned short)MIN(w0, 0xffff);
	f->nw = (unsigned short)MIN(nw, 0xffff);
	return;
drop:
	if (fs->names.len > mark) {
		fs->names.len = mark;
		fs->names.buf[mark] = '\0';
	}
}

/* Add the feature named by the strings after nw, up to a NULL.  Its hash
 * is made as the parts go by; the name itself is kept only where a
 * reader or a correction may need it, not for words and word pairs
 * (unless fs->all_names): those are two thirds of a sentence's features,
 * and writing their names out was a third of a scan's scoring. */
static void addp(struct heat_fset *fs, float value, unsigned char kind,
		 civil_heat_target_t t, size_t w0, size_t nw, ...)
{
	size_t mark = fs->names.len;
	const char *part;
	va_list ap;

	va_start(ap, nw);
	while ((part = va_arg(ap, const char *)))
		civil_buf_adds(&fs->names, part);
	va_end(ap);
	add(fs,
	    civil_heat_word_hash(fs->names.buf + mark, fs->names.len - mark),
	    mark, value, kind, t, w0, nw);
}

/* A word (second NULL) or a pair of words as a feature: by the hashes
 * words.c made, its name written only when all_names asks (training):
 * words and pairs are two thirds of a sentence's features, and their
 * names are never shown. */
static void add_words(struct heat_fset *fs, const struct heat_word *first,
		      const struct heat_word *second, size_t w0)
{
	size_t mark = fs->names.len;

	if (fs->all_names) {
		civil_buf_adds(&fs->names, second ? "b:" : "w:");
		civil_buf_adds(&fs->names, first->lower);
		if (second) {
			civil_buf_addch(&fs->names, ' ');
			civil_buf_adds(&fs->names, second->lower);
		}
	}
	add(fs,
	    second ? civil_heat_bigram_hash(first->hash, second->hash)
		   : civil_heat_unigram_hash(first->hash),
	    mark, 1, HEAT_FEAT_WORD, CIVIL_TARGET_NONE, w0, second ? 2 : 1);
}

static const char *const negators[] = {
	"not",	    "no",      "never",	  "nothing",  "none",	   "nobody",
	"hardly",   "without", "nor",	  "don't",    "dont",	   "doesn't",
	"didn't",   "isn't",   "wasn't",  "aren't",   "weren't",   "won't",
	"wouldn't", "can't",   "cannot",  "couldn't", "shouldn't", "haven't",
	"hasn't",   "hadn't",  "neither", NULL,
};

static const char *const hedges[] = {
	"a bit",	"a little",   "a tad",	       "slightly",
	"somewhat",	"kind of",    "sort of",       "kinda",
	"imho",		"imo",	      "in my opinion", "i think",
	"i guess",	"i believe",  "perhaps",       "maybe",
	"probably",	"i'm afraid", "rather",	       "a little bit",
	"not entirely", "not quite",  "i feel",	       "arguably",
	"fairly",	NULL,
};

static const char *const apologies[] = {
	"sorry",     "apologies",  "apologize",	  "apologise",	"my bad",
	"my fault",  "my mistake", "mea culpa",	  "brain fart", "oops",
	"i messed",  "i screwed",  "i was wrong", "i goofed",	"silly me",
	"stupid me", "i missed",   NULL,
};

static const char *const thanks[] = {
	"thanks",      "thank you", "thx", "appreciate",
	"appreciated", "grateful",  NULL,
};

static const char *const reassurance[] = {
	"not your fault",
	"no worries",
	"don't worry",
	"no problem",
	"not blaming",
	"not a criticism",
	"no offense",
	"no offence",
	"not meant as",
	"not criticizing",
	"not criticising",
	"didn't waste",
	"not rude",
	"wasn't rude",
	"not personal",
	"nothing personal",
	"not you",
	"not at you",
	"no blame",
	"fair enough",
	"don't think you",
	"don't think anyone",
	"nobody thinks",
	"no one thinks",
	"not saying you",
	"not calling you",
	"wasn't calling you",
	NULL,
};

/* Talk about conduct, which reports incivility rather than doing it. */
static const char *const meta[] = {
	"code of conduct",
	"code of conflict",
	"coc",
	"conduct",
	"civility",
	"civil",
	"tone",
	"flame",
	"flames",
	"flamewar",
	"flaming",
	"abusive",
	"harassment",
	"toxic",
	"toxicity",
	"insulting",
	"rude",
	"rudeness",
	"tab",
	"heated",
	"behavior",
	"behaviour",
	"hostile",
	"offensive",
	"calling someone",
	"calling people",
	"name calling",
	"call someone",
	"called someone",
	"calling names",
	NULL,
};

/* "you" as anyone: "if you ask", "you can see", "you have to". */
static const char *const generic_before[] = {
	"if",	    "when",   "unless", "once",	   "whether", "as",  "until",
	"whenever", "before", "after",	"because", "where",   "how", NULL,
};
static const char *const generic_after[] = {
	"can",	   "could",	"may",	    "might", "need", "have",
	"want",	   "get",	"would",    "will",  "'d",   "see",
	"find",	   "end",	"just",	    "only",  "then", "also",
	"usually", "typically", "probably", NULL,
};

/* "you" doing or being something, said to the reader's face. */
static const char *const subject_after[] = {
	"are",	   "were",   "have",	   "had",	 "don't",
	"didn't",  "do",     "did",	   "clearly",	 "obviously",
	"never",   "always", "can't",	   "cannot",	 "should",
	"seem",	   "keep",   "really",	   "even",	 "still",
	"again",   "refuse", "ignore",	   "ignored",	 "failed",
	"broke",   "broken", "think",	   "apparently", "simply",
	"totally", "just",   "must",	   "won't",	 "aren't",
	"haven't", "know",   "understand", "made",	 "wasted",
	"waste",   "wrote",  NULL,
};

/* "you haven't read", "you fail to understand", "you never tested":
 * the reader's competence or diligence denied. */
static const char *const failing[] = {
	"haven't", "didn't", "don't",  "never",	  "can't",
	"cannot",  "won't",  "fail",   "failed",  "fails",
	"not",	   "hardly", "refuse", "refused", NULL,
};
static const char *const diligence[] = {
	"read",	    "understand", "understood", "test",	  "tested",   "compile",
	"compiled", "listen",	  "listened",	"bother", "bothered", "care",
	"know",	    "look",	  "looked",	"check",  "checked",  "think",
	"grasp",    "learn",	  "learned",	"get",	  "run",      "try",
	"tried",    NULL,
};
/* "you keep", "you still", "once again": the same thing, over again. */
static const char *const keeps[] = {
	"keep", "kept", "keeps", "continue", "still", "persist", NULL,
};
static const char *const again[] = {
	"once again",	       "yet again",
	"again and again",     "for the last time",
	"over and over",       "every single time",
	"each and every time", NULL,
};
/* "you clearly", "obviously you": the sender sure of what the reader
 * lacks. */
static const char *const sure[] = {
	"clearly", "obviously", "apparently", "evidently", "seriously", NULL,
};

static const char *const imperatives[] = {
	"stop", "go",	"shut",	  "read",   "learn", "get",   "fix",
	"look", "try",	"listen", "quit",   "grow",  "don't", "leave",
	"drop", "do",	"go",	  "please", "just",  "never", "send",
	"take", "fuck", "piss",	  NULL,
};

static const char *const laughs[] = {
	"lol",	"haha", "hehe",	   "heh",    "hah",
	"rofl", "lmao", "kidding", "joking", "tongue-in-cheek",
	NULL,
};

/* ---- the lists, looked up once a word ---- */

/* Lists of single words: a bit each in a word's flags. */
enum {
	L_NEGATOR = 1u << 0,
	L_GENERIC_BEFORE = 1u << 1,
	L_GENERIC_AFTER = 1u << 2,
	L_SUBJECT_AFTER = 1u << 3,
	L_IMPERATIVE = 1u << 4,
	L_FAILING = 1u << 5,
	L_DILIGENCE = 1u << 6,
	L_KEEP = 1u << 7,
	L_SURE = 1u << 8,
	L_EVEN = 1u << 9,
	L_PEOPLE_AFTER = 1u << 10,
	L_WE = 1u << 11,
	L_CALLING = 1u << 12,
};

/* Lists of phrases: where in the sentence one of them first is. */
enum {
	P_HEDGE,
	P_APOLOGY,
	P_THANKS,
	P_REASSURANCE,
	P_META,
	P_AGAIN,
	P_LAUGH,
	P_COUNT
};

static const char *const evens[] = { "even", "actually", "ever", NULL };
static const char *const people_after[] = { "people", "guys", "lot", NULL };
static const char *const we[] = { "we", "us", "our", NULL };
static const char *const calling[] = { "calling", "call", "called", "calls",
				       NULL };

static const struct {
	uint32_t bit;
	const char *const *words;
} word_lists[] = {
	{ L_NEGATOR, negators },
	{ L_GENERIC_BEFORE, generic_before },
	{ L_GENERIC_AFTER, generic_after },
	{ L_SUBJECT_AFTER, subject_after },
	{ L_IMPERATIVE, imperatives },
	{ L_FAILING, failing },
	{ L_DILIGENCE, diligence },
	{ L_KEEP, keeps },
	{ L_SURE, sure },
	{ L_EVEN, evens },
	{ L_PEOPLE_AFTER, people_after },
	{ L_CALLING, calling },
	{ L_WE, we },
};

static const struct {
	int list;
	const char *const *phrases;
} phrase_lists[] = {
	{ P_HEDGE, hedges },  { P_APOLOGY, apologies },
	{ P_THANKS, thanks }, { P_REASSURANCE, reassurance },
	{ P_META, meta },     { P_AGAIN, again },
	{ P_LAUGH, laughs },
};

#define PHRASE_WORDS 6

struct phrase {
	int list;
	size_t n;
	char w[PHRASE_WORDS][HEAT_MAX_WORD + 1];
};

/* What starts with one word: the word lists it is in, and the phrases
 * that begin with it. */
struct entry {
	uint64_t hash; /* civil_heat_word_hash of word; 0: a free slot */
	char word[HEAT_MAX_WORD + 1];
	uint32_t flags;
	GArray *phrases; /* struct phrase */
};

/* Found by the hash words.c made of each word: no string hashed again
 * for every word of every sentence of a scan. */
#define TABLE_SLOTS 1024 /* a power of two, twice the words or more */
static struct entry table[TABLE_SLOTS];

static struct entry *find(uint64_t hash, const char *word, bool make)
{
	size_t i = hash & (TABLE_SLOTS - 1);

	for (; table[i].hash; i = (i + 1) & (TABLE_SLOTS - 1))
		if (table[i].hash == hash && !strcmp(table[i].word, word))
			return &table[i];
	if (!make)
		return NULL;
	table[i].hash = hash;
	g_strlcpy(table[i].word, word, sizeof(table[i].word));
	table[i].phrases = g_array_new(FALSE, FALSE, sizeof(struct phrase));
	return &table[i];
}

static struct entry *entry_for(const char *word)
{
	return find(civil_heat_word_hash(word, strlen(word)), word, true);
}

static void table_setup(void)
{
	for (size_t l = 0; l < G_N_ELEMENTS(word_lists); l++)
		for (const char *const *w = word_lists[l].words; *w; w++)
			entry_for(*w)->flags |= word_lists[l].bit;
	for (size_t l = 0; l < G_N_ELEMENTS(phrase_lists); l++)
		for (const char *const *p = phrase_lists[l].phrases; *p; p++) {
			struct phrase ph = { phrase_lists[l].list,
					     0,
					     { { 0 } } };
			char **w = g_strsplit(*p, " ", PHRASE_WORDS);

			for (; w[ph.n] && ph.n < PHRASE_WORDS; ph.n++)
				g_strlcpy(ph.w[ph.n], w[ph.n],
					  HEAT_MAX_WORD + 1);
			g_array_append_val(entry_for(ph.w[0])->phrases, ph);
			g_strfreev(w);
		}
}

void civil_heat_features_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, table_setup);
}

/* Each word's flags into fs->flags, and where each phrase list first
 * matches into found (-1: nowhere). */
static void look_up(const struct heat_word *v, size_t n, struct heat_fset *fs,
		    long found[P_COUNT])
{
	uint32_t *flags;

	g_array_set_size(fs->flags, (guint)n);
	flags = (uint32_t *)(void *)fs->flags->data;
	for (int p = 0; p < P_COUNT; p++)
		found[p] = -1;
	for (size_t i = 0; i < n; i++) {
		const struct entry *e;

		flags[i] = 0;
		if (v[i].code || !v[i].lower[0] ||
		    !(e = find(v[i].hash, v[i].lower, false)))
			continue;
		flags[i] = e->flags;
		for (guint k = 0; k < e->phrases->len; k++) {
			const struct phrase *ph =
				&g_array_index(e->phrases, struct phrase, k);
			size_t j = 1;

			if (found[ph->list] >= 0 || i + ph->n > n)
				continue;
			while (j < ph->n && !v[i + j].code &&
			       !strcmp(v[i + j].lower, ph->w[j]))
				j++;
			if (j == ph->n)
				found[ph->list] = (long)i;
		}
	}
}

static bool has(const struct heat_fset *fs, size_t i, uint32_t bit)
{
	return ((const uint32_t *)(const void *)fs->flags->data)[i] & bit;
}

static bool negator(const struct heat_fset *fs, const struct heat_word *w,
		    size_t i)
{
	size_t len;

	if (has(fs, i, L_NEGATOR))
		return true;
	len = strlen(w->lower);
	return len > 3 && !strcmp(w->lower + len - 3, "n't");
}

/* A smiley in the sentence's own bytes: ':' or ';', a nose or none,
 * and a mouth that ends a word (";-)", ":)", ":-P", ";^)"); or "^_^",
 * "*grin*", "<g>". */
bool civil_heat_has_smiley(const char *s, size_t n)
{
	/* Most sentences have none of these: memchr finds that fast. */
	static const char starts[] = ":;^*<";

	for (const char *c = starts; *c; c++)
		for (const char *p = memchr(s, *c, n); p;
		     p = memchr(p + 1, *c, (size_t)(s + n - p - 1))) {
			size_t i = (size_t)(p - s), j = i + 1;

			switch (*c) {
			case ':':
			case ';':
				if (j < n && (s[j] == '-' || s[j] == '^'))
					j++;
				if (j < n && s[j] && strchr(")(PpDd", s[j]) &&
				    (j + 1 == n ||
				     !isalnum((unsigned char)s[j + 1])))
					return true;
				break;
			case '^':
				if (i + 2 < n && s[i + 1] == '_' &&
				    s[i + 2] == '^')
					return true;
				break;
			case '*':
				if (i + 6 <= n &&
				    !g_ascii_strncasecmp(p, "*grin*", 6))
					return true;
				break;
			default:
				if (i + 3 <= n &&
				    !g_ascii_strncasecmp(p, "<g>", 3))
					return true;
			}
			if (i + 1 >= n)
				break;
		}
	return false;
}

/* A negator within back words before i, in i's clause. */
static bool negated(const struct heat_word *v, const struct heat_fset *fs,
		    size_t i, size_t back)
{
	for (size_t k = i, seen = 0; k > 0 && seen < back; seen++) {
		if (v[k].clause)
			return false;
		k--;
		if (negator(fs, &v[k], k))
			return true;
	}
	return false;
}

/* "calling someone stupid", "call him an idiot": the word named, not
 * said to anyone. */
static bool mentioned(const struct heat_word *v, const struct heat_fset *fs,
		      size_t i)
{
	for (size_t k = i, seen = 0; k > 0 && seen < 4; seen++) {
		if (v[k].clause)
			return false;
		k--;
		if (has(fs, k, L_CALLING))
			return true;
	}
	return false;
}

/* A cue word written as a name: capitalised inside a sentence ("Philip
 * K. Dick", "Hell's Kitchen"), not in capitals and not first. */
static bool as_name(const struct heat_word *v, size_t i)
{
	unsigned char c = (unsigned char)v[i].src[0];

	return i > 0 && isupper(c) && !v[i].upper && !v[i].clause &&
	       !v[i - 1].code;
}

/* The lexicon's cues in the sentence, each with whom it is aimed at and
 * what surrounds it; the words of idioms are marked in fs->idiom. */
static size_t cues(const civil_heat_t *h, const struct heat_word *v, size_t n,
		   const struct heat_ctx *ctx, bool hedged, bool question,
		   struct heat_fset *fs)
{
	size_t count = 0;

	for (size_t i = 0; i < n;) {
		const heat_entry_t *e = civil_heat_lexicon_match(h, v, i, n);
		size_t len = e ? civil_heat_entry_len(e) : 1;
		const char *cat, *not_said;
		civil_heat_target_t t;
		float w;

		/* A weight of 0 switches a cue off (a user's lexicon may). */
		if (!e || civil_heat_entry_ignored(e) ||
		    (civil_heat_entry_weight(e) == 0 &&
		     strcmp(civil_heat_entry_category(e), "idiom"))) {
			i += len;
			continue;
		}
		cat = civil_heat_entry_category(e);
		if (!strcmp(cat, "idiom")) {
			/* Its words are not words of the sentence either:
			 * "hell" in "the road to hell" says nothing. */
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, i, len,
			     "s:idiom", NULL);
			memset(fs->idiom->data + i, 1, len);
			i += len;
			continue;
		}
		/* A phrase that says "you" is said to the reader, unless
		 * "you" is anyone: "if you ignore the corner cases". */
		t = !civil_heat_entry_says_you(e)
			    ? civil_heat_target_of(v, n, i, i + len)
		    : i > 0 && !v[i].clause && has(fs, i - 1, L_GENERIC_BEFORE)
			    ? CIVIL_TARGET_NONE
			    : CIVIL_TARGET_PERSON;
		w = (float)(civil_heat_entry_weight(e) / 2.5);
		count++;
		/* Negated ("you're not an idiot"), quoted (a commit subject,
		 * someone else's words) or a name ("Philip K. Dick"): not the
		 * cue said, so not its features, but one of its own. */
		not_said = negated(v, fs, i, 8) ? "+negated"
			   : (v[i].quoted && v[i + len - 1].quoted) ||
					   mentioned(v, fs, i)
				   ? "+quoted"
			   : as_name(v, i) ? "+name"
					   : NULL;
		if (not_said) {
			addp(fs, w, HEAT_FEAT_MOD, t, i, len, cat, not_said,
			     NULL);
			i += len;
			continue;
		}
		addp(fs, w, HEAT_FEAT_CUE, t, i, len, cat, "@",
		     civil_heat_target_name(t), NULL);
		addp(fs, 1, HEAT_FEAT_PHRASE, t, i, len, "'",
		     civil_heat_entry_phrase(e), "'@",
		     civil_heat_target_name(t), NULL);
		if (hedged)
			addp(fs, w, HEAT_FEAT_MOD, t, i, len, cat, "+hedged",
			     NULL);
		if (question)
			addp(fs, w, HEAT_FEAT_MOD, t, i, len, cat, "+question",
			     NULL);
		if (ctx->curt)
			addp(fs, w, HEAT_FEAT_MOD, t, i, len, cat, "+curt",
			     NULL);
		i += len;
	}
	return count;
}

/* "you" at i, then within four words of its clause a failing ("not",
 * "never", "fail to") before a word of reading, testing or
 * understanding. */
static bool you_failing(const struct heat_word *v, const struct heat_fset *fs,
			size_t n, size_t i)
{
	bool fail = false;

	for (size_t k = i + 1; k < n && k <= i + 4; k++) {
		if (v[k].clause)
			return false;
		if (negator(fs, &v[k], k) || has(fs, k, L_FAILING))
			fail = true;
		else if (fail && has(fs, k, L_DILIGENCE))
			return true;
	}
	return false;
}

/* How "you" is used in the sentence. */
static void second_person(const struct heat_word *v, size_t n, bool question,
			  const long found[P_COUNT], struct heat_fset *fs)
{
	size_t you = 0, words = 0;

	for (size_t i = 0; i < n; i++) {
		const struct heat_word *w = &v[i];
		bool next = i + 1 < n && !v[i + 1].clause, generic;

		if (w->code)
			continue;
		words++;
		/* "you never know", in an idiom, is nobody. */
		if ((w->ref != REF_YOU && w->ref != REF_YOUR) || w->quoted ||
		    fs->idiom->data[i])
			continue;
		you++;
		if (w->ref == REF_YOUR) {
			if (next &&
			    (v[i + 1].code || v[i + 1].ref == REF_NOUN ||
			     v[i + 1].ref == REF_SUBMISSION))
				addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_WORK,
				     i, 2, "s:your-work", NULL);
			else
				addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON,
				     i, 1, "s:your", NULL);
			continue;
		}
		generic =
			i > 0 && !w->clause && has(fs, i - 1, L_GENERIC_BEFORE);
		if (generic)
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, i - 1, 2,
			     "s:you-generic", NULL);
		else if (next && (has(fs, i + 1, L_GENERIC_AFTER) ||
				  g_str_has_suffix(w->lower, "'d") ||
				  g_str_has_suffix(w->lower, "'ll"))) {
			generic = true;
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, i, 2,
			     "s:you-generic", NULL);
		} else if (next && (has(fs, i + 1, L_SUBJECT_AFTER) ||
				    !strcmp(w->lower, "you're") ||
				    !strcmp(w->lower, "you've")))
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, i, 2,
			     "s:you-subject", NULL);
		if (i + 1 < n && has(fs, i + 1, L_PEOPLE_AFTER))
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, i, 2,
			     "s:you-people", NULL);
		/* "If you fail to test, it breaks": anyone, not the
		 * reader. */
		if (generic)
			continue;
		if (you_failing(v, fs, n, i))
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, i, 1,
			     "s:you-failing", NULL);
		if (next && has(fs, i + 1, L_KEEP))
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, i, 2,
			     "s:you-keep", NULL);
		if ((next && has(fs, i + 1, L_SURE)) ||
		    (i > 0 && !w->clause && has(fs, i - 1, L_SURE)))
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, i, 1,
			     "s:you-clearly", NULL);
		/* "did you even", "are you even", "you even": scorn. */
		for (size_t k = i + 1; k < n && k <= i + 2; k++)
			if (has(fs, k, L_EVEN))
				addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON,
				     i, k - i + 1, "s:you-even", NULL);
	}
	if (!you)
		return;
	if (found[P_AGAIN] >= 0)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON,
		     (size_t)found[P_AGAIN], 2, "s:2p-again", NULL);
	addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, 0, 0, "s:2p", NULL);
	addp(fs,
	     (float)MIN(1.0, 4.0 * (double)you / (double)(words ? words : 1)),
	     HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, 0, 0, "s:2p-density", NULL);
	if (question)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, 0, 0,
		     "s:2p-question", NULL);
}

/* Who else the sentence speaks of. */
static void persons(const struct heat_word *v, size_t n, struct heat_fset *fs)
{
	bool third = false, people = false, self = false;

	for (size_t i = 0; i < n; i++) {
		if (v[i].code || v[i].quoted)
			continue;
		third |= v[i].ref == REF_THIRD;
		people |= v[i].ref == REF_PEOPLE;
		self |= v[i].ref == REF_ME && !has(fs, i, L_WE);
	}
	if (third)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, 0, 0,
		     "s:third-person", NULL);
	if (people)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_PERSON, 0, 0,
		     "s:people", NULL);
	if (self)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_SELF, 0, 0, "s:self",
		     NULL);
	if (n && !v[0].code && v[0].ref == REF_ME && !has(fs, 0, L_WE))
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_SELF, 0, 1,
		     "s:self-subject", NULL);
}

/* The words and word pairs, outside quotation marks, code and idioms. */
static void words(const struct heat_word *v, size_t n, struct heat_fset *fs)
{
	const guint8 *idiom = fs->idiom->data;

	for (size_t i = 0; i < n; i++) {
		if (v[i].code || v[i].quoted || !v[i].lower[0] || idiom[i])
			continue;
		add_words(fs, &v[i], NULL, i);
		if (i + 1 < n && !v[i + 1].code && !v[i + 1].quoted &&
		    !idiom[i + 1] && !v[i + 1].brk && v[i + 1].lower[0])
			add_words(fs, &v[i], &v[i + 1], i);
	}
}

static void form(const struct heat_word *v, size_t n, const char *s, size_t len,
		 const struct heat_ctx *ctx, bool question,
		 const long found[P_COUNT], struct heat_fset *fs)
{
	static const struct {
		int list;
		civil_heat_target_t t;
		const char *name;
	} said[] = {
		{ P_HEDGE, CIVIL_TARGET_NONE, "s:hedge" },
		{ P_APOLOGY, CIVIL_TARGET_SELF, "s:apology" },
		{ P_THANKS, CIVIL_TARGET_NONE, "s:thanks" },
		{ P_REASSURANCE, CIVIL_TARGET_NONE, "s:reassurance" },
		{ P_META, CIVIL_TARGET_NONE, "s:conduct-talk" },
	};

	if (question)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 0,
		     "s:question", NULL);
	for (size_t k = 0; k < G_N_ELEMENTS(said); k++)
		if (found[said[k].list] >= 0)
			addp(fs, 1, HEAT_FEAT_FORM, said[k].t,
			     (size_t)found[said[k].list], 1, said[k].name,
			     NULL);
	for (size_t i = 0; i < n; i++)
		if (negator(fs, &v[i], i)) {
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, i, 1,
			     "s:negation", NULL);
			break;
		}
	if (ctx->joke || found[P_LAUGH] >= 0 || civil_heat_has_smiley(s, len))
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 0, "s:joke",
		     NULL);
	if (n && has(fs, 0, L_IMPERATIVE)) {
		bool you = false;

		for (size_t i = 1; i < n; i++)
			you |= v[i].ref == REF_YOU || v[i].ref == REF_YOUR;
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 1,
		     you ? "s:imperative-2p" : "s:imperative", NULL);
	}
	if (ctx->curt)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 0, "s:curt",
		     NULL);
	if (n < 5)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 0, "s:short",
		     NULL);
}

/* SHOUTING: three capitalised words in a row, two of them ordinary words
 * (so that "ACPI PCI MSI" or "INVALID FIELD IN CDB" are not), in a
 * sentence that has lower case too or ends in '!' or '?' (so that a
 * heading is not).  Else one ordinary word in capitals, "it is NOT
 * fine": emphasis, which kernel mail uses all the time. */
static void capitals(const struct heat_word *v, size_t n, const char *s,
		     size_t len, struct heat_fset *fs)
{
	size_t lower = 0, caps = 0, hit = n;

	for (size_t i = 0; i < n; i++)
		if (!v[i].upper && !v[i].code)
			lower++;
	if (!lower && (!len || !strchr("!?", s[len - 1])))
		return;
	for (size_t i = 0; i < n;) {
		size_t j = i, common = 0;

		if (!v[i].upper) {
			i++;
			continue;
		}
		while (j < n && v[j].upper && (j == i || !v[j].brk)) {
			common += v[j].shout_word && v[j].src_len >= 2;
			j++;
		}
		if (j - i >= 3 && common >= 2 &&
		    !(v[i].quoted && v[j - 1].quoted)) {
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, i, j - i,
			     "s:shouting", NULL);
			return;
		}
		i = j;
	}
	for (size_t i = 0; i < n; i++)
		if (v[i].upper && v[i].src_len >= 3 && v[i].shout_word &&
		    ++caps)
			hit = i;
	if (hit < n && caps <= 2 && lower >= 2)
		addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, hit, 1,
		     "s:emphasis", NULL);
}

/* "!!", "?!", "??": exasperation. */
static void exclamation(const char *s, size_t len, struct heat_fset *fs)
{
	for (size_t i = 0; i + 1 < len; i++)
		if ((s[i] == '!' || s[i] == '?') &&
		    (s[i + 1] == '!' || s[i + 1] == '?')) {
			addp(fs, 1, HEAT_FEAT_FORM, CIVIL_TARGET_NONE, 0, 0,
			     "s:exclamation", NULL);
			return;
		}
}

void civil_heat_features(const civil_heat_t *h, const struct heat_word *v,
			 size_t n, const char *s, size_t len,
			 const struct heat_ctx *ctx, struct heat_fset *fs)
{
	bool question = len && s[len - 1] == '?';
	long found[P_COUNT];

	/* A new generation empties the set of names seen at once. */
	if (!++fs->gen) {
		memset(fs->seen_gen, 0, sizeof(fs->seen_gen));
		fs->gen = 1;
	}
	fs->n = 0;
	civil_buf_reset(&fs->names);
	g_byte_array_set_size(fs->idiom, (guint)n);
	if (n)
		memset(fs->idiom->data, 0, n);
	look_up(v, n, fs, found);
	fs->cues = cues(h, v, n, ctx, found[P_HEDGE] >= 0, question, fs);
	second_person(v, n, question, found, fs);
	persons(v, n, fs);
	form(v, n, s, len, ctx, question, found, fs);
	capitals(v, n, s, len, fs);
	exclamation(s, len, fs);
	words(v, n, fs);
}

void civil_heat_fset_init(struct heat_fset *fs)
{
	civil_heat_features_init();
	/* Not feat[] or seen[] (32 KB, a message each): a feature counts up
	 * to n, a seen slot only in its generation. */
	fs->n = 0;
	fs->names = (struct civil_buf)CIVIL_BUF_INIT;
	fs->cues = 0;
	fs->all_names = false;
	memset(fs->seen_gen, 0, sizeof(fs->seen_gen));
	fs->gen = 0;
	fs->idiom = g_byte_array_new();
	fs->flags = g_array_new(FALSE, FALSE, sizeof(uint32_t));
}

void civil_heat_fset_release(struct heat_fset *fs)
{
	if (fs->idiom)
		g_byte_array_free(fs->idiom, TRUE);
	if (fs->flags)
		g_array_free(fs->flags, TRUE);
	civil_buf_release(&fs->names);
	fs->idiom = NULL;
	fs->flags = NULL;
	civil_buf_release(&fs->names);
}
