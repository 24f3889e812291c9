"""The entity list the rules read from a text alone: the names pass, then its reading by the
identity rules with no model answer. A pure function of the text — what the golden rules table
is held against, and what a book's entity list shows before the model reads a passage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from saadi_desktop.state.memory import BookText, Cluster, Memory
from saadi_desktop.state.names import Mention, names_pass


@dataclass(frozen=True)
class Entry:
    """One entry of the list: every name the rules gave it, its type, and the passages that
    mention it."""

    names: frozenset[str]
    type: str
    passages: frozenset[int] = frozenset()


def book_of(chunks: Sequence[tuple[int, str]]) -> BookText:
    """What the memory reads of ``chunks`` ((seq, text) in reading order): the texts and their
    names pass."""
    found, mentions = names_pass(chunks)
    clusters = {c.id: Cluster(c.id, c.gender, dict(c.variants)) for c in found.clusters}
    return BookText(dict(chunks), clusters, by_chunk(mentions))


def by_chunk(mentions: Sequence[Mention]) -> dict[int, list[tuple[int, str]]]:
    """Chunk seq → its (cluster, variant) mentions, most mentioned first (as the store reads
    them back)."""
    found: dict[int, list[tuple[int, str]]] = {}
    for seq, cluster, variant, _ in sorted(mentions, key=lambda m: (m[0], -m[3], m[2])):
        found.setdefault(seq, []).append((cluster, variant))
    return found


def read_entries(texts: Sequence[str]) -> list[Entry]:
    """The entries the rules read from ``texts`` (one chunk each, in reading order)."""
    memory = Memory(book_of(list(enumerate(texts))))
    for seq in sorted(memory.book.texts):
        memory.apply([], [], seq)
    passages: dict[int, set[int]] = {}
    for seq, mentions in memory.book.mentions.items():
        for cluster, _ in mentions:
            if (record := memory.by_cluster.get(cluster)) is not None:
                passages.setdefault(record, set()).add(seq)
    return [
        Entry(
            frozenset({record.name, *record.aliases}),
            record.type,
            frozenset(passages.get(record.id, ())),
        )
        for record in memory.records.values()
    ]
