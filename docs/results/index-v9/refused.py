"""The answers an index refused, by reason (schema 5 keeps each with the reason), and which
folds became stand-ins. Reads a copy: opening a book DB may upgrade it.
python docs/results/index-v9/refused.py BOOK.saadi.db"""

import sqlite3
import sys
from collections import Counter

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
rows = db.execute(
    "SELECT kind, chunk_seq, level, refused, raw FROM calls WHERE refused IS NOT NULL ORDER BY id"
).fetchall()
calls = Counter(kind for (kind,) in db.execute("SELECT kind FROM calls"))
print("calls:", dict(calls))


def reason(text: str) -> str:
    return "names someone absent" if text.startswith("it names") else text.split(" (")[0][:60]


print("refused answers by reason:", dict(Counter((k, reason(r)) for k, _, _, r, _ in rows)))
failed_twice = Counter((s, lvl) for k, s, lvl, _, _ in rows if k == "retry")
print("folds refused twice (stand-ins):", sorted(failed_twice))
for kind, seq, level, why, raw in rows:
    if why.startswith("it names"):
        print(f"  {kind} at passage {seq}, level {level}: {why}\n    {raw[:160]}")
