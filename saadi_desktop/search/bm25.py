"""BM25 (Okapi) over an inverted index, built once, that scores any prefix of its documents.

Scores equal rank-bm25's ``BM25Okapi(docs[:m]).get_scores(query)`` (a differential test checks
1e-9 on the shared books), but nothing is rebuilt per query: the postings of a term are sorted by
document, so the document frequency within the first m documents is one binary search, and the
average length of the first m documents is a prefix sum. That is what makes the spoiler limit free:
statistics come from the candidates before the limit only, so text after it cannot move a score.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

K1 = 1.5
B = 0.75
EPSILON = 0.25
_WORD = re.compile(r"\w+")

Floats = npt.NDArray[np.float64]


def tokens(text: str) -> list[str]:
    """The one tokenizer of every BM25 channel: lowercased words, curly apostrophes folded."""
    return _WORD.findall(text.casefold().replace("’", "'"))


class PrefixBM25:
    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        self.n = len(documents)
        lengths = np.array([len(d) for d in documents], dtype=np.float64)
        self._length = lengths
        self._length_sum = np.concatenate([[0.0], np.cumsum(lengths)])
        docs: dict[str, list[int]] = {}
        freqs: dict[str, list[int]] = {}
        for index, document in enumerate(documents):
            for term, count in Counter(document).items():
                docs.setdefault(term, []).append(index)
                freqs.setdefault(term, []).append(count)
        self._docs = {t: np.array(d, dtype=np.int64) for t, d in docs.items()}
        self._freqs = {t: np.array(f, dtype=np.float64) for t, f in freqs.items()}
        # idf floors need the sum over all terms present in the prefix: cache per prefix size
        self._idf_cache: dict[int, tuple[dict[str, float], float]] = {}

    def scores(self, query: Sequence[str], limit: int | None = None) -> Floats:
        """BM25 of every document in the first ``limit`` (default: all) for ``query``."""
        m = self.n if limit is None else max(0, min(limit, self.n))
        result = np.zeros(m, dtype=np.float64)
        if m == 0:
            return result
        idf, floor = self._idf(m)
        average = self._length_sum[m] / m
        norm = K1 * (1 - B + B * self._length[:m] / average)
        for term in query:
            postings = self._docs.get(term)
            if postings is None:
                continue
            cut = int(np.searchsorted(postings, m))
            if cut == 0:
                continue
            where, tf = postings[:cut], self._freqs[term][:cut]
            weight = idf.get(term, floor)
            result[where] += weight * tf * (K1 + 1) / (tf + norm[where])
        return result

    def _idf(self, m: int) -> tuple[dict[str, float], float]:
        """rank-bm25's idf over the first m documents: negative idfs are replaced by
        EPSILON times the average idf of the prefix vocabulary."""
        cached = self._idf_cache.get(m)
        if cached is not None:
            return cached
        idf: dict[str, float] = {}
        negative: list[str] = []
        total = 0.0
        for term, postings in self._docs.items():
            df = int(np.searchsorted(postings, m))
            if df == 0:
                continue
            value = math.log(m - df + 0.5) - math.log(df + 0.5)
            idf[term] = value
            total += value
            if value < 0:
                negative.append(term)
        floor = EPSILON * (total / len(idf)) if idf else 0.0
        for term in negative:
            idf[term] = floor
        if len(self._idf_cache) > 64:
            self._idf_cache.clear()
        self._idf_cache[m] = (idf, floor)
        return idf, floor
