// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <string.h>

#include "../../cmd/print.h"
#include "internal.h"
#include "unit.h"

static size_t count(const char *s, char c)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == c;
	return n;
}

START_TEST(scores_line_is_one_record)
{
	civil_heat_reason_t why = { "insult at a person",
				    "you\tidiot\n",
				    "s",
				    1,
				    CIVIL_TARGET_PERSON,
				    CIVIL_HEAT_HEATED,
				    0 };
	civil_heat_score_t heat = { 3.5, CIVIL_HEAT_HEATED, &why, 1 };
	civil_scan_item_t item = {
		"a\tb\r\nc\001d\\e@x", "t", 3.5, &heat, true, false
	};
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_sprinter_t *sp = civil_sprinter_text(&b);

	cmd_scores_line(sp, &item);
	civil_sprinter_free(sp);
	ck_assert_str_eq(b.buf, "3.50\theated\ta\\tb\\r\\nc\\x01d\\e@x\t"
				"insult at a person 'you\\tidiot\\n'\n");
	ck_assert_uint_eq(count(b.buf, '\t'), 3);
	ck_assert_uint_eq(count(b.buf, '\n'), 1);
	civil_buf_release(&b);
}
END_TEST

START_TEST(tag_lines)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	ck_assert_int_eq(
		civil_tag_line(&b, '+', "hot tag%", "id", "a\"b\tc@x", &err),
		0);
	ck_assert_str_eq(b.buf, "+hot%20tag%25 -- id:\"a\"\"b\tc@x\"");
	civil_buf_reset(&b);
	ck_assert_int_eq(
		civil_tag_line(&b, '-', "heated", "id", "a\n+x -- *", &err),
		CIVIL_STATUS_UNSUPPORTED);
	ck_assert_uint_eq(b.len, 0);
	ck_assert(strstr(err.message, "holds a line break"));
	civil_error_clear(&err);
	civil_buf_release(&b);
}
END_TEST

START_TEST(heated_text)
{
	civil_heated_passage_t p = { "i\td@x",
				     NAN,
				     { .signal = "insult",
				       .weight = INFINITY,
				       .target = CIVIL_TARGET_PERSON,
				       .klass = CIVIL_HEAT_HEATED,
				       .match = "a\nb",
				       .sentence = "c\r\nthread:1" } };
	char *lists[] = { "l\n1", NULL };
	civil_heated_thread_t t = { 0 };
	struct civil_buf b = CIVIL_BUF_INIT;

	t.thread = "0\"1";
	t.subject = "s\r\nthread:fake";
	t.authors = "a";
	t.strip = "#";
	t.lists = lists;
	t.n_lists = 1;
	t.passages = &p;
	t.n_passages = 1;
	t.first = -(1LL << 62);
	t.last = 1LL << 62;
	cmd_heated_text(&b, &t, true);
	/* A line of facts, the subject, a passage: three lines. */
	ck_assert_uint_eq(count(b.buf, '\n'), 3);
	ck_assert(strstr(b.buf, "\n    s\\r\\nthread:fake\n"));
	ck_assert(strstr(b.buf, "  ?..?  "));
	civil_buf_release(&b);
}
END_TEST

Suite *suite_output(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("output");

	tcase_add_test(tc, scores_line_is_one_record);
	tcase_add_test(tc, tag_lines);
	tcase_add_test(tc, heated_text);
	suite_add_tcase(s, tc);
	return s;
}
