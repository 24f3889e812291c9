"""The compact answer of an update call (prompt v4): one line per entity, only what is new.

Every generated token costs ~85 ms on two cores, and a JSON object per entity spent most of them
on keys, quotes and empty fields. The model now writes, for each entity the passage is about:

    Headline: Lizaveta comes home       what happens in the passage (prompt v6), always first
    3                                   a listed entity, nothing new
    3 person | the old woman | a note   a listed entity: its type, new aliases, a note
    + Lizaveta | person | | a note      an entity the list does not hold

The headline comes first: written last, after four notes, it told what the notes said (often
wrong) more than what the passage does; first, it was shorter and truer (dev book, ten
passages: 4 of 9 headlines stood under the rules instead of 0 of 9).

Fields after the first are optional from the right; aliases are separated by ";". A GBNF grammar
allows exactly this, with the listed numbers as the only ids, so the model cannot invent one,
and bounds the headline to HEADLINE_WORDS words. A line cut short by the token limit is dropped;
the complete lines before it stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ENTITY_TYPES = ("person", "place", "organization", "object", "other")
MAX_ENTITIES = 4
MAX_ALIASES = 3
MAX_NAME = 48
MAX_NOTE = 60
HEADLINE = "Headline: "
# The grammar's bound on a headline, above what the rules keep (16 and 25 words, its first
# sentence): a model that may not end a word with a space glues the rest of its sentence into
# one, so the bound leaves it room to end the sentence itself.
HEADLINE_WORDS = 24
FOLD_WORDS = 32


class MalformedOutput(ValueError):
    """The model's answer is not in the format asked for."""


@dataclass(frozen=True)
class Line:
    """One entity of an answer: ``number`` of a listed candidate, or ``name`` of a new one."""

    number: int | None
    name: str
    type: str  # "" when the model did not say
    aliases: tuple[str, ...]
    note: str
    cut: bool = False  # the note filled its field: the model was copying a sentence, cut off


def grammar(numbers: Sequence[int]) -> str:
    """The GBNF grammar of an answer whose listed numbers are ``numbers``: the passage's
    headline, then the entity lines."""
    ids = " | ".join(f'"{n}"' for n in sorted(numbers, reverse=True))  # "12" before "1"
    types = " | ".join(f'"{t}"' for t in ENTITY_TYPES)
    entry = ['entry ::= new "\\n"']
    if numbers:
        entry = [
            'entry ::= (known | new) "\\n"',
            f'known ::= ({ids}) (" " type)? (sep aliases (sep note)?)?',
        ]
    return "\n".join(
        [
            f"root ::= headline entry{{0,{MAX_ENTITIES}}}",
            *entry,
            'new ::= "+ " text sep type (sep aliases (sep note)?)?',
            'sep ::= " | "',
            f"type ::= {types}",
            f'aliases ::= (text ("; " text){{0,{MAX_ALIASES - 1}}})?',
            f"text ::= [^|;():\\n ] [^|;():\\n]{{0,{MAX_NAME - 1}}}",
            f"note ::= [^|\\n]{{0,{MAX_NOTE}}}",
            *_headline_rules(HEADLINE_WORDS),
        ]
    )


def headline_grammar(words: int = FOLD_WORDS) -> str:
    """The GBNF grammar of a fold's answer: one headline line of at most ``words`` words."""
    return "\n".join(["root ::= headline", *_headline_rules(words)])


def _headline_rules(words: int) -> list[str]:
    return [
        f'headline ::= "{HEADLINE}" word (" " word){{0,{words - 1}}} "\\n"',
        "word ::= [^ \\n]{1,30}",
    ]


def headline(raw: str, *, truncated: bool = False) -> str:
    """The headline line of an answer, without its label; '' when there is none (an answer of
    an earlier prompt version) or it was cut short by the token limit."""
    for row in raw.split("\n")[::-1]:
        if row.startswith(HEADLINE):
            if truncated and raw.endswith(row):
                return ""
            return " ".join(row[len(HEADLINE) :].split())
    return ""


def parse(raw: str, numbers: Sequence[int], *, truncated: bool = False) -> list[Line]:
    """The lines of an answer. A cut-short last line is dropped; any other line that does not
    follow the format makes the answer malformed."""
    rows = raw.split("\n")
    if truncated and not raw.endswith("\n"):
        rows = rows[:-1]
    lines: list[Line] = []
    for row in rows:
        if row.strip() and not row.startswith(HEADLINE):
            lines.append(_line(row, set(numbers)))
    return lines[:MAX_ENTITIES]


def _line(row: str, numbers: set[int]) -> Line:
    fields = [f.strip() for f in row.split("|")]
    head = fields[0]
    if head.startswith("+"):
        name = head[1:].strip()
        if not name or len(fields) < 2:
            raise MalformedOutput(f"a new entity without a name or type: {row!r}")
        kind, rest = fields[1], fields[2:]
        number = None
    else:
        first, _, kind = head.partition(" ")
        if not first.isdigit() or int(first) not in numbers:
            raise MalformedOutput(f"an entity number that was not listed: {row!r}")
        name, number, rest = "", int(first), fields[1:]
    kind = kind.strip()
    if kind and kind not in ENTITY_TYPES:
        raise MalformedOutput(f"an unknown type {kind!r}")
    aliases = tuple(a.strip() for a in (rest[0] if rest else "").split(";") if a.strip())
    note = "|".join(rest[1:])
    cut = len(note) >= MAX_NOTE
    note = " ".join(note.split())[:MAX_NOTE]
    return Line(number, name[:MAX_NAME], kind, aliases[:MAX_ALIASES], note, cut)


def render(lines: Sequence[Line], headline: str = "") -> str:
    """An answer in the format (the inverse of :func:`parse` and :func:`headline`), for examples
    and scripted models."""

    def clean(text: str, also: str = "") -> str:
        for mark in "|\n" + also:
            text = text.replace(mark, " ")
        return " ".join(text.split())

    out: list[str] = [HEADLINE + clean(headline) + "\n"] if headline else []
    for line in lines:
        line = Line(line.number, clean(line.name, ";"), line.type,
                    tuple(clean(a, ";") for a in line.aliases), clean(line.note))  # fmt: skip
        head = f"+ {line.name}" if line.number is None else str(line.number)
        fields = [line.type] if line.number is None else []
        if line.number is not None and line.type:
            head += f" {line.type}"
        tail = ["; ".join(line.aliases), line.note]
        while tail and not tail[-1]:
            tail.pop()
        out.append(" | ".join([head, *fields, *tail]) + "\n")
    return "".join(out)
