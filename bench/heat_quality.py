#!/usr/bin/env python3
"""heat_quality.py BUILD [FILE.jsonl[@dev|@report] ...] - how well
civil's heat scorer agrees with labelled text (../shared/heat-dev).

Each row becomes one message of an mbox; the real `civil-scan --mbox
--scores` scores them; precision, recall and F1 of the positive class are
printed per file at the configured threshold (and at a few others, to see
the trade-off).  Rows are never written anywhere but a temporary file.

FILE@dev and FILE@report take one part of bench/heat_split.py's split.

CIVIL_MODEL_FOLDS=DIR (from `scripts/heat_model.py folds`): rows of the
sets the learned layer is trained on are each scored by the fold's model
that never saw them, so those figures are not in-sample.

CIVIL_NO_MODEL=1: the lexicon alone, without the learned layer.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heat_split  # noqa: E402

THRESHOLDS = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5)


def mbox_of(rows, path):
    with open(path, "w", encoding="utf-8") as f:
        for i, row in enumerate(rows):
            text = row["text"].replace("\r\n", "\n")
            # mboxrd: a body line starting "From " gets a ">".
            body = "\n".join(
                (">" + l if l.startswith("From ") or l.startswith(">From ") else l)
                for l in text.split("\n"))
            f.write("From heat-dev Mon Jan  1 00:00:00 2024\n"
                    "From: dev@heat-dev.invalid\n"
                    f"Subject: comment {i}\n"
                    f"Message-ID: <row-{i}@heat-dev.invalid>\n"
                    "MIME-Version: 1.0\n"
                    "Content-Type: text/plain; charset=utf-8\n"
                    "Content-Transfer-Encoding: 8bit\n\n"
                    f"{body}\n\n")


def scores(build, path):
    out = subprocess.run([os.path.join(build, "bin", "civil-scan"),
                          "--scores", "--mbox", path],
                         capture_output=True, text=True)
    if out.returncode not in (0, 3):
        sys.exit(f"civil-scan failed ({out.returncode}): {out.stderr}")
    got = {}
    for line in out.stdout.splitlines():
        score, mid, why = line.split("\t", 2)
        got[int(mid.split("@")[0][4:])] = (float(score), why)
    return got


def prf(rows, got, t):
    tp = fp = fn = 0
    for i, row in enumerate(rows):
        hot = got.get(i, (0.0, ""))[0] >= t
        if hot and row["label"] == 1:
            tp += 1
        elif hot:
            fp += 1
        elif row["label"] == 1:
            fn += 1
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def load(spec):
    path, _, part = spec.partition("@")
    name = os.path.basename(path) + ("@" + part if part else "")
    if part:
        return name, heat_split.rows_of(path, part)
    return name, [json.loads(l) for l in open(path, encoding="utf-8")]


def score_rows(build, rows):
    with tempfile.TemporaryDirectory() as tmp:
        mbox = os.path.join(tmp, "rows.mbox")
        mbox_of(rows, mbox)
        return scores(build, mbox)


def with_model(build, model, tmp):
    """A copy of build's civil-scan whose shipped model is model (None:
    no model at all)."""
    os.makedirs(os.path.join(tmp, "bin"), exist_ok=True)
    shutil.copy(os.path.join(build, "bin", "civil-scan"),
                os.path.join(tmp, "bin"))
    shutil.copytree(os.path.join(build, "share"), os.path.join(tmp, "share"),
                    dirs_exist_ok=True)
    if model:
        shutil.copy(model, os.path.join(tmp, "share", "civil", "heat.model"))
    else:
        with open(os.path.join(tmp, "share", "civil", "heat.lexicon"),
                  "a") as f:
            f.write("\nmodel none\n")
    return tmp


def held_out(build, folds, name, rows):
    """Scores of rows, each from the fold model that did not see it, or
    None when the learned layer never trains on this set."""
    ids = {}
    for f in sorted(os.listdir(folds)):
        if f.endswith(".ids"):
            for line in open(os.path.join(folds, f)):
                set_name, rid = line.rstrip("\n").split("\t")
                if set_name == name:
                    ids[rid] = f[:-4]
    if not ids:
        return None
    got = {}
    for fold in sorted(set(ids.values())):
        mine = [i for i, r in enumerate(rows) if ids.get(str(r["id"])) == fold]
        with tempfile.TemporaryDirectory() as tmp:
            b = with_model(build, os.path.join(folds, fold + ".model"), tmp)
            part = score_rows(b, [rows[i] for i in mine])
        for k, i in enumerate(mine):
            if k in part:
                got[i] = part[k]
    return got


def main():
    build = sys.argv[1]
    files = sys.argv[2:]
    if os.environ.get("CIVIL_NO_MODEL"):
        tmp = tempfile.mkdtemp()
        build = with_model(build, None, tmp)
    threshold = float(os.environ.get("CIVIL_THRESHOLD", "2.5"))
    show = os.environ.get("SHOW")  # "fp" or "fn": print examples
    folds = os.environ.get("CIVIL_MODEL_FOLDS")
    for path in files:
        name, rows = load(path)
        got = held_out(build, folds, name, rows) if folds else None
        if got is not None:
            name += " (held out)"
        else:
            got = score_rows(build, rows)
        p, r, f = prf(rows, got, threshold)
        pos = sum(1 for x in rows if x["label"] == 1)
        print(f"{name}: {len(rows)} rows, {pos} positive; at {threshold:g}: "
              f"precision {p:.3f} recall {r:.3f} F1 {f:.3f}")
        print("  other thresholds: " + ", ".join(
            "%g: P %.2f R %.2f F1 %.3f" % ((t,) + prf(rows, got, t))
            for t in THRESHOLDS))
        if show:
            for i, row in enumerate(rows):
                s, why = got.get(i, (0.0, ""))
                hot = s >= threshold
                if (show == "fp" and hot and row["label"] == 0) or \
                   (show == "fn" and not hot and row["label"] == 1):
                    print(f"  {s:.2f} {why[:100]!r} :: {row['text'][:140]!r}")


if __name__ == "__main__":
    main()
