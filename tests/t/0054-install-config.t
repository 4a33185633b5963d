#!/bin/sh
# civil-install keeps what it sets in a file of its own
# (~/.config/civil/git.inc), pulled in by one include at the end of the
# user's git config: git reads back exactly the values it wrote (a '"',
# '\', '#', ';', a tab, runs of spaces, a CR), git's last value is the
# one civil wraps, a git config that writes meanwhile is never undone, a
# config git can't read is never guessed at, a dotfiles link is written
# through, an older civil-install's records are moved out, and
# --uninstall gives back the very file there was, byte for byte, or no
# file when there was none.
. "$(dirname "$0")/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client "git send-email" 'git send-email --dump-aliases'

make_kernel_repo linux
cd linux
# civil's shim beside its own settings (hooks/civil-sendmail), which runs
# civil-sendmail: what b4 and git send-email are given.
OURS="$HOME/.config/civil/civil-sendmail"
OWN="$HOME/.config/civil/git.inc"
write_review review.eml

# q WORD - WORD quoted for the shell as civil-install quotes it.
q() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# send - git send-email of the review, with what the config says.
send() {
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid review.eml
}

# b4 (0.12 here) reads no sendmailCmd: civil-install says so, status 1.
install_b4() {
	civil-install --b4 >out 2>err
	test $? -le 1
}

# fresh - the user's settings as they were before any test: each test
# starts from them, whatever the one before left.
fresh() {
	rm -f "$HOME/.gitconfig" &&
	cp "$TEST_DIR/linux/gitconfig.before" "$HOME/.gitconfig" &&
	rm -rf "$HOME/.config/civil"
}

# starts_with FILE PREFIX-FILE - FILE begins with the bytes of PREFIX-FILE.
starts_with() {
	head -c "$(wc -c <"$2")" "$1" | cmp - "$2"
}

# (No backslash in an argument: the fake sendmail's echo would read it.)
CMD=$(printf "%s --via-'a\"b#d;e\tf  g' --it\\\\'s" "$TEST_DIR/fake.sendmail")
# The user's own lines first: a comment, odd spacing, a value continued
# on a second line, a quoted '#'; then the command, as git writes it.
cat >>"$HOME/.gitconfig" <<\EOF
# my own settings
[alias]
    lg = log \
	  --oneline   ; short
[core]
	pager = "less # not a comment"
EOF
git config --global sendemail.sendmailCmd "$CMD"
cp "$HOME/.gitconfig" gitconfig.before

test_expect_success 'git reads back what civil-install --b4 wrote, exactly; the user'"'"'s file gains one include' '
	test "$(git config --get sendemail.sendmailCmd)" = "$CMD" &&
	install_b4 &&
	grep "^civil-install: sendemail.sendmailCmd (" out &&
	git config --list >/dev/null &&
	test "$(git config --get sendemail.sendmailCmd)" = "$(q "$OURS") --sendmail=$(q "$CMD")" &&
	test "$(git config --file "$OWN" --get sendemail.sendmailCmd)" = "$(q "$OURS") --sendmail=$(q "$CMD")" &&
	starts_with "$HOME/.gitconfig" gitconfig.before &&
	tail -c +$(($(wc -c <gitconfig.before) + 1)) "$HOME/.gitconfig" >added &&
	printf "[include]\n\tpath = ~/.config/civil/git.inc\n" >expect &&
	test_cmp expect added &&
	test "$(git config --get alias.lg)" = "log    --oneline" &&
	test "$(git config --get core.pager)" = "less # not a comment"
'

test_expect_success 'the mail goes to the command it named, arguments intact' '
	reset_sent &&
	send &&
	printf "!--via-a\"b#d;e\tf  g!\n!--it'"'"'s!\n" >expect &&
	head -n 2 "$SENT/argv1" >actual &&
	cmp expect actual &&
	grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'installing again changes nothing; --uninstall gives back the file' '
	cp "$HOME/.gitconfig" installed && cp "$OWN" own.installed &&
	install_b4 &&
	cmp installed "$HOME/.gitconfig" && cmp own.installed "$OWN" &&
	civil-install --b4 --uninstall >out &&
	cmp gitconfig.before "$HOME/.gitconfig" &&
	test ! -e "$OWN"
'

