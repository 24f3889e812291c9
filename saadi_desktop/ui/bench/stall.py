"""``saadi bench stall``: how long the GUI thread stalls while the app indexes a book.

The main window is opened offscreen on a fresh copy of the book (a temporary library), a
10 ms timer ticks on the GUI thread, and the indexing panel reads the first N chunks with the
real model through its worker thread, exactly as a click on Start does. A gap between two ticks
longer than 10 ms is time the event loop could not run: a click or a repaint would have waited
that long. Reported: the longest gap and the 99th percentile, in milliseconds.
"""

from __future__ import annotations

import itertools
import os
import statistics
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, Qt, QTimer

from saadi_desktop.library import data_dir, import_book
from saadi_desktop.llm.default_model import default_model_path
from saadi_desktop.llm.gguf import check_gguf
from saadi_desktop.store import StoreError
from saadi_desktop.ui.bench.offscreen import main_window, temporary_library

TICK_MS = 10


def bench_stall(book: str, *, chunks: int = 2, model: str = "") -> dict[str, Any]:
    """Index ``chunks`` chunks of a fresh copy of ``book`` through the GUI worker; the event
    loop's longest stall and p99 gap (ms) while it ran."""
    # The built-in model is assembled once in the real data folder, not in the temporary one.
    spec = model or str(default_model_path(data_dir() / "models"))
    if not spec.startswith(("http://", "https://")):
        check_gguf(Path(spec))
    with temporary_library("saadi-stall-"):
        path = import_book(book).info.path
        with main_window() as (app, window):
            return _measure(app, window, path, spec, chunks)


def _measure(app: Any, window: Any, path: Path, spec: str, chunks: int) -> dict[str, Any]:
    window.open_book(path)
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
    gaps = sorted((b - a) * 1000 for a, b in itertools.pairwise(ticks))
    progress = panel.last_progress or {}
    return {
        "book": Path(path).name,
        "chunks": chunks,
        "chunks_read": progress.get("chunk", 0),
        "seconds": round(seconds, 1),
        "ticks": len(ticks),
        "tick_ms": TICK_MS,
        "longest_gap_ms": round(gaps[-1], 1) if gaps else None,
        "p99_gap_ms": round(gaps[int(0.99 * (len(gaps) - 1))], 1) if gaps else None,
        "median_gap_ms": round(statistics.median(gaps), 1) if gaps else None,
        "gaps_over_100ms": sum(g > 100 for g in gaps),
        "tokens_per_s": progress.get("tokens_per_s"),
        "cores": os.cpu_count(),
        "load_average_1min_at_start": round(load[0], 2),
        "model": Path(spec).name if not spec.startswith("http") else spec,
    }
