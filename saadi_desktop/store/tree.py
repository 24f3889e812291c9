"""Reading and writing the SCT residual tree (saadi_desktop/residuals.py builds it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from saadi_desktop.store.bookdb import BookDB

_COLUMNS = (
    'id, parent_id, section_seq, chunk_seq, depth, first_chunk, last_chunk, start, "end", text, '
    "spans, text_as_of_end"
)


@dataclass(frozen=True)
class ResidualRow:
    """One node of the residual tree: the root, a section or a passage (a leaf)."""

    id: int  # preorder: a parent before its children, siblings in reading order
    parent_id: int | None
    section_seq: int | None
    chunk_seq: int | None
    depth: int
    first_chunk: int
    last_chunk: int
    start: int
    end: int
    text: str
    spans: tuple[tuple[int, int], ...]
    text_as_of_end: str | None


def write_residuals(db: BookDB, rows: Sequence[ResidualRow]) -> None:
    """Replace the tree. It is derived from the text alone, so rebuilding loses nothing."""
    with db.transaction():
        db.db.execute("DELETE FROM residuals")
        db.db.conn.executemany(
            f"INSERT INTO residuals ({_COLUMNS}) VALUES ({', '.join('?' * 12)})",
            [(r.id, r.parent_id, r.section_seq, r.chunk_seq, r.depth, r.first_chunk,
              r.last_chunk, r.start, r.end, r.text, json.dumps(r.spans), r.text_as_of_end)
             for r in rows],
        )  # fmt: skip


def residual_rows(db: BookDB) -> list[ResidualRow]:
    """The tree in preorder (empty when it was never built)."""
    rows = db.db.execute(f"SELECT {_COLUMNS} FROM residuals ORDER BY id").fetchall()
    return [
        ResidualRow(
            id=row[0], parent_id=row[1], section_seq=row[2], chunk_seq=row[3], depth=row[4],
            first_chunk=row[5], last_chunk=row[6], start=row[7], end=row[8], text=row[9],
            spans=tuple((s, e) for s, e in json.loads(row[10])), text_as_of_end=row[11],
        )
        for row in rows
    ]  # fmt: skip


def residual_leaves(db: BookDB) -> list[int]:
    """The chunk seqs of the tree's leaves, in order."""
    rows = db.db.execute(
        "SELECT chunk_seq FROM residuals WHERE chunk_seq IS NOT NULL ORDER BY id"
    ).fetchall()
    return [int(row[0]) for row in rows]