# Issue 23 item 3: git config exits 128 (a bad line in an included file,
# an include cycle, a bad line of the user's own): civil takes that for
# "nothing set" never, changes nothing, and says what git said.
test_expect_success 'a config git can'"'"'t read: git'"'"'s complaint said, nothing changed' '
	fresh &&
	for bad in "[core] x = \"open" "[include]	path = cycle.inc" \
		"[sendemail]	smtp Server = x"; do
		printf "%s\n" "$bad" | tr "\t" "\n" >"$HOME/included.inc" &&
		printf "[include]\n\tpath = included.inc\n" >"$HOME/cycle.inc" &&
		cp gitconfig.before "$HOME/.gitconfig" &&
		printf "[sendemail]\n\tsmtpServer = %s\n[include]\n\tpath = ~/included.inc\n" \
			"$TEST_DIR/fake.sendmail" >>"$HOME/.gitconfig" &&
		cp "$HOME/.gitconfig" bad.before &&
		git config --list >/dev/null 2>git.err;
		test -s git.err &&
		test_expect_code 1 civil-install --b4 >out 2>err &&
		grep "^civil-install: git can.t read its config here, so civil changes nothing: " err &&
		grep -F "$(head -n 1 git.err)" err &&
		cmp bad.before "$HOME/.gitconfig" &&
		test ! -e "$OWN" &&
		test_expect_code 1 civil-install --b4 --uninstall >out 2>&1 &&
		cmp bad.before "$HOME/.gitconfig" || return 1
	done &&
	cp gitconfig.before "$HOME/.gitconfig"
'

# Issue 23 item 2: two smtpServer lines; git uses the last.
test_expect_success 'a key set twice: civil hands mail to the one git uses' '
	fresh &&
	cat >>"$HOME/.gitconfig" <<-EOF &&
	[sendemail]
		smtpServer = /usr/sbin/stale-sendmail
		smtpServer = $TEST_DIR/fake.sendmail
	EOF
	git config --global --unset sendemail.sendmailCmd &&
	cp "$HOME/.gitconfig" twice.before &&
	install_b4 &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/fake.sendmail." out &&
	test "$(git config civil.sendmail)" = "$TEST_DIR/fake.sendmail" &&
	reset_sent && send &&
	test $(sent_count) -eq 1 &&
	civil-install --b4 --uninstall >out &&
	cmp twice.before "$HOME/.gitconfig" &&
	test "$(git config sendemail.smtpServer)" = "$TEST_DIR/fake.sendmail" &&
	cp gitconfig.before "$HOME/.gitconfig"
'

# Issue 23 item 4: git 2.39.5 quotes a value with a CR in it (since
# CVE-2025-48384); unquoted, git would read it back without the CR.
test_expect_success 'a value git would read back otherwise (a CR): quoted as git quotes it' '
	fresh &&
	cr=$(printf "%s/cr.sendmail\r" "$TEST_DIR") &&
	cp "$TEST_DIR/fake.sendmail" "$cr" &&
	git config --global --unset sendemail.sendmailCmd &&
	git config --global sendemail.smtpServer "$cr" &&
	install_b4 &&
	git config --null civil.sendmail >got &&
	printf "%s\0" "$cr" >expect &&
	cmp expect got &&
	reset_sent && send &&
	test $(sent_count) -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	cp gitconfig.before "$HOME/.gitconfig"
'

# Issue 23 item 1: git takes FILE.lock before it reads; so does civil.  A
# git config that writes the file just before civil takes the lock is
# read, not undone by civil's rename.  (The shim runs a command when a
# program first creates a lock file with that name.)
cat >before-lock.c <<\EOF
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void before(const char *path, int flags)
{
	const char *want = getenv("CIVIL_TEST_LOCK");
	const char *cmd = getenv("CIVIL_TEST_BEFORE_LOCK");
	size_t n = strlen(path), w = want ? strlen(want) : 0;

	if (!cmd || !w || !(flags & O_EXCL) || n < w ||
	    strcmp(path + n - w, want))
		return;
	cmd = strdup(cmd);
	unsetenv("CIVIL_TEST_BEFORE_LOCK");
	unsetenv("LD_PRELOAD");
	system(cmd);
}

