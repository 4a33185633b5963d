#!/usr/bin/python3
"""heat_model.py - the heat scorer's learned layer: train it, write its
weights, score text with them exactly as lib/model.c does.

    heat_model.py train DATADIR OUT.model [FIXTURE]
        Train on the sets of DATADIR (../shared/heat-dev) whose licence
        lets civil ship what is learned from them (MIT, CC0; see
        TRAIN_SETS), write the weights to OUT.model, and, given FIXTURE,
        synthetic sentences with the scores these weights give them (the
        unit test checks that C gives the same).
    heat_model.py folds DATADIR OUTDIR K
        The same, K times, each time leaving one fold of every set out
        (grouped by issue where the set says which); writes
        OUTDIR/fold-N.model and OUTDIR/fold-N.ids, the rows left out, so
        bench/heat_quality.py can score the training sets honestly.
    heat_model.py score FILE.model < TEXT
        The model's logit for TEXT (its hottest passage), and why.

What it is: logistic regression with an L1 penalty over the words and word
pairs of a passage (feature hashing while training; the file keeps the
phrases themselves, so every weight can be read, explained and, later,
corrected by a reader).  Text is split into sentences and words the way
lib/heat.c and lib/words.c do; a change there must be made here too
(tests/unit/check_model.c compares the two).

Needs Debian's python3-sklearn (run with /usr/bin/python3).  Never run at
build time: `make model` runs it, and the result is committed.
"""
import hashlib
import json
import os
import sys

# Sets civil may ship weights learned from: (file, licence, how to group
# rows for cross-validation).
TRAIN_SETS = (
    ("vcu_github_comments.jsonl", "MIT", "issue_id"),
    ("sarker2020_code_review.jsonl", "CC0-1.0", None),
    ("sarker2020_gitter.jsonl", "CC0-1.0", None),
    ("strudel_issue_comments.jsonl", "MIT", "strudel"),
)
N_FEATURES = 1 << 20
C_PENALTY = 0.5  # inverse strength of the L1 penalty
MIN_ROWS = 5     # rows a phrase must be in to be learned
PASSAGE = 3      # sentences in a passage, as in lib/heat.c
# How a passage's logit becomes heat: SCALE * (logit - OFFSET) when that
# is positive, added to what the lexicon's cues give the passage.  Chosen
# on the development part of the kernel set and the calm list (see
# bench/README.md), never on the rows the figures are reported on.
SCALE = 1.5
OFFSET = 0.5

# ---- reading text as lib/heat.c and lib/words.c do (bytes, C locale) ----

SPACE = b" \t\n\v\f\r"
CODE_CHARS = b"_()[]{}<>=\\#$%^&|~@`+"
STRIP_CHARS = b"\"'()[]{}<>*_.,;:!?~`"
MAX_WORD = 40


def isspace(c):
    return c in SPACE


def isalpha(c):
    return 65 <= c <= 90 or 97 <= c <= 122


def code_line(line):
    l = line.strip(SPACE)
    n = len(l)
    if not n:
        return False
    if l[-1:] in (b";", b"{", b"}"):
        return True
    if l[0:1] == b"#" and n > 1 and isalpha(l[1]):
        return True
    if n >= 2 and l[:2] in (b"//", b"/*", b"*/"):
        return True
    return n >= 2 and l[0:1] in (b"+", b"-") and l[1:2] == b"\t"


def prose_sentences(text):
    """The sentences of text (bytes), as lib/heat.c finds them."""
    prose = bytearray()
    in_para = False
    for line in text.split(b"\n"):
        if line.endswith(b"\r"):
            line = line[:-1]
        i = 0
        while i < len(line) and isspace(line[i]):
            i += 1
        if i == len(line):
            if in_para:
                prose += b"\n"
            in_para = False
            continue
        if code_line(line):
            continue
        if in_para:
            prose += b" "
        prose += line[i:]
        in_para = True
    if in_para:
        prose += b"\n"
    out = []
    a = c = 0
    n = len(prose)
    while c < n:
        ch = prose[c]
        stop = ch == 10
        if ch in b".!?":
            while c + 1 < n and prose[c + 1] in b".!?":
                c += 1
            stop = c + 1 < n and isspace(prose[c + 1])
            c += stop
        if stop:
            while a < c and isspace(prose[a]):
                a += 1
            if c > a:
                out.append(bytes(prose[a:c]))
            a = c
        c += 1
    return out


def is_code(tok):
    if len(tok) > MAX_WORD:
        return True
    lower_seen = False
    for c in tok:
        if c in CODE_CHARS or 48 <= c <= 57 or c in b".:":
            return True
        if 97 <= c <= 122:
            lower_seen = True
        elif 65 <= c <= 90 and lower_seen:
            return True
    return False


