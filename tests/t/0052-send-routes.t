#!/bin/sh
# civil-install --b4 in front of every way git send-email and b4 pick a
# sendmail: sendemail.sendmailCmd (a shell command line), smtpServer (a
# program, or an SMTP server: civil-sendmail --smtp, 0056-smtp.t), identities,
# smtpServerOption, a tree's own config.  civil's settings live in its own
# file, read after the user's (git's last value wins, identities
# included); --uninstall gives back the very files there were.  The
# "real" sendmails record what they get.
. "$(dirname "$0")/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client "git send-email" 'git send-email --dump-aliases'

make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)
# What b4 and git send-email are given: civil's shim beside civil's own
# settings (hooks/civil-sendmail), which runs civil-sendmail; a tree's
# beside that tree's (issue 30 item 3).
OURS="$HOME/.config/civil/civil-sendmail"
OURS_REPO="$TEST_DIR/linux/.git/civil-sendmail"

write_review review.eml
git format-patch -q -1 -o series

# Two more "real" sendmails, each a program of its own that says which
# one it is before what it was given.
for name in work other; do
	write_script "$TEST_DIR/$name.sendmail" <<-EOS
	exec "$TEST_DIR/fake.sendmail" --via-$name "\$@"
	EOS
done

# send FILE [ARGS] - git send-email with no sendmail of its own: what the
# config says is what is used.
send() {
	_f=$1
	shift
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid "$@" "$_f"
}

# argv N - what the real sendmail got, on one line.
argv() {
	tr '\n' ' ' <"$SENT/argv$1"
}

# A program for everyone, its options for one identity (how msmtp
# accounts are chosen), a command line for another.
cat >>"$HOME/.gitconfig" <<EOF
[sendemail]
	confirm = always
	smtpServer = $TEST_DIR/work.sendmail
	smtpServerOption = -X
	smtpServerOption = opt-base
[sendemail "work"]
	smtpServerOption = --account=work
[sendemail "relay"]
	sendmailCmd = $TEST_DIR/other.sendmail 2>/dev/null
EOF
cp "$HOME/.gitconfig" gitconfig.before

test_expect_success 'without civil: what each identity sends through' '
	reset_sent &&
	send review.eml &&
	send review.eml --identity=work &&
	send review.eml --identity=relay &&
	for n in 1 2 3; do argv $n >before.argv$n || return 1; done &&
	grep "^!--via-work! !-X! !opt-base! !-i! " before.argv1 &&
	grep "^!--via-work! !--account=work! !-i! " before.argv2 &&
	grep "^!--via-other! !-X! !opt-base! !-i! " before.argv3 &&
	test $(cat "$SENT"/msg* | count_lines "^Reviewed under" -) -eq 0
'

test_expect_success 'civil-install --b4: every sendmailCmd and smtpServer program, in its file' '
	civil-install --b4 >out 2>err &&
	test ! -s err &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/work.sendmail." out &&
	grep -x "civil-install: sendemail.relay.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/other.sendmail 2>/dev/null." out &&
	grep -x "civil-install: b4 and git send-email send through civil-sendmail with every identity: none, .work., .relay." out &&
	test "$(git config sendemail.smtpServer)" = "$OURS" &&
	test "$(git config civil.sendmail)" = "$TEST_DIR/work.sendmail" &&
	git config sendemail.relay.sendmailCmd | grep "^.$OURS. --sendmail=" &&
	grep -x "civil-install: outside any tree, mail names the code of .$PWD. (civil.repository, in .~/.config/civil/git.inc.)" out &&
	test "$(git config civil.repository)" = "$PWD"
'

