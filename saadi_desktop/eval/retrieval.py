"""The retrieval benchmark: every method is a function from a question to an answer (chunk spans
best first, and the model calls, tokens and tree nodes it took), scored by eval.metrics; the routes
that call the model run on a category-balanced subset, beside hybrid on the same questions."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from saadi_desktop.eval.metrics import (
    Question,
    coverage,
    oracle_rankings,
    paired_bootstrap,
    score_ranking,
)


@dataclass
class Answer:
    """One method's answer to one question: chunk spans best first, and what it took."""

    spans: list[tuple[int, int]]
    ms: float = 0.0
    calls: int = 0  # model calls at query time
    tokens: int = 0  # model tokens at query time (evaluated + generated)
    nodes: int = 0  # tree nodes scored (SCT routes)
    pools: list[list[tuple[int, int]]] = field(default_factory=list)  # deep routes, per round


Method = Callable[[Question], Answer]

SEARCH_METHODS: dict[str, tuple[str, tuple[str, ...]]] = {  # name: (retriever, channels)
    "bm25": ("bm25", ("text",)),
    "dense": ("dense", ("text",)),
    "hybrid": ("hybrid", ("text",)),
    "saadi_bm25": ("bm25", ("text", "memory", "summary")),
    "saadi_dense": ("dense", ("text", "memory", "summary")),
    "memory_only_bm25": ("bm25", ("memory",)),
    "summary_only_bm25": ("bm25", ("summary",)),
    "memory_only_dense": ("dense", ("memory",)),
    "summary_only_dense": ("dense", ("summary",)),
}
PAIRS = {"saadi_bm25": "bm25", "saadi_dense": "dense", "hybrid_rerank": "hybrid"}
DEPTH = 20  # every ranking is cut at 20 (hit@k is plotted for k = 1…20)


def search_method(searcher: Any, retriever: str, channels: Sequence[str]) -> Method:
    def answer(question: Question) -> Answer:
        found = searcher.search(
            question.question, k=DEPTH, retriever=retriever, channels=list(channels)
        )
        return Answer([(r.start, r.end) for r in found.results])

    return answer


def deep_method(searcher: Any, llm: Any, route: str) -> Method:
    """A route that calls the model (rerank of the hybrid pool, or a full scan)."""
    from saadi_desktop.search.rerank import Reducer, route_pool

    chunks = searcher.corpus.chunks

    def answer(question: Question) -> Answer:
        pool = route_pool(searcher, question.question, route, None)
        reduction = Reducer(llm).reduce(question.question, pool, searcher.chunk_texts)
        cost = reduction.cost
        return Answer(
            [(chunks[i].start, chunks[i].end) for i in reduction.ranking[:DEPTH]],
            calls=cost.calls,
            tokens=cost.prompt_tokens + cost.generated_tokens,
            pools=[[(chunks[i].start, chunks[i].end) for i in p] for p in reduction.rounds],
        )

    return answer


def sct_methods(searcher: Any, *, dense: bool) -> dict[str, Method]:
    """SCT residual retrieval (flat) and progressive descent, on BM25 (and on dense)."""
    from saadi_desktop.search.sct import sct_descent, sct_flat

    def route(function: Callable[..., Any], retriever: str) -> Method:
        def answer(question: Question) -> Answer:
            found = function(searcher, question.question, DEPTH, retriever=retriever)
            return Answer(list(found.spans), nodes=found.nodes_scored)

        return answer

    methods = {"sct_residual": route(sct_flat, "bm25"), "sct_descent": route(sct_descent, "bm25")}
    if dense:
        methods |= {"sct_residual_dense": route(sct_flat, "dense"),
                    "sct_descent_dense": route(sct_descent, "dense")}  # fmt: skip
    return methods


