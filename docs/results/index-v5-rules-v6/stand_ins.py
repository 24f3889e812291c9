"""The v5 dev index's failed folds under this session's stand-in rule: every summary equal to
the old extractive stand-in (the first sentence of each covered passage) is rewritten as the new
one (the passages' most central sentences, state/summaries.extract). Summaries are not part of
--replay (the model's fold answers are not kept), so this is how the rule was measured on the
index without the model. python stand_ins.py SRC.saadi.db DST.saadi.db"""
import sqlite3, sys, shutil
from saadi_desktop.state.summaries import extract
from saadi_desktop.state import prompts
src, dst = sys.argv[1], sys.argv[2]
shutil.copy(src, dst)
db = sqlite3.connect(dst)
text = db.execute("select body from canonical").fetchone()[0]
chunks = {s: (a, b) for s, a, b in db.execute('select seq,start,"end" from chunks')}
def old(texts): return " ".join(t.split(". ")[0].strip() + "." for t in texts)[: prompts.MAX_SUMMARY]
k = 0
for i, l, f, la, t in db.execute("select id, level, first_chunk, last_chunk, text from summaries").fetchall():
    texts = [text[chunks[s][0]:chunks[s][1]] for s in range(f, la + 1) if s in chunks]
    if old(texts) == t:
        db.execute("update summaries set text=? where id=?", (extract(texts, prompts.MAX_SUMMARY), i)); k += 1
db.commit(); print("replaced", k)
print(db.execute("select text from summaries where id=3").fetchone()[0][:700])
