# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how the natural list was drawn for measuring (issue 29),
# not part of the build.
#
#   natural.py LIST_DUMP.jsonl MODEL TOOL DATADIR OUT_DRAW.json [RANDOM]
#
# Scores every message of one list no label comes from (linux-raid, held
# out of every draw) with civil's shipped model, as civil computes it
# (heat_train.logits over heat-features), and draws for
# reading: every message at or over the tag level, every one at or over
# the review level, and RANDOM (300) of the rest.  Each is written with
# its pool and the chance it was drawn, so the band's precision on the
# whole list can be estimated.
import hashlib, json, math, os, random, sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts"))
import heat_model as hm  # noqa: E402
import heat_train as ht  # noqa: E402


def main():
    dump, model, tool, datadir, out = sys.argv[1:6]
    k = int(sys.argv[6]) if len(sys.argv) > 6 else 300
    rows, seen = [], set()
    for line in open(dump, encoding="utf-8"):
        r = json.loads(line)
        if r["kind"] == "patch" or not r["text"].strip() or not r["msgid"]:
            continue
        h = hashlib.sha1(hm.norm(r["text"]).encode()).hexdigest()
        if h in seen:
            continue
        seen.add(h)
        rows.append(r)
    weights, bias = ht.read_model(model)
    tag = ht.threshold_of_header() / 5
    review = ht.review_of_header() / 5
    grams, cues = ht.c_features(tool, datadir, rows)
    ps = []
    for g, c in zip(grams, cues):
        z = ht.logits(weights, bias, g, c)[0]
        ps.append(1 / (1 + math.exp(-z)))
    pools = {"tag": [], "review": [], "rest": []}
    for i, p in enumerate(ps):
        pools["tag" if p >= tag else "review" if p >= review else "rest"].append(i)
    random.seed(2929)
    pick = {"tag": pools["tag"], "review": pools["review"],
            "rest": random.sample(pools["rest"], min(k, len(pools["rest"])))}
    drawn = []
    for pool, idx in pick.items():
        for i in idx:
            r = rows[i]
            drawn.append({"list": r["list"], "msgid": r["msgid"], "thread": r["thread"],
                          "pool": f"natural-{pool}", "round": "natural",
                          "fraction": len(idx) / max(1, len(pools[pool])),
                          "p": round(ps[i], 4)})
    json.dump(drawn, open(out, "w"), indent=0)
    print(json.dumps({"messages": len(rows), "tag_at": tag, "review_at": review,
                      **{p: len(v) for p, v in pools.items()}}), file=sys.stderr)


if __name__ == "__main__":
    main()
