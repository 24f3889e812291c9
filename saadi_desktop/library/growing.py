"""A growing book (a serial's new chapters): text appended at the end, nothing before it moved.

Every existing offset, chunk and learned_at stays valid, so the state already built stays
true; the new text gets new chunks (never across a new chapter's start) and the names pass and
residual tree are redone from the text. The next index run then reads only the new chunks,
plus the folds that fall due (the book's finishing folds are redone at its new end).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from saadi_desktop.books import load_book
from saadi_desktop.books.model import PARAGRAPH_SEPARATOR, Book, Section, clean_inline
from saadi_desktop.chunking import Chunk, chunk_text
from saadi_desktop.residuals import build_residuals
from saadi_desktop.state.replay import run_names
from saadi_desktop.store import BookDB
from saadi_desktop.store.lock import builder_lock

BUSY = "the book is being indexed; pause or cancel the indexing, then append"


@dataclass(frozen=True)
class Appended:
    """What an append added to a book."""

    path: Path  # the book DB
    chunks: int  # new passages
    sections: tuple[str, ...]  # titles of the new sections (chapters), in order


def append_text(path: Path, addition: str) -> Appended:
    """Append plain text: paragraphs split at blank lines, whitespace normalized; the new text
    continues the book's last section."""
    paragraphs = [clean_inline(p) for p in re.split(r"\n\s*\n", addition)]
    return _append(path, PARAGRAPH_SEPARATOR.join(p for p in paragraphs if p), [])


def append_book(path: Path, file: Path) -> Appended:
    """Append the text of a book file (EPUB, PDF or plain text: imported as by ``saadi
    import``); its chapters become sections of the book."""
    addition = load_book(file)
    return _append(path, addition.text, headed_sections(addition))


def headed_sections(book: Book) -> list[Section]:
    """The sections of an addition worth keeping: body matter, and for plain text only those
    whose title is printed where they start (not the 'Front matter' or file-name section the
    text importer makes up for text with no heading)."""
    found = []
    for section in book.sections:
        head = book.text[section.start : section.end].lstrip().casefold()
        printed = head.startswith(section.title.split(". ")[0].casefold())
        if section.matter == "body" and (book.source_format != "txt" or printed):
            found.append(section)
    return found


def fitted(sections: list[Section], added: list[Section], offset: int) -> list[Section]:
    """The added sections moved to ``offset`` and their levels set under the book's: the
    addition's top level becomes the level of the book's last section (a new chapter after
    the last chapter, inside the same part)."""
    if not added:
        return []
    end = max((s.end for s in sections), default=0)
    last = max((s.level for s in sections if s.end == end), default=1)
    shift = last - min(s.level for s in added)
    return [
        Section(s.title, s.level + shift, s.start + offset, s.end + offset, s.matter) for s in added
    ]


def _append(path: Path, new_text: str, added: list[Section]) -> Appended:
    if not new_text:
        return Appended(path, 0, ())
    with builder_lock(path, busy=BUSY), BookDB.open(path) as db:
        text, old = db.text(), db.chunks()
        separator = PARAGRAPH_SEPARATOR if text else ""
        sections = fitted(db.sections(), added, len(text) + len(separator))
        grown = text + separator + new_text
        budget = int(db.db.execute("SELECT chunk_words FROM builder").fetchone()[0])
        cuts = [len(text), *(s.start for s in sections), *(s.end for s in sections)]
        fresh = [c for c in chunk_text(grown, cuts, budget) if c.start >= len(text)]
        chunks = [Chunk(len(old) + i, c.start, c.end, c.words) for i, c in enumerate(fresh)]
        db.append_text(separator + new_text, chunks, sections)
        run_names(db)  # derived from the text alone: redone over the longer text
        build_residuals(db)
    return Appended(path, len(chunks), tuple(s.title for s in sections))
