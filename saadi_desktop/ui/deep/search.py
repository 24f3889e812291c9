"""Deep search in the desktop app: the search panel's secondary "Deep search…" action.

It is the one search that calls the model, so it is never the default: the reader asks for it,
chooses the route (rerank the top 50, or read the whole book up to the spoiler limit), sees the
cost — model calls and prompt tokens at most, and the time once this model or this book has
timings — and confirms. Opening the model and counting tokens happen in a worker thread while
the dialog waits; the search then runs in another, with progress and a Cancel that interrupts
the model call in progress. The results replace the panel's as ordinary results (a click jumps
to the passage and highlights it), marked as the model's choices, with the measured cost above.

The model is the one chosen in the indexing panel. Only one deep-search job runs at a time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QVBoxLayout, QWidget

from saadi_desktop.ui.deep.dialog import (
    SLOW_WITH_INDEXING,
    DeepSearchBar,
    DeepSearchDialog,
    describe_cost,
)
from saadi_desktop.ui.deep.operations import DeepOutcome, DeepPlan, DeepRequest
from saadi_desktop.ui.deep.worker import DeepJob, DeepSearchWorker, DeepSlot
from saadi_desktop.ui.dialogs.messages import show_error
from saadi_desktop.ui.indexing import operations as index_operations
from saadi_desktop.ui.indexing.model_choice import BUILT_IN, SERVER, kind_of
from saadi_desktop.ui.indexing.operations import ModelFactory
from saadi_desktop.ui.indexing.panel import IndexingPanel
from saadi_desktop.ui.search.panel import SearchPanel
from saadi_desktop.ui.workers import SharedEmbedder

ROUTE_NAMES = {"rerank": "the top 50 reranked", "scan": "the whole book read"}


class DeepSearch(QObject):
    """Deep search for the open book, driven from the search panel."""

    def __init__(
        self,
        window: QWidget,
        panel: SearchPanel,
        indexing: IndexingPanel,
        book: Callable[[], Path | None],
        embedder: SharedEmbedder,
    ) -> None:
        super().__init__(window)
        self.window, self.panel, self.indexing, self.book = window, panel, indexing, book
        self.embedder = embedder
        self.model_factory: ModelFactory = index_operations.open_model  # tests swap in a fake
        self.report_error: Callable[[QWidget | None, str, str], None] = show_error
        self.slot = DeepSlot()
        self.worker: DeepSearchWorker | None = None
        self.dialog: DeepSearchDialog | None = None
        self.plans: dict[str, DeepPlan] = {}  # the dialog's, by route
        self.running: DeepPlan | None = None  # the deep search under way
        self.last_progress: dict[str, Any] = {}
        self._base: DeepRequest | None = None  # the dialog's question, limit and model
        self._queued: tuple[DeepJob, DeepRequest] | None = None
        self._after_stop: Callable[[], object] | None = None
        self._own_results = False  # the panel's results_changed is about our results
        self.bar = DeepSearchBar()
        self.bar.cancel_requested.connect(self.cancel)
        layout = panel.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.indexOf(panel.result_area), self.bar)
        panel.deep_search_requested.connect(self.begin)
        panel.query.textChanged.connect(self._update)
        panel.results_changed.connect(self._results_changed)
        self._update()

    # -- asking ---------------------------------------------------------------------------------

    def begin(self) -> None:
        """Open the dialog for the panel's query and start working out the cost."""
        path, query = self.book(), self.panel.query.text().strip()
        if path is None or not query or self.running is not None or self.dialog is not None:
            return
        model = self.indexing.model
        if not model.is_complete():
            self.report_error(
                self.window,
                "Choose a model",
                f"Deep search uses the model chosen for indexing (Index › Index this book…): "
                f"give a {model.missing()} first.",
            )
            return
        until = self.panel.until()
        scope = f"up to here ({self.panel.locate(until)})" if until is not None else "(spoilers on)"
        self.plans = {}
        self._base = DeepRequest(path, query, "rerank", until, self.indexing.model_spec())
        dialog = DeepSearchDialog(query, scope, model_name(self._base.spec), self.window)
        dialog.route_changed.connect(self._plan_route)
        dialog.accepted.connect(self._confirmed)
        dialog.rejected.connect(self._dismissed)
        dialog.show_note(SLOW_WITH_INDEXING if self.indexing.busy else "")
        self.dialog = dialog
        dialog.open()  # window-modal; the event loop goes on
        self._plan_route()

    def _plan_route(self) -> None:
        if self.dialog is None or self._base is None:
            return
        route = self.dialog.route()
        if route in self.plans:
            self.dialog.show_plan(self.plans[route])
            return
        self.dialog.show_status("Working out the cost…")
        self._start(DeepJob.PLAN, dataclasses.replace(self._base, route=route))

    def _confirmed(self) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is None:
            return
        plan = self.plans.get(dialog.route())
        dialog.deleteLater()
        if plan is None:
            return
        self.running, self.last_progress = plan, {}
        self._show_progress({"calls": 0, "round": 1, "passages": plan.passages})
        self._start(DeepJob.RUN, plan.request)

    def _dismissed(self) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.deleteLater()
        if self._queued is not None and self._queued[0] is DeepJob.PLAN:
            self._queued = None
        if self.worker is not None and self.worker.job is DeepJob.PLAN:
            self.worker.request_stop()  # the model stays open for next time

    def cancel(self) -> None:
        """Stop the deep search after the model call in progress."""
        if self.worker is not None and self.worker.job is DeepJob.RUN:
            self.worker.request_stop()
            self.bar.show_stopping()
        elif self._queued is not None:
            self._queued = None
            self._stopped_run()

    # -- the worker -----------------------------------------------------------------------------

    def _start(self, job: DeepJob, request: DeepRequest) -> None:
        if self.worker is not None:  # one job at a time: this one runs next
            self._queued = (job, request)
            return
        session = self.panel.session
        meaning = self.embedder if session is not None and session.has_meaning else None
        worker = DeepSearchWorker(job, request, self.slot, self.model_factory, meaning)
        worker.status_changed.connect(self._status)
        worker.planned.connect(self._planned)
        worker.progress_changed.connect(self._show_progress)
        worker.searched.connect(self._searched)
        worker.stopped.connect(self._stopped)
        worker.failed.connect(self._failed)
        worker.finished.connect(self._worker_finished)
        self.worker = worker
        worker.start()
        self._update()

    def _status(self, text: str) -> None:
        if self.worker is not None and self.worker.job is DeepJob.PLAN:
            if self.dialog is not None:
                self.dialog.show_status(text)
        elif self.running is not None:
            self.bar.details.setText(text)

    def _planned(self, plan: DeepPlan) -> None:
        self.plans[plan.request.route] = plan
        if self.dialog is not None and self.dialog.route() == plan.request.route:
            self.dialog.show_plan(plan)

    def _show_progress(self, event: dict[str, Any]) -> None:
        plan = self.running
        if plan is None:
            return
        self.last_progress = event
        calls = int(event.get("calls", 0))
        details = (
            f"{calls} of at most {plan.calls} model calls done · round {event.get('round', 1)}: "
            f"{event.get('passages', plan.passages)} passages"
        )
        if self.indexing.busy:
            details += f"\n{SLOW_WITH_INDEXING}"
        heading = f"Deep search for “{plan.request.query}” ({ROUTE_NAMES[plan.request.route]})…"
        self.bar.show_running(heading, details, calls, plan.calls)

    def _searched(self, outcome: DeepOutcome) -> None:
        self.running = None
        if outcome.request.path != self.book():
            return  # about a book no longer open
        request = outcome.request
        self._own_results = True
        self.panel.show_results(outcome.results, until=request.until)
        self._own_results = False
        self.bar.show_done(
            f"Deep search results for “{request.query}”: {ROUTE_NAMES[request.route]} by the "
            f"model, {len(outcome.results)} kept",
            f"Cost: {describe_cost(outcome)}",
        )

    def _stopped(self) -> None:
        if self.worker is not None and self.worker.job is DeepJob.RUN:
            self._stopped_run()

    def _stopped_run(self) -> None:
        plan, self.running = self.running, None
        if plan is None or plan.request.path != self.book():
            self.bar.hide()
            return
        calls = int(self.last_progress.get("calls", 0))
        self.bar.show_done(
            "Deep search cancelled",
            f"Stopped after {calls} completed model call{'s' * (calls != 1)}; the results "
            "shown are those of normal search.",
        )

    def _failed(self, message: str) -> None:
        self.running = None
        self._queued = None
        if self.dialog is not None:
            self.dialog.reject()
        self.bar.hide()
        self.report_error(self.window, "Deep search failed", message)

    def _worker_finished(self) -> None:
        """The thread has ended: its last signals were delivered before this one."""
        worker, self.worker = self.worker, None
        if worker is not None:
            worker.wait()
            worker.deleteLater()
        if self._after_stop is not None:
            then, self._after_stop = self._after_stop, None
            then()
            return
        if self.slot.book is not None and self.slot.book[0] != self.book():
            self.slot.book, self.slot.searcher = None, None  # the book was closed
        queued, self._queued = self._queued, None
        if queued is not None:
            self._start(*queued)
        self._update()

    # -- the window -----------------------------------------------------------------------------

    def book_closed(self) -> None:
        """The open book is closing: stop what runs for it and forget its results."""
        self._queued = None
        if self.dialog is not None:
            self.dialog.reject()
        if self.worker is not None:
            self.worker.request_stop()
        else:
            self.slot.book, self.slot.searcher = None, None
        self.running = None
        self.bar.hide()
        self._update()

    def stop_for_close(self, then: Callable[[], object]) -> bool:
        """Closing the app: interrupt the call in progress and call ``then`` once stopped.
        False when nothing runs (close at once)."""
        if self.worker is None:
            return False
        self._after_stop = then
        self._queued = None
        self.worker.request_stop()
        return True

    def _results_changed(self) -> None:
        if not self._own_results and self.running is None:
            self.bar.hide()  # normal search has replaced the deep search's results
        self._update()  # also when a book was opened or closed

    def _update(self) -> None:
        ready = self.book() is not None and bool(self.panel.query.text().strip())
        self.panel.deep_button.setEnabled(ready and self.running is None)


def model_name(spec: str) -> str:
    kind = kind_of(spec)
    if kind == BUILT_IN:
        return "the built-in model"
    return spec if kind == SERVER else Path(spec).name


def install_deep_search(
    window: QWidget,
    panel: SearchPanel,
    indexing: IndexingPanel,
    book: Callable[[], Path | None],
    embedder: SharedEmbedder,
) -> DeepSearch:
    """Wire deep search into the search panel of ``window``."""
    return DeepSearch(window, panel, indexing, book, embedder)
