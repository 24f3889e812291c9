"""The library folder: one book DB per imported file, found by id, DB path or original file.

Importing, finding and removing books is here; a book that grows (a serial's new chapters,
appended at its end) is :mod:`.growing`'s."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from saadi_desktop.books import BookFormatError, load_book, not_a_file
from saadi_desktop.books.model import Book, section_boundaries
from saadi_desktop.chunking import DEFAULT_CHUNK_WORDS, Chunk, chunk_text
from saadi_desktop.library.growing import Appended, append_book, append_text
from saadi_desktop.residuals import build_residuals
from saadi_desktop.state.replay import run_names
from saadi_desktop.store import BookDB, BookInfo, StoreError
from saadi_desktop.store.lock import builder_lock

DB_SUFFIX = ".saadi.db"
_PARTIAL = ".importing"


def data_dir() -> Path:
    """The app's data folder: ``$SAADI_HOME`` if set, else the platform's user-data folder."""
    home = os.environ.get("SAADI_HOME")
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("saadi-desktop", appauthor=False))


def library_dir() -> Path:
    return data_dir() / "books"


@dataclass(frozen=True)
class Imported:
    info: BookInfo
    created: bool  # False when the file was already in the library


def chunk_book(book: Book, budget: int = DEFAULT_CHUNK_WORDS) -> list[Chunk]:
    """SAADI chunks of a book: never across a section boundary."""
    return chunk_text(book.text, section_boundaries(book), budget)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def import_book(
    source: str | Path, *, library: Path | None = None, chunk_words: int = DEFAULT_CHUNK_WORDS
) -> Imported:
    """Import a book file into the library. Importing the same content again returns the
    existing book. Nothing is left behind when the import fails."""
    source = Path(source).expanduser().resolve()
    library = library or library_dir()
    if not source.is_file():
        raise not_a_file(source)
    try:
        sha = file_sha256(source)
    except OSError as error:
        raise BookFormatError(source, f"cannot be read ({error.strerror})") from None
    existing = find_by_sha(library, sha)
    if existing is not None:
        with BookDB.open(existing) as db:
            return Imported(db.info(), created=False)

    book = load_book(source)
    chunks = chunk_book(book, chunk_words)
    book_id = f"{slug(book.title)}-{sha[:10]}"
    target = library / f"{book_id}{DB_SUFFIX}"
    partial = library / f".{book_id}.{os.getpid()}{_PARTIAL}"
    try:
        library.mkdir(parents=True, exist_ok=True)
        with BookDB.create(
            partial, book_id=book_id, book=book, chunks=chunks, chunk_words=chunk_words,
            source=source, source_sha256=sha,
        ) as db:  # fmt: skip
            run_names(db)  # a first character list, the moment the book is imported
            build_residuals(db)  # and an extractive summary tree (SCT), zero model calls
        os.replace(partial, target)  # atomic: the library never holds a half-written book
    except (sqlite3.Error, OSError) as error:
        raise StoreError(_write_failure(source, library, error)) from None
    finally:
        _remove_partial(partial)
    with BookDB.open(target) as db:
        return Imported(db.info(), created=True)


def append_to_book(reference: str, addition: str, library: Path | None = None) -> int:
    """Append plain text to a book (a growing document): see :mod:`.growing`.
    Returns the chunks added."""
    return append_text(_existing(reference, library), addition).chunks


def append_file(reference: str, file: str | Path, library: Path | None = None) -> Appended:
    """Append a book file's text (EPUB, PDF or plain text) to a book, its chapters as new
    sections; refused while the book is being indexed."""
    source = Path(file).expanduser()
    if not source.is_file():
        raise not_a_file(source)
    return append_book(_existing(reference, library), source)


def _existing(reference: str, library: Path | None) -> Path:
    path = find_book(reference, library)
    if path is None:
        raise StoreError(f"{reference}: no such book in the library")
    return path


def _write_failure(source: Path, library: Path, error: Exception) -> str:
    full = (isinstance(error, OSError) and error.errno == errno.ENOSPC) or "disk is full" in str(
        error
    )
    if full:
        return f"{source.name}: not enough disk space to import it into {library}"
    return f"{source.name}: could not be saved into {library} ({error})"


def _remove_partial(partial: Path) -> None:
    for leftover in (partial, *(partial.with_name(partial.name + s) for s in ("-wal", "-shm"))):
        leftover.unlink(missing_ok=True)


def find_by_sha(library: Path, sha: str) -> Path | None:
    """The book imported from a file with this SHA-256: by its file name, which carries the
    hash, or else by the hash stored in each DB (a DB copied in under another name)."""
    matches = sorted(library.glob(f"*-{sha[:10]}{DB_SUFFIX}"))
    if matches:
        return matches[0]
    return next((info.path for info in _readable_books(library) if info.source_sha256 == sha), None)


def book_paths(library: Path | None = None) -> list[Path]:
    library = library or library_dir()
    return sorted(library.glob(f"*{DB_SUFFIX}")) if library.is_dir() else []


def _readable_books(library: Path | None) -> list[BookInfo]:
    """What each book DB says about itself, in file-name order; a damaged file is skipped.
    Listing and lookup both read this, so that every book listed can be opened by its id."""
    books: list[BookInfo] = []
    for path in book_paths(library):
        try:
            with BookDB.open(path) as db:
                books.append(db.info())
        except StoreError:
            continue
    return books


def list_books(library: Path | None = None) -> list[BookInfo]:
    """Every book in the library, by title. A damaged file is skipped, not fatal."""
    return sorted(_readable_books(library), key=lambda info: (info.title.lower(), info.id))


def find_book(reference: str, library: Path | None = None) -> Path | None:
    """The DB of a book id (or a unique prefix of one), a book DB path, or an imported file.

    An id is the one stored in the DB, as :func:`list_books` shows it, whatever the file is
    called (a DB copied in from a backup keeps its id under any name). When two files carry
    the same id, the one named after it wins, else the first by file name."""
    library = library or library_dir()
    named = library / f"{reference}{DB_SUFFIX}"
    if named.is_file() and _stored_id(named) == reference:
        return named  # the usual case: one file opened, not the whole library
    candidate = Path(reference).expanduser()
    if candidate.is_file():
        if candidate.name.endswith(DB_SUFFIX):
            return candidate
        return find_by_sha(library, file_sha256(candidate))
    books = _readable_books(library)
    ids = {info.id for info in books if reference and info.id.startswith(reference)}
    if reference in ids:
        return _first_with_id(books, reference)
    if named.is_file():  # a DB by its file name, or a damaged one for its opener to report
        return named
    return _first_with_id(books, ids.pop()) if len(ids) == 1 else None


def _stored_id(path: Path) -> str | None:
    """The id a book DB carries; None when it cannot be read."""
    try:
        with BookDB.open(path) as db:
            return db.book_id
    except StoreError:
        return None


def _first_with_id(books: list[BookInfo], book_id: str) -> Path:
    """Of the files that carry ``book_id``, the one named after it, else the first by name."""
    paths = [info.path for info in books if info.id == book_id]
    named = [path for path in paths if path.name == f"{book_id}{DB_SUFFIX}"]
    return (named or paths)[0]


def resolve_book(reference: str, library: Path | None = None) -> Path:
    """Like :func:`find_book`, importing an original file on first use."""
    found = find_book(reference, library)
    if found is not None:
        return found
    if Path(reference).expanduser().is_file():
        return import_book(reference, library=library).info.path
    raise StoreError(
        f"{reference}: no such book in the library (give an id, a .saadi.db or a file)"
    )


def source_file(reference: str, library: Path | None = None) -> Path:
    """The original file of a book: ``reference`` itself when it is a book file, else the file
    the book (an id or a ``.saadi.db``) was imported from — for work that needs the file again,
    such as timing its import."""
    candidate = Path(reference).expanduser()
    if candidate.is_file() and not candidate.name.endswith(DB_SUFFIX):
        return candidate
    path = find_book(reference, library)
    if path is None:
        raise StoreError(
            f"{reference}: no such book in the library (give an id, a .saadi.db or a file)"
        )
    with BookDB.open(path) as db:
        info = db.info()
    original = Path(info.source_path)
    if not original.is_file():
        raise StoreError(
            f"{reference}: the file it was imported from is gone ({original}); give the file"
        )
    return original


def remove_book(reference: str, library: Path | None = None) -> Path:
    """Delete a book's DB (and its WAL files); the original file is not touched. A book that is
    being indexed (by this process or another) is refused: the indexer holds its lock."""
    path = find_book(reference, library)
    if path is None:
        raise StoreError(f"{reference}: no such book in the library")
    with builder_lock(path, busy="the book is being indexed; stop the indexing, then remove it"):
        for suffix in ("", "-wal", "-shm"):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    path.with_name(path.name + ".lock").unlink(missing_ok=True)
    return path


def slug(title: str) -> str:
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_title.lower())
    return "-".join(words)[:40].strip("-") or "book"
