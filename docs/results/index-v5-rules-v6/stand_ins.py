"""The v5 dev index's failed folds under the stand-in rule of 2026-12-01: every summary equal to
the old extractive stand-in (the first sentence of each covered passage) is rewritten as the new
one (the passages' most central sentences, state/summaries.extract). Summaries are not part of
--replay (the model's fold answers are not kept), so this is how the rule was measured on the
index without the model. python stand_ins.py SRC.saadi.db DST.saadi.db"""

import shutil
import sqlite3
import sys

from saadi_desktop.state import prompts
from saadi_desktop.state.summaries import extract, first_sentences

LIMIT = prompts.MAX_SUMMARY


source, target = sys.argv[1], sys.argv[2]
shutil.copy(source, target)
db = sqlite3.connect(target)
text = db.execute("SELECT body FROM canonical").fetchone()[0]
spans = {seq: (a, b) for seq, a, b in db.execute('SELECT seq, start, "end" FROM chunks')}
rows = db.execute("SELECT id, first_chunk, last_chunk, text FROM summaries").fetchall()
replaced = 0
for summary_id, first, last, summary in rows:
    texts = [text[spans[s][0] : spans[s][1]] for s in range(first, last + 1) if s in spans]
    if first_sentences(texts, LIMIT) == summary:
        new = extract(texts, LIMIT)
        db.execute("UPDATE summaries SET text = ? WHERE id = ?", (new, summary_id))
        replaced += 1
db.commit()
print("replaced", replaced)
