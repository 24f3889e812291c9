"""The imported book: canonical text, sections with offsets, and the one import error type.

Every importer (EPUB, PDF, plain text) turns its file into a stream of headings and paragraphs
and hands them to a :class:`CanonicalText`, which owns the rules of the canonical text:
paragraphs separated by one blank line, whitespace collapsed, zero-width characters dropped,
section titles as paragraphs of their own. Offsets into that text are the book's positions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Matter = Literal["front", "body", "back"]

PARAGRAPH_SEPARATOR = "\n\n"

# A book's language as a Gutenberg header names it, and its code (an EPUB gives the code).
LANGUAGES = {"english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it",
             "portuguese": "pt", "dutch": "nl", "russian": "ru", "latin": "la"}  # fmt: skip

# Characters that carry no text: word joiner (Standard Ebooks puts one before every em dash),
# zero-width space/joiners, soft hyphen, byte-order mark.
_INVISIBLE = dict.fromkeys(map(ord, "\u2060\u200b\u200c\u200d\u00ad\ufeff"))
_SPACES = re.compile(r"[^\S\n]+")  # any whitespace but a newline, including NBSP and hair spaces
_LINE_BREAKS = re.compile(r" ?\n+ ?")


class BookFormatError(Exception):
    """A file could not be imported. The message names the file and what is wrong with it."""

    def __init__(self, path: str | Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name}: {reason}")


@dataclass(frozen=True)
class Section:
    """A part, chapter or other division of the book: [start, end) in the canonical text."""

    title: str
    level: int  # 1 for top-level divisions, 2 for their children, …
    start: int
    end: int
    matter: Matter = "body"


@dataclass(frozen=True)
class Book:
    """A book as imported: metadata, the canonical text and its sections in reading order."""

    title: str
    author: str
    language: str
    source_format: str
    text: str
    sections: list[Section] = field(default_factory=list)

    @property
    def words(self) -> int:
        return len(self.text.split())


def clean_inline(text: str) -> str:
    """Normalise the whitespace of one paragraph: spaces collapsed, single line breaks kept
    (verse), invisible characters dropped, Unicode composed (NFC)."""
    text = unicodedata.normalize("NFC", text.translate(_INVISIBLE))
    text = _SPACES.sub(" ", text)
    return _LINE_BREAKS.sub("\n", text).strip()


class CanonicalText:
    """Accumulates paragraphs and section headings into the canonical text.

    A section opens with :meth:`open_section` and lasts until the next section of the same or a
    higher level opens, or the text ends.
    """

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._length = 0
        # (title, level, start, matter) of sections opened so far; ends computed in build()
        self._opened: list[tuple[str, int, int, Matter]] = []

    @property
    def length(self) -> int:
        return self._length

    def add_paragraph(self, text: str) -> int | None:
        """Append a paragraph; returns its start offset, or None when it was empty."""
        text = clean_inline(text)
        if not text:
            return None
        if self._parts:
            self._parts.append(PARAGRAPH_SEPARATOR)
            self._length += len(PARAGRAPH_SEPARATOR)
        start = self._length
        self._parts.append(text)
        self._length += len(text)
        return start

    def open_section(self, title: str, level: int, matter: Matter = "body") -> None:
        """Start a section at the next paragraph. The caller adds the heading paragraph itself
        (the title as it appears in the book), usually right after."""
        start = self._length + (len(PARAGRAPH_SEPARATOR) if self._parts else 0)
        self._opened.append((clean_inline(title) or "Untitled", level, start, matter))

    def build(self, *, title: str, author: str, language: str, source_format: str) -> Book:
        """Freeze into a :class:`Book`. Sections that hold no text are dropped."""
        text = "".join(self._parts)
        sections: list[Section] = []
        for i, (name, level, start, matter) in enumerate(self._opened):
            end = len(text)
            for _title, later_level, later_start, _matter in self._opened[i + 1 :]:
                if later_level <= level:
                    end = later_start
                    break
            start = min(start, len(text))
            end = max(start, min(end, len(text)))
            if text[start:end].strip():
                sections.append(Section(name, level, start, end, matter))
        return Book(
            title=clean_inline(title) or "Untitled",
            author=clean_inline(author),
            language=language,
            source_format=source_format,
            text=text,
            sections=sections,
        )


def section_boundaries(book: Book) -> list[int]:
    """Every offset where some section starts or ends, sorted: chunks never cross these."""
    cuts = {0, len(book.text)}
    for section in book.sections:
        cuts.add(section.start)
        cuts.add(section.end)
    return sorted(cuts)


def matter_at(book: Book, position: int) -> Matter:
    """The matter (front/body/back) of the innermost section holding ``position``."""
    matter: Matter = "body"
    best_level = 0
    for section in book.sections:
        if section.start <= position < section.end and section.level >= best_level:
            matter, best_level = section.matter, section.level
    return matter
