#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""heat_labels.py - the labelled kernel set (data/labels/) and its texts.

    heat_labels.py texts ARCHIVES CORPUS OUT.jsonl
        Rebuild the texts of the labelled messages from the fetched list
        archives: ARCHIVES holds public-inbox git repositories (a
        directory whose name contains linux-hwmon.vger.kernel.org.0,
        and so on, as the search tool's fetch leaves them under
        /work/.mirror), CORPUS is ../shared/corpus/ksummit-maildir.tar.xz.
        Each message is read by civil's own parser
        (build/scripts/heat-texts), so the text is the one civil scores.
    heat_labels.py dump ARCHIVES CORPUS OUTDIR LIST...
        Every message of each list, as civil reads it, into
        OUTDIR/LIST.jsonl (msgid, thread, subject, in_reply_to, from, to,
        cc, date, kind, text): what the draws choose from.  A list is
        found under ARCHIVES by its name (hwmon: the directory whose name
        holds -hwmon.<domain>.N, every epoch N of it).
    heat_labels.py merge READ_DIR INDEX [READ_DIR2 INDEX2] TEXTS DRAW OUT.jsonl
        Make data/labels/kernel.jsonl from the readers' files (a first
        reading of every message drawn, and a second one of some): one
        label a message, the milder where two readings differ, and no
        text from the mail (the deciding sentence is kept as a hash of
        its words, for training to find it again).
    heat_labels.py agree LABELS OTHER.jsonl
        How well two readings agree where both read a message.

The mail itself is never committed: it is real people's mail, public on
the lists' archives, and rebuilt from them on the machine that trains.
"""
import collections
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heat_model import norm, report_part, sentence_sha  # noqa: E402

TOOL = "build/scripts/heat-texts"
DATADIR = "data"


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def archive_dirs(archives, name):
    """The git directories of a list's public-inbox epochs under archives,
    oldest first: a directory whose name holds the list's address
    (linux-hwmon.vger.kernel.org.0, or fetch's
    linux-mailinglist-archives+linux-hwmon.vger.kernel.org.0) for the
    list civil calls hwmon.  Every list kernel.jsonl names is found so,
    with no table of lists to keep."""
    pat = re.compile(r"(^|[+-])" + re.escape(name) + r"\.[a-z0-9.-]+\.(\d+)$")
    found = []
    for d in glob.glob(os.path.join(archives, "*")):
        m = pat.search(os.path.basename(d))
        if not m:
            continue
        for g in (os.path.join(d, "repo"), d):
            if os.path.exists(os.path.join(g, "HEAD")):
                found.append((int(m.group(2)), os.path.basename(d), g))
                break
    addresses = {re.sub(r"\.\d+$", "", b) for _, b, _ in found}
    if len(addresses) > 1:
        sys.exit(f"heat_labels: '{name}' names more than one list under "
                 f"'{archives}': " + ", ".join(sorted(addresses)))
    if not found:
        sys.exit(f"heat_labels: no archive of {name} under '{archives}' "
                 "(fetch github:linux-mailinglist-archives/<its address>.0)")
    return [g for _, _, g in sorted(found)]


def message_id(raw):
    """The Message-ID of raw mail (bytes), brackets off, or None."""
    head = raw.split(b"\n\n", 1)[0].split(b"\n")
    for i, line in enumerate(head):
        if line[:11].lower() == b"message-id:":
            v = line[11:]
            j = i + 1
            while not v.strip(b" \t\r") and j < len(head):
                v = head[j]
                j += 1
            v = v.strip().decode("utf-8", "replace")
            if "<" in v and ">" in v:
                return v[v.index("<") + 1:v.index(">", v.index("<"))]
            return v or None
    return None


def public_inbox_messages(gitdir):
    """Each message of a public-inbox v2 epoch (bytes)."""
    revs = subprocess.run(["git", "-C", gitdir, "rev-list", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.split()
    p = subprocess.Popen(["git", "-C", gitdir, "cat-file", "--batch"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for c in revs:
        p.stdin.write(f"{c}:m\n".encode())
        p.stdin.flush()
        head = p.stdout.readline().split()
        if len(head) < 3 or head[1] == b"missing":
            continue
        data = p.stdout.read(int(head[2]))
        p.stdout.read(1)
        yield data
    p.stdin.close()
    p.wait()


def list_messages(archives, corpus, name):
    """Each message of a list (bytes): ksummit from the corpus tarball,
    any other list from its archive's epochs."""
    if name == "ksummit":
        yield from corpus_messages(corpus)
        return
    for g in archive_dirs(archives, name):
        yield from public_inbox_messages(g)


