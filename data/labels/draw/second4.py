# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was read a second time (issue 29), run on
# 2026-12-07; not part of the build.
#
#   second4.py INDEX.json READ_DIR OUT_DRAW.json PREFIX... 
#
# Every message the first reading of the batches PREFIX* called heated,
# and as many again of those it called sharp or calm (half each, at
# random), for a second reading blind to the first: batches4.py cuts
# OUT_DRAW.json into batches, shuffled, so the reader can't tell which
# is which.
import glob, json, os, random, sys

index = json.load(open(sys.argv[1]))
out = sys.argv[3]
reads = []
for pre in sys.argv[4:]:
    for p in sorted(glob.glob(os.path.join(sys.argv[2], pre + "*.jsonl"))):
        reads += [json.loads(l) for l in open(p) if l.strip()]
random.seed(4929)
heated = [r for r in reads if r["label"] == "heated"]
sharp = [r for r in reads if r["label"] == "sharp"]
calm = [r for r in reads if r["label"] == "calm"]
k = len(heated)
pick = heated + random.sample(sharp, min(len(sharp), (k + 1) // 2)) + \
    random.sample(calm, min(len(calm), k // 2))
json.dump([dict(index[r["n"]], first=r["n"]) for r in pick], open(out, "w"))
print(len(pick), "to read again:", k, "heated")
