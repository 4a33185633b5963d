#!/bin/sh
# civil-install writes git config through libcivil's writer
# (civil_config_file_set): a value holding '"', '\', '#', ';', a tab,
# runs of spaces and a "'" is read back by git exactly, the mail still
# reaches the command it named, and --uninstall gives back the very file
# there was, the user's comments and odd lines included.
. "$(dirname "$0")/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client "git send-email" 'git send-email --dump-aliases'

make_kernel_repo linux
cd linux
OURS="$CIVIL_BUILD/bin/civil-sendmail"
write_review review.eml

# q WORD - WORD quoted for the shell as civil-install quotes it.
q() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
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

test_expect_success 'git reads back what civil-install --b4 wrote, exactly' '
	test "$(git config --get sendemail.sendmailCmd)" = "$CMD" &&
	# (Status 1 with a b4 before 0.16: it reads no sendmailCmd.)
	{ civil-install --b4 >out 2>err; status=$?; } ;
	test $status -le 1 &&
	grep "^civil-install: sendemail.sendmailCmd (" out &&
	git config --list >/dev/null &&
	test "$(git config --get sendemail.sendmailCmd)" = "$(q "$OURS") --sendmail=$(q "$CMD")" &&
	test "$(git config --get civil-install.sendemail.sendmailCmd.was)" = "$CMD" &&
	test "$(git config --get alias.lg)" = "log    --oneline" &&
	test "$(git config --get core.pager)" = "less # not a comment"
'

test_expect_success 'the mail goes to the command it named, arguments intact' '
	reset_sent &&
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid review.eml &&
	printf "!--via-a\"b#d;e\tf  g!\n!--it'"'"'s!\n" >expect &&
	head -n 2 "$SENT/argv1" >actual &&
	cmp expect actual &&
	grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'installing again changes nothing; --uninstall gives back the file' '
	cp "$HOME/.gitconfig" installed &&
	{ civil-install --b4 >/dev/null 2>&1; test $? -le 1; } &&
	cmp installed "$HOME/.gitconfig" &&
	civil-install --b4 --uninstall >out &&
	cmp gitconfig.before "$HOME/.gitconfig"
'

test_expect_success 'a config git would refuse: said, named, nothing changed' '
	printf "[sendemail]\n\tsmtpServer = /usr/sbin/sendmail\n[core] x = \"open\n" >"$HOME/.gitconfig" &&
	cp "$HOME/.gitconfig" bad.before &&
	{ civil-install --b4 >out 2>err; status=$?; } ;
	test $status -ne 0 &&
	cmp bad.before "$HOME/.gitconfig" &&
	cp gitconfig.before "$HOME/.gitconfig"
'

test_done
