// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * target.c - whom a heated word is aimed at: a cue's target, which the
 * model weighs (features.c: "insult@person" and "insult@thing" are two
 * features with weights of their own).
 *
 * The Code of Conflict draws the line: critique of code is how the
 * kernel works, making a person feel abused is not.  "This driver is a
 * mess", "the firmware is garbage" and "I was an idiot to miss this" are
 * technical or said of oneself; "you are clueless" is said to a person.
 * So a cue is told by its target, found from the words around it in
 * its clause (not from a "you" anywhere in the sentence):
 *
 *   - the nearest pronoun or noun before it, up to six words back
 *     ("you are clueless", "this is ugly", "I was an idiot");
 *   - an adjective on a thing it names ("an ugly hack", "crappy code");
 *   - a patch or a series, in review mail, is its author's work ("this
 *     patch is stupid" is said of someone's work, as "your patch" is);
 *   - else a person just after it ("screw you", "shame on him", "what
 *     an idiot I was"), or the sender starting the next clause ("damn,
 *     I missed it").
 *
 * A phrase that itself says "you" ("you don't seem to understand") is
 * aimed at a person.  Punctuation (, ; : ! ?) and dashes end a clause.
 */
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

#define LOOK_BACK  6
#define LOOK_AHEAD 3

static civil_heat_target_t of_ref(unsigned char ref)
{
	switch (ref) {
	case REF_YOU:
	case REF_THIRD:
	case REF_PEOPLE:
		return CIVIL_TARGET_PERSON;
	case REF_YOUR:
	case REF_SUBMISSION:
		return CIVIL_TARGET_WORK;
	case REF_ME:
		return CIVIL_TARGET_SELF;
	case REF_THING:
	case REF_NOUN:
		return CIVIL_TARGET_THING;
	default:
		return CIVIL_TARGET_NONE;
	}
}

/* The nearest pronoun or named thing before i, in i's clause. */
static civil_heat_target_t look_back(const struct heat_word *v, size_t i)
{
	for (size_t k = i, seen = 0; k > 0 && seen < LOOK_BACK; seen++) {
		if (v[k].clause)
			break;
		k--;
		/* "your patch", "his code": a person's work. */
		if ((v[k].code || v[k].ref == REF_NOUN) && k > 0 &&
		    !v[k].clause && v[k - 1].ref == REF_YOUR)
			return CIVIL_TARGET_WORK;
		/* "this patch": in a review, the author's work too. */
		if (v[k].ref == REF_SUBMISSION)
			return CIVIL_TARGET_WORK;
		if (v[k].code)
			return CIVIL_TARGET_THING;
		if (v[k].ref)
			return of_ref(v[k].ref);
	}
	return CIVIL_TARGET_NONE;
}

civil_heat_target_t civil_heat_target_of(const struct heat_word *v, size_t n,
					 size_t i, size_t j)
{
	civil_heat_target_t back = look_back(v, i);

	/* "an ugly hack", "crappy foo_bar()": the adjective's noun, which
	 * is someone's work when "your" comes before it. */
	if (j < n && !v[j].clause && v[j].ref == REF_SUBMISSION)
		return CIVIL_TARGET_WORK;
	if (j < n && !v[j].clause && (v[j].code || v[j].ref == REF_NOUN))
		return back == CIVIL_TARGET_WORK || back == CIVIL_TARGET_PERSON
			       ? CIVIL_TARGET_WORK
			       : CIVIL_TARGET_THING;
	if (back != CIVIL_TARGET_NONE)
		return back;
	/* "Damn, I missed it", "crap, my fault": an outburst at oneself. */
	if (j < n && v[j].clause && v[j].ref == REF_ME)
		return CIVIL_TARGET_SELF;
	for (size_t k = j; k < n && k < j + LOOK_AHEAD; k++) {
		if (v[k].clause)
			break;
		if (v[k].ref == REF_YOU || v[k].ref == REF_THIRD ||
		    v[k].ref == REF_PEOPLE)
			return CIVIL_TARGET_PERSON;
		/* "What an idiot I was", "idiot that I am": the sender
		 * saying what they were; not "the dumbest idea I have
		 * seen". */
		if (v[k].ref == REF_ME && k + 1 < n && !v[k + 1].clause &&
		    (!strcmp(v[k + 1].lower, "was") ||
		     !strcmp(v[k + 1].lower, "am")))
			return CIVIL_TARGET_SELF;
	}
	return CIVIL_TARGET_NONE;
}
