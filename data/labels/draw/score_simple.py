# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
import json, sys, pickle
vec,clf=pickle.load(open('/work/labels/simple_model.pkl','rb'))
for l in sys.argv[1:]:
    rows=[json.loads(x) for x in open(f'/work/mail/{l}.jsonl')]
    texts=[r['text'] for r in rows]
    p=clf.decision_function(vec.transform(texts))
    with open(f'/work/mail/{l}.simple','w') as o:
        for r,s in zip(rows,p):
            o.write(f"{r['msgid']}\t{s:.3f}\n")
    print(l, sum(1 for r,s in zip(rows,p) if s>0 and r['kind']!='patch' and r['text'].strip()))
