# SPDX-License-Identifier: GPL-2.0-or-later
# A record of how data/labels/ was drawn, run once on 2026-12-05 from
# maildirs made by ../shared/tools/pi2maildir.py under /work/mail; see
# data/labels/README.md.  Not part of the build.
# simple model for the draw: TF-IDF (1-2 grams) + logistic regression on all heat-dev sets
import json, sys, glob, pickle
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
X=[];y=[]
for f in sorted(glob.glob('/work/shared/heat-dev/*.jsonl')):
    if 'ksummit_read' in f: continue
    for line in open(f):
        d=json.loads(line)
        X.append(d['text']); y.append(int(d['label']))
vec=TfidfVectorizer(ngram_range=(1,2),min_df=3,sublinear_tf=True,lowercase=True)
Xv=vec.fit_transform(X)
clf=LogisticRegression(C=4,max_iter=2000,random_state=22)
clf.fit(Xv,y)
pickle.dump((vec,clf),open('/work/labels/simple_model.pkl','wb'))
print(len(X),sum(y))