test_expect_success 'git send-email: each identity reaches its own sendmail with the same arguments, the reminder once' '
	reset_sent &&
	send review.eml &&
	send review.eml --identity=work &&
	send review.eml --identity=relay &&
	git -c sendemail.identity=work send-email --quiet --confirm=never \
		--no-annotate --suppress-cc=all --to=list@kernel-test.invalid \
		--from="Re Viewer <reviewer@kernel-test.invalid>" review.eml &&
	for n in 1 2 3; do
		argv $n >after.argv$n &&
		test_cmp before.argv$n after.argv$n &&
		test $(count_lines "^$REMINDER\$" "$SENT/msg$n") -eq 1 || return 1
	done &&
	argv 4 | grep "^!--via-work! !--account=work! !-i! "
'

test_expect_success 'a patch and a signed review go out byte for byte' '
	reset_sent &&
	send series/0001-*.patch --from="A U Thor <author@kernel-test.invalid>" &&
	body series/0001-*.patch >expect && body "$SENT/msg1" >actual &&
	test_cmp expect actual &&
	sed "s/^Subject:/X-Developer-Signature: v=1; a=ed25519-sha256; b=AAAA\n&/" review.eml >signed.eml &&
	send signed.eml --identity=relay &&
	body signed.eml >expect && body "$SENT/msg2" >actual &&
	test_cmp expect actual &&
	! grep "^Reviewed under" "$SENT/msg2"
'

test_expect_success 'git send-email --sendmail-cmd: civil-sendmail --sendmail= in front of any command' '
	reset_sent &&
	send review.eml --sendmail-cmd="civil-sendmail --sendmail=\"$TEST_DIR/other.sendmail -v\"" &&
	argv 1 | grep "^!--via-other! !-v! !-X! !opt-base! !-i! " &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

# b4 0.16 (__init__.py, get_sendemail_localcmd and get_smtp) takes
# sendmailCmd, else an smtpServer with a "/", from sendemail.<identity>.*
# over sendemail.*; splits it with Python's shlex (posix, whitespace
# only: no shell) after expanding ~ and $VARS; adds -i unless there, then
# -f ENVELOPE when envelopeSender is set, then every smtpServerOption, then
# the recipients.  Debian 12 has b4 0.12, and 0.16 needs modules Debian
# lacks; this runs what civil-install wrote exactly the way 0.16 does.
cat >"$TEST_DIR/b4-016-send.py" <<'EOF'
import os, shlex, subprocess, sys

def cfg(regex):
    out = subprocess.run(['git', 'config', '-z', '--get-regexp', regex],
                         capture_output=True, text=True).stdout
    got = {}
    for rec in out.split('\0'):
        if rec:
            key, _, val = rec.partition('\n')
            name = key.rsplit('.', 1)[1]
            got.setdefault(name, []).append(val)
    return got

identity = sys.argv[1]
conf = {k: v for k, v in cfg(r'sendemail\.[^.]+$').items()}
if identity:
    conf.update(cfg(r'sendemail\.%s\..*' % identity))
cmd = conf.get('sendmailcmd', [None])[-1]
if not cmd:
    server = conf.get('smtpserver', [''])[-1]
    cmd = server if '/' in server else None
if not cmd:
    sys.exit('b4 would talk SMTP')
sp = shlex.shlex(os.path.expanduser(os.path.expandvars(cmd)), posix=True)
sp.whitespace_split = True
argv = list(sp)
if '-i' not in argv:
    argv.append('-i')
argv += conf.get('smtpserveroption', [])
argv += sys.argv[2:]
sys.exit(subprocess.run(argv, stdin=sys.stdin).returncode)
EOF

test_expect_success 'b4 0.16'"'"'s way of running sendmailCmd (shlex, no shell): same sendmails, the reminder once' '
	reset_sent &&
	for id in "" work; do
		/usr/bin/python3 "$TEST_DIR/b4-016-send.py" "$id" list@kernel-test.invalid <review.eml || return 1
	done &&
	/usr/bin/python3 "$TEST_DIR/b4-016-send.py" relay list@kernel-test.invalid <review.eml &&
	argv 1 | grep -x "!--via-work! !-i! !-X! !opt-base! !list@kernel-test.invalid! " &&
	argv 2 | grep -x "!--via-work! !-i! !--account=work! !list@kernel-test.invalid! " &&
	argv 3 | grep -x "!--via-other! !-i! !-X! !opt-base! !list@kernel-test.invalid! " &&
	for n in 1 2 3; do
		test $(count_lines "^$REMINDER\$" "$SENT/msg$n") -eq 1 || return 1
	done
