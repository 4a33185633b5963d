// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stored-heat.c - the score civil-scan --apply keeps on a message, so
 * civil-heated and escalate-thread can show it without scoring again:
 * the property civil.heat holds the score and class ("2.71 heated"), and
 * one civil.reason a reason, its fields tab-separated: signal, weight,
 * target, the sentence's class and place, the words matched, the
 * sentence they are in.  civil 0.2 wrote "2.71" and five fields (signal,
 * weight, aimed, match, sentence), with a score of another scale: those
 * are read as calm until civil-scan scores the message again.
 */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "internal.h"

#define PROPERTY_MAX 200 /* bytes of a civil.reason value */

static void sanitize_field(struct civil_buf *b, const char *s)
{
	for (; *s; s++)
		civil_buf_addch(b, *s == '\t' || *s == '\n' ? ' ' : *s);
}

notmuch_status_t civil_db_store_heat(notmuch_message_t *m,
				     const civil_heat_score_t *heat)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	notmuch_status_t ns;

	ns = notmuch_message_remove_all_properties(m, "civil.heat");
	if (!ns)
		ns = notmuch_message_remove_all_properties(m, "civil.reason");
	civil_buf_addf(&b, "%.2f %s", heat->score,
		       civil_heat_class_name(heat->klass));
	if (!ns)
		ns = notmuch_message_add_property(m, "civil.heat", b.buf);
	for (size_t i = 0; i < heat->n_reasons && !ns; i++) {
		const civil_heat_reason_t *why = &heat->reasons[i];

		/* signal, weight, target, class, at, match, sentence. */
		civil_buf_reset(&b);
		civil_buf_addf(&b, "%s\t%.2f\t%d\t%d\t%u\t", why->signal,
			       why->weight, (int)why->target, (int)why->klass,
			       why->at);
		sanitize_field(&b, why->match);
		civil_buf_addch(&b, '\t');
		sanitize_field(&b, why->sentence);
		/* A property is a Xapian term, and terms end at 245 bytes:
		 * cut the sentence short, at a character boundary. */
		if (b.len > PROPERTY_MAX) {
			b.len = PROPERTY_MAX;
			while (b.len &&
			       ((unsigned char)b.buf[b.len] & 0xc0) == 0x80)
				b.len--;
			b.buf[b.len] = '\0';
		}
		ns = notmuch_message_add_property(m, "civil.reason", b.buf);
	}
	civil_buf_release(&b);
	return ns;
}

bool civil_db_stored_heat(notmuch_message_t *nm, civil_heat_score_t *out)
{
	const char *score = civil_db_property(nm, "civil.heat");
	notmuch_message_properties_t *p;
	GArray *r;
	char *end;

	if (!score)
		return false;
	memset(out, 0, sizeof(*out));
	out->score = strtod(score, &end);
	if (*end == ' ')
		out->klass = !strcmp(end + 1, "heated")	 ? CIVIL_HEAT_HEATED
			     : !strcmp(end + 1, "sharp") ? CIVIL_HEAT_SHARP
							 : CIVIL_HEAT_CALM;
	r = g_array_new(FALSE, TRUE, sizeof(civil_heat_reason_t));
	/* Reasons that can't be read are none: the score stands alone. */
	civil_nm_message_get_properties(nm, "civil.reason", TRUE, &p);
	for (; p && notmuch_message_properties_valid(p);
	     notmuch_message_properties_move_to_next(p)) {
		char **f = g_strsplit(notmuch_message_properties_value(p), "\t",
				      7);
		civil_heat_reason_t why = { 0 };
		long t, k;

		/* A reason of civil 0.2 (five fields) says nothing of the
		 * classes: it is not read. */
		if (g_strv_length(f) == 7 &&
		    (t = strtol(f[2], NULL, 10)) >= 0 &&
		    t <= CIVIL_TARGET_SELF &&
		    (k = strtol(f[3], NULL, 10)) >= 0 &&
		    k <= CIVIL_HEAT_HEATED) {
			why.signal = strdup(f[0]);
			why.weight = strtod(f[1], NULL);
			why.target = (civil_heat_target_t)t;
			why.klass = (civil_heat_class_t)k;
			why.at = (unsigned)strtoul(f[4], NULL, 10);
			why.match = strdup(f[5]);
			why.sentence = strdup(f[6]);
			g_array_append_val(r, why);
		}
		g_strfreev(f);
	}
	if (p)
		notmuch_message_properties_destroy(p);
	out->n_reasons = r->len;
	out->reasons = (civil_heat_reason_t *)(void *)g_array_free(r, FALSE);
	return true;
}
