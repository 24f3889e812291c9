"""Key sentences: the book's own words at every node of the summary tree, chosen without a model.

A passage keeps its one most central sentence; a level-1 node two, a higher node three, chosen
among its children's key sentences. Central means nearest the centroid of the node's sentences,
each sentence a tf-idf vector of its content words with the node's sentences as the documents —
so a node's choice reads only the text of its own span and can reveal nothing later. The spans
are offsets into the canonical text: a click on a key sentence goes there.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from saadi_desktop.state.text import SENTENCE, content_words

Span = tuple[int, int]  # [start, end) in the canonical text

MIN_WORDS = 6  # shorter sentences ('“Yes.”', 'Chapter V.') say too little to stand for a passage
_ENDED = re.compile(r"[.!?…;:][\"'’”)]*$")  # a paragraph that ends otherwise is a heading
MAX_WORDS = 45  # a longer one is a paragraph of dialogue run together, not a sentence to quote
KEYS_AT_LEVEL = (1, 2, 3)  # key sentences of a passage, a level-1 node, a node above


def keys_for(level: int) -> int:
    return KEYS_AT_LEVEL[min(level, len(KEYS_AT_LEVEL) - 1)]


def sentence_spans(text: str, start: int = 0) -> list[Span]:
    """The spans of the sentences of ``text`` (which begins at ``start`` in the book) that can
    be quoted alone: long enough, paragraph by paragraph so that a heading never opens one and
    is none itself (it ends with no stop), and opening with a capital — '“Which do you mean?”
    and turning round, he looked…' splits at the '?', and its second half is no sentence."""
    found: list[Span] = []
    for paragraph in re.finditer(r"[^\n]+(?:\n(?!\n)[^\n]*)*", text):
        for match in SENTENCE.finditer(paragraph.group()):
            sentence = match.group()
            lead = len(sentence) - len(sentence.lstrip(" \t\n”’\"'"))  # a quote closed before
            trail = len(sentence) - len(sentence.rstrip())
            words = len(sentence.split())
            opening = sentence[lead:].lstrip("“‘\"'(")
            if (
                MIN_WORDS <= words <= MAX_WORDS
                and _ENDED.search(sentence.rstrip())
                and opening[:1].isupper()  # not the rest of one cut at a '?' inside a quote
            ):
                begin = start + paragraph.start() + match.start()
                found.append((begin + lead, begin + len(sentence) - trail))
    return found


def central(candidates: Sequence[Span], context: Sequence[Span], text: str, k: int) -> list[Span]:
    """The ``k`` of ``candidates`` nearest the centroid of ``context`` (spans of ``text``), in
    reading order; ties go to the earlier sentence. Narration first: a sentence of dialogue is
    what someone says, the narrator's is what happens, so one of dialogue is chosen only when
    no sentence of narration is left."""
    if not candidates:
        return []
    spans = {*context, *candidates}
    bags = {span: Counter(content_words(text[span[0] : span[1]])) for span in spans}
    documents: Counter[str] = Counter()
    for span in context:
        documents.update(set(bags[span]))
    n = max(len(context), 1)

    def vector(span: Span) -> dict[str, float]:
        return {w: c * math.log(1 + n / (documents[w] or 1)) for w, c in bags[span].items()}

    centroid: Counter[str] = Counter()
    for span in context:
        centroid.update(vector(span))

    def closeness(span: Span) -> float:
        v = vector(span)
        norm = math.sqrt(sum(x * x for x in v.values()))
        return sum(x * centroid[w] for w, x in v.items()) / norm if norm else 0.0

    ranked = sorted(
        dict.fromkeys(candidates), key=lambda s: (spoken(text[s[0] : s[1]]), -closeness(s), s)
    )
    return sorted(ranked[:k])


def spoken(sentence: str) -> bool:
    """Whether a sentence is (or holds) dialogue: it has a double quotation mark."""
    return any(mark in sentence for mark in '“”"')


def passage_keys(text: str, span: Span) -> list[Span]:
    """A passage's key sentence (its span ``span`` of ``text``, the canonical text)."""
    sentences = sentence_spans(text[span[0] : span[1]], span[0])
    return central(sentences, sentences, text, keys_for(0))


def node_keys(text: str, span: Span, level: int, children: Sequence[Sequence[Span]]) -> list[Span]:
    """A folded node's key sentences: of its children's, those nearest the centroid of all the
    sentences of its span."""
    pool = [key for keys in children for key in keys]
    return central(pool, sentence_spans(text[span[0] : span[1]], span[0]), text, keys_for(level))


def stand_in(text: str, span: Span, keys: Sequence[Span]) -> str:
    """The book's words standing in for a passage's refused headline: its key sentence, or,
    for a passage with none to quote (a title page), its opening words."""
    if keys:
        return quote(text, keys[0])
    return " ".join(text[span[0] : span[1]].split()[:30])


def quote(text: str, span: Span) -> str:
    """A key sentence as one line."""
    return " ".join(text[span[0] : span[1]].split())
