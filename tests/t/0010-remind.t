#!/bin/sh
# civil-remind on its own: which mail gets the reminder, where it goes, and
# that every other byte stays as it was.
. "$(dirname "$0")/lib.sh"

make_kernel_repo linux
cd linux

REMINDER=$(reminder_line Documentation/CodeOfConflict)

cat >review.eml <<EOF
From: Re Viewer <reviewer@kernel-test.invalid>
To: list@kernel-test.invalid
Subject: Re: [PATCH 2/3] sched: fix the thing
In-Reply-To: <patch-2@kernel-test.invalid>
Message-ID: <review-1@kernel-test.invalid>
Date: Fri, 27 Feb 2015 14:00:00 +0000

On Fri, Feb 27, 2015 at 01:00:00PM +0000, A U Thor wrote:
> -	x = 0;
> +	x = 1;

This changes the default for every caller; please split it out.

Reviewed-by: Re Viewer <reviewer@kernel-test.invalid>
EOF

test_expect_success 'a review gets the reminder in a new signature block' '
	civil-remind - <review.eml >out &&
	tail -n 3 out >tail &&
	printf "%s\n%s\n%s\n" "-- " "$REMINDER" "Concerns: <$TEST_CONTACT>" >expect &&
	test_cmp expect tail
'

test_expect_success 'only bytes are added: the original is a prefix' '
	head -c $(wc -c <review.eml) out | test_cmp - review.eml &&
	test $(wc -l <out) -eq $(($(wc -l <review.eml) + 4))
'

test_expect_success 'running it again changes nothing' '
	civil-remind - <out >again &&
	test_cmp out again
'

test_expect_success 'FILE is rewritten in place, keeping its mode' '
	cp review.eml inplace.eml &&
	chmod 640 inplace.eml &&
	civil-remind inplace.eml 2>err &&
	test ! -s err &&
	test_cmp out inplace.eml &&
	test "$(stat -c %a inplace.eml)" = 640 &&
	test -z "$(ls -a | grep civil-)"
'

test_expect_success 'the reminder goes at the end of an existing signature' '
	{ cat review.eml; printf "\n-- \nRe Viewer\nKernel Test Ltd\n"; } >sig.eml &&
	civil-remind - <sig.eml >out &&
	test $(count_lines "^-- \$" out) -eq 1 &&
	tail -n 4 out >tail &&
	printf "%s\n%s\n%s\n%s\n" "Re Viewer" "Kernel Test Ltd" "$REMINDER" \
		"Concerns: <$TEST_CONTACT>" >expect &&
	test_cmp expect tail
'

test_expect_success 'a quoted reminder does not count as ours' '
	{ cat review.eml; printf "> %s\n" "$REMINDER"; } >quoted.eml &&
	civil-remind - <quoted.eml >out &&
	test $(count_lines "^$REMINDER" out) -eq 1
'

test_expect_success '--dry-run says what it would do and writes nothing' '
	cp review.eml dry.eml &&
	civil-remind --dry-run dry.eml >said &&
	test_cmp review.eml dry.eml &&
	grep "dry.eml: review: would add the reminder" said &&
	grep "code: Documentation/CodeOfConflict" said &&
	grep "contact: $TEST_CONTACT" said
'

test_expect_success '--dry-run of a file that is not there: nothing to show, nothing "sent"' '
	test_expect_code 1 civil-remind --dry-run nowhere.eml >said 2>err &&
	test ! -s said &&
	test_line_count 1 err &&
	grep "^civil-remind: can.t .*nowhere.eml" err &&
	! grep "sent" err
'

sed -e "s/^Subject: .*/Subject: [PATCH 1\/1] sched: a patch/" \
	-e "/^In-Reply-To/d" review.eml >patch-ish.eml
cat >patch.eml <<'EOF'
From 4f7c3f0e2d1a Mon Sep 17 00:00:00 2001
From: A U Thor <author@kernel-test.invalid>
Date: Fri, 27 Feb 2015 13:00:00 +0000
Subject: [PATCH] sched: set x

Signed-off-by: A U Thor <author@kernel-test.invalid>
---
 kernel/sched.c | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/kernel/sched.c b/kernel/sched.c
