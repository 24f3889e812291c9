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
from typing import Protocol

from saadi_desktop.llm.base import Message

PROMPT_VERSION = "saadi-v6"
MAX_SUMMARY = 700  # an earlier version's prose summary, and its extractive stand-in
UPDATE_MAX_TOKENS = 352  # the entity lines and the headline (HEADLINE_WORDS words)
FOLD_MAX_TOKENS = 64  # one headline of FOLD_WORDS words

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
    "Before the lines, the first line is always the headline: one short sentence of 5 to 12 "
    "words saying what happens in this passage, in the passage's own words, naming only "
    "people it names.\n"
    "For instance, with a list 11 Anna Grey and 12 Vale, a passage could give:\n"
    "Headline: Tom asks the old lawyer to sell the house\n"
    "11\n"
    "12 person | the old lawyer | will not sell the house\n"
    "+ Tom | person | | Anna's brother\n\n"
    "Headlines of several passages: one line, Headline: and one sentence of at most 20 words "
    "on what happens across all of them, in the words of their headlines and quotes."
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
        parts.append("STORY SO FAR (headlines, oldest first):")
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
    lines.append(f"Headline and notes on [passage {current}], the last passage above:")
    if retry:
        lines.append(retry_line(retry))
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


@dataclass(frozen=True)
class Child:
    """A unit being folded, as the fold call sees it: its passages, the model's headline of
    them ('' when it has none) and sentences of the book from them."""

    first: int  # passage numbers covered, 1-based
    last: int
    headline: str
    quotes: Sequence[str] = ()


def fold_messages(children: Sequence[Child], *, retry: str = "") -> list[Message]:
    """The fold call: one headline for its children's span, read off their headlines (and the
    sentences quoted from them) — never the raw passages nor the story so far, which a small
    model copies or retells from memory. A short prompt: the system part is the update calls'."""
    first, last = children[0].first, children[-1].last
    lines = [f"Headlines of passages {first}–{last}, in order:"]
    for child in children:
        span = (
            f"passage {child.first}"
            if child.first == child.last
            else (f"passages {child.first}–{child.last}")
        )
        lines.append(f"[{span}] {child.headline or '(no headline)'}")
        lines.extend(f"  “{quote}”" for quote in child.quotes)
    lines += [
        "---",
        f"Task: one headline for passages {first}–{last} together: one sentence of at most 20 "
        "words on what happens across them, in order, in the words above. Do not repeat one "
        "headline; name only people named above.",
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
