"""``saadi bench speed``: how long the work takes on this machine, measured, never asserted."""

from __future__ import annotations

import platform
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from saadi_desktop.library import import_book
from saadi_desktop.store import BookDB


def bench_speed(source: Path, *, repeat: int = 3) -> dict[str, Any]:
    """Import ``source`` ``repeat`` times into fresh throw-away libraries; report the median."""
    timings: list[float] = []
    info = None
    sections = 0
    for _ in range(max(1, repeat)):
        with tempfile.TemporaryDirectory(prefix="saadi-bench-") as library:
            started = time.perf_counter()
            info = import_book(source, library=Path(library)).info
            timings.append(time.perf_counter() - started)
            with BookDB.open(info.path) as db:
                sections = len(db.sections())
    assert info is not None
    return {
        "book": info.title,
        "file": source.name,
        "import_s": round(statistics.median(timings), 3),
        "import_runs_s": [round(t, 3) for t in timings],
        "sections": sections,
        "chunks": info.chunks,
        "words": info.words,
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}",
    }
