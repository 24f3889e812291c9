"""``saadi bench stall``: how long the GUI thread stalls while the app indexes a book.

The main window is opened offscreen on a fresh copy of the book (a temporary library), a
10 ms timer ticks on the GUI thread, and the indexing panel reads the first N chunks with the
real model through its worker thread, exactly as a click on Start does. A gap between two ticks
longer than 10 ms is time the event loop could not run: a click or a repaint would have waited
that long. The clock starts once the opened book has settled (its text, notes and search laid
out: the window ticks on time for a second), so what is timed is the indexing. Each run
reports the longest gap, the 99th percentile and when the long gaps came (seconds after Start;
the first passage read marks the end of loading the model).

One run says little (a stall is a rare event), so ``runs`` runs are made at each priority in
turn: ``low``, as the app indexes (llm/priority.py), and ``normal``, as it did before yielding
to the reader; every run opens a fresh window on a fresh copy and loads the model anew.
"""

from __future__ import annotations

import itertools
import os
import statistics
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, Qt, QTimer

from saadi_desktop.eval.speed import model_spec
from saadi_desktop.library import import_book
from saadi_desktop.llm.priority import ENV
from saadi_desktop.store import StoreError
from saadi_desktop.ui.bench.offscreen import environment, main_window, temporary_library

TICK_MS = 10
GOAL_MS = 100
PRIORITIES = ("low", "normal")


def bench_stall(
    book: str,
    *,
    chunks: int = 2,
    model: str = "",
    runs: int = 1,
    priorities: tuple[str, ...] = PRIORITIES,
) -> dict[str, Any]:
    """``runs`` runs at each of ``priorities`` in turn, each indexing ``chunks`` chunks of a
    fresh copy of ``book`` through the GUI worker: per priority, every run's longest stall, how
    many runs stayed within the goal, and the runs themselves."""
    spec = model_spec(model)
    detail: dict[str, list[dict[str, Any]]] = {p: [] for p in priorities}
    for _ in range(max(1, runs)):
        for priority in priorities:
            detail[priority].append(_run(book, spec, chunks, priority))
    first = next(iter(detail.values()))[0]
    return {
        "book": first["book"],
        "chunks": chunks,
        "runs": max(1, runs),
        "goal_ms": GOAL_MS,
        "by_priority": {p: _distribution(r) for p, r in detail.items()},
        "runs_detail": detail,
        "cores": os.cpu_count(),
        "model": first["model"],
    }


def _distribution(runs: list[dict[str, Any]]) -> dict[str, Any]:
    longest = [r["longest_gap_ms"] for r in runs if r["longest_gap_ms"] is not None]
    return {
        "longest_gap_ms": longest,
        "runs_within_goal": sum(g <= GOAL_MS for g in longest),
        "median_longest_ms": round(statistics.median(longest), 1) if longest else None,
        "worst_ms": max(longest, default=None),
        "median_seconds": round(statistics.median(r["seconds"] for r in runs), 1),
    }


def _run(book: str, spec: str, chunks: int, priority: str) -> dict[str, Any]:
    # the priority is read by the worker thread when the run starts
    with environment(ENV, priority), temporary_library("saadi-stall-"):
        path = import_book(book).info.path
        with main_window() as (_app, window):
            return {"priority": priority, **_measure(window, path, spec, chunks)}


def _settle(quiet_s: float = 1.0, at_most_s: float = 15.0) -> None:
    """Run the event loop until it has ticked on time (no gap over 2 ticks) for ``quiet_s``:
    what opening the book started (its notes read and laid out, its search index) is done."""
    ticks = [time.perf_counter()]
    quiet_since = ticks[0]
    loop = QEventLoop()

    def tick() -> None:
        nonlocal quiet_since
        now = time.perf_counter()
        if now - ticks[-1] > 2 * TICK_MS / 1000:
            quiet_since = now
        ticks.append(now)
        if now - quiet_since >= quiet_s or now - ticks[0] >= at_most_s:
            loop.quit()

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    timer.start()
    loop.exec()
    timer.stop()


def _measure(window: Any, path: Path, spec: str, chunks: int) -> dict[str, Any]:
    window.open_book(path)
    _settle()  # opening a book lays out its text, notes and search: that is not indexing
    panel = window.indexing
    panel.limit = chunks
    panel.set_model_spec(spec)
    errors: list[str] = []
    panel.report_error = lambda _parent, _title, message: errors.append(message)
    ticks: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    read: list[float] = []  # when each passage was read
    panel.index_changed.connect(lambda _path, _text: read.append(time.perf_counter()))
    loop = QEventLoop()
    panel.run_ended.connect(lambda _path: loop.quit())
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    started = time.perf_counter()
    timer.start()
    panel.start_without_estimate()
    loop.exec()
    timer.stop()
    seconds = time.perf_counter() - started
    if errors:
        raise StoreError(errors[0])
    gaps = [(b, (b - a) * 1000) for a, b in itertools.pairwise(ticks)]
    ordered = sorted(ms for _, ms in gaps)
    progress = panel.last_progress or {}
    return {
        "book": Path(path).name,
        "chunks_read": progress.get("chunk", 0),
        "seconds": round(seconds, 1),
        "first_passage_read_s": round(read[0] - started, 1) if read else None,
        "ticks": len(ticks),
        "longest_gap_ms": round(ordered[-1], 1) if ordered else None,
        "p99_gap_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 1) if ordered else None,
        "median_gap_ms": round(statistics.median(ordered), 1) if ordered else None,
        "gaps_over_goal": sum(g > GOAL_MS for g in ordered),
        "gaps_over_50ms_at_s": [[round(at - started, 1), round(ms)] for at, ms in gaps if ms > 50],
        "tokens_per_s": progress.get("tokens_per_s"),
        "load_average_1min_at_start": round(load[0], 2),
        "model": Path(spec).name if not spec.startswith("http") else spec,
    }
