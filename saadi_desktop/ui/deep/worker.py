"""The deep-search worker: one QThread per job (plan or run), reporting through signals.

Like the indexing worker: the core's ``deep_search`` is a plain function with ``progress=`` and
``should_stop=`` callbacks; here progress emits a signal (queued to the GUI thread) and
``should_stop`` reads a flag the GUI thread sets; Cancel also interrupts the model call in
progress (llama.cpp stops at its next token), whose answer is then not used.

The open model and the book's searcher are kept in a :class:`DeepSlot` (a plain object) between
jobs: the plan opens them (the model's tokenizer counts the pool), the run that follows reuses
them, and so does the next deep search. The model is deep search's own, never the indexer's:
two threads must not share one llama.cpp context.
"""

from __future__ import annotations

import enum
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from saadi_desktop.llm import LLM, LLMError
from saadi_desktop.search import Searcher
from saadi_desktop.store import StoreError
from saadi_desktop.tasks import Cancelled
from saadi_desktop.ui import operations
from saadi_desktop.ui.deep import operations as deep_operations
from saadi_desktop.ui.deep.operations import DeepRequest
from saadi_desktop.ui.indexing.operations import ModelFactory
from saadi_desktop.ui.workers import SharedEmbedder


class DeepJob(enum.Enum):
    PLAN = "plan"
    RUN = "run"


@dataclass
class DeepSlot:
    """The model and the searcher of the last job, kept for the next one (plain Python)."""

    spec: str | None = None
    llm: LLM | None = None
    book: tuple[Path, bool] | None = None  # (path, with meaning) of the searcher
    searcher: Searcher | None = None

    def release(self) -> None:
        self.spec, self.llm, self.book, self.searcher = None, None, None, None


class DeepSearchWorker(QThread):
    """Runs one job; emits exactly one of :attr:`planned`, :attr:`searched`, :attr:`stopped`
    or :attr:`failed` at the end."""

    status_changed = Signal(str)  # "Opening the model…"
    planned = Signal(object)  # DeepPlan
    progress_changed = Signal(object)  # a reduction progress event (dict)
    searched = Signal(object)  # DeepOutcome
    stopped = Signal()
    failed = Signal(str)  # a message for an error dialog

    def __init__(
        self,
        job: DeepJob,
        request: DeepRequest,
        slot: DeepSlot,
        factory: ModelFactory,
        embedder: SharedEmbedder | None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.job, self.request, self.slot, self.factory = job, request, slot, factory
        self.embedder = embedder  # None: the book's meaning search is not ready (BM25 pool)
        self._stop = False

    def request_stop(self) -> None:
        """Stop now: the model call in progress is cut short (called on the GUI thread)."""
        self._stop = True
        if self.slot.llm is not None:
            self.slot.llm.interrupt()

    def should_stop(self) -> bool:
        return self._stop

    def run(self) -> None:  # on the worker thread
        try:
            llm = self._model()
            searcher = self._searcher()
            if self.should_stop():
                raise Cancelled()
            if self.job is DeepJob.PLAN:
                self.status_changed.emit("Counting the passages' tokens…")
                self.planned.emit(deep_operations.plan(searcher, llm, self.request))
                return
            outcome = deep_operations.run(
                searcher, llm, self.request,
                progress=self.progress_changed.emit, should_stop=self.should_stop,
            )  # fmt: skip
            self.searched.emit(outcome)
        except Cancelled:
            self.stopped.emit()
        except LLMError as error:
            self.slot.release()
            self.failed.emit(f"The model cannot be used: {error}")
        except (StoreError, OSError, sqlite3.Error) as error:
            self.failed.emit(str(error))
        except Exception as error:  # a bug: logged, and still a dialog rather than a crash
            log = operations.write_crash_log(error)
            where = f" Details were saved to {log}." if log else ""
            self.failed.emit(f"Deep search stopped because of an unexpected error: {error}.{where}")

    def _model(self) -> LLM:
        if self.slot.llm is not None and self.slot.spec == self.request.spec:
            return self.slot.llm
        self.slot.spec, self.slot.llm = None, None  # at most one deep-search model in memory
        self.status_changed.emit("Opening the model…")
        llm = self.factory(self.request.spec, self._preparing)
        self.slot.spec, self.slot.llm = self.request.spec, llm
        return llm

    def _searcher(self) -> Searcher:
        book = (self.request.path, self.embedder is not None)
        if self.slot.searcher is None or self.slot.book != book:
            self.slot.book, self.slot.searcher = None, None
            self.status_changed.emit("Opening the book's search index…")
            model = self.embedder.get() if self.embedder is not None else None
            self.slot.searcher = deep_operations.searcher(self.request.path, model)
            self.slot.book = book
        return self.slot.searcher

    def _preparing(self, event: dict[str, Any]) -> None:
        done, total = event.get("preparing", 0), max(int(event.get("total", 1)), 1)
        self.status_changed.emit(f"Preparing the built-in model (once): {100 * done // total} %")
