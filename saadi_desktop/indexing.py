"""``saadi index``: open the model, build or resume the state, show progress, stop on Ctrl-C.

The reading runs on a thread that yields the CPU to anything else (``llm/priority.py``): the
reader's app stays quick while a book indexes in a terminal."""

from __future__ import annotations

import json
import signal
import sys
from dataclasses import asdict
from types import FrameType
from typing import Any

from saadi_desktop.library import data_dir, resolve_book
from saadi_desktop.llm import LLM, LLMError, open_llm, remember_model, remembered_model
from saadi_desktop.llm.priority import in_background
from saadi_desktop.state.builder import BuildReport, build_state, retry_failed_chunks, upgrade_state
from saadi_desktop.state.cost import estimate
from saadi_desktop.state.history import total_calls
from saadi_desktop.store import BookDB, StoreError
from saadi_desktop.store import state as store
from saadi_desktop.store.state import earlier_version
from saadi_desktop.tasks import Cancelled


def run_index(
    book: str,
    *,
    model: str | None,
    limit: int | None,
    estimate_only: bool,
    retry_failed: bool,
    as_json: bool,
    replay: bool = False,
    upgrade: bool = False,
) -> int:
    path = resolve_book(book)
    if replay:
        return _replay(path, as_json)
    spec = model if model is not None else remembered_model()
    if model is not None:
        remember_model(model)
    try:
        llm = open_llm(spec)  # a missing, truncated or non-GGUF file fails here, before any work
    except LLMError as error:
        raise StoreError(f"model: {error}") from None
    with BookDB.open(path) as db:
        if estimate_only:
            figures = estimate(db, llm, data_dir() / "calibration.json")
            if earlier_version(db):  # and what reading it anew would cost (--upgrade)
                calls, seconds = upgrade_cost(db, llm)
                figures.update(earlier_version=True, upgrade_calls=calls, upgrade_s=round(seconds))
            _print(figures, as_json)
            return 0
        if upgrade:
            upgrade_state(db)
        elif earlier_version(db) and not retry_failed:
            _tell_upgrade(db, llm, book)
    stop = _StopOnInterrupt(llm)
    show = _json_progress if as_json else _TerminalProgress()

    def read() -> tuple[BuildReport, str]:  # on the yielding thread, with its own connection
        with BookDB.open(path) as db:
            if retry_failed:
                report = retry_failed_chunks(db, llm, progress=show, should_stop=stop)
            else:
                report = build_state(db, llm, limit=limit, progress=show, should_stop=stop)
            return report, db.index_state()

    try:
        with stop:
            report, index_state = in_background(read)
    except Cancelled:
        print("\nstopped; run the same command again to resume", file=sys.stderr)
        return 130
    except LLMError as error:
        raise StoreError(f"model: {error}") from None
    if not as_json:
        print(file=sys.stderr)
    summary = {
        "kind": "done",
        "chunks_read": report.chunks_done,
        "calls": report.calls,
        "retries": report.retries,
        "planned_calls": report.calls - report.retries,
        "failed_chunks": report.failed,
        "ungrounded_dropped": report.ungrounded,
        "refused_by_rules": report.refused,
        "summaries_ungrounded": report.summaries_ungrounded,
        "headlines_refused": report.headlines_refused,
        "seconds": round(report.seconds, 1),
        "finished": report.finished,
        "index_state": index_state,
    }
    _print(summary, as_json)
    return 0


def upgrade_cost(db: BookDB, llm: LLM) -> tuple[int, float]:
    """Model calls and seconds to read a book anew (``--upgrade``), at this machine's rate."""
    figures = estimate(db, llm, data_dir() / "calibration.json")
    calls = total_calls(figures["chunks"], store.builder_row(db).fold_f)
    updates = figures["chunks"]
    return calls, figures["update_s"] * updates + figures["fold_s"] * (calls - updates)


def _tell_upgrade(db: BookDB, llm: LLM, book: str) -> None:
    """A book whose summaries an earlier version wrote: what bringing it up to date costs."""
    calls, seconds = upgrade_cost(db, llm)
    print(
        "note: this book's summaries were written by an earlier version (prose, where this one "
        "keeps headlines checked against the text and the book's own sentences); to read it "
        f"anew: saadi index {book} --upgrade — {calls} model calls, about {duration(seconds)} "
        "(resumable; its people and summaries are rebuilt from the first passage)",
        file=sys.stderr,
    )


def _replay(path: Any, as_json: bool) -> int:
    """``saadi index --replay``: the memory rebuilt from the kept answers, no model call."""
    from saadi_desktop.state.replay import ReplayError, replay_book
    from saadi_desktop.store.lock import builder_lock

    with BookDB.open(path) as db, builder_lock(db.path):
        try:
            report = replay_book(db)
        except ReplayError as error:
            raise StoreError(str(error)) from None
    _print({"kind": "replayed", **asdict(report)}, as_json)
    return 0


def _print(figures: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(figures), flush=True)
    else:
        for key, value in figures.items():
            print(f"{key:>22}: {value}")


def _json_progress(event: dict[str, Any]) -> None:
    print(json.dumps({"kind": "progress", **event}), flush=True)


class _TerminalProgress:
    """chunk X of Y, a bar, calls, tokens/s and time left, redrawn on one line."""

    def __call__(self, event: dict[str, Any]) -> None:
        done, total = event["chunk"], max(event["total"], 1)
        width = 30
        filled = width * done // total
        eta = event.get("eta_s")
        left = "?" if eta is None else duration(eta)
        line = (
            f"\r[{'#' * filled}{'.' * (width - filled)}] chunk {done} of {total} "
            f"({100 * done // total} %)  calls {event['calls']}"
            + (f" ({event['retries']} retries)" if event.get("retries") else "")
            + "  "
            f"{event['tokens_per_s']:.0f} tok/s  left {left}  "
        )
        print(line, end="", file=sys.stderr, flush=True)


def duration(seconds: float) -> str:
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}h{rest // 60:02d}m" if hours else f"{rest // 60}m{rest % 60:02d}s"


class _StopOnInterrupt:
    """Ctrl-C stops the builder: the call in progress is cut short at its next token and the
    passage is read again on resume; a second Ctrl-C aborts."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self.requested = False
        self._previous: Any = None

    def __call__(self) -> bool:
        return self.requested

    def __enter__(self) -> _StopOnInterrupt:
        self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.signal(signal.SIGINT, self._previous)

    def _handle(self, _signum: int, _frame: FrameType | None) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        self.llm.interrupt()
        print("\nstopping…", file=sys.stderr, flush=True)