'

test_expect_success 'installing again changes nothing' '
	cp "$HOME/.gitconfig" installed &&
	civil-install --b4 >out &&
	test_cmp installed "$HOME/.gitconfig" &&
	! grep "then" out
'

test_expect_success '--uninstall: only its own lines, and the very file there was' '
	civil-install --b4 --uninstall >out 2>err &&
	test ! -s err &&
	! grep -v "^civil-install: " out &&
	grep -x "civil-install: sendemail.relay.sendmailCmd is .$TEST_DIR/other.sendmail 2>/dev/null. again (.$HOME/.gitconfig.)" out &&
	grep -x "civil-install: civil.sendmail is unset again" out &&
	test_cmp gitconfig.before "$HOME/.gitconfig" &&
	test ! -e "$HOME/.config/civil" &&
	civil-install --b4 --uninstall >out &&
	grep -x "civil-install: b4 does not send through civil-sendmail" out
'

# civil stands in front of the user's settings, never in them: a setting
# changed since is the user's, and civil-install --b4 again follows it.
test_expect_success 'a setting changed since: the user'"'"'s, as they made it; installing again follows it' '
	civil-install --b4 >/dev/null &&
	git config --global sendemail.smtpServer "$TEST_DIR/other.sendmail" &&
	civil-install --b4 >out 2>err &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/other.sendmail." out &&
	test "$(git config civil.sendmail)" = "$TEST_DIR/other.sendmail" &&
	reset_sent &&
	send review.eml &&
	argv 1 | grep "^!--via-other! !-X! !opt-base! !-i! " &&
	civil-install --b4 --uninstall >out &&
	cp gitconfig.before expect &&
	git config --file expect sendemail.smtpServer "$TEST_DIR/other.sendmail" &&
	test_cmp expect "$HOME/.gitconfig" &&
	test -z "$(git config --get-regexp "^civil" | grep -v "^civil\.\(threshold\|review\) ")" &&
	cp gitconfig.before "$HOME/.gitconfig"
'

test_expect_success 'an SMTP server: civil-sendmail --smtp in front; a program other than civil.sendmail: said, exit 1, left alone' '
	git config --global sendemail.work.smtpServer smtp.work.invalid &&
	git config --global sendemail.relay.smtpServer "$TEST_DIR/other.sendmail" &&
	git config --global --unset sendemail.relay.sendmailCmd &&
	cp "$HOME/.gitconfig" before &&
	test_expect_code 1 civil-install --b4 >out 2>err &&
	grep -x "civil-install: sendemail.work.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .smtp.work.invalid." out &&
	grep -x "civil-install: sendemail.work.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .smtp.work.invalid. (b4 before 0.16)" out &&
	test "$(git config sendemail.work.sendmailCmd)" = "$(printf "%s --smtp=%s" "'"'$OURS'"'" "'"'work'"'")" &&
	! grep "identity .work." err &&
	grep "^civil-install: sendemail.relay.smtpServer is .$TEST_DIR/other.sendmail., but civil-sendmail hands mail on to .$TEST_DIR/work.sendmail. (civil.sendmail): write it as sendemail.relay.sendmailCmd" err &&
	grep "^civil-install: mail sent with identity .relay. runs .$TEST_DIR/other.sendmail., not through civil-sendmail" err &&
	test "$(git config sendemail.relay.smtpServer)" = "$TEST_DIR/other.sendmail" &&
	test "$(git config sendemail.smtpServer)" = "$OURS" &&
	civil-install --b4 --uninstall >/dev/null &&
	test_cmp before "$HOME/.gitconfig" &&
	cp gitconfig.before "$HOME/.gitconfig"
