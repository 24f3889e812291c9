"""What the entity memory is made of: its records, a names-pass cluster as it sees one, a
numbered line of the update prompt, and what one update adds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from saadi_desktop.state.identity import (
    alias_kind,
    fold,
)


@dataclass
class EntityRecord:
    id: int
    name: str
    type: str
    learned_at: int
    aliases: dict[str, int] = field(default_factory=dict)  # alias -> learned_at
    descriptions: dict[str, int] = field(default_factory=dict)  # text -> learned_at
    clusters: dict[int, int] = field(default_factory=dict)  # names-pass cluster -> learned_at

    def forms(self) -> set[str]:
        return {fold(self.name), *(fold(a) for a in self.aliases)}

    def names(self) -> list[str]:
        """The proper names among the record's name and aliases."""
        return [n for n in (self.name, *self.aliases) if alias_kind(n) == "name"]

    def search_text(self) -> str:
        return " ".join([self.name, *self.aliases, *self.descriptions])


@dataclass(frozen=True)
class Cluster:
    """A names-pass cluster as the memory sees it."""

    id: int
    gender: str
    variants: dict[str, int]  # variant -> learned_at


@dataclass(frozen=True)
class Candidate:
    """One numbered line of the update prompt: a record, or a cluster with no record yet."""

    number: int
    name: str
    record: int | None
    cluster: int | None
    type: str = ""
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def kept(self) -> dict[str, Any]:
        """What the kept answer needs to know of this line to be replayed."""
        return {"number": self.number, "name": self.name, "record": self.record,
                "cluster": self.cluster}  # fmt: skip


@dataclass
class Change:
    """What one update adds; every row is stamped with the update's chunk, ``seq``."""

    seq: int
    new_records: list[EntityRecord] = field(default_factory=list)
    new_aliases: list[tuple[int, str]] = field(default_factory=list)
    new_descriptions: list[tuple[int, str]] = field(default_factory=list)
    links: list[tuple[int, int]] = field(default_factory=list)  # (chunk seq, record)
    ungrounded: list[str] = field(default_factory=list)  # not in the passage
    refused: list[tuple[str, str]] = field(default_factory=list)  # (proposal, the rule's reason)
    pending: list[str] = field(default_factory=list)  # names waiting for more support
    retyped: list[tuple[int, str]] = field(default_factory=list)  # (record, its new type)
    merged: list[tuple[int, int]] = field(default_factory=list)  # (record merged away, into)

    def link(self, seq: int, record: int) -> None:
        if (seq, record) not in self.links:
            self.links.append((seq, record))
