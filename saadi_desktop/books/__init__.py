"""Book import: EPUB, PDF and plain text, each to one canonical text with sections."""

from __future__ import annotations

from pathlib import Path

from saadi_desktop.books.model import Book, BookFormatError, Section

__all__ = ["SUPPORTED_SUFFIXES", "Book", "BookFormatError", "Section", "load_book", "not_a_file"]

SUPPORTED_SUFFIXES = (".epub", ".pdf", ".txt", ".text")


def not_a_file(path: Path) -> BookFormatError:
    """The error for a path that is no file: a folder, or nothing at all."""
    problem = "is a folder, not a book file" if path.is_dir() else "no such file"
    return BookFormatError(path, problem)


def load_book(path: str | Path) -> Book:
    """Read a book file into a :class:`Book`; every failure is one :class:`BookFormatError`.

    The format is chosen by the file's first bytes, with the suffix as a tie-breaker for text, so
    a PDF named ``.epub`` is still read as PDF and random bytes named ``.epub`` are refused.
    """
    path = Path(path)
    if not path.is_file():
        raise not_a_file(path)
    try:
        with path.open("rb") as handle:
            head = handle.read(8)
    except OSError as error:
        raise BookFormatError(path, f"cannot be read ({error.strerror})") from None
    if not head:
        raise BookFormatError(path, "the file is empty")

    suffix = path.suffix.lower()
    if head.startswith(b"%PDF"):
        from saadi_desktop.books.pdf import read_pdf

        return read_pdf(path)
    if head.startswith(b"PK"):
        if suffix not in (".epub", ".zip", ".kepub"):
            raise BookFormatError(
                path, f"unsupported file type '{suffix or 'none'}' (a zip archive)"
            )
        from saadi_desktop.books.epub import read_epub

        return read_epub(path)
    if suffix in (".epub", ".pdf"):
        raise BookFormatError(path, f"not a valid {suffix[1:].upper()} file (wrong signature)")
    if suffix in (".txt", ".text", ""):
        from saadi_desktop.books.text import read_text

        return read_text(path)
    raise BookFormatError(
        path, f"unsupported file type '{suffix}' (supported: EPUB, PDF, plain text)"
    )