index 1111111..2222222 100644
--- a/kernel/sched.c
+++ b/kernel/sched.c
@@ -1 +1 @@
-int x;
+int x = 1;
-- 
2.39.5

EOF

test_expect_success 'a patch is never touched, in any mode' '
	for mode in reviews replies all; do
		git config civil.remind $mode &&
		civil-remind - <patch.eml >out &&
		test_cmp patch.eml out &&
		civil-remind - <patch-ish.eml >out &&
		test_cmp patch-ish.eml out || return 1
	done &&
	git config --unset civil.remind
'

test_expect_success 'a reply with an inline diff is a patch too' '
	{ sed "/^Reviewed-by/d" review.eml; sed "1,/^---$/d" patch.eml; } >reply-diff.eml &&
	civil-remind - <reply-diff.eml >out &&
	test_cmp reply-diff.eml out
'

cat >chat.eml <<'EOF'
From: Re Viewer <reviewer@kernel-test.invalid>
Subject: Re: plans for the summit
In-Reply-To: <plans@kernel-test.invalid>

Sounds good, see you there.
EOF

cat >cover.eml <<'EOF'
From: A U Thor <author@kernel-test.invalid>
Subject: [PATCH 0/3] sched: three small things

This series does three small things.

A U Thor (3):
  sched: one
  sched: two
  sched: three
EOF

test_expect_success 'civil.remind: reviews by default, then replies, all (never a cover letter), off' '
	civil-remind - <chat.eml >out && test_cmp chat.eml out &&
	civil-remind - <cover.eml >out && test_cmp cover.eml out &&
	git config civil.remind replies &&
	civil-remind - <chat.eml >out && grep -q "^$REMINDER" out &&
	civil-remind - <cover.eml >out && test_cmp cover.eml out &&
	git config civil.remind all &&
	sed "s/^Subject: Re: /Subject: /; /^In-Reply-To/d" chat.eml >new.eml &&
	civil-remind - <new.eml >out && grep -q "^$REMINDER" out &&
	civil-remind - <cover.eml >out && test_cmp cover.eml out &&
	git config civil.remind off &&
	civil-remind - <review.eml >out && test_cmp review.eml out &&
	git config --unset civil.remind
'

# Issue 24 item 3: a setting civil can't read is named, never replaced by
# a default in silence; the hook sends nothing until it is fixed.
test_expect_success 'a bad civil.remind is named, and the review is not sent until it is fixed' '
	git config civil.remind sometimes &&
	cp review.eml bad-remind.eml &&
	test_expect_code 1 civil-remind bad-remind.eml 2>err &&
	test_cmp review.eml bad-remind.eml &&
	grep -x "civil-remind: git config civil.remind: .sometimes. is not reviews, replies, all or off" err &&
	grep -x "civil-remind: not sending .bad-remind.eml.: civil does not guess what a setting it can.t read means; fix it, or send without civil: git send-email --no-validate ..." err &&
	git config --unset civil.remind &&
	civil-remind bad-remind.eml &&
	grep -q "^$REMINDER" bad-remind.eml
'

test_expect_success 'civil.contact and civil.reminder override the code' '
	git config civil.contact someone@else.invalid &&
	civil-remind - <review.eml >out &&
	grep "^Concerns: <someone@else.invalid>\$" out &&
	git config civil.reminder "Be excellent to each other." &&
	civil-remind - <review.eml >out &&
	test "$(tail -n 1 out)" = "Be excellent to each other." &&
	civil-remind - <out >again && test_cmp out again &&
	git config --unset civil.reminder &&
	git config --unset civil.contact
'

test_expect_success 'a reply is a review when it quotes code or gives a verdict' '
	sed -e "/^In-Reply-To/d" -e "s/^Subject: Re: \[PATCH 2\/3\] /Subject: Re: /" \
		review.eml >quoting.eml &&
	civil-remind - <quoting.eml >out &&
	grep -q "^$REMINDER" out &&
	sed "/^>/d" quoting.eml >verdict.eml &&
	civil-remind - <verdict.eml >out &&
	grep -q "^$REMINDER" out &&
	sed "/^Reviewed-by/d" verdict.eml >talk.eml &&
	civil-remind - <talk.eml >out &&
	test_cmp talk.eml out
