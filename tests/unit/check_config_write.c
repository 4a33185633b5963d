// SPDX-License-Identifier: GPL-2.0-or-later
/* civil_config_file_set (lib/config-write.c), read back by git itself. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

static char *file_in(const char *dir, const char *name, const char *text)
{
	struct civil_buf path = CIVIL_BUF_INIT;

	if (text)
		unit_write(dir, name, text);
	civil_buf_addf(&path, "%s/%s", dir, name);
	return civil_buf_detach(&path);
}

static char *slurp(const char *path)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	ck_assert_int_eq(civil_file_read(path, &b, NULL), 0);
	return civil_buf_detach(&b);
}

/* git config --file path --null --get key: the value, or NULL when git
 * has none (or refuses the file). */
static char *git_get(const char *path, const char *key)
{
	const char *argv[] = { "git",	 "config", "--file", path,
			       "--null", "--get",  key,	     NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = -1;

	ck_assert_int_eq(
		civil_run_quiet(argv, NULL, NULL, 0, &out, &status, NULL), 0);
	if (status || !out.len || out.buf[out.len - 1] != '\0') {
		civil_buf_release(&out);
		return NULL;
	}
	return civil_buf_detach(&out);
}

static void git_set(const char *path, const char *key, const char *value)
{
	const char *argv[] = {
		"git", "config", "--file", path, key, value, NULL
	};
	int status = -1;

	ck_assert_int_eq(civil_run(argv, NULL, NULL, 0, NULL, &status, NULL),
			 0);
	ck_assert_int_eq(status, 0);
}

/* What the user had: comments, odd spacing, a value continued on a
 * second line, a quoted '#', a subsection. */
static const char user_config[] = "# my config\n"
				  "[user]\n"
				  "  name = A U Thor   ; trailing comment\n"
				  "\temail = \"a#b@example.org\"\n"
				  "[alias]\n"
				  "\tlg = log \\\n"
				  "\t  --oneline\n"
				  "\n"
				  "[sendemail \"work\"]\n"
				  "\tsmtpServer = /usr/bin/msmtp\n"
				  "[Civil]\n"
				  "\t# mine\n"
				  "\tcontact = board@example.org\n";

START_TEST(values_read_back)
{
	static const char *values[] = {
		"plain",
		"say \"hi\"",
		"back\\slash",
		"hash # not a comment",
		"semi;colon",
		" leading and trailing ",
		"a\ttab",
		"two\nlines",
		"'/usr/bin/civil-sendmail' --sendmail='msmtp -a \"x y\"'",
		"",
	};
	const char *dir = unit_tmpdir();
	char *path = file_in(dir, "config", user_config);

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		char *got;

		ck_assert_int_eq(civil_config_file_set(path, "civil.sendmail",
						       values[i], NULL),
				 0);
		got = git_get(path, "civil.sendmail");
		ck_assert_ptr_nonnull(got);
		ck_assert_str_eq(got, values[i]);
		free(got);
		/* The user's own values, as git reads them, untouched. */
		got = git_get(path, "alias.lg");
		ck_assert_str_eq(got, "log    --oneline");
		free(got);
		got = git_get(path, "user.email");
		ck_assert_str_eq(got, "a#b@example.org");
		free(got);
	}
	free(path);
}
END_TEST

START_TEST(in_and_out_leaves_the_file)
{
	const char *dir = unit_tmpdir();
	char *path = file_in(dir, "config", user_config);
	char *after;

	/* A new section and a new key in the user's sections, then taken
	 * away again: the very bytes there were. */
	ck_assert_int_eq(civil_config_file_set(
				 path, "civil-install.sendemail.smtpServer.was",
				 "/usr/bin/msmtp", NULL),
			 0);
	ck_assert_int_eq(civil_config_file_set(path, "civil.sendmail",
					       "/usr/bin/msmtp", NULL),
			 0);
	ck_assert_int_eq(civil_config_file_set(
				 path, "sendemail.work.sendmailCmd", "x", NULL),
			 0);
	after = git_get(path, "civil-install.sendemail.smtpServer.was");
	ck_assert_str_eq(after, "/usr/bin/msmtp");
	free(after);
	ck_assert_int_eq(civil_config_file_set(
				 path, "civil-install.sendemail.smtpServer.was",
				 NULL, NULL),
			 0);
	ck_assert_int_eq(
		civil_config_file_set(path, "civil.sendmail", NULL, NULL), 0);
	ck_assert_int_eq(civil_config_file_set(path,
					       "sendemail.work.sendmailCmd",
					       NULL, NULL),
			 0);
	after = slurp(path);
	ck_assert_str_eq(after, user_config);
	free(after);
	free(path);
}
END_TEST