def evaluate(text: str, questions: Sequence[Question], method: Method) -> dict[str, Any]:
    """Run a method on every question: its metrics, latency and query-time cost."""
    answers = []
    for question in questions:
        started = time.perf_counter()
        answer = method(question)
        answer.ms = answer.ms or (time.perf_counter() - started) * 1000  # a cached one has its own
        answers.append(answer)
    report = score_ranking(text, questions, [a.spans for a in answers])
    ms = [a.ms for a in answers]
    report["latency_ms"] = {
        "p50": round(float(np.percentile(ms, 50)), 2),
        "p95": round(float(np.percentile(ms, 95)), 2),
    }
    report["per_query"] = {
        "calls": round(float(np.mean([a.calls for a in answers])), 2),
        "tokens": round(float(np.mean([a.tokens for a in answers]))),
        "nodes_scored": round(float(np.mean([a.nodes for a in answers])), 1),
    }
    if any(a.pools for a in answers):
        report["reduction_trace"] = reduction_trace(text, questions, answers)
    return report


def reduction_trace(
    text: str, questions: Sequence[Question], answers: Sequence[Answer]
) -> list[dict[str, Any]]:
    """For each round of a deep route: the mean pool size and how much of the evidence is
    still in the pool (coverage of the quotes by the pool's chunks), then the final top 5."""
    rounds = max(len(a.pools) for a in answers)
    trace = []
    for r in [*range(rounds), -1]:
        pools = [
            (q, a.pools[r] if r >= 0 else a.spans[:5])
            for q, a in zip(questions, answers, strict=True)
            if r < len(a.pools)
        ]
        trace.append(
            {
                "round": r + 1 if r >= 0 else "top 5",
                "questions": len(pools),
                "passages": round(float(np.mean([len(p) for _, p in pools])), 1),
                "evidence_coverage": round(
                    float(
                        np.mean(
                            [coverage(text, quote, p) for q, p in pools for quote in q.evidence]
                        )
                    ),
                    4,
                ),
            }
        )
    return trace


def subset(questions: Sequence[Question], n: int) -> list[Question]:
    """``n`` questions taken in turn from each category (file order within a category): the
    routes that call the model are too slow for every question on 2 cores."""
    by_category: dict[str, list[Question]] = {}
    for question in questions:
        by_category.setdefault(question.category, []).append(question)
    queues = [list(reversed(group)) for _, group in sorted(by_category.items())]
    chosen: list[Question] = []
    while len(chosen) < n and any(queues):
        for queue in queues:
            if queue and len(chosen) < n:
                chosen.append(queue.pop())
    return chosen


def bench_retrieval(
    searcher: Any,
    questions: Sequence[Question],
    *,
    dense: bool = True,
    extra: dict[str, Method] | None = None,
    llm: Any = None,
    deep: int = 0,
    scan: int = 0,
    cache: Path | None = None,
) -> dict[str, Any]:
    """Every method on every question (rankings cut at 20), the oracle, and paired bootstrap
    intervals for each variant against its own base. ``extra`` adds methods (the SCT routes).
    With ``llm``, the routes that call the model run on a few questions each, beside hybrid on
    the same ones: rerank on ``deep``, the full scan on ``scan``; their answers are kept in
    ``cache`` so that a long run that stops goes on where it was."""
    text = searcher.corpus.text
    methods: dict[str, dict[str, Any]] = {}
    for name, (retriever, channels) in SEARCH_METHODS.items():
        if retriever == "bm25" or dense:
            methods[name] = evaluate(text, questions, search_method(searcher, retriever, channels))
    for name, method in (extra or {}).items():
        methods[name] = evaluate(text, questions, method)
    spans = [(c.start, c.end) for c in searcher.corpus.chunks]
    oracle = dict(zip((q.id for q in questions), oracle_rankings(questions, spans), strict=True))
    methods["oracle"] = evaluate(text, questions, lambda q: Answer(oracle[q.id]))
    intervals = {
        f"{variant}_vs_{base}": _intervals(methods[variant], methods[base])
        for variant, base in PAIRS.items()
        if variant in methods and base in methods
    }
    report: dict[str, Any] = {
        "questions": len(questions),
        "methods": methods,
        "bootstrap_95": intervals,
        "differences": {
            f"{variant}_vs_{base}": differences(questions, methods[variant], methods[base])
            for variant, base in PAIRS.items()
            if variant in methods and base in methods
        },
    }
    hybrid = search_method(searcher, "hybrid" if dense else "bm25", ("text",))
    for key, route, count in (("deep", "rerank", deep), ("scan", "scan", scan)):
        if llm is not None and count > 0:
            name = "hybrid_rerank" if route == "rerank" else "full_scan"
            method = deep_method(searcher, llm, route)
            if cache is not None:
                method = cached(method, cache, f"{llm.model_id}/{route}")
            report[key] = on_subset(text, subset(questions, count), hybrid, name, method)
    report["methods"] = {name: strip_per_question(m) for name, m in methods.items()}
    return report