def parsed(name, raws):
    """civil's reading (heat-texts) of each message raws yields, as dicts,
    a few thousand at a time through files in a scratch directory."""
    with tempfile.TemporaryDirectory() as tmp:
        def run(files):
            # A message civil can't parse is said on stderr (exit 1) and
            # left out; anything else is the tool failing.
            p = subprocess.run([TOOL, DATADIR, name],
                               input="\n".join(files) + "\n",
                               capture_output=True, text=True)
            if p.returncode not in (0, 1):
                sys.exit(f"heat_labels: {TOOL} failed: {p.stderr.strip()}")
            got = p.stdout
            for f in files:
                os.unlink(f)
            for line in got.split("\n"):
                if not line:
                    continue
                r = json.loads(line)
                r.pop("file", None)
                yield r
        files = []
        for n, raw in enumerate(raws):
            f = os.path.join(tmp, f"{n}")
            with open(f, "wb") as o:
                o.write(raw)
            files.append(f)
            if len(files) == 4000:
                yield from run(files)
                files = []
        if files:
            yield from run(files)


def dump(archives, corpus, outdir, names):
    """Every message of each list named, as civil reads it, into
    outdir/LIST.jsonl: what the draws choose from."""
    os.makedirs(outdir, exist_ok=True)
    for name in names:
        out = os.path.join(outdir, f"{name}.jsonl")
        n = 0
        with open(out + ".tmp", "w", encoding="utf-8") as o:
            for r in parsed(name, list_messages(archives, corpus, name)):
                o.write(json.dumps(r, ensure_ascii=False) + "\n")
                n += 1
        os.replace(out + ".tmp", out)
        print(f"{name}: {n} messages", file=sys.stderr)


def corpus_messages(tarball):
    with tarfile.open(tarball) as t:
        for member in t:
            if member.isfile():
                yield t.extractfile(member).read()


def texts(archives, corpus, out):
    """The text of every labelled message of kernel.jsonl, as civil reads
    it, into out (JSON lines): the lists are the ones kernel.jsonl names."""
    want = collections.defaultdict(set)
    for r in load("data/labels/kernel.jsonl"):
        want[r["list"]].add(r["msgid"])
    rows = []
    for name, ids in sorted(want.items()):
        raws = (raw for raw in list_messages(archives, corpus, name)
                if message_id(raw) in ids)
        found = set()
        for r in parsed(name, raws):
            if r["msgid"] in ids and r["msgid"] not in found:
                found.add(r["msgid"])
                rows.append(r)
        print(f"{name}: {len(found)} of {len(ids)} labelled messages",
              file=sys.stderr)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".tmp", "w", encoding="utf-8") as o:
        for r in rows:
            o.write(json.dumps(r, ensure_ascii=False) + "\n")
    os.replace(out + ".tmp", out)


# ---- merging the readers' files ----

MILDER = {"heated": 2, "sharp": 1, "calm": 0}