START_TEST(written_as_git_writes)
{
	const char *dir = unit_tmpdir();
	char *ours = file_in(dir, "ours", user_config);
	char *gits = file_in(dir, "gits", user_config);
	const char *sets[][2] = {
		{ "sendemail.smtpServer", "/usr/bin/civil-sendmail" },
		{ "civil-install.sendemail.smtpServer.was", "(unset)" },
		{ "sendemail.work.smtpServer", "/usr/bin/civil-sendmail" },
		{ "user.name", "  q\"\\#;\t" },
		{ "alias.lg", "log" },
	};
	char *a, *b;

	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		ck_assert_int_eq(civil_config_file_set(ours, sets[i][0],
						       sets[i][1], NULL),
				 0);
		git_set(gits, sets[i][0], sets[i][1]);
	}
	a = slurp(ours);
	b = slurp(gits);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(ours);
	free(gits);
}
END_TEST

START_TEST(every_line_of_a_key)
{
	const char *dir = unit_tmpdir();
	char *path = file_in(dir, "config",
			     "[a]\n\tk = 1\n[b]\n\tx = y\n[a]\n\tK = 2\n");
	char *after;

	ck_assert_int_eq(civil_config_file_set(path, "a.k", "3", NULL), 0);
	after = slurp(path);
	ck_assert_str_eq(after, "[a]\n[b]\n\tx = y\n[a]\n\tk = 3\n");
	free(after);
	ck_assert_int_eq(civil_config_file_set(path, "a.k", NULL, NULL), 0);
	after = slurp(path);
	/* The second [a] was emptied by the unset; the first was empty
	 * before it and is the user's. */
	ck_assert_str_eq(after, "[a]\n[b]\n\tx = y\n");
	free(after);
	/* Unsetting what is not there changes nothing, makes nothing. */
	ck_assert_int_eq(civil_config_file_set(path, "c.k", NULL, NULL), 0);
	free(path);
	path = file_in(dir, "none", NULL);
	ck_assert_int_eq(civil_config_file_set(path, "c.k", NULL, NULL), 0);
	ck_assert_int_ne(access(path, F_OK), 0);
	free(path);
}
END_TEST

START_TEST(refused)
{
	const char *dir = unit_tmpdir();
	char *path = file_in(dir, "config", "[core] bare = true\n[a]\n");
	char *lock, *after, *link;
	civil_error_t err = CIVIL_ERROR_INIT;

	ck_assert_int_eq(civil_config_file_set(path, "a.k", "v", &err),
			 CIVIL_STATUS_UNSUPPORTED);
	ck_assert(strstr(err.message, "line 1"));
	civil_error_clear(&err);
	after = slurp(path);
	ck_assert_str_eq(after, "[core] bare = true\n[a]\n");
	free(after);
	ck_assert_int_eq(civil_config_file_set(path, "nodot", "v", &err),
			 CIVIL_STATUS_USAGE);
	civil_error_clear(&err);
	ck_assert_int_eq(civil_config_file_set(path, "a.1k", "v", &err),
			 CIVIL_STATUS_USAGE);
	civil_error_clear(&err);
	free(path);

	/* git's lock held: nothing written. */
	path = file_in(dir, "locked", "[a]\n");
	lock = file_in(dir, "locked.lock", "");
	ck_assert_int_eq(civil_config_file_set(path, "a.k", "v", &err),
			 CIVIL_STATUS_FILE_ERROR);
	civil_error_clear(&err);
	unlink(lock);
	after = slurp(path);
	ck_assert_str_eq(after, "[a]\n");
	free(after);

	/* A link is written through, keeping the file's mode. */
	link = file_in(dir, "link", NULL);
	ck_assert_int_eq(symlink(path, link), 0);
	chmod(path, 0600);
	ck_assert_int_eq(civil_config_file_set(link, "a.k", "v", NULL), 0);
	after = slurp(path);
	ck_assert_str_eq(after, "[a]\n\tk = v\n");
	{
		struct stat sb;

		ck_assert_int_eq(lstat(link, &sb), 0);
		ck_assert(S_ISLNK(sb.st_mode));
		ck_assert_int_eq(stat(path, &sb), 0);
		ck_assert_int_eq(sb.st_mode & 0777, 0600);
	}
	free(after);
	free(link);
	free(lock);
	free(path);
}
END_TEST

Suite *suite_config_write(void)
{
	Suite *s = suite_create("config_write");
	TCase *tc = tcase_create("config_write");

	tcase_add_test(tc, values_read_back);
	tcase_add_test(tc, in_and_out_leaves_the_file);
	tcase_add_test(tc, written_as_git_writes);
	tcase_add_test(tc, every_line_of_a_key);
	tcase_add_test(tc, refused);
	suite_add_tcase(s, tc);
	return s;
}
