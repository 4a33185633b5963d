#!/bin/sh
# valgrind.sh BUILD - the unit tests, the fuzz harnesses over their saved
# inputs, and civil-remind on awkward input under valgrind, on a build
# without sanitizers (the two don't mix).  Any error or definite leak fails.
set -eu
build=$(cd "${1:?usage: valgrind.sh BUILD}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
vg="valgrind -q --suppressions=$here/valgrind.supp --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/civil-vg.XXXXXX")
unit=
trap 'test -z "$unit" || kill "$unit" 2>/dev/null; rm -rf "$tmp"' EXIT
export G_SLICE=always-malloc G_DEBUG=gc-friendly
export HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$tmp"
unset GIT_DIR

# The unit tests (a third of the time, in one process) run beside the
# rest, which is one short process after another: on two cores, a third
# less waiting.  HOME of their own: the rest sets global git settings.
echo "valgrind: unit tests, beside the rest"
mkdir "$tmp/unit"
(cd "$tmp/unit" && HOME="$tmp/unit" \
	CIVIL_TEST_LEXICON="$here/../data/heat.lexicon" CIVIL_BUILD="$build" \
	exec $vg "$build/tests/unit-tests") >"$tmp/unit.log" 2>&1 &
unit=$!

echo "valgrind: fuzz inputs"
REPLAY_WRAPPER="$vg" "$here/fuzz/replay.sh" "$build" >"$tmp/fuzz.log" 2>&1 || {
	cat "$tmp/fuzz.log"
	exit 1
}

echo "valgrind: civil-remind"
cd "$tmp"
printf 'Subject: Re: [PATCH] x\n\n> +\tx = 1;\n\nNo.\n' >review.eml
printf 'Subject: Re: [PATCH] x\nContent-Transfer-Encoding: base64\n\nTm8uDQo=\n' >b64.eml
printf 'Subject: Re: [PATCH] x\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nNo.\n--b--\n' >multi.eml
printf 'garbage\0\377\n' >bin.eml
: >empty.eml
for f in review.eml b64.eml multi.eml bin.eml empty.eml; do
	$vg "$build/bin/civil-remind" "$f" 2>"$tmp/err" || {
		echo "valgrind: civil-remind $f failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	}
	$vg "$build/bin/civil-remind" - <"$f" >/dev/null 2>"$tmp/err" || {
		echo "valgrind: civil-remind - <$f failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	}
done
echo "valgrind: civil-scan, civil-heated"
mkdir -p mail/cur mail/new mail/tmp
export NOTMUCH_CONFIG="$tmp/nm-config"
printf '[database]\npath=%s/mail\n[new]\ntags=new\n' "$tmp" >"$NOTMUCH_CONFIG"
printf 'From: a@b\nSubject: Re: x\nMessage-ID: <1@x>\n\nYou idiot!!\n' >mail/cur/1:2,
printf 'From: c@d\nSubject: Re: x\nMessage-ID: <2@x>\nIn-Reply-To: <1@x>\n\n> You idiot\nCalm.\n' >mail/cur/2:2,
notmuch new --quiet
{ echo "From x Mon Jan  1 00:00:00 2024"; cat mail/cur/1:2,; echo; echo "From bad"; echo "junk"; } >t.mbox
for args in "--scores --mbox t.mbox" "--apply *" "*"; do
	# shellcheck disable=SC2086
	$vg "$build/bin/civil-scan" $args >/dev/null 2>"$tmp/err"
	test $? -ne 99 || { cat "$tmp/err" >&2; exit 1; }
done
$vg "$build/bin/civil-heated" --explain --format=json >/dev/null 2>"$tmp/err" || {
	cat "$tmp/err" >&2
	exit 1
}
echo "valgrind: escalate-thread"
git config --global user.email me@kernel-test.invalid
$vg "$build/bin/escalate-thread" --stdout id:2@x >/dev/null 2>"$tmp/err" &&
	$vg "$build/bin/escalate-thread" --stdout --mbox t.mbox >/dev/null 2>>"$tmp/err" || {
	cat "$tmp/err" >&2
	exit 1
}
echo "valgrind: civil-sendmail"
printf '#!/bin/sh\ncat >/dev/null\n' >"$tmp/sink" && chmod +x "$tmp/sink"
git config --global civil.sendmail "$tmp/sink"
printf 'Subject: Re: [PATCH] x\n\nYou clearly have no idea.  This is garbage.\n' >hot.eml
# A b4 reply made from civil's template before the contact changed.
printf '# civil: b4 wraps each reply\n${reply}\n' >tpl
git config --global b4.review-reply-template "$tmp/tpl"
printf 'Subject: Re: [PATCH] x\nX-Developer-Signature: v=1; b=A\n\nNo.\n-- \nReviewed under X: keep it civil and technical.\nConcerns: <old@x>\n' >stale.eml
# hot.eml twice: held (75), then sent; stale.eml is not sent (65); then
# what is held, and --sendmail=.
vg_sendmail() {
	st=0
	$vg "$build/bin/civil-sendmail" "$@" 2>"$tmp/err" || st=$?
	test $st -ne 99 || { cat "$tmp/err" >&2; exit 1; }
}
for f in review.eml b64.eml bin.eml hot.eml hot.eml stale.eml hot.eml; do
	vg_sendmail -i a@b <"$f"
done
vg_sendmail --held >/dev/null
vg_sendmail "--sendmail=$tmp/sink -v" -i a@b <review.eml
wait "$unit" || {
	unit=
	echo "valgrind: the unit tests failed:"
	cat "$tmp/unit.log"
	exit 1
}
unit=
echo "valgrind: clean"
