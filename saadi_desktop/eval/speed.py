"""``saadi bench speed``: how long the work takes on this machine, measured, never asserted."""

from __future__ import annotations

import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from saadi_desktop.library import import_book
from saadi_desktop.residuals import build_residuals
from saadi_desktop.store import BookDB


def bench_speed(
    source: Path,
    *,
    repeat: int = 3,
    index: int | None = None,
    model: str = "",
    queries: int = 0,
    questions: Path | None = None,
) -> dict[str, Any]:
    """Import ``source`` ``repeat`` times into fresh throw-away libraries (median time); with
    ``index`` also index the first ``index`` chunks of a fresh copy with the model, once with
    KV-cache prefix reuse and once without."""
    timings: list[float] = []
    residual_times: list[float] = []
    residuals: list[int] = []
    report: dict[str, Any] = {}
    for _ in range(max(1, repeat)):
        with tempfile.TemporaryDirectory(prefix="saadi-bench-") as library:
            started = time.perf_counter()
            info = import_book(source, library=Path(library)).info
            timings.append(time.perf_counter() - started)
            with BookDB.open(info.path) as db:
                report = {
                    "book": info.title,
                    "file": source.name,
                    "sections": len(db.sections()),
                    "chunks": info.chunks,
                    "words": info.words,
                }
                started = time.perf_counter()
                residuals.append(len(build_residuals(db)))  # already in import_s; alone here
                residual_times.append(time.perf_counter() - started)
    report["import_s"] = round(statistics.median(timings), 3)
    report["import_runs_s"] = [round(t, 3) for t in timings]
    report["residuals_s"] = round(statistics.median(residual_times), 3)
    report["residual_nodes"] = residuals[-1]
    if index:
        report["index"] = bench_index(source, index, model)
    if queries:
        report.update(bench_queries(source, queries, questions))
    report["machine"] = _machine()
    return report


def bench_queries(source: Path, count: int, questions: Path | None = None) -> dict[str, Any]:
    """Query latency p50/p95 (embedding of the query included) on the library's copy of the book
    (so an indexed book exercises all three channels), and embedding throughput. Queries are
    the ``questions`` file's questions, repeated to ``count``, or phrases drawn from the book."""
    from saadi_desktop.library import resolve_book
    from saadi_desktop.search import embed_book, open_searcher
    from saadi_desktop.search.embed import MiniLMEmbedder
    from saadi_desktop.store.vectors import load_vectors

    with BookDB.open(resolve_book(str(source))) as db:
        searcher = open_searcher(db)
        embedder = MiniLMEmbedder()
        had = len(load_vectors(db, embedder.model_id))
        started = time.perf_counter()
        embedded = embed_book(db, embedder)
        embed_s = time.perf_counter() - started
        chunks = len(searcher.corpus.chunks)
        dense = open_searcher(db, embedder)
    texts = (
        _repeat(_read_questions(questions), count)
        if questions
        else _sample_queries(searcher.chunk_texts, count)
    )
    routes = {
        "bm25": (searcher, "bm25", ["text"]),
        "bm25_fused": (searcher, "bm25", ["text", "memory", "summary"]),
        "dense": (dense, "dense", ["text"]),
        "dense_fused": (dense, "dense", ["text", "memory", "summary"]),
        "hybrid": (dense, "hybrid", ["text", "memory", "summary"]),
    }
    query_ms: dict[str, dict[str, float]] = {}
    for name, (engine, retriever, channels) in routes.items():
        times = []
        for text in texts:
            started = time.perf_counter()
            engine.search(text, k=10, retriever=retriever, channels=channels)
            times.append((time.perf_counter() - started) * 1000)
        query_ms[name] = {
            "p50": round(statistics.median(times), 2),
            "p95": round(float(sorted(times)[int(0.95 * (len(times) - 1))]), 2),
        }
    figures: dict[str, Any] = {
        "queries": len(texts),
        "query_ms": query_ms,
        "indexed_records": len(searcher.corpus.entity_names),
        "indexed_summaries": len(searcher.corpus.summaries),
    }
    if embedded and not had:
        figures["embed_chunks_per_s"] = round(chunks / embed_s, 2)
        figures["embed_s"] = round(embed_s, 1)
    return figures


