#!/usr/bin/env python3
"""learn_reader.py - a simulated reader who corrects civil's heated tags,
and what that changes in civil's later verdicts (issue 17).

    learn_reader.py kernel BUILD WORK FILE.jsonl [THRESHOLD...]
        At each threshold (2.5 when none is given), each row of the labelled kernel set becomes a message of a notmuch
        database (threaded by thread_id) in WORK.  civil-scan --apply tags
        it.  The reader goes through the first half (bench/heat_split.py's
        development part, whole threads) in order and corrects civil:
        +heated on an uncivil mail civil missed, -heated on a civil mail
        it flagged.  After 10, 25, 50 and all corrections (each from the
        same start), civil-scan --apply '*' learns and scores again; the
        second half (the report part) is measured before and after.
        LEARN_TUNE=1 swaps the halves: corrections from the report part,
        measured on the development part, the only way the learning was
        tuned (the report part is never read, bench/heat_split.py).

    learn_reader.py calm BUILD WORK CONFIG
        CONFIG is the notmuch config of a scratch copy of a calm list's
        database (it gets tagged and corrected: learn.sh makes the copy).  Threads are split by date into a first and a second
        half; the reader removes every heated tag civil set in the first
        half; how many flags remain in the second half?

Rows are only ever written into WORK, which the caller removes.
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heat_split  # noqa: E402

DOMAIN = "heat-dev.invalid"


def run(args, env, check=True):
    out = subprocess.run(args, env=env, capture_output=True, text=True)
    if check and out.returncode not in (0, 3):
        sys.exit("%s failed (%d): %s" % (args[0], out.returncode, out.stderr))
    return out


def write_maildir(rows, maildir):
    for d in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(maildir, d), exist_ok=True)
    root = {}
    for i, row in enumerate(rows):
        t = str(row["thread_id"])
        mid = "row-%s@%s" % (row["id"], DOMAIN)
        head = ["From: writer-%d@%s" % (i % 97, DOMAIN),
                "To: list@%s" % DOMAIN,
                "Subject: %sthread %s" % ("Re: " if t in root else "", t),
                "Message-ID: <%s>" % mid,
                # One minute a row, in the set's order.
                "Date: %s" % time.strftime(
                    "%a, %d %b %Y %H:%M:%S +0000",
                    time.gmtime(1700000000 + 60 * i)),
                "MIME-Version: 1.0",
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: 8bit"]
        if t in root:
            head += ["In-Reply-To: <%s>" % root[t], "References: <%s>" % root[t]]
        else:
            root[t] = mid
        text = row["text"].replace("\r\n", "\n")
        with open(os.path.join(maildir, "cur", "row-%d:2," % i), "w",
                  encoding="utf-8") as f:
            f.write("\n".join(head) + "\n\n" + text + "\n")


def heated_ids(env):
    out = run(["notmuch", "search", "--output=messages", "--exclude=false",
               "tag:heated"], env)
    return {l[3:] for l in out.stdout.split()}


def prf(rows, hot):
    tp = sum(1 for r in rows if r["mid"] in hot and r["label"] == 1)
    fp = sum(1 for r in rows if r["mid"] in hot and r["label"] == 0)
    fn = sum(1 for r in rows if r["mid"] not in hot and r["label"] == 1)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return "P %.2f R %.2f F1 %.3f (%d flagged, %d right)" % (
        p, r, f, tp + fp, tp)


def kernel(build, work, path, threshold):
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    part = heat_split.parts(rows)
    for r in rows:
        r["mid"] = "row-%s@%s" % (r["id"], DOMAIN)
    first = [r for r in rows if part[r["thread_id"]] == "dev"]
    second = [r for r in rows if part[r["thread_id"]] == "report"]
    # For tuning the learning: corrections from the report part, measured
    # on the development part, which may be read (bench/heat_split.py).
    if os.environ.get("LEARN_TUNE"):
        first, second = second, first
    base = os.path.join(work, "base")
    home = os.path.join(base, "home")
    os.makedirs(home)
    write_maildir(rows, os.path.join(base, "mail"))
    cfg = os.path.join(home, ".notmuch-config")
    with open(cfg, "w") as f:
        f.write("[database]\npath=%s\n[new]\ntags=new\n"
                "[maildir]\nsynchronize_flags=false\n"
                "[civil]\nthreshold=%s\n"
                % (os.path.join(base, "mail"), threshold))
    env = dict(os.environ, HOME=home, NOTMUCH_CONFIG=cfg)
    env.pop("XDG_DATA_HOME", None)
    scan = [os.path.join(build, "bin", "civil-scan"), "--apply", "*"]
    run(["notmuch", "new", "--quiet"], env)
    run(scan, env)
    hot = heated_ids(env)
    print("kernel set at threshold %s: %d mails; first half %d (%d "
          "uncivil), second half %d (%d uncivil)" % (threshold, len(rows),
                                                   len(first),
                               sum(r["label"] for r in first), len(second),
                               sum(r["label"] for r in second)))
    # What the reader would correct, in the order they read.
    todo = []
    for r in first:
        if r["label"] == 1 and r["mid"] not in hot:
            todo.append(("+heated", r["mid"]))
        elif r["label"] == 0 and r["mid"] in hot:
            todo.append(("-heated", r["mid"]))
    print("  civil's errors in the first half: %d missed, %d false flags"
          % (sum(1 for t in todo if t[0] == "+heated"),
             sum(1 for t in todo if t[0] == "-heated")))
    print("  second half, no corrections:       %s" % prf(second, hot))
    for n in (10, 25, 50, len(todo)):
        arm = os.path.join(work, "n%d" % n)
        shutil.copytree(base, arm, symlinks=True)
        ahome = os.path.join(arm, "home")
        acfg = os.path.join(ahome, ".notmuch-config")
        with open(acfg, "w") as f:
            f.write("[database]\npath=%s\n[new]\ntags=new\n"
                    "[maildir]\nsynchronize_flags=false\n"
                    "[civil]\nthreshold=%s\n"
                    % (os.path.join(arm, "mail"), threshold))
        aenv = dict(env, HOME=ahome, NOTMUCH_CONFIG=acfg)
        done = todo[:n]
        if done:
            batch = "".join("%s -- id:%s\n" % t for t in done)
            subprocess.run(["notmuch", "tag", "--batch"], input=batch,
                           text=True, env=aenv, check=True)
        t0 = time.monotonic()
        run(scan, aenv)
        took = time.monotonic() - t0
        t0 = time.monotonic()
        run(scan, aenv)
        again = time.monotonic() - t0
        after = heated_ids(aenv)
        kept = all((mid in after) == (sign == "+heated") for sign, mid in done)
        print("  second half after %3d corrections: %s; %s; scan %.0f ms, "
              "rescan %.0f ms" % (len(done), prf(second, after),
                                  "every correction kept" if kept
                                  else "A CORRECTION WAS UNDONE",
                                  took * 1000, again * 1000))
        if n == 25 or n == len(todo):
            learned = run([os.path.join(build, "bin", "civil-heated"),
                           "--learned"], aenv).stdout.splitlines()
            print("    civil-heated --learned after %d, the first lines:" %
                  len(done))
            for l in learned[:5] + learned[-2:-1]:
                print("      " + l)
        shutil.rmtree(arm)
        if n >= len(todo):
            break


def calm(build, work, cfg):
    env = dict(os.environ, NOTMUCH_CONFIG=cfg, HOME=os.path.join(work, "calm"))
    os.makedirs(env["HOME"], exist_ok=True)
    env.pop("XDG_DATA_HOME", None)
    scan = [os.path.join(build, "bin", "civil-scan"), "--apply", "*"]
    run(scan, env)
    threads = run(["notmuch", "search", "--output=threads", "--sort=oldest-first",
                   "--exclude=false", "*"], env).stdout.split()
    first = set(threads[:len(threads) // 2])

    def flags():
        out = run(["notmuch", "search", "--output=summary", "--format=json",
                   "--exclude=false", "tag:heated"], env).stdout
        got = {"first": 0, "second": 0, "top": 0}
        for t in json.loads(out):
            n = t["matched"]
            half = "first" if "thread:" + t["thread"] in first else "second"
            got[half] += n
            if half == "second":
                got["top"] = max(got["top"], n)
        return got

    before = flags()
    print("calm list: %d messages, %d threads; heated before: %d in the "
          "first half, %d in the second" % (
              int(run(["notmuch", "count", "*"], env).stdout), len(threads),
              before["first"], before["second"]))
    # Every heated tag civil set in the first half comes off.
    mine = "tag:heated and property:civil.tagged=1"
    hot = json.loads(run(["notmuch", "search", "--output=summary",
                          "--format=json", "--exclude=false", mine],
                         env).stdout)
    batch = ["-heated -- thread:%s and %s\n" % (t["thread"], mine)
             for t in hot if "thread:" + t["thread"] in first]
    removed = sum(t["matched"] for t in hot if "thread:" + t["thread"] in first)
    subprocess.run(["notmuch", "tag", "--batch"], input="".join(batch),
                   text=True, env=env, check=True)
    t0 = time.monotonic()
    run(scan, env)
    took = time.monotonic() - t0
    after = flags()
    print("  the reader removed all %d of civil's tags in the first half "
          "(as false flags); civil-scan --apply '*' then took %.1f s" % (
              removed, took))
    print("  second half: %d flags before, %d after (%d and %d outside "
          "its hottest thread); first half: %d after (the reader's "
          "verdicts)" % (before["second"], after["second"],
                         before["second"] - before["top"],
                         after["second"] - after["top"], after["first"]))
    learned = run([os.path.join(build, "bin", "civil-heated"), "--learned"],
                  env).stdout.splitlines()
    print("  civil-heated --learned, the first lines:")
    for l in learned[:8] + learned[-2:-1]:
        print("    " + l)


def main():
    what, build, work, arg = sys.argv[1:5]
    if what == "kernel":
        for t in sys.argv[5:] or ["2.5"]:
            kernel(build, os.path.join(work, t), arg, t)
    else:
        calm(build, work, arg)


if __name__ == "__main__":
    main()
