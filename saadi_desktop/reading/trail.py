"""Where a position is, in the book's own words: 'Part I › Chapter III'."""

from __future__ import annotations

from collections.abc import Sequence

from saadi_desktop.books import Section


def section_trail(sections: Sequence[Section], position: int, *, fallback: str = "") -> str:
    """The titles of the sections holding ``position``, outermost first. Body sections win
    over a title page that wraps the whole book; ``fallback`` when none holds it."""
    trail = [s for s in sections if s.start <= position < s.end]
    body = [s for s in trail if s.matter == "body"]
    return " › ".join(s.title for s in body or trail) or fallback


def span_trail(sections: Sequence[Section], start: int, end: int) -> str:
    """'Part I › Chapter I – Chapter III': the trail of a span's start, and of its last
    character when that lies elsewhere (the common outer titles said once)."""
    first = section_trail(sections, start)
    last = section_trail(sections, max(start, end - 1))
    if last == first or not last:
        return first
    head, tail = first.split(" › "), last.split(" › ")
    shared = 0
    while shared < min(len(head), len(tail)) - 1 and head[shared] == tail[shared]:
        shared += 1
    return f"{first} – {' › '.join(tail[shared:])}"
