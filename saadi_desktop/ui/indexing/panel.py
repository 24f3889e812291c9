"""The indexing panel: model choice, the estimate, start / pause / resume / cancel, progress.

One book is indexed at a time (a laptop's cores are the limit). While idle the panel follows the
open book; while a job runs it stays with the book being indexed. The work itself runs in an
:class:`~saadi_desktop.ui.indexing.worker.IndexWorker` thread; this widget only reacts to its
signals. Pausing and cancelling both interrupt the current model call (the builder commits
every chunk, so nothing is lost but the passage in progress, which is read again); a paused run
keeps its model loaded and is offered again at the next start of the app, a cancelled one is
forgotten (starting again still resumes at the cursor).

A book indexed by an earlier version (its summaries are prose) is said to be one, with what
reading it anew costs, and an Update action does it: the core forgets what the book had, then
the run is an index run like any other (paused, cancelled and resumed the same way).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.ui import operations
from saadi_desktop.ui.dialogs.messages import confirm, show_error
from saadi_desktop.ui.indexing import operations as index_operations
from saadi_desktop.ui.indexing.model_choice import ModelChoice
from saadi_desktop.ui.indexing.operations import IndexOutcome, ModelFactory
from saadi_desktop.ui.indexing.worker import IndexWorker, Job, ModelSlot
from saadi_desktop.ui.workers import EXPECTED_ERRORS

EARLIER_VERSION = (
    "Indexed by an earlier version: its summaries are prose a small model often got wrong; "
    "reading it anew gives headlines checked against the text and the book's own sentences."
)


def duration(seconds: float) -> str:
    """'2 h 05 min', '4 min 10 s', '12 s'."""
    seconds = max(int(seconds), 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


def timed_by(figures: dict[str, Any]) -> str:
    """Where an estimate's time comes from, for the reader."""
    if figures.get("timing_from") == "book call log":
        return "from this book's own calls"
    return "timed on this machine"


