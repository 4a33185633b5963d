// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hold-lock ID SECONDS - open the user's notmuch database for writing,
 * tag message ID "held" inside an atomic section, and keep the write lock
 * for SECONDS: another writer, as a test needs one.  Prints "held" once
 * the lock is taken.
 */
#include <notmuch.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	notmuch_database_t *db = NULL;
	notmuch_message_t *m = NULL;
	char *msg = NULL;

	if (argc != 3)
		return 2;
	if (notmuch_database_open_with_config(NULL,
					      NOTMUCH_DATABASE_MODE_READ_WRITE,
					      NULL, NULL, &db, &msg)) {
		fprintf(stderr, "hold-lock: %s\n", msg ? msg : "can't open");
		return 1;
	}
	notmuch_database_begin_atomic(db);
	if (notmuch_database_find_message(db, argv[1], &m) == 0 && m)
		notmuch_message_add_tag(m, "held");
	printf("held\n");
	fflush(stdout);
	sleep((unsigned)atoi(argv[2]));
	notmuch_database_end_atomic(db);
	notmuch_database_close(db);
	notmuch_database_destroy(db);
	return 0;
}