'

test_expect_success 'In-Reply-To from the headers file (git 2.42+) makes it a reply' '
	sed -e "/^In-Reply-To/d" -e "s/^Subject: Re: \[PATCH 2\/3\] /Subject: /" \
		review.eml >bare.eml &&
	civil-remind - <bare.eml >out &&
	test_cmp bare.eml out &&
	printf "To: list@kernel-test.invalid\nIn-Reply-To: <p@x.invalid>\n" >headers &&
	cp bare.eml bare2.eml &&
	civil-remind bare2.eml headers &&
	grep -q "^$REMINDER" bare2.eml &&
	head -c $(wc -c <bare.eml) bare2.eml | test_cmp - bare.eml
'

test_expect_success 'CRLF mail gets CRLF lines' '
	sed "s/\$/\r/" review.eml >crlf.eml &&
	civil-remind - <crlf.eml >out &&
	head -c $(wc -c <crlf.eml) out | test_cmp - crlf.eml &&
	cr=$(printf "\r") &&
	test $(grep -c "$cr\$" out) -eq $(wc -l <out)
'

test_expect_success 'quoted-printable: the reminder is quoted-printable too' '
	{ sed "/^\$/q" review.eml | sed "\$d"; cat <<-\EOF; } >qp.eml &&
	MIME-Version: 1.0
	Content-Type: text/plain; charset=utf-8
	Content-Transfer-Encoding: quoted-printable

	On Fri, A U Thor wrote:
	> +=09x =3D 1;

	Gr=C3=BC=C3=9Fe: this breaks the build.
	EOF
	civil-remind - <qp.eml >out &&
	grep "^Content-Transfer-Encoding: quoted-printable" out &&
	grep "^Gr=C3=BC=C3=9Fe: this breaks the build." out &&
	grep "^--=20\$" out &&
	grep -x "$REMINDER" out &&
	civil-remind - <out >again && test_cmp out again
'

test_expect_success 'base64: the reminder is base64 too' '
	{ sed "/^\$/q" review.eml | sed "\$d"; cat <<-\EOF; printf "> +\tx = 1;\n\nNo.\n" | base64; } >b64.eml &&
	MIME-Version: 1.0
	Content-Type: text/plain; charset=utf-8
	Content-Transfer-Encoding: base64

	EOF
	civil-remind - <b64.eml >out &&
	body out | base64 -d >decoded &&
	tail -n 2 decoded | head -n 1 | grep -x "$REMINDER" &&
	printf "> +\tx = 1;\n\nNo.\n" >expect &&
	head -n 3 decoded | test_cmp - expect &&
	sed "/^\$/q" b64.eml >expect &&
	sed "/^\$/q" out | test_cmp - expect
'

# An encoded part keeps every encoded line it had: the reminder's lines are
# added after them, encoded the same way, and nothing is re-encoded.
qp_head() {
	sed "/^\$/q" review.eml | sed "\$d"
	printf "%s\n" "MIME-Version: 1.0" "Content-Type: text/plain; charset=utf-8" \
		"Content-Transfer-Encoding: quoted-printable" ""
}

cat >qp-body <<'EOF'
On Fri, A U Thor wrote:=0D
> +=09x =3D 1;=0D
=0D
Gr=C3=BC=C3=9Fe: this breaks the build, and the line is long enough that=
 it is soft-broken.=0D
A line that ends in a space=20
=0D
Thanks.=0D
EOF

test_expect_success 'quoted-printable with =0D, =20, soft breaks, 8 bit: lines added, none re-encoded' '
	{ qp_head; cat qp-body; } >qp0d.eml &&
	civil-remind - <qp0d.eml >out &&
	{ cat qp0d.eml; printf "%s\n" "" "--=20" "$REMINDER" "Concerns: <$TEST_CONTACT>"; } >expect &&
	test_cmp expect out &&
	civil-remind - <out >again && test_cmp out again &&
	{ qp_head; cat qp-body; printf "%s\n" "-- =0D" "Re Viewer=0D"; } >qpsig.eml &&
	civil-remind - <qpsig.eml >out &&
	{ cat qpsig.eml; printf "%s\n" "$REMINDER" "Concerns: <$TEST_CONTACT>"; } >expect &&
	test_cmp expect out
