"""What deep search asks of the core, as plain functions (no Qt).

The deep-search half of :mod:`saadi_desktop.ui.operations`, kept in its own module as the
indexing half is: the book's searcher, the plan (the cost known before any call) and the run.
Deep search is the one search that calls the model; see :mod:`saadi_desktop.search.rerank`.
Every function opens the book DB itself and closes it again, so it can run on a worker thread.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path

from saadi_desktop.library import data_dir
from saadi_desktop.llm import LLM
from saadi_desktop.search import Result, Searcher, rerank
from saadi_desktop.search.embed import Embedder
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as state_store
from saadi_desktop.tasks import ProgressCallback, StopCheck, ignore, never
from saadi_desktop.ui import operations


@dataclass(frozen=True)
class DeepRequest:
    """One deep search: the question, the route ("rerank" or "scan"), the spoiler limit (None:
    the whole book) and the model spec ('' for the built-in model)."""

    path: Path
    query: str
    route: str
    until: int | None
    spec: str


@dataclass(frozen=True)
class DeepPlan:
    """The cost before any call: an upper bound (see :class:`rerank.Plan`)."""

    request: DeepRequest
    passages: int  # in the pool
    calls: int
    prompt_tokens: int
    rounds: int
    seconds: float | None  # None until this model or this book has timings


@dataclass(frozen=True)
class DeepOutcome:
    """What a deep search found and what it cost (measured)."""

    request: DeepRequest
    results: list[Result]
    cost: rerank.Cost
    passages: list[int]  # the pool at the start of each round, then the final picks
    seconds: float  # as the reader waited, the pool included


def searcher(path: Path, embedder: Embedder | None) -> Searcher:
    """The book's searcher for deep search: with the embedder (the book's vectors are already
    there) the rerank pool is the hybrid top 50, without it the BM25 top 50."""
    if embedder is None:
        return operations.keyword_searcher(path)
    return operations.meaning_searcher(path, embedder)


def plan(searcher: Searcher, llm: LLM, request: DeepRequest) -> DeepPlan:
    """Calls, prompt tokens and (when known) seconds, at most. Counts the pool's tokens with the
    model's tokenizer: a second or so for a whole book."""
    pool = rerank.route_pool(searcher, request.query, request.route, request.until)
    bound = rerank.Reducer(llm).plan(request.query, pool, searcher.chunk_texts)
    with BookDB.open(request.path) as db:
        logged = state_store.calls(db)
    seconds = rerank.estimated_seconds(bound, data_dir() / rerank.RATES_FILE, llm.model_id, logged)
    return DeepPlan(request, len(pool), bound.calls, bound.prompt_tokens, bound.rounds, seconds)


def run(
    searcher: Searcher,
    llm: LLM,
    request: DeepRequest,
    *,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> DeepOutcome:
    """Run the deep search; its measured speed is remembered for the next estimate. Raises
    ``Cancelled`` when stopped (the call in progress is interrupted) and ``LLMError`` from the
    model."""
    started = time.monotonic()
    found, reduction = rerank.deep_search(
        searcher, llm, request.query, route=request.route, until=request.until,
        progress=progress, should_stop=should_stop,
    )  # fmt: skip
    seconds = time.monotonic() - started
    with contextlib.suppress(OSError):  # only the next estimate would miss it
        rerank.remember_rate(data_dir() / rerank.RATES_FILE, llm.model_id, reduction.cost)
    pool = len(reduction.rounds[0]) if reduction.rounds else 0
    results = [
        dataclasses.replace(
            r, reasons=[f"deep search: rank {n} of the {pool} passages the model compared"]
        )
        for n, r in enumerate(found.results, start=1)
    ]
    passages = [len(round_pool) for round_pool in reduction.rounds] + [len(results)]
    return DeepOutcome(request, results, reduction.cost, passages, seconds)
