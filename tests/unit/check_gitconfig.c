// SPDX-License-Identifier: GPL-2.0-or-later
/* util/gitconfig.c: civil's own git config files, read back by git
 * itself; the include line added to and taken from a user's file; git's
 * lock. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

static char *path_in(const char *dir, const char *name)
{
	struct civil_buf path = CIVIL_BUF_INIT;

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

static void write_file(const char *path, const char *text, size_t len)
{
	civil_lock_t lk;
	struct civil_buf old = CIVIL_BUF_INIT;
	bool exists;

	ck_assert_int_eq(civil_lock_take(&lk, path, NULL), 0);
	ck_assert_int_eq(civil_lock_read(&lk, &old, &exists, NULL), 0);
	ck_assert_int_eq(civil_lock_commit(&lk, text, len, NULL), 0);
	civil_buf_release(&old);
}

START_TEST(values_read_back_by_git)
{
	static const char *values[] = {
		"plain",
		"say \"hi\"",
		"back\\slash",
		"hash # not a comment",
		"semi ; not a comment",
		" leading space",
		"trailing space ",
		"tab\there",
		"line\nbreak",
		"carriage\rreturn",
		"ends in CR\r",
		"\r",
		"",
		"'single' and \"double\"",
		"runs  of   spaces",
		"\\n not a line break",
		"\b\v\f\x1b control",
		"caf\xc3\xa9 \xff bytes",
	};
	const char *dir = unit_tmpdir();
	char *path = path_in(dir, "git.inc");
	civil_gitconfig_t c = { 0 }, back;
	struct civil_buf text = CIVIL_BUF_INIT, key = CIVIL_BUF_INIT;

	c.comment = civil_xstrdup("civil's own\n--b4 civil.v0\n");
	for (size_t i = 0; i < sizeof(values) / sizeof(*values); i++) {
		civil_buf_reset(&key);
		civil_buf_addf(&key, "civil.v%zu", i);
		ck_assert_int_eq(
			civil_gitconfig_set(&c, key.buf, values[i], NULL), 0);
	}
	ck_assert_int_eq(civil_gitconfig_set(&c,
					     "sendemail.my \"id\\.smtpServer",
					     "/x", NULL),
			 0);
	civil_gitconfig_write(&c, &text);
	write_file(path, text.buf, text.len);
	for (size_t i = 0; i < sizeof(values) / sizeof(*values); i++) {
		char *got;

		civil_buf_reset(&key);
		civil_buf_addf(&key, "civil.v%zu", i);
		got = git_get(path, key.buf);
		ck_assert_msg(got && !strcmp(got, values[i]),
			      "git reads back '%s' for '%s'",
			      got ? got : "(nothing)", values[i]);
		free(got);
	}
	{
		char *got = git_get(path, "sendemail.my \"id\\.smtpserver");

		ck_assert_str_eq(got, "/x");
		free(got);
	}
	/* and civil reads back its own file */
	ck_assert_int_eq(
		civil_gitconfig_parse(&back, path, text.buf, text.len, NULL),
		0);
	ck_assert_uint_eq(back.n, c.n);
	ck_assert_str_eq(back.comment, c.comment);
	for (size_t i = 0; i < c.n; i++)
		ck_assert_str_eq(civil_gitconfig_get(&back, c.keys[i]),
				 c.values[i]);
	civil_gitconfig_release(&back);
	civil_gitconfig_release(&c);
	civil_buf_release(&text);
	civil_buf_release(&key);
	free(path);
}
END_TEST

START_TEST(own_file_changed_by_hand_is_refused)
{
	static const char *bad[] = {
		"[civil]\n\tsendmail = x\n\n",	    /* a blank line */
		"[civil]\n\tsendmail = x",	    /* no last break */
		"[civil]\n\tsendmail = x ; mine\n", /* a comment */
		"[civil]\n    sendmail = x\n",	    /* spacing */
		"[civil]\n\tsendmail = x\n[civil]\n\trepository = y\n",
		"\tsendmail = x\n",	       /* no section */
		"[civil]\n\tsendmail = \"x\n", /* open quote */
	};
	civil_gitconfig_t c;
	civil_error_t err = CIVIL_ERROR_INIT;

	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		ck_assert_int_eq(civil_gitconfig_parse(&c, "f", bad[i],
						       strlen(bad[i]), &err),
				 CIVIL_STATUS_CONFIG_ERROR);
		ck_assert_str_eq(err.message,
				 "'f' is not as civil-install writes it "
				 "(changed by hand?)");
		civil_error_clear(&err);
		ck_assert_uint_eq(c.n, 0);
	}
}
END_TEST

