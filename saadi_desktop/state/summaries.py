"""Summaries that stay with the text: a fold may not name anyone the passages do not.

A small model asked to summarise a famous novel's passages sometimes writes what it remembers of
the plot, or names a character from elsewhere in the book. A name in a summary must therefore
occur in the passages (or the summaries) it covers; otherwise the answer is malformed — retried
once, then replaced by the extractive stand-in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from saadi_desktop.state.identity import fold
from saadi_desktop.state.names import HONORIFICS

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_CAPITALISED = re.compile(r"\b[A-Z][\w’'-]*")


def unsupported_names(summary: str, covered: Sequence[str], names: Iterable[str] = ()) -> list[str]:
    """The capitalised words of ``summary`` that occur nowhere in ``covered``: every one inside
    a sentence (there a capital marks a name), and at a sentence's start those that are one of
    the book's ``names`` (a sentence's first word is capitalised anyway)."""
    known = set(names)
    haystack = fold(" ".join(covered))
    absent: list[str] = []
    for sentence in _SENTENCE.findall(summary.replace("Mr.", "Mr").replace("Mrs.", "Mrs")):
        for index, match in enumerate(_CAPITALISED.finditer(sentence.strip())):
            word = re.sub(r"[’']s?$", "", match.group())
            if not word or word == "I" or word in HONORIFICS or f"{word}." in HONORIFICS:
                continue
            if index == 0 and match.start() == 0 and word not in known:
                continue
            found = re.search(rf"(?<!\w){re.escape(fold(word))}(?!\w)", haystack)
            if not found and word not in absent:
                absent.append(word)
    return absent
