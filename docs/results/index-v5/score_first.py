"""The memory of the first N indexed passages of the dev book, for each book DB given, scored
against the alias gold limited to the characters named in those passages, then the full gold
(python docs/results/index-v5/score_first.py N DB [DB...]; each DB is replayed in memory under
the current rules from its kept answers, the stored rows are not used)."""

import json
import re
import sys
from pathlib import Path

from saadi_desktop.eval.aliases import score_aliases
from saadi_desktop.state.memory import replay
from saadi_desktop.state.replay import book_text, kept_answers
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

GOLD = Path("../shared/eval/dev/pride-and-prejudice.aliases.json")
KEYS = ("recall", "precision", "f1", "merges", "splits", "impure_records", "b3_precision",
        "b3_recall")  # fmt: skip

n = int(sys.argv[1])
characters = json.loads(GOLD.read_text())["characters"]
out = {}
for path in sys.argv[2:]:
    with BookDB.open(Path(path)) as db:
        chunks = store.indexed_chunks(db)[:n]
        last = chunks[-1].seq
        text = " ".join(db.text()[: chunks[-1].end].split())
        memory, changes = replay(book_text(db), kept_answers(db, last))
        calls = [c for c in store.calls(db) if c.kind == "update"][:n]
    seen = [
        c for c in characters
        if any(re.search(r"(?<!\w)" + re.escape(a) + r"(?!\w)", text) for a in c["aliases"])
    ]  # fmt: skip
    records = {str(r.id): [r.name, *r.aliases] for r in memory.records.values()}
    row = {"passages": len(chunks), "gold_characters": len(seen), "records": len(records)}
    row["seen_gold"] = {k: score_aliases(records, seen)["overall"][k] for k in KEYS}
    row["full_gold"] = {k: score_aliases(records, characters)["overall"][k] for k in KEYS}
    row["notes"] = sum(len(r.descriptions) for r in memory.records.values())
    row["refused"] = sum(len(c.refused) for c in changes)
    row["generated_tokens_per_update"] = round(
        sum(c.generated_tokens for c in calls) / max(1, len(calls)), 1
    )
    row["notes_kept"] = {
        r.name: list(r.descriptions) for r in memory.records.values() if r.descriptions
    }
    out[path] = row
print(json.dumps(out, indent=1, ensure_ascii=False))
