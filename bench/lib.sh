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

# series_and_reviews N PATCHDIR REVIEWDIR - in $work/linux, a kernel-style
# tree with a code naming a contact and N commits; their format-patch
# series in PATCHDIR and a short review of each in REVIEWDIR.  Leaves the
# current directory in the tree.
series_and_reviews() {
	cd "$work"
	git init -q linux && cd linux
	mkdir -p Documentation kernel
	printf 'Contact the board at <board@kernel-test.invalid>.\n' >Documentation/CodeOfConflict
	printf 'int x;\n' >kernel/sched.c
	git add . && git commit -q -m initial
	for i in $(seq 1 "$1"); do
		echo "int change$i;" >>kernel/sched.c
		git commit -q -a -m "sched: change $i"
	done
	git format-patch -q "-$1" -o "$2"
	mkdir -p "$3"
	for i in $(seq 1 "$1"); do
		printf 'From: Bench Mark <bench@kernel-test.invalid>\nSubject: Re: [PATCH %03d/%d] sched: change %d\n\n> +int change%d;\n\nPlease make it static.\n\nReviewed-by: Bench Mark <bench@kernel-test.invalid>\n' \
			"$i" "$1" "$i" "$i" >"$3/r$i.eml"
	done
}