START_TEST(keys_as_git_compares_them)
{
	civil_gitconfig_t c = { 0 };

	ck_assert_int_eq(
		civil_gitconfig_set(&c, "sendemail.Work.smtpServer", "a", NULL),
		0);
	ck_assert_str_eq(civil_gitconfig_get(&c, "SENDEMAIL.Work.SMTPSERVER"),
			 "a");
	ck_assert_ptr_null(
		civil_gitconfig_get(&c, "sendemail.work.smtpserver"));
	ck_assert_int_eq(civil_gitconfig_set(&c, "nodot", "a", NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_int_eq(civil_gitconfig_set(&c, "a.1b", "a", NULL),
			 CIVIL_STATUS_USAGE);
	ck_assert_int_eq(civil_gitconfig_set(&c, "sendemail.work.smtpserver",
					     NULL, NULL),
			 0);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_int_eq(civil_gitconfig_set(&c, "sendemail.Work.smtpserver",
					     NULL, NULL),
			 0);
	ck_assert_uint_eq(c.n, 0);
	civil_gitconfig_release(&c);
}
END_TEST

/* What users have: comments (inline too), odd spacing and key spelling,
 * an empty section with its comment, an include of their own, CRLF, no
 * last line break, nothing at all. */
static const char *const user_files[] = {
	"# my config\n"
	"[user]\n"
	"  name = A U Thor   ; trailing comment\n"
	"\tEMAIL = \"a#b@example.org\"\n"
	"[sendemail]\n"
	"\tsmtpServer = /usr/bin/msmtp ; via msmtp\n"
	"# work account\n"
	"[sendemail \"work\"]\n"
	"\tsmtpserver=/usr/bin/msmtp\n"
	"[civil]\n"
	"\t# nothing here yet\n"
	"[include]\n"
	"\tpath = ~/.gitconfig.local\n",
	"[core]\n\tpager = less",
	"[core]\r\n\tpager = less\r\n",
	"[include]\n\tpath = a\n",
	"\n",
	"",
};

START_TEST(include_added_and_taken_away_byte_for_byte)
{
	const char *inc = "~/.config/civil/git.inc";

	for (size_t i = 0; i < sizeof(user_files) / sizeof(*user_files); i++) {
		const char *t = user_files[i];
		struct civil_buf added = CIVIL_BUF_INIT, back = CIVIL_BUF_INIT;
		bool made = true;

		civil_gitconfig_include_add(&added, t, strlen(t), inc, false);
		ck_assert(!strncmp(added.buf, t, strlen(t)));
		ck_assert(
			civil_gitconfig_include_has(added.buf, added.len, inc));
		ck_assert(civil_gitconfig_include_remove(
			&back, added.buf, added.len, inc, &made));
		ck_assert_msg(!strcmp(back.buf ? back.buf : "", t),
			      "file %zu came back as '%s'", i, back.buf);
		ck_assert(!made);
		civil_buf_release(&added);
		civil_buf_release(&back);
	}
}
END_TEST

START_TEST(include_comes_last_for_git)
{
	const char *dir = unit_tmpdir();
	char *user = path_in(dir, "gitconfig"), *own = path_in(dir, "own.inc");
	struct civil_buf added = CIVIL_BUF_INIT;
	char *got;

	unit_write(dir, "own.inc", "[sendemail]\n\tsmtpServer = /civil\n");
	civil_gitconfig_include_add(&added, user_files[0],
				    strlen(user_files[0]), own, false);
	write_file(user, added.buf, added.len);
	{
		const char *argv[] = { "git",
				       "config",
				       "--file",
				       user,
				       "--includes",
				       "--get",
				       "sendemail.smtpServer",
				       NULL };
		struct civil_buf out = CIVIL_BUF_INIT;
		int status = -1;

		ck_assert_int_eq(civil_run_quiet(argv, NULL, NULL, 0, &out,
						 &status, NULL),
				 0);
		ck_assert_str_eq(out.buf, "/civil\n");
		civil_buf_release(&out);
	}
	got = git_get(user, "include.path");
	ck_assert_str_eq(got, own);
	free(got);
	civil_buf_release(&added);
	free(user);
	free(own);
}
END_TEST

START_TEST(include_of_a_file_civil_made)
{
	struct civil_buf added = CIVIL_BUF_INIT, back = CIVIL_BUF_INIT;
	struct civil_buf more = CIVIL_BUF_INIT, back2 = CIVIL_BUF_INIT;
	bool made = false;

	civil_gitconfig_include_add(&added, "", 0, "x.inc", true);
	ck_assert(!strncmp(added.buf, "# made by civil-install", 23));
	ck_assert(civil_gitconfig_include_remove(&back, added.buf, added.len,
						 "x.inc", &made));
	ck_assert(made);
	ck_assert_uint_eq(back.len, 0);
	/* The user set something there since: the file stays, with only
	 * what they set. */
	civil_buf_add(&more, added.buf, added.len);
	civil_buf_adds(&more, "[user]\n\tname = Me\n");
	ck_assert(civil_gitconfig_include_remove(&back2, more.buf, more.len,
						 "x.inc", &made));
	ck_assert(!made);
	ck_assert_str_eq(back2.buf, "[user]\n\tname = Me\n");
	civil_buf_release(&added);
	civil_buf_release(&back);
	civil_buf_release(&more);
	civil_buf_release(&back2);
}
END_TEST

START_TEST(include_header_stays_for_an_entry_of_the_users)
{
	/* git config --add include.path mine, after civil's include: git
	 * put it in civil's [include] section. */
	const char *t = "[core]\n\tx = 1\n[include]\n\tpath = c.inc\n"
			"\tpath = mine\n";
	struct civil_buf back = CIVIL_BUF_INIT;

	ck_assert(civil_gitconfig_include_remove(&back, t, strlen(t), "c.inc",
						 NULL));
	ck_assert_str_eq(back.buf,
			 "[core]\n\tx = 1\n[include]\n\tpath = mine\n");
	civil_buf_release(&back);
	ck_assert(!civil_gitconfig_include_remove(&back, "[a]\n", 4, "c.inc",
						  NULL));
	civil_buf_release(&back);
}
END_TEST

START_TEST(lock_before_reading_and_through_links)
{
	const char *dir = unit_tmpdir();
	char *link = path_in(dir, "gitconfig"), *target = path_in(dir, "dots");
	char *lock = path_in(dir, "dots.lock");
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_lock_t lk, other;
	struct stat sb;
	bool exists = true;
	char *text;

	/* A dangling link: the file it names is made, the link stays. */
	ck_assert_int_eq(symlink("dots", link), 0);
	ck_assert_int_eq(civil_lock_take(&lk, link, NULL), 0);
	ck_assert_int_eq(access(lock, F_OK), 0);
	/* Held: nobody else, git included, writes it meanwhile. */
	ck_assert_int_eq(civil_lock_take(&other, link, &err),
			 CIVIL_STATUS_FILE_ERROR);
	ck_assert(strstr(err.message, "can't lock"));
	civil_error_clear(&err);
	ck_assert_int_eq(civil_lock_read(&lk, &b, &exists, NULL), 0);
	ck_assert(!exists);
	ck_assert_int_eq(civil_lock_commit(&lk, "[a]\n\tb = c\n", 12, NULL), 0);
	ck_assert_int_eq(lstat(link, &sb), 0);
	ck_assert(S_ISLNK(sb.st_mode));
	text = slurp(target);
	ck_assert_str_eq(text, "[a]\n\tb = c\n");
	free(text);
	ck_assert_int_eq(access(lock, F_OK), -1);
	/* The mode is kept. */
	ck_assert_int_eq(chmod(target, 0600), 0);
	write_file(link, "[a]\n", 4);
	ck_assert_int_eq(stat(target, &sb), 0);
	ck_assert_uint_eq(sb.st_mode & 0777, 0600);
	/* Released: the file as it was, no lock left. */
	ck_assert_int_eq(civil_lock_take(&lk, link, NULL), 0);
	civil_lock_release(&lk);
	ck_assert_int_eq(access(lock, F_OK), -1);
	/* Deleted: the link dangles again, as before. */
	ck_assert_int_eq(civil_lock_take(&lk, link, NULL), 0);
	ck_assert_int_eq(civil_lock_delete(&lk, NULL), 0);
	ck_assert_int_eq(access(target, F_OK), -1);
	ck_assert_int_eq(lstat(link, &sb), 0);
	civil_buf_release(&b);
	free(link);
	free(target);
	free(lock);
}
END_TEST

Suite *suite_gitconfig(void)
{
	Suite *s = suite_create("gitconfig");
	TCase *tc = tcase_create("gitconfig");

	tcase_add_test(tc, values_read_back_by_git);
	tcase_add_test(tc, own_file_changed_by_hand_is_refused);
	tcase_add_test(tc, keys_as_git_compares_them);
	tcase_add_test(tc, include_added_and_taken_away_byte_for_byte);
	tcase_add_test(tc, include_comes_last_for_git);
	tcase_add_test(tc, include_of_a_file_civil_made);
	tcase_add_test(tc, include_header_stays_for_an_entry_of_the_users);
	tcase_add_test(tc, lock_before_reading_and_through_links);
	suite_add_tcase(s, tc);
	return s;
}
