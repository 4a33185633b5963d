#!/bin/sh
# The real b4 (0.12 here): thank-you notes from "b4 ty" (for a series
# and for a pull request) sent through the sendemail-validate hook and
# through civil-sendmail: not reviews, so they go out as b4 wrote them;
# and "b4 send" of a patatt-signed series through civil-sendmail, left
# byte for byte alone.
. "$(dirname "$0")/lib.sh"

need_tool b4 'b4 --version'
need_tool 'git send-email' 'git send-email --dump-aliases'
# b4 looks for recent commits (ty: the last week, prep: the last year):
# today's dates, not the fixed ones of the other tests; and b4 ty
# thanks for what "the current user" committed: user.email, as set here.
unset GIT_AUTHOR_DATE GIT_COMMITTER_DATE GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL \
	GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config" \
	XDG_CACHE_HOME="$HOME/.cache"
git config --global user.name "Main Tainer"
git config --global user.email maint@kernel-test.invalid
REMINDER=$(reminder_line Documentation/CodeOfConflict)

# What b4 hands to civil-sendmail, recorded on the way in.
write_script tee.sendmail <<EOS
cat >"$TEST_DIR/in.\$\$"
echo "$TEST_DIR/in.\$\$" >>"$TEST_DIR/in.list"
exec "$CIVIL_BUILD/bin/civil-sendmail" "\$@" <"$TEST_DIR/in.\$\$"
EOS
git config --global civil.sendmail "$TEST_DIR/fake.sendmail"

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

