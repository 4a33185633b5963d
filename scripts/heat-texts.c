// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heat-texts DATADIR LIST - the text civil scores of each message file
 * named on standard input (one path a line), as JSON lines:
 *
 *   {"msgid": ..., "list": LIST, "file": PATH, "thread": ROOT,
 *    "subject": ..., "in_reply_to": ..., "from": ..., "to": ...,
 *    "cc": ..., "date": ..., "kind": "reply",
 *    "score": 1.25, "class": "calm", "text": AUTHORED}
 *
 * thread is the first Message-ID of References (else In-Reply-To, else
 * the message's own): a thread's root, the same whatever database the
 * mail is in, so that a split by thread is the same on every machine.
 * score and class are what civil's scorer in DATADIR makes of text.
 *
 * For the labelled kernel set (data/labels/, scripts/heat-labels): the
 * texts a reader reads and the model is trained on are the texts civil
 * scores, made by civil's own parser, never by a second one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "util.h"

/* The first <...> of a References or In-Reply-To value, brackets off. */
static char *first_id(const char *v)
{
	const char *a, *b;

	if (!v || !(a = strchr(v, '<')) || !(b = strchr(a, '>')) || b == a + 1)
		return NULL;
	return strndup(a + 1, (size_t)(b - a - 1));
}

static void field(struct civil_buf *o, const char *key, const char *v,
		  bool comma)
{
	civil_buf_addf(o, "%s\"%s\": ", comma ? ", " : "", key);
	if (v)
		civil_json_string(o, v);
	else
		civil_buf_adds(o, "null");
}

int main(int argc, char **argv)
{
	struct civil_buf lexicon = CIVIL_BUF_INIT;
	const char *lexicons[2] = { NULL, NULL };
	civil_heat_t *heat = NULL;
	civil_error_t err = CIVIL_ERROR_INIT;
	char line[4096];
	int status = 0;

	if (argc != 3 || !argv[1]) {
		fprintf(stderr, "usage: heat-texts DATADIR LIST < FILES\n");
		return 2;
	}
	civil_init();
	civil_buf_addf(&lexicon, "%s/heat.lexicon", argv[1]);
	lexicons[0] = lexicon.buf;
	if (civil_heat_new(lexicons, &heat, &err)) {
		fprintf(stderr, "heat-texts: %s\n", err.message);
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		struct civil_buf data = CIVIL_BUF_INIT, o = CIVIL_BUF_INIT;
		civil_message_t *m = NULL;
		civil_heat_score_t s;
		char *root, *irt;
		const char *id;

		line[strcspn(line, "\n")] = '\0';
		if (civil_file_read(line, &data, &err) ||
		    civil_message_parse(data.buf, data.len, line, &m, &err)) {
			fprintf(stderr, "heat-texts: %s\n", err.message);
			civil_buf_release(&data);
			status = 1;
			continue;
		}
		id = civil_message_id(m);
		irt = first_id(civil_message_header(m, "In-Reply-To"));
		root = first_id(civil_message_header(m, "References"));
		civil_heat_score_message(heat, m, &s);
		civil_buf_addch(&o, '{');
		field(&o, "msgid", id, false);
		field(&o, "list", argv[2], true);
		field(&o, "file", line, true);
		field(&o, "thread", root ? root : irt ? irt : id, true);
		field(&o, "subject", civil_message_subject(m), true);
		field(&o, "in_reply_to", irt, true);
		field(&o, "from", civil_message_header(m, "From"), true);
		field(&o, "to", civil_message_header(m, "To"), true);
		field(&o, "cc", civil_message_header(m, "Cc"), true);
		field(&o, "date", civil_message_header(m, "Date"), true);
		field(&o, "kind", civil_kind_name(civil_message_kind(m)), true);
		civil_buf_addf(&o, ", \"score\": %.2f, \"class\": \"%s\"",
			       s.score, civil_heat_class_name(s.klass));
		field(&o, "text",
		      civil_message_kind(m) == CIVIL_KIND_PATCH
			      ? ""
			      : civil_message_authored(m),
		      true);
		civil_buf_adds(&o, "}\n");
		fwrite(o.buf, 1, o.len, stdout);
		civil_heat_score_release(&s);
		civil_message_free(m);
		free(root);
		free(irt);
		civil_buf_release(&o);
		civil_buf_release(&data);
	}
	civil_heat_free(heat);
	civil_buf_release(&lexicon);
	civil_shutdown();
	return status;
}
