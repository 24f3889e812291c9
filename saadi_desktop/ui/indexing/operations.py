"""What the indexing panel asks of the core, as plain functions (no Qt).

The indexing half of :mod:`saadi_desktop.ui.operations`, kept in its own module: opening a model,
the estimate, running the builder (or reading a book of an earlier version anew), and remembering
which book was being indexed. Every function opens the book DB itself and closes it again, so it
can run on the indexing thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saadi_desktop.indexing import upgrade_cost
from saadi_desktop.library import data_dir
from saadi_desktop.llm import LLM, open_llm, remember_model, remembered_model
from saadi_desktop.state.builder import build_state, upgrade_state
from saadi_desktop.state.cost import call_counts, estimate
from saadi_desktop.store import BookDB, StoreError
from saadi_desktop.store.state import earlier_version
from saadi_desktop.tasks import ProgressCallback, StopCheck, ignore, never

ModelFactory = Callable[[str, ProgressCallback], LLM]  # spec, progress → an open model

INDEXING_KEY = "indexing"  # in settings.json: the DB path of the book being indexed


@dataclass(frozen=True)
class IndexOutcome:
    """What one indexing run did, for the panel's last line."""

    chunks_read: int
    calls: int
    failed_chunks: int
    seconds: float
    finished: bool
    index_state: str


def open_model(spec: str, progress: ProgressCallback = ignore) -> LLM:
    """Open a model: '' for the built-in one (assembled on first use, with progress events
    ``{"preparing": bytes_done, "total": bytes}``), a GGUF path or a server URL.

    Raises ``LLMError`` with a message for the reader (a missing or damaged file, …)."""
    if not spec:
        from saadi_desktop.llm.default_model import default_model_path

        models = data_dir() / "models"
        default_model_path(
            models, lambda done, total: progress({"preparing": done, "total": total})
        )
    return open_llm(spec)


def remembered_spec() -> str:
    """The model the reader last chose ('' for the built-in one)."""
    return remembered_model()


def remember_spec(spec: str) -> None:
    remember_model(spec)


def call_estimate(path: Path) -> dict[str, Any]:
    """Exact model calls for the whole book and for what is left (no model needed); for a book
    indexed by an earlier version also ``earlier_version`` and ``upgrade_calls``, the calls
    that reading it anew costs (every passage and every fold again)."""
    with BookDB.open(path) as db:
        counts: dict[str, Any] = dict(call_counts(db))
        if earlier_version(db):
            counts.update(earlier_version=True, upgrade_calls=counts["calls_total"])
    return counts


def time_estimate(path: Path, llm: LLM) -> dict[str, Any]:
    """Calls and seconds left: from the book's call log, or a one-off calibration of this
    model on this machine (two real calls, remembered per model). For a book indexed by an
    earlier version also what reading it anew costs, as ``saadi index --estimate`` gives it:
    ``earlier_version``, ``upgrade_calls`` and ``upgrade_s``."""
    with BookDB.open(path) as db:
        figures = estimate(db, llm, data_dir() / "calibration.json")
        if earlier_version(db):
            calls, seconds = upgrade_cost(db, llm)
            figures.update(earlier_version=True, upgrade_calls=calls, upgrade_s=round(seconds))
    return figures


def build(
    path: Path,
    llm: LLM,
    *,
    limit: int | None = None,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> IndexOutcome:
    """Build or resume the book's state; raises ``Cancelled`` when stopped (resumable)."""
    with BookDB.open(path) as db:
        report = build_state(db, llm, limit=limit, progress=progress, should_stop=should_stop)
        state = db.index_state()
    return IndexOutcome(
        chunks_read=report.chunks_done,
        calls=report.calls,
        failed_chunks=len(report.failed),
        seconds=report.seconds,
        finished=report.finished,
        index_state=state,
    )


def upgrade(
    path: Path,
    llm: LLM,
    *,
    limit: int | None = None,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> IndexOutcome:
    """Read a book indexed by an earlier version anew (``saadi index --upgrade``): what it had
    is forgotten, then the book is built from the first passage as :func:`build` does. A
    stopped run is no longer of the earlier version: :func:`build` resumes it."""
    with BookDB.open(path) as db:
        upgrade_state(db)
    return build(path, llm, limit=limit, progress=progress, should_stop=should_stop)


def index_state(path: Path) -> str:
    """'not indexed', 'x %', 'done' or 'done, N failed chunks'."""
    with BookDB.open(path) as db:
        return db.index_state()


# -- the book being indexed, remembered across restarts -------------------------------------------


def remember_indexing(path: Path | None) -> None:
    """Remember (or forget, with None) the book being indexed, so that the next start can offer
    to resume it after the app was closed mid-index."""
    settings = _read_settings()
    if path is None:
        settings.pop(INDEXING_KEY, None)
    else:
        settings[INDEXING_KEY] = str(path)
    target = _settings_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(settings, indent=2))
    except OSError:
        pass  # only a convenience: the builder's cursor in the book DB is what resumes


def unfinished_indexing() -> Path | None:
    """The remembered book, if it still exists and is not fully indexed."""
    value = _read_settings().get(INDEXING_KEY)
    if not isinstance(value, str) or not value:
        return None
    path = Path(value)
    try:
        state = index_state(path)
    except StoreError:
        return None
    return None if state.startswith("done") else path


def _settings_path() -> Path:
    return data_dir() / "settings.json"  # the file llm.remember_model writes too


def _read_settings() -> dict[str, Any]:
    try:
        settings = json.loads(_settings_path().read_text())
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}
