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
from typing import Any, Protocol

from saadi_desktop.llm.base import Message

PROMPT_VERSION = "saadi-v5"
MAX_SUMMARY = 700
UPDATE_MAX_TOKENS = 320
FOLD_MAX_TOKENS = 320

SYSTEM = (
    "You keep a reader's notes on a book that you read in order, one passage at a time: the "
    "people, places and other named things in it, and short summaries of what happens.\n"
    "Use only the text you are given. Never add anything from your own knowledge of this or any "
    "other book: if the text does not say it, do not write it.\n\n"
    "Notes on a passage: one line for each entity the passage is really about, most important "
    "first, at most 4. A line is: number | aliases | note.\n"
    "- number: the entity's number in the list, with its type after it if the passage tells "
    "what it is; or + and its name as the passage writes it, then | and its type, for one not "
    "in the list.\n"
    "- aliases: other names, or short phrases such as the old woman, that the passage itself "
    "uses for it, separated by ; — never the name already in the list. Leave empty if none.\n"
    "- note: a few words of what this passage says it does or is. Leave empty if nothing new.\n"
    "Drop empty fields at the end of a line: a listed entity with nothing new is just its "
    "number. Types: person, place, organization, object, other.\n"
    "For instance, with a list 11 Anna Grey and 12 Vale, a passage could give:\n"
    "11\n"
    "12 person | the old lawyer | will not sell the house\n"
    "+ Tom | person | | Anna's brother\n\n"
    'Summaries: answer with JSON, {"summary": "..."}.'
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


class RosterLine(Protocol):
    """A numbered line of the update prompt (a record, or a names-pass cluster)."""

    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def aliases(self) -> Sequence[str]: ...
    @property
    def notes(self) -> Sequence[str]: ...


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
    roster: Sequence[RosterLine],
    *,
    retry: str = "",
) -> list[Message]:
    """The state-update call for the last of ``passages``: only the numbered list and the
    request follow the reused prefix."""
    current = passages[-1].number
    lines = [context(history, passages), "---", f"Numbered list for [passage {current}]:"]
    lines.extend(roster_line(r) for r in roster)
    if not roster:
        lines.append("(empty)")
    lines.append(f"Notes on [passage {current}], the last passage above:")
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
    return f"Your previous answer was not usable ({problem}). Answer in the format asked for."


def roster_line(line: RosterLine) -> str:
    """'3 Elizabeth Bennet', or '5 Alyona Ivanovna (the old woman)' with the short phrases the
    memory knows her by. No type and no note: a small model copies what it is shown back into
    its answer, and every token it reads or writes here is new on each call."""
    phrases = [a for a in line.aliases if a[:1].islower()][-2:]
    return f"{line.number} {line.name}" + (f" ({'; '.join(phrases)})" if phrases else "")


FOLD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"summary": {"type": "string", "minLength": 1, "maxLength": MAX_SUMMARY}},
    "required": ["summary"],
}
