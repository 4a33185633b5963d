#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""heat_train.py - train civil's heat model and the baseline it must beat,
side by side on the same parts of the labelled kernel set (issue 29).

    heat_train.py --texts TEXTS.jsonl [--labels data/labels]
                  [--tool build/scripts/heat-features] [--out DIR]

civil's model is a linear model over exactly what civil computes in C
(build/scripts/heat-features --message: lib/ngrams.c's word and
character n-grams of the message, names masked, and each weighed cue
feature of the lexicon at its highest), two heads: heated against the
rest, and heated-or-sharp against calm.  The baseline is heat_model.py's
Baseline: TF-IDF word 1-2-grams and character 3-5-grams, logistic
regression, nothing of civil's.

Everything is chosen on the training part (5-fold cross-validation,
grouped by thread); the report part is only measured.  The heated head
is calibrated on the training part's out-of-fold logits (Platt), each
label weighted by 1 / the chance its draw gave it (data/labels/README.md),
so that its probability is what it would be on a natural list; the tag
and review levels are the lowest probabilities at which the expected
precision on a natural list is 0.8 and 0.3.

Writes OUT/heat.model (the text model: copy it to data/heat.model to
ship it) and OUT/report.txt.
"""
import argparse
import collections
import hashlib
import json
import math
import os
import subprocess
import sys

import numpy as np
import scipy.sparse as sp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heat_model as hm  # noqa: E402

CUE_SCALE = 1.0  # a cue column's value next to a gram's (chosen by CV)
C_GRID = (30.0,)  # 10 and 30 were within 0.001 on the first CV (bench/README.md)
CUE_GRID = (1.0, 3.0)
MAX_WEIGHTS = 65000  # 2^17 slots of 16 bytes: a 2 MB table
TAG_PRECISION, REVIEW_PRECISION = 0.8, 0.3

# The chance each pool of the earlier draws gave a message, where the
# label does not say (data/labels/README.md): the pools that took every
# message of their kind are 1; the random ones are measured from the
# lists' sizes, and are approximate.
POOL_FRACTION = {"scored>0": 1.0, "simple>0": 1.0, "model-heated": 1.0,
                 "model-harsh": 1.0, "words": 1 / 30.0, "random": 1 / 40.0,
                 "random2": 300 / 139127.0}


def fraction(r):
    if r.get("fraction"):
        return float(r["fraction"])
    return POOL_FRACTION.get(r.get("pool"), 1.0)


def gram_norm(g):
    """ngrams.c's civil_heat_grams_norm: the length of the vector of
    1 + ln(count) (1 for no grams: nothing to divide)."""
    return math.sqrt(sum((1 + math.log(n)) ** 2 for n in g.values())) or 1


def c_features(tool, datadir, rows):
    """Each row's grams {hash: count} and cues {name: value}, from C."""
    data = bytearray()
    for i, r in enumerate(rows):
        names = ", ".join(r.get(k) or "" for k in ("from", "to", "cc"))
        names = names.replace("\t", " ").replace("\0", " ")
        t = r["text"].replace("\0", " ")
        data += f"{i}\t{names}\t{t}".encode("utf-8", "replace") + b"\0"
    out = subprocess.run([tool, "--message", datadir], input=bytes(data),
                         capture_output=True, check=True).stdout
    grams, cues = [None] * len(rows), [None] * len(rows)
    for line in out.decode("utf-8", "replace").split("\n"):
        if not line:
            continue
        rid, g, c = line.split("\t", 2)
        i = int(rid)
        grams[i] = {int(h, 16): int(n) for h, n in
                    (x.split(":") for x in g.split(" ") if x)}
        cues[i] = {}
        for f in c.split("\x1f") if c else ():
            v, name = f.split(" ", 1)
            cues[i][name] = float(v)
    for i in range(len(rows)):
        if grams[i] is None:
            grams[i], cues[i] = {}, {}
    return grams, cues


