#!/bin/sh
# heat.sh BUILD - how the heat scorer reads mail: agreement with the
# labelled sets of ../shared/heat-dev (the kernel set in its development
# and report parts, bench/heat_split.py), with and without the learned
# layer, the training sets also held out (scripts/heat_model.py folds);
# then a calm list: CIVIL_CALM_CONFIG names the notmuch config of a
# scratch database of one (it gets tagged: civil-scan --apply '*').
# Each part is skipped when its data is absent.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
shared=$src/../shared
dev=$shared/heat-dev
kernel=$dev/lkml_ferreira_dev.jsonl
sets="vcu_github_comments toxicr_code_review sarker2020_code_review sarker2020_gitter strudel_issue_comments"
quality() { python3 "$src/bench/heat_quality.py" "$build" "$@"; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", 100 * a / b}'; }

if test -r "$kernel"; then
	echo "kernel set, split once by thread (bench/heat_split.py):"
	python3 "$src/bench/heat_split.py" "$kernel" | sed 's/^/  /'
	echo "with the learned layer (as shipped):"
	quality "$kernel@dev" "$kernel@report" "$kernel"
	echo "the lexicon alone:"
	CIVIL_NO_MODEL=1 quality "$kernel@dev" "$kernel@report" "$kernel"
else
	echo "heat.sh: $kernel not here; kernel set skipped"
fi

if test -d "$dev"; then
	files=
	for s in $sets; do files="$files $dev/$s.jsonl"; done
	echo "other labelled sets, with the learned layer:"
	# shellcheck disable=SC2086
	quality $files | grep -v "other thresholds" | sed 's/^/  /'
	echo "the lexicon alone:"
	# shellcheck disable=SC2086
	CIVIL_NO_MODEL=1 quality $files | grep -v "other thresholds" | sed 's/^/  /'
	if /usr/bin/python3 -c 'import sklearn' 2>/dev/null; then
		echo "held out: each row scored by a model trained without its fold (5 folds):"
		/usr/bin/python3 "$src/scripts/heat_model.py" folds "$dev" "$work/folds" 5 2>/dev/null
		# shellcheck disable=SC2086
		CIVIL_MODEL_FOLDS=$work/folds quality $files | grep "held out" | sed 's/^/  /'
	else
		echo "  (no python3-sklearn: held-out figures skipped)"
	fi
else
	echo "heat.sh: $dev not here; labelled sets skipped"
fi

calm=${CIVIL_CALM_CONFIG:-}
if test -n "$calm" && test -r "$calm"; then
	NOTMUCH_CONFIG=$calm
	export NOTMUCH_CONFIG
	t0=$(now_ns)
	civil-scan --apply '*' || test $? = 3
	a=$(($(now_ns) - t0))
	all=$(notmuch count '*')
	hot=$(notmuch count tag:heated)
	inth=$(notmuch count tag:heated-thread)
	th=$(notmuch count --output=threads tag:heated-thread)
	echo "calm list ($calm), civil-scan --apply '*' in $(ms "$a") ms:"
	echo "  all messages:  $all, heated $hot ($(pct "$hot" "$all")%)," \
		"in heated threads $inth ($(pct "$inth" "$all")%), $th of" \
		"$(notmuch count --output=threads '*') threads"
	echo "  date:2019..:   $(notmuch count 'date:2019..'), heated" \
		"$(notmuch count 'date:2019.. and tag:heated'), in heated threads" \
		"$(notmuch count 'date:2019.. and tag:heated-thread')"
	echo "  heated messages by thread (the five threads with most):"
	notmuch search --output=threads tag:heated | while read -r t; do
		echo "$(notmuch count "$t and tag:heated") $(notmuch count "$t") $(notmuch search --output=summary "$t" | sed 's/^[^;]*; //' | cut -c1-60)"
	done | sort -rn | head -n 5 | sed 's/^\([0-9]*\) \([0-9]*\) /    \1 of \2: /'
	tmp=$work/nomodel
	mkdir -p "$tmp/bin"
	cp "$build/bin/civil-scan" "$tmp/bin/"
	cp -r "$build/share" "$tmp/"
	echo "model none" >>"$tmp/share/civil/heat.lexicon"
	echo "  the lexicon alone: $("$tmp/bin/civil-scan" --scores '*' |
		awk -F'\t' '$1 >= 2.5' | wc -l) messages at or over 2.5"
else
	echo "heat.sh: CIVIL_CALM_CONFIG not set; calm list skipped"
fi