def looks_like_code(tok):
    for i in range(len(tok) - 1):
        p = tok[i:i + 2]
        if p in (b"::", b":/", b"->", b"()"):
            return True
    return False


def glued(tok):
    """Where "patch.So" (two sentences missing a space) has its dot."""
    p = 0
    while p < len(tok) and 97 <= tok[p] <= 122:
        p += 1
    if p < 2 or p + 2 >= len(tok) or tok[p] != 46 or \
            not 65 <= tok[p + 1] <= 90:
        return 0
    if all(97 <= c <= 122 for c in tok[p + 2:]):
        return p
    return 0


def lower_word(piece):
    out = bytearray()
    i = 0
    n = len(piece)
    while i < n and len(out) < MAX_WORD:
        c = piece[i]
        if c == 0xE2 and i + 2 < n and piece[i + 1] == 0x80 and \
                piece[i + 2] == 0x99:
            out.append(39)
            i += 3
            continue
        out.append(c + 32 if 65 <= c <= 90 else c)
        i += 1
    return bytes(out)


def words(sentence):
    """[(lower, brk)] of a sentence; None for a code token."""
    out = []
    toks = []
    i, n = 0, len(sentence)
    while i < n:
        while i < n and isspace(sentence[i]):
            i += 1
        a = i
        while i < n and not isspace(sentence[i]):
            i += 1
        if a == i:
            break
        toks.append(sentence[a:i])
    brk = True
    for tok in toks:
        if len(tok) <= 2 and tok.strip(b"-") == b"":
            brk = True
            continue
        if looks_like_code(tok):
            out.append((None, True))
            brk = True
            continue
        a, b = 0, len(tok)
        while a < b and tok[a] in STRIP_CHARS:
            a += 1
            brk = True
        while b > a and tok[b - 1] in STRIP_CHARS:
            b -= 1
        if a == b:
            brk = True
            continue
        dot = glued(tok[a:b])
        if dot:
            out.append((lower_word(tok[a:a + dot]), brk))
            out.append((lower_word(tok[a + dot + 1:b]), True))
            brk = b < len(tok) and tok[b] in b",;:!?"
            continue
        if is_code(tok[a:b]):
            out.append((None, True))
            brk = True
            continue
        for piece in tok[a:b].replace(b"/", b"-").split(b"-"):
            if piece:
                out.append((lower_word(piece), brk))
            brk = False
        brk = b < len(tok) and tok[b] in b",;:!?"
    return out


def ngrams(sentence):
    """The words and word pairs of a sentence, as str."""
    v = words(sentence)
    out = []
    for k, (w, brk) in enumerate(v):
        if w is None:
            continue
        out.append(w.decode("utf-8", "replace"))
        if k and v[k - 1][0] is not None and not brk:
            out.append((v[k - 1][0] + b" " + w).decode("utf-8",
                                                       "replace"))
    return out


def text_ngrams(text):
    grams = []
    for s in prose_sentences(text.encode("utf-8", "replace")):
        grams.extend(ngrams(s))
    return grams


# ---- the weights file ----

def write_model(path, bias, weights, about):
    with open(path, "w", encoding="utf-8") as f:
        for line in about:
            f.write(("# " + line).rstrip() + "\n")
        f.write("bias %.4f\n" % bias)
        f.write("scale %g\noffset %g\n" % (SCALE, OFFSET))
        for gram, w in sorted(weights.items(), key=lambda x: (-x[1], x[0])):
            f.write("%.4f %s\n" % (w, gram))


