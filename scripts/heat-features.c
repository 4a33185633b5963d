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
 *
 * heat-features --message DATADIR reads records "ID<TAB>NAMES<TAB>TEXT"
 * (NAMES: the From, To and Cc headers' values, joined by ", ") and
 * prints a line a text, the message vector civil's scorer weighs
 * (heat.c):
 *
 *   ID<TAB>HASH:COUNT HASH:COUNT ...<TAB>VALUE NAME<US>VALUE NAME...
 *
 * its word and character n-grams (ngrams.c; hashes in hexadecimal, each
 * with its count) and each weighed cue feature at its highest value in
 * any sentence.
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

struct message {
	struct heat_grams grams;
	const struct heat_names *names;
	GHashTable *cues; /* name -> highest value (double *) */
};

static void gather(const civil_heat_t *h, const char *s, size_t len,
		   size_t index, const struct heat_ctx *ctx,
		   const struct heat_word *v, size_t n,
		   const struct heat_fset *fs, void *arg)
{
	struct message *m = arg;

	(void)h, (void)s, (void)len, (void)index, (void)ctx;
	civil_heat_grams_add(&m->grams, v, n, m->names);
	for (guint i = 0; i < fs->n; i++) {
		const struct heat_feat *f = &fs->feat[i];
		const char *name = heat_feat_name(fs, f);
		double *old;

		if ((f->kind != HEAT_FEAT_CUE && f->kind != HEAT_FEAT_PHRASE &&
		     f->kind != HEAT_FEAT_MOD) ||
		    civil_heat_feat_is_name(f, v, n, m->names))
			continue;
		old = g_hash_table_lookup(m->cues, name);
		if (!old) {
			old = g_new(double, 1);
			*old = f->value;
			g_hash_table_insert(m->cues, g_strdup(name), old);
		} else if (f->value > *old) {
			*old = f->value;
		}
	}
}

static void message(const civil_heat_t *h, char *rec, size_t len)
{
	char *t1 = memchr(rec, '\t', len), *t2;
	struct civil_buf prose = CIVIL_BUF_INIT;
	struct heat_names names = { { 0 }, 0 };
	struct message m = { { 0 }, &names, NULL };
	GHashTableIter it;
	gpointer k, v;
	bool first = true;

	if (!t1 || !(t2 = memchr(t1 + 1, '\t', len - (size_t)(t1 + 1 - rec))))
		return;
	*t1 = *t2 = '\0';
	civil_heat_names_add(&names, t1 + 1);
	civil_heat_grams_init(&m.grams);
	m.cues = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	civil_heat_each_sentence(h, t2 + 1, len - (size_t)(t2 + 1 - rec),
				 &prose, true, gather, &m);
	printf("%s\t", rec);
	for (size_t i = 0; i < m.grams.cap; i++)
		if (m.grams.key[i])
			printf("%s%016llx:%u", first ? "" : " ",
			       (unsigned long long)m.grams.key[i],
			       m.grams.count[i]),
				first = false;
	putchar('\t');
	first = true;
	g_hash_table_iter_init(&it, m.cues);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		printf("%s%g ", first ? "" : "\x1f", *(double *)v);
		for (const char *c = k; *c; c++)
			putchar((unsigned char)*c < 0x20 ? '?' : *c);
		first = false;
	}
	putchar('\n');
	g_hash_table_destroy(m.cues);
	civil_heat_grams_release(&m.grams);
	civil_buf_release(&prose);
}

int main(int argc, char **argv)
{
	struct civil_buf lexicon = CIVIL_BUF_INIT, rec = CIVIL_BUF_INIT;
	const char *lexicons[2] = { NULL, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_heat_t *h = NULL;
	bool by_message = argc == 3 && !strcmp(argv[1], "--message");
	int c;

	if (argc != 2 && !by_message) {
		fprintf(stderr, "usage: heat-features [--message] DATADIR "
				"< RECORDS\n");
		return 2;
	}
	civil_init();
	civil_buf_addf(&lexicon, "%s/heat.lexicon", argv[argc - 1]);
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
		if (rec.len && by_message) {
			message(h, rec.buf, rec.len);
		} else if (rec.len) {
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
