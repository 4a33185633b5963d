#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""heat_model.py - train the heat model (data/heat.model) and report how
well it draws the Code of Conflict's line.

    heat_model.py train [--out data/heat.model] [--report FILE]
    heat_model.py report [--model data/heat.model]

What it learns from (data/labels/README.md says more):

  - the kernel set: data/labels/kernel.jsonl, kernel mail read by the
    codebook (heated / sharp / calm, and the sentence that decided it),
    its texts rebuilt from the fetched list archives into
    build/model/texts.jsonl by scripts/heat_labels.py;
  - data/labels/written.jsonl: sentences the developers wrote from
    CODEBOOK.md's own examples of each label;
  - ../shared/heat-dev's lkml_ferreira_dev (kernel mail; "uncivil", which
    takes in frustration and impatience, so it teaches the harsh head
    only), and its other sets, weighted down (their "toxic" calls contempt
    for code toxic, so they too teach the harsh head only);
  - ../shared/heat-dev/ksummit_read.jsonl, a first read of ksummit by the
    same codebook, for ksummit messages the kernel set did not read.

Each text's sentences and features come from build/scripts/heat-features:
civil's own C code, so the model is trained on exactly what civil
computes.  Two L2 logistic regressions over those features, one a head:

  heated  the sentence that decided a heated message is 1; every
          sentence of a sharp or calm message is 0;
  harsh   the deciding sentence of a heated or sharp message is 1; every
          sentence of a calm message is 0.

The codebook itself is the prior: a fixed score per rule feature (an
insult at a person weighs much toward heated, contempt for code toward
sharp only, a negated or quoted cue against; see PRIOR below) enters each
head as one more feature, whose weight is learned with the rest, and is
then folded into the rules' own weights.  With a few hundred heated
messages to learn from, the data corrects the codebook's weights where it
can, and the codebook holds where the data is silent.

Where a label does not say which sentence decided it (lkml_ferreira_dev,
the other sets; a kernel label whose sentence is not found), the
sentence the first pass finds hottest stands for it (multiple-instance
learning) and the message's other sentences are left out.

