"""Highlight spans inside a chunk: the query's words, and the aliases that matched via memory."""

from __future__ import annotations

import re
from collections.abc import Sequence

# Words too common to be worth marking in a passage.
STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "did", "do", "does", "for", "from",
    "had", "has", "have", "he", "her", "him", "his", "how", "i", "in", "is", "it", "its", "me",
    "my", "not", "of", "on", "or", "she", "so", "than", "that", "the", "their", "them", "then",
    "there", "they", "this", "to", "was", "we", "were", "what", "when", "where", "which", "who",
    "whom", "why", "will", "with", "would", "you", "your",
})  # fmt: skip


def term_spans(text: str, query: str) -> list[tuple[int, int]]:
    """Where the query's (non-stop) words occur in ``text``, as whole words, any case."""
    words = {w for w in re.findall(r"\w+", query.casefold()) if w not in STOPWORDS}
    if not words:
        return []
    pattern = re.compile(
        r"(?<!\w)("
        + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        + r")(?!\w)",
        re.IGNORECASE,
    )
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def alias_spans(text: str, forms: Sequence[str]) -> list[tuple[int, int]]:
    """Where an entity's name or aliases occur in ``text`` (whitespace- and case-insensitive)."""
    spans: list[tuple[int, int]] = []
    for form in sorted(set(forms), key=len, reverse=True):
        parts = [re.escape(p) for p in form.replace("’", "'").split()]
        if not parts:
            continue
        body = r"\s+".join(parts).replace("'", "['’]")
        for match in re.finditer(rf"(?<!\w){body}(?!\w)", text, re.IGNORECASE):
            if not any(s <= match.start() < e for s, e in spans):
                spans.append((match.start(), match.end()))
    return sorted(spans)
