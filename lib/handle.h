/* SPDX-License-Identifier: GPL-2.0-or-later */
/* handle.h - what a civil_t holds, for handle.c and handle-db.c. */
#ifndef CIVIL_HANDLE_H
#define CIVIL_HANDLE_H

#include "civil.h"
#include "internal.h"

struct civil {
	civil_open_opts_t o; /* the strings below, copied */
	char *repository, *notmuch_config, *database, *data_dir, *lexicon;

	civil_repo_t *repo; /* NULL outside any tree */
	civil_config_t config;
	civil_code_t code;

	bool nm_read;
	civil_status_t nm_status; /* of reading it, said again each time */
	char *nm_message;
	civil_nm_config_t nm;

	civil_heat_t *heat;
	struct _notmuch_database *db; /* read-only */
	/* Frees the notmuch side (handle-db.c), once it was read. */
	void (*close_db)(civil_t *c);
};

#endif