class Space:
    """Columns: the grams seen in at least two training texts, then the
    cues seen in training.  A text's gram part is 1 + ln(count) of each
    gram times its idf (ln((1 + N) / (1 + df)) + 1, as sklearn's), over
    the norm of 1 + ln(count) of all its grams (as ngrams.c computes it,
    so the grams left out still count in the norm).  The idf is folded
    into the weights civil ships: C needs no table of it.  A cue's column
    is its value times cue_scale."""

    def __init__(self, grams, cues, train, use_cues=True, cue_scale=CUE_SCALE):
        df = collections.Counter()
        for i in train:
            df.update(grams[i].keys())
        kept = sorted(h for h, n in df.items() if n >= 2)
        self.grams = {h: k for k, h in enumerate(kept)}
        n = len(train)
        self.idf = {h: math.log((1 + n) / (1 + df[h])) + 1 for h in kept}
        names = sorted({n for i in train for n in cues[i]}) if use_cues else []
        self.cues = {n: len(self.grams) + k for k, n in enumerate(names)}
        self.width = len(self.grams) + len(self.cues)
        self.cue_scale = cue_scale

    def scale(self):
        """What each column's weight is multiplied by for C, which
        computes neither idf nor the cue scale."""
        out = np.ones(self.width)
        for h, k in self.grams.items():
            out[k] = self.idf[h]
        out[len(self.grams):] = self.cue_scale
        return out

    def matrix(self, grams, cues, which):
        rows, cols, vals = [], [], []
        for r, i in enumerate(which):
            g = grams[i]
            norm = gram_norm(g)
            for h, n in g.items():
                k = self.grams.get(h)
                if k is not None:
                    rows.append(r)
                    cols.append(k)
                    vals.append((1 + math.log(n)) * self.idf[h] / norm)
            for name, v in cues[i].items():
                k = self.cues.get(name)
                if k is not None:
                    rows.append(r)
                    cols.append(k)
                    vals.append(v * self.cue_scale)
        return sp.csr_matrix((vals, (rows, cols)), shape=(len(which), self.width))


def fit_lr(X, y, c):
    from sklearn.linear_model import LogisticRegression
    clf = LogisticRegression(C=c, max_iter=5000, class_weight="balanced")
    clf.fit(X, y)
    return clf


def folds(groups, k=5):
    """Thread-grouped folds, the same on every machine."""
    return [int(hashlib.sha1(g.encode()).hexdigest()[:8], 16) % k for g in groups]


def ap(z, y):
    from sklearn.metrics import average_precision_score
    return float(average_precision_score(y, z)) if sum(y) else float("nan")


def p_at(z, y, k=20):
    order = np.argsort(-np.asarray(z))[:k]
    return float(np.mean(np.asarray(y)[order]))


def best_f1(z, y):
    order = np.argsort(-np.asarray(z))
    ys = np.asarray(y)[order]
    tp = np.cumsum(ys)
    prec = tp / np.arange(1, len(ys) + 1)
    rec = tp / max(1, ys.sum())
    f1 = 2 * prec * rec / np.maximum(prec + rec, 1e-9)
    k = int(np.argmax(f1))
    return float(f1[k]), float(np.asarray(z)[order][k])


def f1_at(z, y, cut):
    pred = np.asarray(z) >= cut
    y = np.asarray(y, dtype=bool)
    tp = (pred & y).sum()
    return float(2 * tp / max(1, pred.sum() + y.sum()))


EXTRA = []  # trained on in every fold, never measured


def oof(build, fit, train, y, fold_of):
    """Out-of-fold logits of train (indices) for labels y (by index)."""
    z = np.zeros(len(train))
    fo = np.asarray([fold_of[i] for i in train])
    for f in range(5):
        tr = [i for i, q in zip(train, fo) if q != f] + EXTRA
        te = [k for k, q in enumerate(fo) if q == f]
        model = fit(build(tr, fit=True), [y[i] for i in tr])
        z[te] = model(build([train[k] for k in te], fit=False))
    return z


def platt(z, y, w):
    """a, b of p = sigmoid(a z + b), weighted."""
    from sklearn.linear_model import LogisticRegression
    m = LogisticRegression(C=1e6, max_iter=1000)
    m.fit(np.asarray(z).reshape(-1, 1), np.asarray(y, dtype=int), sample_weight=w)
    return float(m.coef_[0][0]), float(m.intercept_[0])