def _read_questions(path: Path) -> list[str]:
    import json

    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["question"] for line in lines if line.strip()]


def _repeat(items: list[str], count: int) -> list[str]:
    return (items * (count // max(len(items), 1) + 1))[:count] if items else []


def _sample_queries(texts: list[str], count: int) -> list[str]:
    """Reader-like queries drawn from the book itself: a few words of a random sentence."""
    import random

    rng = random.Random(0)
    queries: list[str] = []
    while len(queries) < count and texts:
        words = rng.choice(texts).split()
        start = rng.randrange(max(1, len(words) - 6))
        queries.append(" ".join(words[start : start + rng.randint(2, 6)]))
    return queries


def bench_index(source: Path, n: int, model: str) -> dict[str, Any]:
    """Index the first ``n`` chunks of a fresh copy: calls (estimated and made), chunks per
    minute, tokens evaluated per chunk against the chunk's and the records' own tokens."""
    from saadi_desktop.llm import open_llm
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.state.history import calls_for_run
    from saadi_desktop.store import state as store

    figures: dict[str, Any] = {}
    for reuse in (True, False):
        llm = open_llm(model, reuse_prefix=reuse)
        with tempfile.TemporaryDirectory(prefix="saadi-bench-") as library:
            info = import_book(source, library=Path(library)).info
            with BookDB.open(info.path) as db:
                total = len(store.indexed_chunks(db))
                estimated = calls_for_run(0, min(n, total), total, store.builder_row(db).fold_f)
                result = build_state(db, llm, limit=n, progress=_progress(reuse))
        per_min = result.chunks_done / (result.seconds / 60) if result.seconds else 0.0
        if not reuse:
            figures["reuse_off_chunks_per_min"] = round(per_min, 2)
            figures["reuse_off_evaluated_tokens_per_chunk"] = _mean_evaluated(result.call_log)
            continue
        updates = [c for c in result.call_log if c.kind == "update"]
        figures.update(
            model=llm.model_id,
            chunks=result.chunks_done,
            calls=result.calls,
            estimated_calls=estimated,
            calls_per_chunk=round(result.calls / max(result.chunks_done, 1), 3),
            seconds=round(result.seconds, 1),
            chunks_per_min=round(per_min, 2),
            evaluated_tokens_per_chunk=_mean_evaluated(result.call_log),
            cached_tokens_per_chunk=round(statistics.mean(c.cached_tokens for c in updates), 1),
            generated_tokens_per_chunk=round(
                statistics.mean(c.generated_tokens for c in updates), 1
            ),
            chunk_tokens_per_chunk=round(statistics.mean(result.chunk_tokens), 1),
            record_tokens_per_chunk=round(statistics.mean(result.record_tokens), 1),
            fold_calls=sum(1 for c in result.call_log if c.kind == "fold"),
            failed_chunks=len(result.failed),
        )
    figures["evaluated_over_chunk_plus_records"] = round(
        figures["evaluated_tokens_per_chunk"]
        / (figures["chunk_tokens_per_chunk"] + figures["record_tokens_per_chunk"]),
        3,
    )
    figures["speedup_from_reuse"] = round(
        figures["chunks_per_min"] / max(figures["reuse_off_chunks_per_min"], 1e-9), 2
    )
    return figures


def _mean_evaluated(calls: list[Any]) -> float:
    updates = [c.prompt_tokens for c in calls if c.kind == "update"]
    return round(statistics.mean(updates), 1) if updates else 0.0


def _progress(reuse: bool) -> Any:
    label = "reuse on " if reuse else "reuse off"

    def show(event: dict[str, Any]) -> None:
        print(
            f"\r[{label}] chunk {event['chunk']} calls {event['calls']} "
            f"{event['tokens_per_s']:.0f} tok/s",
            end="",
            file=sys.stderr,
            flush=True,
        )

    return show


def _machine() -> str:
    import os

    return (
        f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
        f"{platform.python_version()}"
    )
