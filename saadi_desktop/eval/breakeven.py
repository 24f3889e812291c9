"""The cost report: what understanding the book once costs, and after how many questions it has
paid for itself against routes that spend model calls on every question.

SAADI spends T = T(N, f) calls at index time and none per query. An agentic retriever spends c
calls per query (c = 2.0 to 4.2 in the seeds), so the index breaks even after Q* = T / c queries
— in calls, and in tokens with the tokens such a call reads. The rerank route is measured here
on real questions, so its break-even is a measured figure too.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saadi_desktop.search.rerank import Cost
from saadi_desktop.state.cost import call_counts, stretched, working_ms
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

AGENTIC_CALLS = (2.0, 4.2)


def index_cost(db: BookDB) -> dict[str, Any]:
    """Index-time calls (exact, T(N, f) plus the finishing folds) and the tokens and seconds
    logged so far; for a book not yet finished, the totals are projected from the chunks done.
    Seconds: as logged, and working (a stretched call counted at the median time per token)."""
    counts = call_counts(db)
    log = store.calls(db)
    refused = [c for c in log if c.refused]
    evaluated = sum(c.prompt_tokens for c in log)
    cached = sum(c.cached_tokens for c in log)
    generated = sum(c.generated_tokens for c in log)
    seconds = sum(c.ms for c in log) / 1000
    calls = [(c.prompt_tokens, c.generated_tokens, c.ms) for c in log]
    working = sum(working_ms(calls)) / 1000
    done, total = counts["done"], counts["chunks"]
    scale = total / done if done else 0.0
    return {
        "chunks": total,
        "chunks_done": done,
        "calls_total": counts["calls_total"],
        "calls_logged": len(log),
        "answers_refused": {  # each kept in the calls table with the reason
            "update": sum(1 for c in refused if c.level is None),
            "fold": sum(1 for c in refused if c.level is not None),
        },
        "tokens_logged": {"evaluated": evaluated, "cached": cached, "generated": generated},
        "by_kind": by_kind(log),
        "seconds_logged": round(seconds, 1),
        "calls_stretched": int(stretched(calls).sum()),
        "seconds_working": round(working, 1),
        "projected": done < total,
        "tokens_total": round((evaluated + generated) * scale),
        "seconds_total": round(working * scale),
    }


def by_kind(log: Sequence[store.CallRow]) -> dict[str, dict[str, float]]:
    """Where the index's time went, per kind of call (update, fold, retry): calls, seconds, and
    the prompt tokens each had to evaluate (not served from the KV cache)."""
    kinds: dict[str, dict[str, float]] = {}
    for call in log:
        row = kinds.setdefault(call.kind, {"calls": 0, "seconds": 0.0, "evaluated": 0})
        row["calls"] += 1
        row["seconds"] += call.ms / 1000
        row["evaluated"] += call.prompt_tokens
    return {
        kind: {
            "calls": row["calls"],
            "seconds": round(row["seconds"], 1),
            "evaluated_per_call": round(row["evaluated"] / row["calls"]),
        }
        for kind, row in kinds.items()
    }


def break_even(
    index: dict[str, Any], tokens_per_call: float, rerank: dict[str, float] | None = None
) -> dict[str, Any]:
    """Q* = T / c in calls, and in tokens (index tokens / (c × tokens an agentic call reads));
    against the measured rerank route: index cost / rerank cost per query."""
    rows = [
        {
            "c": c,
            "queries_by_calls": round(index["calls_total"] / c, 1),
            "queries_by_tokens": round(index["tokens_total"] / (c * tokens_per_call), 1)
            if tokens_per_call
            else None,
        }
        for c in AGENTIC_CALLS
    ]
    result: dict[str, Any] = {"agentic": rows, "tokens_per_agentic_call": round(tokens_per_call)}
    if rerank:
        result["rerank"] = {
            f"queries_by_{unit}": round(index[f"{unit}_total"] / rerank[unit], 1)
            if rerank.get(unit)
            else None  # a fake model takes no time
            for unit in ("calls", "tokens", "seconds")
        }
    return result


def rerank_cost(costs: Sequence[Cost]) -> dict[str, float]:
    """Mean per-query cost of measured deep searches (``rerank.Cost`` objects)."""
    if not costs:
        return {}
    return {
        "queries": len(costs),
        "calls": round(statistics.mean(c.calls for c in costs), 2),
        "tokens": round(statistics.mean(c.prompt_tokens + c.generated_tokens for c in costs)),
        "seconds": round(statistics.mean(c.seconds for c in costs), 1),
        "tokens_per_call": round(
            sum(c.prompt_tokens + c.cached_tokens + c.generated_tokens for c in costs)
            / max(1, sum(c.calls for c in costs))
        ),
    }


def answered_rerank_costs(path: Path) -> list[Cost]:
    """The reranks that ``saadi bench retrieval --out`` already ran (its model_answers.json),
    as costs: measured once, not paid again. Their tokens are evaluated plus generated."""
    try:
        answers = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise ValueError(f"{path.name}: not a model answers file ({error})") from None
    return [
        Cost(calls=row["calls"], prompt_tokens=row["tokens"], seconds=row["ms"] / 1000)
        for key, row in answers.items()
        if key.split("/")[-2:-1] == ["rerank"]
    ]


def update_call_tokens(db: BookDB) -> float:
    """Tokens one update call reads and writes (evaluated + cached + generated), on average."""
    updates = [c for c in store.calls(db) if c.kind == "update"]
    if not updates:
        return 0.0
    return statistics.mean(c.prompt_tokens + c.cached_tokens + c.generated_tokens for c in updates)
