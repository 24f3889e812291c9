"""Where was I? A short recap of the story up to a reading position, with no model call.

The recap is read off the summary tree as of the limit: the distant past by the headlines of the
highest nodes that fit before the last few passages (a level-3 headline stands for 125
passages), then those last passages one by one by their own headlines, each part with the book's
key sentences of its span, then the people of the last passages read. Passages the model has not
read yet — all of them before indexing, the last few during it — are recapped from the SCT
residual tree instead, in the same shape (a part or a chapter for the distant past, single
passages for the recent ones), and marked as extracts: sentences copied from the book. The tree
is the one of the book cut at the limit (:func:`residuals.tree_as_of`), so which sentences are
kept depends on nothing after it either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from saadi_desktop.books import Section
from saadi_desktop.reading import views
from saadi_desktop.reading.trail import section_trail, span_trail
from saadi_desktop.reading.who import known_entities
from saadi_desktop.residuals import tree_as_of
from saadi_desktop.store import BookDB, StoredChunk
from saadi_desktop.store.tree import ResidualRow, residual_rows

RECENT_HEADLINES = 5  # the last passages the model has read, told by their own headlines
RECENT_PASSAGES = 4  # the last passages it has not, told by extracts (fewer than f: never
# more than a fully indexed book leaves unsummarised)
PEOPLE_PASSAGES = 3  # "the people of the last passages read": this many passages
MAX_PEOPLE = 8


@dataclass(frozen=True)
class RecapPart:
    """One paragraph of the recap: a summary, or extracts of the passages it spans."""

    level: int  # the summary's level; 0 for extracts
    first_chunk: int
    last_chunk: int
    start: int  # the span in the canonical text
    end: int
    where: str  # 'Part I › Chapter I – Chapter V'
    text: str
    extract: bool  # sentences copied from the book (the residual tree, or a failed fold's
    # stand-in), not a summary
    form: str = "extract"  # headline | list | extract | prose (see views.outline)
    keys: tuple[tuple[int, int, str], ...] = ()  # the book's key sentences: start, end, text


@dataclass(frozen=True)
class Seen:
    """Someone (or somewhere) in the last passages read."""

    key: str
    name: str
    type: str
    by_name_only: bool
    note: str  # the latest note, "" when none
    recent: int  # of the last PEOPLE_PASSAGES passages, how many mention them
    mentions: int  # up to the limit


@dataclass(frozen=True)
class Recap:
    until: int | None  # None: the whole book
    limit_chunk: int | None
    where: str  # where the limit is
    parts: tuple[RecapPart, ...]
    people: tuple[Seen, ...]

    @property
    def extracts_only(self) -> bool:
        """No summary yet: everything is told by extracts."""
        return bool(self.parts) and all(p.extract for p in self.parts)


@dataclass(frozen=True)
class _Node:
    first: int
    last: int
    coarse: int  # the larger, the more passages it stands for
    text: str
    level: int
    extract: bool
    form: str = "extract"
    keys: tuple[tuple[int, int, str], ...] = ()


def recap(db: BookDB, until: int | None = None) -> Recap:
    """The recap as of ``until`` (a position; None: the whole book)."""
    chunks, sections = db.chunks(), db.sections()
    limit = views.chunk_at(db, until)
    passages = [c.seq for c in chunks if c.matter == "body" and (limit is None or c.seq <= limit)]
    where = section_trail(sections, until) if until is not None else "the end"
    if not passages:
        return Recap(until, limit, where, (), ())
    end = passages[-1]
    told = _summary_cover([_node(n) for n in views.outline(db, until)])
    done = told[-1].last if told else -1
    tail = [seq for seq in passages if seq > done]
    if tail:
        told += _extract_cover(db, chunks, tail, end)
    parts = tuple(p for p in (_part(n, chunks, sections) for n in told) if p.text)
    return Recap(until, limit, where, parts, _people(db, until, passages))


def _node(node: dict[str, Any]) -> _Node:
    """An outline node as the recap tells it (a stand-in as what it is: extracts)."""
    keys = tuple((k["start"], k["end"], k["text"]) for k in node["keys"])
    level = node["level"]
    return _Node(node["first_chunk"], node["last_chunk"], level, node["text"], level,
                 node["extract"], node["form"], keys)  # fmt: skip


def _summary_cover(nodes: Sequence[_Node]) -> list[_Node]:
    """The story so far, then lately: the last RECENT_HEADLINES passages the model has read by
    their own nodes, and before them the highest nodes that end before those passages (the
    roots of the tree, each opened into its children where it reaches into the recent ones: at
    most f - 1 a level, so a long book stays short)."""
    passages = sorted((n for n in nodes if n.level == 0), key=lambda n: n.first)
    folded = [n for n in nodes if n.level >= 1]
    if not passages and not folded:
        return []
    recent = passages[-RECENT_HEADLINES:]
    recent_from = recent[0].first if recent else max(n.last for n in folded) + 1

    def inside(n: _Node, parent: _Node) -> bool:
        return n.level == parent.level - 1 and parent.first <= n.first and n.last <= parent.last

    def before(node: _Node) -> list[_Node]:
        if node.last < recent_from:
            return [node]
        if node.first >= recent_from:
            return []
        return [m for child in nodes if inside(child, node) for m in before(child)]

    roots = [n for n in folded if not any(inside(n, p) for p in folded)]
    told = [m for root in roots for m in before(root)]
    return sorted(told, key=lambda n: (n.first, -n.level)) + recent


def _extract_cover(
    db: BookDB, chunks: Sequence[StoredChunk], tail: Sequence[int], end: int
) -> list[_Node]:
    """Extracts for the passages ``tail`` (the end of what the reader has read) from the
    residual tree of those passages alone, cut at passage ``end``: the last RECENT_PASSAGES
    passages one by one; before them, when there are more, the residual of the whole tail and
    that of the section holding the last passages."""
    told_by_summaries = set(range(tail[0]))  # their passages leave the tree: it is the tail's
    rows = [r for r in _subtree(residual_rows(db), tail[0], tail[-1])
            if r.chunk_seq not in told_by_summaries]  # fmt: skip
    if not rows:
        return []
    leaves = {r.chunk_seq for r in rows if r.chunk_seq is not None}
    body = [c for c in chunks if c.seq in leaves]
    cut = tree_as_of(rows, db.text(), body, end)
    recent_from = tail[max(0, len(tail) - RECENT_PASSAGES)]
    recent = [r for r in cut if r.chunk_seq is not None and r.chunk_seq >= recent_from]
    told: list[ResidualRow] = []
    if len(tail) > RECENT_PASSAGES:
        by_id = {r.id: r for r in cut}
        told.append(cut[0])  # the root of the cut subtree: the whole stretch, in brief
        section = by_id.get(recent[0].parent_id) if recent[0].parent_id is not None else None
        if section is not None and section.id != cut[0].id and section.first_chunk < recent_from:
            told.append(section)  # the chapter the last passages belong to
    # (a cut node keeps its original first passage: the tail starts at or after it)
    return [
        _Node(max(r.first_chunk, tail[0]), r.last_chunk, -r.depth, r.text, 0, True)
        for r in told + recent
    ]


def _subtree(rows: Sequence[ResidualRow], first: int, last: int) -> list[ResidualRow]:
    """The deepest node holding passages ``first``…``last`` and its descendants, that node
    made the root."""
    holding = [r for r in rows if r.first_chunk <= first and last <= r.last_chunk]
    if not holding:
        return []
    top = max(holding, key=lambda r: r.depth)
    inside = {top.id}
    kept = [dataclasses.replace(top, parent_id=None)]
    for row in rows:  # preorder: a parent comes before its children
        if row.parent_id in inside:
            inside.add(row.id)
            kept.append(row)
    return kept


def _part(node: _Node, chunks: Sequence[StoredChunk], sections: Sequence[Section]) -> RecapPart:
    start, end = chunks[node.first].start, chunks[node.last].end
    text = node.text
    if node.extract:  # a heading kept with the sentence after it: 'XIV Bennet, shaking…'
        for section in sections:
            title = section.title
            if start <= section.start < end and (text == title or text.startswith(title + " ")):
                text = text.removeprefix(title).lstrip()
    return RecapPart(node.level, node.first, node.last, start, end,
                     span_trail(sections, start, end), text, node.extract, node.form,
                     node.keys)  # fmt: skip


def _people(db: BookDB, until: int | None, passages: Sequence[int]) -> tuple[Seen, ...]:
    """Who the last PEOPLE_PASSAGES passages are about (records and names-pass clusters),
    the most present first."""
    last = set(passages[-PEOPLE_PASSAGES:])
    seen = []
    for entity in known_entities(db, until):
        recent = len(last.intersection(entity.mentions))
        if recent:
            note = entity.descriptions[-1] if entity.descriptions else ""
            seen.append(Seen(entity.key, entity.name, entity.type, entity.by_name_only, note,
                             recent, len(entity.mentions)))  # fmt: skip
    seen.sort(key=lambda s: (s.by_name_only, -s.recent, -s.mentions, s.name))
    return tuple(seen[:MAX_PEOPLE])
