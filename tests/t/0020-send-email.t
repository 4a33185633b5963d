#!/bin/sh
# The real git send-email, civil's sendemail-validate hook, and a fake
# sendmail that records what went out (as git's t9001 does).
. "$(dirname "$0")/lib.sh"

need_tool 'git send-email' 'git send-email --dump-aliases'

make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

for i in 1 2 3; do
	echo "int change$i;" >>kernel/sched.c
	git commit -q -a -m "sched: change $i" -m "Signed-off-by: A U Thor <author@kernel-test.invalid>"
done
git format-patch -q -3 -o series
git format-patch -q -3 --cover-letter -o covered
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/sched: three changes/; s/\*\*\* BLURB HERE \*\*\*/Three small changes./' covered/0000-cover-letter.patch

test_expect_success 'civil-install --git puts the hook where git looks' '
	civil-install --git >out &&
	test -x .git/hooks/sendemail-validate &&
	grep "installed sendemail-validate hook" out
'

test_expect_success 'a 3-patch series goes out byte-for-byte as format-patch wrote it' '
	reset_sent &&
	send_email --from="A U Thor <author@kernel-test.invalid>" series/*.patch &&
	test $(sent_count) -eq 3 &&
	for n in 1 2 3; do
		body series/000$n-*.patch >expect &&
		body "$SENT/msg$n" >actual &&
		test_cmp expect actual || return 1
	done &&
	test $(cat "$SENT"/msg* | count_lines "^Reviewed under" -) -eq 0
'

test_expect_success 'git am of what went out recreates identical trees' '
	git clone -q . ../applied &&
	git -C ../applied reset -q --hard HEAD~3 &&
	git -C ../applied am -q "$SENT/msg1" "$SENT/msg2" "$SENT/msg3" &&
	test "$(git -C ../applied rev-parse HEAD^{tree})" = "$(git rev-parse HEAD^{tree})" &&
	for n in 0 1 2; do
		test "$(git -C ../applied rev-parse HEAD~$n^{tree})" = \
			"$(git rev-parse HEAD~$n^{tree})" || return 1
	done
'

test_expect_success 'the series is what it would be with no hook at all' '
	mkdir -p ../plain-sent &&
	mv "$SENT"/* ../plain-sent/ &&
	mv .git/hooks/sendemail-validate ../civil-hook &&
	write_script .git/hooks/sendemail-validate </dev/null &&
	{ send_email --from="A U Thor <author@kernel-test.invalid>" series/*.patch; status=$?; } &&
	mv ../civil-hook .git/hooks/sendemail-validate &&
	test $status = 0 &&
	for n in 1 2 3; do
		# Only the ids and dates of this run may differ.
		grep -v -i -e "^Message-ID:" -e "^Date:" -e "^In-Reply-To:" \
			-e "^References:" "$SENT/msg$n" >expect &&
		grep -v -i -e "^Message-ID:" -e "^Date:" -e "^In-Reply-To:" \
			-e "^References:" ../plain-sent/msg$n >actual &&
		test_cmp expect actual || return 1
	done
'

cat >review.eml <<'EOF'
From: Re Viewer <reviewer@kernel-test.invalid>
Subject: Re: [PATCH 2/3] sched: change 2

On Fri, Feb 27, 2015 at 01:00:00PM +0000, A U Thor wrote:
> +int change2;

Why a global?  Please make it static.
EOF

test_expect_success 'a review reply goes out with the reminder once, naming the contact' '
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" review.eml &&
	test $(sent_count) -eq 1 &&
	grep "^In-Reply-To: <patch-2@kernel-test.invalid>" "$SENT/msg1" &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	test $(count_lines "^Concerns: <$TEST_CONTACT>\$" "$SENT/msg1") -eq 1 &&
	test $(count_lines "^-- \$" "$SENT/msg1") -eq 1
'

test_expect_success 'the same file sent twice still carries it once' '
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" review.eml &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

# Issue 24 item 3: a typo never weakens a setting.  In the hook too: a
# civil setting it can't read is the user's to fix, not an internal error
# to send past (civil.tone=rejct must not send what reject would hold);
# git send-email sends nothing, says the key, and patches, which civil
# never reads settings for, still go.
test_expect_success 'the hook and a civil setting it can'"'"'t read: named, nothing sent; patches go' '
	git config civil.tone rejct &&
	reset_sent &&
	cp review.eml typo.eml &&
	test_must_fail_send() { if send_email "$@" 2>err; then false; fi; } &&
	test_must_fail_send --in-reply-to="<patch-2@kernel-test.invalid>" typo.eml &&
	test $(sent_count) -eq 0 &&
	test_cmp review.eml typo.eml &&
	grep -x "civil-remind: git config civil.tone: .rejct. is not warn, reject or off" err &&
	grep -x "civil-remind: not sending .[^ ]*/typo.eml.: civil does not guess what a setting it can.t read means; fix it, or send without civil: git send-email --no-validate ..." err &&
	git config --unset civil.tone &&
	git config --global civil.remnd off &&
	test_must_fail_send typo.eml &&
	grep -x "civil-remind: git config civil.remnd: no such setting (civil has contact, reminder, remind, tone, threshold, review, lexicon, sendmail and repository)" err &&
	send_email --from="A U Thor <author@kernel-test.invalid>" series/0001-*.patch &&
	test $(sent_count) -eq 1 &&
	git config --global --unset civil.remnd &&
	send_email typo.eml &&
	test $(sent_count) -eq 2
