"""The two SCT retrieval routes over the residual tree, for the evaluation: flat residual
retrieval and progressive descent (Farooq 2026). No model call.

Nodes are scored by the base retriever on their residual text (BM25 with the search tokenizer,
statistics over all the tree's nodes; or dense, the query against each residual's embedding).
Both routes return passages, so that they are measured like every other method:

- **flat** (:func:`sct_flat`): every node but the root is scored; nodes are taken best first; a
  leaf gives its passage; a section gives the passages its kept sentences were drawn from (the
  residual is verbatim text, so it lives in those passages), best-scoring leaf first.
- **descent** (:func:`sct_descent`): from the root, score the union of the children of the beam;
  the ``beam`` best sections (scoring above 0, and at or above the floor τ) form the next beam;
  at most ``depth`` levels. The ranking is every passage reached on the way, by the score of the
  beam node that reached it, then by its own: a passage's residual leaves out what its section
  already says, so the section's score speaks for it. A passage under a section the beam left is
  never scored: that is what descent saves, and what it risks.

In the flat route a node that shares no term with the query (score 0) is never ranked.
``until`` cuts the book after the passage holding the position: the tree of that prefix is
recomputed (about a second for a novel, cached per cut), so no later text moves a result.
"""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from saadi_desktop.residuals import tree_as_of
from saadi_desktop.search.bm25 import Floats, PrefixBM25, tokens
from saadi_desktop.search.embed import Vectors
from saadi_desktop.search.engine import Searcher
from saadi_desktop.store.tree import ResidualRow

DEFAULT_BEAM = 3
DEFAULT_DEPTH = 5


@dataclass(frozen=True)
class SCTRanking:
    """Passages best first (chunk seqs and their canonical spans) and the nodes scored."""

    seqs: list[int]
    spans: list[tuple[int, int]]
    nodes_scored: int


class SCTIndex:
    """One (possibly cut) residual tree with its node scorer."""

    def __init__(self, searcher: Searcher, rows: Sequence[ResidualRow]) -> None:
        self.searcher = searcher
        self.rows = list(rows)
        self.position = {r.id: i for i, r in enumerate(self.rows)}
        self.children: dict[int, list[int]] = {r.id: [] for r in self.rows}
        for r in self.rows:
            if r.parent_id is not None:
                self.children[r.parent_id].append(r.id)
        self.bm25 = PrefixBM25([tokens(r.text) for r in self.rows])
        self._vectors: Vectors | None = None  # residual embeddings, made on first dense use
        chunks = searcher.corpus.chunks
        self.chunk_starts = [c.start for c in chunks]
        self.span_of = {c.seq: (c.start, c.end) for c in chunks}

    def scores(self, query: str, retriever: str) -> Floats:
        """The score of every node of the tree (in ``rows`` order)."""
        if retriever == "bm25":
            return self.bm25.scores(tokens(query))
        dense = self.searcher.dense
        if retriever != "dense" or dense is None:
            raise ValueError("SCT routes score with bm25, or dense with an embedder")
        if self._vectors is None:
            self._vectors = dense.embedder.embed([r.text for r in self.rows])
        return (self._vectors @ dense.query_vector(query)).astype(np.float64)

    def passages_of(self, row: ResidualRow) -> list[int]:
        """The chunk seqs a node's kept sentences come from, in reading order."""
        if row.chunk_seq is not None:
            return [row.chunk_seq]
        chunks = self.searcher.corpus.chunks
        found: list[int] = []
        for start, _end in row.spans:
            seq = chunks[bisect.bisect_right(self.chunk_starts, start) - 1].seq
            if seq not in found:
                found.append(seq)
        return found

    def ranking(self, seqs: list[int], nodes_scored: int) -> SCTRanking:
        return SCTRanking(seqs, [self.span_of[s] for s in seqs], nodes_scored)


_INDEXES: weakref.WeakKeyDictionary[Searcher, dict[int | None, SCTIndex]] = (
    weakref.WeakKeyDictionary()
)


def sct_index(searcher: Searcher, until: int | None = None) -> SCTIndex:
    """The residual tree of ``searcher``'s book (cut after the passage holding ``until``)."""
    corpus = searcher.corpus
    cut: int | None = None
    if until is not None:
        m, _limit = searcher.limits(until)
        cut = corpus.chunks[m - 1].seq if m else -1
    cache = _INDEXES.setdefault(searcher, {})
    if cut not in cache:
        rows = corpus.tree if cut is None else tree_as_of(corpus.tree, corpus.text,
                                                           corpus.chunks, cut)  # fmt: skip
        if len(cache) > 8:
            cache.clear()
        cache[cut] = SCTIndex(searcher, rows)
    return cache[cut]


def _index(source: Searcher | SCTIndex, until: int | None) -> SCTIndex:
    if isinstance(source, SCTIndex):
        return source
    return sct_index(source, until)


def sct_flat(
    searcher_or_tree: Searcher | SCTIndex,
    query: str,
    k: int = 10,
    *,
    until: int | None = None,
    retriever: str = "bm25",
) -> SCTRanking:
    """Flat residual retrieval: every node but the root scored, passages best first."""
    index = _index(searcher_or_tree, until)
    scores = index.scores(query, retriever)
    nodes = [i for i, r in enumerate(index.rows) if r.parent_id is not None and scores[i] > 0]
    leaf_score = {
        r.chunk_seq: scores[i] for i, r in enumerate(index.rows) if r.chunk_seq is not None
    }
    seqs: list[int] = []
    for i in sorted(nodes, key=lambda i: (-scores[i], i)):
        passages = index.passages_of(index.rows[i])
        for seq in sorted(passages, key=lambda s: (-leaf_score.get(s, 0.0), s)):
            if seq not in seqs:
                seqs.append(seq)
        if len(seqs) >= k:
            break
    return index.ranking(seqs[:k], max(len(index.rows) - 1, 0))


def sct_descent(
    searcher_or_tree: Searcher | SCTIndex,
    query: str,
    k: int = 10,
    *,
    until: int | None = None,
    retriever: str = "bm25",
    beam: int = DEFAULT_BEAM,
    depth: int = DEFAULT_DEPTH,
    floor: float | None = None,
) -> SCTRanking:
    """Progressive descent from the root: at each level score the union of the children of the
    beam, keep the ``beam`` best sections scoring above 0 and at or above ``floor``; at most
    ``depth`` levels. Returns the passages reached, best first, and the nodes scored."""
    index = _index(searcher_or_tree, until)
    if not index.rows:
        return index.ranking([], 0)
    # Computing every node's BM25 at once is only a shortcut: a node's score does not depend on
    # which others are scored, and only the frontier's scores are looked at and counted.
    scores = index.scores(query, retriever)

    def score(node: int) -> float:
        return float(scores[index.position[node]])

    # the frontier: (node, score of the beam node it was reached from; a root child: its own)
    frontier = [(n, score(n)) for n in index.children[index.rows[0].id]]
    scored = 0
    reached: list[tuple[float, float, int, int]] = []  # sort key, then the chunk seq
    for _level in range(depth):
        if not frontier:
            break
        scored += len(frontier)
        for node, via in frontier:
            seq = index.rows[index.position[node]].chunk_seq
            if seq is not None:
                reached.append((-via, -score(node), node, seq))
        alive = [n for n, _via in frontier if index.children[n] and score(n) > 0
                 and (floor is None or score(n) >= floor)]  # fmt: skip
        alive.sort(key=lambda n: (-score(n), n))
        frontier = [(child, score(n)) for n in alive[:beam] for child in index.children[n]]
    return index.ranking([seq for *_key, seq in sorted(reached)][:k], scored)
