"""BookDB: the only code that reads and writes a book's SQLite file."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from saadi_desktop import __version__
from saadi_desktop.books.model import Book, Matter, Section
from saadi_desktop.chunking import Chunk
from saadi_desktop.store.schema import StoreError, connect


@dataclass(frozen=True)
class BookInfo:
    """What the library shows about a book."""

    id: str
    title: str
    author: str
    language: str
    source_format: str
    source_path: str
    source_sha256: str
    chunks: int
    words: int
    index_state: str
    path: Path


@dataclass(frozen=True)
class StoredChunk:
    seq: int
    start: int
    end: int
    words: int
    section_seq: int | None
    matter: Matter
    content_hash: str


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class BookDB:
    """One book's database. Open with :meth:`open`; create with :meth:`create`."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.db = sqlite_utils.Database(connection)

    @classmethod
    def open(cls, path: Path) -> BookDB:
        if not path.is_file():
            raise StoreError(f"{path.name}: no such book database")
        connection = connect(path)
        if not connection.execute("SELECT count(*) FROM book").fetchone()[0]:
            connection.close()
            raise StoreError(f"{path.name}: the book database is empty (an unfinished import?)")
        return cls(path, connection)

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        book_id: str,
        book: Book,
        chunks: list[Chunk],
        chunk_words: int,
        source: Path,
        source_sha256: str,
    ) -> BookDB:
        """Write a new book DB at ``path`` in one transaction."""
        store = cls(path, connect(path))
        try:
            store._write_new_book(book_id, book, chunks, chunk_words, source, source_sha256)
            store.db.execute("PRAGMA journal_mode = WAL")
        except BaseException:
            store.close()
            raise
        return store

    def _write_new_book(
        self,
        book_id: str,
        book: Book,
        chunks: list[Chunk],
        chunk_words: int,
        source: Path,
        source_sha256: str,
    ) -> None:
        section_of = _innermost_sections(book.sections, chunks)
        with self.transaction():
            self.db.table("book").insert(
                {
                    "id": book_id,
                    "title": book.title,
                    "author": book.author,
                    "language": book.language,
                    "source_format": book.source_format,
                    "source_path": str(source),
                    "source_sha256": source_sha256,
                    "source_bytes": source.stat().st_size,
                    "imported_at": now(),
                    "app_version": __version__,
                }
            )
            self.db.table("canonical").insert({"id": 1, "body": book.text})
            self.db.table("sections").insert_all(
                {"seq": i, "title": s.title, "level": s.level, "start": s.start, "end": s.end,
                 "matter": s.matter}
                for i, s in enumerate(book.sections)
            )  # fmt: skip
            self.db.table("chunks").insert_all(
                {
                    "seq": c.seq,
                    "start": c.start,
                    "end": c.end,
                    "words": c.words,
                    "section_seq": section,
                    "matter": "body" if section is None else book.sections[section].matter,
                    "content_hash": content_hash(book.text[c.start : c.end]),
                }
                for c, section in zip(chunks, section_of, strict=True)
            )
            self.db.table("builder").insert({"id": 1, "chunk_words": chunk_words})
            self.db.table("reading").insert({"id": 1, "position": 0, "updated_at": now()})

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All writes inside commit together or not at all (the connection is in autocommit
        mode, so the transaction is explicit)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def append_text(
        self, addition: str, chunks: list[Chunk], sections: Sequence[Section] = ()
    ) -> None:
        """Append to the canonical text (every existing offset stays valid) and add the chunks
        that cover the new text and the ``sections`` that start in it. A section that reached
        the old end now reaches the new one — or, at the level of the new sections or deeper,
        the first of them (the last chapter ends where a new chapter starts)."""
        old_end = len(self.text())
        new_end = old_end + len(addition)
        top = min((s.level for s in sections), default=None)
        first = sections[0].start if sections else new_end

        def end_of(section: Section) -> int:
            if section.end != old_end:
                return section.end
            return new_end if top is None or section.level < top else first

        every = self.sections()
        grown = [replace(s, end=end_of(s)) for s in every] + list(sections)
        last = self._one("SELECT matter FROM chunks ORDER BY seq DESC LIMIT 1")
        # A growing document grows in the matter it ends with, and a new chapter in its own.
        holders = _innermost_sections(grown, chunks)
        matters = [
            grown[i].matter if i is not None and i >= len(every) else last[0] if last else "body"
            for i in holders
        ]
        with self.transaction():
            self.db.execute("UPDATE canonical SET body = body || ? WHERE id = 1", (addition,))
            for seq, section in enumerate(grown[: len(every)]):
                self.db.execute('UPDATE sections SET "end" = ? WHERE seq = ?', (section.end, seq))
            self.db.table("sections").insert_all(
                {"seq": len(every) + i, "title": s.title, "level": s.level, "start": s.start,
                 "end": s.end, "matter": s.matter}
                for i, s in enumerate(sections)
            )  # fmt: skip
            full = self.text()
            self.db.table("chunks").insert_all(
                {
                    "seq": c.seq,
                    "start": c.start,
                    "end": c.end,
                    "words": c.words,
                    "section_seq": section,
                    "matter": matter,
                    "content_hash": content_hash(full[c.start : c.end]),
                }
                for c, section, matter in zip(chunks, holders, matters, strict=True)
            )

    def close(self) -> None:
        self.db.conn.close()

    def __enter__(self) -> BookDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -----------------------------------------------------------------------------

    def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self.db.execute(sql, params).fetchone()

    @property
    def book_id(self) -> str:
        return str(self._one("SELECT id FROM book")[0])

    def text(self) -> str:
        return str(self._one("SELECT body FROM canonical WHERE id = 1")[0])

    def sections(self) -> list[Section]:
        rows = self.db.execute(
            'SELECT title, level, start, "end", matter FROM sections ORDER BY seq'
        ).fetchall()
        return [
            Section(title, level, start, end, matter) for title, level, start, end, matter in rows
        ]

    def chunks(self) -> list[StoredChunk]:
        rows = self.db.execute(
            'SELECT seq, start, "end", words, section_seq, matter, content_hash '
            "FROM chunks ORDER BY seq"
        ).fetchall()
        return [StoredChunk(*row) for row in rows]

    def reading_position(self) -> int:
        """Where the reader was in this book (a position in the canonical text)."""
        row = self._one("SELECT position FROM reading WHERE id = 1")
        return int(row[0]) if row else 0

    def set_reading_position(self, position: int) -> None:
        with self.transaction():
            self.db.execute(
                "UPDATE reading SET position = ?, updated_at = ? WHERE id = 1", (position, now())
            )

    def info(self) -> BookInfo:
        book_id, title, author, language, source_format, source_path, sha = self._one(
            "SELECT id, title, author, language, source_format, source_path, source_sha256 "
            "FROM book"
        )
        chunks, words = self._one("SELECT count(*), coalesce(sum(words), 0) FROM chunks")
        return BookInfo(
            id=book_id,
            title=title,
            author=author,
            language=language,
            source_format=source_format,
            source_path=source_path,
            source_sha256=sha,
            chunks=chunks,
            words=words,
            index_state=self.index_state(),
            path=self.path,
        )

    def index_state(self) -> str:
        """'not indexed', 'x %', 'done' or 'done, N failed chunks' for the library list, and
        ', earlier version' when its summaries were written by an earlier version (prose that
        ``saadi index --upgrade`` replaces)."""
        (next_chunk, finished) = self._one("SELECT next_chunk, finished FROM builder")
        done, total = self._one(
            "SELECT coalesce(sum(seq < ?), 0), count(*) FROM chunks WHERE matter = 'body'",
            (next_chunk,),
        )
        failed = self._one("SELECT count(*) FROM failed_chunks")[0]
        suffix = f", {failed} failed chunk{'s' * (failed != 1)}" if failed else ""
        if self._one("SELECT count(*) FROM summaries WHERE form = 'prose'")[0]:
            suffix += ", earlier version"
        if finished:
            return "done" + suffix
        if done == 0:
            return "not indexed"
        return f"{100 * done // max(total, 1)} %" + suffix


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _innermost_sections(sections: list[Section], chunks: list[Chunk]) -> list[int | None]:
    """For each chunk, the index of the deepest section that holds its start."""
    result: list[int | None] = []
    for chunk in chunks:
        best: int | None = None
        for i, section in enumerate(sections):
            if section.start <= chunk.start < section.end and (
                best is None or section.level >= sections[best].level
            ):
                best = i
        result.append(best)
    return result
