#!/bin/sh
# The real aerc, at a terminal (tmux), sending through civil-sendmail
# (accounts.conf: outgoing = civil-sendmail).  aerc runs it with the
# recipients as its only arguments and throws away what it says (its
# standard error is /dev/null): when it fails, with any status, aerc puts
# the message back in its composer ("Send this email?") and pushes "exit
# status N" to its status line.  aerc 0.14 and 0.15 draw only on an event
# (a key, new mail), so after "y" the screen stays at "Sending..." until
# the next key; 0.16 and later draw at once (commands/compose/send.go and
# lib/ui/ui.go in aerc's source).  So civil-install --sendmail gives those
# an outgoing line without the tone check (issue 24 item 4).
. "$(dirname "$0")/../t/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client aerc 'aerc -v'
need_client tmux 'tmux -V'
need_client gpg 'gpg --version'

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

export XDG_RUNTIME_DIR="$HOME/run"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
mkdir -p "$HOME/Mail/inbox/cur" "$HOME/Mail/inbox/new" "$HOME/Mail/inbox/tmp" \
	"$XDG_CONFIG_HOME/aerc"
make_gpg_key || echo "# no gpg key"
AERC_MINOR=$(aerc -v | sed -n "s/^aerc 0\.\([0-9]*\)\..*/\1/p")
# The aerc line civil-install --sendmail gives for this aerc.
civil-install --sendmail >install.out
INSTALLED=$(sed -n "/^aerc/,/^\$/s/^    outgoing = //p" install.out)
# Four accounts on one maildir: the README's outgoing line; one that
# keeps what aerc hands over; one that signs; civil-install's line.
for acct in readme in signed installed; do
	echo "[$acct]"
	echo "source = maildir://$HOME/Mail"
	echo "default = inbox"
	echo "from = Re Viewer <reviewer@kernel-test.invalid>"
	case $acct in
	readme) echo "outgoing = $CIVIL_BUILD/bin/civil-sendmail" ;;
	installed) echo "outgoing = $INSTALLED" ;;
	*) echo "outgoing = $TEST_DIR/in.sendmail" ;;
	esac
	test $acct != signed || printf 'pgp-auto-sign = true\npgp-key-id = %s\n' "$GPG_FPR"
done >"$XDG_CONFIG_HOME/aerc/accounts.conf"
chmod 600 "$XDG_CONFIG_HOME/aerc/accounts.conf"
printf '[general]\npgp-provider = gpg\n[compose]\neditor = true\n' \
	>"$XDG_CONFIG_HOME/aerc/aerc.conf"

# One aerc at the terminal; "aerc mailto:..." hands it a message to
# compose, as a browser or a script does.
tmux_start "cd '$PWD' && aerc"
tmux_wait "inbox" || echo "# aerc did not start"

# compose ACCOUNT SUBJECT BODY-FILE - a composer in the running aerc (the
# editor leaves the body as it is), at "Send this email?".
compose() {
	_url=$(/usr/bin/python3 -c 'import sys, urllib.parse as u
print("mailto:list@kernel-test.invalid?%s" % u.urlencode({"account": sys.argv[1],
    "subject": sys.argv[2], "in-reply-to": "<patch-1@kernel-test.invalid>",
    "body": open(sys.argv[3]).read()}, quote_via=u.quote))' "$@") &&
	aerc "$_url" >/dev/null 2>&1 &&
	# aerc 0.14 opens the composer without drawing it: an event does
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		sleep 0.5
		tmux_screen | grep -q "Send this email?" && break
		tmux_keys Escape
	done
	tmux_wait "Send this email?"
}

# send_and_see sent|held - "y", and once the sendmail has sent or held
# the message, what aerc shows of it: neither the composer nor
# "Sending..." when sent, the composer back when held.  aerc 0.14 draws
# again only on an event (the screen shows "Sending..." until then), so a
# key that does nothing here (Escape) while the screen is not there yet.
send_and_see() {
	_before=$(sent_count)
	tmux_keys y
	_n=0
	until case $1 in
		sent) test "$(sent_count)" -gt "$_before" ;;
		held) ls "$HOME/.local/state/civil/held/"*.why ;;
		esac >/dev/null 2>&1; do
		_n=$((_n + 1))
		if test $_n -gt 300; then
			echo "not $1; the screen shows:"
			tmux_screen | grep -v "^$"
			return 1
		fi
		sleep 0.2
	done
	_n=0
	until tmux_keys Escape && sleep 0.2 && case $1 in
		sent) ! tmux_screen | grep -q -e "Send this email?" -e "Sending\.\.\." ;;
		held) tmux_screen | grep -q "Send this email?" ;;
		esac; do
		_n=$((_n + 1))
		if test $_n -gt 300; then
			echo "$1, but aerc never showed it; the screen shows:"
			tmux_screen | grep -v "^$"
			return 1
		fi
	done
}