'

test_expect_success 'quoted-printable part before a boundary, CRLF: only lines added' '
	{ sed "/^\$/q" review.eml | sed "\$d"
	printf "%s\n" "MIME-Version: 1.0" "Content-Type: multipart/mixed; boundary=b" "" "--b" \
		"Content-Transfer-Encoding: quoted-printable" ""; cat qp-body
	printf "%s\n" "--b" "Content-Type: text/x-diff" "" "-x" "+y" "--b--"; } >qpmulti.eml &&
	sed "s/\$/\r/" qpmulti.eml >qpmulti-crlf.eml &&
	civil-remind - <qpmulti-crlf.eml >out &&
	{ sed -n "1,/^Thanks.=0D\$/p" qpmulti.eml
	printf "%s\n" "" "--=20" "$REMINDER" "Concerns: <$TEST_CONTACT>"
	sed -n "/^--b\$/,\$p" qpmulti.eml | sed 1,3d | sed -n "/^--b\$/,\$p"; } | sed "s/\$/\r/" >expect &&
	test_cmp expect out &&
	civil-remind - <out >again && test_cmp out again
'

b64_head() {
	sed "/^\$/q" review.eml | sed "\$d"
	printf "%s\n" "MIME-Version: 1.0" "Content-Type: text/plain; charset=utf-8" \
		"Content-Transfer-Encoding: base64" ""
}

test_expect_success 'base64 ending on a whole group: lines added, none re-encoded' '
	printf "> +\tx = 1;\n\nThe default changes for every caller here, so no!!\n" >text &&
	test $(($(wc -c <text) % 3)) -eq 0 &&
	{ b64_head; base64 text; } >b64whole.eml &&
	civil-remind - <b64whole.eml >out &&
	head -c $(wc -c <b64whole.eml) out | test_cmp - b64whole.eml &&
	body out | base64 -d >decoded &&
	{ cat text; printf "%s\n" "" "-- " "$REMINDER" "Concerns: <$TEST_CONTACT>"; } >expect &&
	test_cmp expect decoded &&
	civil-remind - <out >again && test_cmp out again
'

test_expect_success 'base64 ending in padding: only its last line is encoded again' '
	printf "> +\tx = 1;\n\nThe default changes for every caller here, so no, not like this.\n" >text &&
	test $(($(wc -c <text) % 3)) -ne 0 &&
	{ b64_head; base64 text; } >b64pad.eml &&
	civil-remind - <b64pad.eml >out &&
	n=$(($(wc -l <b64pad.eml) - 1)) &&
	head -n $n b64pad.eml >expect && head -n $n out | test_cmp - expect &&
	body out | base64 -d >decoded &&
	{ cat text; printf "%s\n" "" "-- " "$REMINDER" "Concerns: <$TEST_CONTACT>"; } >expect &&
	test_cmp expect decoded &&
	civil-remind - <out >again && test_cmp out again
'

test_expect_success 'multipart: the first text/plain part, the rest untouched' '
	{ sed "/^\$/q" review.eml | sed "\$d"; cat <<-\EOF; } >multi.eml &&
	MIME-Version: 1.0
	Content-Type: multipart/mixed; boundary="b1"

	--b1
	Content-Type: text/plain; charset=us-ascii

	> +	x = 1;

	Please do not.
	--b1
	Content-Type: text/plain; name="config"
	Content-Disposition: attachment; filename="config"

	CONFIG_X=y
	--b1--
	EOF
	civil-remind - <multi.eml >out &&
	sed -n "/^Please do not./,/^--b1\$/p" out >part &&
	grep -x "$REMINDER" part &&
	sed -n "/^--b1\$/,\$p" multi.eml | sed 1d | sed -n "/^--b1\$/,\$p" >rest-in &&
	sed -n "/^--b1\$/,\$p" out | sed 1d | sed -n "/^--b1\$/,\$p" >rest-out &&
	test_cmp rest-in rest-out
