"""Alias precision as `saadi bench entities` counts it, and counting only the aliases that the
gold lists for some character: an alias the gold lists for no one (a true name it omits, such as
"Elizabeth Bennet", or a wrong one) cannot be judged against it. Prints the names set aside on
the records the gold can match.

    python docs/results/ceiling/judgeable.py BOOK.saadi.db ALIASES.json
"""

import json
import sys
from pathlib import Path

from saadi_desktop.eval.aliases import _fold, score_aliases
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

gold = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))["characters"]
listed = {_fold(a) for c in gold for a in c["aliases"]}
with BookDB.open(Path(sys.argv[1])) as db:
    records = {str(r.id): [r.name, *r.aliases] for r in store.records(db)}
judged = {rid: [a for a in names if _fold(a) in listed] for rid, names in records.items()}
for label, memory in (("as the bench", records), ("judgeable aliases only", judged)):
    figures = score_aliases(memory, gold)["overall"]
    print(f"{label}: P {figures['precision']:.3f} R {figures['recall']:.3f} F1 {figures['f1']:.3f}")
unlisted = sorted(  # on the records that hold a name the gold lists: the ones it can match
    {a for rid, names in records.items() if judged[rid] for a in names if _fold(a) not in listed}
)
print(f"set aside ({len(unlisted)} names the gold lists for no one):", "; ".join(unlisted))