def read_model(path):
    bias, weights = 0.0, {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        w, gram = line.split(" ", 1)
        if w == "bias":
            bias = float(gram)
        else:
            weights[gram] = float(w)
    return bias, weights


def passage_logits(bias, weights, text):
    """The logit of every passage of text (bytes), as lib/model.c."""
    sents = [set(ngrams(s)) for s in prose_sentences(text)]
    out = []
    for i in range(len(sents)):
        grams = set().union(*sents[i:i + PASSAGE])
        out.append(bias + sum(weights.get(g, 0.0) for g in grams))
    return out


def score(bias, weights, text):
    v = passage_logits(bias, weights, text)
    return max(v) if v else bias


# ---- training ----

def load_sets(datadir):
    rows = []
    for name, licence, group in TRAIN_SETS:
        for line in open(os.path.join(datadir, name), encoding="utf-8"):
            r = json.loads(line)
            if group == "issue_id":
                g = "%s:%s" % (name, r.get("issue_id"))
            elif group == "strudel":
                g = "%s:%s" % (name, str(r["id"]).rsplit("/", 1)[0])
            else:
                g = "%s:%s" % (name, r["id"])
            rows.append((name, g, r))
    return rows


def fold_of(group, k):
    return int(hashlib.sha256(group.encode()).hexdigest(), 16) % k


def train(rows):
    """(bias, {ngram: weight}) learned from rows."""
    import collections
    import numpy as np
    from sklearn.feature_extraction.text import HashingVectorizer
    from sklearn.linear_model import LogisticRegression

    grams = [text_ngrams(r["text"]) for _, _, r in rows]
    # A phrase in fewer than MIN_ROWS rows is a name or a topic of one
    # project, not a way of speaking: left out.
    df = collections.Counter(g for gs in grams for g in set(gs))
    grams = [[g for g in gs if df[g] >= MIN_ROWS] for gs in grams]
    hv = HashingVectorizer(n_features=N_FEATURES, analyzer=lambda g: g,
                           alternate_sign=False, binary=True, norm=None)
    x = hv.transform(grams)
    y = np.array([r["label"] for _, _, r in rows])
    lr = LogisticRegression(penalty="l1", C=C_PENALTY, solver="liblinear",
                            max_iter=2000, random_state=0)
    lr.fit(x, y)
    coef = lr.coef_[0]
    # The file keeps phrases, not buckets: every phrase seen in training
    # whose bucket has a weight gets it (two phrases sharing a bucket
    # shared it while training too).
    seen = sorted({g for gs in grams for g in gs})
    bucket = hv.transform([[g] for g in seen]).indices
    weights = {}
    for g, b in zip(seen, bucket):
        if coef[b] != 0:
            weights[g] = round(float(coef[b]), 4)
    return round(float(lr.intercept_[0]), 4), weights


def about(rows, note):
    names = sorted({n for n, _, _ in rows})
    lic = {n: l for n, l, _ in TRAIN_SETS}
    return [
        "heat.model - civil's learned heat layer (lib/model.c reads it).",
        "",
        "Logistic regression, L1 (C=%g), over the words and word pairs of"
        % C_PENALTY,
        "a passage; one line a phrase: WEIGHT PHRASE.  A passage's logit",
        "is bias plus the weights of the phrases in it; phrases in fewer",
        "than %d training rows are left out.  It adds heat to messages of"
        % MIN_ROWS,
        "five sentences or fewer (lib/heat.c).",
        "",
        "Trained by scripts/heat_model.py (`make model`) on %d rows of:"
        % len(rows),
    ] + ["  %s (%s)" % (n, lic[n]) for n in names] + [
        "from ../shared/heat-dev (see its README.md for where each set",
        "comes from).  Only sets whose licence allows shipping what is",
        "learned from them are used.  %s" % note,
    ]


# Synthetic text only (never real mail): the agreement fixture.
FIXTURE_TEXTS = (
    "This is a stupid idea and you know it.",
    "Thanks, applied to the hwmon tree.",
    "What the hell were you thinking?  Please read the code first.",
    "I think the locking is wrong here. Could you use a mutex instead?",
    "You are clueless. This patch is garbage! Stop sending it.",
    "Looks good to me.\n\nReviewed-by: A Person <a@example.org>",
    "Why don't you just fix your broken code, it's been months.",
    "The driver's probe() fails when the regulator is missing.",
    "Sigh. Again? How many times do I have to say this.",
    "lol, nice try, but no.",
    "",
    "Damn, I missed that one, sorry about the noise.",
    "Nice try.What is the point, you moron?",
)


def write_fixture(path, bias, weights):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# written by scripts/heat_model.py with data/heat.model;"
                " text TAB logit\n")
        for t in FIXTURE_TEXTS:
            s = score(bias, weights, t.encode("utf-8"))
            f.write("%s\t%.4f\n" % (t.replace("\\", "\\\\")
                                    .replace("\n", "\\n"), s))


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "train":
        rows = load_sets(sys.argv[2])
        bias, weights = train(rows)
        write_model(sys.argv[3], bias, weights,
                    about(rows, "%d phrases." % len(weights)))
        if len(sys.argv) > 4:
            write_fixture(sys.argv[4], bias, weights)
    elif cmd == "folds":
        rows = load_sets(sys.argv[2])
        k = int(sys.argv[4])
        os.makedirs(sys.argv[3], exist_ok=True)
        for f in range(k):
            keep = [r for r in rows if fold_of(r[1], k) != f]
            out = [r for r in rows if fold_of(r[1], k) == f]
            bias, weights = train(keep)
            base = os.path.join(sys.argv[3], "fold-%d" % f)
            write_model(base + ".model", bias, weights,
                        about(keep, "Fold %d of %d left out." % (f, k)))
            with open(base + ".ids", "w") as o:
                for name, _, r in out:
                    o.write("%s\t%s\n" % (name, r["id"]))
    elif cmd == "score":
        bias, weights = read_model(sys.argv[2])
        text = sys.stdin.buffer.read()
        print("%.4f" % score(bias, weights, text))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