The regularisation and each head's operating point are chosen by
cross-validation on the training part alone, grouped by thread; the
operating point is then folded into the bias, so that a logit of 0 is
the line (civil's default threshold, 2.5 of 5).  The report part is
scored once, at the end, and never used to choose anything.

Needs Debian's python3-sklearn (run with /usr/bin/python3).  Never run at
build time: `make model` runs it, and the result is committed.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import sys

import re

import numpy as np
import scipy.sparse as sp
from scipy.optimize import minimize

HEADS = ("heated", "harsh")
SEED = 22
FOLDS = 5
MIN_WORD_ROWS = 5  # sentences a word or word pair must be in
MAX_BYTES = 1900000  # the weights file stays under 2 MB
WRITTEN_WEIGHT = 3.0
WRITTEN_RECALL = 0.9  # of the written sentences a cut must keep
OTHER_SETS = (
    # (file, weight, licence)
    ("sarker2020_code_review.jsonl", 0.2, "CC0-1.0"),
    ("sarker2020_gitter.jsonl", 0.1, "CC0-1.0"),
    ("strudel_issue_comments.jsonl", 0.2, "MIT"),
    ("vcu_github_comments.jsonl", 0.1, "MIT"),
    ("toxicr_code_review.jsonl", 0.1, "GPL-3.0"),
)
FERREIRA = ("lkml_ferreira_dev.jsonl", 1.0, "GPL-3.0")
# The candidates cross-validation chooses from: the inverse strength of
# the L2 penalty, and how much less a word or word pair counts than a
# rule (scaling a feature down is penalising it more).
GRID_C = (0.3, 1.0)
GRID_WORDS = (0.1, 0.5)


# The codebook as weights, a head each (heated; heated or sharp): what
# CODEBOOK.md says each rule feature makes of a sentence.  A cue's value
# is its lexicon weight / 2.5.
CUE_AT = {  # category -> (heated at person, work, none; harsh anywhere)
    "insult": (3.0, 1.5, 0.5, 2.0),
    "profanity": (3.0, 0.5, 0.5, 2.0),
    "contempt": (2.5, 0.5, 0.0, 2.0),
    "mockery": (2.5, 1.0, 0.5, 1.5),
    "threat": (3.0, 1.0, 0.5, 1.5),
    "condescension": (2.0, 0.5, 0.0, 1.5),
    "accusation": (2.0, 0.5, 0.0, 1.0),
    "impatience": (2.0, 0.5, 0.0, 1.5),
    "dismissal": (1.5, 0.5, 0.0, 1.5),
}
# A negated, quoted or named cue is not the cue said: it has only its
# "+negated", "+quoted" or "+name" feature, which weighs a little against.
MOD = {"negated": (-1.0, -1.0), "quoted": (-1.0, -1.0), "name": (-1.0, -1.0),
       "hedged": (-1.0, -1.0), "question": (0.0, 0.0), "curt": (0.5, 0.5)}
FORM = {  # (heated, harsh)
    "s:you-even": (1.5, 0.5), "s:you-people": (1.5, 0.5),
    "s:you-failing": (1.5, 0.5), "s:you-keep": (1.0, 0.5),
    "s:you-clearly": (1.0, 0.3), "s:2p-again": (1.0, 0.5),
    "s:you-subject": (0.5, 0.0), "s:2p-question": (0.3, 0.0),
    "s:imperative-2p": (1.0, 0.5), "s:shouting": (1.0, 1.0),
    "s:exclamation": (0.5, 0.5), "s:emphasis": (0.0, 0.3),
    "s:joke": (-1.5, -1.0), "s:apology": (-1.5, -1.0),
    "s:thanks": (-1.0, -1.0), "s:reassurance": (-2.0, -1.5),
    "s:conduct-talk": (-1.0, -0.5), "s:you-generic": (-1.0, 0.0),
    "s:idiom": (-1.5, -1.0), "s:self-subject": (-0.5, 0.0),
}
CUE_RE = re.compile(r"^([a-z]+)@([a-z]+)$")
MOD_RE = re.compile(r"^([a-z]+)\+([a-z]+)$")


def prior(name, head):
    """The codebook's weight of a feature for a head (0 for words)."""
    m = CUE_RE.match(name)
    if m and m.group(1) in CUE_AT:
        p = CUE_AT[m.group(1)]
        if head == 1:
            return -1.0 if m.group(2) == "self" else p[3]
        return {"person": p[0], "work": p[1], "none": p[2],
                "thing": 0.0, "self": -1.0}.get(m.group(2), 0.0)
    m = MOD_RE.match(name)
    if m and m.group(2) in MOD:
        return MOD[m.group(2)][head]
    if name in FORM:
        return FORM[name][head]
    return 0.0


def prior_names():
    names = set(FORM)
    for c in CUE_AT:
        names |= {f"{c}@{t}" for t in ("none", "person", "work", "thing", "self")}
        names |= {f"{c}+{m}" for m in MOD}
    return names


def norm(s):
    """A sentence as the labels compare it: lower case, words only."""
    return " ".join("".join(c if c.isalnum() else " " for c in s.lower()).split())


def sentence_sha(s):
    return hashlib.sha1(norm(s).encode()).hexdigest()[:12]


def report_part(list_name, thread):
    """A thread's part, the same on every machine: 3 threads in 10 are
    reported on, never trained or tuned on."""
    h = hashlib.sha1(f"{list_name}\0{thread}".encode()).hexdigest()
    return "report" if int(h[:8], 16) % 10 < 3 else "train"


# ---- the baseline ----

class Baseline:
    """The floor a shipped model must beat (issue 29): a plain TF-IDF
    logistic regression over word 1-2-grams and character 3-5-grams
    (within words), trained on whole message texts, heated against the
    rest.  Nothing of civil's in it: no lexicon, no sentences, no rules."""

    def __init__(self, c=10.0):
        from sklearn.feature_extraction.text import TfidfVectorizer
        self.c = c
        self.words = TfidfVectorizer(ngram_range=(1, 2), min_df=2,
                                     sublinear_tf=True)
        self.chars = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5),
                                     min_df=2, sublinear_tf=True)

    def _x(self, texts, fit=False):
        f = "fit_transform" if fit else "transform"
        return sp.hstack([getattr(self.words, f)(texts),
                          getattr(self.chars, f)(texts)]).tocsr()

    def fit(self, texts, y, weight=None):
        from sklearn.linear_model import LogisticRegression
        self.clf = LogisticRegression(C=self.c, max_iter=5000,
                                      class_weight="balanced")
        self.clf.fit(self._x(texts, fit=True), np.asarray(y, dtype=int),
                     sample_weight=weight)
        return self

    def logits(self, texts):
        return self.clf.decision_function(self._x(texts))

    def vectors(self, texts):
        """Unit vectors of texts, for cosine similarity."""
        return self._x(texts) * (0.5 ** 0.5)


