/* SPDX-License-Identifier: GPL-2.0-or-later */
/* print.h - civil-heated's JSON (doc/civil-heated-json.md). */
#ifndef CIVIL_HEATED_JSON_H
#define CIVIL_HEATED_JSON_H

#include "civil.h"
#include "util.h"

/* A thread as one JSON object, shaped like a result of "notmuch search
 * --format=json" with civil's fields added; with explain, its flagged
 * passages too. */
void cmd_heated_json(civil_sprinter_t *sp, const civil_heated_thread_t *t,
		     bool explain);
/* A thread as civil-heated's text shows it: a line of facts, the subject,
 * and with explain a line a passage; every value escaped. */
void cmd_heated_text(struct civil_buf *out, const civil_heated_thread_t *t,
		     bool explain);
/* "SCORE<TAB>MESSAGE-ID<TAB>REASONS\n", the fields escaped: civil-scan
 * --scores, through a text printer (util/sprinter.c). */
void cmd_scores_line(civil_sprinter_t *sp, const civil_scan_item_t *item);

#endif
