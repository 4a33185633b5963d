// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

static void expect_contact(const char *text, const char *want)
{
	char *got = civil_code_extract_contact(text);

	if (!want)
		ck_assert_msg(!got, "got %s", got);
	else
		ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(contacts)
{
	expect_contact(
		"Feel abused? Contact the board at\n<board@x.invalid>.\n",
		"board@x.invalid");
	expect_contact("may be reported by contacting the Committee at "
		       "<conduct@kernel.org>. All complaints will be reviewed.",
		       "conduct@kernel.org");
	/* An unfilled template names nobody. */
	expect_contact("reported to the community leaders responsible for "
		       "enforcement at [INSERT CONTACT METHOD].",
		       NULL);
	expect_contact("contacting the project team at [INSERT EMAIL ADDRESS]",
		       NULL);
	/* The address asked for beats an author's address met earlier. */
	expect_contact("Written by jane@kernel-test.invalid in 2015.\n\n\n"
		       "                                                      "
		       "                                                      "
		       "                                                      "
		       "                                                      "
		       "\nPlease report problems to team@kernel-test.invalid.",
		       "team@kernel-test.invalid");
	/* Markdown links, placeholder domains. */
	expect_contact("Email [us](mailto:coc@proj.invalid) any time",
		       "coc@proj.invalid");
	expect_contact("contact you@example.com", NULL);
	expect_contact("nothing here @ all", NULL);
}
END_TEST

START_TEST(unacceptable_sentences)
{
	civil_code_t code = { 0 };
	char *s;

	code.text = "Intro text.  If anyone feels abused, that is not\n"
		    "acceptable.  Contact us.\n";
	s = civil_code_unacceptable_sentence(&code);
	ck_assert_str_eq(s, "If anyone feels abused, that is not acceptable.");
	free(s);

	code.text = "Our Standards\n\nExamples of unacceptable behavior "
		    "include:\n\n* Trolling, insulting\n  comments\n* Public "
		    "harassment\n\nOur Responsibilities\n";
	s = civil_code_unacceptable_sentence(&code);
	ck_assert_str_eq(s, "Examples of unacceptable behavior include:\n"
			    "* Trolling, insulting comments\n"
			    "* Public harassment");
	free(s);

	code.text = "Be nice.\n";
	ck_assert_ptr_null(civil_code_unacceptable_sentence(&code));
}
END_TEST

START_TEST(builtin_without_repository)
{
	civil_code_t code;
	civil_config_t cfg = { 0 };
	char *s;

	ck_assert_int_eq(civil_code_find(NULL, &cfg, &code, NULL), 0);
	ck_assert_int_eq(code.kind, CIVIL_CODE_BUILTIN);
	ck_assert_str_eq(code.path, "Documentation/CodeOfConflict");
	ck_assert_str_eq(code.contact, "tab@lists.linux-foundation.org");
	ck_assert_int_eq(code.contact_source, CIVIL_CONTACT_BUILTIN);
	ck_assert_str_eq(code.blob_id, "");
	s = civil_code_unacceptable_sentence(&code);
	ck_assert(strstr(s, "that is not acceptable."));
	free(s);
	civil_code_release(&code);

	cfg.contact = "me@kernel-test.invalid";
	civil_code_find(NULL, &cfg, &code, NULL);
	ck_assert_str_eq(code.contact, "me@kernel-test.invalid");
	ck_assert_int_eq(code.contact_source, CIVIL_CONTACT_CONFIG);
	civil_code_release(&code);
}
END_TEST

static civil_code_t find_in(const char *dir)
{
	civil_repo_t *repo;
	civil_code_t code;

	ck_assert_int_eq(civil_repo_open(dir, &repo, NULL), 0);
	ck_assert_int_eq(civil_code_find(repo, NULL, &code, NULL), 0);
	civil_repo_free(repo);
	return code;
}

static void commit_all(const char *dir)
{
	unit_git(dir, (const char *[]){ "add", ".", NULL });
	unit_git(dir, (const char *[]){ "commit", "-q", "-m", "c", NULL });
}

START_TEST(kernel_files_in_order)
{
	const char *dir = unit_tmpdir();
	civil_code_t code;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, "Documentation/process/code-of-conduct.rst",
		   "Report it to the Committee at <conduct@kernel.org>.\n");
	unit_write(dir, "CODE_OF_CONDUCT.md", "contact other@proj.invalid\n");
	commit_all(dir);
	code = find_in(dir);
	ck_assert_int_eq(code.kind, CIVIL_CODE_CONDUCT);
	ck_assert_str_eq(code.path,
			 "Documentation/process/code-of-conduct.rst");
	ck_assert_str_eq(code.contact, "conduct@kernel.org");
	ck_assert_int_eq(code.contact_source, CIVIL_CONTACT_FILE);
	ck_assert_uint_eq(strlen(code.blob_id), 40);
	civil_code_release(&code);

	/* The 2015 file wins over everything else. */
	unit_write(dir, "Documentation/CodeOfConflict",
		   "please contact <tab@kernel-test.invalid>\n");
	commit_all(dir);
	code = find_in(dir);
	ck_assert_int_eq(code.kind, CIVIL_CODE_CONFLICT);
	ck_assert_str_eq(code.contact, "tab@kernel-test.invalid");
	civil_code_release(&code);
}
END_TEST

