/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * oracle.h - ORACLE(cond), every harness's check of what civil made: when
 * it does not hold, say where and what (the harness's file and line, the
 * condition) and abort, so that libFuzzer keeps the input and replay.c
 * names it.
 */
#ifndef CIVIL_FUZZ_ORACLE_H
#define CIVIL_FUZZ_ORACLE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORACLE(cond)                                                           \
	do {                                                                   \
		if (!(cond))                                                   \
			fuzz_oracle_failed(__FILE__, __LINE__, #cond);         \
	} while (0)

static inline void fuzz_oracle_failed(const char *file, int line,
				      const char *what)
{
	const char *slash = strrchr(file, '/');

	fprintf(stderr, "%s:%d: oracle failed: %s\n", slash ? slash + 1 : file,
		line, what);
	abort();
}

#endif
