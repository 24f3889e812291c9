"""Read-only questions about the reader's place in a book (the ``reading`` table)."""

from __future__ import annotations

from datetime import datetime

from saadi_desktop.store.bookdb import BookDB


def last_read(db: BookDB) -> datetime | None:
    """When the reading position was last saved: the end of the last session in this book
    (None for a book never opened, or an unreadable stamp)."""
    row = db.db.execute("SELECT updated_at FROM reading WHERE id = 1").fetchone()
    try:
        return datetime.fromisoformat(row[0]) if row and row[0] else None
    except ValueError:
        return None
