#!/bin/sh
# fuzz.sh BUILD SECONDS NAME... - each harness (BUILD/libfuzzer/fuzz-NAME)
# under libFuzzer for SECONDS, one after another (the machine is shared).
# Seeds: tests/fuzz/corpus/NAME and tests/fuzz/regress/NAME, read only;
# what libFuzzer finds goes to BUILD/NAME/corpus, crashes and oracle
# failures to BUILD/NAME/crashes, its output to BUILD/NAME/log.  Prints
# each harness's final figures; fails when any harness found something.
set -eu
build=$(cd "${1:?usage: fuzz.sh BUILD SECONDS NAME...}" && pwd)
seconds=${2:?usage: fuzz.sh BUILD SECONDS NAME...}
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
export G_SLICE=always-malloc
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1}"
export LSAN_OPTIONS="suppressions=$top/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export CIVIL_TEST_LEXICON="$top/data/heat.lexicon"

cd "$top"
failed=
for name; do
	out="$build/$name"
	mkdir -p "$out/corpus" "$out/crashes"
	set --
	for dir in "tests/fuzz/corpus/$name" "tests/fuzz/regress/$name"; do
		if test -d "$dir"; then set -- "$@" "$dir"; fi
	done
	echo "fuzz-$name: $seconds s, log in $out/log"
	if ! "$build/libfuzzer/fuzz-$name" -max_total_time="$seconds" \
		-print_final_stats=1 -artifact_prefix="$out/crashes/" \
		"$out/corpus" "$@" >"$out/log" 2>&1; then
		failed="$failed $name"
		grep -E "ERROR|oracle failed|Test unit written" "$out/log" || true
	fi
	# The last status line (execs, cov:, ft:, corp:) and the totals.
	grep -E "^#[0-9]+" "$out/log" | tail -n 1
	grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" \
		"$out/log" || true
done
if test -n "$failed"; then
	echo "fuzz.sh: found something in:$failed (see build/fuzz/NAME/crashes)" >&2
	exit 1
fi
