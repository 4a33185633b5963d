#!/usr/bin/env python3
"""heat_split.py - the one split of the kernel heat set (lkml_ferreira_dev)
into a development part and a report part, by thread.

The set is small (740 mails, 56 uncivil, in 125 threads), so tuning and
reporting on the same rows would flatter any rule.  Every thread goes
wholly to one part: threads that hold an uncivil mail and threads that do
not are each ordered by a hash of their thread_id (a fixed salt, so the
split never changes) and every other one goes to the report part.  The
development part is the one to read and tune on; the report part is only
measured.

    heat_split.py FILE.jsonl dev|report   print that part's rows (JSON lines)
    heat_split.py FILE.jsonl              print the counts of both parts
"""
import hashlib
import json
import sys

SALT = b"civil heat split 2026-12"


def key(thread_id):
    return hashlib.sha256(SALT + str(thread_id).encode()).hexdigest()


def parts(rows):
    """{thread_id: "dev" | "report"} for the threads of rows."""
    hot = {r["thread_id"] for r in rows if r["label"] == 1}
    threads = {r["thread_id"] for r in rows}
    part = {}
    for group in (sorted(hot, key=key), sorted(threads - hot, key=key)):
        for i, t in enumerate(group):
            part[t] = "report" if i % 2 else "dev"
    return part


def rows_of(path, which):
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    part = parts(rows)
    return [r for r in rows if part[r["thread_id"]] == which]


def main():
    path = sys.argv[1]
    if len(sys.argv) > 2:
        for r in rows_of(path, sys.argv[2]):
            print(json.dumps(r, ensure_ascii=False))
        return
    for which in ("dev", "report"):
        rows = rows_of(path, which)
        print("%s: %d mails, %d uncivil, %d threads" % (
            which, len(rows), sum(r["label"] for r in rows),
            len({r["thread_id"] for r in rows})))


if __name__ == "__main__":
    main()
