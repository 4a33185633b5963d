// SPDX-License-Identifier: GPL-2.0-or-later
/* check_features.c - what the heat model sees of a sentence
 * (lib/features.c): cues at their targets and what surrounds them, the
 * sentence's form, its words; each once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heat.h"
#include "unit.h"

static civil_heat_t *h;
static GArray *words;
static struct heat_fset fs;

static void setup(void)
{
	const char *dir = unit_tmpdir();
	struct civil_buf lex = CIVIL_BUF_INIT;
	const char *files[2] = { NULL, NULL };

	/* The lexicon's cues, and no model: features need none. */
	unit_write(dir, "lexicon",
		   "3.5 insult idiot\n"
		   "2.5 insult stupid\n"
		   "3 insult dick\n"
		   "2.5 contempt ugly\n"
		   "2.5 profanity hell\n"
		   "0 idiom road to hell\n"
		   "0 ignore dumb buffer\n");
	civil_buf_addf(&lex, "%s/lexicon", dir);
	files[0] = lex.buf;
	ck_assert_int_eq(civil_heat_new(files, &h, NULL), 0);
	civil_buf_release(&lex);
	words = g_array_new(FALSE, FALSE, sizeof(struct heat_word));
	civil_heat_fset_init(&fs);
}

static void teardown(void)
{
	civil_heat_fset_release(&fs);
	g_array_free(words, TRUE);
	civil_heat_free(h);
}

/* The features of s, as "name=value name=value ..." (words and pairs
 * left out unless all). */
static const char *feats(const char *s, bool curt, bool joke, bool all)
{
	static char out[65536];
	struct heat_ctx ctx = { curt, joke };

	fs.all_names = all;
	g_array_set_size(words, 0);
	civil_heat_split_words(s, strlen(s), words);
	civil_heat_features(h, (const struct heat_word *)(void *)words->data,
			    words->len, s, strlen(s), &ctx, &fs);
	out[0] = '\0';
	for (guint i = 0; i < fs.n; i++) {
		const struct heat_feat *f = &fs.feat[i];
		char one[256];

		if (f->kind == HEAT_FEAT_WORD && !all)
			continue;
		snprintf(one, sizeof(one), " %s=%g", heat_feat_name(&fs, f),
			 (double)f->value);
		ck_assert_uint_lt(strlen(out) + strlen(one), sizeof(out));
		strcat(out, one);
	}
	return out;
}

#define HAS(s, name)   ck_assert_msg(strstr(s, " " name), "no %s in%s", name, s)
#define HASNT(s, name) ck_assert_msg(!strstr(s, " " name), "%s in%s", name, s)

START_TEST(a_cue_at_its_target)
{
	const char *f = feats("You are an idiot.", false, false, false);

	HAS(f, "insult@person=1.4");
	HAS(f, "'idiot'@person=1");
	HAS(f, "s:you-subject=1");
	HAS(f, "s:2p=1");
	f = feats("I was an idiot to miss that.", false, false, false);
	HAS(f, "insult@self=");
	HAS(f, "s:self-subject=1");
	HASNT(f, "s:2p=");
	f = feats("This driver is ugly.", false, false, false);
	HAS(f, "contempt@thing=1");
	HASNT(f, "@person");
}
END_TEST

START_TEST(what_surrounds_a_cue)
{
	const char *f =
		feats("That is not stupid at all.", false, false, false);

	HAS(f, "insult+negated=");
	HAS(f, "s:negation=1");
	f = feats("It is a bit ugly.", false, false, false);
	HAS(f, "contempt+hedged=");
	HAS(f, "s:hedge=1");
	/* A commit subject in parentheses and quotation marks. */
	f = feats("It reverts 1234567 (\"hwmon: drop ugly table\").", false,
		  false, false);
	HAS(f, "contempt+quoted=");
	/* A name. */
	f = feats("To paraphrase Philip K. Dick, nothing is real.", false,
		  false, false);
	HAS(f, "insult+name=");
	f = feats("Stupid?", true, false, false);
	HAS(f, "insult+question=");
	HAS(f, "insult+curt=");
	HAS(f, "s:curt=1");
}
END_TEST

START_TEST(idioms_and_technical_phrases)
{
	const char *f =
		feats("The road to hell is paved with it.", false, false, true);

	HAS(f, "s:idiom=1");
	HASNT(f, "profanity");
	/* Its words are not words of the sentence. */
	HASNT(f, "w:hell=");
	HASNT(f, "b:to hell=");
	HAS(f, "w:paved=1");
	f = feats("Use a dumb buffer here.", false, false, false);
	HASNT(f, "insult");
}
END_TEST

