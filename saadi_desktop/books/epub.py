"""EPUB import with ebooklib: spine order, nav/NCX table of contents, XHTML to paragraphs."""

from __future__ import annotations

import posixpath
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saadi_desktop.books.archive import check_epub_archive
from saadi_desktop.books.model import Book, BookFormatError, CanonicalText, Matter
from saadi_desktop.books.xhtml import Anchor, Paragraph, parse_xhtml

# Documents that are apparatus, not story, when the EPUB does not say so with epub:type.
_FRONT_WORDS = ("cover", "titlepage", "title-page", "imprint", "copyright", "dedication", "toc")
_BACK_WORDS = ("colophon", "uncopyright", "licen", "endnotes", "about", "acknowledg")


@dataclass(frozen=True)
class TocEntry:
    title: str
    level: int
    fragment: str | None


def read_epub(path: Path) -> Book:
    """Import an EPUB file; raises :class:`BookFormatError` for anything unreadable."""
    check_epub_archive(path)
    book = _open_with_ebooklib(path)
    toc = _toc_by_document(book)
    canonical = CanonicalText()
    seen_body = False
    for item in _spine_documents(path, book):
        name = item.get_name()
        paragraphs = parse_xhtml(path, name, item.content)
        matter = paragraphs.matter or _guess_matter(name, seen_body)
        seen_body = seen_body or matter == "body"
        entries = toc.get(name, [])
        at_start = [e for e in entries if e.fragment is None]
        by_anchor = {e.fragment: e for e in entries if e.fragment is not None}
        for entry in at_start:
            canonical.open_section(entry.title, entry.level, matter)
        if not entries and (canonical.length == 0 or matter != "body"):
            # Untitled apparatus (a cover, a colophon) gets a section of its own so it can be
            # skipped as front or back matter instead of joining the story's last chapter.
            canonical.open_section(paragraphs.title or _stem(name), 1, matter)
        for event in paragraphs.events:
            if isinstance(event, Anchor):
                entry_at = by_anchor.get(event.id)
                if entry_at is not None:
                    canonical.open_section(entry_at.title, entry_at.level, matter)
            elif isinstance(event, Paragraph):
                canonical.add_paragraph(event.text)
    if not canonical.length:
        raise BookFormatError(path, "the EPUB contains no readable text")
    return canonical.build(
        title=_metadata(book, "title") or path.stem,
        author=_metadata(book, "creator"),
        language=_metadata(book, "language"),
        source_format="epub",
    )


def _open_with_ebooklib(path: Path) -> Any:
    from ebooklib import epub

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ebooklib warns about its own future defaults
            return epub.read_epub(str(path), options={"ignore_ncx": False})
    except KeyError as error:
        raise BookFormatError(
            path, f"the EPUB names a file that is missing from the archive: {error}"
        ) from None
    except Exception as error:  # ebooklib raises many types for a broken package document
        raise BookFormatError(path, f"not a valid EPUB ({_describe(error)})") from None


def _spine_documents(path: Path, book: Any) -> Iterator[Any]:
    """The XHTML documents of the spine, in reading order; the navigation document is skipped
    (the table of contents becomes sections, not text)."""
    from ebooklib import epub

    spine = list(book.spine)
    if not spine:
        raise BookFormatError(path, "the EPUB has an empty spine (no reading order)")
    for idref, _linear in spine:
        item = book.get_item_with_id(idref)
        if item is None:
            raise BookFormatError(path, f"the spine names an item that does not exist: {idref!r}")
        if isinstance(item, epub.EpubNav) or "nav" in (getattr(item, "properties", None) or []):
            continue
        if not item.content:
            raise BookFormatError(path, f"the spine names a missing file: {item.get_name()!r}")
        yield item


def _toc_by_document(book: Any) -> dict[str, list[TocEntry]]:
    """Flatten the nested table of contents to entries per document, in order, with levels."""
    from ebooklib import epub

    found: dict[str, list[TocEntry]] = {}

    def walk(nodes: Any, level: int) -> None:
        for node in nodes:
            if isinstance(node, tuple | list) and len(node) == 2:
                head, children = node
                _add(head, level)
                walk(children, level + 1)
            else:
                _add(node, level)

    def _add(node: Any, level: int) -> None:
        if not isinstance(node, epub.Link | epub.Section) or not getattr(node, "href", ""):
            return
        document, _, fragment = str(node.href).partition("#")
        document = posixpath.normpath(document)
        entry = TocEntry(str(node.title or "").strip(), level, fragment or None)
        found.setdefault(document, []).append(entry)

    walk(book.toc, 1)
    return found


def _guess_matter(name: str, seen_body: bool) -> Matter:
    lowered = _stem(name).lower()
    if any(word in lowered for word in _BACK_WORDS):
        return "back"
    if any(word in lowered for word in _FRONT_WORDS):
        return "back" if seen_body else "front"
    return "body"


def _metadata(book: Any, field: str) -> str:
    values = book.get_metadata("DC", field) or []
    return ", ".join(str(value) for value, _attrs in values if value)


def _stem(name: str) -> str:
    return posixpath.splitext(posixpath.basename(name))[0]


def _describe(error: Exception) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
