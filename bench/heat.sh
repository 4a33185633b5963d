#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# heat.sh BUILD - how the heat model draws the Code of Conflict's line:
#
#   - the report part of the labelled kernel set (data/labels/) and of
#     lkml_ferreira_dev, scored as civil scores them (scripts/heat_model.py
#     report; needs the texts make model rebuilt, build/model/texts.jsonl);
#   - a whole list: CIVIL_CALM_MAILDIR names a maildir of one (linux-hwmon:
#     ../shared/tools/pi2maildir.py of its archive), every message scored,
#     the heated ones listed by Message-ID with what the labelled set says
#     of them ("unread" when it did not read them);
#   - ksummit (../shared/corpus): how many messages are heated, and the
#     share of messages in heated threads.
#
# Each part is skipped when its data is absent.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
shared=$src/../shared
texts=$src/build/model/texts.jsonl

if test -r "$texts" && /usr/bin/python3 -c 'import sklearn' 2>/dev/null; then
	(cd "$src" && /usr/bin/python3 scripts/heat_model.py report \
		--shared "$shared/heat-dev" --texts "$texts" \
		--tool "$build/scripts/heat-features")
else
	echo "heat.sh: no $texts (make model makes it); report parts skipped"
fi

# classes MAILDIR LIST - each message of the maildir as heat-texts sees
# it, one JSON line each.
classes() {
	find "$1" -type f | sort | "$build/scripts/heat-texts" "$build/share/civil" "$2"
}

calm=${CIVIL_CALM_MAILDIR:-}
if test -n "$calm" && test -d "$calm"; then
	classes "$calm" calm >"$work/calm.jsonl"
	python3 - "$work/calm.jsonl" "$src/data/labels/kernel.jsonl" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
labels = {r["msgid"]: r["label"] for r in map(json.loads, open(sys.argv[2]))}
hot = [r for r in rows if r["class"] == "heated"]
sharp = sum(r["class"] == "sharp" for r in rows)
print(f"whole list: {len(rows)} messages, {len(hot)} heated "
      f"({100 * len(hot) / len(rows):.3f}%), {sharp} sharp")
seen = {}
for r in hot:
    seen.setdefault(labels.get(r["msgid"], "unread"), []).append(r)
for label, rs in sorted(seen.items()):
    print(f"  read as {label}: {len(rs)}")
    for r in rs:
        print(f"    {r['score']:.2f} <{r['msgid']}>")
EOF
else
	echo "heat.sh: CIVIL_CALM_MAILDIR not set; whole list skipped"
fi

corpus=$shared/corpus/ksummit-maildir.tar.xz
if test -r "$corpus"; then
	NOTMUCH_CONFIG=$("$src/tests/import-ksummit.sh" "$corpus" "$work/ks")
	export NOTMUCH_CONFIG
	civil-scan --apply '*' >/dev/null 2>&1 || test $? = 3
	all=$(notmuch count '*')
	echo "ksummit: $all messages, $(notmuch count tag:heated) heated," \
		"$(notmuch count tag:heated-thread) in heated threads" \
		"($(notmuch count --output=threads tag:heated-thread) of" \
		"$(notmuch count --output=threads '*') threads)"
else
	echo "heat.sh: no ksummit corpus; skipped"
fi
