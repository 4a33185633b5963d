/* SPDX-License-Identifier: GPL-2.0-only */
/* heated-json.h - civil-heated's JSON (doc/civil-heated-json.md). */
#ifndef CIVIL_HEATED_JSON_H
#define CIVIL_HEATED_JSON_H

#include "civil.h"
#include "util.h"

/* A thread as one JSON object, shaped like a result of "notmuch search
 * --format=json" with civil's fields added; with explain, its flagged
 * passages too. */
void cmd_heated_json(civil_sprinter_t *sp, const civil_heated_thread_t *t,
		     bool explain);

#endif
