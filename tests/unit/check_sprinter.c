// SPDX-License-Identifier: GPL-2.0-or-later
/* The structured printer (util/sprinter.c) and civil-heated's JSON through
 * it (cmd/print.c), byte for byte as civil-heated wrote it before
 * the printer: doc/civil-heated-json.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../cmd/print.h"
#include "unit.h"

START_TEST(json_values)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_json(&b);

	civil_sp_begin_map(sp);
	civil_sp_map_key(sp, "s\"");
	civil_sp_string(sp, "a\n\"\\");
	civil_sp_map_key(sp, "n");
	civil_sp_integer(sp, -(1LL << 62));
	civil_sp_map_key(sp, "d");
	civil_sp_double(sp, 0.125);
	civil_sp_map_key(sp, "nan");
	civil_sp_double(sp, NAN);
	civil_sp_map_key(sp, "inf");
	civil_sp_double(sp, -INFINITY);
	civil_sp_map_key(sp, "l");
	civil_sp_begin_list(sp);
	civil_sp_boolean(sp, true);
	civil_sp_boolean(sp, false);
	civil_sp_null(sp);
	civil_sp_string(sp, NULL);
	civil_sp_begin_list(sp);
	civil_sp_end(sp);
	civil_sp_begin_map(sp);
	civil_sp_end(sp);
	civil_sp_end(sp);
	civil_sp_end(sp);
	ck_assert_str_eq(
		b.buf, "{\"s\\\"\":\"a\\n\\\"\\\\\",\"n\":-4611686018427387904,"
		       "\"d\":0.12,\"nan\":null,\"inf\":null,"
		       "\"l\":[true,false,null,\"\",[],{}]}\n");
	civil_sprinter_free(sp);
	civil_buf_release(&b);
}
END_TEST

START_TEST(json_separator)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_json(&b);

	/* Empty, then two items a line apart: as civil-heated writes its
	 * array. */
	civil_sp_begin_list(sp);
	civil_sp_end(sp);
	ck_assert_str_eq(b.buf, "[]\n");
	civil_buf_reset(&b);
	civil_sp_begin_list(sp);
	civil_sp_separator(sp);
	civil_sp_integer(sp, 1);
	civil_sp_separator(sp);
	civil_sp_integer(sp, 2);
	civil_sp_integer(sp, 3);
	civil_sp_end(sp);
	ck_assert_str_eq(b.buf, "[1,\n2,3]\n");
	civil_sprinter_free(sp);
	civil_buf_release(&b);
}
END_TEST

START_TEST(text_values)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_text(&b);

	/* Values TAB-separated and escaped, keys left out, a separator a
	 * line break. */
	for (int i = 0; i < 2; i++) {
		civil_sp_begin_map(sp);
		civil_sp_map_key(sp, "score");
		civil_sp_double(sp, 3.5);
		civil_sp_map_key(sp, "id");
		civil_sp_string(sp, "a\tb\r\nc\001d@x");
		civil_sp_map_key(sp, "n");
		civil_sp_integer(sp, i);
		civil_sp_null(sp);
		civil_sp_double(sp, NAN);
		civil_sp_boolean(sp, i);
		civil_sp_end(sp);
		civil_sp_separator(sp);
	}
	ck_assert_str_eq(b.buf,
			 "3.50\ta\\tb\\r\\nc\\x01d@x\t0\t-\tnan\tfalse\n"
			 "3.50\ta\\tb\\r\\nc\\x01d@x\t1\t-\tnan\ttrue\n");
	civil_sprinter_free(sp);
	civil_buf_release(&b);
}
END_TEST

