// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heat-features DATADIR - the heat model's features of texts, for
 * training it (scripts/heat_model.py): what civil computes, so that the
 * model is trained on exactly what it will see.
 *
 * Reads records "ID<TAB>TEXT" ended by a NUL byte; prints a line a
 * sentence of each:
 *
 *   ID<TAB>N<TAB>SENTENCE<TAB>VALUE NAME<US>VALUE NAME...
 *
 * N counts the text's sentences from 0, SENTENCE is on one line (tabs
 * and line breaks made spaces) and the features are separated by the
 * unit separator, 0x1f.  DATADIR's heat.lexicon gives the cues; its
 * model is not used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "util.h"

struct dump {
	const char *id;
	size_t id_len;
	FILE *out;
};

static void one(const civil_heat_t *h, const char *s, size_t len, size_t index,
		const struct heat_ctx *ctx, const struct heat_word *v, size_t n,
		const struct heat_fset *fs, void *arg)
{
	struct dump *d = arg;

	fwrite(d->id, 1, d->id_len, d->out);
	fprintf(d->out, "\t%zu\t", index);
	for (size_t i = 0; i < len; i++)
		fputc(s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ||
				      s[i] == 0x1f
			      ? ' '
			      : s[i],
		      d->out);
	fputc('\t', d->out);
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];

		fprintf(d->out, "%s%g ", i ? "\x1f" : "", (double)f->value);
		/* A control byte in a word would end the record early. */
		for (const char *c = heat_feat_name(fs, f); *c; c++)
			fputc((unsigned char)*c < 0x20 ? '?' : *c, d->out);
	}
	fputc('\n', d->out);
}

int main(int argc, char **argv)
{
	struct civil_buf lexicon = CIVIL_BUF_INIT, rec = CIVIL_BUF_INIT;
	const char *lexicons[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;
	int c;

	if (argc != 2) {
		fprintf(stderr, "usage: heat-features DATADIR < RECORDS\n");
		return 2;
	}
	civil_init();
	civil_buf_addf(&lexicon, "%s/heat.lexicon", argv[1]);
	lexicons[0] = lexicon.buf;
	if (civil_heat_new(lexicons, &h, &err)) {
		fprintf(stderr, "heat-features: %s\n", err.message);
		return 1;
	}
	do {
		c = getchar();
		if (c != EOF && c != '\0') {
			civil_buf_addch(&rec, (char)c);
			continue;
		}
		if (rec.len) {
			char *tab = memchr(rec.buf, '\t', rec.len);
			struct dump d = { rec.buf, 0, stdout };
			struct civil_buf prose = CIVIL_BUF_INIT;

			if (tab) {
				d.id_len = (size_t)(tab - rec.buf);
				civil_heat_each_sentence(h, tab + 1,
							 rec.len - d.id_len - 1,
							 &prose, true, one, &d);
			}
			civil_buf_release(&prose);
		}
		civil_buf_reset(&rec);
	} while (c != EOF);
	civil_heat_free(h);
	civil_buf_release(&rec);
	civil_buf_release(&lexicon);
	civil_shutdown();
	return 0;
}
