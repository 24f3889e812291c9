"""What the entity browser and the summary outline show, as plain data (no Qt, no database).

:mod:`saadi_desktop.ui.operations` fills these in off the GUI thread, already cut at the
spoiler limit; the widgets only filter, lay out and locate them. The helpers here are pure text
work: which entities match a filter, where an entity's names occur in a passage.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from saadi_desktop.state.names import HONORIFICS
from saadi_desktop.who import KnownEntity

NAMES_ONLY = "name"  # the filter of names-pass entries (their type in a book of an older version)


# One record (or names-pass cluster) as of the limit: the rows the card, the timeline and
# ``saadi who`` use, so every view answers to the same names.
EntityEntry = KnownEntity


@dataclass(frozen=True)
class OutlineNode:
    """A summary, or (level 0) one chunk under a level-1 summary."""

    level: int
    first_chunk: int
    last_chunk: int
    start: int
    end: int
    text: str  # the summary; "" for a chunk
    provisional: bool = False
    extract: bool = False  # a failed fold's stand-in: sentences from the book, not a summary
    children: list[OutlineNode] = field(default_factory=list)


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
    choices = [r"\s+".join(re.escape(w) for w in name.split()) for name in names if name.split()]
    if not choices:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(choices) + r")(?!\w)", re.IGNORECASE)


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
    """Nest summaries into a tree: each node holds the nodes one level down whose chunks it
    covers, and a level-1 node its chunks (level 0). The roots are the highest nodes: those
    no node one level up covers yet, in book order."""
    by_level: dict[int, list[OutlineNode]] = {}
    for node in summaries:
        by_level.setdefault(node.level, []).append(node)
    roots: list[OutlineNode] = []
    for level, nodes in by_level.items():
        above = by_level.get(level + 1, [])
        below = by_level.get(level - 1, [])
        for node in nodes:
            if not any(n.first_chunk <= node.first_chunk <= n.last_chunk for n in above):
                roots.append(node)  # not folded further yet: a root of its own
            if level == 1:
                node.children.extend(
                    OutlineNode(0, seq, seq, chunk_starts[seq], chunk_ends[seq], "")
                    for seq in range(node.first_chunk, node.last_chunk + 1)
                )
            else:
                node.children.extend(
                    n for n in below if node.first_chunk <= n.first_chunk <= node.last_chunk
                )
    return sorted(roots, key=lambda n: (n.first_chunk, -n.level))
