// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-learned - the file of what a reader's corrections taught
 * (lib/learned.c): read, written back, and what learning writes into it.
 * The first byte picks the mode:
 *
 *   even: the rest is a learned file.  Oracles:
 *     - it is taken, or refused with one line naming the file and a line
 *       ("'PATH':N: ..."), CONFIG_ERROR;
 *     - a file with a NUL byte anywhere is refused (a NUL hid the rest);
 *     - one taken is written back as a file that is taken, and writing
 *       that back gives the same bytes (nothing lost, nothing moved);
 *     - the text that lists it is built without a crash.
 *   odd: corrections, learned into an empty file: byte 1 the threshold
 *     (over 0 and under CIVIL_HEAT_MAX, what the scorer takes; the
 *     higher, the further a heated verdict moves), byte 2 how many (1 to
 *     32),
 *     bytes 3-6 each one's verdict (a bit each, heated or calm), the rest
 *     the text.  Oracle: what learning writes, loading takes (every
 *     weight within the one bound), and it scores the same after.
 *
 * The scorer uses civil's own lexicon (CIVIL_TEST_LEXICON, else
 * data/heat.lexicon).  Files go to a directory of the harness's own
 * under $TMPDIR.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "civil.h"
#include "learned.h"
#include "util.h"
#include "oracle.h"
#include "scratch.h"

static civil_heat_t *heat;
static const char *path;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *lexicon = getenv("CIVIL_TEST_LEXICON");
	const char *files[] = { lexicon ? lexicon : "data/heat.lexicon", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;

	civil_init();
	if (civil_heat_new(files, &heat, &err)) {
		fprintf(stderr, "fuzz-learned: %s\n", err.message);
		exit(1);
	}
	path = fuzz_scratch_file("fuzz-learned", "learned");
	return 0;
}

static void read_file(struct civil_buf *out)
{
	civil_buf_reset(out);
	ORACLE(civil_file_read(path, out, NULL) == CIVIL_STATUS_SUCCESS);
}

/* Write what h holds (all of it) to path, read it back: taken. */
static void save_and_take_back(struct civil_buf *saved)
{
	civil_error_t err = CIVIL_ERROR_INIT;

	heat->learned->dirty = true;
	ORACLE(civil_heat_learned_save(heat, &err) == CIVIL_STATUS_SUCCESS);
	read_file(saved);
	if (civil_heat_learned_open(heat, path, &err)) {
		fprintf(stderr, "fuzz-learned: %s\n%s", err.message,
			civil_buf_str(saved));
		ORACLE(!"what was written is taken back");
	}
}

static void a_file(const uint8_t *data, size_t len)
{
	struct civil_buf first = CIVIL_BUF_INIT, second = CIVIL_BUF_INIT;
	struct civil_buf list = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_status_t st;

	fuzz_scratch_write(data, len);
	st = civil_heat_learned_open(heat, path, &err);
	if (st) {
		size_t n = strlen(path);

		ORACLE(st == CIVIL_STATUS_CONFIG_ERROR);
		ORACLE(err.message[0] == '\'');
		ORACLE(!strncmp(err.message + 1, path, n));
		ORACLE(err.message[n + 1] == '\'' && err.message[n + 2] == ':');
		ORACLE(err.message[n + 3] >= '1' && err.message[n + 3] <= '9');
		ORACLE(!strchr(err.message, '\n'));
		civil_error_clear(&err);
		return;
	}
	ORACLE(!memchr(data, '\0', len));
	civil_heat_learned_text(heat, &list);
	save_and_take_back(&first);
	save_and_take_back(&second);
	ORACLE(first.len == second.len &&
	       !memcmp(first.buf, second.buf, first.len));
	civil_buf_release(&first);
	civil_buf_release(&second);
	civil_buf_release(&list);
}

static double score(const char *text, size_t len)
{
	civil_heat_score_t s;
	double v;

	civil_heat_score_text(heat, text, len, &s);
	v = s.score;
	civil_heat_score_release(&s);
	return v;
}

static void corrections(const uint8_t *data, size_t len)
{
	struct civil_buf saved = CIVIL_BUF_INIT;
	double threshold, before;
	uint32_t verdicts;
	unsigned n;
	const char *text;
	size_t text_len;
	civil_heat_lesson_t lesson;

	if (len < 6)
		return;
	threshold = CIVIL_HEAT_MAX * (1 + (double)data[0]) / 257;
	n = 1 + data[1] % 32;
	verdicts = (uint32_t)data[2] | (uint32_t)data[3] << 8 |
		   (uint32_t)data[4] << 16 | (uint32_t)data[5] << 24;
	text = (const char *)data + 6;
	text_len = len - 6;
	unlink(path);
	ORACLE(civil_heat_learned_open(heat, path, NULL) ==
	       CIVIL_STATUS_SUCCESS);
	civil_heat_set_threshold(heat, threshold);
	for (unsigned i = 0; i < n; i++)
		civil_heat_learn_text(heat, text, text_len, (verdicts >> i) & 1,
				      &lesson);
	before = score(text, text_len);
	save_and_take_back(&saved);
	/* Weights within the bound are written to four places and read
	 * back: the score may move by that rounding, never by more. */
	ORACLE(isfinite(before));
	ORACLE(fabs(score(text, text_len) - before) <
	       0.01 * (1 + fabs(before)));
	civil_buf_release(&saved);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	if (!len)
		return 0;
	if (data[0] & 1)
		corrections(data + 1, len - 1);
	else
		a_file(data + 1, len - 1);
	return 0;
}
