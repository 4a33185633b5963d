#!/bin/sh
# civil-sendmail in front of the real msmtp, delivering to an SMTP server
# on 127.0.0.1 run by the test (python3-aiosmtpd, keeping each message's
# bytes as they came): from git send-email (smtpServer = msmtp, as many
# kernel developers have it, then civil-install --b4) and from mutt.
. "$(dirname "$0")/../t/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client msmtp 'msmtp --version'
need_client mutt 'mutt -v'
need_client "git send-email" 'git send-email --dump-aliases'
need_client python3-aiosmtpd '/usr/bin/python3 -c "import aiosmtpd.controller"'

MSMTP=$(command -v msmtp)
if ! start_smtp_sink "$TEST_DIR/smtp" >"$TEST_DIR/.sink" 2>&1; then
	echo "1..1"
	echo "not ok 1 - no SMTP server on 127.0.0.1 for msmtp to deliver to"
	sed 's/^/#   /' "$TEST_DIR/.sink" "$TEST_DIR/smtp.log" 2>/dev/null
	exit 1
fi
cat >"$HOME/.msmtprc" <<EOF
defaults
logfile $HOME/msmtp.log
account local
host 127.0.0.1
port $SMTP_PORT
from reviewer@kernel-test.invalid
auth off
tls off
account default : local
EOF
chmod 600 "$HOME/.msmtprc"

make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

write_review review.eml hostile.eml
# msmtp adds a Date and a Message-ID to mail that has none: these have
# them, as b4 and git send-email write them.
sed "s/^Subject:/X-Developer-Signature: v=1; a=ed25519-sha256; t=1; b=AAAA\nDate: Mon, 2 Mar 2026 10:00:00 +0000\nMessage-ID: <signed@kernel-test.invalid>\n&/" \
	review.eml >signed.eml
git format-patch -q -1 --thread -o series
PATCH=$(ls series/0001-*.patch)
sed 1d "$PATCH" >patch.eml

# delivered N - what the SMTP server got as message N, line ends as LF.
delivered() {
	wait_for_file "$TEST_DIR/smtp/$1" && tr -d '\r' <"$TEST_DIR/smtp/$1"
}
delivered_count() {
	ls "$TEST_DIR/smtp" | grep -c '^[0-9]*$' || true
}

# git send-email as a user with msmtp has it.
git config --global sendemail.smtpServer "$MSMTP"
send() {
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid "$@"
}

test_expect_success 'civil-install --b4 in front of msmtp: msmtp stays the one that delivers' '
	civil-install --b4 >out &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then .$MSMTP." out &&
	test "$(git config civil.sendmail)" = "$MSMTP"
'

test_expect_success 'git send-email, msmtp, SMTP: the review arrives with the reminder once' '
	send review.eml &&
	delivered 1 >got &&
	test $(count_lines "^$REMINDER\$" got) -eq 1 &&
	grep -x "Concerns: <$TEST_CONTACT>" got &&
	grep -x "list@kernel-test.invalid" "$TEST_DIR/smtp/1.rcpt"
'

test_expect_success 'a patch and a signed review arrive as civil got them, whole' '
	n=$(delivered_count) &&
	civil-sendmail -i list@kernel-test.invalid <patch.eml &&
	delivered $((n + 1)) >got &&
	test_cmp patch.eml got &&
	civil-sendmail -i list@kernel-test.invalid <signed.eml &&
	delivered $((n + 2)) >got &&
	test_cmp signed.eml got &&
	send series/0001-*.patch &&
	delivered $((n + 3)) >got &&
	body series/0001-*.patch >expect && body got | sed 1,2d >actual &&
	test_cmp expect actual
'

test_expect_success 'emacs'"'"'s way (-oi -f ADDR -t): msmtp reads the recipients, Bcc stays private' '
	n=$(delivered_count) &&
	sed "/^To:/a Bcc: secret@kernel-test.invalid" review.eml >bcc.eml &&
	civil-sendmail -oi -f reviewer@kernel-test.invalid -t <bcc.eml 2>err &&
	test ! -s err &&
	delivered $((n + 1)) >got &&
	sort "$TEST_DIR/smtp/$((n + 1)).rcpt" >rcpt &&
	printf "list@kernel-test.invalid\nreviewer@kernel-test.invalid\nsecret@kernel-test.invalid\n" >expect &&
	test_cmp expect rcpt &&
	! grep "^Bcc:" got &&
	test $(count_lines "^$REMINDER\$" got) -eq 1
'

test_expect_success 'mutt, civil-sendmail, msmtp: sent; a heated review is held before msmtp ever runs' '
	mkdir -p "$HOME/Mail/inbox/cur" "$HOME/Mail/inbox/new" "$HOME/Mail/inbox/tmp" &&
	printf "set folder=%s\nset spoolfile=%s\nset mbox_type=Maildir\nset record=\"\"\nset sendmail=\"%s -oem -oi\"\n" \
		"$HOME/Mail" "$HOME/Mail/inbox" "$CIVIL_BUILD/bin/civil-sendmail" >muttrc &&
	n=$(delivered_count) &&
	mutt -n -F muttrc -H review.eml </dev/null 2>err &&
	test ! -s err &&
	delivered $((n + 1)) >got &&
	test $(count_lines "^$REMINDER\$" got) -eq 1 &&
	! mutt -n -F muttrc -H hostile.eml </dev/null 2>err &&
	grep "^civil-sendmail: held for its tone: " err &&
	# (msmtp delivers before it exits, and mutt waits for it: what was
	# not delivered now never will be.)
	test $(delivered_count) -eq $((n + 1)) &&
	mutt -n -F muttrc -H hostile.eml </dev/null &&
	delivered $((n + 2)) >got &&
	test $(count_lines "^$REMINDER\$" got) -eq 1
'

test_expect_success 'msmtp refuses: its status and its words, nothing kept by civil' '
	! civil-sendmail -i --host=127.0.0.1 --port=1 list@kernel-test.invalid <review.eml 2>err &&
	grep "^msmtp: " err &&
	! ls "$HOME/.local/state/civil/unsent" 2>/dev/null
'

test_expect_success 'civil-install --b4 --uninstall: git sends straight to msmtp again' '
	civil-install --b4 --uninstall >/dev/null &&
	test "$(git config sendemail.smtpServer)" = "$MSMTP" &&
	! git config civil.sendmail
'

test_done
