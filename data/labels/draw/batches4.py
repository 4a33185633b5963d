# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was read (issue 29), run on 2026-12-07; see
# data/labels/README.md.  Not part of the build.
#
#   batches4.py NAME LISTS_DIR DRAW.json OUT_DIR PER_READER [SEED]
#
# Cuts a draw into batches of 50 for reading: shuffled, so a reader is
# blind to the pool, the model's score and (in a second reading) the
# first reading's label; each message with its list, its subject and the
# opening of the message it replies to, never its sender.  Writes
# OUT_DIR/NAME-RR-BB.txt (reader RR, batch BB) and OUT_DIR/NAME-index.json
# (which message each "NAME-RR-BB.K" is).
import json, os, random, re, sys

STRONG = re.compile(r"\b(idiot\w*|stupid\w*|moron\w*|dumb\w*|fuck\w*|shit\w*|crap\w*|"
                    r"damn\w*|hell|bullshit|garbage|insane|clueless|incompeten\w*|"
                    r"ridiculous|nonsense|pathetic|brain[- ]?dead|asshole\w*|jerk\w*|"
                    r"sucks?|lazy|useless|rude|shut up|waste of (my )?time|troll\w*|"
                    r"ignorant|silly|lame|insult\w*|hostile|toxic|shame\w*|threat\w*|"
                    r"how many times|did you (even )?read)\b", re.I)


def clip(t):
    """A long message: its opening, then only its later sentences with a
    strong word (a reader reads 50 messages, not 50 threads)."""
    if len(t) <= 3000:
        return t
    head, rest = t[:2400], t[2400:]
    sents = re.split(r"(?<=[.!?])\s+|\n\s*\n", rest)
    hot = [s.strip().replace("\n", " ") for s in sents if STRONG.search(s)][:6]
    out = head + f"\n[... the message goes on for {len(rest)} more characters. " \
        "Only its later sentences with strong words are shown:]\n"
    return out + ("\n".join("> " + h[:400] for h in hot) if hot else "(none)")


def main():
    name, lists_dir, draw_path, out, per = sys.argv[1:6]
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 2914
    draw = json.load(open(draw_path))
    want = {(d["list"], d["msgid"]) for d in draw}
    rows, texts = {}, {}
    for lst in sorted({d["list"] for d in draw}):
        for line in open(os.path.join(lists_dir, f"{lst}.jsonl"), encoding="utf-8"):
            r = json.loads(line)
            if not r["msgid"]:
                continue
            texts.setdefault((lst, r["msgid"]), r["text"])
            if (lst, r["msgid"]) in want:
                rows.setdefault((lst, r["msgid"]), r)
    random.seed(seed)
    items = list(draw)
    random.shuffle(items)
    per = int(per)
    os.makedirs(out, exist_ok=True)
    index = {}
    for ri in range((len(items) + per - 1) // per):
        mine = items[ri * per:(ri + 1) * per]
        for bi in range(0, len(mine), 50):
            bname = f"{name}-{ri + 1:02d}-{bi // 50 + 1:02d}"
            with open(os.path.join(out, bname + ".txt"), "w", encoding="utf-8") as o:
                for j, d in enumerate(mine[bi:bi + 50]):
                    key = (d["list"], d["msgid"])
                    r = rows[key]
                    n = f"{bname}.{j + 1}"
                    index[n] = {"msgid": d["msgid"], "list": d["list"]}
                    o.write(f"=== {n} | list: {d['list']} | subject: {r.get('subject') or ''}\n")
                    p = r.get("in_reply_to")
                    pt = (texts.get((d["list"], p)) or "").strip() if p else ""
                    if pt:
                        pt = pt[:500] + (" [...]" if len(pt) > 500 else "")
                        o.write("--- the message it replies to (context only, not to be labelled), its opening:\n")
                        o.write("\n".join("| " + x for x in pt.split("\n")) + "\n")
                    o.write("--- text to label:\n")
                    o.write(clip(r["text"]).rstrip("\n") + "\n\n")
    json.dump(index, open(os.path.join(out, f"{name}-index.json"), "w"))
    print(len(index), "messages in", len({k.rsplit('.', 1)[0] for k in index}), "batches")


if __name__ == "__main__":
    main()
