#!/bin/sh
# Removing civil in the wrong order (issue 30 item 3): make uninstall (or
# the package removed) before civil-install --uninstall never stops mail.
# git send-email and b4 are given civil's shim (hooks/civil-sendmail,
# beside civil's own settings), not civil-sendmail itself: with civil gone
# it hands each message to the sendmail civil-sendmail would have used,
# without the reminder and saying so, as the sendemail-validate hook does.
# civil-install --uninstall with no piece named says what is installed.
. "$(dirname "$0")/lib.sh"

need_tool b4 'b4 --version'
need_tool 'git send-email' 'git send-email --dump-aliases'
# b4 ty thanks for recent commits of "the current user" (0055-b4.t).
unset GIT_AUTHOR_DATE GIT_COMMITTER_DATE GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL \
	GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
export XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache"
git config --global user.name "Main Tainer"
git config --global user.email maint@kernel-test.invalid

inst=$TEST_DIR/inst
mk_inst() {
	make_from_build PREFIX="$inst/usr" DATADIR="$inst/data" "$@"
}
PATH="$inst/usr/bin:$PATH"
REMINDER=$(reminder_line Documentation/CodeOfConflict)

# Where mail went before civil: a program for everyone, a command line
# for one identity.
printf '[sendemail]\n\tsmtpServer = %s\n[sendemail "relay"]\n\tsendmailCmd = "%s" --via-relay\n' \
	"$TEST_DIR/fake.sendmail" "$TEST_DIR/fake.sendmail" >>"$HOME/.gitconfig"
cp "$HOME/.gitconfig" gitconfig.before

make_kernel_repo src
(
	cd src &&
	for i in 1 2; do
		echo "int c$i;" >>kernel/sched.c
		git commit -q -a -m "sched: change $i" \
			-m "Signed-off-by: A U Thor <author@kernel-test.invalid>"
	done &&
	git format-patch -q -2 --cover-letter --thread \
		--to=list@kernel-test.invalid -o ../series &&
	sed -i "s/\*\*\* SUBJECT HERE \*\*\*/sched: two changes/; s/\*\*\* BLURB HERE \*\*\*/Two small changes./" \
		../series/0000-*
)
cat series/*.patch >series.mbox
git clone -q src maint
git -C maint reset -q --hard HEAD~2
cd maint
cp .git/config ../repo.config.before
write_review review.eml

# --uninstall alone asks notmuch for its hook directory, here without a
# notmuch config: libnotmuch leaks on that path, and LeakSanitizer knows
# it as libnotmuch's only with the slow unwinder (lsan.supp, 0090).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

# send [ARGS] - git send-email of the review (as written: the hook edits
# the file it sends), where the config says.
send() {
	write_review review.eml &&
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid "$@" review.eml
}

# ty - b4 am, git am and b4 ty -S of the series: one thank-you note sent.
n_ty=0
ty() {
	n_ty=$((n_ty + 1)) &&
	git reset -q --hard origin/main~2 &&
	mkdir -p "../am$n_ty" &&
	b4 -q am -m ../series.mbox -o "../am$n_ty" && git am -q ../am$n_ty/*.mbx &&
	b4 -q ty -a -S </dev/null
}

test_expect_success 'without civil: where each route sends' '
	reset_sent &&
	send && send --identity=relay &&
	tr "\n" " " <"$SENT/argv1" >../before.argv1 &&
	tr "\n" " " <"$SENT/argv2" >../before.argv2 &&
	grep "^!--via-relay! " ../before.argv2 &&
	! grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'installed (make install), then civil-install --git --b4: the routes name the shim' '
	make_from_build >../out 2>&1 && mk_inst install >../out 2>&1 &&
	test "$(command -v civil-install)" = "$inst/usr/bin/civil-install" &&
	civil-install --git >../out &&
	{ civil-install --b4 >../out 2>../err; test $? -le 1; } &&
	shim="$HOME/.config/civil/civil-sendmail" &&
	test -x "$shim" &&
	test "$(git config sendemail.smtpServer)" = "$shim" &&
	q="'"'"'" &&
	test "$(git config sendemail.relay.sendmailCmd)" = "$q$shim$q --sendmail=$q$TEST_DIR/fake.sendmail --via-relay$q" &&
	reset_sent &&
	send && send --identity=relay &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	head -n 1 "$SENT/argv2" | grep -x "!--via-relay!" &&
	ty && { ls "$SENT"; test $(sent_count) -eq 3; } &&
	grep "^Subject: Re: \[PATCH 0/2\] sched: two changes" "$SENT/msg3"
'

test_expect_success 'civil-install --uninstall alone: what is installed, and the command that takes it away' '
	test_expect_code 2 civil-install --uninstall >../out 2>../err &&
	test ! -s ../err &&
	hooks=$(cd .git/hooks && pwd -P) &&
	q="'"'"'" &&
	{
		echo "civil-install: --git is installed: the sendemail-validate hook in $q$hooks$q; civil.repository in $q~/.config/civil/git.inc$q" &&
		echo "civil-install: --b4 is installed: civil.repository, civil.sendmail, sendemail.relay.sendmailCmd, sendemail.smtpServer in $q~/.config/civil/git.inc$q" &&
		echo "civil-install: to take them away: civil-install --uninstall --git --b4 (and --git in each other tree it was run in)"
	} >../expect &&
	test_cmp ../expect ../out
'

test_expect_success 'make uninstall first: git send-email, its hook and b4 still send, without the reminder, saying so' '
	mk_inst uninstall >../out 2>&1 &&
	test ! -e "$inst/usr/bin/civil-sendmail" &&
	reset_sent &&
	send 2>../err &&
	grep -x "civil: $inst/usr/bin/civil-remind not found; sent without the reminder" ../err &&
	grep -x "civil: $inst/usr/bin/civil-sendmail not found; sent without the reminder" ../err &&
	! grep "Can.t exec" ../err &&
	send --identity=relay 2>../err &&
	grep -x "civil: $inst/usr/bin/civil-sendmail not found; sent without the reminder" ../err &&
	tr "\n" " " <"$SENT/argv1" >../after.argv1 &&
	tr "\n" " " <"$SENT/argv2" >../after.argv2 &&
	test_cmp ../before.argv1 ../after.argv1 &&
	test_cmp ../before.argv2 ../after.argv2 &&
	! grep "^Reviewed under" "$SENT/msg1" "$SENT/msg2" &&
	ty && { ls "$SENT"; test $(sent_count) -eq 3; } &&
	grep "^Subject: Re: \[PATCH 0/2\] sched: two changes" "$SENT/msg3"
'

test_expect_success 'installed again, civil-install --uninstall: every file as it was' '
	mk_inst install >../out 2>&1 &&
	civil-install --uninstall --git --b4 >../out &&
	cmp ../gitconfig.before "$HOME/.gitconfig" &&
	cmp ../repo.config.before .git/config &&
	test ! -e "$HOME/.config/civil" &&
	test ! -e .git/hooks/sendemail-validate &&
	civil-install --uninstall >../out &&
	grep -x "civil-install: nothing of civil.s is installed here (a --git hook is in the tree it was run in)" ../out &&
	mk_inst uninstall >../out 2>&1
'

test_done
