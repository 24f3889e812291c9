"""Sentence-aware chunking (SAADI): whole sentences packed greedily up to a word budget.

No overlap, never across a section boundary, and never a rewritten character: every chunk is a
pair of offsets with ``chunk.text == text[start:end]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

DEFAULT_CHUNK_WORDS = 500

# A sentence ends at . ! ? ; : with any closing quotes or brackets after it, before whitespace;
# a paragraph break ends one too. The full stop of a title ('Mrs. Hurst', 'Dr. Zossimov') or an
# initial ('M. de Griers', 'J. Smith') ends none: a passage must not begin with a bare surname.
TITLES = ("[Mm]r", "[Mm]rs", "[Mm]s", "[Dd]r", "St", "Mme", "Mlle")  # patterns, as written
ABBREVIATION = "".join(rf"(?<!\b{title})" for title in (*TITLES, "[A-HJ-Z]"))  # before a '.'
_SENTENCE_END = re.compile(rf"(?:{ABBREVIATION}\.|[!?;:…])[\"'”’»)\]]*(?=\s)|\n\s*\n")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Chunk:
    """A run of whole sentences: the ``seq``-th chunk of the book, [start, end) in its text."""

    seq: int
    start: int
    end: int
    words: int


def _spans(text: str, start: int, end: int, pattern: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Split text[start:end] after every match of ``pattern``; spans trimmed of whitespace."""
    cursor = start
    for match in pattern.finditer(text, start, end):
        yield from _trimmed(text, cursor, match.end())
        cursor = match.end()
    yield from _trimmed(text, cursor, end)


def _trimmed(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        left = start + (len(piece) - len(piece.lstrip()))
        yield left, left + len(stripped)


def _word_windows(text: str, start: int, end: int, budget: int) -> Iterator[tuple[int, int]]:
    """An over-long sentence is cut every ``budget`` words, at whitespace."""
    words = list(_WORD.finditer(text, start, end))
    for i in range(0, len(words), budget):
        window = words[i : i + budget]
        yield window[0].start(), window[-1].end()


def sentences(text: str, start: int, end: int, budget: int) -> Iterator[tuple[int, int, int]]:
    """(start, end, words) of each sentence in text[start:end], none longer than ``budget``."""
    for s_start, s_end in _spans(text, start, end, _SENTENCE_END):
        count = len(_WORD.findall(text, s_start, s_end))
        if count <= budget:
            yield s_start, s_end, count
            continue
        for w_start, w_end in _word_windows(text, s_start, s_end, budget):
            yield w_start, w_end, len(_WORD.findall(text, w_start, w_end))


def chunk_text(
    text: str, boundaries: Sequence[int] = (), budget: int = DEFAULT_CHUNK_WORDS
) -> list[Chunk]:
    """Chunk ``text`` into runs of whole sentences of at most ``budget`` words.

    ``boundaries`` are offsets no chunk may cross (section starts and ends).
    """
    if budget < 1:
        raise ValueError("the chunk budget must be at least one word")
    cuts = sorted({0, len(text), *(b for b in boundaries if 0 < b < len(text))})
    chunks: list[Chunk] = []
    for seg_start, seg_end in pairwise(cuts):
        current: list[tuple[int, int, int]] = []
        words = 0
        for sentence in sentences(text, seg_start, seg_end, budget):
            if current and words + sentence[2] > budget:
                chunks.append(_chunk(len(chunks), current))
                current, words = [], 0
            current.append(sentence)
            words += sentence[2]
        if current:
            chunks.append(_chunk(len(chunks), current))
    return chunks


def _chunk(seq: int, sentences: list[tuple[int, int, int]]) -> Chunk:
    return Chunk(seq, sentences[0][0], sentences[-1][1], sum(s[2] for s in sentences))