'

test_expect_success 'a civil.reminder that would read as a MIME boundary: left alone, one line' '
	git config civil.reminder "--b1" &&
	cp multi.eml boundary.eml &&
	for i in 1 2 3; do civil-remind boundary.eml 2>err || return 1; done &&
	test_cmp multi.eml boundary.eml &&
	test_line_count 1 err &&
	grep "civil-remind: .boundary.eml.: the reminder would not read back from the edited message; left unchanged" err &&
	git config --unset civil.reminder
'

test_expect_success 'HTML-only mail is left alone' '
	{ sed "/^\$/q" review.eml | sed "\$d"; cat <<-\EOF; } >html.eml &&
	MIME-Version: 1.0
	Content-Type: text/html; charset=utf-8

	<p>&gt; +x = 1;</p><p>No.</p>
	EOF
	civil-remind - <html.eml >out 2>err &&
	test_cmp html.eml out &&
	grep "no text/plain part" err
'

sign_variant() {
	case $1 in
	patatt) sed "s/^Date:/X-Developer-Signature: v=1; a=ed25519-sha256; b=AAAA\n&/" review.eml ;;
	dkim) sed "1i DKIM-Signature: v=1; a=rsa-sha256; d=kernel-test.invalid; b=AAAA" review.eml ;;
	pgp) { sed "/^\$/q" review.eml; echo "-----BEGIN PGP SIGNED MESSAGE-----"; echo "Hash: SHA256"; echo; body review.eml; echo "-----BEGIN PGP SIGNATURE-----"; echo "AAAA"; echo "-----END PGP SIGNATURE-----"; } ;;
	mime) { sed "/^\$/q" review.eml | sed "\$d"; printf "MIME-Version: 1.0\nContent-Type: multipart/signed; boundary=s; micalg=pgp-sha256;\n protocol=\"application/pgp-signature\"\n\n--s\nContent-Type: text/plain\n\n"; body review.eml; printf "\n--s\nContent-Type: application/pgp-signature\n\nAAAA\n--s--\n"; } ;;
	smime) { sed "/^\$/q" review.eml | sed "\$d"; printf "MIME-Version: 1.0\nContent-Type: application/pkcs7-mime; smime-type=signed-data\nContent-Transfer-Encoding: base64\n\nAAAA\n"; } ;;
	esac
}

for kind in patatt dkim pgp mime smime; do
	test_expect_success "a signed review ($kind) is never changed, with a warning" "
		sign_variant $kind >signed-$kind.eml &&
		civil-remind - <signed-$kind.eml >out 2>err &&
		test_cmp signed-$kind.eml out &&
		grep 'civil-remind: .<stdin>. is .*left unchanged' err
	"
done

# A signed message anywhere inside another (forwarded, or re-wrapped by a
# list or a client) is as signed as one at the top.
nest_signed() {
	{ sed "/^\$/q" review.eml | sed "\$d"
	printf "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=outer\n\n"
	test -z "${2:-}" || printf "%s\n" "--outer" "Content-Type: text/plain" "" "$2"
	printf "%s\n" "--outer" "$1" ""; cat; printf "%s\n" "--outer--"; }
}

test_expect_success 'a multipart/signed inside multipart/mixed is never changed' '
	printf "%s\n" "--s" "Content-Type: text/plain" "" "> +	x = 1;" "" "No." \
		"--s" "Content-Type: application/pgp-signature" "" "AAAA" "--s--" >signed-part &&
	for first in "" "See below."; do
		nest_signed "Content-Type: multipart/signed; boundary=s; micalg=pgp-sha256; protocol=\"application/pgp-signature\"" \
			"$first" <signed-part >nested-signed.eml &&
		civil-remind - <nested-signed.eml >out 2>err &&
		test_cmp nested-signed.eml out &&
		grep "civil-remind: .<stdin>. is signed (.*multipart/signed.*); left unchanged" err ||
		return 1
	done
'

