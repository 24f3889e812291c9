"""What the entity browser and the summary outline show, as plain data (no Qt, no database).

:mod:`saadi_desktop.ui.operations` fills these in off the GUI thread, already cut at the
spoiler limit; the widgets only filter, lay out and locate them. The helpers here are pure text
work: which entities match a filter, where an entity's names occur in a passage.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from saadi_desktop.reading.who import (
    NOT_AFTER_A_WORD,
    NOT_BEFORE_A_WORD,
    KnownEntity,
    words_pattern,
)
from saadi_desktop.state.names import HONORIFICS

NAMES_ONLY = "name"  # the filter of names-pass entries (their type in a book of an older version)


# One record (or names-pass cluster) as of the limit: the rows the card, the timeline and
# ``saadi who`` use, so every view answers to the same names.
EntityEntry = KnownEntity


# What a node's text is (see views.outline): the model's words, or the book's standing in.
HEADLINE = "headline"  # one line the model wrote
LIST = "list"  # a fold the model could not make: its children's headlines, one a line
EXTRACT = "extract"  # the book's own sentence(s) standing in
PROSE = "prose"  # a summary an earlier version wrote (a book indexed before headlines)
LIST_SEPARATOR = "\n"


@dataclass(frozen=True)
class KeySentence:
    """One of the book's own sentences within a node's span, chosen without the model."""

    start: int  # offsets into the canonical text: a click goes there
    end: int
    text: str


@dataclass(frozen=True)
class OutlineNode:
    """A node of the summary tree: a fold (level ≥ 1) or a passage (level 0). A passage of a
    book indexed before passages had nodes is a bare chunk: no text, no keys."""

    level: int
    first_chunk: int
    last_chunk: int
    start: int
    end: int
    text: str  # in the node's ``form``; "" for a bare chunk
    provisional: bool = False
    extract: bool = False  # the book's words stand in (an extract, or an old fold's stand-in)
    form: str = PROSE
    keys: tuple[KeySentence, ...] = ()
    children: list[OutlineNode] = field(default_factory=list)

    @property
    def by_model(self) -> bool:
        """Whether the text is the model's words (a headline, a list of them, old prose)."""
        return bool(self.text) and not self.extract

    def lines(self) -> list[str]:
        """A list's headlines, one per child; any other text as one line."""
        if self.form != LIST:
            return [" ".join(self.text.split())] if self.text.strip() else []
        return [" ".join(line.split()) for line in self.text.split(LIST_SEPARATOR) if line.strip()]


Segment = tuple[str, bool]  # words of a list's line, and whether they are the book's
MIN_CUT = 3  # fewer words of a segment than this are left out of a cut line, not shown cut
_OPENING_QUOTES = ("“", '"', "‘", "'", "«")
_CLOSING_QUOTES = ("”", '"', "’", "'", "»")


def quoted(words: str) -> str:
    """The book's ``words`` in quotation marks — but not a second mark beside the book's own
    (a line of dialogue): '““Well,' reads as a typo."""
    opening = "" if words.startswith(_OPENING_QUOTES) else "“"
    return f"{opening}{words}{'' if words.endswith(_CLOSING_QUOTES) else '”'}"


def list_lines(node: OutlineNode) -> list[list[Segment]]:
    """A list's lines, each as segments marked as the book's words where the child it stands
    for had no headline (its extract stood in, so the list quotes the book there too). A line
    of a child that is a list itself is that child's lines run together, marked the same way."""
    return [_segments(line, node.children) for line in node.lines()]


def _segments(line: str, children: Sequence[OutlineNode]) -> list[Segment]:
    child = next((c for c in children if c.text and line in _as_line(c)), None)
    if child is None:
        return [(line, False)]
    if child.extract:
        return [(line, True)]
    if child.form != LIST or not child.children:
        return [(line, False)]
    joined: list[Segment] = []
    for index, own in enumerate(child.lines()):
        joined += [(" · ", False)] * (index > 0) + _segments(own, child.children)
    return joined


def cut_line(line: Sequence[Segment], words: int) -> list[Segment]:
    """The first ``words`` words of a list's line (a line that is a whole list run together can
    be long), whose-words marks kept, ' …' where it is cut — inside the book's words when it
    cuts them, so that a quote never passes for a whole sentence."""
    kept: list[Segment] = []
    left = words
    for text, by_book in line:
        said = text.split()
        if len(said) > left:
            if kept and left < MIN_CUT:  # not a stub of a quote: '· “The …”'
                return [*(kept[:-1] if kept[-1] == (" · ", False) else kept), (" …", False)]
            lead = " " if text[:1].isspace() else ""  # after a separator: its space
            return [*kept, (f"{lead}{' '.join(said[:left])} …", by_book)]
        kept.append((text, by_book))
        left -= len(said)
    return kept


def _as_line(child: OutlineNode) -> tuple[str, ...]:
    """A child's text as a list's line holds it: its own lines joined by ' · '; an extract in
    quotes (as the builder writes it now) or bare (as it wrote it before)."""
    flat = " ".join(child.text.replace(LIST_SEPARATOR, " · ").split())
    return (flat, f"“{flat}”") if child.extract else (flat,)


