"""Running operations off the GUI thread.

Like Anki's ``QueryOp``: a plain function runs in a thread pool and its value (or its error) comes
back to the GUI thread, where a callback receives it. Nothing here touches a widget.

Lifetimes are the subtle part. A QObject must be destroyed on the thread it lives on, and a job's
last Python reference may well be dropped on the worker thread. So a job carries no QObject of
its own and no reference to one that could die with it: it reports through the one long-lived
:class:`JobRunner` (owned by the main window), which keeps the callbacks on the GUI thread and
calls them there.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal

from saadi_desktop.books import BookFormatError
from saadi_desktop.search.embed import Embedder
from saadi_desktop.store import StoreError
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations

EXPECTED_ERRORS = (BookFormatError, StoreError, OSError)

Work = Callable[[ProgressCallback], Any]  # gets a progress callback that may be called anywhere


class JobRunner(QObject):
    """Starts jobs and calls their callbacks on the GUI thread."""

    # No bool in a signal's arguments: see compat.protect_singletons.
    _succeeded = Signal(int, object)  # job id, value
    _failed = Signal(int, object)  # job id, exception
    _progressed = Signal(int, object)  # job id, progress event

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._callbacks: dict[int, tuple[Callable[[Any], None], Callable[[Any], None]]] = {}
        self._progress: dict[int, Callable[[Any], None]] = {}
        queued = Qt.ConnectionType.QueuedConnection
        self._succeeded.connect(self._dispatch_succeeded, queued)
        self._failed.connect(self._dispatch_failed, queued)
        self._progressed.connect(self._dispatch_progress, queued)

    def start(
        self,
        pool: QThreadPool,
        work: Work,
        succeeded: Callable[[Any], None],
        failed: Callable[[Any], None],
        progressed: Callable[[Any], None] | None = None,
    ) -> int:
        """Run ``work(progress)`` in ``pool``; then ``succeeded(value)`` or ``failed(error)``
        runs on the GUI thread (and ``progressed(event)`` for every progress event)."""
        job = next(self._ids)
        self._callbacks[job] = (succeeded, failed)
        if progressed is not None:
            self._progress[job] = progressed
        pool.start(_Job(self, job, work))
        return job

    def _dispatch_succeeded(self, job: int, value: object) -> None:
        succeeded, _failed = self._callbacks.pop(job)
        self._progress.pop(job, None)
        succeeded(value)

    def _dispatch_failed(self, job: int, error: object) -> None:
        _succeeded, failed = self._callbacks.pop(job)
        self._progress.pop(job, None)
        failed(error)

    def _dispatch_progress(self, job: int, event: object) -> None:
        callback = self._progress.get(job)
        if callback is not None:
            callback(event)


class _Job(QRunnable):
    """No QObject inside: Qt deletes it on the worker thread after ``run``."""

    def __init__(self, runner: JobRunner, job: int, work: Work) -> None:
        super().__init__()
        self.runner, self.job, self.work = runner, job, work

    def run(self) -> None:
        runner, job, work = self.runner, self.job, self.work
        try:
            value = work(lambda event: runner._progressed.emit(job, event))
        except Exception as error:  # reported to the GUI thread, never lost in a thread
            runner._failed.emit(job, error)
        else:
            runner._succeeded.emit(job, value)


class SharedEmbedder:
    """The sentence embedder, loaded once for the whole app on first use (from any thread)."""

    def __init__(self, factory: Callable[[], Embedder] = operations.load_embedder) -> None:
        self._factory = factory
        self._embedder: Embedder | None = None
        self._lock = threading.Lock()

    def get(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                self._embedder = self._factory()
            return self._embedder