START_TEST(heated_json)
{
	civil_heated_passage_t ps[2] = {
		{ "i\td@x",
		  NAN,
		  { .signal = "insult",
		    .weight = INFINITY,
		    .target = CIVIL_TARGET_PERSON,
		    .klass = CIVIL_HEAT_HEATED,
		    .match = "a\nb",
		    .sentence = "c\r\nthread:1" } },
		{ "x@y",
		  0.5,
		  { .signal = "sw\"ear",
		    .weight = 1.25,
		    .target = CIVIL_TARGET_THING,
		    .klass = CIVIL_HEAT_SHARP,
		    .match = "m\\",
		    .sentence = "s\001 \xff" } },
	};
	char *lists[] = { "l\n1", "l2" };
	char *tags[] = { "heated", "inbox" };
	char *people[] = { "A <a@x>" };
	civil_heated_thread_t t = { 0 };
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_json(&b);
	const char *tz = getenv("TZ");
	char *saved = tz ? strdup(tz) : NULL;

	setenv("TZ", "UTC", 1);
	tzset();
	t.thread = "0\"1";
	t.subject = "s\r\nthread:fake";
	t.authors = "a, b";
	t.strip = "#.";
	t.lists = lists;
	t.n_lists = 2;
	t.tags = tags;
	t.n_tags = 2;
	t.people = people;
	t.n_people = 1;
	t.passages = ps;
	t.n_passages = 2;
	t.first = 100;
	t.last = 1000;
	t.matched = 2;
	t.heat.messages = 3;
	t.scored = true;
	t.heat.peak = 2.345;
	t.heat.heated = 2;
	t.heat.escalating = true;
	civil_sp_begin_list(sp);
	civil_sp_separator(sp);
	cmd_heated_json(sp, &t, true);
	t.scored = false;
	t.n_tags = t.n_lists = t.n_people = 0;
	t.heat.escalating = false;
	t.review = true;
	civil_sp_separator(sp);
	cmd_heated_json(sp, &t, false);
	civil_sp_end(sp);
	/* What civil_heated_json and civil-heated's splicing wrote. */
	ck_assert_str_eq(
		b.buf,
		"["
		"{\"thread\":\"0\\\"1\",\"timestamp\":1000,\"date_relative\":"
		"\"1970-01-01\",\"matched\":2,\"total\":3,\"authors\":\"a, b\""
		",\"subject\":\"s\\r\\nthread:fake\",\"query\":[\"thread:0\\\""
		"1\",null],\"tags\":[\"heated\",\"inbox\"],\"first\":100,\"la"
		"st\":1000,\"people\":[\"A <a@x>\"],\"lists\":[\"l\\n1\",\"l2"
		"\"],\"peak\":2.35,\"heated\":2,\"escalating\":true,\"strip\""
		":\"#.\",\"heated_thread\":false,\"worth_a_look\":false,"
		"\"passages\":[{\"id\":\"i\\td@x\",\"score\":null,\"c"
		"lass\":\"heated\",\"signal\":\"insult\",\"weight\":null,\"ta"
		"rget\":\"person\",\"match\":"
		"\"a\\nb\",\"sentence\":\"c\\r\\nthread:1\"},{\"id\":\"x@y\","
		"\"score\":0.50,\"class\":\"sharp\",\"signal\":\"sw\\\"ear\","
		"\"weight\":1.25,\"target\":\"thing\",\"match\":\"m\\\\\","
		"\"sentence\":\"s\\u0001 "
		"\xef\xbf\xbd\""
		"}]}"
		",\n"
		"{\"thread\":\"0\\\"1\",\"timestamp\":1000,\"date_relative\":"
		"\"1970-01-01\",\"matched\":2,\"total\":3,\"authors\":\"a, b\""
		",\"subject\":\"s\\r\\nthread:fake\",\"query\":[\"thread:0\\\""
		"1\",null],\"tags\":[],\"first\":100,\"last\":1000,\"people\""
		":[],\"lists\":[],\"peak\":null,\"heated\":2,\"escalating\":f"
		"alse,\"strip\":\"#.\",\"heated_thread\":false,"
		"\"worth_a_look\":true}"
		"]\n");
	if (saved)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
	free(saved);
	civil_sprinter_free(sp);
	civil_buf_release(&b);
}
END_TEST

Suite *suite_sprinter(void)
{
	Suite *s = suite_create("sprinter");
	TCase *tc = tcase_create("sprinter");

	tcase_add_test(tc, json_values);
	tcase_add_test(tc, json_separator);
	tcase_add_test(tc, text_values);
	tcase_add_test(tc, heated_json);
	suite_add_tcase(s, tc);
	return s;
}