'

test_expect_success 'sendemail.sendmailCmd alone (b4 0.16 prefers it): through civil; b4 before 0.16, which talks SMTP to localhost then, through civil-sendmail --smtp' '
	printf "[user]\n\tname = Re Viewer\n[sendemail]\n\tsendmailCmd = %s --via-cmd\n" \
		"$TEST_DIR/fake.sendmail" >"$HOME/.gitconfig" &&
	cp "$HOME/.gitconfig" before &&
	civil-install --b4 >out 2>err &&
	test ! -s err &&
	grep -x "civil-install: sendemail.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/fake.sendmail --via-cmd." out &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .localhost. (b4 before 0.16)" out &&
	reset_sent &&
	send review.eml &&
	/usr/bin/python3 "$TEST_DIR/b4-016-send.py" "" list@kernel-test.invalid <review.eml &&
	argv 1 | grep "^!--via-cmd! !-i! " &&
	argv 2 | grep -x "!--via-cmd! !-i! !list@kernel-test.invalid! " &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg2") -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	test_cmp before "$HOME/.gitconfig" &&
	cp gitconfig.before "$HOME/.gitconfig"
'

test_expect_success 'a tree'"'"'s own sendemail settings: civil'"'"'s file for that tree, included by its config' '
	git config sendemail.smtpServer "$TEST_DIR/other.sendmail" &&
	cp .git/config config.before &&
	git config --global --unset sendemail.smtpServer &&
	cp "$HOME/.gitconfig" global.before &&
	civil-install --b4 >out &&
	grep -x "civil-install: sendemail.smtpServer (.$PWD/.git/config.): civil-sendmail, then .$TEST_DIR/other.sendmail." out &&
	test "$(git config --file .git/civil.inc sendemail.smtpServer)" = "$OURS_REPO" &&
	test -x "$OURS_REPO" &&
	test "$(tail -n 2 .git/config)" = "$(printf "[include]\n\tpath = civil.inc")" &&
	reset_sent &&
	send review.eml &&
	argv 1 | grep "^!--via-other! " &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	test_cmp config.before .git/config &&
	test ! -e .git/civil.inc && test ! -e "$OURS_REPO" &&
	test_cmp global.before "$HOME/.gitconfig" &&
	git config --unset sendemail.smtpServer
'

test_expect_success 'a key set globally and in the tree: civil in front of both, each in its own file' '
	printf "[user]\n\tname = Re Viewer\n[sendemail]\n\tsendmailCmd = %s\n" \
		"$TEST_DIR/work.sendmail" >"$HOME/.gitconfig" &&
	git config sendemail.sendmailCmd "$TEST_DIR/other.sendmail" &&
	cp "$HOME/.gitconfig" global.before && cp .git/config config.before &&
	{ civil-install --b4 >out 2>err; test $? -le 1; } &&
	test "$(git config sendemail.sendmailCmd)" = "$(printf "%s --sendmail=%s" "'"'$OURS_REPO'"'" "'"'$TEST_DIR/other.sendmail'"'")" &&
	test "$(cd .. && git config sendemail.sendmailCmd)" = "$(printf "%s --sendmail=%s" "'"'$OURS'"'" "'"'$TEST_DIR/work.sendmail'"'")" &&
	reset_sent &&
	send review.eml &&
	argv 1 | grep "^!--via-other! " &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	civil-install --b4 --uninstall >/dev/null &&
	test_cmp global.before "$HOME/.gitconfig" &&
	test_cmp config.before .git/config &&
	git config --unset sendemail.sendmailCmd &&
	cp gitconfig.before "$HOME/.gitconfig"
'

test_expect_success 'an option error names civil-install, not the path it was run by' '
	test_expect_code 2 "$CIVIL_BUILD/bin/civil-install" --b5 2>err &&
	grep -x "civil-install: unrecognized option .--b5." err &&
	grep "^Usage: civil-install" err
'

test_done
