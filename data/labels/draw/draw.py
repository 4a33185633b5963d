# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
# The draw of the labelled kernel set (recorded in data/labels/README.md).
import json, random, re, hashlib
SEED=22
LISTS={'ksummit':None,'hwmon':None,'kbuild':None,'xfs':10000}  # xfs: its first 10,000 messages in archive order
STRONG=re.compile(r"\b(idiot\w*|stupid\w*|moron\w*|dumb\w*|fuck\w*|f\*+k\w*|shit\w*|crap\w*|damn\w*|hell|bullshit|garbage|insane|clueless|incompeten\w*|ridiculous|nonsense|pathetic|brain[- ]?dead|retard\w*|asshole\w*|ass\b|jerk\w*|sucks?|braindamage\w*|idiocy|lazy|useless|rude|shut up|waste of (my )?time|troll\w*|disgust\w*|ignorant|silly|lame|abus\w*|insult\w*|hostile|toxic|bully\w*|shame\w*|threat\w*|ban(ned)?|how many times|did you (even )?read|are you (even )?read\w*)\b", re.I)
random.seed(SEED)
out=[]
for l,limit in LISTS.items():
    rows=[json.loads(x) for x in open(f'/work/mail/{l}.jsonl')]
    simple={}
    for x in open(f'/work/mail/{l}.simple'):
        m,s=x.rstrip('\n').split('\t'); simple[m]=float(s)
    if limit: rows=rows[:limit]
    seen=set(); cand=[]
    for r in rows:
        if r['kind']=='patch' or not r['text'].strip() or not r['msgid'] or r['msgid'] in seen: continue
        seen.add(r['msgid']); cand.append(r)
    pools={}
    for r in cand:
        if r['score']>0 or simple.get(r['msgid'],-1)>0:
            pools[r['msgid']]='scored>0' if r['score']>0 else 'simple>0'
    strong=[r for r in cand if r['msgid'] not in pools and STRONG.search(r['text'])]
    random.shuffle(strong)
    for r in strong[:250]: pools[r['msgid']]='words'
    rest=[r for r in cand if r['msgid'] not in pools]
    random.shuffle(rest)
    for r in rest[:250]: pools[r['msgid']]='random'
    n={}
    for p in pools.values(): n[p]=n.get(p,0)+1
    print(l,len(cand),n,'strong avail',len(strong))
    for r in cand:
        if r['msgid'] in pools:
            out.append({'msgid':r['msgid'],'list':l,'pool':pools[r['msgid']],'thread':r['thread'],'len':len(r['text'])})
json.dump(out,open('/work/labels/draw.json','w'))
print(len(out), sum(o['len'] for o in out))