def level(p, y, w, precision):
    """The lowest p at which what is at or over it has the expected
    (weighted) precision asked for, and the expected recall there."""
    order = np.argsort(-p)
    ps, ys, ws = p[order], np.asarray(y, dtype=float)[order], np.asarray(w)[order]
    tp, al = np.cumsum(ys * ws), np.cumsum(ws)
    prec = tp / al
    ok = [k for k in range(len(ps)) if prec[k] >= precision and
          (k + 1 == len(ps) or ps[k + 1] < ps[k])]
    if not ok:
        return 1.0, 0.0, 0
    k = max(ok)
    return float(ps[k]), float(tp[k] / max(tp[-1], 1e-9)), k + 1


def weighted_at(p, y, w, cut):
    sel = p >= cut
    y = np.asarray(y, dtype=float)
    w = np.asarray(w)
    prec = (y * w)[sel].sum() / max(w[sel].sum(), 1e-9)
    rec = (y * w)[sel].sum() / max((y * w).sum(), 1e-9)
    return float(prec), float(rec), int(sel.sum())


# Texts whose scores the unit test (tests/unit/check_model.c) holds C to:
# written for it, no mail.
FIXTURE_TEXTS = (
    "You are an idiot.",
    "This patch is crap.",
    "Thanks, applied to the tree.",
    "Did you even test this before sending it?",
    "I was an idiot to miss that, sorry.",
    "The road to hell is paved with good intentions.",
    "Could you please split this into two patches?",
    "NAK. This is utterly broken.",
    "How many times do I have to explain this to you?",
    "Heh, that will be rewritten in Rust anyway ;-)",
    "This is not stupid at all, just unusual.",
    "STOP SENDING THIS GARBAGE!!",
    "Looks good to me.\n\nYou clearly have no clue what you are doing.",
)


def fnv(s):
    h = 0xcbf29ce484222325
    for b in s.encode("utf-8"):
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_model(path):
    """{hash: (w0, w1)} and the biases of a text model."""
    weights, bias = {}, (0.0, 0.0)
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line[0] == "#" or line.startswith("civil-heat-model"):
            continue
        if line.startswith("bias "):
            bias = tuple(float(x) for x in line.split()[1:3])
            continue
        a_, b_, name = line.split(" ", 2)
        h = int(name[1:], 16) if name[0] == "=" and len(name) == 17 else fnv(name)
        weights[h] = (float(a_), float(b_))
    return weights, bias


def header_define(name):
    """A #define of lib/civil.h, as a number."""
    here = os.path.dirname(os.path.abspath(__file__))
    for line in open(os.path.join(here, "..", "lib", "civil.h")):
        if line.startswith(f"#define {name} "):
            return float(line.split()[2])
    raise SystemExit(f"heat_train: no {name} in lib/civil.h")


def threshold_of_header():
    """CIVIL_HEAT_THRESHOLD: the tag level's score."""
    return header_define("CIVIL_HEAT_THRESHOLD")


def review_of_header():
    """CIVIL_HEAT_REVIEW: the review level's score."""
    return header_define("CIVIL_HEAT_REVIEW")


def logits(weights, bias, g, c):
    """A text's logits, both heads, as lib/heat.c's message_logits makes
    them of its grams g and cues c."""
    norm = gram_norm(g)
    z = list(bias)
    for h, n in g.items():
        w = weights.get(h or 1)
        if w:
            for k in range(2):
                z[k] += w[k] * (1 + math.log(n)) / norm
    for name, v in c.items():
        w = weights.get(fnv(name) or 1)
        if w:
            for k in range(2):
                z[k] += w[k] * v
    return z


def scores(model, tool, datadir, texts):
    """What civil makes of each text with the model, computed here from
    the features C gives: (score, class) as civil_heat_score_text."""
    weights, bias = read_model(model)
    threshold = threshold_of_header()
    grams, cues = c_features(tool, datadir, [{"text": t} for t in texts])
    out = []
    for g, c in zip(grams, cues):
        if not g:
            out.append((0.0, "calm"))
            continue
        z = logits(weights, bias, g, c)
        score = round(5 / (1 + math.exp(-z[0])) * 100) / 100
        p_cut = threshold / 5
        heated = z[0] >= math.log(p_cut / (1 - p_cut))
        klass = "heated" if heated else "sharp" if z[1] >= 0 else "calm"
        if not heated and score >= threshold:
            score = math.floor(threshold * 100 - 1) / 100
        out.append((score, klass))
    return out