def outline_node(row: Mapping[str, Any]) -> OutlineNode:
    """A node from a row of :func:`saadi_desktop.reading.views.outline` (no children yet)."""
    keys = tuple(KeySentence(k["start"], k["end"], k["text"]) for k in row.get("keys", ()))
    return OutlineNode(row["level"], row["first_chunk"], row["last_chunk"], row["start"],
                       row["end"], row["text"], row["provisional"], row["extract"],
                       row.get("form", PROSE), keys)  # fmt: skip


@dataclass(frozen=True)
class BookNotes:
    """Entities and outline of a book as of ``until`` (None: the whole book)."""

    until: int | None
    limit_chunk: int | None  # the chunk holding ``until``
    chunk_starts: list[int]  # by chunk seq: where each chunk starts
    chunk_ends: list[int]
    entities: list[EntityEntry]
    outline: list[OutlineNode]  # the highest level's nodes, each with its children
    unread_names: str = ""  # why the names pass read no names from this book, if it did not

    def chunk_of(self, position: int) -> int:
        """The seq of the chunk holding ``position``."""
        return max(0, bisect.bisect_right(self.chunk_starts, position) - 1)

    def span(self, seq: int) -> tuple[int, int]:
        return self.chunk_starts[seq], self.chunk_ends[seq]


def matches(entity: EntityEntry, typed: str, kind: str | None) -> bool:
    """Whether an entity passes the browser's filter: its type (None: any; NAMES_ONLY: found by
    the names pass alone) and the typed text in its name or an alias (case-insensitive)."""
    if kind == NAMES_ONLY:
        if not entity.by_name_only:
            return False
    elif kind is not None and entity.type != kind:
        return False
    needle = typed.strip().casefold()
    return not needle or any(needle in name.casefold() for name in (entity.name, *entity.aliases))


def name_spans(text: str, names: Iterable[str]) -> list[tuple[int, int]]:
    """Where any of ``names`` occurs in ``text`` as whole words (case-insensitive, any
    whitespace between words), without overlaps, in order; a longer name wins over a shorter
    one starting at the same place."""
    pattern = _names_pattern(tuple(sorted(set(names), key=lambda n: (-len(n), n))))
    return [m.span() for m in pattern.finditer(text)] if pattern else []


@functools.lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """One scan for all the names: an alternation, longest first."""
    choices = [words_pattern(name) for name in names if name.split()]
    if not choices:
        return None
    return re.compile(NOT_AFTER_A_WORD + "(?:" + "|".join(choices) + ")" + NOT_BEFORE_A_WORD)


def mention_highlights(
    text: str, start: int, end: int, entity: EntityEntry
) -> list[tuple[int, int, str]]:
    """The entity's names in the passage ``text[start:end]``, as highlight spans relative to
    ``start`` (the reader's and the search results' convention); not a name after a title that
    makes it someone else's ('Elliot' of Sir Walter in 'Lady Elliot', 'Miss Elliot')."""
    passage = text[start:end]
    own = {_plain(n) for n in entity.names()}
    spans = []
    for s, e in name_spans(passage, entity.names()):
        title = _TITLE_BEFORE.search(passage, max(0, s - 16), s)
        one_word = len(passage[s:e].split()) == 1  # a full name after a title is still theirs
        if title and one_word and _plain(f"{title.group(1)} {passage[s:e]}") not in own:
            continue
        spans.append((s, e, "alias"))
    return spans


def _plain(name: str) -> str:
    return " ".join(name.replace(".", "").casefold().split())


_TITLE_BEFORE = re.compile(
    r"(?<!\w)(" + "|".join(sorted(map(re.escape, HONORIFICS), key=len, reverse=True)) + r")\s+$"
)


def group_outline(
    summaries: Sequence[OutlineNode], chunk_starts: Sequence[int], chunk_ends: Sequence[int]
) -> list[OutlineNode]:
    """Nest the tree's nodes: each node holds the nodes one level down whose chunks it covers,
    and a level-1 node its passages (level 0) — their own nodes, or bare chunks where a book
    indexed by an earlier version has none. The roots are the highest nodes: those no node one
    level up covers yet (a passage read but not folded yet is one), in book order."""
    by_level: dict[int, list[OutlineNode]] = {}
    for node in summaries:
        by_level.setdefault(node.level, []).append(node)
    passages = {n.first_chunk: n for n in by_level.get(0, [])}
    roots: list[OutlineNode] = []
    for level, nodes in by_level.items():
        above = by_level.get(level + 1, [])
        below = by_level.get(level - 1, [])
        for node in nodes:
            if not any(n.first_chunk <= node.first_chunk <= n.last_chunk for n in above):
                roots.append(node)  # not folded further yet: a root of its own
            if level == 0:
                continue
            if level == 1:
                node.children.extend(
                    passages.get(seq)
                    or OutlineNode(0, seq, seq, chunk_starts[seq], chunk_ends[seq], "")
                    for seq in range(node.first_chunk, node.last_chunk + 1)
                )
            else:
                node.children.extend(
                    n for n in below if node.first_chunk <= n.first_chunk <= node.last_chunk
                )
    return sorted(roots, key=lambda n: (n.first_chunk, -n.level))
