#!/bin/sh
# installed.sh - an outside program against the installed libcivil.
#
# Found through pkg-config (set PKG_CONFIG_PATH for a prefix of your own),
# tests/outside/outside.c is built twice, linked with the shared library
# and with the static one ("pkg-config --static --libs civil" must name
# everything that needs), and both must run, from a directory of their
# own with no environment, and say what civil.h promises: a handle
# opened naming nothing but a notmuch database, a review scored and
# reminded with civil's data from where it was installed, and the heated
# threads of that database, the newest walked message by message.  CC,
# CFLAGS and LDFLAGS are used as given (a libcivil built with sanitizers
# needs a program built with them), and the sanitizers' own options reach
# the programs.
# libcivil.so must export exactly the functions civil.h declares, as the
# compiler reads the installed header.  Prints one line per check; exits
# non-zero at the first that fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pc=${PKG_CONFIG:-pkg-config}
cc=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/civil-installed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "installed: $*" >&2
	exit 1
}

$pc --exists civil || fail "pkg-config finds no civil.pc"
libdir=$($pc --variable=libdir civil)
includedir=$($pc --variable=includedir civil)
test -f "$includedir/civil.h" || fail "no civil.h in '$includedir'"
echo "installed: civil $($pc --modversion civil), libdir $libdir"

# The programs run in a directory of their own with no environment at
# all: civil's data is found where it was installed, not through the
# program's place or a variable (the shared one finds libcivil.so by its
# RUNPATH).
mkdir "$tmp/elsewhere"
run_outside() {
	(cd "$tmp/elsewhere" && env -i ${ASAN_OPTIONS+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${LSAN_OPTIONS+"LSAN_OPTIONS=$LSAN_OPTIONS"} \
		${UBSAN_OPTIONS+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} "$@")
}

# A notmuch database with a thread a person tagged heated and a calm one,
# which the programs are given by its directory alone: no config file,
# no $NOTMUCH_CONFIG.  Only HOME is set for that run: libnotmuch will not
# open even a database named by its path without one.
nm="$tmp/nm"
mkdir -p "$nm/mail/cur"
mail() {
	printf 'From: %s\nSubject: %s\nMessage-ID: <%s@example.invalid>\n' "$2" "$3" "$1"
	printf 'Date: Mon, 09 Mar 2026 10:00:00 +0000\n\n%s\n' "$4"
}
mail h1 'A <a@example.invalid>' 'a heated thread' 'You idiot.' >"$nm/mail/cur/h1:2,"
mail c1 'B <b@example.invalid>' 'a calm thread' 'Thanks.' >"$nm/mail/cur/c1:2,"
printf '[database]\npath=%s/mail\n' "$nm" >"$nm/config"
NOTMUCH_CONFIG="$nm/config" notmuch new --quiet &&
	NOTMUCH_CONFIG="$nm/config" notmuch tag +heated id:h1@example.invalid ||
	fail "can't make a notmuch database for the outside program"
printf 'review heated reminded\nheated: a heated thread\n  message: %s\n' \
	h1@example.invalid >"$tmp/expect"

# shellcheck disable=SC2046
"$cc" ${CFLAGS:-} -o "$tmp/outside-shared" "$here/outside/outside.c" \
	$($pc --cflags --libs civil) -Wl,-rpath,"$libdir" ${LDFLAGS:-} ||
	fail "can't link against the shared library"
run_outside "$tmp/outside-shared" >"$tmp/out" ||
	fail "the shared-linked program failed"
test "$(cat "$tmp/out")" = "review heated reminded" ||
	fail "the shared-linked program said '$(cat "$tmp/out")'"
run_outside HOME="$tmp/elsewhere" "$tmp/outside-shared" "$nm/mail" >"$tmp/out" ||
	fail "the shared-linked program failed on '$nm/mail'"
cmp -s "$tmp/expect" "$tmp/out" ||
	fail "the shared-linked program said '$(cat "$tmp/out")'"
LD_LIBRARY_PATH=$libdir ldd "$tmp/outside-shared" |
	grep -q "libcivil\.so\.0 => $libdir/" ||
	fail "the shared-linked program does not use $libdir/libcivil.so.0"
echo "installed: linked with libcivil.so: ok"

# Only libcivil static, the libraries it needs shared: what a program that
# wants no libcivil.so of its own would do.
libs=$($pc --static --libs civil | sed 's/-lcivil\( \|$\)/-Wl,-Bstatic -lcivil -Wl,-Bdynamic /')
# shellcheck disable=SC2046,SC2086
"$cc" ${CFLAGS:-} -o "$tmp/outside-static" "$here/outside/outside.c" \
	$($pc --cflags civil) $libs ${LDFLAGS:-} ||
	fail "can't link against libcivil.a with pkg-config --static --libs civil"
run_outside "$tmp/outside-static" >"$tmp/out" ||
	fail "the static-linked program failed"
test "$(cat "$tmp/out")" = "review heated reminded" ||
	fail "the static-linked program said '$(cat "$tmp/out")'"
run_outside HOME="$tmp/elsewhere" "$tmp/outside-static" "$nm/mail" >"$tmp/out" ||
	fail "the static-linked program failed on '$nm/mail'"
cmp -s "$tmp/expect" "$tmp/out" ||
	fail "the static-linked program said '$(cat "$tmp/out")'"
if LD_LIBRARY_PATH=$libdir ldd "$tmp/outside-static" | grep -q libcivil; then
	fail "the static-linked program still loads libcivil.so"
fi
echo "installed: linked with libcivil.a: ok"

# The functions civil.h declares, as GCC reads it (-aux-info), against
# what libcivil.so exports.
echo '#include <civil.h>' >"$tmp/h.c"
gcc -I"$includedir" -aux-info "$tmp/aux" -fsyntax-only "$tmp/h.c" ||
	fail "gcc can't read civil.h"
grep "$includedir/civil.h:" "$tmp/aux" |
	sed -n 's/.*[ *]\(civil_[a-z0-9_]*\) (.*/\1/p' | sort >"$tmp/declared"
test -s "$tmp/declared" || fail "found no functions in civil.h"
nm -D --defined-only "$libdir/libcivil.so.0" | awk '{ print $3 }' |
	sort >"$tmp/exported"
if ! cmp -s "$tmp/declared" "$tmp/exported"; then
	echo "installed: libcivil.so.0 exports what civil.h does not declare (+)," \
		"or misses what it does (-):" >&2
	diff "$tmp/declared" "$tmp/exported" | sed -n 's/^> /  + /p; s/^< /  - /p' >&2
	exit 1
fi
echo "installed: libcivil.so.0 exports the $(wc -l <"$tmp/declared") functions of civil.h and nothing else: ok"
