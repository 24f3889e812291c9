"""The indexing worker: one QThread per job (estimate, build, or upgrade: a book of an earlier
version read anew), reporting through signals.

The state builder is a plain function with ``progress=`` and ``should_stop=`` callbacks; here the
progress callback emits a signal (queued to the GUI thread) and ``should_stop`` reads a flag the
GUI thread sets, and the model call in progress is interrupted: llama.cpp stops generating at
the next token (only the prompt evaluation, seconds, cannot be cut short; a server call runs to
its end). The interrupted answer is not used; the chunk in progress is redone on resume.

The open model is kept in a :class:`ModelSlot` (a plain object) between jobs, so that an estimate
followed by a start, or a pause followed by a resume, loads it once.

A job that reads the book yields to the reader: its thread, and llama.cpp's threads it starts,
drop to the idle CPU class (``llm/priority.py``), so that a search, a card or a repaint gets a core
at once. An estimate keeps the default priority: it times the model.
"""

from __future__ import annotations

import enum
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from saadi_desktop.llm import LLM, LLMError
from saadi_desktop.llm.priority import yield_to_reader
from saadi_desktop.store import StoreError
from saadi_desktop.tasks import Cancelled
from saadi_desktop.ui import operations
from saadi_desktop.ui.indexing import operations as index_operations
from saadi_desktop.ui.indexing.operations import ModelFactory


class Job(enum.Enum):
    ESTIMATE = "estimate"
    BUILD = "build"
    UPGRADE = "upgrade"  # a book of an earlier version: forget what it had, then build

    @property
    def reads(self) -> bool:
        """Whether the job reads the book (and can be paused), not only times the model."""
        return self is not Job.ESTIMATE


@dataclass
class ModelSlot:
    """The model of the last job, kept open for the next one (plain Python: no Qt)."""

    spec: str | None = None
    llm: LLM | None = None

    def release(self) -> None:
        self.spec, self.llm = None, None


class IndexWorker(QThread):
    """Runs one job on ``path`` with the model ``spec``; emits exactly one of
    :attr:`estimated`, :attr:`state_built`, :attr:`stopped` or :attr:`failed` at the end."""

    status_changed = Signal(str)  # "Loading the model…"
    progress_changed = Signal(object)  # a builder progress event (dict)
    estimated = Signal(object)  # the estimate (dict)
    state_built = Signal(object)  # IndexOutcome
    stopped = Signal(str)  # why: "paused", "cancelled" or "closing"
    failed = Signal(str)  # a message for an error dialog

    def __init__(
        self,
        job: Job,
        path: Path,
        spec: str,
        slot: ModelSlot,
        factory: ModelFactory,
        *,
        limit: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.job, self.path, self.spec, self.slot, self.factory = job, path, spec, slot, factory
        self.limit = limit
        self._stop_reason: str | None = None

    def request_stop(self, reason: str) -> None:
        """Stop now: the model call in progress is cut short (called on the GUI thread)."""
        if self._stop_reason is None:
            self._stop_reason = reason
        if self.slot.llm is not None:
            self.slot.llm.interrupt()

    @property
    def stop_reason(self) -> str | None:
        return self._stop_reason

    def should_stop(self) -> bool:
        return self._stop_reason is not None

    def run(self) -> None:  # on the worker thread
        if self.job.reads:
            yield_to_reader()  # this thread is the job's own: it ends with the job
        try:
            llm = self._model()
            if self.should_stop():
                raise Cancelled()
            if self.job is Job.ESTIMATE:
                self.status_changed.emit("Timing the model on this machine…")
                self.estimated.emit(index_operations.time_estimate(self.path, llm))
                return
            if self.job is Job.UPGRADE:
                self.status_changed.emit("Reading the book anew…")
                read = index_operations.upgrade
            else:
                self.status_changed.emit("Reading the book…")
                read = index_operations.build
            outcome = read(
                self.path, llm, limit=self.limit,
                progress=self.progress_changed.emit, should_stop=self.should_stop,
            )  # fmt: skip
            self.state_built.emit(outcome)
        except Cancelled:
            self.stopped.emit(self._stop_reason or "cancelled")
        except LLMError as error:
            self.slot.release()
            self.failed.emit(f"The model cannot be used: {error}")
        except sqlite3.Error as error:  # "database or disk is full", a locked or damaged file
            self.failed.emit(f"The book's index could not be written: {error}")
        except (StoreError, OSError) as error:
            self.failed.emit(str(error))
        except Exception as error:  # a bug: logged, and still a dialog rather than a crash
            log = operations.write_crash_log(error)
            where = f" Details were saved to {log}." if log else ""
            self.failed.emit(f"Indexing stopped because of an unexpected error: {error}.{where}")

    def _model(self) -> LLM:
        if self.slot.llm is not None and self.slot.spec == self.spec:
            return self.slot.llm
        self.slot.release()  # at most one model in memory
        self.status_changed.emit("Loading the model…")
        llm = self.factory(self.spec, self._preparing)
        self.slot.spec, self.slot.llm = self.spec, llm
        return llm

    def _preparing(self, event: dict[str, Any]) -> None:
        done, total = event.get("preparing", 0), max(int(event.get("total", 1)), 1)
        self.status_changed.emit(f"Preparing the built-in model (once): {100 * done // total} %")