printf 'On Mon, A U Thor wrote:\n> +\tx = 1;\n\nPlease make it static.\n' >review.txt
printf 'On Mon, A U Thor wrote:\n> +\tx = 1;\n\nYou clearly have no idea what you are doing.  This is garbage.\n' >hostile.txt
git format-patch -q -1 --stdout | sed '1,/^$/d' >patch.txt
SUBJECT="Re: [PATCH 1/2] sched: change"
# aerc writes CRLF line ends.

test_expect_success 'aerc: a review goes out with the reminder once; aerc closes its composer' '
	reset_sent &&
	compose readme "$SUBJECT" review.txt &&
	send_and_see sent &&
	test $(sent_count) -eq 1 &&
	! tmux_screen | grep "Send this email?" &&
	test "$(cat "$SENT/argv1")" = "!list@kernel-test.invalid!" &&
	test $(tr -d "\r" <"$SENT/msg1" | count_lines "^$REMINDER\$" -) -eq 1
'

test_expect_success 'aerc: a patch goes out as aerc wrote it' '
	reset_sent && reset_in &&
	compose in "[PATCH] sched: change" patch.txt &&
	send_and_see sent &&
	test $(sent_count) -eq 1 &&
	same_as_handed 1 1 &&
	grep -q "^+int x;" "$SENT/msg1" &&
	! grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'aerc signs (pgp-auto-sign): the signed mail goes out as aerc wrote it' '
	reset_sent && reset_in &&
	compose signed "$SUBJECT" review.txt &&
	send_and_see sent &&
	test $(sent_count) -eq 1 &&
	grep -q "^Content-Type: multipart/signed" "$SENT/msg1" &&
	grep -q "^-----BEGIN PGP SIGNATURE-----" "$SENT/msg1" &&
	same_as_handed 1 1 &&
	! grep "^Reviewed under" "$SENT/msg1"
'

# What a user of this aerc sees when civil-sendmail holds a review: 0.14
# and 0.15 show "Sending..." until a key, then the composer again, and
# never why; 0.16 and later show the composer and "exit status 75" at
# once.
test_expect_success 'aerc: a heated review is held; what this aerc shows before any key' '
	reset_sent &&
	compose readme "$SUBJECT" hostile.txt &&
	tmux_keys y &&
	_n=0 &&
	until ls "$HOME/.local/state/civil/held/"*.why >/dev/null 2>&1; do
		_n=$((_n + 1)) && test $_n -lt 150 && sleep 0.2 || return 1
	done &&
	sleep 2 &&
	tmux_screen >screen &&
	if test "$AERC_MINOR" -lt 16; then
		grep "^Sending\.\.\." screen && ! grep "Send this email?" screen
	else
		grep "exit status 75" screen && grep "Send this email?" screen
	fi &&
	tmux_keys Escape && tmux_wait "Send this email?" &&
	! tmux_screen | grep "exit status" &&
	test $(sent_count) -eq 0 &&
	civil-sendmail --held | grep -F "left to send it again)  $SUBJECT" &&
	send_and_see sent &&
	test $(sent_count) -eq 1
'

test_expect_success 'civil-install --sendmail for this aerc: the hold is shown, or the line sends without it, and says why' '
	if test "$AERC_MINOR" -lt 16; then
		test "$INSTALLED" = "env CIVIL_TONE=off $CIVIL_BUILD/bin/civil-sendmail" &&
		grep "so a review held for its tone would look sent" install.out &&
		reset_sent &&
		compose installed "$SUBJECT" hostile.txt &&
		send_and_see sent &&
		test $(sent_count) -eq 1 &&
		! tmux_screen | grep "Send this email?" &&
		test $(tr -d "\r" <"$SENT/msg1" | count_lines "^$REMINDER\$" -) -eq 1
	else
		test "$INSTALLED" = "$CIVIL_BUILD/bin/civil-sendmail"
	fi
'

test_expect_success 'aerc: a heated review is not sent, the composer comes back, --held says why; y again sends it' '
	rm -f "$HOME/.local/state/civil/held/"* &&
	reset_sent &&
	compose readme "$SUBJECT" hostile.txt &&
	send_and_see held &&
	test $(sent_count) -eq 0 &&
	tmux_wait "Send this email?" &&
	civil-sendmail --held >held &&
	grep -F "left to send it again)  $SUBJECT" held &&
	grep "^    held for its tone: \"You clearly have no idea what you are doing.\"" held &&
	send_and_see sent &&
	test $(sent_count) -eq 1 &&
	test $(tr -d "\r" <"$SENT/msg1" | count_lines "^$REMINDER\$" -) -eq 1 &&
	! tmux_screen | grep "Send this email?"
'

test_done