'

test_expect_success 'a cover letter goes out unchanged' '
	reset_sent &&
	# format-patch signs a cover letter with the committer.
	send_email --from="C O Mitter <committer@kernel-test.invalid>" covered/*.patch &&
	test $(sent_count) -eq 4 &&
	body covered/0000-cover-letter.patch >expect &&
	body "$SENT/msg1" >actual &&
	test_cmp expect actual
'

qp_review() {
	cat <<-\EOF
	From: Re Viewer <reviewer@kernel-test.invalid>
	Subject: Re: [PATCH 3/3] sched: change 3
	MIME-Version: 1.0
	Content-Type: text/plain; charset=utf-8
	Content-Transfer-Encoding: quoted-printable

	> +int change3;

	Gr=C3=BC=C3=9Fe, and no: this name says nothing about what it counts, pleas=
	e rename it.
	EOF
}

test_expect_success 'a quoted-printable review: reminder added, still QP' '
	qp_review >qp.eml &&
	reset_sent &&
	send_email --transfer-encoding=quoted-printable \
		--in-reply-to="<patch-3@kernel-test.invalid>" qp.eml &&
	grep "^Content-Transfer-Encoding: quoted-printable" "$SENT/msg1" &&
	grep "^Gr=C3=BC=C3=9Fe, and no" "$SENT/msg1" &&
	grep "^--=20\$" "$SENT/msg1" &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

test_expect_success 'a base64 review: reminder added, still base64' '
	{
		printf "From: Re Viewer <reviewer@kernel-test.invalid>\n"
		printf "Subject: Re: [PATCH 3/3] sched: change 3\n"
		printf "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
		printf "Content-Transfer-Encoding: base64\n\n"
		printf "> +int change3;\n\nPlease rename it.\n" | base64
	} >b64.eml &&
	reset_sent &&
	send_email --transfer-encoding=base64 \
		--in-reply-to="<patch-3@kernel-test.invalid>" b64.eml &&
	grep "^Content-Transfer-Encoding: base64" "$SENT/msg1" &&
	body "$SENT/msg1" | base64 -d >decoded &&
	test $(count_lines "^$REMINDER" decoded) -eq 1 &&
	grep "^Please rename it." decoded
'

test_expect_success 'a PGP-signed review goes out unchanged, and civil says why' '
	{
		printf "From: Re Viewer <reviewer@kernel-test.invalid>\n"
		printf "Subject: Re: [PATCH 1/3] sched: change 1\n\n"
		printf -- "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
		printf "> +int change1;\n\nLooks fine.\n\nAcked-by: Re Viewer\n"
		printf -- "-----BEGIN PGP SIGNATURE-----\n\nAAAA\n-----END PGP SIGNATURE-----\n"
	} >signed.eml &&
	cp signed.eml signed.orig &&
	reset_sent &&
	send_email --in-reply-to="<patch-1@kernel-test.invalid>" signed.eml 2>err &&
	test_cmp signed.orig signed.eml &&
	body signed.orig >expect &&
	body "$SENT/msg1" >actual &&
	test_cmp expect actual &&
	grep "civil-remind: .*inline PGP; left unchanged" err
'

test_expect_success 'core.hooksPath is honoured' '
	git config core.hooksPath .githooks &&
	civil-install --git &&
	test -x .githooks/sendemail-validate &&
	sed "s/Please make it static./Still a global./" review.eml >r2.eml &&
	sed -i "/^-- \$/,\$d" r2.eml &&
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" r2.eml &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	civil-install --git --uninstall &&
	test ! -e .githooks/sendemail-validate &&
	git config --unset core.hooksPath
'

test_must_fail_send() {
	if send_email "$@"; then
		echo "send succeeded but should have failed" >&2
		return 1
	fi
	return 0
}

test_expect_success 'a user hook that rejects still rejects, and nothing is sent' '
	civil-install --git --uninstall &&
	write_script .git/hooks/sendemail-validate <<-\EOF &&
	echo "checkpatch says no" >&2
	exit 1
	EOF
	cp .git/hooks/sendemail-validate ../user-hook &&
	civil-install --git >out &&
	grep "kept your sendemail-validate hook" out &&
	printf "> +int change2;\n\nNo.\n" >r3.body &&
	{ printf "Subject: Re: [PATCH 2/3] sched: change 2\n\n"; cat r3.body; } >r3.eml &&
	cp r3.eml r3.orig &&
	reset_sent &&
	test_must_fail_send --in-reply-to="<patch-2@kernel-test.invalid>" r3.eml 2>err &&
	grep "checkpatch says no" err &&
	test $(sent_count) -eq 0 &&
	test_cmp r3.orig r3.eml
'

test_expect_success 'a user hook that accepts runs, then civil' '
	write_script .git/hooks/sendemail-validate.civil-chained <<-\EOF &&
	echo "user hook ran on $1" >>"$CIVIL_TEST_SENT/../user-hook.log"
	EOF
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" r3.eml &&
	grep "user hook ran on .*r3.eml" ../user-hook.log &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

test_expect_success 'uninstall puts the user hook back exactly' '
	cp ../user-hook .git/hooks/sendemail-validate.civil-chained &&
	chmod 751 .git/hooks/sendemail-validate.civil-chained &&
	civil-install --git --uninstall >out &&
	grep "restored your sendemail-validate hook" out &&
	test_cmp ../user-hook .git/hooks/sendemail-validate &&
	test "$(stat -c %a .git/hooks/sendemail-validate)" = 751 &&
	test ! -e .git/hooks/sendemail-validate.civil-chained
'

test_expect_success 'installing twice changes nothing' '
	civil-install --git &&
	ls -l --time-style=+%s .git/hooks >before &&
	cp .git/hooks/sendemail-validate hook-before &&
	civil-install --git >out &&
	grep "already installed" out &&
	ls -l --time-style=+%s .git/hooks >after &&
	test_cmp before after &&
	test_cmp hook-before .git/hooks/sendemail-validate &&
	civil-install --git --uninstall &&
	civil-install --git --uninstall >out &&
	grep "no civil sendemail-validate hook" out
'

test_expect_success 'a linked worktree reads the code at its own HEAD' '
	rm .git/hooks/sendemail-validate &&
	civil-install --git &&
	git worktree add -q ../wt &&
	cd ../wt &&
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" ../linux/r3.orig &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

test_expect_success 'a kernel tree with code-of-conduct.rst names conduct@kernel.org' '
	git init -q ../modern &&
	cd ../modern &&
	mkdir -p Documentation/process &&
	cat >Documentation/process/code-of-conduct.rst <<-\EOF &&
	Contributor Covenant Code of Conduct (test tree)
	++++++++++++++++++++++++++++++++++++++++++++++++

	Abusive behaviour may be reported by contacting the Code of Conduct
	Committee at <conduct@kernel.org>.
	EOF
	git add . && git commit -q -m "docs: code of conduct" &&
	civil-install --git &&
	{ printf "Subject: Re: [PATCH 2/3] sched: change 2\n\n"; cat ../linux/r3.body; } >r4.eml &&
	reset_sent &&
	send_email --in-reply-to="<patch-2@kernel-test.invalid>" r4.eml &&
	grep -x "$(reminder_line Documentation/process/code-of-conduct.rst)" "$SENT/msg1" &&
	grep -x "Concerns: <conduct@kernel.org>" "$SENT/msg1"
'

test_done