class IndexingPanel(QWidget):
    """Indexing of one book at a time, with its model choice, estimate and progress."""

    index_changed = Signal(object, str)  # book DB path, state for the library ("indexing 37 %")
    run_started = Signal(object)  # book DB path: a build job started
    run_ended = Signal(object)  # book DB path: a job ended (built, stopped or failed)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_factory: ModelFactory = index_operations.open_model  # tests swap in a fake
        self.limit: int | None = None  # chunks per run (the stall benchmark reads a few)
        self.report_error: Callable[[QWidget | None, str, str], None] = show_error
        self.path: Path | None = None  # the book shown
        self.title = ""
        self.worker: IndexWorker | None = None
        self.paused = False
        self._paused_upgrade = False  # the paused job was an update
        self.last_progress: dict[str, Any] | None = None
        self._counts: dict[str, Any] | None = None  # exact calls, for the book shown
        self._slot = ModelSlot()
        self._open_book: Path | None = None  # followed again when the job ends
        self._estimate: dict[str, Any] | None = None  # for (book, model) in _estimate_for
        self._estimate_for: tuple[Path, str] | None = None
        self._after_estimate: Job | None = None  # BUILD or UPGRADE, once the estimate is in
        self._after_stop: Callable[[], object] | None = None
        self._build_widgets()
        self.model.set_spec(index_operations.remembered_spec())
        self._update()

    # -- widgets --------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.model = ModelChoice()
        self.model.changed.connect(self._model_changed)
        self.estimate_label = QLabel()
        self.estimate_label.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 1)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.estimate_button = QPushButton("Estimate time")
        self.estimate_button.setToolTip("Load the model and time it on this machine")
        self.estimate_button.clicked.connect(self.estimate)
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.start)
        self.pause_button = QPushButton("Pause")
        self.pause_button.setToolTip("Stop now; Resume goes on from the passage in progress")
        self.pause_button.clicked.connect(self.pause)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop indexing; what is done so far is kept")
        self.cancel_button.clicked.connect(self.cancel)
        # shown only for a book indexed by an earlier version
        self.earlier_label = QLabel()
        self.earlier_label.setTextFormat(Qt.TextFormat.PlainText)
        self.earlier_label.setWordWrap(True)
        self.upgrade_button = QPushButton("Update (read anew)")
        self.upgrade_button.setToolTip(
            "Rebuild this book's people and summaries from the first passage with this version"
        )
        self.upgrade_button.clicked.connect(self.upgrade)

        buttons = QHBoxLayout()
        for button in (self.estimate_button, self.start_button, self.pause_button):
            buttons.addWidget(button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.upgrade_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.model)
        layout.addWidget(self.estimate_label)
        layout.addWidget(self.earlier_label)
        layout.addWidget(self.bar)
        layout.addWidget(self.details)
        layout.addLayout(buttons)
        layout.addStretch(1)

    # -- the model choice -----------------------------------------------------------------------

    def model_spec(self) -> str:
        return self.model.spec()

    def set_model_spec(self, spec: str) -> None:
        self.model.set_spec(spec)

    def _model_changed(self) -> None:
        self._estimate = None
        self._update()

    # -- the book -------------------------------------------------------------------------------

    def set_book(self, path: Path | None) -> None:
        """Show ``path`` (the open book); while a job runs, only remember it for later."""
        self._open_book = path
        if self.busy or self.paused:
            return
        self._show_book(path)

    def _show_book(self, path: Path | None) -> None:
        self.path, self.title, self._estimate = path, "", None
        self.last_progress, self._counts = None, None
        if path is not None:
            try:
                self.title = operations.book_info(path).title
                counts = index_operations.call_estimate(path)
            except EXPECTED_ERRORS as error:
                self.path = None
                self.details.setText(str(error))
            else:
                self._show_counts(counts)
        self._update()

    def _show_counts(self, counts: dict[str, Any]) -> None:
        total, done = counts["chunks"], counts["done"]
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        self.bar.setFormat(f"chunk {done} of {total} (%p %)")
        self.details.setText("")
        self._counts = counts

    @property
    def busy(self) -> bool:
        return self.worker is not None

    def holds(self, path: Path) -> bool:
        """Whether a run holds the book at ``path``: running, or paused part-way."""
        return path == self.path and (self.busy or self.paused)

    # -- actions --------------------------------------------------------------------------------

    def estimate(self) -> None:
        """Load the model and time it (in the background); the result shows in the panel."""
        if self.path is None or self.busy:
            return
        self._run(Job.ESTIMATE)

    def start(self) -> None:
        """Start or resume. The estimate is shown first: computed now if it is not known yet,
        then the reader confirms."""
        if self.path is None or self.busy:
            return
        if self.paused and self._paused_upgrade and self.earlier_version:
            self._start_upgrade()  # paused before anything was forgotten (the model loading)
            return
        if self.paused or self._estimate_known():
            self._start_build()
            return
        self._after_estimate = Job.BUILD
        self._run(Job.ESTIMATE)

    def upgrade(self) -> None:
        """Read a book of an earlier version anew. Like Start: the cost is shown first (the
        estimate computed now if it is not known yet), then the reader confirms."""
        if self.path is None or self.busy or self.paused or not self.earlier_version:
            return
        if self._estimate_known():
            if self._confirm_upgrade():
                self._start_upgrade()
            return
        self._after_estimate = Job.UPGRADE
        self._run(Job.ESTIMATE)

    def start_without_estimate(self) -> None:
        """Start at once (the stall benchmark: no calibration calls, no question)."""
        if self.path is not None and not self.busy:
            self._start_build()

    def pause(self) -> None:
        if self.worker is not None and self.worker.job.reads:
            self.worker.request_stop("paused")
            self.details.setText("Pausing (the model finishes reading its prompt first)…")
            self._update()

    def cancel(self) -> None:
        if self.worker is not None:
            self._after_estimate = None
            self.worker.request_stop("cancelled")
            self.details.setText("Stopping (the model finishes reading its prompt first)…")
            self._update()
        elif self.paused:
            self._stopped("cancelled")
            if self._open_book != self.path:
                self._show_book(self._open_book)
            self._update()

    def stop_for_close(self, then: Callable[[], object]) -> bool:
        """Closing the app: stop the job after its current call and call ``then`` once it has
        stopped. False when nothing runs (close at once). The book stays remembered, so the
        next start offers to resume."""
        if self.worker is None:
            return False
        self._after_stop = then
        self.worker.request_stop("closing")
        self.details.setText(
            "Stopping before closing (the model finishes reading its prompt first: a few seconds)…"
        )
        self._update()
        return True

    def offer_resume(self) -> None:
        """At start: if the app was closed while indexing a book, offer to go on."""
        path = index_operations.unfinished_indexing()
        if path is None or self.busy:
            return
        try:
            info = operations.book_info(path)
        except EXPECTED_ERRORS:
            return
        question = (
            f"Indexing of “{info.title}” was interrupted ({info.index_state}).\n\n"
            "Resume it now? It goes on from where it stopped."
        )
        if confirm(self, "Resume indexing", question):
            self._show_book(path)
            self._start_build()
        else:
            index_operations.remember_indexing(None)

    # -- jobs -----------------------------------------------------------------------------------

    def _run(self, job: Job) -> None:
        assert self.path is not None
        spec = self.model_spec()
        if not self.model.is_complete():
            self.report_error(self, "Choose a model", f"Give a {self.model.missing()} first.")
            self._after_estimate = None
            return
        worker = IndexWorker(job, self.path, spec, self._slot, self.model_factory, limit=self.limit)
        worker.status_changed.connect(self.details.setText)
        worker.progress_changed.connect(self._progressed)
        worker.estimated.connect(self._estimated)
        worker.state_built.connect(self._built)
        worker.stopped.connect(self._stopped)
        worker.failed.connect(self._failed)
        worker.finished.connect(self._worker_finished)
        self.worker = worker
        self.paused = False
        if job.reads:
            index_operations.remember_spec(spec)
            index_operations.remember_indexing(self.path)
        worker.start()
        if job.reads:
            self.run_started.emit(self.path)
        self._update()

    def _start_build(self) -> None:
        self.details.setText("Starting…")
        self._run(Job.BUILD)

    def _start_upgrade(self) -> None:
        self.details.setText("Starting to read the book anew…")
        self._run(Job.UPGRADE)

    def _estimate_known(self) -> bool:
        return self._estimate is not None and self._estimate_for == (self.path, self.model_spec())

    # -- worker signals (GUI thread) ------------------------------------------------------------

    def _progressed(self, event: dict[str, Any]) -> None:
        self.last_progress = event
        done, total = event["chunk"], max(event["total"], 1)
        self.bar.setRange(0, total)
        self.bar.setValue(done)
        self.bar.setFormat(f"chunk {done} of {event['total']} (%p %)")
        eta = event.get("eta_s")
        left = "…" if eta is None else duration(eta)
        self.details.setText(
            f"{event['tokens_per_s']:.0f} tokens/s · time left {left} · "
            f"{event['calls']} model call{'s' * (event['calls'] != 1)} this run"
        )
        if self.path is not None:
            self.index_changed.emit(self.path, f"indexing {100 * done // total} %")

    def _estimated(self, figures: dict[str, Any]) -> None:
        self._estimate = figures
        self.details.setText("")  # "Timing the model…" is over: the figures say it
        self._estimate_for = (self.path, self.model_spec()) if self.path else None
        self._show_estimate(figures)

    def _show_estimate(self, figures: dict[str, Any]) -> None:
        calls, left = figures["calls_remaining"], figures["updates_remaining"]
        if calls == 0:
            self.estimate_label.setText(f"All {figures['chunks']} passages are read.")
            return
        text = f"{left} of {figures['chunks']} passages to read: {calls} model calls"
        if "estimated_s" in figures:
            text += f", about {duration(figures['estimated_s'])} ({timed_by(figures)})"
        self.estimate_label.setText(text + ".")

    @property
    def earlier_version(self) -> bool:
        """Whether the book shown was indexed by an earlier version (as last looked up)."""
        return bool(self._figures().get("earlier_version"))

    def _figures(self) -> dict[str, Any]:
        """The figures of the book shown: the estimate when known, else the exact counts."""
        if self._estimate_known() and self._estimate is not None:
            return self._estimate
        return self._counts or {}

    def _upgrade_cost(self) -> str:
        """'23 model calls, about 1 min 05 s (timed on this machine)'; without the time until
        the model was timed."""
        figures = self._figures()
        calls = figures.get("upgrade_calls", 0)
        text = f"{calls} model call{'s' * (calls != 1)}"
        if "upgrade_s" in figures:
            return text + f", about {duration(figures['upgrade_s'])} ({timed_by(figures)})"
        return text

    def _built(self, outcome: IndexOutcome) -> None:
        self._estimate = None  # fewer calls are left now
        failed = f", {outcome.failed_chunks} failed" if outcome.failed_chunks else ""
        if outcome.finished:
            index_operations.remember_indexing(None)
            self.details.setText(
                f"Done: {outcome.chunks_read} passages read in {duration(outcome.seconds)}, "
                f"{outcome.calls} model calls{failed}."
            )
        else:  # a limited run
            self.details.setText(
                f"Read {outcome.chunks_read} passages ({outcome.calls} model calls{failed}); "
                "Start goes on from there."
            )

    def _stopped(self, reason: str) -> None:
        self._estimate = None  # fewer calls are left now
        if reason == "paused":
            self.paused = True
            self._paused_upgrade = self.worker is not None and self.worker.job is Job.UPGRADE
            self.details.setText("Paused. Resume goes on from the next passage.")
            return
        self.paused = False
        if reason == "cancelled":
            index_operations.remember_indexing(None)
            self._slot.release()
            self.details.setText("Cancelled. What was read is kept; Start goes on from there.")

    def _failed(self, message: str) -> None:
        self._after_estimate = None
        self.paused = False
        index_operations.remember_indexing(None)
        self.details.setText(message)
        self.report_error(self, "Cannot index this book", message)

    def _worker_finished(self) -> None:
        """The thread has ended: the last of its signals have been delivered before this one."""
        worker, self.worker = self.worker, None
        if worker is not None:
            worker.wait()
            worker.deleteLater()
        path = self.path
        if self._after_stop is not None:
            then, self._after_stop = self._after_stop, None
            self._update()
            then()
            return
        estimated = worker is not None and self._estimate_known()
        after, self._after_estimate = (self._after_estimate if estimated else None), None
        if path is not None:
            self.run_ended.emit(path)
            self._refresh_counts(path)
        if after is Job.BUILD and self._confirm_start():
            self._start_build()
        elif after is Job.UPGRADE and self.earlier_version and self._confirm_upgrade():
            self._start_upgrade()
        elif not self.paused and self._open_book != path:
            self._show_book(self._open_book)
        self._update()

    def _refresh_counts(self, path: Path) -> None:
        # when the book was removed meanwhile, the panel moves on to the open book
        with contextlib.suppress(*EXPECTED_ERRORS):
            self._counts = index_operations.call_estimate(path)

    def _model_name(self) -> str:
        return self.model.kind.currentText() if not self.model_spec() else self.model_spec()

    def _confirm_start(self) -> bool:
        figures = self._estimate or {}
        question = (
            f"Index “{self.title}” with {self._model_name()}?\n\n{self.estimate_label.text()}\n\n"
            "You can read and search while it runs, and pause at any time."
        )
        if figures.get("calls_remaining") == 0:
            return True
        return confirm(self, "Start indexing", question)

    def _confirm_upgrade(self) -> bool:
        question = (
            f"Read “{self.title}” anew with {self._model_name()}?\n\n"
            "Its people and summaries are forgotten and rebuilt from the first passage: "
            f"{self._upgrade_cost()}. Until the run ends they cover only the passages read "
            "so far.\n\n"
            "Like any index run it can be paused or cancelled, and it resumes where it stopped. "
            "You can read and search while it runs."
        )
        return confirm(self, "Update indexing", question)

    # -- the panel's look -----------------------------------------------------------------------

    def _update(self) -> None:
        running = self.worker is not None
        stopping = running and self.worker is not None and self.worker.should_stop()
        has_book = self.path is not None
        if not has_book:
            self.heading.setText("Open a book to index it")
        elif running and self.worker is not None and self.worker.job is Job.UPGRADE:
            self.heading.setText(f"Indexing “{self.title}” anew")
        elif running and self.worker is not None and self.worker.job.reads:
            self.heading.setText(f"Indexing “{self.title}”")
        elif self.paused:
            self.heading.setText(f"Indexing “{self.title}” — paused")
        else:
            self.heading.setText(f"Index “{self.title}”")
        if has_book and self._estimate_known() and self._estimate is not None:
            self._show_estimate(self._estimate)
        elif has_book and not running and self._counts is not None:
            self._show_estimate(self._counts)
        elif not has_book:
            self.estimate_label.setText("")
        choosing = has_book and not running and not self.paused
        self.model.setEnabled(choosing)
        self.estimate_button.setEnabled(choosing)
        self.start_button.setEnabled(has_book and not running)
        self.start_button.setText("Resume" if self.paused else "Start")
        building = running and self.worker is not None and self.worker.job.reads
        self.pause_button.setEnabled(building and not stopping)
        self.cancel_button.setEnabled((running and not stopping) or self.paused)
        self._show_earlier_version(has_book, choosing)

    def _show_earlier_version(self, has_book: bool, choosing: bool) -> None:
        # while the book is read anew it is no longer of the earlier version (the counts are
        # looked up again when the run ends)
        upgrading = self.worker is not None and self.worker.job is Job.UPGRADE
        shown = has_book and self.earlier_version and not upgrading
        self.earlier_label.setVisible(shown)
        self.upgrade_button.setVisible(shown)
        self.upgrade_button.setEnabled(shown and choosing)
        if not shown:
            return
        cost = self._upgrade_cost()
        if "upgrade_s" not in self._figures():
            cost += " (Estimate time tells how long on this machine)"
        self.earlier_label.setText(f"{EARLIER_VERSION} Updating costs {cost}.")
