#!/bin/sh
# civil-sendmail in front of a recording "real" sendmail, called the way
# git send-email, b4, mutt, aerc and emacs call sendmail; and the tone
# check, in the wrapper and in the sendemail-validate hook.
. "$(dirname "$0")/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_tool 'git send-email' 'git send-email --dump-aliases'

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

write_review review.eml

# argv_is N ARG... - what the real sendmail was given, exactly.
argv_is() {
	n=$1
	shift
	for a; do echo "!$a!"; done >expect.argv
	test_cmp expect.argv "$SENT/argv$n"
}

test_expect_success 'git send-email style: -i -f ADDR recipients; silent' '
	reset_sent &&
	civil-sendmail -i -f reviewer@kernel-test.invalid list@kernel-test.invalid <review.eml 2>err &&
	test ! -s err &&
	argv_is 1 -i -f reviewer@kernel-test.invalid list@kernel-test.invalid &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	head -c $(wc -c <review.eml) "$SENT/msg1" | test_cmp - review.eml
'

test_expect_success 'mutt: -oem -oi -B8BITMIME -f ADDR -N never -R hdrs -- rcpts' '
	reset_sent &&
	civil-sendmail -oem -oi -B8BITMIME -f reviewer@kernel-test.invalid -N never -R hdrs -- a@kernel-test.invalid b@kernel-test.invalid <review.eml &&
	argv_is 1 -oem -oi -B8BITMIME -f reviewer@kernel-test.invalid -N never -R hdrs -- a@kernel-test.invalid b@kernel-test.invalid &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

test_expect_success 'aerc: recipients only; b4: CRLF and -i -f' '
	reset_sent &&
	civil-sendmail a@kernel-test.invalid <review.eml &&
	argv_is 1 a@kernel-test.invalid &&
	sed "s/\$/\r/" review.eml >crlf.eml &&
	civil-sendmail -i -f reviewer@kernel-test.invalid a@kernel-test.invalid <crlf.eml &&
	argv_is 2 -i -f reviewer@kernel-test.invalid a@kernel-test.invalid &&
	cr=$(printf "\r") &&
	grep -q "^$REMINDER$cr\$" "$SENT/msg2" &&
	test $(grep -c "$cr\$" "$SENT/msg2") -eq $(wc -l <"$SENT/msg2")
'

test_expect_success 'emacs: -oi -f ADDR -t, Bcc in the message, never our own -t' '
	reset_sent &&
	{ sed "/^To:/a Bcc: secret@kernel-test.invalid" review.eml; } >bcc.eml &&
	civil-sendmail -oi -f reviewer@kernel-test.invalid -t <bcc.eml 2>err &&
	test ! -s err &&
	argv_is 1 -oi -f reviewer@kernel-test.invalid -t &&
	grep "^Bcc: secret@kernel-test.invalid" "$SENT/msg1" &&
	reset_sent &&
	civil-sendmail -i a@kernel-test.invalid <review.eml &&
	! grep -x "!-t!" "$SENT/argv1"
'

test_expect_success 'a lone dot is the real sendmail'"'"'s business: all of stdin goes on, whatever the options' '
	# msmtp ignores dots; aerc passes no -i; with smtpServerOption the -i
	# comes after a word civil does not know.  civil never cuts.
	{ cat review.eml; printf ".\nafter the dot\n\nReviewed-by: Re Viewer <reviewer@kernel-test.invalid>\n"; } >dot.eml &&
	for args in "a@kernel-test.invalid" "-i a@kernel-test.invalid" "-a work -i a@kernel-test.invalid" "-oi -- a@kernel-test.invalid"; do
		reset_sent &&
		civil-sendmail $args <dot.eml 2>err &&
		test ! -s err &&
		argv_is 1 $args &&
		grep -q "^after the dot\$" "$SENT/msg1" &&
		grep -q "^Reviewed-by: Re Viewer" "$SENT/msg1" &&
		test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
		head -c $(wc -c <dot.eml) "$SENT/msg1" | test_cmp - dot.eml || exit 1
	done
'

