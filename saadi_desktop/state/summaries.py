"""Summaries that stay with the text: a fold may not name anyone the passages do not, and a fold
the model cannot make is stood in for by the passages' most central sentences.

A small model asked to summarise a famous novel's passages sometimes writes what it remembers of
the plot, or names a character from elsewhere in the book. A name in a summary must therefore
occur in the passages (or the summaries) it covers; otherwise the answer is malformed — retried
once, then replaced by the extractive stand-in.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from saadi_desktop.state.identity import fold
from saadi_desktop.state.names import HONORIFICS
from saadi_desktop.state.text import content_words, sentences

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_CAPITALISED = re.compile(r"\b[A-Z][\w’'-]*")


def unsupported_names(
    summary: str,
    covered: Sequence[str],
    names: Iterable[str] = (),
    present: Iterable[str] = (),
    common: Collection[str] | None = None,
) -> list[str]:
    """The capitalised words of ``summary`` that occur nowhere in ``covered``: every one inside
    a sentence (there a capital marks a name), and at a sentence's start those that are one of
    the book's ``names`` (a sentence's first word is capitalised anyway), or, given the words
    the book writes in lower case (``common``), every one that is none of them. A name the summary
    spells out in full stands when it is one of the ``present`` names, the names known so far
    of someone the passages mention ('Fitzwilliam Darcy' where they say 'Darcy'), or when a
    word the book never uses as a name completes a name of the passages ('Netherfield Park').
    Two of the book's names side by side are one name, which must itself occur in the passages
    or have its words in one name known so far ('Rodion Raskolnikov' of 'Rodion Romanovitch
    Raskolnikov'): not 'Elizabeth Darcy' nor 'Jane Bingley', which a small model that knows the
    novel writes long before the weddings, and a reader must not learn so."""
    known = set(names)
    present = sorted(present, key=len, reverse=True)
    for name in present:  # a name known so far, spelled out, stands: it is no one's words now
        if " " in name:  # unless it runs on into another ('Sir Walter Shepherd')
            summary = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)(?! [A-Z])", "·", summary)
    haystack = fold(" ".join(covered))
    known_names = [set(fold(name).split()) for name in present]
    absent: list[str] = []
    for sentence in _SENTENCE.findall(summary.replace("Mr.", "Mr").replace("Mrs.", "Mrs")):
        text = sentence.strip()
        name_end = -1  # where the last name found in the passages ends
        run = ""  # that name, with the book's names right before it
        for index, match in enumerate(_CAPITALISED.finditer(text)):
            word = re.sub(r"[’']s?$", "", match.group())
            if not word or word == "I" or word in HONORIFICS or f"{word}." in HONORIFICS:
                continue
            opening = index == 0 and match.start() == 0 and word not in known
            if opening and (common is None or word.casefold() in common):
                continue  # a sentence's first word, capitalised anyway
            beside = name_end >= 0 and text[name_end : match.start()] == " "
            if _written_in(word, haystack):
                run = f"{run} {word}" if beside and run and word in known else word
                if (
                    " " in run
                    and run not in absent
                    and not _written_in(run, haystack)
                    and not any(set(fold(run).split()) <= name for name in known_names)
                ):
                    absent.append(run)  # 'Elizabeth Darcy'; not 'Rodion Raskolnikov'
                name_end = match.end()
                run = run if word in known else ""
            elif beside and word not in known:
                name_end = match.end()  # a word the book never uses as a name: 'Netherfield Park'
                run = ""
            elif word not in absent:
                absent.append(word)
    return absent


def _written_in(name: str, folded_text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(fold(name))}(?!\w)", folded_text) is not None


MIN_WORDS = 6  # shorter sentences ('“Yes.”', 'Chapter V.') say too little to stand for a passage


def extract(texts: Sequence[str], limit: int) -> str:
    """The extractive stand-in for a fold the model could not make: the sentences of ``texts``
    nearest their centroid — each sentence a tf-idf vector of its content words, with the
    sentences themselves as the documents — as many as fit in ``limit`` characters, in reading
    order. Drawn from the covered text alone, so it can reveal nothing later."""
    found = [s for t in texts for s in sentences(t) if len(s.split()) >= MIN_WORDS]
    if not found:
        return " ".join(" ".join(texts).split())[:limit]
    bags = [Counter(content_words(s)) for s in found]
    documents = Counter(w for bag in bags for w in bag)
    vectors = [
        {w: n * math.log(1 + len(bags) / documents[w]) for w, n in bag.items()} for bag in bags
    ]
    centroid: Counter[str] = Counter()
    for vector in vectors:
        centroid.update(vector)

    def closeness(i: int) -> float:
        vector = vectors[i]
        norm = math.sqrt(sum(x * x for x in vector.values()))
        return sum(x * centroid[w] for w, x in vector.items()) / norm if norm else 0.0

    chosen: list[int] = []
    size = 0
    for i in sorted(range(len(found)), key=lambda i: (-closeness(i), i)):
        if size + len(found[i]) + 1 <= limit:
            chosen.append(i)
            size += len(found[i]) + 1
    return " ".join(found[i] for i in sorted(chosen)) or found[0][:limit]


def is_stand_in(summary: str, covered: Sequence[str], limit: int) -> bool:
    """Whether a stored summary is a failed fold's stand-in — this version's, or the first
    sentence of each passage that stood in before (books indexed then keep theirs) — so that a
    reader is told it is sentences from the book, not a summary."""
    return _is_stand_in(summary, tuple(covered), limit)


@lru_cache(maxsize=4096)  # the outline asks again each time the reader moves on
def _is_stand_in(summary: str, covered: tuple[str, ...], limit: int) -> bool:
    opening = re.split(r"[.!?]", summary, maxsplit=1)[0][:40]  # a stand-in opens with the book
    if not any(opening in t or opening in " ".join(t.split()) for t in covered):
        return False
    return summary in (extract(covered, limit), first_sentences(covered, limit))


def first_sentences(texts: Sequence[str], limit: int) -> str:
    """The stand-in before 2026-12: each passage's text up to its first '. '."""
    return " ".join(t.split(". ")[0].strip() + "." for t in texts)[:limit]
