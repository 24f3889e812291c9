"""Indexing yields to the reader: the model reads at the lowest CPU priority.

The model reads a book on the same cores the reader searches on. The thread that runs an index
drops to the idle scheduling class (Linux ``SCHED_IDLE``), and so do llama.cpp's compute threads:
OpenMP gives every thread that computes its own team of helper threads, started from it and
inheriting its class. Whenever a query, a card or a repaint wants a core, the scheduler hands it
over at once; when nothing else runs, the model has the whole machine, as fast as before. The
priority changes when the work runs, never what it computes.

An unprivileged thread cannot raise its priority again, so the lowering is done on a thread
made for the job: the GUI's indexing worker (one thread per job) and :func:`in_background`
for ``saadi index``. Elsewhere than Linux the priority stays as it is (a process-wide nice
value would slow the reader's own thread in the app).

``SAADI_INDEX_PRIORITY=normal`` keeps the default priority: the benchmarks compare the two in
one run (``saadi bench speed --while-indexing``, ``saadi bench stall --runs``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

ENV = "SAADI_INDEX_PRIORITY"
T = TypeVar("T")


def yield_to_reader() -> str:
    """Lower the calling thread, and the threads it starts from now on, to the idle class.
    Returns what it did: ``"idle"`` or ``"normal"`` (asked for, or not possible here)."""
    if os.environ.get(ENV, "low") == "normal" or not hasattr(os, "SCHED_IDLE"):
        return "normal"
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # 0: this thread (Linux)
    except OSError:  # a sandbox that forbids it: the work runs, at the default priority
        return "normal"
    return "idle"


def in_background(work: Callable[[], T]) -> T:
    """Run ``work`` on a new thread that yields to the reader and wait for it; its result is
    returned and its exception raised here. The waiting thread keeps its priority and its
    signal handlers (Ctrl-C still reaches ``saadi index``); the worker is a daemon, so a
    second Ctrl-C ends the process without waiting for the model (SQLite keeps the file
    whole, and the run resumes from the last committed passage)."""
    outcome: dict[str, T] = {}
    failure: list[BaseException] = []

    def run() -> None:
        yield_to_reader()
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed to the waiting thread, raised there
            failure.append(error)

    worker = threading.Thread(target=run, name="saadi-index", daemon=True)
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return outcome["value"]