test_expect_success '--help and --version alone are civil'"'"'s; with other arguments, the real sendmail'"'"'s' '
	reset_sent &&
	civil-sendmail --help >out &&
	grep "^Usage: civil-sendmail \[--sendmail=CMD\]" out &&
	civil-sendmail --version >out &&
	grep "^civil-sendmail [0-9]" out &&
	test $(sent_count) -eq 0 &&
	civil-sendmail --version -V envid -- a@kernel-test.invalid <review.eml &&
	argv_is 1 --version -V envid -- a@kernel-test.invalid
'

test_expect_success '--sendmail=CMD, first: a command line run as git runs sendmailCmd' '
	reset_sent &&
	civil-sendmail --sendmail="$TEST_DIR/fake.sendmail -X log" -i a@kernel-test.invalid <review.eml &&
	argv_is 1 -X log -i a@kernel-test.invalid &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	# shell words: quotes, a variable, a redirection
	CIVIL_T_ACCT=work civil-sendmail --sendmail="\"$TEST_DIR/fake.sendmail\" --account=\$CIVIL_T_ACCT 2>/dev/null" -i "b c@kernel-test.invalid" <review.eml &&
	argv_is 2 --account=work -i "b c@kernel-test.invalid" &&
	# not first: the real sendmail'"'"'s
	civil-sendmail -i --sendmail=x a@kernel-test.invalid <review.eml &&
	argv_is 3 -i --sendmail=x a@kernel-test.invalid
'

test_expect_success 'outside any tree: the code of civil.repository (emacs runs sendmail from /)' '
	reset_sent &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" "$SENT/msg1" &&
	git config --global civil.repository "$TEST_DIR/linux" &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	grep -x "Concerns: <$TEST_CONTACT>" "$SENT/msg2" &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg2") -eq 1 &&
	# that tree'"'"'s own settings apply too
	git config civil.contact other@kernel-test.invalid &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	git config --unset civil.contact &&
	grep -x "Concerns: <other@kernel-test.invalid>" "$SENT/msg3" &&
	# "~/" is HOME; not a tree: said on a terminal, the built-in code used
	git config --global civil.repository "~/nowhere" &&
	on_tty out "cd / && civil-sendmail -i a@kernel-test.invalid <$TEST_DIR/linux/review.eml" &&
	grep "civil-sendmail: civil.repository: not a git repository: .$HOME/nowhere." out &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" "$SENT/msg4" &&
	git config --global --unset civil.repository
'

