"""Retrieval evaluation (eval/README.md): locate every evidence quote in the canonical text, then
score each method's ranking by strict hit@k, any-quote hit@k and evidence coverage@k."""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

KS = (1, 5, 10)
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'"})
_INVISIBLE = dict.fromkeys(map(ord, "\u2060\u200b\u200c\u200d\u00ad\ufeff"))


class QuestionFileError(Exception):
    """A question file is malformed or one of its quotes is not in the book."""


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    evidence: tuple[tuple[int, int], ...]  # located quotes: canonical [start, end)
    category: str


def normalise(text: str) -> tuple[str, list[int]]:
    """The README's one normalisation (NFKC, invisible characters dropped, curly quotes folded,
    whitespace runs collapsed) and, for each output character, its offset in ``text``."""
    out: list[str] = []
    where: list[int] = []
    for offset, char in enumerate(text):
        for piece in unicodedata.normalize("NFKC", char).translate(_INVISIBLE).translate(_QUOTES):
            if piece.isspace():
                if out and out[-1] == " ":
                    continue
                piece = " "
            out.append(piece)
            where.append(offset)
    return "".join(out), where


def load_questions(path: Path, canonical: str) -> list[Question]:
    """Read a question file and locate its quotes; an unlocatable quote is an error by name."""
    haystack, where = normalise(canonical)
    questions: list[Question] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise QuestionFileError(f"{path.name}: cannot be read ({error.strerror})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            spans = tuple(_locate(q, haystack, where, item["id"]) for q in item["evidence"])
            questions.append(Question(str(item["id"]), item["question"], spans,
                                      str(item.get("category", "all"))))  # fmt: skip
        except (ValueError, KeyError, TypeError) as error:
            raise QuestionFileError(f"{path.name}, line {number}: {error}") from None
    return questions


def _locate(quote: str, haystack: str, where: list[int], qid: str) -> tuple[int, int]:
    needle = normalise(quote)[0].strip()
    found = haystack.find(needle)
    if found < 0 or not needle:
        raise ValueError(f"question {qid}: evidence quote not found in the book: {quote[:60]!r}")
    return where[found], where[found + len(needle) - 1] + 1


def coverage(text: str, quote: tuple[int, int], spans: Sequence[tuple[int, int]]) -> float:
    """Fraction of the quote's non-space characters inside the spans (whitespace between two
    adjacent chunks belongs to neither and is ignored)."""
    start, end = quote
    covered = np.zeros(end - start, dtype=bool)
    for s, e in spans:
        lo, hi = max(s, start), min(e, end)
        if lo < hi:
            covered[lo - start : hi - start] = True
    solid = np.array([not c.isspace() for c in text[start:end]], dtype=bool)
    return float(covered[solid].mean()) if solid.any() else 1.0


def score_ranking(
    text: str, questions: Sequence[Question], rankings: Sequence[Sequence[tuple[int, int]]]
) -> dict[str, Any]:
    """Metrics of one method: ``rankings[i]`` is the ranked chunk spans for question i."""
    rows = [_question_metrics(text, q, r) for q, r in zip(questions, rankings, strict=True)]
    result = _mean(rows)
    result["by_category"] = {
        category: _mean(
            [row for row, q in zip(rows, questions, strict=True) if q.category == category]
        )
        for category in sorted({q.category for q in questions})
    }
    result["per_question"] = rows
    return result


def _question_metrics(
    text: str, question: Question, ranking: Sequence[tuple[int, int]]
) -> dict[str, float]:
    metrics: dict[str, float] = {}
    for k in (*KS, *range(1, 21)):
        fractions = [coverage(text, quote, ranking[:k]) for quote in question.evidence]
        metrics[f"hit@{k}"] = float(all(f >= 1.0 for f in fractions))
        metrics[f"hit_any@{k}"] = float(any(f >= 1.0 for f in fractions))
        metrics[f"coverage@{k}"] = float(np.mean(fractions))
    return metrics


def _mean(rows: Sequence[dict[str, float]]) -> dict[str, Any]:
    if not rows:
        return {}
    return {key: round(float(np.mean([r[key] for r in rows])), 4) for key in rows[0]}


def oracle_rankings(
    questions: Sequence[Question], chunks: Sequence[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """The best attainable ranking: the chunks that hold each quote, fewest first."""
    result = []
    for question in questions:
        needed: list[tuple[int, int]] = []
        for start, end in question.evidence:
            for span in chunks:
                if span[0] < end and start < span[1] and span not in needed:
                    needed.append(span)
        result.append(needed)
    return result


def paired_bootstrap(
    a: Sequence[float], b: Sequence[float], *, resamples: int = 10_000, seed: int = 0
) -> dict[str, float]:
    """Mean of a − b over questions with a 95% interval from resampling questions."""
    diff = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    rng = np.random.default_rng(seed)
    means = diff[rng.integers(0, len(diff), size=(resamples, len(diff)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return {"diff": round(float(diff.mean()), 4), "low": round(float(low), 4),
            "high": round(float(high), 4)}  # fmt: skip


# -- methods ----------------------------------------------------------------------------------


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


def differences_table(pair: str, rows: Sequence[dict[str, Any]]) -> str:
    """Markdown for :func:`differences` (a rank past 20 is shown as "–")."""
    at = f" at hit@{rows[0]['k']}" if rows else ""
    head = f"{pair}{at}: {sum(r['won'] for r in rows)} won, {sum(not r['won'] for r in rows)} lost"
    if not rows:
        return head
    lines = ["| question | category | rank | base rank | |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(
            f"| {r['id']}: {r['question']} | {r['category']} | {r['rank'] or '–'} "
            f"| {r['base_rank'] or '–'} | {'won' if r['won'] else 'lost'} |"
        )
    return head + "\n\n" + "\n".join(lines)


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


def plot_hit_at_k(methods: dict[str, dict[str, Any]], path: Path, title: str) -> None:
    """hit@k for k = 1…20, one line per method (strict hit: every quote covered)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    ks = list(range(1, DEPTH + 1))
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=120)
    colours = plt.get_cmap("tab20")
    for number, (name, metrics) in enumerate(methods.items()):
        colour = "black" if name == "oracle" else colours(number % 20)
        hits = [metrics[f"hit@{k}"] for k in ks]
        axes.plot(ks, hits, _line_style(name), label=name, color=colour, linewidth=1.5)
    axes.set(
        xlabel="k (passages returned)",
        ylabel="hit@k (all evidence covered)",
        title=title,
        xlim=(1, DEPTH),
        ylim=(0, 1.02),
        xticks=[1, 5, 10, 15, 20],
    )
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _line_style(name: str) -> str:
    """Bases solid, SAADI dash-dot, ablations dotted, SCT and the deep routes dashed."""
    if name.startswith("saadi"):
        return "-."
    if "_only_" in name:
        return ":"
    if name.startswith(("sct", "oracle")) or name in ("hybrid_rerank", "full_scan"):
        return "--"
    return "-"


def markdown_table(methods: dict[str, dict[str, Any]]) -> str:
    header = (
        "| method | hit@1 | hit@5 | hit@10 | hit_any@10 | coverage@10 | p50 ms | p95 ms "
        "| calls/query | tokens/query |\n|---|---|---|---|---|---|---|---|---|---|"
    )
    rows = [
        f"| {name} | {m['hit@1']:.3f} | {m['hit@5']:.3f} | {m['hit@10']:.3f} | "
        f"{m['hit_any@10']:.3f} | {m['coverage@10']:.3f} | {m['latency_ms']['p50']} | "
        f"{m['latency_ms']['p95']} | {m['per_query']['calls']} | {m['per_query']['tokens']} |"
        for name, m in methods.items()
    ]
    return "\n".join([header, *rows])


def trace_table(name: str, trace: Sequence[dict[str, Any]]) -> str:
    """Markdown for a deep route's reduction trace: how much evidence survives each round."""
    lines = [f"{name}, reduction trace:", "", "| round | questions | passages (mean) "
             "| evidence coverage of the pool |", "|---|---|---|---|"]  # fmt: skip
    lines += [
        f"| {t['round']} | {t['questions']} | {t['passages']} | {t['evidence_coverage']:.3f} |"
        for t in trace
    ]
    return "\n".join(lines)


def strip_per_question(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "per_question"}