test_expect_success 'b4 am, git am, b4 ty: a thank-you note written' '
	mkdir am ty &&
	(cd maint && b4 -q am -m ../series.mbox -o ../am && git am -q ../am/*.mbx &&
	 b4 -q ty -a -o ../ty) &&
	ls ty/*.thanks >list &&
	test_line_count 1 list &&
	grep "^Subject: Re: \[PATCH 0/2\] sched: two changes" ty/*.thanks
'

# An "Applied, thanks!" is not a review: no reminder (issue 24 item 1).
test_expect_success 'the b4 ty note sent with git send-email: as b4 wrote it, no reminder' '
	cd maint &&
	civil-install --git >/dev/null &&
	reset_sent &&
	git send-email --quiet --confirm=never --suppress-cc=all \
		--smtp-server="$TEST_DIR/fake.sendmail" ../ty/*.thanks &&
	test $(sent_count) -eq 1 &&
	grep "^Applied, thanks!" "$SENT/msg1" &&
	! grep "^Reviewed under" "$SENT/msg1" &&
	body ../ty/*.thanks >want && body "$SENT/msg1" >got &&
	test_cmp want got &&
	civil-remind --dry-run ../ty/*.thanks >dry &&
	grep ": thank-you note: left unchanged" dry
'

test_expect_success 'b4 ty -S through civil-sendmail: the note goes out as b4 wrote it' '
	cd maint &&
	git config sendemail.smtpServer "$TEST_DIR/tee.sendmail" &&
	mkdir -p ../am2 &&
	git reset -q --hard HEAD~2 &&
	b4 -q am -m ../series.mbox -o ../am2 && git am -q ../am2/*.mbx &&
	reset_sent && rm -f "$TEST_DIR/in.list" &&
	b4 -q ty -a -S </dev/null &&
	test $(sent_count) -eq 1 &&
	grep "^Applied, thanks!" "$SENT/msg1" &&
	test_cmp "$(cat "$TEST_DIR/in.list")" "$SENT/msg1" &&
	test $(count_lines "^Reviewed under" "$SENT/msg1") -eq 0 &&
	grep "^!-i!\$" "$SENT/argv1" && grep "^!-f!\$" "$SENT/argv1"
'

# b4's example template names the branch ("Applied to ${branch}, thanks!")
# and links each commit.
test_expect_success 'b4 ty -S with a template naming the branch: as b4 wrote it' '
	cd maint &&
	printf "%s\n\n%s\n\n%s\n\n%s\n-- \n%s\n" "On \${sentdate}, \${fromname} wrote:" \
		"Applied to \${branch}, thanks!" "\${summary}" "Best regards," \
		"\${signature}" >../branch.tpl &&
	git config b4.thanks-am-template "$TEST_DIR/branch.tpl" &&
	git config b4.thanks-commit-url-mask "https://git.kernel-test.invalid/sched/c/%.12s" &&
	mkdir -p ../am5 &&
	git reset -q --hard HEAD~2 &&
	b4 -q am -m ../series.mbox -o ../am5 && git am -q ../am5/*.mbx &&
	reset_sent && rm -f "$TEST_DIR/in.list" &&
	b4 -q ty -a -S </dev/null &&
	test $(sent_count) -eq 1 &&
	grep "^Applied to main, thanks!" "$SENT/msg1" &&
	grep "^      https://git.kernel-test.invalid/sched/c/" "$SENT/msg1" &&
	test_cmp "$(cat "$TEST_DIR/in.list")" "$SENT/msg1" &&
	git config --unset b4.thanks-am-template &&
	git config --unset b4.thanks-commit-url-mask
'

# A pull request, as git request-pull writes it, from a tree that
# url.insteadOf turns into a local path (b4 pr takes only git:// and
# http(s):// URLs, and nothing here touches the network; request-pull
# prints the path, put back to the URL); merged, b4 ty thanks for it with
# "Merged, thanks!".
test_expect_success 'b4 pr, a merge, b4 ty -S: the pull request'"'"'s reply goes out as b4 wrote it' '
	git clone -q src sub && (
		cd sub && git reset -q --hard HEAD~2 &&
		git checkout -q -b for-linus &&
		echo "int e1;" >kernel/fork.c && git add kernel/fork.c &&
		git commit -q -m "fork: a fix for linus" \
			-m "Signed-off-by: A U Thor <author@kernel-test.invalid>"
	) &&
	git config --global url."$TEST_DIR/sub".insteadOf https://git.kernel-test.invalid/sub.git &&
	{
		printf "From: A U Thor <author@kernel-test.invalid>\n"
		printf "To: Main Tainer <maint@kernel-test.invalid>\n"
		printf "Cc: list@kernel-test.invalid\n"
		printf "Subject: [GIT PULL] sched fixes\n"
		printf "Message-ID: <pull-1@kernel-test.invalid>\n"
		printf "Date: %s\n\n" "$(date -R)"
		printf "Hi,\n\nOne fix for the scheduler.\n\n"
		git -C sub request-pull main https://git.kernel-test.invalid/sub.git for-linus |
			sed "s|$TEST_DIR/sub|https://git.kernel-test.invalid/sub.git|"
	} >pull.eml &&
	cd maint &&
	git checkout -q -B main HEAD &&
	b4 -q pr <../pull.eml >/dev/null 2>&1 &&
	git merge -q --no-ff --no-edit FETCH_HEAD &&
	git config sendemail.smtpServer "$TEST_DIR/tee.sendmail" &&
	reset_sent && rm -f "$TEST_DIR/in.list" &&
	b4 -q ty -a -S </dev/null &&
	test $(sent_count) -eq 1 &&
	grep "^Subject: Re: \[GIT PULL\] sched fixes" "$SENT/msg1" &&
	grep "^Merged, thanks!" "$SENT/msg1" &&
	test_cmp "$(cat "$TEST_DIR/in.list")" "$SENT/msg1" &&
	git reset -q --hard HEAD^1
'

test_expect_success 'civil-install --b4 with a b4.sendemail-identity: b4 ty -S through civil; civil.remind=replies reminds it once' '
	cd maint &&
	git config --unset sendemail.smtpServer &&
	git config --global sendemail.linux.smtpServer "$TEST_DIR/fake.sendmail" &&
	git config --global b4.sendemail-identity linux &&
	civil-install --b4 >out 2>err &&
	grep -x "civil-install: sendemail.linux.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then .$TEST_DIR/fake.sendmail." out &&
	test "$(git config sendemail.linux.smtpServer)" = "$HOME/.config/civil/civil-sendmail" &&
	mkdir -p ../am3 &&
	git reset -q --hard HEAD~2 &&
	b4 -q am -m ../series.mbox -o ../am3 && git am -q ../am3/*.mbx &&
	reset_sent &&
	git config civil.remind replies &&
	b4 -q ty -a -S </dev/null &&
	git config --unset civil.remind &&
	test $(sent_count) -eq 1 &&
	test $(count_lines "^$REMINDER" "$SENT/msg1") -eq 1 &&
	grep "^!-i!\$" "$SENT/argv1" &&
	civil-install --b4 --uninstall >/dev/null &&
	test "$(git config sendemail.linux.smtpServer)" = "$TEST_DIR/fake.sendmail" &&
	git config --global --unset b4.sendemail-identity &&
	git config --global --remove-section sendemail.linux
'

test_expect_success 'b4 ty -S of heated words: b4 shows civil'"'"'s line and fails; the same again is sent' '
	cd maint &&
	git config sendemail.smtpServer "$CIVIL_BUILD/bin/civil-sendmail" &&
	printf "%s\n\n%s\n\n%s\n" "\${quote}" \
		"You clearly have no idea what you are doing.  This is garbage." \
		"\${summary}" >../heated.tpl &&
	git config b4.thanks-am-template "$TEST_DIR/heated.tpl" &&
	mkdir -p ../am4 &&
	git reset -q --hard HEAD~2 &&
	b4 -q am -m ../series.mbox -o ../am4 && git am -q ../am4/*.mbx &&
	reset_sent &&
	! b4 -q ty -a -S </dev/null >out 2>&1 &&
	test $(sent_count) -eq 0 &&
	grep "Error running .*civil-sendmail.*: civil-sendmail: held for its tone: \"You clearly have no idea what you are doing.\"" out &&
	b4 -q ty -a -S </dev/null &&
	test $(sent_count) -eq 1 &&
	grep "^This is garbage\|You clearly have no idea" "$SENT/msg1" &&
	git config --unset b4.thanks-am-template &&
	git config --unset sendemail.smtpServer
'

test_expect_success 'b4 send of a signed series: every byte as b4 wrote it' '
	/usr/bin/python3 -c "import patatt, sys; sys.argv = [\"patatt\", \"genkey\"]; patatt.command()" >/dev/null 2>&1 &&
	sel=$(ls "$XDG_DATA_HOME/patatt/private" | sed -n "s/\.key\$//p" | head -n 1) &&
	git config --global patatt.signingkey "ed25519:$sel" &&
	git config --global patatt.selector "$sel" &&
	git clone -q src prep && cd prep &&
	git reset -q --hard HEAD~2 &&
	b4 -q prep -n feature &&
	write_script ../editor <<-\EOS &&
	sed -i "s/^EDITME: cover title.*/sched: two changes/; s/^EDITME: describe.*/Two small changes./" "$1"
	EOS
	EDITOR=../editor b4 -q prep --edit-cover &&
	for i in 1 2; do
		echo "int d$i;" >>kernel/sched.c &&
		git commit -q -a -m "sched: more $i" -m "Signed-off-by: Main Tainer <maint@kernel-test.invalid>" || return 1
	done &&
	git config b4.send-series-to list@kernel-test.invalid &&
	git config sendemail.smtpServer "$TEST_DIR/tee.sendmail" &&
	reset_sent && rm -f "$TEST_DIR/in.list" &&
	echo | b4 -q send --reflect &&
	test $(sent_count) -eq 3 &&
	n=1 &&
	for f in $(cat "$TEST_DIR/in.list"); do
		test_cmp "$f" "$SENT/msg$n" &&
		grep -q "^X-Developer-Signature: v=1; a=ed25519-sha256" "$SENT/msg$n" &&
		! grep -q "^Reviewed under" "$SENT/msg$n" || return 1
		n=$((n + 1))
	done
'

# Issue 24 item 9: b4 --version takes seconds (its Python imports).
test_expect_success 'civil-install --b4 asks b4 for its version once' '
	mkdir -p count-b4 &&
	write_script count-b4/b4 <<-EOS &&
	echo "\$*" >>"$TEST_DIR/b4.calls"
	exec "$(command -v b4)" "\$@"
	EOS
	rm -f "$TEST_DIR/b4.calls" &&
	(cd src && PATH="$TEST_DIR/count-b4:$PATH" civil-install --b4 >/dev/null 2>&1;
	 civil-install --b4 --uninstall >/dev/null) &&
	test "$(grep -c -- --version "$TEST_DIR/b4.calls")" -eq 1
'

# b4 0.16 added b4.review-reply-template (civil-install --b4 then writes
# one that carries the reminder: unit-tested in check_remind.c); the b4
# here is older, and civil must say so and set nothing.
test_expect_success 'civil-install --b4 with this b4: no review reply template set' '
	git init -q tpl && (
		cd tpl &&
		ver=$(b4 --version) &&
		case $ver in 0.1[0-5].* | 0.[0-9].*) ;; *) exit 0 ;; esac &&
		civil-install --b4 >out &&
		grep "^civil-install: b4 0\.[0-9]* has no review reply template (0.16 added one)" out &&
		! git config --local --get b4.review-reply-template &&
		! git config --global --get b4.review-reply-template &&
		! test -e .git/civil-b4-review-reply-template &&
		civil-install --b4 --uninstall >/dev/null &&
		! git config --global --get sendemail.smtpServer
	)
