// SPDX-License-Identifier: GPL-2.0-or-later
/* check_thread.c - thread.c: naming a thread and its messages. */
#include <stdlib.h>
#include <string.h>

#include "unit.h"

START_TEST(thread_queries)
{
	char *q;

	q = civil_thread_query("thread:0000000000000abc");
	ck_assert_str_eq(q, "thread:0000000000000abc");
	free(q);
	q = civil_thread_query("<x@y.invalid>");
	ck_assert_str_eq(q, "id:\"x@y.invalid\"");
	free(q);
	q = civil_thread_query(
		"https://lore.kernel.org/r/x%2By@y.invalid/T/#u");
	ck_assert_str_eq(q, "id:\"x+y@y.invalid\"");
	free(q);
	q = civil_thread_query("https://lore.kernel.org/ksummit/a@b.invalid/");
	ck_assert_str_eq(q, "id:\"a@b.invalid\"");
	free(q);
	ck_assert_ptr_null(civil_thread_query("https://lore.kernel.org/all/"));
	/* A Message-ID with a line break or a NUL in it is none. */
	ck_assert_ptr_null(civil_thread_query(
		"https://lore.kernel.org/r/a%0A@b.invalid/"));
	ck_assert_ptr_null(civil_thread_query(
		"https://lore.kernel.org/r/a%00@b.invalid/"));
	q = civil_thread_query("a\t@b.invalid");
	ck_assert_str_eq(q, "a\t@b.invalid");
	free(q);
}
END_TEST

/* Every parse stays inside the argument: each one in a buffer of exactly
 * its own size, so ASan and valgrind see a read past it. */
START_TEST(thread_queries_bounded)
{
	static const char *const args[] = { "http://",	"https://", "http:/",
					    "<",	"<@",	    "@>",
					    "https://x" };

	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		size_t n = strlen(args[i]) + 1;
		char *arg = malloc(n);
		char *q;

		memcpy(arg, args[i], n);
		q = civil_thread_query(arg);
		if (!strncmp(arg, "http", 4) && strchr(arg, '/') &&
		    strlen(arg) >= 7)
			ck_assert_msg(!q, "%s gave %s", args[i], q);
		free(q);
		free(arg);
	}
}
END_TEST

START_TEST(bare_ids)
{
	static const char *const cases[][2] = {
		{ "x@y.invalid", "x@y.invalid" },
		{ "<x@y.invalid>", "x@y.invalid" },
		{ "id:x@y.invalid", "x@y.invalid" },
		{ "id:<x@y.invalid>", "x@y.invalid" },
		{ "id:\"x@y.invalid\"", "x@y.invalid" },
		{ "\"x@y.invalid\"", "x@y.invalid" },
		/* A quote doubled in a quoted term is one quote. */
		{ "id:\"we\"\"ird@y.invalid\"", "we\"ird@y.invalid" },
		{ "id:\"<a\"\"b@y.invalid>\"", "a\"b@y.invalid" },
		/* Quotes of the id's own, outside a quoted term. */
		{ "we\"ird@y.invalid", "we\"ird@y.invalid" },
		{ "<we\"ird@y.invalid>", "we\"ird@y.invalid" },
		{ "\"odd\"-1@y.invalid", "\"odd\"-1@y.invalid" },
		{ "id:\"unterminated@y.invalid", "\"unterminated@y.invalid" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *id = civil_bare_id(cases[i][0]);

		ck_assert_msg(!strcmp(id, cases[i][1]), "%s gave %s",
			      cases[i][0], id);
		free(id);
	}
}
END_TEST

START_TEST(id_queries)
{
	static const char *const ids[] = { "x@y.invalid", "we\"ird@y.invalid",
					   "\"odd\"-1@y.invalid", "\"\"@y" };
	char *q = civil_id_query("we\"ird@y.invalid");

	ck_assert_str_eq(q, "id:\"we\"\"ird@y.invalid\"");
	free(q);
	q = civil_thread_query("<we\"ird@y.invalid>");
	ck_assert_str_eq(q, "id:\"we\"\"ird@y.invalid\"");
	free(q);
	/* What civil_id_query writes, civil_bare_id reads back. */
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		char *id;

		q = civil_id_query(ids[i]);
		id = civil_bare_id(q);
		ck_assert_msg(!strcmp(id, ids[i]), "%s gave %s", q, id);
		free(id);
		free(q);
	}
}
END_TEST

Suite *suite_thread(void)
{
	Suite *s = suite_create("thread");
	TCase *tc = tcase_create("names");

	tcase_add_test(tc, thread_queries);
	tcase_add_test(tc, thread_queries_bounded);
	tcase_add_test(tc, bare_ids);
	tcase_add_test(tc, id_queries);
	suite_add_tcase(s, tc);
	return s;
}