def write_fixture(path, model, tool, datadir):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# SCORE CLASS TEXT: what scripts/heat_train.py makes of each\n"
                "# text with data/heat.model from the features C gives\n"
                "# (tests/unit/check_model.c holds C to it).  Written by `make model`.\n")
        for (score, klass), text in zip(scores(model, tool, datadir, FIXTURE_TEXTS),
                                        FIXTURE_TEXTS):
            if "\n" not in text:
                f.write(f"{score:.2f} {klass} {text}\n")


def compare(built, model, report):
    """make model-check: what was trained again against what is committed.
    Weights may differ in the last digits from machine to machine (BLAS);
    the figures may not."""
    bad = []
    w1, b1 = read_model(os.path.join(built, "heat.model"))
    w0, b0 = read_model(model)
    if set(w1) != set(w0):
        bad.append(f"{len(set(w1) ^ set(w0))} weights are in one model only")
    diff = max([abs(x - y) for h in set(w1) & set(w0) for x, y in zip(w1[h], w0[h])]
               + [abs(x - y) for x, y in zip(b1, b0)] + [0])
    if diff > 0.002:
        bad.append(f"a weight differs by {diff:.4f}")

    def figures(path):
        return [l for l in open(path).read().split("\n")
                if l.startswith("|") or l.startswith("  at ") or "level p >=" in l]
    f1, f0 = figures(os.path.join(built, "report.txt")), figures(report)
    for a_, b_ in zip(f0, f1):
        if a_ != b_:
            bad.append(f"report: committed '{a_}', trained '{b_}'")
    if len(f0) != len(f1):
        bad.append("report: not the same figures")
    for b_ in bad:
        print(f"model-check: {b_}", file=sys.stderr)
    if bad:
        sys.exit(1)
    print(f"model-check: {model} and {report} are what training makes "
          f"(weights within {diff:.4f})")


