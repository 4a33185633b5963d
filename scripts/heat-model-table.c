// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * heat-model-table TEXT TABLE - the heat model as the table civil maps
 * (lib/model.c): what the build installs as heat.model, so that a hook
 * run maps the weights it needs instead of reading 50,000 lines.  TEXT's
 * opening '#' lines (licence, provenance) go first, unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "heat.h"
#include "util.h"

int main(int argc, char **argv)
{
	struct civil_buf text = CIVIL_BUF_INIT, tmp = CIVIL_BUF_INIT;
	struct civil_buf table = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct heat_model *m = NULL;
	size_t head = 0;
	FILE *out;

	if (argc != 3) {
		fprintf(stderr, "usage: heat-model-table TEXT TABLE\n");
		return 2;
	}
	if (civil_file_read(argv[1], &text, &err) ||
	    civil_heat_model_load(argv[1], &m, &err)) {
		fprintf(stderr, "heat-model-table: %s\n", err.message);
		return 1;
	}
	while (head < text.len && text.buf[head] == '#') {
		const char *nl = memchr(text.buf + head, '\n', text.len - head);

		head = nl ? (size_t)(nl - text.buf) + 1 : text.len;
	}
	text.buf[head] = '\0';
	civil_buf_addf(&tmp, "%s.tmp", argv[2]);
	civil_heat_model_table(m, text.buf, &table);
	out = fopen(tmp.buf, "wb");
	if (!out || fwrite(table.buf, 1, table.len, out) != table.len ||
	    fclose(out) || rename(tmp.buf, argv[2])) {
		perror(tmp.buf);
		return 1;
	}
	civil_heat_model_free(m);
	civil_buf_release(&text);
	civil_buf_release(&tmp);
	civil_buf_release(&table);
	return 0;
}
