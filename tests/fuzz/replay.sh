#!/bin/sh
# replay.sh BUILD - every harness (BUILD/tests/fuzz-NAME, built from
# tests/fuzz/fuzz-NAME.c and replay.c) once over each input of its seed
# corpus and of its saved crash and defect inputs (tests/fuzz/corpus/NAME,
# tests/fuzz/regress/NAME), under $REPLAY_WRAPPER (e.g. valgrind) when
# set.  Fails when an input crashes a harness or fails an oracle.
set -eu
build=$(cd "${1:?usage: replay.sh BUILD}" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
export G_SLICE=always-malloc
export LSAN_OPTIONS="suppressions=$top/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export CIVIL_TEST_LEXICON="$top/data/heat.lexicon"

cd "$top"
for src in tests/fuzz/fuzz-*.c; do
	test -e "$src" || continue
	name=${src#tests/fuzz/fuzz-}
	name=${name%.c}
	set --
	for dir in "tests/fuzz/corpus/$name" "tests/fuzz/regress/$name"; do
		if test -d "$dir"; then set -- "$@" "$dir"; fi
	done
	test $# -gt 0 || continue
	# shellcheck disable=SC2086
	${REPLAY_WRAPPER:-} "$build/tests/fuzz-$name" "$@"
done