def main():
    ap_ = argparse.ArgumentParser()
    ap_.add_argument("--texts")
    ap_.add_argument("--labels", default="data/labels")
    ap_.add_argument("--tool", default="build/scripts/heat-features")
    ap_.add_argument("--datadir", default="data")
    ap_.add_argument("--out", default="build/model")
    ap_.add_argument("--quick", action="store_true", help="no grid, no ablation")
    ap_.add_argument("--fixture", help="write the C/Python agreement fixture "
                     "for MODEL (tests/fixtures/heat-model-scores.txt) and stop")
    ap_.add_argument("--model", default="data/heat.model")
    ap_.add_argument("--compare", metavar="BUILT",
                     help="compare BUILT/heat.model and report.txt with --model and --report")
    ap_.add_argument("--report", default="data/heat-model-report.txt")
    a = ap_.parse_args()
    if a.compare:
        return compare(a.compare, a.model, a.report)
    if a.fixture:
        return write_fixture(a.fixture, a.model, a.tool, a.datadir)
    lines = []

    def log(s=""):
        print(s, flush=True)
        lines.append(s)

    texts = {}
    for r in hm.load_jsonl(a.texts):
        texts.setdefault((r["list"], r["msgid"]), r)
    labels = hm.load_jsonl(os.path.join(a.labels, "kernel.jsonl"))
    rows, seen, missing = [], set(), 0
    for r in labels:
        t = texts.get((r["list"], r["msgid"]))
        if t is None or not t["text"].strip():
            missing += 1
            continue
        h = hashlib.sha1(hm.norm(t["text"]).encode()).hexdigest()
        if h in seen:  # kernel lists repeat spam and cross-posts: once
            continue
        seen.add(h)
        rows.append(dict(t, label=r["label"], split=r["split"],
                         group=f"{r['list']}\0{r['thread']}", weight=1 / fraction(r),
                         list=r["list"]))
    log(f"labelled texts: {len(rows)} (after duplicates; {missing} without a text)")
    # The sentences the developers wrote from the codebook (written.jsonl):
    # trained on, in every fold, so that a short insult is known as one;
    # never measured, calibrated on or counted in a level.
    for r in hm.load_jsonl(os.path.join(a.labels, "written.jsonl")):
        rows.append(dict(text=r["text"], label=r["label"], split="written",
                         group="written", weight=1.0, list="written"))
    extra = [i for i, r in enumerate(rows) if r["split"] == "written"]
    train = [i for i, r in enumerate(rows) if r["split"] == "train"]
    report = [i for i, r in enumerate(rows) if r["split"] == "report"]
    yh = [r["label"] == "heated" for r in rows]
    ys = [r["label"] != "calm" for r in rows]
    w = np.asarray([r["weight"] for r in rows])
    fold_of = folds([r["group"] for r in rows])
    for part, idx in (("training", train), ("report", report)):
        log(f"  {part} part: {len(idx)} texts, {sum(yh[i] for i in idx)} heated, "
            f"{sum(ys[i] and not yh[i] for i in idx)} sharp")

    grams, cues = c_features(a.tool, a.datadir, rows)
    EXTRA[:] = extra
    fit_on = train + extra

    def civil(use_cues, c, cs=CUE_SCALE):
        st = {}

        def build(which, fit):
            if fit:
                st["space"] = Space(grams, cues, which, use_cues, cs)
            return st["space"].matrix(grams, cues, which)

        def fit(X, y):
            clf = fit_lr(X, y, c)
            return lambda X2: clf.decision_function(X2)
        return build, fit

    def baseline(c):
        st = {}

        def build(which, fit):
            return [rows[i]["text"] for i in which]

        def fit(X, y):
            b = hm.Baseline(c=c).fit(X, y)
            return b.logits
        return build, fit

    # ---- choices, on the training part only ----
    log("\ncross-validation on the training part (5 folds by thread), heated AP / P@50:")
    yt = np.asarray([yh[i] for i in train])
    choices = [(True, 10.0, CUE_SCALE)] if a.quick else \
        [(False, 10.0, CUE_SCALE)] + [(True, c, cs) for c in C_GRID for cs in CUE_GRID]
    best = None
    for cu, c, cs in choices:
        z = oof(*civil(cu, c, cs), train, yh, fold_of)
        s = ap(z, yt)
        log(f"  grams{f' + cues x{cs:g}' if cu else ''}, C={c:g}: {s:.3f} / {p_at(z, yt, 50):.2f}")
        if best is None or s > best[0]:
            best = (s, cu, c, cs, z)
    zb = oof(*baseline(10.0), train, yh, fold_of)
    log(f"  baseline (TF-IDF word 1-2 + char 3-5, C=10): {ap(zb, yt):.3f} / {p_at(zb, yt, 50):.2f}")
    _, use_cues, c, cue_scale, z_oof = best
    log(f"chosen: grams{f' + cues x{cue_scale:g}' if use_cues else ''}, C={c:g}")
    zs_oof = oof(*civil(use_cues, c, cue_scale), train, ys, fold_of)
    f1s, cut_s = best_f1(zs_oof, [ys[i] for i in train])

    # ---- calibration and levels, on the training part ----
    wt = w[train]
    pa, pb = platt(z_oof, yt, wt)
    p_oof = 1 / (1 + np.exp(-(pa * z_oof + pb)))
    tag, tag_rec, tag_n = level(p_oof, yt, wt, TAG_PRECISION)
    review, rev_rec, rev_n = level(p_oof, yt, wt, REVIEW_PRECISION)
    log(f"\ncalibration (Platt on out-of-fold logits, weighted to a natural list): "
        f"p = sigmoid({pa:.3f} z {pb:+.3f})")
    log(f"  tag level p >= {tag:.3f}: expected natural precision {TAG_PRECISION}, "
        f"recall {tag_rec:.2f} ({tag_n} training texts)")
    log(f"  review level p >= {review:.3f}: expected natural precision {REVIEW_PRECISION}, "
        f"recall {rev_rec:.2f} ({rev_n} training texts)")

    # ---- the final models, on the whole training part ----
    b, f = civil(use_cues, c, cue_scale)
    X = b(fit_on, True)
    clf_h = fit_lr(X, [yh[i] for i in fit_on], c)
    clf_s = fit_lr(X, [ys[i] for i in fit_on], c)
    space = Space(grams, cues, fit_on, use_cues, cue_scale)
    # What ships: the MAX_WEIGHTS strongest weights as C applies them
    # (idf and cue scale folded in); the report measures that, not the
    # whole fit.
    scale = space.scale()
    strength = (np.abs(clf_h.coef_[0]) + np.abs(clf_s.coef_[0])) * scale
    keep = np.argsort(-strength)[:MAX_WEIGHTS]
    mask = np.zeros(space.width)
    mask[keep] = 1
    Xr = space.matrix(grams, cues, report)
    zr = pa * (Xr @ (clf_h.coef_[0] * mask) + clf_h.intercept_[0]) + pb
    zr_s = Xr @ (clf_s.coef_[0] * mask) + clf_s.intercept_[0] - cut_s
    base = hm.Baseline(c=10.0).fit([rows[i]["text"] for i in fit_on], [yh[i] for i in fit_on])
    zbr = base.logits([rows[i]["text"] for i in report])
    base_s = hm.Baseline(c=10.0).fit([rows[i]["text"] for i in fit_on], [ys[i] for i in fit_on])
    zbr_s = base_s.logits([rows[i]["text"] for i in report])
    zbs_oof = oof(*baseline(10.0), train, ys, fold_of)
    _, bcut_s = best_f1(zbs_oof, [ys[i] for i in train])
    _, bcut_h = best_f1(zb, yt)
    yr, yrs, wr = [yh[i] for i in report], [ys[i] for i in report], w[report]
    pr = 1 / (1 + np.exp(-zr))
    log(f"\nreport part ({len(report)} texts, {sum(yr)} heated; never trained or tuned on):")
    log("| model | heated AP | P@20 | heated F1 (tag level) | heated-or-sharp F1 |")
    log("|---|---|---|---|---|")
    log(f"| civil (grams{f' + cues x{cue_scale:g}' if use_cues else ''}, C={c:g}) | {ap(zr, yr):.3f} | {p_at(zr, yr):.2f} | "
        f"{f1_at(pr, yr, tag):.3f} | {f1_at(zr_s, yrs, 0):.3f} |")
    log(f"| baseline | {ap(zbr, yr):.3f} | {p_at(zbr, yr):.2f} | "
        f"{f1_at(zbr, yr, bcut_h):.3f} | {f1_at(zbr_s, yrs, bcut_s):.3f} |")
    for name, cut in (("tag", tag), ("review", review)):
        prec, rec, n = weighted_at(pr, yr, wr, cut)
        log(f"  at {name} (p >= {cut:.3f}): {n} report texts; expected natural precision "
            f"{prec:.2f}, recall {rec:.2f}")
    by_list = collections.Counter(rows[i]["list"] for i in report)
    log("  report texts by list: " + ", ".join(f"{k} {v}" for k, v in sorted(by_list.items())))

    # ---- the model file ----
    os.makedirs(a.out, exist_ok=True)
    wh = clf_h.coef_[0] * pa
    ws_ = clf_s.coef_[0]
    bias_h = float(clf_h.intercept_[0] * pa + pb)
    bias_s = float(clf_s.intercept_[0] - cut_s)
    inv = {k: ("=%016x" % h) for h, k in space.grams.items()}
    inv.update({k: n for n, k in space.cues.items()})
    path = os.path.join(a.out, "heat.model")
    with open(path, "w", encoding="utf-8") as o:
        o.write("# SPDX-License-Identifier: GPL-2.0-or-later\n")
        o.write("# civil's heat model: made by `make model` (scripts/heat_train.py)\n")
        o.write(f"# from {len(train)} texts of the training part of data/labels; "
                f"levels tag {tag:.3f} review {review:.3f}\n")
        o.write("civil-heat-model 2\n")
        o.write(f"bias {bias_h:.4f} {bias_s:.4f}\n")
        for k in sorted(keep, key=lambda k: inv[k]):
            a_, b_ = wh[k] * scale[k], ws_[k] * scale[k]
            if abs(a_) < 5e-5 and abs(b_) < 5e-5:
                continue
            o.write(f"{a_:.4f} {b_:.4f} {inv[k]}\n")
    log(f"\nwrote {path}: {len(keep)} weights, {os.path.getsize(path)} bytes; "
        f"levels: tag {tag:.3f} (score {5 * tag:.2f}), review {review:.3f} (score {5 * review:.2f})")
    with open(os.path.join(a.out, "report.txt"), "w") as o:
        o.write("\n".join(lines) + "\n")
    json.dump({"tag": tag, "review": review, "calibration": [pa, pb]},
              open(os.path.join(a.out, "levels.json"), "w"))


if __name__ == "__main__":
    main()
