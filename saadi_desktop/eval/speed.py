"""``saadi bench speed``: how long the work takes on this machine, measured, never asserted."""

from __future__ import annotations

import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    reuse_off: bool = True,
    while_indexing: int = 0,
) -> dict[str, Any]:
    """Import ``source`` ``repeat`` times into fresh throw-away libraries (median time); with
    ``index`` also index the first ``index`` chunks of a fresh copy with the model, once with
    KV-cache prefix reuse and once without; with ``queries``, time that many searches, idle
    and (``while_indexing``) while an index runs in another process."""
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
        report["index"] = bench_index(source, index, model, reuse_off=reuse_off)
    if queries and while_indexing:
        report.update(
            bench_while_indexing(source, queries, questions, model=model, passages=while_indexing)
        )
    elif queries:
        report.update(bench_queries(source, queries, questions))
    report["machine"] = _machine()
    return report


def bench_queries(source: Path, count: int, questions: Path | None = None) -> dict[str, Any]:
    """Query latency p50/p95 (embedding of the query included) on the library's copy of the book
    (so an indexed book exercises all three channels), and embedding throughput. Queries are
    the ``questions`` file's questions, repeated to ``count``, or phrases drawn from the book."""
    searchers, texts, figures = _search_routes(source, count, questions)
    return {"queries": len(texts), "query_ms": _time_routes(searchers, texts)[0], **figures}


Routes = dict[str, tuple[Any, str, list[str]]]


def _search_routes(
    source: Path, count: int, questions: Path | None
) -> tuple[Routes, list[str], dict[str, Any]]:
    """The five routes a reader's query can take, on the library's copy of ``source`` (its
    vectors computed if missing), the queries to time, and what the book holds."""
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
    routes: Routes = {
        "bm25": (searcher, "bm25", ["text"]),
        "bm25_fused": (searcher, "bm25", ["text", "memory", "summary"]),
        "dense": (dense, "dense", ["text"]),
        "dense_fused": (dense, "dense", ["text", "memory", "summary"]),
        "hybrid": (dense, "hybrid", ["text", "memory", "summary"]),
    }
    figures: dict[str, Any] = {
        "indexed_records": len(searcher.corpus.entity_names),
        "indexed_summaries": len(searcher.corpus.summaries),
    }
    if embedded and not had:
        figures["embed_chunks_per_s"] = round(chunks / embed_s, 2)
        figures["embed_s"] = round(embed_s, 1)
    return routes, texts, figures


def _time_routes(
    routes: Routes, texts: list[str], going: Callable[[], bool] = lambda: True
) -> tuple[dict[str, dict[str, float]], bool]:
    """p50/p95 ms of every query on every route, and whether ``going`` held to the end (it
    tells whether the index in another process still ran when the last query was timed)."""
    query_ms: dict[str, dict[str, float]] = {}
    held = True
    for name, (engine, retriever, channels) in routes.items():
        times = []
        for text in texts:
            started = time.perf_counter()
            engine.search(text, k=10, retriever=retriever, channels=channels)
            times.append((time.perf_counter() - started) * 1000)
            held = held and going()
        query_ms[name] = {
            "p50": round(statistics.median(times), 2),
            "p95": round(float(sorted(times)[int(0.95 * (len(times) - 1))]), 2),
        }
    return query_ms, held


def bench_while_indexing(
    source: Path,
    count: int,
    questions: Path | None = None,
    *,
    model: str = "",
    passages: int = 4,
    alone_runs: int = 2,
) -> dict[str, Any]:
    """Search while a book indexes, as a reader does. The same queries are timed idle, then
    while ``saadi index`` reads a fresh copy of the book in another process, once at the
    priority indexing had before it yielded to the reader (``normal``) and once as it runs now
    (``low``, llm/priority.py); then that index runs alone, ``passages`` passages,
    ``alone_runs`` times at each priority in turn, for what yielding costs it."""
    spec = model_spec(model)
    routes, texts, _ = _search_routes(source, count, questions)
    query_ms: dict[str, Any] = {"idle": _time_routes(routes, texts)[0]}
    ran_throughout: dict[str, bool] = {}
    alone_s: dict[str, list[float]] = {"normal": [], "low": []}
    for priority in ("normal", "low"):
        with _index_process(source, spec, priority, limit=None) as index:
            index.started()
            timed, held = _time_routes(routes, texts, index.running)
            query_ms[f"indexing, {priority} priority"] = timed
            ran_throughout[priority] = held
    for _ in range(max(1, alone_runs)):
        for priority in ("normal", "low"):
            with _index_process(source, spec, priority, limit=passages) as index:
                alone_s[priority].append(index.finished()["seconds"])
    normal, low = (statistics.median(alone_s[p]) for p in ("normal", "low"))
    return {
        "queries": len(texts),
        "query_ms": query_ms,
        "index_ran_throughout": ran_throughout,
        "index_alone": {
            "passages": passages,
            "seconds": alone_s,
            "low_over_normal": round(low / normal, 3) if normal else None,
        },
        "model": Path(spec).name,
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


class _Index:
    """``saadi index`` on a fresh copy of a book, in another process with its own library."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def started(self) -> None:
        """Wait until the first passage is read: the model is loaded and reading."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the index process ended before reading a passage")

    def running(self) -> bool:
        return self.process.poll() is None

    def finished(self) -> dict[str, Any]:
        """The run's summary line (``"kind": "done"``)."""
        assert self.process.stdout is not None
        lines = self.process.stdout.read().splitlines()
        if self.process.wait() != 0 or not lines:
            raise RuntimeError(f"the index process failed (exit {self.process.returncode})")
        return dict(json.loads(lines[-1]))


