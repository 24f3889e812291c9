"""Cost known in advance: the exact number of calls, T(N, f) plus the finishing folds, and a time
estimate from a short calibration on this machine (or from the book's own call log)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from saadi_desktop.llm.base import LLM
from saadi_desktop.state import answer, prompts
from saadi_desktop.state.history import regular_fold_count, remaining_calls, total_calls
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

RECENT_CALLS = 30  # the log's latest calls of a kind time the rest of the run
STRETCH = 5  # a call over this many times the median time per token spanned a pause

Logged = tuple[int, int, float]  # (prompt tokens, generated tokens, ms) of one logged call


def _rates(calls: Sequence[Logged]) -> tuple[np.ndarray, float]:
    """Each call's ms per token, and their median."""
    per_token = np.array([ms / max(p + g, 1) for p, g, ms in calls], dtype=np.float64)
    return per_token, float(np.median(per_token)) if len(calls) else 0.0


def _over(per_token: np.ndarray, median: float) -> np.ndarray:
    return per_token > STRETCH * median


def stretched(calls: Sequence[Logged]) -> np.ndarray:
    """Which logged calls took over STRETCH times the median time per token: they spanned a
    sleep or a pause, or the machine was busy."""
    return _over(*_rates(calls))


def working_ms(calls: Sequence[Logged]) -> list[float]:
    """Each call's time with a stretched call counted at the median time per token."""
    per_token, median = _rates(calls)
    long = _over(per_token, median)
    return [(p + g) * median if x else ms for (p, g, ms), x in zip(calls, long, strict=True)]


def call_counts(db: BookDB) -> dict[str, int]:
    """Exact calls for the whole book and for what is left of it."""
    row = store.builder_row(db)
    body = store.indexed_chunks(db)
    done = sum(1 for c in body if c.seq < row.next_chunk)
    n, f = len(body), row.fold_f
    return {
        "chunks": n,
        "done": done,
        "calls_total": total_calls(n, f),
        "updates_total": n,
        "regular_folds_total": regular_fold_count(n, f),
        "finishing_folds_total": total_calls(n, f) - n - regular_fold_count(n, f),
        "calls_remaining": remaining_calls(done, n, f, finished=row.finished),
        "updates_remaining": n - done,
    }


def seconds_per_call(db: BookDB, llm: LLM, calibration_file: Path) -> dict[str, float]:
    """Measured seconds per update and per fold: from this book's call log when it has enough
    calls with this model, else a one-off calibration (one update, one fold) remembered per
    model in ``calibration_file``. The log gives the median of the latest calls: the machine
    as it is now, and a call that spanned a laptop's sleep does not make hours of it."""
    logged = store.call_times(db, llm.model_id)
    updates = [ms / 1000 for kind, ms in logged if kind == "update"][-RECENT_CALLS:]
    folds = [ms / 1000 for kind, ms in logged if kind == "fold"][-RECENT_CALLS:]
    if len(updates) >= 3:
        return {
            "update_s": statistics.median(updates),
            "fold_s": statistics.median(folds) if folds else statistics.median(updates) * 0.6,
            "source": 0.0,  # 0: the book's own log
        }
    cache = _read(calibration_file)
    key = f"{llm.model_id} {prompts.PROMPT_VERSION}"  # a new prompt version costs anew
    if key in cache:
        return dict(cache[key])
    figures = calibrate(db, llm)
    cache[key] = figures
    calibration_file.parent.mkdir(parents=True, exist_ok=True)
    calibration_file.write_text(json.dumps(cache, indent=2))
    return figures


def calibrate(db: BookDB, llm: LLM) -> dict[str, float]:
    """Time one real update and one real fold on the book's first passages (nothing stored)."""
    text = db.text()
    body = store.indexed_chunks(db)[:5]
    passages = [prompts.Passage(i + 1, text[c.start : c.end]) for i, c in enumerate(body)]
    started = time.perf_counter()
    llm.complete(
        prompts.update_messages([], passages[:1], []),
        grammar=answer.grammar([]),
        max_tokens=prompts.UPDATE_MAX_TOKENS,
    )
    update_s = time.perf_counter() - started
    # a fold reads five headlines and a key sentence of each: the passages' opening words
    # stand in for both, at their length
    children = [
        prompts.Child(p.number, p.number, " ".join(p.text.split()[:16]),
                      [" ".join(p.text.split()[16:46])])
        for p in passages
    ]  # fmt: skip
    started = time.perf_counter()
    llm.complete(
        prompts.fold_messages(children),
        grammar=answer.headline_grammar(),
        max_tokens=prompts.FOLD_MAX_TOKENS,
    )
    fold_s = time.perf_counter() - started
    return {"update_s": update_s, "fold_s": min(fold_s, update_s), "source": 1.0}


def estimate(db: BookDB, llm: LLM | None, calibration_file: Path) -> dict[str, Any]:
    counts: dict[str, Any] = dict(call_counts(db))
    if llm is None:
        return counts
    per = seconds_per_call(db, llm, calibration_file)
    updates = counts["updates_remaining"]
    folds = counts["calls_remaining"] - updates
    counts.update(
        update_s=round(per["update_s"], 2),
        fold_s=round(per["fold_s"], 2),
        estimated_s=round(updates * per["update_s"] + folds * per["fold_s"]),
        timing_from="book call log" if per.get("source") == 0.0 else "calibration",
    )
    return counts


def _read(path: Path) -> dict[str, dict[str, float]]:
    try:
        data = json.loads(path.read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}