'

# b4 0.16 reads b4.review-reply-template each time it writes a reply
# from its review TUI (review/_review.py, _apply_reply_template): lines
# starting with '#' dropped, then string.Template's safe_substitute.
# That b4 can't run on Debian 12; this renders civil's template the same
# way, and a b4 that says it is 0.16 lets civil-install write it.
cat >render.py <<'EOF'
import string, sys
tpt = ''.join(l for l in open(sys.argv[1], encoding='utf-8') if not l.startswith('#'))
reply = 'On Mon, A U Thor wrote:\n> +int c1;\n\nWhy a global?'
body = string.Template(tpt).safe_substitute(
    reply=reply, signature='Main Tainer <maint@kernel-test.invalid>').strip('\n')
sys.stdout.write('From: Main Tainer <maint@kernel-test.invalid>\n'
                 'To: list@kernel-test.invalid\n'
                 'Subject: Re: [PATCH 1/2] sched: change 1\n'
                 'In-Reply-To: <patch-1@kernel-test.invalid>\n'
                 'X-Developer-Signature: v=1; a=ed25519-sha256; t=1; b=AAAA\n'
                 '\n' + body + '\n')
EOF
mkdir b4-016
write_script b4-016/b4 <<EOS
test "\$1" = --version && { echo 0.16.0; exit 0; }
exec "$(command -v b4)" "\$@"
EOS

