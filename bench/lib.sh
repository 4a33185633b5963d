# bench/lib.sh - shared by the benchmark scripts: a scratch HOME, a clock,
# and medians.  Every comparison is made inside one run, arms alternating.
set -eu
build=$(cd "${1:?usage: $0 BUILD}" && pwd)
PATH="$build/bin:$PATH"
export PATH
work=$(mktemp -d "${TMPDIR:-/tmp}/civil-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$work"
unset GIT_DIR NOTMUCH_CONFIG NOTMUCH_PROFILE CIVIL_TONE
mkdir -p "$HOME"
git config --global user.name "Bench Mark"
git config --global user.email "bench@kernel-test.invalid"
git config --global init.defaultBranch main

now_ns() { date +%s%N; }

# median N1 N2 ... - of integers
median() {
	printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

ms() { awk -v n="$1" 'BEGIN {printf "%.1f", n / 1e6}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }
