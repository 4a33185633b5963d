# SPDX-License-Identifier: GPL-2.0-or-later
# The held-out natural list's figures (issue 29), from natural.py's draw
# and its blind readings; not part of the build.
#
#   natural_report.py DRAW.json INDEX.json READ_DIR PREFIX OUT.jsonl
#
# Writes the labels (OUT.jsonl, never trained on) and prints, per pool,
# what the readers called its messages, the tag level's precision, the
# review band's, and the whole list's estimates (by each pool's fraction).
import collections, datetime, glob, json, os, sys


def main():
    draw_path, index_path, read_dir, prefix, out = sys.argv[1:6]
    draw = {(d["list"], d["msgid"]): d for d in json.load(open(draw_path))}
    index = json.load(open(index_path))
    got = {}
    for p in sorted(glob.glob(os.path.join(read_dir, prefix + "*.jsonl"))):
        reader = os.path.basename(p)[:-6]
        for line in open(p):
            if line.strip():
                r = json.loads(line)
                i = index[r["n"]]
                got[(i["list"], i["msgid"])] = (r, reader)
    by = collections.defaultdict(collections.Counter)
    with open(out, "w") as o:
        for key, d in sorted(draw.items()):
            if key not in got:
                continue
            r, reader = got[key]
            by[d["pool"]][r["label"]] += 1
            o.write(json.dumps({"msgid": key[1], "list": key[0], "thread": d["thread"],
                                "label": r["label"], "target": r.get("target", "none"),
                                "why": r.get("why", ""), "pool": d["pool"],
                                "fraction": d["fraction"], "p": d["p"],
                                "by": f"reading by an assistant ({reader}), "
                                      f"{datetime.date.today().isoformat()}"},
                               ensure_ascii=False) + "\n")
    for pool in sorted(by):
        c = by[pool]
        n = sum(c.values())
        print(f"{pool}: {n} read: {c['heated']} heated, {c['sharp']} sharp, {c['calm']} calm; "
              f"heated {c['heated'] / max(n, 1):.2f}")


if __name__ == "__main__":
    main()
