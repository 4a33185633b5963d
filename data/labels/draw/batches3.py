# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
import json, random, os, re
exec(open('/work/labels/draw.py').read().split('random.seed')[0].replace("LISTS={'ksummit':None,'hwmon':None,'kbuild':None,'xfs':10000}","LISTS={'xfs':None,'btrfs':None,'security-module':None,'rdma':None}"))
draw=json.load(open('/work/labels/draw2.json'))
want={(d['list'],d['msgid']) for d in draw}
texts={}; subj={}; irt={}; rows={}
for l in LISTS:
    for x in open(f'/work/mail/{l}.jsonl'):
        r=json.loads(x)
        if not r['msgid']: continue
        texts[(l,r['msgid'])]=r['text']; subj[(l,r['msgid'])]=r['subject'] or ''; irt[(l,r['msgid'])]=r['in_reply_to']
        if (l,r['msgid']) in want and (l,r['msgid']) not in rows:
            r.pop('file',None); rows[(l,r['msgid'])]=r
with open('/work/labels/drawn_texts2.jsonl','w') as o:
    for r in rows.values(): o.write(json.dumps(r,ensure_ascii=False)+'\n')
def clip(t):
    if len(t)<=3000: return t
    head=t[:2400]; rest=t[2400:]
    sents=re.split(r'(?<=[.!?])\s+|\n\s*\n',rest)
    hot=[s.strip().replace('\n',' ') for s in sents if STRONG.search(s)][:6]
    out=head+f"\n[... the message goes on for {len(rest)} more characters. Only its later sentences with strong words are shown:]\n"
    return out+('\n'.join('> '+h[:400] for h in hot) if hot else '(none)')
random.seed(2215)
items=list(draw); random.shuffle(items)
os.makedirs('/work/labels/batches3',exist_ok=True)
index={}; nb=4; per=(len(items)+nb-1)//nb
for bi in range(nb):
    b=items[bi*per:(bi+1)*per]
    for ci,ch in enumerate([b[i:i+50] for i in range(0,len(b),50)]):
        name=f'd{bi+1}-{ci+1:02d}'
        with open(f'/work/labels/batches3/{name}.txt','w') as o:
            for j,d in enumerate(ch):
                key=(d['list'],d['msgid']); n=f'{name}.{j+1}'
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
json.dump(index,open('/work/labels/batches3/index.json','w'))
print(len(index), len(rows))
