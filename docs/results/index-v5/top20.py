"""The 20 records linked to the most passages, from a book DB's kept answers replayed in memory
under the rules of whichever saadi_desktop is importable (PYTHONPATH=<checkout> for older
rules): name, aliases, passages. Markdown table rows.
python docs/results/index-v5/top20.py BOOK.saadi.db"""

import sys
from collections import Counter
from pathlib import Path

from saadi_desktop.state.memory import replay
from saadi_desktop.state.replay import book_text, kept_answers
from saadi_desktop.store import BookDB

try:
    from saadi_desktop.state.identity import display_name
except ImportError:  # older rules showed a record under the name it was created with

    def display_name(names):  # type: ignore[no-untyped-def]
        return names[0]


with BookDB.open(Path(sys.argv[1])) as db:
    memory, changes = replay(book_text(db), kept_answers(db))
links = {link for change in changes for link in change.links}  # (passage, record)
passages = Counter(record for _, record in links)
print("| # | record | aliases | passages |\n|---|---|---|---|")
for rank, (record_id, count) in enumerate(passages.most_common(20), start=1):
    record = memory.records[record_id]
    names = [record.name, *record.aliases]
    shown = display_name(names)
    aliases = ", ".join(n for n in names if n != shown)
    print(f"| {rank} | {shown} ({record.type}) | {aliases} | {count} |")
