# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how the third draw's readings became labels (issue 29), run
# on 2026-12-07; not part of the build.
#
#   merge4.py LISTS_DIR DRAW.json READ_DIR KERNEL.jsonl AGREEMENT.json
#             BATCH=SESSION...
#
# Each reading file READ_DIR/<batch>.jsonl (batch "r1-01-03": first
# reading; "s1-02-01": second) is mapped to its message by the batches'
# index files (READ_DIR/../batches/<name>-index.json).  One label a
# message: where two readings differ, the milder stands (CODEBOOK.md).
# BATCH=SESSION names who read each group of batches ("r1-01=helper-11"),
# for the label's `by`.  The new labels are appended to KERNEL.jsonl;
# the agreement of the two readings is written to AGREEMENT.json.
import collections, datetime, glob, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts"))
import heat_model as hm  # noqa: E402
import heat_labels as hl  # noqa: E402

MILDER = {"calm": 0, "sharp": 1, "heated": 2}
# The day the readings were made (CIVIL_READ_DAY), today unless said.
DAY = os.environ.get("CIVIL_READ_DAY") or datetime.date.today().isoformat()


def main():
    lists_dir, draw_path, read_dir, kernel, agreement = sys.argv[1:6]
    who = dict(a.split("=", 1) for a in sys.argv[6:])
    draw = {(d["list"], d["msgid"]): d for d in json.load(open(draw_path))}
    batches = os.path.join(os.path.dirname(read_dir.rstrip("/")), "batches")
    index = {}
    for p in glob.glob(os.path.join(batches, "*-index.json")):
        index.update(json.load(open(p)))
    reads = collections.defaultdict(list)
    for p in sorted(glob.glob(os.path.join(read_dir, "*.jsonl"))):
        name = os.path.basename(p)[:-6]
        group = name.rsplit("-", 1)[0]
        if group not in who:
            continue
        for line in open(p):
            if not line.strip():
                continue
            r = json.loads(line)
            i = index[r["n"]]
            reads[(i["list"], i["msgid"])].append((who[group], name[0] == "s", r))
    have = {(r["list"], r["msgid"]) for r in hm.load_jsonl(kernel)}
    threads = {}
    for lst in sorted({k[0] for k in reads}):
        for line in open(os.path.join(lists_dir, f"{lst}.jsonl"), encoding="utf-8"):
            r = json.loads(line)
            if (lst, r["msgid"]) in reads:
                threads.setdefault((lst, r["msgid"]), r["thread"])
    pairs, rows = [], []
    for key, rs in sorted(reads.items()):
        if key in have or key not in draw or not any(not s for _, s, _ in rs):
            continue
        first = [r for _, s, r in rs if not s][0]["label"]
        for _, s, r in rs:
            if s:
                pairs.append((first, r["label"]))
        session, _, r = min(rs, key=lambda x: MILDER[x[2]["label"]])
        labels = {x[2]["label"] for x in rs}
        names = ", ".join(x[0] for x in rs)
        by = (f"reading by an assistant ({names}), {DAY}" if len(rs) == 1 else
              f"{len(rs)} blind readings by assistants ({names}), {DAY}; "
              + ("agreed" if len(labels) == 1 else "the milder label kept"))
        d = draw[key]
        t = threads[key]
        rows.append({"msgid": key[1], "list": key[0], "thread": t, "label": r["label"],
                     "target": r.get("target", "none"), "why": r.get("why", ""),
                     "by": by, "pool": d["pool"], "round": d["round"],
                     "fraction": round(d["fraction"], 6),
                     "split": hm.report_part(key[0], t)})
    with open(kernel, "a", encoding="utf-8") as o:
        for row in rows:
            o.write(json.dumps(row, ensure_ascii=False) + "\n")
    k3, po = hl.kappa(pairs, ("calm", "sharp", "heated"))
    kh, ph = hl.kappa([(a == "heated", b == "heated") for a, b in pairs], (True, False))
    conf = collections.Counter(f"{a}->{b}" for a, b in pairs)
    out = {"pairs": len(pairs), "kappa_3class": round(k3, 3), "agreement_3class": round(po, 3),
           "kappa_heated": round(kh, 3), "agreement_heated": round(ph, 3),
           "first_then_second": dict(sorted(conf.items())),
           "heated_confirmed": conf["heated->heated"],
           "heated_first": sum(v for k, v in conf.items() if k.startswith("heated->"))}
    json.dump(out, open(agreement, "w"), indent=1)
    print(f"{len(rows)} labels added; agreement {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
