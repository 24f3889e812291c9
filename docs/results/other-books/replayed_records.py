"""Replay a book DB's kept answers under the current rules, without touching the file: print
the count of proposals refused by reason, each refused or pending proposal (``-v``), and the
records with their aliases and notes.

    python docs/results/other-books/replayed_records.py BOOK.saadi.db [-v]
"""

import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

from saadi_desktop.state.memory import replay
from saadi_desktop.state.replay import book_text, kept_answers, run_names_pass
from saadi_desktop.store.bookdb import BookDB

source = sys.argv[1]
copy = Path(tempfile.mkdtemp()) / "copy.saadi.db"
reader, writer = sqlite3.connect(f"file:{source}?mode=ro", uri=True), sqlite3.connect(copy)
reader.backup(writer)
writer.close()
reader.close()
with BookDB.open(copy) as db:
    run_names_pass(db)
    book, kept = book_text(db), kept_answers(db)
memory, changes = replay(book, kept)
reasons: Counter[str] = Counter()
for change in changes:
    for item, reason in change.refused:
        reasons[reason.split(":")[0][:60]] += 1
        if "-v" in sys.argv:
            print(f"  [{change.seq}] refused {item!r}: {reason}")
    for item in change.pending:
        if "-v" in sys.argv:
            print(f"  [{change.seq}] pending {item!r}")
print(reasons.most_common())
for record in sorted(memory.records.values(), key=lambda r: r.id):
    aliases, notes = list(record.aliases), list(record.descriptions)
    print(record.id, record.name, record.type, "| aliases:", aliases, "| notes:", notes)