# ---- features, from civil's own code ----

def features(tool, datadir, records):
    """{id: [(n, sentence, {name: value})]} for records [(id, text)]."""
    data = bytearray()
    for rid, text in records:
        t = text.replace("\0", " ")
        data += f"{rid}\t{t}".encode("utf-8", "replace") + b"\0"
    out = subprocess.run([tool, datadir], input=bytes(data),
                         capture_output=True, check=True).stdout
    res = {}
    for line in out.decode("utf-8", "replace").split("\n"):
        if not line:
            continue
        rid, n, sent, feats = line.split("\t", 3)
        fv = {}
        for f in feats.split("\x1f") if feats else ():
            v, name = f.split(" ", 1)
            fv[name] = float(v)
        res.setdefault(rid, []).append((int(n), sent, fv))
    return res


# ---- the data ----

def load_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


class Message:
    """A labelled text: its sentences, and what its label says of them."""

    def __init__(self, key, source, label, weight, group, sent_sha=None,
                 sent_text=None, harsh_only=False, part="train"):
        self.key, self.source, self.label = key, source, label
        self.weight, self.group, self.part = weight, group, part
        self.sent_sha, self.sent_text = sent_sha, sent_text
        self.harsh_only = harsh_only  # its label says nothing of heated
        self.sents = []
        self.decided = None  # index into sents, when known


def locate(m):
    """The index of the sentence that decided m's label, or None."""
    if not m.sents:
        return None
    if m.sent_sha:
        for i, (_, s, _) in enumerate(m.sents):
            if sentence_sha(s) == m.sent_sha:
                return i
    if m.sent_text:
        want = norm(m.sent_text)
        if want:
            best, score = None, 0.0
            for i, (_, s, _) in enumerate(m.sents):
                have = norm(s)
                if want in have or have in want:
                    sc = min(len(want), len(have)) / max(len(want), len(have), 1)
                    if sc > score:
                        best, score = i, sc
            if best is not None and score > 0.3:
                return best
    return None


def kernel_messages(labels_dir, texts_path, shared):
    texts = {}
    if os.path.exists(texts_path):
        for r in load_jsonl(texts_path):
            texts[(r["list"], r["msgid"])] = r
    out, missing = [], 0
    for r in load_jsonl(os.path.join(labels_dir, "kernel.jsonl")):
        t = texts.get((r["list"], r["msgid"]))
        if t is None:
            missing += 1
            continue
        m = Message(("k", r["list"], r["msgid"]), "kernel", r["label"], 1.0,
                    f"{r['list']}\0{r['thread']}", sent_sha=r.get("sentence_sha"),
                    part=r["split"])
        m.text = t["text"]
        out.append(m)
    # A first read of ksummit by the same codebook (../shared), for what
    # the kernel set did not read: its sentence is used on this machine
    # only, never written anywhere.
    first = os.path.join(shared, "ksummit_read.jsonl")
    have = {(m.key[1], m.key[2]) for m in out}
    if os.path.exists(first):
        for r in load_jsonl(first):
            key = ("ksummit", r["msgid"])
            t = texts.get(key)
            if key in have or t is None:
                continue
            part = report_part("ksummit", t["thread"])
            m = Message(("f",) + key, "ksummit_read", r["label"], 1.0,
                        f"ksummit\0{t['thread']}", sent_text=r.get("sentence"),
                        part=part)
            m.text = t["text"]
            out.append(m)
    return out, missing


def written_messages(labels_dir):
    out = []
    for i, r in enumerate(load_jsonl(os.path.join(labels_dir, "written.jsonl"))):
        # The codebook's own line, unambiguous: it weighs as three
        # messages read from a list.
        m = Message(("w", i), "written", r["label"], WRITTEN_WEIGHT,
                    f"written\0{i}")
        m.text = r["text"]
        m.decided_whole = True
        out.append(m)
    return out


