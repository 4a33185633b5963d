// SPDX-License-Identifier: GPL-2.0-or-later
/* error.c - status codes and the one-line messages that go with them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Messages are one line, whatever a library below said: line breaks
 * become "; ", trailing white space goes. */
static char *one_line(char *s)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	if (!s || !strpbrk(s, "\r\n"))
		return s;
	for (const char *r = s; *r; r++) {
		if (*r != '\n' && *r != '\r') {
			civil_buf_addch(&b, *r);
			continue;
		}
		while (b.len && b.buf[b.len - 1] == ' ')
			b.buf[--b.len] = '\0';
		if (b.len && b.buf[b.len - 1] != ';' && r[1] && r[1] != '\n')
			civil_buf_adds(&b, "; ");
	}
	while (b.len && strchr(" ;", b.buf[b.len - 1]))
		b.buf[--b.len] = '\0';
	free(s);
	return civil_buf_detach(&b);
}

civil_status_t civil_error_set(civil_error_t *err, civil_status_t status,
			       const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!err)
		return status;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	msg = one_line(msg);
	free(err->message);
	err->message = msg;
	err->status = status;
	return status;
}

void civil_error_clear(civil_error_t *err)
{
	if (!err)
		return;
	free(err->message);
	err->message = NULL;
	err->status = CIVIL_STATUS_SUCCESS;
}

const char *civil_status_to_string(civil_status_t status)
{
	switch (status) {
	case CIVIL_STATUS_SUCCESS:
		return "success";
	case CIVIL_STATUS_FILE_ERROR:
		return "file error";
	case CIVIL_STATUS_NOT_MAIL:
		return "not a mail message";
	case CIVIL_STATUS_UNSUPPORTED:
		return "unsupported message";
	case CIVIL_STATUS_NO_REPOSITORY:
		return "not in a git repository";
	case CIVIL_STATUS_REPOSITORY_ERROR:
		return "repository error";
	case CIVIL_STATUS_NOT_FOUND:
		return "not found";
	case CIVIL_STATUS_CONFIG_ERROR:
		return "bad setting";
	case CIVIL_STATUS_RUN_ERROR:
		return "can't run command";
	case CIVIL_STATUS_USAGE:
		return "usage error";
	case CIVIL_STATUS_DATABASE_ERROR:
		return "database error";
	case CIVIL_STATUS_LOCKED:
		return "database locked";
	case CIVIL_STATUS_PARTIAL:
		return "some items skipped";
	}
	return "unknown status";
}
