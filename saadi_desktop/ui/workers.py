"""Running operations off the GUI thread, and the per-book search session.

Like Anki's ``QueryOp``: a plain function runs in a thread pool and its value (or its error) comes
back to the GUI thread as a queued signal. Nothing here touches a widget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal

from saadi_desktop.books import BookFormatError
from saadi_desktop.search import Results, Searcher
from saadi_desktop.search.embed import Embedder
from saadi_desktop.store import StoreError
from saadi_desktop.ui import operations

EXPECTED_ERRORS = (BookFormatError, StoreError, OSError)


_running: set[Job] = set()  # jobs stay alive until their answer has reached the GUI thread


class JobSignals(QObject):
    """Lives on the GUI thread; a job emits these from its worker thread (queued delivery)."""

    succeeded = Signal(object)
    failed = Signal(object)  # the exception

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.job = job

    def release(self, _answer: object) -> None:
        _running.discard(self.job)


class Job(QRunnable):
    """Runs ``work()`` in a pool; reports through :attr:`signals`."""

    def __init__(self, work: Callable[[], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # Python owns it: its signals must outlive run()
        self.work = work
        self.signals = JobSignals(self)

    def run(self) -> None:
        try:
            value = self.work()
        except Exception as error:  # reported to the GUI thread, never lost in a thread
            self.signals.failed.emit(error)
        else:
            self.signals.succeeded.emit(value)


def start_job(
    pool: QThreadPool,
    work: Callable[[], Any],
    succeeded: Callable[[Any], None],
    failed: Callable[[Any], None],
) -> Job:
    """Run ``work`` in ``pool``; ``succeeded(value)`` or ``failed(error)`` runs on the GUI thread.
    The callbacks should be methods of QObjects living on the GUI thread."""
    job = Job(work)
    job.signals.succeeded.connect(succeeded)
    job.signals.failed.connect(failed)
    # Connected last, so it runs after the callbacks (queued slots run in connection order).
    job.signals.succeeded.connect(job.signals.release, Qt.ConnectionType.QueuedConnection)
    job.signals.failed.connect(job.signals.release, Qt.ConnectionType.QueuedConnection)
    _running.add(job)
    pool.start(job)
    return job


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


class SearchSession(QObject):
    """Search over one book: the searcher is built once, in the background, and kept.

    Searches run one at a time in ``search_pool`` (a Searcher is not thread-safe) and carry a
    request number; a request that is no longer the latest is skipped before it runs, and the
    panel drops any answer whose number is not current. Keyword search is ready in a fraction
    of a second; dense and hybrid need the embedder and the book's vectors, built on demand in
    ``background_pool`` while keyword search keeps working.
    """

    keyword_ready = Signal()
    meaning_ready = Signal()
    meaning_progressed = Signal(str)
    search_finished = Signal(int, object)  # request number, Results
    failed = Signal(str)

    def __init__(
        self,
        path: Path,
        embedder: SharedEmbedder,
        search_pool: QThreadPool,
        background_pool: QThreadPool,
    ) -> None:
        super().__init__()
        self.path = path
        self._embedder = embedder
        self._search_pool = search_pool
        self._background_pool = background_pool
        self._keyword: Searcher | None = None
        self._meaning: Searcher | None = None
        self._meaning_started = False
        self.request = 0
        self.closed = False
        self._run(self._search_pool, self._build_keyword, self._keyword_built)

    @property
    def has_meaning(self) -> bool:
        return self._meaning is not None

    def close(self) -> None:
        """Stop reporting; queued searches are skipped (a build in progress runs out quietly)."""
        self.closed = True
        self.request += 1

    # -- searching ------------------------------------------------------------------------------

    def search(self, query: str, *, until: int | None, retriever: str, k: int = 10) -> int:
        """Queue a search; returns its request number (see :attr:`search_finished`)."""
        self.request += 1
        number = self.request
        if retriever != "bm25" and self._meaning is None:
            retriever = "bm25"  # keyword results while the meaning model loads

        def work() -> tuple[int, Results | None]:
            if number != self.request or self.closed:
                return number, None  # superseded before it ran
            searcher = self._meaning if retriever != "bm25" else self._keyword
            if searcher is None:
                return number, None
            return number, searcher.search(query, k=k, until=until, retriever=retriever)

        self._run(self._search_pool, work, self._searched)
        return number

    def _searched(self, answer: tuple[int, Results | None]) -> None:
        number, results = answer
        if results is not None and number == self.request and not self.closed:
            self.search_finished.emit(number, results)

    # -- building -------------------------------------------------------------------------------

    def _build_keyword(self) -> None:
        # Set in the worker: searches queued meanwhile run after this job in the same
        # one-thread pool and must find it.
        self._keyword = operations.keyword_searcher(self.path)

    def _keyword_built(self, _none: None) -> None:
        if not self.closed:
            self.keyword_ready.emit()

    def enable_meaning(self) -> None:
        """Load the embedder and the book's vectors (embedding what is missing), in the
        background."""
        if self._meaning_started:
            return
        self._meaning_started = True
        self.meaning_progressed.emit("Loading the meaning model…")

        def work() -> None:
            embedder = self._embedder.get()
            self._meaning = operations.meaning_searcher(
                self.path, embedder, progress=self._report_embedding, should_stop=self._stopped
            )

        self._run(self._background_pool, work, self._meaning_built)

    def _stopped(self) -> bool:
        return self.closed

    def _report_embedding(self, event: dict[str, Any]) -> None:
        if not self.closed:
            done, total = event.get("embedded", 0), event.get("total", 0)
            self.meaning_progressed.emit(f"Reading passages for meaning search: {done}/{total}")

    def _meaning_built(self, _none: None) -> None:
        if not self.closed:
            self.meaning_ready.emit()

    def _run(self, pool: QThreadPool, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        start_job(pool, work, done, self._job_failed)

    def _job_failed(self, error: BaseException) -> None:
        if self.closed:
            return  # cancelled, or about a book no longer open: nobody to tell
        if isinstance(error, (*EXPECTED_ERRORS, ValueError)):
            message = str(error)
        else:
            operations.write_crash_log(error)
            message = f"search failed: {error}"
        self.failed.emit(message)