def other_messages(shared):
    out = []
    for name, w, _ in (FERREIRA,) + OTHER_SETS:
        path = os.path.join(shared, name)
        if not os.path.exists(path):
            continue
        for r in load_jsonl(path):
            label = "sharp" if int(r["label"]) else "calm"
            group = r.get("thread_id") or r.get("issue_id") or r["id"]
            part = "train"
            if name == FERREIRA[0]:
                part = report_part("ferreira", group)
            m = Message(("o", name, r["id"]), name, label, w,
                        f"{name}\0{group}", harsh_only=True, part=part)
            m.text = r["text"]
            out.append(m)
    return out


def dedupe(msgs):
    """One message a text: kernel lists repeat spam and cross-posts."""
    seen, out = {}, []
    for m in msgs:
        k = (m.source if m.source not in ("kernel", "ksummit_read") else "k",
             hashlib.sha1(norm(m.text).encode()).hexdigest())
        if k in seen:
            continue
        seen[k] = m
        out.append(m)
    return out


# ---- rows ----

def build_rows(msgs, which, head, picks):
    """Sentence rows (message index, sentence index, y, weight) of the
    messages which for one head; picks[i] is the sentence that stands for
    message i where its label does not say (none: leave the message's
    positives out)."""
    rows = []
    for mi in which:
        m = msgs[mi]
        if not m.sents:
            continue
        pos = (m.label == "heated") if head == 0 else m.label in ("heated", "sharp")
        if head == 0 and m.harsh_only:
            if m.label != "calm":
                continue  # says nothing of heated
        if getattr(m, "decided_whole", False):
            for si in range(len(m.sents)):
                rows.append((mi, si, int(pos), m.weight))
            continue
        if not pos:
            # A sharp message's sentences are none of them heated; a calm
            # one's none of them harsh.
            if head == 1 and m.label != "calm":
                continue
            for si in range(len(m.sents)):
                rows.append((mi, si, 0, m.weight))
            continue
        d = m.decided if m.decided is not None else picks.get(mi)
        if d is None:
            continue
        rows.append((mi, d, 1, m.weight))
    return rows


def is_word(name):
    return name.startswith("w:") or name.startswith("b:")


class Space:
    """Every sentence of every message as a row of one sparse matrix, built
    once: a column a feature the training part has (words and word pairs
    in MIN_WORD_ROWS sentences, rules in 2), and every rule the codebook
    weighs."""

    def __init__(self, msgs, train):
        df = {}
        for mi in train:
            for _, _, fv in msgs[mi].sents:
                for name in fv:
                    df[name] = df.get(name, 0) + 1
        keep = {n for n, c in df.items()
                if c >= (MIN_WORD_ROWS if is_word(n) else 2)}
        keep |= prior_names()
        self.names = sorted(keep)
        self.col = {n: i for i, n in enumerate(self.names)}
        self.word = np.array([is_word(n) for n in self.names])
        self.prior = [np.array([prior(n, h) for n in self.names])
                      for h in range(2)]
        self.row0 = []
        data, ri, ci = [], [], []
        r = 0
        for m in msgs:
            self.row0.append(r)
            for _, _, fv in m.sents:
                for name, v in fv.items():
                    c = self.col.get(name)
                    if c is not None:
                        data.append(v)
                        ri.append(r)
                        ci.append(c)
                r += 1
        self.X = sp.csr_matrix((data, (ri, ci)), shape=(r, len(self.names)))

    def rows(self, pairs):
        return self.X[[self.row0[mi] + si for mi, si in pairs]]


class Fitted:
    """One head's weights over the space's columns, in a feature's own
    units (the words' scale and the codebook's prior folded in), and its
    bias."""

    def __init__(self, coef, bias):
        self.coef_ = np.asarray([coef])
        self.intercept_ = np.asarray([bias])

    def decision_function(self, X):
        return X @ self.coef_[0] + self.intercept_[0]


def logistic_fit(X, y, w, l2):
    """Weighted logistic regression, L2 penalty l2[j] on column j (none on
    the bias), by L-BFGS."""
    s = np.where(y > 0, 1.0, -1.0)
    n, d = X.shape
    Xt = X.T.tocsr()

    def f(theta):
        beta, b = theta[:d], theta[d]
        z = X @ beta + b
        m = s * z
        # log(1 + exp(-m)), stably
        loss = np.log1p(np.exp(-np.abs(m))) + np.maximum(-m, 0)
        g = -s / (1.0 + np.exp(np.clip(m, -50, 50))) * w
        val = (w * loss).sum() + 0.5 * (l2 * beta * beta).sum()
        grad = np.empty(d + 1)
        grad[:d] = Xt @ g + l2 * beta
        grad[d] = g.sum()
        return val, grad

    res = minimize(f, np.zeros(d + 1), jac=True, method="L-BFGS-B",
                   options={"maxiter": 1500})
    return res.x[:d], res.x[d]