def first_hit(row: dict[str, float]) -> int | None:
    """The rank at which every quote of a question is covered (None: not in the top 20)."""
    return next((k for k in range(1, DEPTH + 1) if row[f"hit@{k}"] >= 1.0), None)


def differences(
    questions: Sequence[Question], variant: dict[str, Any], base: dict[str, Any], k: int = 10
) -> list[dict[str, Any]]:
    """The questions a variant wins or loses against its base at ``k``, with the rank at which
    each finds all the evidence: the examples behind the averages."""
    rows = []
    for question, mine, theirs in zip(
        questions, variant["per_question"], base["per_question"], strict=True
    ):
        if mine[f"hit@{k}"] != theirs[f"hit@{k}"]:
            rows.append({
                "id": question.id, "category": question.category, "question": question.question,
                "won": mine[f"hit@{k}"] > theirs[f"hit@{k}"], "k": k,
                "rank": first_hit(mine), "base_rank": first_hit(theirs),
            })  # fmt: skip
    return rows


def on_subset(
    text: str, few: Sequence[Question], base: Method, name: str, method: Method
) -> dict[str, Any]:
    """A costly route and hybrid on the same few questions, with the paired interval."""
    results = {"hybrid": evaluate(text, few, base), name: evaluate(text, few, method)}
    return {
        "questions": [q.id for q in few],
        "methods": {n: strip_per_question(m) for n, m in results.items()},
        "bootstrap_95": {f"{name}_vs_hybrid": _intervals(results[name], results["hybrid"])},
        "differences": {
            f"{name}_vs_hybrid": differences(few, results[name], results["hybrid"], k=5)
        },
    }


def cached(method: Method, path: Path, prefix: str) -> Method:
    """``method`` with its answers kept in a JSON file, by ``prefix`` and question id; a
    cached answer keeps the time it took."""

    def answer(question: Question) -> Answer:
        key = f"{prefix}/{question.id}"
        try:
            store = json.loads(path.read_text())
        except (OSError, ValueError):
            store = {}
        if key in store:
            row = store[key]
            return Answer(
                [tuple(s) for s in row["spans"]], row["ms"], row["calls"], row["tokens"],
                row["nodes"], [[tuple(s) for s in p] for p in row["pools"]],
            )  # fmt: skip
        started = time.perf_counter()
        found = method(question)
        found.ms = (time.perf_counter() - started) * 1000
        store[key] = asdict(found)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(store))
        temporary.replace(path)
        return found

    return answer


def _intervals(variant: dict[str, Any], base: dict[str, Any]) -> dict[str, dict[str, float]]:
    return {
        metric: paired_bootstrap(
            [r[metric] for r in variant["per_question"]], [r[metric] for r in base["per_question"]]
        )
        for metric in ("hit@10", "hit_any@10", "coverage@10")
    }


def strip_per_question(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "per_question"}
