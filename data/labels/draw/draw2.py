# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
# The second draw (recorded in data/labels/README.md): messages of four more
# kernel lists that a model trained on the first draw's training part finds
# hottest, plus random ones.
import sys, json, pickle, random, hashlib
sys.path.insert(0,'/work/main/scripts')
import heat_model as hm
import numpy as np
msgs = pickle.load(open('/work/an/msgs.pkl','rb'))
train=[i for i,m in enumerate(msgs) if m.part=='train' and m.sents]
clf,space=hm.fit_two_pass(msgs,train,0,0.3,0.1)
clf1,space1=hm.fit_two_pass(msgs,train,1,0.3,0.1)
labelled={(r['list'],r['msgid']) for r in map(json.loads,open('/work/main/data/labels/kernel.jsonl'))}
pop=[]
for l,skip in (('xfs',10000),('btrfs',0),('security-module',0),('rdma',0)):
    seen=set()
    for n,line in enumerate(open(f'/work/mail/{l}.jsonl')):
        if n<skip: continue
        r=json.loads(line)
        if r['kind']=='patch' or not r['text'].strip() or not r['msgid'] or r['msgid'] in seen or (l,r['msgid']) in labelled: continue
        seen.add(r['msgid'])
        h=hashlib.sha1(' '.join(r['text'].split()).encode()).hexdigest()
        pop.append((l,r['msgid'],r['text'],h))
print('population',len(pop))
# dedupe texts
byh={}
for p in pop: byh.setdefault(p[3],p)
pop=list(byh.values())
print('unique',len(pop))
feats=hm.features('/work/main/build/scripts/heat-features','/work/main/data',[(str(i),p[2]) for i,p in enumerate(pop)])
class M: pass
ms=[]
for i,p in enumerate(pop):
    m=M(); m.sents=sorted(feats.get(str(i),[])); ms.append(m)
z0,_=hm.message_logits(ms,space,clf,0.1,list(range(len(ms))))
z1,_=hm.message_logits(ms,space1,clf1,0.1,list(range(len(ms))))
order=sorted(range(len(ms)),key=lambda i:-z0[i])
random.seed(2214)
pick={}
for i in order[:1700]: pick[i]='model-heated'
rest=[i for i in range(len(ms)) if i not in pick]
for i in sorted(rest,key=lambda i:-z1[i])[:300]: pick[i]='model-harsh'
rest=[i for i in range(len(ms)) if i not in pick]
for i in random.sample(rest,300): pick[i]='random2'
out=[{'msgid':pop[i][1],'list':pop[i][0],'pool':p} for i,p in pick.items()]
json.dump(out,open('/work/labels/draw2.json','w'))
import collections
print(collections.Counter((o['list'],o['pool']) for o in out))
