"""Query time: score every candidate chunk on three channels — its text, the memory records
linked to it, the summary covering it — z-score each, fuse with weights (1, 0.5, 0.3). No model
call; indexes are built once per book and kept warm.

The spoiler limit ``until`` (a position) cuts everything: candidates are the chunks starting at
or before it, and the memory and summary channels see only what was learned at or before the chunk
holding it. Statistics are prefix statistics, so nothing after the limit can change a result.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from saadi_desktop.search.bm25 import Floats, PrefixBM25, tokens
from saadi_desktop.search.corpus import Corpus, Summary
from saadi_desktop.search.embed import Embedder, Vectors
from saadi_desktop.search.fusion import DEFAULT_WEIGHTS, fuse, rrf
from saadi_desktop.search.highlight import alias_spans, term_spans

CHANNELS = ("text", "memory", "summary")
RETRIEVERS = ("bm25", "dense", "hybrid")
NEVER = 1 << 62


@dataclass(frozen=True)
class Result:
    seq: int
    start: int
    end: int
    text: str
    section: str
    score: float
    channels: dict[str, float]  # z-scores as fused
    highlights: list[tuple[int, int, str]]  # (start, end, "query" | "alias"), inside the chunk
    reasons: list[str]


@dataclass
class Results:
    results: list[Result]
    candidates: int
    later: int = 0  # matching chunks after the limit (only a count: no spoiler)
    retriever: str = "bm25"
    timings: dict[str, float] = field(default_factory=dict)


class Searcher:
    """Search one book. Build once (cheap for BM25); dense needs an embedder and the vectors."""

    def __init__(
        self,
        corpus: Corpus,
        embedder: Embedder | None = None,
        vectors: dict[str, Vectors] | None = None,
    ) -> None:
        self.corpus = corpus
        self.chunk_texts = [corpus.text[c.start : c.end] for c in corpus.chunks]
        self.bm25 = {
            "text": PrefixBM25([tokens(t) for t in self.chunk_texts]),
            "memory": PrefixBM25([tokens(f.text) for f in corpus.fields]),
            "summary": PrefixBM25([tokens(s.text) for s in corpus.summaries]),
            "residual": PrefixBM25([tokens(r.text) for r in corpus.residuals]),
        }
        self.index_of = {c.seq: i for i, c in enumerate(corpus.chunks)}
        self.field_learned = [f.learned_at for f in corpus.fields]
        self.link_learned = [learned for _, _, learned in corpus.links]
        self.summary_learned = [s.learned_at for s in corpus.summaries]
        self.residual_learned = [r.learned_at for r in corpus.residuals]
        entity_ids = sorted(corpus.entity_names)
        self.entity_index = {e: i for i, e in enumerate(entity_ids)}
        self.entity_gone = np.array(  # where a merged record stops being one
            [corpus.merged_at.get(e, NEVER + 1) for e in entity_ids], dtype=np.int64
        )
        self.field_entity = np.array(
            [self.entity_index[f.entity_id] for f in corpus.fields], dtype=np.int64
        )
        self.link_chunk = np.array(
            [self.index_of.get(seq, -1) for seq, _, _ in corpus.links], dtype=np.int64
        )
        self.link_entity = np.array(
            [self.entity_index.get(e, -1) for _, e, _ in corpus.links], dtype=np.int64
        )
        self.cover = self._covering(corpus.summaries)
        self.residual_cover = self._covering(corpus.residuals)
        self.starts = [c.start for c in corpus.chunks]
        self.links_of: dict[int, list[tuple[int, int]]] = {}  # chunk seq -> (entity, learned)
        for seq, entity, learned in corpus.links:
            self.links_of.setdefault(seq, []).append((entity, learned))
        self.fields_of: dict[int, list[int]] = {}  # entity -> indexes into corpus.fields
        for index, f in enumerate(corpus.fields):
            self.fields_of.setdefault(f.entity_id, []).append(index)
        self._field_scores: Floats = np.zeros(0)
        self.embedder = embedder
        self.dense = _DenseIndex(self, embedder, vectors) if embedder and vectors else None

    def _covering(self, units: Sequence[Summary]) -> np.ndarray[Any, np.dtype[np.int64]]:
        """For each candidate chunk, the index of the earliest-learned unit (level-1 summary or
        section residual) covering it (or -1): a later one is never visible where the earliest
        is not. For nested sections the earliest is the innermost."""
        cover = np.full(len(self.corpus.chunks), -1, dtype=np.int64)
        for index, summary in enumerate(units):
            for seq in range(summary.first_chunk, summary.last_chunk + 1):
                if seq in self.index_of and cover[self.index_of[seq]] < 0:
                    cover[self.index_of[seq]] = index
        return cover

    # -- limits ---------------------------------------------------------------------------------

    def limits(self, until: int | None) -> tuple[int, int]:
        """(candidate count m, fact limit L): chunks starting at or before ``until``; facts
        learned at or before the chunk holding ``until``."""
        if until is None:
            return len(self.corpus.chunks), NEVER
        holding = max(0, bisect.bisect_right(self.corpus.all_starts, until) - 1)
        return bisect.bisect_right(self.starts, until), holding

    # -- channels -------------------------------------------------------------------------------

    def channel_scores(
        self, query: str, until: int | None, retriever: str, channels: Sequence[str]
    ) -> tuple[dict[str, Floats], int, int]:
        m, limit = self.limits(until)
        scorers = {"text": self._text, "memory": self._memory, "summary": self._summary}
        raw = {name: scorers[name](query, m, limit, retriever) for name in channels}
        return raw, m, limit

    def _base(self, channel: str, query: str, prefix: int, retriever: str) -> Floats:
        """Scores of the first ``prefix`` units of a channel's corpus by the base retriever."""
        if retriever == "bm25" or self.dense is None:
            if retriever != "bm25":
                raise ValueError("dense retrieval needs the book's embeddings (saadi embed)")
            return self.bm25[channel].scores(tokens(query), prefix)
        dense = self.dense.scores(channel, query, prefix)
        if retriever == "dense":
            return dense
        return rrf(self.bm25[channel].scores(tokens(query), prefix), dense)

    def _text(self, query: str, m: int, limit: int, retriever: str) -> Floats:
        return self._base("text", query, m, retriever)

    def _memory(self, query: str, m: int, limit: int, retriever: str) -> Floats:
        """Each linked record scored field by field (name, aliases, descriptions as of the
        limit), max over fields, then max over the chunk's records."""
        fields = bisect.bisect_right(self.field_learned, limit)
        links = bisect.bisect_right(self.link_learned, limit)
        result = np.zeros(m, dtype=np.float64)
        self._field_scores = np.zeros(0)
        if fields == 0 or links == 0:
            return result
        field_scores = self._base("memory", query, fields, retriever)
        self._field_scores = field_scores  # read by _best_entity for this query's reasons
        entity_best = np.full(len(self.entity_index), -np.inf)
        np.maximum.at(entity_best, self.field_entity[:fields], field_scores)
        entity_best[self.entity_gone <= limit] = -np.inf  # merged: its facts are another's
        chunk, entity = self.link_chunk[:links], self.link_entity[:links]
        keep = (chunk >= 0) & (chunk < m) & (entity >= 0)
        values = entity_best[entity[keep]]
        seen = np.isfinite(values)
        np.maximum.at(result, chunk[keep][seen], values[seen])
        return result

    def _summary(self, query: str, m: int, limit: int, retriever: str) -> Floats:
        """The level-1 summary covering the chunk; before the builder has reached the chunk,
        the SCT residual of its section, once the whole section is within the limit."""
        result = np.full(m, np.nan)
        known = bisect.bisect_right(self.summary_learned, limit)
        cover = self.cover[:m]
        has = (cover >= 0) & (cover < known)
        if has.any():
            scores = self._base("summary", query, known, retriever)
            result[has] = scores[cover[has]]
        known = bisect.bisect_right(self.residual_learned, limit)
        cover = self.residual_cover[:m]
        fallback = ~has & (cover >= 0) & (cover < known)
        if fallback.any():
            scores = self._base("residual", query, known, retriever)
            result[fallback] = scores[cover[fallback]]
        return result

    def summary_of(self, i: int, limit: int) -> tuple[str, str] | None:
        """("summary" | "residual", text) the summary channel used for candidate ``i``."""
        if 0 <= self.cover[i] < bisect.bisect_right(self.summary_learned, limit):
            return "summary", self.corpus.summaries[int(self.cover[i])].text
        if 0 <= self.residual_cover[i] < bisect.bisect_right(self.residual_learned, limit):
            return "residual", self.corpus.residuals[int(self.residual_cover[i])].text
        return None

    # -- the entry point ------------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        until: int | None = None,
        retriever: str = "bm25",
        channels: Sequence[str] = CHANNELS,
        weights: dict[str, float] | None = None,
    ) -> Results:
        if retriever not in RETRIEVERS:
            raise ValueError(f"unknown retriever {retriever!r}")
        raw, m, limit = self.channel_scores(query, until, retriever, channels)
        later = self._later(query, m) if until is not None else 0
        if m == 0:  # the limit lies before the first passage (a title page, the contents)
            return Results([], 0, later, retriever)
        fused, zs = fuse(raw, weights or DEFAULT_WEIGHTS)
        order = np.lexsort((np.arange(m), -fused))[:k]
        results = [self._result(int(i), query, fused, zs, limit) for i in order]
        return Results(results, m, later, retriever)

    def _later(self, query: str, m: int) -> int:
        """How many chunks after the limit match the query's words: a count, no content."""
        scores = self.bm25["text"].scores(tokens(query))
        return int((scores[m:] > 0).sum())

    def _result(
        self, i: int, query: str, fused: Floats, zs: dict[str, Floats], limit: int
    ) -> Result:
        chunk, text = self.corpus.chunks[i], self.chunk_texts[i]
        highlights = [(s, e, "query") for s, e in term_spans(text, query)]
        reasons: list[str] = []
        if "memory" in zs and zs["memory"][i] > 0:
            entity, matched = self._best_entity(i, query, limit)
            if entity is not None:
                forms = self._forms(entity, limit)
                spans = alias_spans(text, forms)
                highlights += [(s, e, "alias") for s, e in spans]
                name = self.corpus.entity_names[entity]
                here = sorted({text[s:e] for s, e in spans} - {name})
                reason = f"linked to {name}"
                if here:
                    reason += f", who is called '{here[0]}' here"
                if matched and matched.casefold() != name.casefold():
                    reason += f" (matched '{matched}')"
                reasons.append(reason)
        used = self.summary_of(i, limit) if "summary" in zs and zs["summary"][i] > 0 else None
        if used is not None and used[0] == "summary":
            reasons.append(f"in a part summarised as: “{_clip(used[1], 140)}”")
        elif used is not None:
            reasons.append(f"in a section whose extract reads: “{_clip(used[1], 140)}”")
        return Result(
            seq=chunk.seq,
            start=chunk.start,
            end=chunk.end,
            text=text,
            section=self.corpus.section_titles[i],
            score=round(float(fused[i]), 6),
            channels={name: round(float(z[i]), 6) for name, z in zs.items()},
            highlights=sorted(set(highlights)),
            reasons=reasons,
        )

    def _best_entity(self, i: int, query: str, limit: int) -> tuple[int | None, str]:
        """The linked record (as of the limit) and its field that scored best for the query
        in the memory channel just computed."""
        seq = self.corpus.chunks[i].seq
        linked = {
            e
            for e, learned in self.links_of.get(seq, [])
            if learned <= limit < self.entity_gone[self.entity_index[e]]
        }
        scores = self._field_scores
        best: tuple[float, int | None, str] = (-np.inf, None, "")
        for entity in sorted(linked):
            for index in self.fields_of.get(entity, []):
                if index < len(scores) and scores[index] > best[0]:
                    best = (float(scores[index]), entity, self.corpus.fields[index].text)
        return best[1], best[2]

    def _forms(self, entity: int, limit: int) -> list[str]:
        fields = [self.corpus.fields[index] for index in self.fields_of.get(entity, [])]
        return [f.text for f in fields if f.kind != "description" and f.learned_at <= limit]