def fit(msgs, rows, space, c, scale, head):
    X = space.rows([(mi, si) for mi, si, _, _ in rows])
    colscale = np.where(space.word, scale, 1.0)
    p = space.prior[head]
    # Words scaled down (penalised more), and the codebook's score of
    # each row as one more column: its weight is learned, lightly
    # penalised.
    Xs = sp.hstack([X @ sp.diags(colscale), sp.csr_matrix(X @ p).T]).tocsr()
    y = np.array([r[2] for r in rows])
    w = np.array([r[3] for r in rows], dtype=float)
    pos = w[y == 1].sum()
    neg = w[y == 0].sum()
    # The rare class counts for more, not quite as much as the common.
    w = np.where(y == 1, w * (neg / max(pos, 1e-9)) ** 0.5, w)
    l2 = np.full(Xs.shape[1], 1.0 / c)
    l2[-1] = 1e-3
    beta, b = logistic_fit(Xs, y, w, l2)
    return Fitted(beta[:-1] * colscale + beta[-1] * p, b)


def message_logits(msgs, space, clf, which):
    """Each message's highest sentence logit, and all of them."""
    pairs = [(mi, si) for mi in which for si in range(len(msgs[mi].sents))]
    out = {mi: -50.0 for mi in which}
    per = {}
    if pairs:
        z = clf.decision_function(space.rows(pairs))
        for (mi, si), v in zip(pairs, z):
            if v > out[mi]:
                out[mi] = float(v)
            per.setdefault(mi, []).append(float(v))
    return out, per


def fbeta(tp, fp, fn, beta):
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    if not p or not r:
        return 0.0, p, r
    b2 = beta * beta
    return (1 + b2) * p * r / (b2 * p + r), p, r


def best_cut(z, truth, beta, limit=50.0):
    """The logit cut, at most limit, that gives the best F-beta over the
    messages."""
    pairs = sorted(zip(z, truth), reverse=True)
    total = sum(truth)
    best = (0.0, 0.0, 0.0, 0.0)
    tp = fp = 0
    for i, (v, t) in enumerate(pairs):
        tp += t
        fp += 1 - t
        if i + 1 < len(pairs) and pairs[i + 1][0] == v:
            continue
        f, p, r = fbeta(tp, fp, total - tp, beta)
        cut = (v + pairs[i + 1][0]) / 2 if i + 1 < len(pairs) else v - 1
        if f > best[0] and cut <= limit:
            best = (f, cut, p, r)
    if best[0] == 0.0:
        tp = sum(t for v, t in pairs if v >= limit)
        fp = sum(1 - t for v, t in pairs if v >= limit)
        f, p, r = fbeta(tp, fp, total - tp, beta)
        best = (f, limit, p, r)
    return best


def truth_of(m, head):
    return int(m.label == "heated") if head == 0 else int(m.label in ("heated", "sharp"))


def kernel_like(m):
    return m.source in ("kernel", "ksummit_read")


def pick_hottest(msgs, space, clf, head, which):
    picks = {}
    todo = [i for i in which if msgs[i].sents and msgs[i].decided is None
            and truth_of(msgs[i], head)
            and not (head == 0 and msgs[i].harsh_only)]
    _, per = message_logits(msgs, space, clf, todo)
    for mi, zs in per.items():
        picks[mi] = int(np.argmax(zs))
    return picks