#define WRAP(name, ...)                                                \
	int name(__VA_ARGS__)                                          \
	{                                                              \
		static int (*real)();                                  \
		va_list ap;                                            \
		int mode = 0;                                          \
		if (!real)                                             \
			real = (int (*)())dlsym(RTLD_NEXT, #name);     \
		va_start(ap, flags);                                   \
		if (flags & O_CREAT)                                   \
			mode = va_arg(ap, int);                        \
		va_end(ap);                                            \
		before(path, flags);                                   \
		return ARGS;                                           \
	}
#define ARGS real(path, flags, mode)
WRAP(open, const char *path, int flags, ...)
WRAP(open64, const char *path, int flags, ...)
#undef ARGS
#define ARGS real(dirfd, path, flags, mode)
WRAP(openat, int dirfd, const char *path, int flags, ...)
WRAP(openat64, int dirfd, const char *path, int flags, ...)
EOF

test_expect_success 'no lost update: a git config writing just before civil takes the lock is kept' '
	fresh &&
	cc -shared -fPIC -o before-lock.so before-lock.c -ldl &&
	git config --global sendemail.smtpServer "$TEST_DIR/fake.sendmail" &&
	git config --global --unset sendemail.sendmailCmd &&
	{
		env LD_PRELOAD="$PWD/before-lock.so" \
			ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
			CIVIL_TEST_LOCK=.gitconfig.lock \
			CIVIL_TEST_BEFORE_LOCK="git config --global alias.co checkout" \
			civil-install --b4 >out 2>err
		test $? -le 1
	} &&
	test "$(git config --global alias.co)" = checkout &&
	git config --global --unset alias.co &&
	civil-install --b4 --uninstall >/dev/null &&
	cp gitconfig.before "$HOME/.gitconfig"
'

# Issue 23 item 5: a dotfiles link whose file is not there yet.
test_expect_success 'a dangling ~/.gitconfig link is written through, and dangles again after' '
	fresh &&
	mv "$HOME/.gitconfig" saved.gitconfig &&
	mkdir -p "$HOME/dotfiles" &&
	ln -s dotfiles/gitconfig "$HOME/.gitconfig" &&
	civil-install --sendmail >out &&
	test -L "$HOME/.gitconfig" &&
	test -f "$HOME/dotfiles/gitconfig" &&
	test "$(git config --global include.path)" = "~/.config/civil/git.inc" &&
	test -n "$(git config civil.sendmail)" &&
	civil-install --sendmail --uninstall >out &&
	test -L "$HOME/.gitconfig" &&
	test ! -e "$HOME/dotfiles/gitconfig" &&
	rm "$HOME/.gitconfig" &&
	mv saved.gitconfig "$HOME/.gitconfig"
'

# Issue 23 item 6: what uninstall must give back.
test_expect_success 'uninstall gives back the file byte for byte: comments, spacing, spelling, an empty section, no last line break' '
	fresh &&
	printf "# my settings\n[user]\n    name = Re Viewer   # work account\n\temail = reviewer@kernel-test.invalid\n[sendemail]\n\tsmtpserver=%s ; via msmtp\n[sendemail \"Work\"]\n  SMTPSERVER   =  %s\n[civil]\n\t# nothing here yet\n[include]\n\tpath = ~/.gitconfig.local" \
		"$TEST_DIR/fake.sendmail" "$TEST_DIR/fake.sendmail" >"$HOME/.gitconfig" &&
	printf "[alias]\n\tst = status\n" >"$HOME/.gitconfig.local" &&
	cp "$HOME/.gitconfig" odd.before &&
	install_b4 && civil-install --sendmail >/dev/null &&
	test "$(git config sendemail.smtpServer)" = "$OURS" &&
	test "$(git config sendemail.Work.smtpServer)" = "$OURS" &&
	test "$(git config alias.st)" = status &&
	reset_sent && send && test $(sent_count) -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	civil-install --sendmail --uninstall >/dev/null &&
	cmp odd.before "$HOME/.gitconfig"
'

test_expect_success 'no ~/.gitconfig before: none after' '
	fresh &&
	mv "$HOME/.gitconfig" saved.gitconfig &&
	civil-install --sendmail >out &&
	test -n "$(git config civil.sendmail)" &&
	civil-install --sendmail --uninstall >out &&
	test ! -e "$HOME/.gitconfig" &&
	test ! -e "$HOME/.config/civil" &&
	mv saved.gitconfig "$HOME/.gitconfig"
'

# Issue 25 item 6: what an older civil-install wrote, in the user's file
# (its undo records beside each setting), moves out cleanly.
test_expect_success 'upgrading from an older civil-install: its records put back, then the very file there was' '
	fresh &&
	cp gitconfig.before "$HOME/.gitconfig" &&
	git config --global --unset sendemail.sendmailCmd &&
	printf "[sendemail]\n\tsmtpServer = %s\n" "$TEST_DIR/fake.sendmail" >>"$HOME/.gitconfig" &&
	cp "$HOME/.gitconfig" old.before &&
	cat >>"$HOME/.gitconfig" <<-EOF &&
	[civil-install "civil.sendmail"]
		was = (unset)
		set = $TEST_DIR/fake.sendmail
	[civil]
		sendmail = $TEST_DIR/fake.sendmail
	[civil-install "sendemail.smtpServer"]
		was = $TEST_DIR/fake.sendmail
		set = /opt/old/bin/civil-sendmail
	EOF
	sed -i "s|^\tsmtpServer = $TEST_DIR/fake.sendmail|\tsmtpServer = /opt/old/bin/civil-sendmail|" "$HOME/.gitconfig" &&
	install_b4 &&
	grep -x "civil-install: sendemail.smtpServer in .$HOME/.gitconfig. is as it was before an older civil-install changed it" out &&
	! git config --get-regexp "^civil-install\\." &&
	test "$(git config sendemail.smtpServer)" = "$OURS" &&
	test "$(git config civil.sendmail)" = "$TEST_DIR/fake.sendmail" &&
	starts_with "$HOME/.gitconfig" old.before &&
	reset_sent && send && test $(sent_count) -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	cmp old.before "$HOME/.gitconfig"
'

test_expect_success 'civil'"'"'s own file changed by hand: said, nothing changed' '
	fresh &&
	install_b4 &&
	echo "	mine = 1" >>"$OWN" &&
	cp "$OWN" own.before && cp "$HOME/.gitconfig" user.before &&
	test_expect_code 1 civil-install --b4 --uninstall >out 2>err &&
	grep -x "civil-install: .$OWN. is not as civil-install writes it (changed by hand?); move your own settings out of it, remove it, and run civil-install again" err &&
	cmp own.before "$OWN" && cmp user.before "$HOME/.gitconfig"
'

# Issue 31 item 4: the user's last line continued with a backslash would
# carry civil's include into its value (user.name "Me[include]", the From:
# of every mail, and civil's file never read).  Refused in one line, each
# file as it was, git as the oracle; with or without its last line break,
# the global config (--sendmail, --b4) and a tree's (--b4).
test_expect_success 'a last line continued with a backslash: refused in one line, nothing git reads changed' '
	fresh &&
	for end in "\134\n" "\134"; do
		cp gitconfig.before "$HOME/.gitconfig" &&
		printf "[user]\n\tname = Me$end" >>"$HOME/.gitconfig" &&
		cp "$HOME/.gitconfig" cont.before &&
		git config --global --list >list.before &&
		grep -x "user.name=Me" list.before &&
		for piece in --sendmail --b4; do
			test_expect_code 1 civil-install $piece >out 2>err &&
			grep -x "civil-install: not adding civil.s include to .~/.gitconfig.: its last line ends in .\\\\., which would carry the include into that value; end the line, and run civil-install again" err &&
			cmp cont.before "$HOME/.gitconfig" &&
			git config --global --list >list.after &&
			test_cmp list.before list.after || return 1
		done || return 1
	done &&
	cp gitconfig.before "$HOME/.gitconfig" &&
	cp .git/config repo.config &&
	printf "[sendemail]\n\tsmtpServer = %s\n[user]\n\tname = Me\134\n" \
		"$TEST_DIR/fake.sendmail" >>.git/config &&
	cp .git/config cont.before &&
	git config --local --list >list.before &&
	test_expect_code 1 civil-install --b4 >out 2>err &&
	grep -x "civil-install: not adding civil.s include to .$TEST_DIR/linux/.git/config.: its last line ends in .\\\\., which would carry the include into that value; end the line, and run civil-install again" err &&
	cmp cont.before .git/config &&
	git config --local --list >list.after &&
	test_cmp list.before list.after &&
	test "$(git config user.name)" = Me &&
	cp repo.config .git/config &&
	civil-install --b4 --uninstall >out 2>&1 &&
	cmp repo.config .git/config &&
	test ! -e .git/civil.inc &&
	cmp gitconfig.before "$HOME/.gitconfig"
'

test_done