test_expect_success 'an S/MIME part (pkcs7-mime, x-pkcs7-mime) anywhere is never changed' '
	for t in application/pkcs7-mime application/x-pkcs7-mime; do
		printf "%s\n" "Content-Transfer-Encoding: base64" "" "AAAA" |
		nest_signed "Content-Type: $t; smime-type=signed-data" "See below." >nested-smime.eml &&
		civil-remind - <nested-smime.eml >out 2>err &&
		test_cmp nested-smime.eml out &&
		grep "civil-remind: .<stdin>. is S/MIME (.*pkcs7-mime.*); left unchanged" err ||
		return 1
	done
'

test_expect_success 'civil-sendmail passes a nested signed message on byte for byte (and says why at a terminal)' '
	git config civil.sendmail "$TEST_DIR/fake.sendmail" &&
	rm -f "$SENT"/* &&
	civil-sendmail -i list@kernel-test.invalid <nested-signed.eml 2>err &&
	test_cmp nested-signed.eml "$SENT/msg1" &&
	test ! -s err &&
	SHELL=/bin/sh script -qec "civil-sendmail -i list@kernel-test.invalid <nested-signed.eml" /dev/null </dev/null >err &&
	test_cmp nested-signed.eml "$SENT/msg2" &&
	grep "civil-sendmail: message is signed" err &&
	git config --unset civil.sendmail
'

# The part civil edits is the part it looks for its reminder in, and never
# a signature: not the second part of a multipart/signed (even one without
# a Content-Type), nor a part whose broken type names a signature.
test_expect_success 'three runs on a nested signature without a Content-Type: no change' '
	printf "%s\n" "--s" "Content-Type: text/html" "" "<p>No.</p>" "--s" "" \
		"AAAA" "--s--" |
	nest_signed "Content-Type: multipart/signed; boundary=s; protocol=\"application/pgp-signature\"" \
		>sigpart.eml &&
	cp sigpart.eml sigpart.orig &&
	for i in 1 2 3; do civil-remind sigpart.eml 2>err || return 1; done &&
	test_cmp sigpart.orig sigpart.eml
'

test_expect_success 'a part whose broken type names a signature is not the text' '
	{ sed "/^\$/q" review.eml | sed "\$d"
	printf "%s\n" "MIME-Version: 1.0" "Content-Type: multipart/mixed; boundary=m" "" \
		"--m" "Content-Type: text/html" "" "<p>No.</p>" \
		"--m" "Content-Type: pgp-signature" "" "AAAA" \
		"--m" "Content-Type: text/plain" "" "> +	x = 1;" "" "No." "--m--"; } >badsig.eml &&
	cp badsig.eml badsig.orig &&
	for i in 1 2 3; do civil-remind badsig.eml || return 1; done &&
	sed -n "/^AAAA\$/,/^--m\$/p" badsig.eml >sig &&
	printf "AAAA\n--m\n" >expect && test_cmp expect sig &&
	test $(count_lines "^$REMINDER\$" badsig.eml) -eq 1 &&
	sed -n "/^No.\$/,\$p" badsig.eml >tail &&
	printf "%s\n" "No." "" "-- " "$REMINDER" "Concerns: <$TEST_CONTACT>" "--m--" >expect &&
	test_cmp expect tail
'

# Issue 24 item 2: the built-in code is named plainly as civil's fallback.
test_expect_success 'outside a repository: the built-in 2015 code, named plainly as the fallback' '
	mkdir ../norepo &&
	(cd ../norepo && civil-remind - <../linux/review.eml) >out &&
	grep -x "Reviewed under the 2015 Code of Conflict (civil.s built-in fallback): keep it civil and technical." out &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" out &&
	(cd ../norepo && civil-remind -n - <../linux/review.eml) >out &&
	grep -x "contact: tab@lists.linux-foundation.org (from civil.s built-in fallback: no code file here, and no civil.repository)" out &&
	(cd ../norepo && civil-remind - <../linux/review.eml | civil-remind -) >twice &&
	test $(count_lines "^Reviewed under" twice) -eq 1
'

# ---- bad input: one clear line naming the file, file intact, exit 0 ----

test_expect_success 'an empty file' '
	: >empty.eml &&
	civil-remind empty.eml 2>err &&
	test ! -s empty.eml &&
	test "$(cat err)" = "civil-remind: '"'"'empty.eml'"'"' is empty; left unchanged"
'

test_expect_success 'a file that is not mail' '
	printf "just some notes\nnothing else\n" >notes.txt &&
	cp notes.txt notes.orig &&
	civil-remind notes.txt 2>err &&
	test_cmp notes.orig notes.txt &&
	test $(wc -l <err) -eq 1 &&
	grep "notes.txt.* is not a mail message" err &&
	head -c 4096 /dev/urandom >random.bin && cp random.bin random.orig &&
	civil-remind random.bin 2>err &&
	test_cmp random.orig random.bin && test $(wc -l <err) -eq 1
'

test_expect_success 'a missing file' '
	civil-remind nosuch.eml 2>err &&
	test $(wc -l <err) -eq 1 &&
	grep "can.t open .nosuch.eml.: No such file" err
'

test_expect_success 'malformed MIME and broken Content-Type still work or pass' '
	{ sed "/^\$/q" review.eml | sed "\$d"; printf "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"nope\"\n\n> +\tx = 1;\n\nNo.\n"; } >nobound.eml &&
	civil-remind nobound.eml 2>err && test $(wc -l <err) -le 1 &&
	{ sed "/^\$/q" review.eml | sed "\$d"; printf "Content-Type: ;;;garbage\n\n> +\tx = 1;\n\nNo.\n"; } >badct.eml &&
	civil-remind - <badct.eml >out 2>err &&
	grep -q "^$REMINDER" out && test ! -s err &&
	{ sed "/^\$/q" review.eml | sed "\$d"; printf "Content-Type: text/plain; charset=no-such-charset\n\n> +\tx = 1;\n\nNo.\n"; } >badcs.eml &&
	civil-remind - <badcs.eml >out &&
	grep -q "^$REMINDER" out
'

# A line without a colon before any empty line: GMime reads it all as
# headers, so there is no body to find, and appending one would add text
# to the header block (and grow on every run).
test_expect_success 'headers that never end: left alone, three times, one line why' '
	printf "From: a@example.org\nSubject: Re: [PATCH] x\nno colon here\nbody line\n" >noend.eml &&
	cp noend.eml noend.orig &&
	for i in 1 2 3; do
		civil-remind noend.eml 2>err &&
		test_line_count 1 err &&
		grep "civil-remind: .noend.eml.: no empty line ends the headers.*; left unchanged" err ||
		return 1
	done &&
	test_cmp noend.orig noend.eml &&
	printf "From: a@example.org\nSubject: Re: [PATCH] x\nContent-Transfer-Encoding: base64\nno colon here\nbody line\n" >noend64.eml &&
	cp noend64.eml noend64.orig &&
	civil-remind noend64.eml 2>err &&
	test_cmp noend64.orig noend64.eml &&
	civil-remind noend64.eml 2>err &&
	! grep "not a mail message" err &&
	printf "From: a@example.org\nSubject: Re: [PATCH] x\n" >onlyhead.eml &&
	civil-remind - <onlyhead.eml >out 2>err &&
	test_cmp onlyhead.eml out && test_line_count 1 err
'

test_expect_success 'civil-sendmail: headers that never end go on as they came, with one line at a terminal' '
	git config civil.sendmail "$TEST_DIR/fake.sendmail" &&
	rm -f "$SENT"/* &&
	civil-sendmail -i list@kernel-test.invalid <noend.orig 2>err &&
	test_cmp noend.orig "$SENT/msg1" &&
	test ! -s err &&
	SHELL=/bin/sh script -qec "civil-sendmail -i list@kernel-test.invalid <noend.orig" /dev/null </dev/null | tr -d "\r" >err &&
	test_cmp noend.orig "$SENT/msg2" &&
	test_line_count 1 err &&
	grep "civil-sendmail: no empty line ends the headers.*; passed on unchanged" err &&
	git config --unset civil.sendmail
'

test_expect_success 'a charset where ASCII is other bytes (EBCDIC): left alone, once and again' '
	{ sed "/^\$/q" review.eml | sed "\$d"; printf "Content-Type: text/plain; charset=IBM037\n\n\325\226K\045"; } >ebcdic.eml &&
	cp ebcdic.eml ebcdic.orig &&
	for i in 1 2 3; do civil-remind ebcdic.eml 2>err || return 1; done &&
	test_cmp ebcdic.orig ebcdic.eml &&
	grep "charset is not ASCII-compatible; left unchanged" err
'

test_expect_success 'invalid UTF-8 and 8-bit without a charset' '
	{ cat review.eml; printf "Gr\374\337e \377\376\n"; } >latin.eml &&
	civil-remind - <latin.eml >out &&
	head -c $(wc -c <latin.eml) out | test_cmp - latin.eml &&
	grep -q "^$REMINDER" out
'

test_expect_success 'a read-only file is left alone, with one line saying so' '
	cp review.eml ro.eml && chmod 444 ro.eml &&
	civil-remind ro.eml 2>err &&
	test_cmp review.eml ro.eml &&
	test "$(cat err)" = "civil-remind: can'"'"'t rewrite '"'"'ro.eml'"'"': file is read-only; sent without the reminder"
'

# A review whose reminder lands at the very end is appended to in place,
# so its directory need not be writable; one that needs a rewrite (here
# the reminder goes into the first part of two) needs a temporary file
# next to it, and in a read-only directory there is none.
cat >twopart.eml <<EOF
From: Re Viewer <reviewer@kernel-test.invalid>
To: list@kernel-test.invalid
Subject: Re: [PATCH 2/3] sched: fix the thing
In-Reply-To: <patch-2@kernel-test.invalid>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain; charset=us-ascii

> +	x = 1;

Please split this out.
--b
Content-Type: text/x-diff; name="fix.diff"
Content-Disposition: attachment; filename="fix.diff"

-	x = 0;
+	x = 1;
--b--
EOF

# run_as_other COMMAND ARGS... - civil's COMMAND as somebody who cannot
# write to rodir (root can).  As root that is nobody, who may not be able
# to enter the build (a clone in /root): it runs a copy of the build's
# bin/ and share/, with a copy of the sanitizer's suppressions.
run_as_other() {
	if test "$(id -u)" != 0; then
		"$CIVIL_BUILD/bin/$@"
		return
	fi
	other=$TEST_DIR/other
	if ! test -d "$other"; then
		mkdir "$other" &&
		cp -R "$CIVIL_BUILD/bin" "$CIVIL_BUILD/share" "$other/" &&
		cp "$CIVIL_SRC/tests/lsan.supp" "$other/" &&
		chmod -R a+rX "$other" || return 1
	fi
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env HOME=/nonexistent \
		LSAN_OPTIONS="suppressions=$other/lsan.supp:print_suppressions=0" \
		"$other/bin/$@"
}

test_expect_success 'in a read-only directory a review is appended to in place' '
	(cd .. && mkdir rodir && cp linux/review.eml linux/twopart.eml rodir/ &&
	chmod 555 rodir &&
	if test "$(id -u)" = 0; then
		chmod 755 "$TEST_DIR" && chown -R nobody rodir
	fi &&
	cd rodir && run_as_other civil-remind review.eml 2>../linux/err) &&
	test_line_count 0 err &&
	head -c $(wc -c <review.eml) ../rodir/review.eml | test_cmp - review.eml &&
	tail -n 1 ../rodir/review.eml | grep "^Concerns: <.*@.*>$" &&
	ls -a ../rodir >list && test_line_count 4 list
'

test_expect_success 'and one that needs a rewrite is left alone, with one line saying so' '
	(cd ../rodir && run_as_other civil-remind twopart.eml 2>../linux/err) &&
	test_cmp twopart.eml ../rodir/twopart.eml &&
	test_line_count 1 err &&
	grep "can.t rewrite .twopart.eml.: Permission denied; sent without the reminder" err
'


test_expect_success 'a symlink: the file it points at is rewritten' '
	cp review.eml target.eml && ln -s target.eml link.eml &&
	civil-remind link.eml &&
	test -L link.eml &&
	grep -q "^$REMINDER" target.eml
'

test_done
