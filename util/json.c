// SPDX-License-Identifier: GPL-2.0-or-later
/* json.c - the one thing civil's JSON needs: strings, escaped properly. */
#include <glib.h>
#include <string.h>

#include "util.h"

void civil_json_string(struct civil_buf *out, const char *s)
{
	gchar *valid = g_utf8_make_valid(s ? s : "", -1);

	civil_buf_addch(out, '"');
	for (const unsigned char *c = (const unsigned char *)valid; *c; c++) {
		switch (*c) {
		case '"':
			civil_buf_adds(out, "\\\"");
			break;
		case '\\':
			civil_buf_adds(out, "\\\\");
			break;
		case '\n':
			civil_buf_adds(out, "\\n");
			break;
		case '\t':
			civil_buf_adds(out, "\\t");
			break;
		case '\r':
			civil_buf_adds(out, "\\r");
			break;
		default:
			if (*c < 0x20)
				civil_buf_addf(out, "\\u%04x", *c);
			else
				civil_buf_addch(out, (char)*c);
		}
	}
	civil_buf_addch(out, '"');
	g_free(valid);
}
