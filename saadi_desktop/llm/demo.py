"""A stand-in model that reads a whole book in seconds: for screenshots and GUI benchmarks.

:func:`names_reply` answers the builder's prompts from what the prompt itself holds — the names
pass's candidate names, the recalled records and the passages — so a :class:`ScriptedLLM` with
it as the default reply builds a plausible, fully position-stamped state (records, aliases,
descriptions, links, a summary tree) of realistic size. It knows nothing a model would: its
records are names grouped by shared words, its descriptions and summaries are sentences copied
from the passage.
"""

from __future__ import annotations

import json
import re

from saadi_desktop.llm.base import Message
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.state.prompts import MAX_ALIASES, MAX_DESCRIPTION, MAX_ENTITIES

_PLACE_WORDS = {"street", "square", "bridge", "island", "prospect", "lane", "park", "place",
                "canal", "house", "hall", "church", "road", "town", "city", "petersburg",
                "london", "moscow", "river", "court", "market", "hotel", "inn"}  # fmt: skip
_NOT_NAMES = {"the", "his", "her", "my", "that", "sister", "brother", "uncle", "aunt"}
_RECORD = re.compile(r"^- id (\d+): (.+?) \((\w+)\)(?:; also called: ([^;]*))?", re.M)
_SENTENCE = re.compile(r"[^.!?]*[.!?]")
_EPITHET = re.compile(
    r"\b(?:the|his|her|my|that) (?:(?:old|young|poor|little|tall|drunken|former|dear|new) )?"
    r"(?:man|woman|girl|student|clerk|landlady|widow|sister|mother|friend|officer|fellow|lady|"
    r"gentleman|visitor|stranger)\b",
    re.I,
)
_PASSAGE = re.compile(r"\[passage (\d+)\]\n(.*?)\n(?=\n\[passage |\n?---|$)", re.S)


def names_model() -> ScriptedLLM:
    """A scripted model that answers every prompt with :func:`names_reply`."""
    return ScriptedLLM(model_id="demo-names", default=names_reply)


def names_reply(messages: list[Message]) -> str:
    """The JSON a model could give for this prompt, built from the prompt alone."""
    user = messages[-1]["content"]
    if "Task: write a new summary" in user:
        return json.dumps({"summary": _summary(user)})
    passage = _current_passage(user)
    names = _names(user)
    records = [
        (int(i), name, kind, [a.strip() for a in (also or "").split(",") if a.strip()])
        for i, name, kind, also in _RECORD.findall(user)
    ]
    entities: list[dict[str, object]] = []
    used: set[str] = set()
    for name in names:
        if name in used or len(entities) >= MAX_ENTITIES:
            continue
        words = _words(name, [])
        variants = [n for n in names if n != name and _same(words, _words(n, []))]
        used |= {name, *variants}
        record = next((r for r in records if _same(words, _words(r[1], r[3]))), None)
        full = record[1] if record else max([name, *variants], key=len)
        description = _sentence_with(passage, name)
        epithets = [e for e in _epithets(passage, name, names) if e not in used]
        used |= set(epithets)
        aliases = [v for v in [name, *variants, *epithets] if v != full]
        entities.append(
            {
                "id": record[0] if record else None,
                "name": full,
                "type": record[2] if record else _kind(full),
                "aliases": aliases[:MAX_ALIASES],
                "description": description,
            }
        )
    return json.dumps({"entities": entities})


def _words(name: str, aliases: list[str]) -> set[str]:
    """The words that identify a name (not 'the old woman')."""
    return {
        w
        for text in (name, *aliases)
        for w in text.split()
        if w[:1].isupper() and w.rstrip(".").casefold() not in _NOT_NAMES
    }


def _same(one: set[str], other: set[str]) -> bool:
    """Variants of one name: the words of one are among the other's ('Rodion' and 'Rodion
    Raskolnikov'), not merely a shared patronymic."""
    return bool(one and other) and (one <= other or other <= one)


def _names(user: str) -> list[str]:
    line = next((s for s in user.splitlines() if s.startswith("Names in it: ")), "")
    body = line.removeprefix("Names in it: ").rstrip(".")
    return [] if body == "none found" else [n.strip() for n in body.split(",") if n.strip()]


def _kind(name: str) -> str:
    return "place" if {w.casefold() for w in name.split()} & _PLACE_WORDS else "person"


def _current_passage(user: str) -> str:
    passages = _PASSAGE.findall(user.split("\n---\n", 1)[0] + "\n")
    return passages[-1][1] if passages else ""


def _sentence_with(text: str, name: str) -> str:
    for sentence in _SENTENCE.findall(text):
        if name in sentence:
            return _cut(" ".join(sentence.split()), MAX_DESCRIPTION)
    return ""


def _epithets(text: str, name: str, names: list[str]) -> list[str]:
    """'the young man' and the like: right after ``name`` ('Raskolnikov, the young man'), or
    in a sentence that names nobody else."""
    found: list[str] = []
    for sentence in _SENTENCE.findall(text):
        if name not in sentence:
            continue
        others = [n for n in names if n != name and n not in name and n in sentence]
        for match in _EPITHET.finditer(sentence):
            before = sentence[: match.start()].rstrip(" ,")
            if not others or before.endswith(name):
                found.append(match.group())
    return list(dict.fromkeys(found))


def _summary(user: str) -> str:
    """Fold prompts: the first sentence of each passage or summary in the range, joined."""
    task = user.rsplit("Task: write a new summary of ", 1)[1]
    first, last = (int(n) for n in re.findall(r"(\d+)[–-](\d+)", task)[0])
    if task.startswith("the summaries"):
        found = re.findall(r"^\[passages (\d+)–(\d+)\] (.*)$", user, re.M)
        texts = [t for a, b, t in found if first <= int(a) and int(b) <= last]
    else:
        texts = [t for n, t in _PASSAGE.findall(user + "\n") if first <= int(n) <= last]
    sentences = [_first_sentence(t) for t in texts]
    return _cut(" ".join(s for s in sentences if s) or "Nothing happens.", 600)


def _first_sentence(text: str) -> str:
    for sentence in _SENTENCE.findall(text):
        words = sentence.split()
        if len(words) >= 5:
            return " ".join(words)
    return ""


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: text.rfind(" ", 0, limit - 1)] + "…"
