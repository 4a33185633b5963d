/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unit.h - the Check suites, one per lib/ file, and their helpers. */
#ifndef CIVIL_UNIT_H
#define CIVIL_UNIT_H

#include <check.h>

#include "civil.h"
#include "cmd-support.h"
#include "util.h"

Suite *suite_buf(void);
Suite *suite_error(void);
Suite *suite_file(void);
Suite *suite_run(void);
Suite *suite_text(void);
Suite *suite_message(void);
Suite *suite_remind(void);
Suite *suite_encoded(void);
Suite *suite_code(void);
Suite *suite_repo(void);
Suite *suite_config(void);
Suite *suite_handle(void);
Suite *suite_heat(void);
Suite *suite_model(void);
Suite *suite_mbox(void);
Suite *suite_json(void);
Suite *suite_draft(void);
Suite *suite_workers(void);
Suite *suite_output(void);
Suite *suite_held(void);
Suite *suite_b4(void);
Suite *suite_thread(void);
Suite *suite_outgoing(void);
Suite *suite_init(void);
Suite *suite_config_notmuch(void);
Suite *suite_db(void);
Suite *suite_learn(void);
Suite *suite_scan(void);
Suite *suite_stored_heat(void);
Suite *suite_heated(void);
Suite *suite_options(void);
Suite *suite_sprinter(void);
Suite *suite_gitconfig(void);
Suite *suite_line(void);
Suite *suite_sentence(void);
Suite *suite_fields(void);
Suite *suite_pasted(void);
Suite *suite_words(void);
Suite *suite_target(void);
Suite *suite_lexicon(void);
Suite *suite_learned(void);
Suite *suite_lastmod(void);
Suite *suite_corrections(void);
Suite *suite_thanks(void);
Suite *suite_features(void);
Suite *suite_thread_heat(void);
Suite *suite_nm_guard(void);

/* The levels the hand-made models of these tests were made for: the
 * shipped model's calibrated levels (CIVIL_HEAT_THRESHOLD, ...) move
 * with every training, and a test of how the scan, the draft or the
 * corrections work must not. */
#define UNIT_TAG_LEVEL 2.5
#define UNIT_REVIEW_LEVEL 0.4

/* A fresh temporary directory (removed at exit). */
const char *unit_tmpdir(void);
/* Write text to dir/name, creating directories. */
void unit_write(const char *dir, const char *name, const char *text);
/* A list message in DIR/mail/cur/NAME:2, (a reply to reply when not
 * NULL), for "notmuch new" to find. */
void unit_add_mail(const char *dir, const char *name, const char *id,
		   const char *from, const char *date, const char *subject,
		   const char *reply, const char *body);
/* Run git with these arguments in dir; fail the test if it fails. */
void unit_git(const char *dir, const char *const *args);
/* A notmuch database in a fresh directory DIR: DIR/notmuch-config names
 * DIR/mail (write messages under DIR/mail/cur, then unit_notmuch "new"),
 * and $NOTMUCH_CONFIG points at it until unit_notmuch_done.  Returns DIR;
 * *cfg gets civil's defaults with the database named explicitly. */
const char *unit_notmuch_db(civil_nm_config_t *cfg);
void unit_notmuch_done(civil_nm_config_t *cfg);
/* Run notmuch with these arguments (e.g. "tag", "+x", "id:y"); fail the
 * test if it fails.  Its output into out (NULL: thrown away). */
void unit_notmuch(const char *const *args, struct civil_buf *out);
/* Parse text as a message; fail the test if it isn't one. */
civil_message_t *unit_message(const char *text);
/* A scorer of lexicon (lines of heat.lexicon; after base, a lexicon
 * file, when not NULL) and a model written by hand (model's lines after
 * "civil-heat-model 2"), so that a test checks mechanism, not what
 * training made of the data.  The caller's to civil_heat_free. */
civil_heat_t *unit_heat(const char *base, const char *lexicon,
			const char *model);
/* A handle on the database at database (NULL: none), with civil's data
 * from the source tree ($CIVIL_TEST_LEXICON's directory) and nothing else
 * named; fail the test if it can't be opened. */
civil_t *unit_civil(const char *database);
/* The directory of $CIVIL_TEST_LEXICON (g_free it). */
char *unit_data_dir(void);

#endif
