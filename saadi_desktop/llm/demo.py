"""A stand-in model that reads a whole book in seconds: for screenshots and GUI benchmarks.

:func:`names_reply` answers the builder's prompts from what the prompt itself holds — the names
pass's candidate names, the recalled records and the passages — so a :class:`ScriptedLLM` with
it as the default reply builds a plausible, fully position-stamped state (records, aliases,
descriptions, links, a summary tree) of realistic size. It knows nothing a model would: its
records are names grouped by shared words, its descriptions and headlines are words copied
from the passage.
"""

from __future__ import annotations

import re

from saadi_desktop.llm.base import Message
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.state.answer import (
    HEADLINE,
    HEADLINE_WORDS,
    MAX_ENTITIES,
    MAX_NOTE,
    Line,
    render,
)
from saadi_desktop.state.headlines import MAX_FOLD_SAID

_PLACE_WORDS = {"street", "square", "bridge", "island", "prospect", "lane", "park", "place",
                "canal", "house", "hall", "church", "road", "town", "city", "petersburg",
                "london", "moscow", "river", "court", "market", "hotel", "inn"}  # fmt: skip
_NOT_NAMES = {"the", "his", "her", "my", "that", "sister", "brother", "uncle", "aunt"}
_ROSTER = re.compile(r"^(\d+) ([^(\n]+?)(?: \(([^)]*)\))?$", re.M)
_SENTENCE = re.compile(r"[^.!?]*[.!?]")
_EPITHET = re.compile(
    r"(?:the|his|her|my|that) (?:(?:old|young|poor|little|tall|drunken|former|dear|new) )?"
    r"(?:man|woman|girl|student|clerk|landlady|widow|sister|mother|friend|officer|fellow|lady|"
    r"gentleman|visitor|stranger)\b",
    re.I,
)
_PASSAGE = re.compile(r"\[passage (\d+)\]\n(.*?)\n(?=\n\[passage |\n?---|$)", re.S)


def names_model() -> ScriptedLLM:
    """A scripted model that answers every prompt with :func:`names_reply`."""
    return ScriptedLLM(model_id="demo-names", default=names_reply)


def names_reply(messages: list[Message]) -> str:
    """The answer a model could give for this prompt, built from the prompt alone: each listed
    name the passage uses (or the last word of it), with the epithet that follows it and a
    sentence that mentions it."""
    user = messages[-1]["content"]
    if "Task: one headline for passages" in user:
        return fold_reply(user)
    passage = _current_passage(user)
    lines: list[Line] = []
    used: set[str] = set()
    for number, name, about in _ROSTER.findall(user.rsplit("\n---\n", 1)[-1]):
        aliases = [a.strip() for a in about.split(";") if a.strip()]
        surnames = [n.split()[-1] for n in (name, *aliases) if len(_words(n)) > 1]
        named = [n for n in (name, *aliases, *surnames) if _words(n) and n in passage]
        if not named or len(lines) >= MAX_ENTITIES:
            continue
        epithets = [e for n in named for e in _epithets(passage, n) if e not in used]
        used |= set(epithets)
        lines.append(
            Line(
                int(number), "", _kind(name), tuple(epithets[:1]), _sentence_with(passage, named[0])
            )
        )
    return render(lines, _cut_words(_first_sentence(passage), HEADLINE_WORDS) or "A passage")


def _words(name: str) -> list[str]:
    """The words that identify a name (not 'the old woman')."""
    return [w for w in name.split() if w[:1].isupper() and w.casefold() not in _NOT_NAMES]


def _kind(name: str) -> str:
    return "place" if {w.casefold() for w in name.split()} & _PLACE_WORDS else "person"


def _current_passage(user: str) -> str:
    passages = _PASSAGE.findall(user.split("\n---\n", 1)[0] + "\n")
    return passages[-1][1] if passages else ""


def _sentences(text: str) -> list[str]:
    """The sentences of each paragraph (a heading stays out of its first sentence)."""
    return [
        " ".join(found.lstrip('”’" ').split())
        for paragraph in text.split("\n\n")
        for found in _SENTENCE.findall(paragraph)
    ]


def _sentence_with(text: str, name: str) -> str:
    """A sentence that mentions the name, said of its bearer: 'Alyona Ivanovna opened the
    door.' → 'Alyona Ivanovna, who opened the door.' (a note is who someone is, not what
    happened)."""
    for sentence in _sentences(text):
        if sentence.startswith(f"{name} "):
            sentence = f"{name}, who {sentence[len(name) + 1 :]}"
        if name in sentence:
            return _cut(sentence, MAX_NOTE)
    return ""


def _epithets(text: str, name: str) -> list[str]:
    """'the young man' and the like, right after the name: 'Raskolnikov, the young man'."""
    pattern = re.compile(re.escape(name) + r",? (" + _EPITHET.pattern + ")", re.I)
    return list(dict.fromkeys(m.group(1) for m in pattern.finditer(text)))


def fold_reply(user: str) -> str:
    """A fold prompt's answer: the opening words of each child's headline, run together —
    each clause one child's, and no copy of any (the rules' terms)."""
    found = re.findall(r"^\[passages? [\d–]+\] (.*)$", user, re.M)
    parts = [_cut_words(h, 4) for h in found if not h.startswith("(no headline)")]
    return f"{HEADLINE}{_cut_words(', then '.join(parts) or 'Nothing happens', MAX_FOLD_SAID)}\n"


def _cut_words(text: str, n: int) -> str:
    return " ".join(text.split()[:n])


def _first_sentence(text: str) -> str:
    return next((s for s in _sentences(text) if len(s.split()) >= 5), "")


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: text.rfind(" ", 0, limit - 1)] + "…"
