"""Pure text helpers for the reader and the search panel (no Qt): positions, headings, snippets.

A position is a character offset into the book's canonical text (a Python ``str`` index). A
QTextDocument counts UTF-16 code units, and inserting plain text turns each newline into one
paragraph separator, so the two agree exactly except after a character outside the Basic
Multilingual Plane (an emoji, a rare CJK ideograph), which takes two code units.
:class:`PositionMap` corrects for those.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from saadi_desktop.books import Section

_WIDE = re.compile("[\U00010000-\U0010ffff]")
_SPACES = re.compile(r"\s+")
HEADING_MAX = 200  # a section's heading paragraph longer than this is body text, not a title


class PositionMap:
    """Canonical text offsets ↔ QTextDocument positions."""

    def __init__(self, text: str) -> None:
        # canonical offsets of the characters that take two UTF-16 code units
        self._wide = [m.start() for m in _WIDE.finditer(text)]
        self.length = len(text)

    def to_document(self, position: int) -> int:
        position = max(0, min(position, self.length))
        return position + bisect.bisect_left(self._wide, position)

    def to_text(self, document_position: int) -> int:
        if not self._wide:
            return max(0, min(document_position, self.length))
        low, high = 0, self.length  # the largest p with to_document(p) <= document_position
        while low < high:
            middle = (low + high + 1) // 2
            if self.to_document(middle) <= document_position:
                low = middle
            else:
                high = middle - 1
        return low


def heading_span(text: str, section: Section) -> tuple[int, int] | None:
    """The heading line a section opens with, as [start, end), or None when it has none."""
    end = text.find("\n", section.start, min(section.end, section.start + HEADING_MAX + 1))
    if end < 0:
        end = min(section.end, section.start + HEADING_MAX + 1)
    if end - section.start > HEADING_MAX or end <= section.start:
        return None
    return section.start, end


def section_at(sections: Sequence[Section], position: int) -> Section | None:
    """The innermost section holding a position."""
    best: Section | None = None
    for section in sections:
        if section.start > position:
            break
        if position < section.end and (best is None or section.level >= best.level):
            best = section
    return best


@dataclass(frozen=True)
class Piece:
    text: str
    kind: str | None  # None for plain text, else the highlight kind ("query", "alias")


def snippet(
    text: str, highlights: Sequence[tuple[int, int, str]], width: int = 320, skip: int = 0
) -> list[Piece]:
    """A window of about ``width`` characters of a passage around its first highlight, cut at
    word boundaries, as plain and highlighted pieces (with "…" where text was cut). The first
    ``skip`` characters (the heading a passage may open with) are left out unless a highlight
    is in them."""
    first = min((s for s, _, _ in highlights), default=skip)
    origin = skip if first >= skip else 0
    start = max(origin, first - width // 4)
    if start > origin:
        space = text.find(" ", start, first) if first > start else -1
        start = space + 1 if space >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start + width // 2, end)
        end = space if space > 0 else end
    pieces: list[Piece] = []
    cursor = start
    for s, e, kind in sorted(highlights):
        s, e = max(s, cursor), min(e, end)
        if s >= e:
            continue
        if s > cursor:
            pieces.append(Piece(text[cursor:s], None))
        pieces.append(Piece(text[s:e], kind))
        cursor = e
    if cursor < end:
        pieces.append(Piece(text[cursor:end], None))
    if start > origin:
        pieces.insert(0, Piece("…", None))
    if end < len(text):
        pieces.append(Piece("…", None))
    return [Piece(_SPACES.sub(" ", p.text), p.kind) for p in pieces]
