#!/bin/sh
# scan.sh BUILD - civil-scan over the ksummit corpus (../shared; skipped
# when absent), side by side with cat-ing every file of it and with
# notmuch only listing them (the floor for anything that asks notmuch
# which files to read): warm cache, and, when this is allowed to drop the
# page cache (root), cold.  BASE=OTHER_BUILD adds another build's
# civil-scan as an arm of the same run.  How well it scores: heat.sh.
. "$(dirname "$0")/lib.sh"
shared=$(cd "$(dirname "$0")/../.." && pwd)/shared
rounds=${ROUNDS:-5}
corpus="$shared/corpus/ksummit-maildir.tar.xz"

if test -r "$corpus"; then
	NOTMUCH_CONFIG=$("$(dirname "$0")/../tests/import-ksummit.sh" "$corpus" "$work/ks")
	export NOTMUCH_CONFIG
	files=$(ls "$work/ks/ksummit/cur" | wc -l)

	drop() { sync; echo 3 >/proc/sys/vm/drop_caches 2>/dev/null; }
	cold=no
	if (echo 3 >/proc/sys/vm/drop_caches) 2>/dev/null; then cold=yes; fi

	for mode in warm $(test $cold = yes && echo cold); do
		c= l= s= o=
		for r in $(seq 1 "$rounds"); do
			test $mode = cold && drop
			t0=$(now_ns)
			cat "$work"/ks/ksummit/cur/* >/dev/null
			c="$c $(($(now_ns) - t0))"
			test $mode = cold && drop
			t0=$(now_ns)
			notmuch search --output=files '*' >/dev/null
			l="$l $(($(now_ns) - t0))"
			test $mode = cold && drop
			t0=$(now_ns)
			civil-scan --scores '*' >"$work/scores"
			s="$s $(($(now_ns) - t0))"
			if test -n "${BASE:-}"; then
				test $mode = cold && drop
				t0=$(now_ns)
				"$BASE/bin/civil-scan" --scores '*' >/dev/null
				o="$o $(($(now_ns) - t0))"
			fi
		done
		c=$(median $c) l=$(median $l) s=$(median $s)
		echo "ksummit corpus, $files files, $mode cache, median of $rounds:"
		echo "  cat of every file:        $(ms "$c") ms"
		echo "  notmuch listing the files: $(ms "$l") ms (a floor: no file read)"
		echo "  civil-scan --scores '*':  $(ms "$s") ms"
		echo "  ratio:                    $(ratio "$s" "$c") (target <= 2)"
		if test -n "${BASE:-}"; then
			o=$(median $o)
			echo "  BASE civil-scan --scores: $(ms "$o") ms, ratio $(ratio "$o" "$c")"
		fi
	done
	t0=$(now_ns)
	civil-scan --apply '*'
	a=$(($(now_ns) - t0))
	t0=$(now_ns)
	civil-scan --apply '*'
	b=$(($(now_ns) - t0))
	echo "civil-scan --apply '*': first run $(ms "$a") ms, rescan $(ms "$b") ms"
	# The post-new hook's scan: what changed since the last --apply
	# (lastmod) against a tag query naming the same 20 messages, arms
	# alternating; each round changes the 20 first, as new mail would.
	ids=$(notmuch search --output=messages --limit=20 '*')
	civil-scan --apply 2>/dev/null
	q= m=
	for r in $(seq 1 "$rounds"); do
		notmuch tag +bench-new -- $ids
		t0=$(now_ns)
		civil-scan --apply tag:bench-new
		q="$q $(($(now_ns) - t0))"
		notmuch tag -bench-new -- $ids
		t0=$(now_ns)
		civil-scan --apply
		m="$m $(($(now_ns) - t0))"
	done
	echo "post-new hook scan of 20 changed messages, median of $rounds:"
	echo "  civil-scan --apply tag:bench-new: $(ms "$(median $q)") ms"
	echo "  civil-scan --apply (lastmod):     $(ms "$(median $m)") ms"
	echo "tagged: $(notmuch count tag:heated) messages heated," \
		"$(notmuch count tag:heated-thread) of $(notmuch count "*") in heated threads," \
		"$(notmuch count --output=threads tag:heated-thread) of" \
		"$(notmuch count --output=threads '*') threads heated"
	echo "top threads:"
	civil-heated | awk '/^thread:/ {t=$0; getline s; print t; print s}' | head -n 20
else
	echo "scan.sh: $corpus not here; corpus timing skipped"
fi