START_TEST(how_you_is_said)
{
	const char *f =
		feats("If you run it twice, it fails.", false, false, false);

	HAS(f, "s:you-generic=1");
	HASNT(f, "s:you-subject");
	f = feats("Did you even test this?", false, false, false);
	HAS(f, "s:you-even=1");
	HAS(f, "s:2p-question=1");
	f = feats("You clearly haven't read the thread.", false, false, false);
	HAS(f, "s:you-failing=1");
	HAS(f, "s:you-clearly=1");
	f = feats("You keep ignoring it, once again.", false, false, false);
	HAS(f, "s:you-keep=1");
	HAS(f, "s:2p-again=1");
	f = feats("Stop it, you people.", false, false, false);
	HAS(f, "s:you-people=1");
	HAS(f, "s:imperative-2p=1");
	f = feats("Your patch is fine.", false, false, false);
	HAS(f, "s:your-work=1");
	/* "you" in quotation marks is a mention. */
	f = feats("He wrote \"you are wrong\" there.", false, false, false);
	HASNT(f, "s:2p=");
	HAS(f, "s:third-person=1");
}
END_TEST

START_TEST(the_form_of_a_sentence)
{
	const char *f = feats("Sorry for the noise.", false, false, false);

	HAS(f, "s:apology=1");
	f = feats("Thanks a lot.", false, false, false);
	HAS(f, "s:thanks=1");
	f = feats("Not your fault at all.", false, false, false);
	HAS(f, "s:reassurance=1");
	f = feats("This thread was about the code of conduct.", false, false,
		  false);
	HAS(f, "s:conduct-talk=1");
	f = feats("It will be Rust anyway ;-)", false, false, false);
	HAS(f, "s:joke=1");
	f = feats("It will be Rust anyway.", false, true, false);
	HAS(f, "s:joke=1");
	f = feats("Note: this is fine.", false, false, false);
	HASNT(f, "s:joke");
	f = feats("PLEASE STOP DOING THIS, really.", false, false, false);
	HAS(f, "s:shouting=1");
	f = feats("This is NOT fine.", false, false, false);
	HAS(f, "s:emphasis=1");
	f = feats("Why?!", false, false, false);
	HAS(f, "s:exclamation=1");
	f = feats("ACPI PCI MSI are set.", false, false, false);
	HASNT(f, "s:shouting");
}
END_TEST

START_TEST(words_once_and_named_only_for_training)
{
	const char *f = feats("idiot idiot idiot", false, false, true);
	size_t n = 0;

	for (const char *p = f; (p = strstr(p, " 'idiot'@")); p++)
		n++;
	ck_assert_uint_eq(n, 1);
	HAS(f, "w:idiot=1");
	HAS(f, "b:idiot idiot=1");
	/* Scoring keeps no names for words: two thirds of a sentence's
	 * features, never shown to a reader. */
	feats("just some words here", false, false, false);
	for (guint i = 0; i < fs.n; i++) {
		const struct heat_feat *x = &fs.feat[i];

		if (x->kind == HEAT_FEAT_WORD)
			ck_assert_str_eq(heat_feat_name(&fs, x), "");
	}
	/* The hash does not depend on whether the name was kept. */
	{
		uint64_t a, b;

		feats("word", false, false, true);
		a = fs.feat[fs.n - 1].hash;
		feats("word", false, false, false);
		b = fs.feat[fs.n - 1].hash;
		ck_assert(a == b);
		ck_assert(a == civil_heat_feat_hash("w:word", 6));
	}
}
END_TEST

START_TEST(a_sentence_without_end)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	/* More words than a sentence keeps features for. */
	for (int i = 0; i < 2000; i++)
		civil_buf_addf(&b, "w%c%c ", 'a' + i % 26, 'a' + i / 26 % 26);
	feats(b.buf, false, false, true);
	ck_assert_uint_le(fs.n, HEAT_MAX_FEATS);
	/* And nothing at all: a short sentence, nothing more. */
	ck_assert_str_eq(feats("", false, false, true), " s:short=1");
	civil_buf_release(&b);
}
END_TEST

Suite *suite_features(void)
{
	Suite *s = suite_create("features");
	TCase *tc = tcase_create("features");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_cue_at_its_target);
	tcase_add_test(tc, what_surrounds_a_cue);
	tcase_add_test(tc, idioms_and_technical_phrases);
	tcase_add_test(tc, how_you_is_said);
	tcase_add_test(tc, the_form_of_a_sentence);
	tcase_add_test(tc, words_once_and_named_only_for_training);
	tcase_add_test(tc, a_sentence_without_end);
	suite_add_tcase(s, tc);
	return s;
}
