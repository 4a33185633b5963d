# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
# Second reading: every message the first reading called heated or sharp, and 300 it called calm, blind.
import json, random, os, re
exec(open('/work/labels/batches.py').read().split('random.seed(2212)')[0])  # texts, subj, irt, clip
rows=[json.loads(l) for l in open('/work/main/data/labels/kernel.jsonl')]
hot=[r for r in rows if r['label']!='calm']
calm=[r for r in rows if r['label']=='calm']
random.seed(2213)
items=hot+random.sample(calm,300)
random.shuffle(items)
os.makedirs('/work/labels/batches2',exist_ok=True)
index={}
nb=3
per=(len(items)+nb-1)//nb
for bi in range(nb):
    b=items[bi*per:(bi+1)*per]
    chunks=[b[i:i+50] for i in range(0,len(b),50)]
    for ci,ch in enumerate(chunks):
        name=f'c{bi+1}-{ci+1:02d}'
        with open(f'/work/labels/batches2/{name}.txt','w') as o:
            for j,d in enumerate(ch):
                key=(d['list'],d['msgid'])
                n=f'{name}.{j+1}'
                index[n]={'msgid':d['msgid'],'list':d['list']}
                o.write(f"=== {n} | list: {d['list']} | subject: {subj[key]}\n")
                p=irt.get(key)
                if p and (d['list'],p) in texts:
                    pt=texts[(d['list'],p)].strip()
                    if pt:
                        pt=pt[:500]+(' [...]' if len(pt)>500 else '')
                        o.write('--- the message it replies to (context only, not to be labelled), its opening:\n')
                        o.write('\n'.join('| '+x for x in pt.split('\n'))+'\n')
                o.write('--- text to label:\n')
                o.write(clip(texts[key]).rstrip('\n')+'\n\n')
json.dump(index,open('/work/labels/batches2/index.json','w'))
print(len(items), len(index))