START_TEST(contact_from_interpretation)
{
	const char *dir = unit_tmpdir();
	civil_code_t code;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, "Documentation/process/code-of-conduct.rst",
		   "reported at [INSERT EMAIL ADDRESS].\n");
	unit_write(dir,
		   "Documentation/process/code-of-conduct-interpretation.rst",
		   "Please contact the committee at conduct@kernel.org.\n");
	commit_all(dir);
	code = find_in(dir);
	ck_assert_str_eq(code.contact, "conduct@kernel.org");
	ck_assert_str_eq(code.contact_path,
			 "Documentation/process/"
			 "code-of-conduct-interpretation.rst");
	ck_assert_uint_eq(strlen(code.contact_blob_id), 40);
	civil_code_release(&code);
}
END_TEST

START_TEST(template_names_nobody)
{
	const char *dir = unit_tmpdir();
	civil_code_t code;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	unit_write(dir, ".github/CODE_OF_CONDUCT.md",
		   "reported at [INSERT CONTACT METHOD].\n");
	commit_all(dir);
	code = find_in(dir);
	ck_assert_str_eq(code.path, ".github/CODE_OF_CONDUCT.md");
	ck_assert_ptr_null(code.contact);
	ck_assert_int_eq(code.contact_source, CIVIL_CONTACT_NONE);
	civil_code_release(&code);
}
END_TEST

START_TEST(no_file_or_unborn_head)
{
	const char *dir = unit_tmpdir();
	civil_code_t code;

	unit_git(dir, (const char *[]){ "init", "-q", NULL });
	code = find_in(dir);
	ck_assert_int_eq(code.kind, CIVIL_CODE_BUILTIN);
	civil_code_release(&code);
	unit_write(dir, "README", "nothing\n");
	commit_all(dir);
	code = find_in(dir);
	ck_assert_int_eq(code.kind, CIVIL_CODE_BUILTIN);
	civil_code_release(&code);
}
END_TEST

Suite *suite_code(void)
{
	Suite *s = suite_create("code");
	TCase *tc = tcase_create("code");

	tcase_add_test(tc, contacts);
	tcase_add_test(tc, unacceptable_sentences);
	tcase_add_test(tc, builtin_without_repository);
	tcase_add_test(tc, kernel_files_in_order);
	tcase_add_test(tc, contact_from_interpretation);
	tcase_add_test(tc, template_names_nobody);
	tcase_add_test(tc, no_file_or_unborn_head);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}