def train_head(msgs, space, train, head, log):
    """Fit one head on the training part: CV (grouped by thread) chooses
    the penalty, the weight of words and the cut (F0.5 for heated, a false
    alarm costs most; F1 for harsh); then the whole training part is
    fitted once more.  Last, the cut keeps the line written down: it is
    lowered, if need be, until WRITTEN_RECALL of the developers' written
    sentences of the class are on its side (CODEBOOK.md's own examples
    must not be missed by the model that learned from them)."""
    beta = 0.5 if head == 0 else 1.0
    groups = sorted({msgs[i].group for i in train})
    fold_of = {g: int(hashlib.sha1(g.encode()).hexdigest()[:8], 16) % FOLDS
               for g in groups}
    best = None
    for c in GRID_C:
        for scale in GRID_WORDS:
            zs, truth = [], []
            for k in range(FOLDS):
                tr = [i for i in train if fold_of[msgs[i].group] != k]
                te = [i for i in train if fold_of[msgs[i].group] == k
                      and kernel_like(msgs[i])]
                clf = fit_two_pass(msgs, space, tr, head, c, scale)
                z, _ = message_logits(msgs, space, clf, te)
                for i in te:
                    zs.append(z[i])
                    truth.append(truth_of(msgs[i], head))
            f, cut, p, r = best_cut(zs, truth, beta)
            log(f"  {HEADS[head]} C={c} words={scale}: F{beta:g}={f:.3f} "
                f"(P={p:.3f} R={r:.3f}) at {cut:+.3f}")
            if best is None or f > best[0]:
                best = (f, c, scale, cut)
    _, c, scale, cut = best
    clf = fit_two_pass(msgs, space, train, head, c, scale)
    written = [i for i in train if msgs[i].source == "written"
               and truth_of(msgs[i], head)]
    wz, _ = message_logits(msgs, space, clf, written)
    wz = sorted(wz.values())
    if wz:
        limit = wz[int(len(wz) * (1 - WRITTEN_RECALL))]
        log(f"  {HEADS[head]}: {WRITTEN_RECALL:.0%} of the written "
            f"sentences at or over {limit:+.3f}")
        cut = min(cut, limit)
    log(f"  {HEADS[head]}: chose C={c} words={scale}, cut {cut:+.3f}")
    return clf, cut


def fit_two_pass(msgs, space, which, head, c, scale):
    rows = build_rows(msgs, which, head, {})
    clf = fit(msgs, rows, space, c, scale, head)
    picks = pick_hottest(msgs, space, clf, head, which)
    rows = build_rows(msgs, which, head, picks)
    return fit(msgs, rows, space, c, scale, head)


# ---- the model file ----

def write_model(path, space, heads, provenance):
    names = space.names
    weights = {}
    for h, (clf, cut) in enumerate(heads):
        coef = clf.coef_[0]
        for n, i in space.col.items():
            weights.setdefault(n, [0.0, 0.0])[h] = coef[i]
    bias = [heads[h][0].intercept_[0] - heads[h][1] for h in range(2)]
    lines = ["# SPDX-License-Identifier: GPL-3.0-only",
             "# civil heat model: two linear heads (heated; heated or sharp)",
             "# over the features of lib/features.c.  Made by `make model`",
             "# (scripts/heat_model.py); do not edit."]
    lines += ["# " + p for p in provenance]
    lines += ["civil-heat-model 2",
              f"bias {bias[0]:.4f} {bias[1]:.4f}"]
    # The weightiest first, until the file is as large as it may be;
    # every rule the codebook weighs is kept.
    rows = []
    for n in names:
        w = weights.get(n, [0.0, 0.0])
        if abs(w[0]) < 5e-4 and abs(w[1]) < 5e-4:
            continue
        rows.append((0 if not is_word(n) else -max(abs(w[0]), abs(w[1])),
                     f"{w[0]:.4f} {w[1]:.4f} {n}"))
    rows.sort()
    size = sum(len(l) + 1 for l in lines)
    kept = []
    for _, line in rows:
        if size + len(line) + 1 > MAX_BYTES:
            break
        kept.append(line)
        size += len(line) + 1
    lines += sorted(kept, key=lambda l: l.split(" ", 2)[2])
    kept = len(kept)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
    return kept


# ---- measuring ----

