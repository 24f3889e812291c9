"""The entity memory at index time: recall, ground, merge. Nothing is ever removed.

Grounding is what keeps a small model honest: a name or alias must occur in the chunk (case- and
whitespace-insensitively) or already be on the record; anything else is dropped and counted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from saadi_desktop.state.prompts import ENTITY_TYPES, MAX_DESCRIPTION, RecalledRecord

RECALL_K = 5
_WORD = re.compile(r"\w+")
_STOP = {
    "that", "this", "with", "from", "have", "were", "what", "when", "where", "which", "while",
    "whom", "whose", "them", "then", "there", "their", "they", "been", "being", "into", "about",
    "after", "before", "over", "under", "very", "much", "more", "most", "some", "such", "also",
    "only", "just", "like", "than", "other", "another", "does", "done", "make", "made", "says",
    "said", "tells", "told",
}  # fmt: skip


@dataclass
class EntityRecord:
    id: int
    name: str
    type: str
    learned_at: int
    aliases: dict[str, int] = field(default_factory=dict)  # alias -> learned_at
    descriptions: dict[str, int] = field(default_factory=dict)  # text -> learned_at

    def forms(self) -> set[str]:
        return {fold(self.name), *(fold(a) for a in self.aliases)}

    def recalled(self) -> RecalledRecord:
        return RecalledRecord(
            self.id, self.name, self.type, list(self.aliases), list(self.descriptions)
        )

    def search_text(self) -> str:
        return " ".join([self.name, *self.aliases, *self.descriptions])


@dataclass(frozen=True)
class Mention:
    """One entity of a model answer, before grounding."""

    id: int | None
    name: str
    type: str
    aliases: tuple[str, ...]
    description: str


@dataclass
class Change:
    """What one update adds: new records, new aliases/descriptions, links; and what was dropped."""

    new_records: list[EntityRecord] = field(default_factory=list)
    new_aliases: list[tuple[int, str]] = field(default_factory=list)
    new_descriptions: list[tuple[int, str]] = field(default_factory=list)
    linked: list[int] = field(default_factory=list)
    ungrounded: list[str] = field(default_factory=list)


class MalformedOutput(ValueError):
    """The model's answer is not the JSON the schema asks for."""


def fold(text: str) -> str:
    """Case- and whitespace-insensitive form used for grounding and deduplication."""
    return " ".join(text.casefold().replace("’", "'").split())


def parse_update(text: str, recalled_ids: Sequence[int]) -> list[Mention]:
    try:
        data = json.loads(text, strict=False)  # a raw line break inside a string is harmless
        items = data["entities"]
        if not isinstance(items, list):
            raise TypeError("entities is not a list")
        mentions = [_mention(item, set(recalled_ids)) for item in items]
    except (ValueError, KeyError, TypeError) as error:
        raise MalformedOutput(f"not the expected JSON ({error})") from None
    return mentions


def _mention(item: Any, recalled: set[int]) -> Mention:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise TypeError("an entity without a name")
    raw_id = item.get("id")
    aliases = item.get("aliases") or []
    description = item.get("description") or ""
    if not isinstance(aliases, list) or not isinstance(description, str):
        raise TypeError("aliases or description of the wrong type")
    kind = item.get("type") if item.get("type") in ENTITY_TYPES else "other"
    return Mention(
        id=raw_id if isinstance(raw_id, int) and raw_id in recalled else None,
        name=item["name"].strip(),
        type=str(kind),
        aliases=tuple(str(a).strip() for a in aliases if isinstance(a, str) and a.strip()),
        description=" ".join(description.split())[:MAX_DESCRIPTION],
    )


class Memory:
    """All records so far, in memory during a build; the store persists each chunk's change."""

    def __init__(self, records: Sequence[EntityRecord], next_id: int) -> None:
        self.records = {r.id: r for r in records}
        self.next_id = next_id

    def recall(
        self, chunk_text: str, names: Sequence[str], k: int = RECALL_K
    ) -> list[EntityRecord]:
        """The records most likely meant by this chunk: those whose name or alias is one of the
        chunk's candidate names first, then BM25 over names, aliases and descriptions."""
        chosen: list[EntityRecord] = []
        wanted = {fold(n) for n in names}
        for record in self.records.values():
            if record.forms() & wanted and len(chosen) < k:
                chosen.append(record)
        rest = [r for r in self.records.values() if r not in chosen]
        if rest and len(chosen) < k:
            from rank_bm25 import BM25Okapi

            bm25 = BM25Okapi([_tokens(r.search_text()) or ["∅"] for r in rest])
            scores = bm25.get_scores(_tokens(chunk_text))
            ranked = sorted(range(len(rest)), key=lambda i: (-scores[i], rest[i].id))
            chosen += [rest[i] for i in ranked if scores[i] > 0][: k - len(chosen)]
        return chosen

    def apply(self, mentions: Sequence[Mention], chunk_text: str, seq: int) -> Change:
        """Ground the mentions in the chunk and merge them into the memory (stamped ``seq``)."""
        change = Change()
        chunk = fold(chunk_text)
        for mention in mentions:
            record = self._target(mention, chunk, seq, change)
            if record is None:
                continue
            for alias in (mention.name, *mention.aliases):
                self._add_alias(record, alias, chunk, seq, change)
            if not supported(mention.description, chunk):
                if mention.description:
                    change.ungrounded.append(mention.description)
            elif mention.description not in record.descriptions:
                record.descriptions[mention.description] = seq
                change.new_descriptions.append((record.id, mention.description))
            if record.id not in change.linked:
                change.linked.append(record.id)
        return change

    def _target(
        self, mention: Mention, chunk: str, seq: int, change: Change
    ) -> EntityRecord | None:
        if mention.id is not None:
            return self.records[mention.id]
        if not occurs(mention.name, chunk):
            change.ungrounded.append(mention.name)
            return None
        same = [r for r in self.records.values() if fold(mention.name) in r.forms()]
        if same:  # the model missed a record it was not shown: deduplicate by name
            return same[0]
        record = EntityRecord(self.next_id, mention.name, mention.type, learned_at=seq)
        self.next_id += 1
        self.records[record.id] = record
        change.new_records.append(record)
        return record

    def _add_alias(
        self, record: EntityRecord, alias: str, chunk: str, seq: int, change: Change
    ) -> None:
        if not alias or fold(alias) in record.forms():
            return
        if not occurs(alias, chunk):
            change.ungrounded.append(alias)
            return
        record.aliases[alias] = seq
        change.new_aliases.append((record.id, alias))


def supported(description: str, folded_chunk: str) -> bool:
    """Descriptions are low-trust: keep one only when most of its content words occur in the
    chunk, which drops what a small model brings from outside the text."""
    words = [w for w in _tokens(description) if len(w) > 3 and w not in _STOP]
    if not words:
        return False
    present = sum(1 for w in words if w in folded_chunk)
    return present * 2 >= len(words)


def occurs(phrase: str, folded_chunk: str) -> bool:
    """Whether ``phrase`` occurs in the (folded) chunk as whole words."""
    folded = fold(phrase)
    if not folded:
        return False
    return re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", folded_chunk) is not None


def _tokens(text: str) -> list[str]:
    return _WORD.findall(text.casefold())
