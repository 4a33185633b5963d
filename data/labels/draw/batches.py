# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
# Reading batches for helper sessions: the drawn messages, shuffled, blind to pool and score.
import json, random, re, os
exec(open('/work/labels/draw.py').read().split('random.seed')[0])  # STRONG, LISTS
draw=json.load(open('/work/labels/draw.json'))
want={(d['list'],d['msgid']) for d in draw}
texts={}; subj={}; irt={}
for l in LISTS:
    for x in open(f'/work/mail/{l}.jsonl'):
        r=json.loads(x)
        if not r['msgid']: continue
        texts[(l,r['msgid'])]=r['text']; subj[(l,r['msgid'])]=r['subject'] or ''; irt[(l,r['msgid'])]=r['in_reply_to']
def clip(t):
    if len(t)<=3000: return t
    head=t[:2400]
    rest=t[2400:]
    sents=re.split(r'(?<=[.!?])\s+|\n\s*\n',rest)
    hot=[s.strip().replace('\n',' ') for s in sents if STRONG.search(s)][:6]
    out=head+f"\n[... the message goes on for {len(rest)} more characters. Only its later sentences with strong words are shown:]\n"
    out+='\n'.join('> '+h[:400] for h in hot) if hot else '(none)'
    return out
random.seed(2212)
items=list(draw)
random.shuffle(items)
# 150 messages read twice, by two different readers, for inter-reader agreement
double=items[:150]
os.makedirs('/work/labels/batches',exist_ok=True)
index={}
nb=8
per=(len(items)+nb-1)//nb
batches=[items[i*per:(i+1)*per] for i in range(nb)]
# the double reads go to the next batch's reader as well
for k,d in enumerate(double):
    b=(k%nb)
    if d not in batches[b]: pass
for bi,b in enumerate(batches):
    extra=[d for k,d in enumerate(double) if (items.index(d)//per)!=bi and (k%nb)==bi]
    b=b+extra
    random.shuffle(b)
    chunks=[b[i:i+50] for i in range(0,len(b),50)]
    for ci,ch in enumerate(chunks):
        name=f'b{bi+1}-{ci+1:02d}'
        with open(f'/work/labels/batches/{name}.txt','w') as o:
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
json.dump(index,open('/work/labels/batches/index.json','w'))
print(len(index), len(os.listdir('/work/labels/batches')))