def evaluate(msgs, space, which, heads, log, title):
    """Message-level figures of the fitted heads on which."""
    res = {}
    zh = {}
    for h in range(2):
        clf, cut = heads[h]
        z, _ = message_logits(msgs, space, clf, which)
        zh[h] = {i: z[i] - cut for i in which}
    tp = fp = fn = 0
    htp = hfp = hfn = 0
    for i in which:
        t = msgs[i].label
        heated = zh[0][i] >= 0
        harsh = heated or zh[1][i] >= 0
        if heated and t == "heated":
            tp += 1
        elif heated:
            fp += 1
        elif t == "heated":
            fn += 1
        th = t in ("heated", "sharp")
        if harsh and th:
            htp += 1
        elif harsh:
            hfp += 1
        elif th:
            hfn += 1
    f, p, r = fbeta(tp, fp, fn, 1)
    hf, hp, hr = fbeta(htp, hfp, hfn, 1)
    log(f"{title}: {len(which)} messages")
    log(f"  heated: precision {p:.3f} recall {r:.3f} F1 {f:.3f} "
        f"(tp {tp} fp {fp} fn {fn})")
    log(f"  heated or sharp: precision {hp:.3f} recall {hr:.3f} F1 {hf:.3f} "
        f"(tp {htp} fp {hfp} fn {hfn})")
    res.update(heated_p=p, heated_r=r, harsh_f1=hf)
    return res, zh


# Sentences whose scores the unit test (tests/unit/check_model.c) holds C
# to: written for it, no mail.
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
    "",
)


def read_model(path):
    weights, bias = {}, (0.0, 0.0)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("civil-heat-model"):
                continue
            if line.startswith("bias "):
                bias = tuple(float(x) for x in line.split()[1:3])
                continue
            a, b, name = line.split(" ", 2)
            weights[name] = (float(a), float(b))
    return weights, bias


def classify(model, sents, threshold=2.5):
    """A text's score and class from its sentences' features, with the
    model file as written (its rounded weights), as lib/heat.c does."""
    weights, bias = model
    cut = math.log(threshold / (5 - threshold))
    best, klass = None, "calm"
    for _, _, fv in sents:
        z = [bias[0], bias[1]]
        for name, v in fv.items():
            w = weights.get(name)
            if w:
                z[0] += v * w[0]
                z[1] += v * w[1]
        best = z[0] if best is None else max(best, z[0])
        if z[0] >= cut:
            klass = "heated"
        elif z[1] >= 0 and klass == "calm":
            klass = "sharp"
    score = 0.0 if best is None else round(5 / (1 + math.exp(-best)), 2)
    if klass != "heated" and score >= threshold:
        score = math.floor(threshold * 100 - 1) / 100
    return score, klass


def model_scores(path, tool, datadir, texts, threshold=2.5):
    """Each text's score and class, as lib/heat.c makes them."""
    model = read_model(path)
    feats = features(tool, datadir, [(str(i), t) for i, t in enumerate(texts)])
    return [classify(model, feats.get(str(i), []), threshold) + (t,)
            for i, t in enumerate(texts)]


