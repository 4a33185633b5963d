// SPDX-License-Identifier: GPL-2.0-only
/*
 * civil-heated - list the threads tagged heated, newest first.
 *
 *   civil-heated [--explain] [--format=text|json] [QUERY]
 *
 * Text: one line a thread (id, dates, size, peak heat, the heat strip,
 * lists), its subject under it, and with --explain the flagged passages.
 * JSON: an array shaped like "notmuch search --format=json", with civil's
 * fields added; doc/civil-heated-json.md writes the shape down.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

const char *cmd_name = "civil-heated";

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-heated [--explain] [--format=text|json] "
		   "[QUERY]\n"
		   "       civil-heated --learned\n");
}

struct out {
	bool json;
	bool explain;
	size_t n;
};

static int print_thread(const civil_heated_thread_t *t, void *arg)
{
	struct out *o = arg;
	struct civil_buf b = CIVIL_BUF_INIT;

	if (o->json) {
		civil_buf_adds(&b, o->n ? ",\n" : "[");
		civil_heated_json(&b, t, o->explain);
	} else {
		civil_heated_text(&b, t, o->explain);
	}
	fwrite(b.buf, 1, b.len, stdout);
	civil_buf_release(&b);
	o->n++;
	return 0;
}

/* --learned: what the reader's corrections taught, and where it is kept. */
static int show_learned(void)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_heat_t *heat = NULL;
	char *path = NULL;
	int rc = 1;

	civil_init();
	if (civil_heat_new(NULL, &heat, &err)) {
		cmd_warn_error(&err);
		goto out;
	}
	if (cmd_open_learned(heat, &path))
		goto out;
	if (!path) {
		cmd_warn("no HOME: nothing learned");
		goto out;
	}
	civil_heat_learned_text(heat, &b);
	civil_buf_addf(&b, "(kept in '%s'; civil-scan --forget forgets it)\n",
		       path);
	fwrite(b.buf, 1, b.len, stdout);
	rc = fflush(stdout) ? 1 : 0;
out:
	civil_buf_release(&b);
	free(path);
	civil_heat_free(heat);
	civil_shutdown();
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "explain", no_argument, NULL, 'e' },
		{ "learned", no_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf query = CIVIL_BUF_INIT;
	struct out o = { false, false, 0 };
	civil_heat_t *heat = NULL;
	const civil_nm_config_t *cfg;
	civil_t *civ = NULL;
	civil_status_t st;
	bool learned = false;
	char *path = NULL;
	int c, rc = 1;

	while ((c = cmd_getopt(argc, argv, "+eh", opts)) != -1) {
		switch (c) {
		case 'e':
			o.explain = true;
			break;
		case 'l':
			learned = true;
			break;
		case 'f':
			if (!strcmp(optarg, "json"))
				o.json = true;
			else if (strcmp(optarg, "text")) {
				cmd_warn("unknown format '%s' (want text or "
					 "json)",
					 optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("civil-heated %s\n", CIVIL_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (learned && (o.explain || o.json || optind < argc)) {
		usage(stderr);
		return 2;
	}
	if (learned)
		return show_learned();
	for (int i = optind; i < argc; i++)
		civil_buf_addf(&query, "%s%s", i > optind ? " " : "", argv[i]);

	civil_init();
	civ = cmd_open(CMD_OPEN_NOTMUCH, NULL);
	if (!civ)
		goto out;
	st = civil_get_notmuch_settings(civ, &cfg, &err);
	if (st) {
		cmd_warn_error(&err);
		goto out;
	}
	/* A heated message with no stored score (its tag came through a
	 * pipe, or from a person) is scored from its file. */
	if (civil_get_heat(civ, &heat, &err))
		cmd_warn_error(&err);
	else if (cmd_open_learned(heat, &path))
		civil_drop_heat(civ);
	st = civil_heated_foreach(civ, civil_buf_str(&query), o.explain,
				  print_thread, &o, &err);
	if (st) {
		cmd_warn_error(&err);
		goto out;
	}
	if (o.json)
		puts(o.n ? "]" : "[]");
	rc = fflush(stdout) ? 1 : 0;
out:
	free(path);
	civil_close(civ);
	civil_buf_release(&query);
	civil_shutdown();
	return rc;
}