test_expect_success 'b4 0.16 review template: a reply never goes out naming an old contact' '
	cd src &&
	PATH="$TEST_DIR/b4-016:$PATH" civil-install --b4 >out &&
	tpl=$(git config b4.review-reply-template) &&
	test "$tpl" = "$PWD/.git/civil-b4-review-reply-template" &&
	test "$(git config --file .git/civil.inc b4.review-reply-template)" = "$tpl" &&
	grep -x "Concerns: <$TEST_CONTACT>" "$tpl" &&
	/usr/bin/python3 ../render.py "$tpl" >reply.eml &&
	reset_sent &&
	civil-sendmail -i list@kernel-test.invalid <reply.eml 2>err &&
	test ! -s err && test_cmp reply.eml "$SENT/msg1" &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	# the contact changes after the template was written ...
	git config civil.contact new-board@kernel-test.invalid &&
	test_expect_code 65 civil-sendmail -i list@kernel-test.invalid <reply.eml 2>err &&
	test $(sent_count) -eq 1 &&
	grep -x "civil-sendmail: not sent: its reminder says .Concerns: <$TEST_CONTACT>. but the code.s says .Concerns: <new-board@kernel-test.invalid>. now; civil.s b4 review template is up to date now: send the reply again from b4" err &&
	# ... and b4 writes the next try from the template brought up to date
	grep -x "Concerns: <new-board@kernel-test.invalid>" "$tpl" &&
	/usr/bin/python3 ../render.py "$tpl" >reply2.eml &&
	civil-sendmail -i list@kernel-test.invalid <reply2.eml 2>err &&
	test ! -s err && test_cmp reply2.eml "$SENT/msg2" &&
	git config --unset civil.contact &&
	civil-install --b4 --uninstall >/dev/null &&
	! test -e "$tpl" &&
	! test -e .git/civil.inc &&
	! git config b4.review-reply-template
'

test_done