class _DenseIndex:
    """Window vectors of the chunks, and vectors of the memory fields and summaries."""

    def __init__(self, searcher: Searcher, embedder: Embedder, vectors: dict[str, Vectors]):
        from threadpoolctl import threadpool_limits

        from saadi_desktop.store.bookdb import content_hash

        # OpenBLAS threads spin after each matrix product and starve the embedder's own threads:
        # measured, a dense query took 125 ms instead of 19 ms. Our products are tiny; one
        # BLAS thread is plenty.
        threadpool_limits(limits=1, user_api="blas")
        self.embedder = embedder
        corpus = searcher.corpus
        windows = [vectors[c.content_hash] for c in corpus.chunks]
        self.chunk_matrix = np.concatenate(windows) if windows else np.zeros((0, 1), np.float32)
        self.chunk_starts = np.cumsum([0] + [len(w) for w in windows[:-1]]).astype(np.int64)
        self.fields = _stack([vectors[content_hash(f.text)] for f in corpus.fields])
        self.summaries = _stack([vectors[content_hash(s.text)] for s in corpus.summaries])
        self.residuals = _stack([vectors[content_hash(r.text)] for r in corpus.residuals])
        self._query: tuple[str, Vectors] | None = None

    def query_vector(self, query: str) -> Vectors:
        if self._query is None or self._query[0] != query:  # one embedding per query
            self._query = (query, self.embedder.embed([query])[0])
        return self._query[1]

    def scores(self, channel: str, query: str, prefix: int) -> Floats:
        vector = self.query_vector(query)
        if channel == "text":
            if prefix == 0:
                return np.zeros(0)
            end = self.chunk_starts[prefix] if prefix < len(self.chunk_starts) else None
            sims = self.chunk_matrix[:end] @ vector
            return np.maximum.reduceat(sims, self.chunk_starts[:prefix]).astype(np.float64)
        matrix = {"memory": self.fields, "summary": self.summaries}.get(channel, self.residuals)
        return (matrix[:prefix] @ vector).astype(np.float64)


def _stack(rows: list[Vectors]) -> Vectors:
    return np.concatenate(rows) if rows else np.zeros((0, 1), dtype=np.float32)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