def sentences_of(textrows):
    """{(list, msgid): [sentence, ...]} as civil splits them."""
    data = bytearray()
    keys = []
    for i, r in enumerate(textrows):
        keys.append((r["list"], r["msgid"]))
        data += f"{i}\t{r['text']}".encode() + b"\0"
    out = subprocess.run(["build/scripts/heat-features", DATADIR], input=bytes(data),
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    res = collections.defaultdict(list)
    for line in out.split("\n"):
        if line:
            i, n, s, _ = line.split("\t", 3)
            res[keys[int(i)]].append((int(n), s))
    return res


def find_sha(sents, quoted):
    want = norm(quoted)
    if not want:
        return None
    best, score = None, 0.0
    for _, s in sents:
        have = norm(s)
        if have and (want in have or have in want):
            sc = min(len(want), len(have)) / max(len(want), len(have))
            if sc > score:
                best, score = s, sc
    return sentence_sha(best) if best is not None and score > 0.3 else None


def merge(readings, texts_path, draw_path, out):
    draw = {(d["list"], d["msgid"]): d for d in json.load(open(draw_path))}
    textrows = {(r["list"], r["msgid"]): r for r in load(texts_path)}
    reads = collections.defaultdict(list)
    for read_dir, index_path in readings:
        index = json.load(open(index_path))
        for f in sorted(glob.glob(os.path.join(read_dir, "*.jsonl"))):
            # b3-07.jsonl was read by helper session r3, c2-01 by c2.
            name = os.path.basename(f)
            reader = ("r" if name[0] == "b" else name[0]) + name[1]
            for r in load(f):
                i = index[r["n"]]
                reads[(i["list"], i["msgid"])].append((reader, r))
    sents = sentences_of([textrows[k] for k in reads if k in textrows])
    rows, twice, agree = [], 0, 0
    for key, rs in sorted(reads.items()):
        if key not in textrows:
            continue
        t = textrows[key]
        labels = [r["label"] for _, r in rs]
        # Read twice: where the readers differ, the milder label, as the
        # codebook says to choose when in doubt.
        pick = min(rs, key=lambda x: MILDER[x[1]["label"]])
        if len(rs) > 1:
            twice += 1
            agree += len(set(labels)) == 1
        reader, r = pick
        by = (f"reading by an assistant (helper session {reader}), 2026-12-05"
              if len(rs) == 1 else
              f"{len(rs)} readings by assistants (helper sessions "
              + ", ".join(x for x, _ in rs) + "), 2026-12-05; "
              + ("agreed" if len(set(labels)) == 1 else "the milder label kept"))
        row = {"msgid": key[1], "list": key[0], "thread": t["thread"],
               "label": r["label"], "target": r.get("target", "none"),
               "why": r.get("why", ""), "by": by, "pool": draw[key]["pool"],
               "split": report_part(key[0], t["thread"])}
        sha = find_sha(sents.get(key, []), r.get("sentence", ""))
        if sha:
            row["sentence_sha"] = sha
        rows.append(row)
    with open(out + ".tmp", "w", encoding="utf-8") as o:
        for row in rows:
            o.write(json.dumps(row, ensure_ascii=False) + "\n")
    os.replace(out + ".tmp", out)
    print(f"{len(rows)} labels; {twice} read more than once, {agree} of them "
          "alike", file=sys.stderr)


# ---- agreement ----

def kappa(pairs, classes):
    n = len(pairs)
    if not n:
        return float("nan"), 0.0
    po = sum(a == b for a, b in pairs) / n
    ca = collections.Counter(a for a, _ in pairs)
    cb = collections.Counter(b for _, b in pairs)
    pe = sum(ca[c] * cb[c] for c in classes) / (n * n)
    return (po - pe) / (1 - pe) if pe < 1 else 1.0, po


def agree(labels_path, other_path, list_name=None):
    mine = {(r["list"], r["msgid"]): r["label"] for r in load(labels_path)}
    pairs = []
    for r in load(other_path):
        lst = list_name or r.get("list")
        if lst == "ksummit-discuss":
            lst = "ksummit"
        k = (lst, r["msgid"])
        if k in mine:
            pairs.append((mine[k], r["label"]))
    classes = ("heated", "sharp", "calm")
    k3, po3 = kappa(pairs, classes)
    k2, po2 = kappa([(a != "calm", b != "calm") for a, b in pairs], (True, False))
    kh, poh = kappa([(a == "heated", b == "heated") for a, b in pairs], (True, False))
    print(f"{len(pairs)} messages read by both")
    print(f"  three classes: agreement {po3:.3f}, Cohen's kappa {k3:.3f}")
    print(f"  heated or sharp against calm: agreement {po2:.3f}, kappa {k2:.3f}")
    print(f"  heated against the rest: agreement {poh:.3f}, kappa {kh:.3f}")
    table = collections.Counter(pairs)
    print("  (this reading, other reading): count")
    for a in classes:
        print("   ", "  ".join(f"{a}/{b} {table[(a, b)]:4d}" for b in classes))


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "texts" and len(sys.argv) == 5:
        texts(*sys.argv[2:])
    elif len(sys.argv) >= 6 and sys.argv[1] == "dump":
        dump(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) >= 7 and sys.argv[1] == "merge" and len(sys.argv) % 2:
        a = sys.argv[2:]
        merge(list(zip(a[:-3:2], a[1:-3:2])), *a[-3:])
    elif len(sys.argv) >= 2 and sys.argv[1] == "agree" and len(sys.argv) in (4, 5):
        agree(*sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