def write_fixture(path, model, tool, datadir):
    rows = model_scores(model, tool, datadir, FIXTURE_TEXTS)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# SCORE CLASS TEXT: what scripts/heat_model.py makes of each\n"
                "# text with data/heat.model (tests/unit/check_model.c holds C\n"
                "# to it).  Written by `make model`.\n")
        for score, klass, text in rows:
            if "\n" in text:
                continue
            f.write(f"{score:.2f} {klass} {text}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("train", "report"))
    ap.add_argument("--labels", default="data/labels")
    ap.add_argument("--texts", default="build/model/texts.jsonl")
    ap.add_argument("--shared", default="../shared/heat-dev")
    ap.add_argument("--tool", default="build/scripts/heat-features")
    ap.add_argument("--datadir", default="data")
    ap.add_argument("--out", default="data/heat.model")
    ap.add_argument("--report", default="build/model/report.txt")
    ap.add_argument("--fixture", default="tests/fixtures/heat-model-scores.txt")
    a = ap.parse_args()

    lines = []

    def log(s):
        print(s, flush=True)
        lines.append(s)

    kernel, missing = kernel_messages(a.labels, a.texts, a.shared)
    if missing:
        log(f"warning: {missing} labelled messages have no text in {a.texts}")
    if a.cmd == "report":
        return report(a, dedupe(kernel + other_messages(a.shared)), log)
    msgs = dedupe(kernel + written_messages(a.labels) + other_messages(a.shared))
    feats = features(a.tool, a.datadir, [(str(i), m.text) for i, m in enumerate(msgs)])
    for i, m in enumerate(msgs):
        m.sents = sorted(feats.get(str(i), []))
        if m.label != "calm" and not getattr(m, "decided_whole", False):
            m.decided = locate(m)
    k_lab = [m for m in msgs if kernel_like(m) and m.label != "calm"]
    log(f"messages: {len(msgs)} ({sum(kernel_like(m) for m in msgs)} kernel); "
        f"deciding sentence found for {sum(m.decided is not None for m in k_lab)} "
        f"of {len(k_lab)} heated or sharp kernel messages")
    train = [i for i, m in enumerate(msgs) if m.part == "train" and m.sents]
    space = Space(msgs, train)
    heads = []
    for h in range(2):
        heads.append(train_head(msgs, space, train, h, log))
    kept = write_model(a.out, space, heads, provenance(a, msgs))
    log(f"wrote {a.out}: {kept} features, {os.path.getsize(a.out)} bytes")
    write_fixture(a.fixture, a.out, a.tool, a.datadir)
    rep_k = [i for i, m in enumerate(msgs) if m.part == "report" and kernel_like(m)]
    rep_f = [i for i, m in enumerate(msgs) if m.part == "report"
             and m.source == FERREIRA[0]]
    evaluate(msgs, space, rep_k, heads, log, "kernel set, report part")
    evaluate(msgs, space, rep_f, heads, log,
             "lkml_ferreira_dev, report part (uncivil = heated or sharp)")
    os.makedirs(os.path.dirname(a.report) or ".", exist_ok=True)
    with open(a.report, "w") as f:
        f.write("\n".join(lines) + "\n")


def figures(rows, log, title):
    """Message-level figures: rows of (truth label, predicted class)."""
    tp = sum(1 for t, k in rows if t == "heated" and k == "heated")
    fp = sum(1 for t, k in rows if t != "heated" and k == "heated")
    fn = sum(1 for t, k in rows if t == "heated" and k != "heated")
    htp = sum(1 for t, k in rows if t != "calm" and k != "calm")
    hfp = sum(1 for t, k in rows if t == "calm" and k != "calm")
    hfn = sum(1 for t, k in rows if t != "calm" and k == "calm")
    f, p, r = fbeta(tp, fp, fn, 1)
    hf, hp, hr = fbeta(htp, hfp, hfn, 1)
    log(f"{title}: {len(rows)} messages, {tp + fn} heated, "
        f"{htp + hfn} heated or sharp")
    log(f"  heated: precision {p:.3f} recall {r:.3f} F1 {f:.3f} "
        f"(tp {tp} fp {fp} fn {fn})")
    log(f"  heated or sharp: precision {hp:.3f} recall {hr:.3f} F1 {hf:.3f} "
        f"(tp {htp} fp {hfp} fn {hfn})")


def report(a, msgs, log):
    """The shipped model (a.out) on the report parts, scored as civil
    scores: never used to choose anything."""
    model = read_model(a.out)
    rep = [m for m in msgs if m.part == "report"]
    feats = features(a.tool, a.datadir, [(str(i), m.text) for i, m in enumerate(rep)])
    got = [(m, classify(model, sorted(feats.get(str(i), [])))[1])
           for i, m in enumerate(rep)]
    figures([(m.label, k) for m, k in got if kernel_like(m)], log,
            f"kernel set, report part ({a.out})")
    for lst in sorted({m.key[1] for m, _ in got if m.source == "kernel"}):
        figures([(m.label, k) for m, k in got
                 if m.source == "kernel" and m.key[1] == lst], log, f"  {lst}")
    figures([(m.label, k) for m, k in got if m.source == FERREIRA[0]], log,
            "lkml_ferreira_dev, report part (uncivil = heated or sharp)")


def provenance(a, msgs):
    count = {}
    for m in msgs:
        if m.part == "train":
            count[m.source] = count.get(m.source, 0) + 1
    out = ["Trained on (training parts only; data/labels/README.md):"]
    for s, n in sorted(count.items()):
        lic = {"kernel": "labels CC0-1.0, text the lists' own",
               "ksummit_read": "labels ../shared, text the list's own",
               "written": "GPL-2.0-or-later, written for civil"}.get(s)
        for name, _, l in (FERREIRA,) + OTHER_SETS:
            if s == name:
                lic = l
        out.append(f"  {s}: {n} texts ({lic})")
    out.append("Licence: GPL-3.0 (trained on GPL-3.0 data: lkml_ferreira_dev, ToxiCR);")
    out.append("the rest of civil is GPL-2.0-or-later (debian/copyright).")
    return out


if __name__ == "__main__":
    sys.exit(main())
