/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scratch.h - a file of the harness's own, for what civil reads from a
 * path: fuzz_scratch_file(HARNESS, NAME) makes a new directory under
 * $TMPDIR (else /tmp), names NAME in it, and removes both at exit;
 * fuzz_scratch_write() puts an input there.  After oracle.h.
 */
#ifndef CIVIL_FUZZ_SCRATCH_H
#define CIVIL_FUZZ_SCRATCH_H

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char *fuzz_scratch;

static void fuzz_scratch_remove(void)
{
	char *dir = g_path_get_dirname(fuzz_scratch);

	unlink(fuzz_scratch);
	rmdir(dir);
	g_free(dir);
	g_free(fuzz_scratch);
}

static inline const char *fuzz_scratch_file(const char *harness,
					    const char *name)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = g_strdup_printf("%s/civil-%s.XXXXXX",
				    tmp && *tmp ? tmp : "/tmp", harness);

	if (!g_mkdtemp(dir)) {
		fprintf(stderr, "%s: can't make '%s'\n", harness, dir);
		exit(1);
	}
	fuzz_scratch = g_strdup_printf("%s/%s", dir, name);
	g_free(dir);
	atexit(fuzz_scratch_remove);
	return fuzz_scratch;
}

static inline void fuzz_scratch_write(const void *data, size_t len)
{
	FILE *f = fopen(fuzz_scratch, "wb");

	ORACLE(f != NULL);
	ORACLE(fwrite(data, 1, len, f) == len);
	ORACLE(fclose(f) == 0);
}

#endif
