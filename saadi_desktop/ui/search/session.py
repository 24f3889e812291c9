"""Search over one book: the searcher is built once in the background and kept; searches run
off the GUI thread; answers to superseded requests are dropped."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from saadi_desktop.search import Results, Searcher
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations
from saadi_desktop.ui.workers import EXPECTED_ERRORS, JobRunner, SharedEmbedder


@dataclass
class BookSearch:
    """What the worker threads share for one book (a plain object: no Qt, so it may be
    released on any thread)."""

    path: Path
    keyword: Searcher | None = None
    meaning: Searcher | None = None
    request: int = 0  # the latest request number
    closed: bool = False

    def stopped(self) -> bool:
        return self.closed


class SearchSession(QObject):
    """Search over one book.

    Searches run one at a time in ``search_pool`` (a Searcher is not thread-safe) and carry a
    request number: a request that is no longer the latest is skipped before it runs, and an
    answer that is no longer the latest is never emitted. Keyword search is ready in a fraction
    of a second; dense and hybrid need the embedder and the book's vectors, built on demand in
    ``background_pool`` while keyword search keeps working.
    """

    keyword_ready = Signal()
    meaning_ready = Signal()
    refreshed = Signal()
    meaning_progressed = Signal(str)
    search_finished = Signal(int, object)  # request number, Results
    failed = Signal(str)

    def __init__(
        self,
        path: Path,
        runner: JobRunner,
        embedder: SharedEmbedder,
        search_pool: QThreadPool,
        background_pool: QThreadPool,
    ) -> None:
        super().__init__()
        self.book = BookSearch(path)
        self._runner = runner
        self._embedder = embedder
        self._search_pool = search_pool
        self._background_pool = background_pool
        self._meaning_started = False
        book = self.book

        def build(_progress: ProgressCallback) -> None:
            # Set in the worker: searches queued meanwhile run after this job in the same
            # one-thread pool and must find it.
            book.keyword = operations.keyword_searcher(book.path)

        runner.start(search_pool, build, self._keyword_built, self._job_failed)

    @property
    def request(self) -> int:
        return self.book.request

    @property
    def closed(self) -> bool:
        return self.book.closed

    @property
    def has_meaning(self) -> bool:
        return self.book.meaning is not None

    def cancel(self) -> None:
        """Drop the searches asked so far (their answers will not be emitted)."""
        self.book.request += 1

    def close(self) -> None:
        """Stop: queued searches are skipped, embedding stops at its next batch, and nothing
        more is emitted."""
        self.book.closed = True
        self.book.request += 1

    # -- searching ------------------------------------------------------------------------------

    def search(self, query: str, *, until: int | None, retriever: str, k: int = 10) -> int:
        """Queue a search; returns its request number (see :attr:`search_finished`)."""
        book = self.book
        book.request += 1
        number = book.request
        if retriever != "bm25" and book.meaning is None:
            retriever = "bm25"  # keyword results while the meaning model loads

        def work(_progress: ProgressCallback) -> tuple[int, Results | None]:
            searcher = book.meaning if retriever != "bm25" else book.keyword
            if number != book.request or book.closed or searcher is None:
                return number, None  # superseded before it ran
            return number, searcher.search(query, k=k, until=until, retriever=retriever)

        self._runner.start(self._search_pool, work, self._searched, self._job_failed)
        return number

    def _searched(self, answer: tuple[int, Results | None]) -> None:
        number, results = answer
        if results is not None and number == self.book.request and not self.book.closed:
            self.search_finished.emit(number, results)

    def refresh(self) -> None:
        """Rebuild the searchers from the book DB — the indexer has written new records, links
        and summaries — in the background; searches use the old ones until the new are ready."""
        book, embedder = self.book, self._embedder
        meaning = book.meaning is not None

        def work(progress: ProgressCallback) -> tuple[Searcher, Searcher | None]:
            keyword = operations.keyword_searcher(book.path)
            if not meaning:
                return keyword, None
            fresh = operations.meaning_searcher(
                book.path, embedder.get(), progress=progress, should_stop=book.stopped
            )
            return keyword, fresh

        self._runner.start(self._background_pool, work, self._rebuilt, self._job_failed)

    def _rebuilt(self, searchers: tuple[Searcher, Searcher | None]) -> None:
        if self.book.closed:
            return
        self.book.keyword = searchers[0]
        if searchers[1] is not None:
            self.book.meaning = searchers[1]
        self.refreshed.emit()

    # -- meaning search -------------------------------------------------------------------------

    def enable_meaning(self) -> None:
        """Load the embedder and the book's vectors (embedding what is missing), in the
        background; a no-op once started."""
        if self._meaning_started:
            return
        self._meaning_started = True
        self.meaning_progressed.emit("Loading the meaning model…")
        book, embedder = self.book, self._embedder

        def work(progress: ProgressCallback) -> None:
            model = embedder.get()
            book.meaning = operations.meaning_searcher(
                book.path, model, progress=progress, should_stop=book.stopped
            )

        self._runner.start(
            self._background_pool, work, self._meaning_built, self._job_failed, self._embedding
        )

    def _embedding(self, event: dict[str, Any]) -> None:
        if not self.book.closed:
            done, total = event.get("embedded", 0), event.get("total", 0)
            self.meaning_progressed.emit(f"Reading passages for meaning search: {done}/{total}")

    def _keyword_built(self, _none: None) -> None:
        if not self.book.closed:
            self.keyword_ready.emit()

    def _meaning_built(self, _none: None) -> None:
        if not self.book.closed:
            self.meaning_ready.emit()

    def _job_failed(self, error: BaseException) -> None:
        if self.book.closed:
            return  # cancelled, or about a book no longer open: nobody to tell
        if isinstance(error, (*EXPECTED_ERRORS, ValueError)):
            message = str(error)
        else:
            operations.write_crash_log(error)
            message = f"search failed: {error}"
        self.failed.emit(message)
