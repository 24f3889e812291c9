"""The index-time prompts and their JSON schemas, versioned.

Layout is a performance feature. llama.cpp reuses its KV cache for the longest common token prefix
of consecutive calls, so every prompt is: the instructions, the history (oldest level first), the
recent passages in one fixed format — and only then the per-call parts (the current passage's
names, the recalled records, the task). The current passage is simply the last of the passages, so
the next call finds it, unchanged, inside its own prefix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from saadi_desktop.llm.base import Message

PROMPT_VERSION = "saadi-v3"
ENTITY_TYPES = ("person", "place", "organization", "object", "other")
MAX_ENTITIES = 8
MAX_ALIASES = 4
MAX_NAME = 60
MAX_DESCRIPTION = 160
MAX_SUMMARY = 700
UPDATE_MAX_TOKENS = 640
FOLD_MAX_TOKENS = 320

SYSTEM = (
    "You keep a reader's notes on a book that you read in order, one passage at a time: the "
    "characters, places and other named things in it, and short summaries of what happens.\n"
    "Use only the text you are given. Never add anything from your own knowledge of this or any "
    "other book: if the text does not say it, do not write it.\n"
    "Answer with JSON only."
)


@dataclass(frozen=True)
class Passage:
    number: int  # 1-based position among the indexed passages
    text: str


@dataclass(frozen=True)
class HistoryEntry:
    first: int  # passage numbers covered, 1-based
    last: int
    text: str


@dataclass(frozen=True)
class RecalledRecord:
    id: int
    name: str
    type: str
    aliases: Sequence[str]
    descriptions: Sequence[str]


def context(history: Sequence[HistoryEntry], passages: Sequence[Passage]) -> str:
    """The stable part of every prompt: story so far, then the recent passages."""
    parts: list[str] = []
    if history:
        parts.append("STORY SO FAR (summaries, oldest first):")
        parts.extend(f"[passages {h.first}–{h.last}] {h.text}" for h in history)
        parts.append("")
    parts.append("PASSAGES (oldest first):")
    for passage in passages:
        parts.append(f"[passage {passage.number}]\n{passage.text}\n")
    return "\n".join(parts)


def update_messages(
    history: Sequence[HistoryEntry],
    passages: Sequence[Passage],
    names: Sequence[str],
    records: Sequence[RecalledRecord],
    *,
    retry: str = "",
) -> list[Message]:
    """The state-update call for the last of ``passages``."""
    current = passages[-1].number
    lines = [
        context(history, passages),
        "---",
        f"The current passage is [passage {current}], the last one above.",
        f"Names in it: {', '.join(names)}." if names else "Names in it: none found.",
    ]
    if records:
        lines.append("Known records that may match (reuse the id when it is the same entity):")
        lines.extend(record_line(r) for r in records)
    else:
        lines.append("Known records that may match: none.")
    lines.append(
        f"Task: list the entities that [passage {current}] is about (at most {MAX_ENTITIES}). "
        'For each give "id" (the id of the matching known record, or null for a new one), '
        '"name" (its fullest proper name as written in the passage), "type" (one of '
        f"{', '.join(ENTITY_TYPES)}), "
        '"aliases" (other names or phrases the passage uses for it, copied exactly from the '
        'passage, such as "the old woman"; [] if none), and "description" (one short sentence '
        'of what this passage says about it, or "").'
    )
    if retry:
        lines.append(retry_line(retry))
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


def fold_messages(
    history: Sequence[HistoryEntry],
    passages: Sequence[Passage],
    first: int,
    last: int,
    *,
    of_summaries: bool,
    retry: str = "",
) -> list[Message]:
    """The fold call: summarise passages ``first``…``last`` (or the summaries that cover them)."""
    what = (
        f"the summaries of passages {first}–{last} in STORY SO FAR, combined into one"
        if of_summaries
        else f"only passages {first}–{last} above"
    )
    lines = [
        context(history, passages),
        "---",
        f"Task: write a new summary of {what}, in 3 to 5 sentences: who does what, where, and "
        "why it matters. Do not repeat or continue the other summaries in STORY SO FAR; they are "
        'background only. Use only that text. Answer as {"summary": "..."}.',
    ]
    if retry:
        lines.append(retry_line(retry))
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


def retry_line(problem: str) -> str:
    """The reminder of a second attempt: what was wrong with the first."""
    return f"Your previous answer was not usable ({problem}). Answer with the JSON object only."


def record_line(record: RecalledRecord) -> str:
    line = f"- id {record.id}: {record.name} ({record.type})"
    if record.aliases:
        line += "; also called: " + ", ".join(record.aliases[:6])
    if record.descriptions:
        line += "; " + " ".join(record.descriptions[-2:])
    return line


def update_schema(recalled_ids: Sequence[int]) -> dict[str, Any]:
    """Bounded lists and strings keep a small model from looping; ``id`` may only be one of the
    recalled ids or null, so the model cannot invent one."""
    text = {"type": "string", "maxLength": MAX_NAME}
    return {
        "type": "object",
        "properties": {
            "entities": {
                "type": "array",
                "maxItems": MAX_ENTITIES,
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"enum": [*recalled_ids, None]},
                        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                        "type": {"enum": list(ENTITY_TYPES)},
                        "aliases": {"type": "array", "maxItems": MAX_ALIASES, "items": text},
                        "description": {"type": "string", "maxLength": MAX_DESCRIPTION},
                    },
                    "required": ["id", "name", "type", "aliases", "description"],
                },
            }
        },
        "required": ["entities"],
    }


FOLD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"summary": {"type": "string", "minLength": 1, "maxLength": MAX_SUMMARY}},
    "required": ["summary"],
}