# Issue 30 item 4: a civil.repository that names a tree that is gone is
# said on every route.  Without a terminal (b4, mutt, emacs, git
# send-email's through civil-sendmail in a script) no warning is seen, so
# the review is held once with the reason, as a heated one is; sent again,
# it goes with the built-in code's reminder.  civil-remind (the hook)
# says it and sends.  A patch, which gets no reminder, is not held.
test_expect_success 'civil.repository naming a gone tree: said on every route, held once where no terminal shows it' '
	git format-patch -q -1 --stdout >gone.patch &&
	mkdir -p ../gone && git clone -q . ../gone/linux &&
	git config --global civil.repository "$TEST_DIR/gone/linux" &&
	rm -rf ../gone &&
	reset_sent &&
	why="civil.repository: not a git repository: .$TEST_DIR/gone/linux., so the reminder names the built-in code (<tab@lists.linux-foundation.org>): fix or unset civil.repository; sent again within 10 minutes, it goes out" &&
	(cd / && test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") 2>err &&
	grep -x "civil-sendmail: held: $why" err &&
	test $(sent_count) -eq 0 &&
	civil-sendmail --held >held &&
	grep -x "    held: $why" held &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" "$SENT/msg1" &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/gone.patch") 2>err &&
	test ! -s err && test $(sent_count) -eq 2 &&
	(cd / && git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" --to=list@kernel-test.invalid \
		--smtp-server="$CIVIL_BUILD/bin/civil-sendmail" "$TEST_DIR/linux/review.eml";
	 test $? -ne 0) >out 2>&1 &&
	grep "civil-sendmail: held: $why" out &&
	test $(sent_count) -eq 2 &&
	(cd / && git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" --to=list@kernel-test.invalid \
		--smtp-server="$CIVIL_BUILD/bin/civil-sendmail" "$TEST_DIR/linux/review.eml") &&
	test $(sent_count) -eq 3 &&
	(cd / && civil-remind - <"$TEST_DIR/linux/review.eml") >out 2>err &&
	grep -x "civil-remind: civil.repository: not a git repository: .$TEST_DIR/gone/linux." err &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" out &&
	(cd / && civil-remind -n - <"$TEST_DIR/linux/review.eml") >out 2>/dev/null &&
	grep -x "contact: tab@lists.linux-foundation.org (from civil.s built-in fallback: civil.repository names no tree civil can open)" out &&
	CIVIL_TONE=off civil-sendmail --held >/dev/null &&
	(cd / && CIVIL_TONE=off civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	test $(sent_count) -eq 4 &&
	git config --global --unset civil.repository
'

# Issue 24 item 2: mutt, aerc and emacs send from outside any tree; the
# tree civil-install --git (or --b4) ran in names the code there, unless
# civil.repository names one already.
test_expect_success 'civil-install --git in a tree: civil.repository names it, for mail sent from outside any tree' '
	reset_sent &&
	civil-install --git >out &&
	grep -x "civil-install: outside any tree, mail names the code of .$TEST_DIR/linux. (civil.repository, in .~/.config/civil/git.inc.)" out &&
	test "$(cd / && git config civil.repository)" = "$TEST_DIR/linux" &&
	(cd / && civil-sendmail -i a@kernel-test.invalid <"$TEST_DIR/linux/review.eml") &&
	grep -x "Concerns: <$TEST_CONTACT>" "$SENT/msg1" &&
	civil-install --git >out &&
	! grep "civil.repository" out &&
	civil-install --git --uninstall >out &&
	! git config civil.repository &&
	test ! -e "$HOME/.config/civil/git.inc" &&
	git config --global civil.repository /elsewhere &&
	civil-install --git >out &&
	! grep "civil.repository" out &&
	test "$(git config civil.repository)" = /elsewhere &&
	civil-install --git --uninstall >/dev/null &&
	git config --global --unset civil.repository
'

# Issue 30 item 4: civil.repository names the tree that outlives a linked
# worktree (its main one), never a tree without a code file civil reads,
# and one that is gone is named again.
test_expect_success 'civil-install --git in a linked worktree: civil.repository names the main tree' '
	git worktree add -q ../linked &&
	(cd ../linked && civil-install --git >out) &&
	grep -x "civil-install: outside any tree, mail names the code of .$TEST_DIR/linux. (civil.repository, in .~/.config/civil/git.inc.)" ../linked/out &&
	test "$(cd / && git config civil.repository)" = "$TEST_DIR/linux" &&
	(cd ../linked && civil-install --git --uninstall >/dev/null) &&
	! git config civil.repository &&
	git worktree remove --force ../linked
'

test_expect_success 'a tree with no code file civil reads: civil.repository not set, said in one line' '
	git init -q ../nocode &&
	(cd ../nocode && echo x >README && git add README && git commit -q -m x &&
	 civil-install --git >out 2>err &&
	 { civil-install --b4 >>out 2>>err; test $? -le 1; }) &&
	test $(count_lines "^civil-install: not setting civil.repository to .$TEST_DIR/nocode.: civil finds no code file there it can read (civil-remind(1) lists the files it reads)\$" ../nocode/err) -eq 2 &&
	! grep civil.repository ../nocode/out &&
	! git config civil.repository &&
	(cd ../nocode && civil-install --git --b4 --uninstall >/dev/null 2>&1) &&
	test ! -e "$HOME/.config/civil/git.inc"
'

test_expect_success 'civil.repository naming a tree that is gone: civil-install --git names this one' '
	git clone -q . ../moved &&
	(cd ../moved && civil-install --git >/dev/null) &&
	test "$(git config civil.repository)" = "$TEST_DIR/moved" &&
	rm -rf ../moved &&
	civil-install --git >out &&
	grep -x "civil-install: civil.repository named .$TEST_DIR/moved., which is gone" out &&
	test "$(git config civil.repository)" = "$TEST_DIR/linux" &&
	civil-install --git --uninstall >/dev/null &&
	! git config civil.repository
'

test_expect_success 'unknown options pass through, never dropped' '
	reset_sent &&
	civil-sendmail -X /tmp/log -Ofoo=bar --weird -v -- a@kernel-test.invalid <review.eml &&
	argv_is 1 -X /tmp/log -Ofoo=bar --weird -v -- a@kernel-test.invalid
'

test_expect_success 'patches and signed mail go through byte for byte, silently' '
	git format-patch -q -1 --stdout >patch.eml &&
	reset_sent &&
	civil-sendmail -i a@kernel-test.invalid <patch.eml &&
	test_cmp patch.eml "$SENT/msg1" &&
	sed "s/^Subject:/X-Developer-Signature: v=1; a=ed25519-sha256; b=AAAA\n&/" review.eml >signed.eml &&
	civil-sendmail -i a@kernel-test.invalid <signed.eml 2>err &&
	test_cmp signed.eml "$SENT/msg2" &&
	test ! -s err &&
	on_tty out "civil-sendmail -i a@kernel-test.invalid <signed.eml" &&
	test_cmp signed.eml "$SENT/msg3" &&
	grep "civil-sendmail: message is signed by patatt" out
'

test_expect_success 'a message without headers is passed on, with a word on a terminal' '
	reset_sent &&
	printf "just text\n" >text &&
	civil-sendmail a@kernel-test.invalid <text 2>err &&
	test "$(cat "$SENT/msg1")" = "just text" &&
	test ! -s err &&
	on_tty out "civil-sendmail a@kernel-test.invalid <text" &&
	test "$(cat "$SENT/msg2")" = "just text" &&
	grep "civil-sendmail: .<stdin>. is not a mail message; passed on unchanged" out
'

test_expect_success 'nothing on stdin: an error, the real sendmail not called' '
	reset_sent &&
	test_expect_code 66 civil-sendmail a@kernel-test.invalid </dev/null 2>err &&
	grep "civil-sendmail: no message on standard input; nothing sent" err &&
	test $(sent_count) -eq 0
'

test_expect_success 'the real sendmail fails: its status, its words' '
	write_script failing.sendmail <<-\EOF &&
	cat >/dev/null
	echo "sendmail: relay refused" >&2
	exit 75
	EOF
	git config civil.sendmail "$PWD/failing.sendmail" &&
	{ civil-sendmail -i a@kernel-test.invalid <review.eml 2>err; status=$?; } &&
	git config --unset civil.sendmail &&
	test $status -eq 75 &&
	grep "sendmail: relay refused" err
'

test_expect_success 'the real sendmail is missing: the message is kept, and where' '
	git config civil.sendmail /nonexistent/sendmail &&
	{ civil-sendmail -i a@kernel-test.invalid <review.eml 2>err; status=$?; } &&
	git config --unset civil.sendmail &&
	test $status -eq 69 &&
	kept=$(sed -n "s/.*the message is kept in .\(.*\).\$/\1/p" err) &&
	grep "can.t run ./nonexistent/sendmail.: No such file or directory" err &&
	test_cmp review.eml "$kept" &&
	test "$(stat -c %a "$kept")" = 600
'

test_expect_success 'civil.sendmail pointing back at civil-sendmail is refused' '
	git config civil.sendmail civil-sendmail &&
	{ civil-sendmail -i a@kernel-test.invalid <review.eml 2>err; status=$?; } &&
	git config --unset civil.sendmail &&
	test $status -eq 69 &&
	grep "is civil-sendmail itself" err
'

cat >hostile.eml <<'EOF2'
From: Re Viewer <reviewer@kernel-test.invalid>
To: list@kernel-test.invalid
Subject: Re: [PATCH 1/2] sched: change
In-Reply-To: <patch-1@kernel-test.invalid>

On Mon, A U Thor wrote:
> +	x = 1;

You clearly have no idea what you are doing.  This is garbage.
EOF2

test_expect_success 'tone: warn (default) on a terminal says why, then sends' '
	reset_sent &&
	on_tty err "civil-sendmail -i a@kernel-test.invalid <hostile.eml" &&
	test $(sent_count) -eq 1 &&
	grep "civil-sendmail: tone: \"You clearly have no idea what you are doing.\"" err &&
	# contempt for code is sharp: the code protects it
	! grep "This is garbage" err
'

test_expect_success 'tone: warn, no terminal: held once with one line (75), sent the second time' '
	reset_sent &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test $(sent_count) -eq 0 &&
	test_line_count 1 err &&
	grep "^civil-sendmail: held for its tone: \"You clearly have no idea what you are doing.\" ([^)]*); sent again within 10 minutes, it goes out\$" err &&
	held=$(ls "$HOME/.local/state/civil/held/"*.eml) &&
	test_cmp hostile.eml $held &&
	test "$(stat -c %a $held)" = 600 &&
	civil-sendmail --held >list &&
	grep "left to send it again)  Re: \[PATCH 1/2\] sched: change\$" list &&
	grep "^    held for its tone: \"You clearly" list &&
	# a client makes a new Date and Message-ID for each try
	sed "/^Subject:/a Date: Mon, 2 Mar 2026 10:00:00 +0000\nMessage-ID: <try2@kernel-test.invalid>" hostile.eml >again.eml &&
	civil-sendmail -i a@kernel-test.invalid <again.eml 2>err &&
	test ! -s err && test $(sent_count) -eq 1 &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	! ls "$HOME/.local/state/civil/held/"*.eml 2>/dev/null &&
	civil-sendmail --held >list && test ! -s list &&
	# sent, so the next try is a new message: held again
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>/dev/null &&
	test $(sent_count) -eq 1
'

# Nowhere to hold it (no HOME, a full or read-only state directory; here
# a file where the directory should be, which stops root too): a warning
# would reach nobody and a hold could never be let through, so it is not
# sent (75: the client keeps it), and the one line says how to send it.
test_expect_success 'tone: warn, no terminal, nowhere to hold it: not sent (75), said how to send' '
	reset_sent &&
	: >"$HOME/not-a-dir" &&
	test_expect_code 75 env XDG_STATE_HOME="$HOME/not-a-dir" \
		civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test $(sent_count) -eq 0 &&
	test_line_count 1 err &&
	grep "^civil-sendmail: not sent for its tone: \"You clearly have no idea what you are doing.\" .*; it can.t be held to go out when sent again (can.t create .$HOME/not-a-dir/civil/held.: Not a directory): to send it anyway, set CIVIL_TONE=off\$" err &&
	test_expect_code 75 env XDG_STATE_HOME="$HOME/not-a-dir" \
		civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>/dev/null &&
	test $(sent_count) -eq 0 &&
	CIVIL_TONE=off XDG_STATE_HOME="$HOME/not-a-dir" \
		civil-sendmail -i a@kernel-test.invalid <hostile.eml &&
	test $(sent_count) -eq 1
'

test_expect_success 'tone: a held message whose .why was lost is listed, not hidden' '
	held="$HOME/.local/state/civil/held" &&
	cp hostile.eml "$held/$(printf "%064d" 7).eml" &&
	civil-sendmail --held >list &&
	grep "  (not held)  Re: \[PATCH 1/2\] sched: change\$" list &&
	grep "^    its .why is missing: not held, the next send is held again\$" list &&
	rm "$held/$(printf "%064d" 7).eml"
'

test_expect_success '--held goes alone: with more, a usage error, and no message read' '
	reset_sent &&
	test_expect_code 64 civil-sendmail --held a@kernel-test.invalid <review.eml >out 2>err &&
	grep -x "civil-sendmail: --held goes alone" err &&
	grep "^Usage: civil-sendmail" err &&
	test ! -s out &&
	test $(sent_count) -eq 0
'

test_expect_success 'tone: a subject with a line break in it is listed on one line, escaped' '
	sed "s/^Subject: .*/Subject: =?utf-8?q?Re:_x=0D=0A2026-01-01_00:00__(9:59_left)__fake?=/" hostile.eml >trick.eml &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <trick.eml 2>err &&
	test_line_count 1 err &&
	civil-sendmail --held >list &&
	grep -F "Re: x\r\n2026-01-01 00:00  (9:59 left)  fake" list &&
	! grep "^2026-01-01" list &&
	civil-sendmail -i a@kernel-test.invalid <trick.eml 2>/dev/null
'

test_expect_success 'tone: a hold ten minutes old is over; another text is another message' '
	held=$(ls "$HOME/.local/state/civil/held/"*.why) &&
	touch -d "11 minutes ago" $held &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>/dev/null &&
	civil-sendmail --held | grep "held for its tone" &&
	sed "s/This is garbage./This is garbage, really./" hostile.eml >other.eml &&
	reset_sent &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <other.eml 2>/dev/null &&
	test $(sent_count) -eq 0 &&
	civil-sendmail -i a@kernel-test.invalid <hostile.eml &&
	civil-sendmail -i a@kernel-test.invalid <other.eml &&
	test $(sent_count) -eq 2
'

test_expect_success 'tone: reject refuses, keeps it, says how; CIVIL_TONE=off sends' '
	git config civil.tone reject &&
	reset_sent &&
	test_expect_code 1 civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test $(sent_count) -eq 0 &&
	grep "not sent: civil.tone is .reject. (to send it anyway, set CIVIL_TONE=off" err &&
	CIVIL_TONE=off civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test $(sent_count) -eq 1 && test ! -s err &&
	git config civil.tone off &&
	civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test ! -s err &&
	git config --unset civil.tone
'

# Issue 24 item 3: a typo never weakens a setting.  civil-sendmail does
# not guess: the message is kept, the client told to try later (75), and
# the one line names the key.
test_expect_success 'a civil setting civil can'"'"'t read: kept under unsent, 75, one line naming it; a patch for --sendmail=CMD goes out' '
	reset_sent &&
	rm -rf "$HOME/.local/state/civil/unsent" &&
	git config civil.tone rejct &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <hostile.eml 2>err &&
	test $(sent_count) -eq 0 &&
	test_line_count 1 err &&
	grep "^civil-sendmail: git config civil.tone: .rejct. is not warn, reject or off; not sent: civil does not guess what a setting it can.t read means; the message is kept in .$HOME/.local/state/civil/unsent/.*\.eml.\$" err &&
	test_cmp hostile.eml "$(ls "$HOME"/.local/state/civil/unsent/*.eml)" &&
	git config --unset civil.tone &&
	git config civil.remnd off &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <review.eml 2>err &&
	test $(sent_count) -eq 0 &&
	grep "^civil-sendmail: git config civil.remnd: no such setting (civil has contact, reminder, remind, tone, threshold, review, lexicon, sendmail and repository); not sent" err &&
	# A patch for a sendmail the command line names (civil-install
	# --b4 writes it so) goes out as it came: no setting changes a
	# patch.  Without --sendmail, civil.sendmail is a setting it reads.
	git format-patch -q -1 --stdout >patch.eml &&
	civil-sendmail --sendmail="$TEST_DIR/fake.sendmail" -i a@kernel-test.invalid <patch.eml 2>err &&
	test ! -s err &&
	test $(sent_count) -eq 1 &&
	test_cmp patch.eml "$SENT/msg1" &&
	test_expect_code 75 civil-sendmail -i a@kernel-test.invalid <patch.eml 2>err &&
	grep "^civil-sendmail: git config civil.remnd: no such setting" err &&
	test_expect_code 75 civil-sendmail --sendmail="$TEST_DIR/fake.sendmail" -i a@kernel-test.invalid <review.eml 2>err &&
	test $(sent_count) -eq 1 &&
	git config --unset civil.remnd &&
	civil-sendmail -i a@kernel-test.invalid <review.eml 2>err &&
	test $(sent_count) -eq 2
'

test_expect_success 'tone: a bad CIVIL_TONE is said, and civil.tone stands' '
	git config civil.tone reject &&
	reset_sent &&
	cp hostile.eml bad-tone.eml &&
	{ CIVIL_TONE=maybe civil-remind bad-tone.eml 2>err; status=$?; } &&
	git config --unset civil.tone &&
	test $status -eq 1 && test_cmp hostile.eml bad-tone.eml &&
	grep -x "civil-remind: bad CIVIL_TONE .maybe. (want warn, reject or off)" err &&
	grep "not sending .*civil.tone is .reject." err
'

test_expect_success 'tone: a quoted insult in a civil reply is not flagged' '
	{ sed "/^\$/q" review.eml; printf "On Mon, Rex wrote:\n> You are an idiot and this is garbage.\n\nLet us keep this technical, please.\n"; } >calm.eml &&
	git config civil.tone reject &&
	reset_sent &&
	civil-sendmail -i a@kernel-test.invalid <calm.eml 2>err &&
	git config --unset civil.tone &&
	test ! -s err && test $(sent_count) -eq 1
'

test_expect_success 'tone in the hook: reject means git send-email sends nothing' '
	civil-install --git >/dev/null &&
	git config civil.tone reject &&
	cp hostile.eml h1.eml &&
	reset_sent &&
	if send_email h1.eml 2>err; then false; fi &&
	test $(sent_count) -eq 0 &&
	grep "civil-remind: tone:" err &&
	grep "not sending .*civil.tone is .reject.; to send it anyway: CIVIL_TONE=off git send-email" err &&
	test_cmp hostile.eml h1.eml &&
	CIVIL_TONE=off send_email h1.eml &&
	test $(sent_count) -eq 1 &&
	git config civil.tone warn &&
	cp hostile.eml h2.eml &&
	send_email h2.eml 2>err &&
	grep "civil-remind: tone:" err &&
	test $(sent_count) -eq 2 &&
	git config --unset civil.tone &&
	civil-install --git --uninstall >/dev/null
'

test_expect_success 'civil-install --b4 and --sendmail, and back' '
	git config --global --unset civil.sendmail &&
	git config --global sendemail.smtpServer "$TEST_DIR/fake.sendmail" &&
	cp "$HOME/.gitconfig" before &&
	civil-install --b4 --sendmail >out &&
	test "$(git config sendemail.smtpServer)" = "$HOME/.config/civil/civil-sendmail" &&
	test "$(git config civil.sendmail)" = "$TEST_DIR/fake.sendmail" &&
	grep "^civil-install: b4 and git send-email send through civil-sendmail" out &&
	grep "set sendmail=\"$CIVIL_BUILD/bin/civil-sendmail -oem -oi\"" out &&
	grep "outgoing = \(env CIVIL_TONE=off \)\{0,1\}$CIVIL_BUILD/bin/civil-sendmail\$" out &&
	grep "sendmail-program \"$CIVIL_BUILD/bin/civil-sendmail\"" out &&
	civil-install --b4 >again &&
	grep "^civil-install: b4 and git send-email send through civil-sendmail" again &&
	! grep "sendemail.smtpServer (" again &&
	civil-install --b4 --sendmail --uninstall &&
	test_cmp before "$HOME/.gitconfig" &&
	git config --global sendemail.smtpServer smtp.example.invalid &&
	civil-install --b4 >out 2>err &&
	test ! -s err &&
	grep -x "civil-install: sendemail.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .smtp.example.invalid." out &&
	civil-install --b4 --uninstall >/dev/null &&
	git config --global --unset sendemail.smtpServer &&
	git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
'

test_expect_success 'after civil-install --b4 --sendmail: git send-email and mutt, once each' '
	git config --global --unset civil.sendmail &&
	git config --global sendemail.smtpServer "$TEST_DIR/fake.sendmail" &&
	civil-install --git --b4 --sendmail >/dev/null &&
	cp review.eml r1.eml &&
	git format-patch -q -1 -o series &&
	reset_sent &&
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid r1.eml series/*.patch &&
	test $(sent_count) -eq 2 &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	# git puts the author in the body when the sender differs.
	body series/0001-*.patch >expect && body "$SENT/msg2" | sed 1,2d >actual &&
	test_cmp expect actual &&
	civil-sendmail -oem -oi -- a@kernel-test.invalid <review.eml &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg3") -eq 1 &&
	civil-install --git --b4 --sendmail --uninstall >/dev/null &&
	test "$(git config --global sendemail.smtpServer)" = "$TEST_DIR/fake.sendmail"
'

test_done
