#!/usr/bin/env python3
"""heat_cues.py BUILD [FILE.jsonl[@dev|@report] ...] - how precise each
cue of the heat scorer is, on every labelled set and on a calm list.

For every reason civil gives ("impatience 'how many times'"), counts the
rows it fires in, uncivil and civil, per labelled set, and the messages of
the calm list it fires in (CIVIL_CALM_CONFIG: the notmuch config of a
scratch database of a calm list; skipped when unset).  A cue that fires
mostly on civil rows or on the calm list is one to drop.

    SORT=calm|pos|neg   order of the table (default: all firings)
    MIN=n               cues firing fewer times in all are left out
    GROUP=category      one line a category instead of one a cue

FILE.jsonl@dev or @report takes one part of heat_split.py's split.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heat_quality  # noqa: E402
import heat_split  # noqa: E402

REASON = re.compile(r"(\w[\w-]*) '(.*?)'( \(at a person\))?(?:; |$)")


def cues_of(why):
    """{"category 'match'"} of a reasons line."""
    out = set()
    for cat, match, aimed in REASON.findall(why):
        key = "%s '%s'" % (cat, match.lower())
        if os.environ.get("GROUP"):
            key = cat + (" (at a person)" if aimed else "")
        out.add(key)
    return out


def load(spec):
    path, _, part = spec.partition("@")
    if part:
        return os.path.basename(path) + "@" + part, heat_split.rows_of(
            path, part)
    return os.path.basename(path), [json.loads(l) for l in open(path)]


def labelled(build, spec, table):
    name, rows = load(spec)
    with tempfile.TemporaryDirectory() as tmp:
        mbox = os.path.join(tmp, "rows.mbox")
        heat_quality.mbox_of(rows, mbox)
        got = heat_quality.scores(build, mbox)
    for i, row in enumerate(rows):
        for cue in cues_of(got.get(i, (0.0, ""))[1]):
            table[cue][name][row["label"]] += 1
    return name


def calm(build, config, table):
    env = dict(os.environ, NOTMUCH_CONFIG=config)
    out = subprocess.run([os.path.join(build, "bin", "civil-scan"),
                          "--scores", "*"], env=env, capture_output=True,
                         text=True)
    if out.returncode not in (0, 3):
        sys.exit("civil-scan failed: " + out.stderr)
    n = 0
    for line in out.stdout.splitlines():
        n += 1
        for cue in cues_of(line.split("\t", 2)[2]):
            table[cue]["calm"][0] += 1
    return n


def main():
    build = sys.argv[1]
    table = collections.defaultdict(
        lambda: collections.defaultdict(lambda: [0, 0]))
    names = [labelled(build, spec, table) for spec in sys.argv[2:]]
    config = os.environ.get("CIVIL_CALM_CONFIG")
    if config:
        print("calm list: %d messages" % calm(build, config, table))
        names.append("calm")
    order = os.environ.get("SORT", "all")

    def key(item):
        cue, per = item
        if order == "calm":
            return -per["calm"][0]
        if order == "pos":
            return -sum(v[1] for v in per.values())
        if order == "neg":
            return -sum(v[0] for v in per.values())
        return -sum(v[0] + v[1] for v in per.values())

    least = int(os.environ.get("MIN", "1"))
    print("cue: per set uncivil/civil rows it fires in; calm: messages")
    for cue, per in sorted(table.items(), key=key):
        if sum(v[0] + v[1] for v in per.values()) < least:
            continue
        cells = []
        for n in names:
            v = per.get(n, [0, 0])
            cells.append("%s %d" % (n, v[0]) if n == "calm" else
                         "%s %d/%d" % (n.split(".")[0], v[1], v[0]))
        print("%-40s %s" % (cue[:40], "  ".join(cells)))


if __name__ == "__main__":
    main()
