#!/bin/sh
# learn.sh BUILD - a simulated reader corrects civil's heated tags and
# civil learns from it (issue 17; bench/learn_reader.py): on the kernel
# set of ../shared/heat-dev in a scratch notmuch database, the second
# half's precision and recall before and after 10, 25, 50 and all of the
# first half's corrections, at thresholds 2.5 and 1.5; then, with
# CIVIL_CALM_CONFIG naming the notmuch config of a calm list, on a copy
# of its database (the original is never written): how many flags remain
# in its second half once the reader removed every flag in the first.
# Each part is skipped when its data is absent.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
kernel=$src/../shared/heat-dev/lkml_ferreira_dev.jsonl

if test -r "$kernel"; then
	python3 "$src/bench/learn_reader.py" kernel "$build" "$work/kernel" \
		"$kernel" 2.5 1.5
else
	echo "learn.sh: $kernel not here; kernel set skipped"
fi

calm=${CIVIL_CALM_CONFIG:-}
if test -n "$calm" && test -r "$calm"; then
	path=$(NOTMUCH_CONFIG=$calm notmuch config get database.path)
	root=$(NOTMUCH_CONFIG=$calm notmuch config get database.mail_root)
	db=$path
	test -d "$path/.notmuch/xapian" && db=$path/.notmuch
	cp -a "$db" "$work/calm-db"
	printf '[database]\npath=%s\nmail_root=%s\n[new]\ntags=new\n' \
		"$work/calm-db" "${root:-$path}" >"$work/calm-config"
	python3 "$src/bench/learn_reader.py" calm "$build" "$work" "$work/calm-config"
else
	echo "learn.sh: CIVIL_CALM_CONFIG not set; calm list skipped"
fi
