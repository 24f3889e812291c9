"""Copies in a summary tree: the nodes above level 1 whose words are mostly one child's, by
token Jaccard (the headline tree's fold rule refuses ≥ 0.6; issue 39 counted ≥ 0.8). Opens the
DB read-only, so an index of an earlier schema is read as it is.

    python docs/results/index-v16/copies.py BOOK.saadi.db
"""

import sqlite3
import sys

from saadi_desktop.state.headlines import token_jaccard

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro&immutable=1", uri=True)
nodes = db.execute("SELECT level, first_chunk, last_chunk, text FROM summaries").fetchall()
above = [n for n in nodes if n[0] > 1]
nearest = [
    max(token_jaccard(text, c[3]) for c in nodes if c[0] == level - 1 and first <= c[1] <= last)
    for level, first, last, text in above
]
for threshold in (0.6, 0.8):
    copies = sum(j >= threshold for j in nearest)
    print(f"Jaccard >= {threshold}: {copies} of {len(above)} nodes above level 1 copy one child")
