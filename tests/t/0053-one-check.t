#!/bin/sh
# One tone check per send (issue 30 item 2).  With civil-install --git and
# --b4 both in place, the real git send-email runs the sendemail-validate
# hook (civil-remind) on each file, then hands what it made of it to
# civil-sendmail: the hook's check, said once, is the only one; nothing
# is held behind it, and git send-email's exit is the hook's verdict.  A
# message the hook did not check on that very send is checked, and held,
# by civil-sendmail as before: nothing in a message can skip it.
. "$(dirname "$0")/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client "git send-email" 'git send-email --dump-aliases'

make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)
write_review review.eml
# Words every version of the scorer holds heated (5.00 today).
sed "s/^Please make it static./Shut up, you fucking moron./" review.eml >hot.eml
sed "s/^Please make it static./You are an idiot and you should be ashamed of this./" \
	review.eml >hot2.eml
# The hook writes the reminder into the file it is given: each send
# starts from these.
mkdir orig && cp review.eml hot.eml hot2.eml orig/
fresh() {
	cp orig/review.eml orig/hot.eml orig/hot2.eml .
}
HOT='"Shut up, you fucking moron."'
HELD="$HOME/.local/state/civil/held"

git config --global sendemail.smtpServer "$TEST_DIR/fake.sendmail"

# Nothing kept in civil-sendmail's held mail.
nothing_held() {
	! ls "$HELD"/*.eml >/dev/null 2>&1
}

# send ARGS... - git send-email as a script runs it: no terminal.
send() {
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid "$@" </dev/null
}

# went_out FILE N - sent/msgN is FILE's words with the reminder once.
went_out() {
	{
		body "orig/$1" &&
		printf '\n-- \n%s\nConcerns: <%s>\n' "$REMINDER" "$TEST_CONTACT"
	} >expect.body &&
	body "$SENT/msg$2" >actual.body &&
	test_cmp expect.body actual.body
}

test_expect_success 'civil-install --git and --b4: the hook, then civil-sendmail' '
	civil-install --git >/dev/null &&
	civil-install --b4 >out 2>&1 &&
	grep "sendemail.smtpServer.*civil-sendmail, then .$TEST_DIR/fake.sendmail." out
'

test_expect_success 'a heated review, no terminal: warned once by the hook, sent (rc 0), not held' '
	reset_sent && fresh &&
	send hot.eml >out 2>err &&
	test $(sent_count) -eq 1 &&
	test $(count_lines "tone: " err) -eq 1 &&
	grep -x "civil-remind: tone: $HOT (.*)" err &&
	! grep "civil-sendmail" err &&
	went_out hot.eml 1 &&
	! grep -i "^X-Civil" "$SENT/msg1" &&
	nothing_held
'

test_expect_success 'at a terminal: the tone line once, and sent' '
	reset_sent && fresh &&
	on_tty out "git send-email --quiet --confirm=never --no-annotate \
		--suppress-cc=all --from=\"Re Viewer <reviewer@kernel-test.invalid>\" \
		--to=list@kernel-test.invalid hot.eml" &&
	test $(sent_count) -eq 1 &&
	test $(count_lines "tone: " out) -eq 1 &&
	grep "^civil-remind: tone: $HOT" out &&
	went_out hot.eml 1
'

test_expect_success 'a series: each message checked once, all of it sent' '
	reset_sent && fresh &&
	send hot.eml review.eml hot2.eml >out 2>err &&
	test $(sent_count) -eq 3 &&
	test $(count_lines "^civil-remind: tone: " err) -eq 2 &&
	! grep "civil-sendmail" err &&
	went_out hot.eml 1 && went_out review.eml 2 && went_out hot2.eml 3 &&
	nothing_held
'

test_expect_success 'without the hook (--no-validate), civil-sendmail checks: held, git send-email fails 75' '
	reset_sent && fresh &&
	test_expect_code 75 send --no-validate hot.eml >out 2>err &&
	test $(sent_count) -eq 0 &&
	grep "civil-sendmail: held for its tone: $HOT" err &&
	! grep "civil-remind" err &&
	rm -rf "$HELD"
'

test_expect_success 'words the hook checked on an earlier send are checked again elsewhere' '
	reset_sent && fresh &&
	send hot.eml 2>/dev/null &&
	test $(sent_count) -eq 1 &&
	test_expect_code 75 civil-sendmail -i list@kernel-test.invalid \
		<hot.eml 2>err &&
	grep "^civil-sendmail: held for its tone: $HOT" err &&
	test $(sent_count) -eq 1 &&
	rm -rf "$HELD"
'

test_expect_success 'nothing written into a message skips the check' '
	reset_sent && fresh &&
	for h in "X-Civil-Checked: yes" "X-Civil-Tone: checked"; do
		sed "s/^Subject:/$h\n&/" hot.eml >forged.eml &&
		test_expect_code 75 civil-sendmail -i list@kernel-test.invalid \
			<forged.eml 2>err &&
		grep "^civil-sendmail: held for its tone: $HOT" err &&
		rm -rf "$HELD" || return 1
	done &&
	test $(sent_count) -eq 0
'

test_expect_success 'a review the hook did not check on this send is checked by civil-sendmail' '
	# The hook checks hot.eml; a sendmail command in front of
	# civil-sendmail hands it other words: those are checked, and held.
	reset_sent && fresh &&
	write_script swap.sendmail <<-EOS &&
	exec "$CIVIL_BUILD/bin/civil-sendmail" --sendmail="$TEST_DIR/fake.sendmail" "\$@" <"$PWD/hot2.eml"
	EOS
	test_expect_code 75 send --sendmail-cmd="$PWD/swap.sendmail" hot.eml \
		>out 2>err &&
	grep "^civil-remind: tone: $HOT" err &&
	grep "^civil-sendmail: held for its tone: \"You are an idiot" err &&
	test $(sent_count) -eq 0 &&
	rm -rf "$HELD"
'

test_expect_success 'civil.tone=reject: the hook refuses, nothing reaches civil-sendmail' '
	reset_sent && fresh &&
	git config civil.tone reject &&
	{ send hot.eml >out 2>err; status=$?; } &&
	git config --unset civil.tone &&
	test $status -ne 0 &&
	test $(sent_count) -eq 0 &&
	grep "not sending .*civil.tone is .reject." err &&
	! grep "civil-sendmail" err
'

test_done
