"""What the GUI asks of the core, as plain functions (no Qt): every database access of the app.

Each function opens the book DB, does its work and closes it again, so it can run on any thread
(an SQLite connection belongs to the thread that opened it). Widgets never call BookDB
themselves; they call these, mostly through a background job.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saadi_desktop.books import Section
from saadi_desktop.library import append_file as append_file_to_book
from saadi_desktop.library import data_dir, import_book, list_books, remove_book, resolve_book
from saadi_desktop.reading import views
from saadi_desktop.reading.who import known_entities
from saadi_desktop.search import Searcher, embed_book, open_searcher
from saadi_desktop.search.embed import Embedder
from saadi_desktop.state.cost import call_counts
from saadi_desktop.state.names import unread_names
from saadi_desktop.store import BookDB, BookInfo
from saadi_desktop.store.bookdb import now
from saadi_desktop.tasks import ProgressCallback, StopCheck, ignore, never
from saadi_desktop.ui.notes import BookNotes, group_outline, outline_node


@dataclass(frozen=True)
class OpenedBook:
    """Everything the reader shows of a book, read in one go."""

    info: BookInfo
    text: str
    sections: list[Section]
    position: int  # the remembered reading position


def books() -> list[BookInfo]:
    """The library, by title."""
    return list_books()


def import_file(path: str | Path) -> BookInfo:
    """Import a book file (or find it when it is already in the library); the book's info.

    Raises ``BookFormatError`` or ``StoreError`` with a message for the reader."""
    return import_book(path).info


def resolve(reference: str) -> Path:
    """The DB of a book id, a ``.saadi.db`` path or a book file (imported on first use)."""
    return resolve_book(reference)


def remove(info: BookInfo) -> None:
    remove_book(str(info.path))


@dataclass(frozen=True)
class Grown:
    """What appending to a book did, and what indexing the new text will cost."""

    info: BookInfo
    chunks: int  # new passages
    sections: tuple[str, ...]  # new chapters
    indexed: bool  # the model had read some of the book before
    calls: int  # model calls left to index the book: the new passages and the folds due


def append_file(path: Path, file: str | Path) -> Grown:
    """Append a book file's text to the book at ``path`` (refused while it is being indexed).

    Raises ``BookFormatError`` or ``StoreError`` with a message for the reader."""
    appended = append_file_to_book(str(path), file)
    with BookDB.open(path) as db:
        counts = call_counts(db)
        info = db.info()
    return Grown(info, appended.chunks, appended.sections, counts["done"] > 0,
                 counts["calls_remaining"])  # fmt: skip


def book_info(path: Path) -> BookInfo:
    with BookDB.open(path) as db:
        return db.info()


def open_book(path: Path) -> OpenedBook:
    with BookDB.open(path) as db:
        return OpenedBook(db.info(), db.text(), db.sections(), db.reading_position())


def reading_position(path: Path) -> int:
    with BookDB.open(path) as db:
        return db.reading_position()


def save_reading_position(path: Path, position: int) -> None:
    """Remember where the reader is in a book."""
    with BookDB.open(path) as db:
        db.set_reading_position(position)


def keyword_searcher(path: Path) -> Searcher:
    """A warm BM25 searcher for a book (a fraction of a second even for a long novel)."""
    with BookDB.open(path) as db:
        return open_searcher(db)


def meaning_searcher(
    path: Path,
    embedder: Embedder,
    *,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> Searcher:
    """A searcher that also does dense and hybrid retrieval. What is missing is embedded first
    (once per book: the vectors are stored in its DB); raises ``Cancelled`` when stopped."""
    with BookDB.open(path) as db:
        embed_book(db, embedder, progress=progress, should_stop=should_stop)
        return open_searcher(db, embedder)


def load_embedder() -> Embedder:
    """The default sentence embedder (imports torch: several seconds, never on the GUI thread)."""
    from saadi_desktop.search.embed import MiniLMEmbedder

    return MiniLMEmbedder()


def write_crash_log(error: BaseException) -> Path | None:
    """Append an unexpected error's traceback to ``crash.log`` in the data folder."""
    path = data_dir() / "crash.log"
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {now()}\n{''.join(lines)}\n")
    except OSError:
        return None
    return path


# -- the entity browser and the summary outline ---------------------------------------------------


def book_notes(path: Path, until: int | None) -> BookNotes:
    """Entities (with the chunks that mention them) and the summary outline as of ``until`` —
    only what was learned up to the chunk holding it (None: the whole book). Reads every
    record, alias, link and summary: off the GUI thread."""
    with BookDB.open(path) as db:
        chunks = db.chunks()
        limit = views.chunk_at(db, until)
        starts, ends = [c.start for c in chunks], [c.end for c in chunks]
        found = known_entities(db, until)  # the card's, the timeline's and ``saadi who``'s rows
        unread = unread_names(db.info().language)
        summaries = [outline_node(n) for n in views.outline(db, until)]
    outline = group_outline(summaries, starts, ends)
    return BookNotes(until, limit, starts, ends, found, outline, unread)


# -- preferences ----------------------------------------------------------------------------------

PREFERENCES = "desktop.json"  # in the data folder: the app's remembered choices


def preferences() -> dict[str, Any]:
    """The remembered display choices (theme, font size); {} when none or unreadable."""
    try:
        found = json.loads((data_dir() / PREFERENCES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def save_preference(key: str, value: Any) -> None:
    """Remember one display choice (a failure to write is not worth bothering the reader)."""
    choices = preferences() | {key: value}
    path = data_dir() / PREFERENCES
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(choices, indent=2), encoding="utf-8")
    except OSError:
        pass
