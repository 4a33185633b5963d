# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn (the third draw, issue 29), run
# on 2026-12-07 from `scripts/heat_labels.py dump` of each list under
# /work/heat/lists; see data/labels/README.md.  Not part of the build.
#
#   draw3.py ROUND LISTS_DIR OUT_DIR [LABELS...]
#
# Active learning, one round a run: a plain word + char n-gram logistic
# regression (heat_model.py's baseline) is trained on the training part
# of the labels read so far; the lists' unlabelled messages are then cut
# into four strata by it, each a set any message falls in or not, and a
# random sample drawn from each:
#
#   top      p at or over the p of the TOP-th hottest        all of it
#   similar  not top; cosine at or over SIM_AT to a training heated text
#   band     not top or similar; p at or over the BAND-th hottest's
#   random   the rest
#
# Each stratum's size and sample are written (strata.json), so that every
# message drawn has a known chance of being drawn: what the figures on a
# natural list are weighted by.  A message drawn in an earlier round is
# not drawn again; the chance it had in this round is written with it.
import collections, hashlib, json, os, random, sys
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts"))
import heat_model as hm  # noqa: E402

# The lists of this draw: none read before, and not linux-leds or
# linux-ext4 (held out by the issue) or linux-raid (held out here, to be
# read whole).
LISTS = ("api", "arch", "block", "cgroups", "cifs", "crypto",
         "driverdev-devel", "input", "integrity", "io-uring", "man",
         "selinux", "usb", "nfs", "scsi")
SIZES = {1: dict(top=800, similar=400, band=400, random=400, band_at=6000),
         2: dict(top=1000, similar=300, band=300, random=200, band_at=6000),
         # 2026-12-08: round 1's readings were lost before they were
         # merged (they were kept outside the tree), so round 3 draws
         # again from the same lists, weighted to the top, where round 1
         # found 112 of its 121 heated messages.
         3: dict(top=1200, similar=100, band=300, random=200, band_at=6000),
         # Round 4: a model of rounds 1-3 (the earlier draws and round 3),
         # four lists more.
         4: dict(top=2400, similar=100, band=300, random=200, band_at=9000),
         # Round 5: the two big lists dumped last (usb, scsi), with the
         # same model as round 4 (round 4 not yet read).
         5: dict(top=1500, similar=100, band=200, random=200, band_at=6000)}
# Round 3 draws from the lists dumped in time (CIVIL_DRAW_LISTS, comma
# separated), a subset of LISTS.
if os.environ.get("CIVIL_DRAW_LISTS"):
    LISTS = tuple(os.environ["CIVIL_DRAW_LISTS"].split(","))
SIM_AT = 0.35
SEED = 29


def population(lists_dir, labelled_texts):
    pop, seen = [], set(labelled_texts)
    # Drawn in a round whose readings are not merged yet (CIVIL_DRAW_EXCLUDE:
    # its draw json): not drawn again.
    drawn = set()
    if os.environ.get("CIVIL_DRAW_EXCLUDE"):
        drawn = {(d["list"], d["msgid"]) for d in json.load(open(os.environ["CIVIL_DRAW_EXCLUDE"]))}
    for name in LISTS:
        ids = set()
        for line in open(os.path.join(lists_dir, f"{name}.jsonl"), encoding="utf-8"):
            r = json.loads(line)
            if r["kind"] == "patch" or not r["text"].strip() or not r["msgid"] \
                    or r["msgid"] in ids:
                continue
            ids.add(r["msgid"])
            if (name, r["msgid"]) in drawn:
                continue
            h = hashlib.sha1(hm.norm(r["text"]).encode()).hexdigest()
            if h in seen:
                continue
            seen.add(h)
            pop.append({"list": name, "msgid": r["msgid"], "thread": r["thread"],
                        "text": r["text"]})
    return pop


def main():
    rnd, lists_dir, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    labels = []
    for p in sys.argv[4:]:
        labels += [json.loads(l) for l in open(p, encoding="utf-8")]
    texts = {}
    for name in {r["list"] for r in labels}:
        for line in open(os.path.join(lists_dir, f"{name}.jsonl"), encoding="utf-8"):
            r = json.loads(line)
            texts.setdefault((name, r["msgid"]), r["text"])
    train = [(texts[(r["list"], r["msgid"])], r["label"]) for r in labels
             if r["split"] == "train" and (r["list"], r["msgid"]) in texts]
    labelled = {hashlib.sha1(hm.norm(texts[(r["list"], r["msgid"])]).encode()).hexdigest()
                for r in labels if (r["list"], r["msgid"]) in texts}
    base = hm.Baseline().fit([t for t, _ in train], [l == "heated" for t, l in train])
    pop = population(lists_dir, labelled)
    print("population", len(pop), file=sys.stderr)
    z = base.logits([m["text"] for m in pop])
    heat_rows = base.vectors([t for t, l in train if l == "heated"])
    X = base.vectors([m["text"] for m in pop])
    sim = np.asarray((X @ heat_rows.T).max(axis=1).todense()).ravel()
    size = SIZES[rnd]
    order = np.argsort(-z)
    top_at = z[order[size["top"] - 1]]
    band_at = z[order[size["band_at"] - 1]]
    stratum = np.where(z >= top_at, "top",
                       np.where(sim >= SIM_AT, "similar",
                                np.where(z >= band_at, "band", "random")))
    random.seed(SEED * 10 + rnd)
    drawn, strata = [], {}
    for s in ("top", "similar", "band", "random"):
        idx = [int(i) for i in np.where(stratum == s)[0]]
        pick = idx if len(idx) <= size[s] else random.sample(idx, size[s])
        strata[s] = {"population": len(idx), "drawn": len(pick)}
        for i in pick:
            drawn.append({"list": pop[i]["list"], "msgid": pop[i]["msgid"],
                          "thread": pop[i]["thread"], "pool": f"r{rnd}-{s}",
                          "round": rnd, "fraction": len(pick) / len(idx),
                          "z": round(float(z[i]), 3), "sim": round(float(sim[i]), 3)})
    strata["thresholds"] = {"top_at": float(top_at), "band_at": float(band_at),
                            "sim_at": SIM_AT}
    strata["lists"] = dict(collections.Counter(m["list"] for m in pop))
    os.makedirs(out, exist_ok=True)
    json.dump(drawn, open(os.path.join(out, f"draw-r{rnd}.json"), "w"), indent=0)
    json.dump(strata, open(os.path.join(out, f"strata-r{rnd}.json"), "w"), indent=1)
    print(json.dumps(strata, indent=1), file=sys.stderr)


if __name__ == "__main__":
    main()
