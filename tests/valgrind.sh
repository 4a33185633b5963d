#!/bin/sh
# valgrind.sh BUILD - the unit tests and civil-remind on awkward input under
# valgrind, on a build without sanitizers (the two don't mix).  Any error
# or definite leak fails.
set -eu
build=$(cd "${1:?usage: valgrind.sh BUILD}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/civil-vg.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$tmp"
unset GIT_DIR

echo "valgrind: unit tests"
CIVIL_BUILD="$build" $vg "$build/tests/unit-tests" >"$tmp/unit.log" 2>&1 || {
	cat "$tmp/unit.log"
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
echo "valgrind: clean"
