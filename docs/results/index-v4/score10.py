"""The first 10 indexed passages of the dev book: v3's memory (bench-speed-v3.json) against
the v4 memory in the book DB given (python score10.py BOOK.saadi.db)."""

import json
import re
import sys
from pathlib import Path

from saadi_desktop.eval.aliases import score_aliases
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

v3 = json.loads(Path("docs/results/index-v4/bench-speed-v3.json").read_text())
with BookDB.open(Path(sys.argv[1])) as db:
    chunks = store.indexed_chunks(db)[:10]
    last = chunks[-1].seq
    text = " ".join(db.text()[: chunks[-1].end].split())
    v4 = {str(r.id): [r.name, *r.aliases] for r in store.records(db, last)}
    v4_rows = [(r.name, sorted(r.aliases), list(r.descriptions)) for r in store.records(db, last)]
gold = [
    c
    for c in json.loads(Path("../shared/eval/dev/pride-and-prejudice.aliases.json").read_text())[
        "characters"
    ]
    if any(re.search(r"(?<!\w)" + re.escape(a) + r"(?!\w)", text) for a in c["aliases"])
]
v3r = {str(i): [n, *a] for i, (n, a, _) in enumerate(v3["records"])}
out = {}
for name, recs in (("v3", v3r), ("v4", v4)):
    s = score_aliases(recs, gold)["overall"]
    out[name] = {
        k: s[k]
        for k in (
            "recall",
            "precision",
            "f1",
            "merges",
            "splits",
            "b3_precision",
            "b3_recall",
            "impure_records",
        )
    }
    out[name]["records"] = len(recs)
    out[name]["with_descriptions"] = sum(
        1 for r in (v3["records"] if name == "v3" else v4_rows) if r[2]
    )
    out[name]["descriptions"] = sum(len(r[2]) for r in (v3["records"] if name == "v3" else v4_rows))
print(json.dumps({"gold_characters": [c["canonical"] for c in gold], **out}, indent=1))
print("V4 records:")
[print(r) for r in v4_rows]
