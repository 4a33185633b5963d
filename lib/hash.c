// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hash.c - the hashes of words and of features' names.
 *
 * The lexicon (lexicon.c), the features (features.c) and the model file
 * (model.c) all look things up by these, so they live apart from each:
 * none of the three then calls another that calls it back.
 */

#include <stdint.h>
#include <string.h>

#include "civil.h"
#include "heat.h"

uint64_t civil_heat_word_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* splitmix64's finaliser: every bit of x in every bit out. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t civil_heat_unigram_hash(uint64_t word)
{
	return mix(word ^ 0x9e3779b97f4a7c15ull);
}

uint64_t civil_heat_bigram_hash(uint64_t first, uint64_t second)
{
	return mix(first * 0xff51afd7ed558ccdull ^ second ^
		   0xc4ceb9fe1a85ec53ull);
}

/* A feature's name to its hash.  Words and pairs of words ("w:WORD",
 * "b:WORD WORD") hash as their words do, so that scoring never reads
 * their bytes twice (words.c hashed them). */
uint64_t civil_heat_feat_hash(const char *s, size_t n)
{
	if (n > 2 && s[1] == ':' && s[0] == 'w')
		return civil_heat_unigram_hash(
			civil_heat_word_hash(s + 2, n - 2));
	if (n > 2 && s[1] == ':' && s[0] == 'b') {
		const char *sp = memchr(s + 2, ' ', n - 2);

		if (sp)
			return civil_heat_bigram_hash(
				civil_heat_word_hash(s + 2,
						     (size_t)(sp - s - 2)),
				civil_heat_word_hash(sp + 1,
						     (size_t)(s + n - sp - 1)));
	}
	return civil_heat_word_hash(s, n);
}