@contextmanager
def _index_process(source: Path, spec: str, priority: str, limit: int | None) -> Iterator[_Index]:
    """Stopped with Ctrl-C (SIGINT, as a reader would) when the caller is done with it."""
    from saadi_desktop.llm.priority import ENV

    with tempfile.TemporaryDirectory(prefix="saadi-bench-") as home:
        book = import_book(source, library=Path(home)).info.path
        command = [sys.executable, "-m", "saadi_desktop.cli", "index", str(book)]
        command += ["--model", spec, "--json"] + (["--limit", str(limit)] if limit else [])
        environment = os.environ | {"SAADI_HOME": home, ENV: priority}
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment
        )
        try:
            yield _Index(process)
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(timeout=120)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def model_spec(model: str) -> str:
    """The model file for a benchmark: ``model``, or the built-in one, assembled in the real
    data folder (not in a benchmark's temporary one)."""
    from saadi_desktop.library import data_dir
    from saadi_desktop.llm.default_model import default_model_path
    from saadi_desktop.llm.gguf import check_gguf

    spec = model or str(default_model_path(data_dir() / "models"))
    if not spec.startswith(("http://", "https://")):
        check_gguf(Path(spec))
    return spec


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


def bench_index(source: Path, n: int, model: str, *, reuse_off: bool = True) -> dict[str, Any]:
    """Index the first ``n`` chunks of a fresh copy: calls (estimated and made), chunks per
    minute, tokens evaluated per chunk against the chunk's and the records' own tokens, and a
    profile of the update calls; then (``reuse_off``) again without KV-cache prefix reuse."""
    from saadi_desktop.llm import open_llm
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.state.history import calls_for_run
    from saadi_desktop.store import state as store

    figures: dict[str, Any] = {}
    for reuse in (True, False) if reuse_off else (True,):
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
            retries=result.retries,
            failed_chunks=len(result.failed),
            profile=profile(result.completions),
        )
    if not reuse_off:
        return figures
    figures["evaluated_over_chunk_plus_records"] = round(
        figures["evaluated_tokens_per_chunk"]
        / (figures["chunk_tokens_per_chunk"] + figures["record_tokens_per_chunk"]),
        3,
    )
    figures["speedup_from_reuse"] = round(
        figures["chunks_per_min"] / max(figures["reuse_off_chunks_per_min"], 1e-9), 2
    )
    return figures


def profile(completions: list[tuple[str, Any]]) -> dict[str, Any]:
    """Where an update call's time goes, per call on average: the new prompt tokens and their
    seconds, the generated tokens and theirs (forward passes, then sampling, of which the
    grammar), from llama.cpp's counters and ours, against the wall clock; folds beside."""
    out: dict[str, Any] = {}
    for kind in ("update", "fold"):
        calls = [c for k, c in completions if k == kind]
        if not calls:
            continue

        def mean(key: str, calls: list[Any] = calls) -> float:
            return statistics.mean(float(c.timings.get(key, 0.0)) for c in calls)

        wall = statistics.mean(c.ms for c in calls) / 1000
        prompt_s = mean("llama_prompt_ms") / 1000 or mean("prompt_ms") / 1000
        generate_s = (mean("decode_ms") + mean("sample_ms")) / 1000
        generated = statistics.mean(c.generated_tokens for c in calls)
        new_tokens = statistics.mean(c.prompt_tokens for c in calls)
        grammar_ms = sum(float(c.timings.get("grammar_ms", 0.0)) for c in calls)
        sampled_ms = sum(
            float(c.timings.get("decode_ms", 0.0)) + float(c.timings.get("sample_ms", 0.0))
            for c in calls
        )
        out[kind] = {
            "calls": len(calls),
            "wall_s": round(wall, 2),
            "new_prompt_tokens": round(new_tokens, 1),
            "prompt_s": round(prompt_s, 2),
            "prompt_tokens_per_s": round(new_tokens / prompt_s, 1) if prompt_s else None,
            "generated_tokens": round(generated, 1),
            "generation_s": round(generate_s, 2),
            "ms_per_generated_token": round(generate_s * 1000 / generated, 1)
            if generated
            else None,
            "grammar_share_of_generation": round(grammar_ms / sampled_ms, 3) if sampled_ms else 0,
            "grammar_full_checks_per_token": round(
                sum(float(c.timings.get("grammar_full", 0)) for c in calls)
                / max(sum(c.generated_tokens for c in calls), 1),
                3,
            ),
            "other_s": round(wall - prompt_s - generate_s, 2),
        }
    return out


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
