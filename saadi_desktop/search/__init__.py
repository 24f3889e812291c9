"""Query time: base retrievers, the three channels, z-score fusion, highlights and reasons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saadi_desktop.search.corpus import Corpus, load_corpus
from saadi_desktop.search.embed import Embedder, windows
from saadi_desktop.search.engine import CHANNELS, RETRIEVERS, Result, Results, Searcher
from saadi_desktop.store import BookDB
from saadi_desktop.store.bookdb import content_hash
from saadi_desktop.store.vectors import load_vectors, save_vectors
from saadi_desktop.tasks import Cancelled, ProgressCallback, StopCheck, ignore, never

__all__ = [
    "CHANNELS",
    "RETRIEVERS",
    "Result",
    "Results",
    "Searcher",
    "embed_book",
    "open_searcher",
]


def embed_book(
    db: BookDB,
    embedder: Embedder,
    *,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
    corpus: Corpus | None = None,
) -> int:
    """Embed what is missing — chunk windows, memory fields, summaries — and store it. Vectors
    are keyed by content hash, so nothing is ever embedded twice. Returns the texts embedded."""
    corpus = corpus or load_corpus(db)
    have = load_vectors(db, embedder.model_id)
    todo: dict[str, list[str]] = {}
    for chunk in corpus.chunks:
        if chunk.content_hash not in have:
            todo[chunk.content_hash] = windows(corpus.text[chunk.start : chunk.end])
    units = [f.text for f in corpus.fields] + [s.text for s in corpus.summaries]
    for text in units + [r.text for r in corpus.residuals]:
        key = content_hash(text)
        if key not in have:
            todo[key] = [text]
    keys = list(todo)
    batch = 16
    for done in range(0, len(keys), batch):
        if should_stop():
            raise Cancelled()
        part = keys[done : done + batch]
        flat = [w for key in part for w in todo[key]]
        vectors = embedder.embed(flat)
        rows, offset = [], 0
        for key in part:
            count = len(todo[key])
            rows.append((key, vectors[offset : offset + count]))
            offset += count
        save_vectors(db, embedder.model_id, rows)
        progress({"embedded": min(done + batch, len(keys)), "total": len(keys)})
    return len(keys)


def open_searcher(
    db: BookDB,
    embedder: Embedder | None = None,
    *,
    progress: Callable[[dict[str, Any]], None] = ignore,
) -> Searcher:
    """A warm searcher for ``db``; with an embedder, missing vectors are computed first. A book
    imported before the residual tree existed gets it now."""
    from saadi_desktop.residuals import ensure_residuals

    ensure_residuals(db)
    corpus = load_corpus(db)
    if embedder is None:
        return Searcher(corpus)
    embed_book(db, embedder, progress=progress, corpus=corpus)
    return Searcher(corpus, embedder, load_vectors(db, embedder.model_id))
