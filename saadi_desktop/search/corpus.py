"""What search reads of a book, loaded once: candidate chunks, the memory's fields and links,
the level-1 summaries — each fact with the chunk it was learned at."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from saadi_desktop.state.keys import quote
from saadi_desktop.store import BookDB, StoredChunk
from saadi_desktop.store import state as store
from saadi_desktop.store.tree import ResidualRow, residual_rows

FieldKind = Literal["name", "alias", "description"]


@dataclass(frozen=True)
class Field:
    """One scored text of an entity record: its name, an alias or a description."""

    entity_id: int
    kind: FieldKind
    text: str
    learned_at: int


@dataclass(frozen=True)
class Summary:
    first_chunk: int  # chunk seqs covered
    last_chunk: int
    text: str
    learned_at: int


@dataclass(frozen=True)
class Corpus:
    text: str
    all_starts: list[int]  # start of every chunk (any matter), by seq: positions → chunk
    chunks: list[StoredChunk]  # candidates: body chunks in reading order
    section_titles: list[str]  # per candidate
    entity_names: dict[int, str]
    fields: list[Field]  # ordered by learned_at
    links: list[tuple[int, int, int]]  # (chunk seq, entity id, learned_at), by learned_at
    summaries: list[Summary]  # level 1, ordered by learned_at
    # SCT: each section's residual as of the section's end, learned at its last passage (the
    # summary channel's fallback before the builder reaches a passage), and the whole tree
    residuals: list[Summary] = field(default_factory=list)
    tree: list[ResidualRow] = field(default_factory=list)
    # a record merged into another: where it stops being one (its facts are the other's then)
    merged_at: dict[int, int] = field(default_factory=dict)


def load_corpus(db: BookDB) -> Corpus:
    text = db.text()
    every = db.chunks()
    sections = db.sections()
    chunks = [c for c in every if c.matter == "body"]
    titles = [sections[c.section_seq].title if c.section_seq is not None else "" for c in chunks]
    fields: list[Field] = []
    names: dict[int, str] = {}
    merged: dict[int, int] = {}
    for record in store.records(db, merged=True):
        names[record.id] = record.name
        if record.merged_at is not None:
            merged[record.id] = record.merged_at
        fields.append(Field(record.id, "name", record.name, record.learned_at))
        fields += [Field(record.id, "alias", a, at) for a, at in record.aliases.items()]
        fields += [Field(record.id, "description", d, at) for d, at in record.descriptions.items()]
    summaries = [
        Summary(s.first_chunk, s.last_chunk, _said(s, text), s.learned_at)
        for s in store.summaries(db)
        if s.level == 1
    ]
    tree = residual_rows(db)
    return Corpus(
        text=text,
        all_starts=[c.start for c in every],
        chunks=chunks,
        section_titles=titles,
        entity_names=names,
        fields=sorted(fields, key=lambda f: f.learned_at),
        links=sorted(store.links(db, merged=True), key=lambda link: link[2]),
        summaries=sorted(summaries, key=lambda s: s.learned_at),
        residuals=section_residuals(tree),
        tree=tree,
        merged_at=merged,
    )


def _said(node: store.SummaryRow, text: str) -> str:
    """What a level-1 node says: its headline and the book's key sentences of its span."""
    return " ".join([node.text, *(quote(text, span) for span in node.key_spans)])


def section_residuals(tree: Sequence[ResidualRow]) -> list[Summary]:
    """The summary channel's fallback units: each section's residual as of its end, learned at
    its last passage. Ordered by learned_at and, among sections ending together (a part and its
    last chapter), innermost first: a chunk takes the first unit that covers it."""
    rows = sorted(tree, key=lambda r: (r.last_chunk, -r.depth))
    return [
        Summary(r.first_chunk, r.last_chunk, r.text_as_of_end, r.last_chunk)
        for r in rows
        if r.text_as_of_end is not None
    ]
