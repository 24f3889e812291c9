"""Timelines: where each entity is mentioned, from the start of the book to the reading limit.

Kindle's X-Ray draws a bar per character across the whole book; here the strip ends at the
spoiler limit, and its marks are the passages the memory links to the entity as of that limit
(a names-pass cluster's: the passages that print one of its names). Several entities share one
strip, lane under lane, with a last lane for the passages that mention them all — who appears
with whom. The mentions come from :func:`saadi_desktop.reading.who.known_entities`, so through
whatever rules the memory applies, cut at the limit; everything else here is pure, so the
entity browser draws a timeline from the notes it already holds, with no database call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from saadi_desktop.store import BookDB


class Mentioned(Protocol):
    """What a timeline needs of an entity (the browser's entries and the cards have it)."""

    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def mentions(self) -> tuple[int, ...]: ...  # seqs of the chunks about it, in order


@dataclass(frozen=True)
class Lane:
    """One entity's row of the strip."""

    key: str
    name: str
    mentions: tuple[int, ...]  # chunk seqs, in reading order, none after the limit


@dataclass(frozen=True)
class Timeline:
    """A strip from position 0 to :attr:`end` with one lane per entity."""

    until: int | None  # the reading limit (None: the whole book, spoilers shown)
    end: int  # where the strip ends: the limit, or the end of the book
    spans: tuple[tuple[int, int], ...]  # (start, end) of each chunk up to the limit, by seq
    lanes: tuple[Lane, ...]

    def marks(self, mentions: Iterable[int]) -> list[tuple[int, int]]:
        """The stretches of the strip that ``mentions`` cover: their chunks, clipped at the end
        (the chunk holding the limit runs on past it)."""
        found = []
        for seq in mentions:
            start, end = self.spans[seq]
            if start < self.end:
                found.append((start, min(end, self.end)))
        return found

    def together(self) -> tuple[int, ...]:
        """The chunks every lane mentions (none for a single lane: nothing to compare)."""
        if len(self.lanes) < 2:
            return ()
        shared = set(self.lanes[0].mentions).intersection(*(lane.mentions for lane in self.lanes))
        return tuple(sorted(shared))

    def nearest(self, mentions: Sequence[int], position: int) -> int | None:
        """The mention (chunk seq) nearest to ``position``: the one holding it, else the
        closest by distance to its stretch; None when there is none."""
        best: tuple[int, int] | None = None
        for seq in mentions:
            start, end = self.spans[seq]
            distance = 0 if start <= position < end else min(abs(start - position),
                                                              abs(end - 1 - position))  # fmt: skip
            if best is None or distance < best[0]:
                best = (distance, seq)
        return best[1] if best is not None else None


def build(
    entities: Sequence[Mentioned],
    *,
    until: int | None,
    limit_chunk: int | None,
    chunk_starts: Sequence[int],
    chunk_ends: Sequence[int],
    text_length: int,
) -> Timeline:
    """The timeline of ``entities`` (in the order given) as of ``until``, whose chunk is
    ``limit_chunk``: a mention after that chunk is left out whatever the caller passed."""
    last = len(chunk_starts) - 1 if limit_chunk is None else min(limit_chunk, len(chunk_starts) - 1)
    end = text_length if until is None else max(0, min(until, text_length))
    lanes = tuple(
        Lane(e.key, e.name, tuple(sorted({m for m in e.mentions if 0 <= m <= last})))
        for e in entities
    )
    spans = tuple(zip(chunk_starts[: last + 1], chunk_ends[: last + 1], strict=True))
    return Timeline(until, end, spans, lanes)


def timeline(db: BookDB, keys: Sequence[str], until: int | None = None) -> Timeline:
    """The timeline of the entities with ``keys`` (record ids, or "n<id>" for a names-pass
    cluster) as of ``until``; a key unknown at the limit (learned later) gets no lane."""
    from saadi_desktop.reading import views
    from saadi_desktop.reading.who import known_entities

    chunks = db.chunks()
    by_key = {e.key: e for e in known_entities(db, until)}
    return build(
        [by_key[k] for k in keys if k in by_key],
        until=until,
        limit_chunk=views.chunk_at(db, until),
        chunk_starts=[c.start for c in chunks],
        chunk_ends=[c.end for c in chunks],
        text_length=len(db.text()),
    )
