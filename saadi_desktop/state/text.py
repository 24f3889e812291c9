"""Sentences, content words and where a name occurs, as the rules over the book's text read
them."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from saadi_desktop.chunking import TITLES

_TITLES = "|".join((*TITLES, "messrs"))
SENTENCE = re.compile(  # 'Mr.' and its kind end no sentence
    rf"(?:\b(?:{_TITLES})\.|[^.!?])+[.!?]*[\"'’”]*", re.IGNORECASE
)
STOP = {
    "that", "this", "with", "from", "have", "were", "what", "when", "where", "which", "while",
    "whom", "whose", "them", "then", "there", "their", "they", "been", "being", "into", "about",
    "after", "before", "over", "under", "very", "much", "more", "most", "some", "such", "also",
    "only", "just", "like", "than", "other", "another", "does", "done", "make", "made", "says",
    "said", "tells", "told",
}  # fmt: skip
_WORD = re.compile(r"\w+")


def any_of(names: Iterable[str]) -> str:
    """A pattern matching any of ``names`` as written, the longest first ('Mr. Darcy' before
    'Darcy')."""
    return "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def content_words(text: str) -> list[str]:
    """The words that carry content: longer than three letters and not function words."""
    return [w for w in words(text) if len(w) > 3 and w not in STOP]


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, whitespace collapsed ('Mr. Darcy' ends none)."""
    found = (" ".join(s.split()) for s in SENTENCE.findall(text))
    return [s for s in found if s]


def foreign_letters(text: str, *sources: str) -> str:
    """The letters of ``text`` in a script that none of ``sources`` uses, in order ('教育' of
    'refined by教育' on an English passage: a small model's stray tokens); '' when none."""
    strange = {ch for ch in text if ch.isalpha() and not ch.isascii()}
    if not strange:
        return ""
    scripts = {_script(ch) for source in sources for ch in set(source) if ch.isalpha()}
    return "".join(dict.fromkeys(ch for ch in text if ch in strange and _script(ch) not in scripts))


def _script(letter: str) -> str:
    """'LATIN', 'CYRILLIC', 'GREEK', 'CJK'…: the first word of the letter's Unicode name."""
    return unicodedata.name(letter, "?").split(" ", 1)[0]


def occurrences(folded: str, folded_chunk: str) -> int:
    return len(re.findall(rf"(?<!\w){re.escape(folded)}(?!\w)", folded_chunk))


def occurs(folded: str, folded_chunk: str) -> bool:
    if not folded:
        return False
    return re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", folded_chunk) is not None


_NAME_BEFORE = re.compile(r"[A-Z][\w’'-]*\.?\s$")


def occurs_as_name(folded: str, text: str) -> bool:
    """Whether the name occurs in ``text`` as a whole name: 'Bennet' in 'Mr. Bennet' or in
    'Jane Bennet' is part of another name, not this one."""
    pattern = "".join(
        r"\s+" if ch == " " else "['’]" if ch == "'" else re.escape(ch) for ch in folded
    )
    for match in re.finditer(rf"(?<!\w){pattern}(?!\w)", text, re.IGNORECASE):
        before = text[max(0, match.start() - 30) : match.start()]
        after = text[match.end() : match.end() + 2]
        if not _NAME_BEFORE.search(before) and not re.match(r" [A-Z]", after):
            return True
    return False
