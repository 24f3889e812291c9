"""Indexing in the desktop app, offscreen: the worker thread, progress, pause and resume, cancel,
errors as dialogs, and closing the app mid-index. The model is scripted (deterministic); a gated
model holds one call open so that a click lands while the builder is mid-call, as a reader's
click would."""

from __future__ import annotations

import gc
import os
import sqlite3

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import make_epub
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_builder import dump, run, smart_reply, story

from saadi_desktop.library import import_book
from saadi_desktop.llm.base import Completion, Message
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.reading.views import entities
from saadi_desktop.search.embed import HashingEmbedder
from saadi_desktop.store import BookDB
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui.indexing import operations as index_operations
from saadi_desktop.ui.indexing.model_choice import kind_of
from saadi_desktop.ui.indexing.panel import IndexingPanel, duration
from saadi_desktop.ui.main_window import MainWindow

WAIT_MS = 10_000


class GatedLLM(ScriptedLLM):
    """The scripted model, except that call number ``hold_at`` waits until the test releases
    it: the builder is then mid-call, as it is for most of a real run."""

    def __init__(self, hold_at: int, default: Any = smart_reply) -> None:
        super().__init__(default=default)
        self.hold_at = hold_at
        self.holding = threading.Event()
        self.release = threading.Event()

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),
    ) -> Completion:
        if len(self.prompts) + 1 == self.hold_at:
            self.holding.set()
            self.release.wait(WAIT_MS / 1000)
        return super().complete(
            messages, schema=schema, grammar=grammar, max_tokens=max_tokens, avoid=avoid
        )


def factory(llm: ScriptedLLM) -> Any:
    def open_model(_spec: str, _progress: ProgressCallback) -> ScriptedLLM:
        return llm

    return open_model


def close_window(qtbot: QtBot, main: MainWindow) -> None:
    main.close()
    qtbot.waitUntil(lambda: not main.indexing.busy and not main.isVisible(), timeout=WAIT_MS)
    # Deleted here, on this thread: see saadi_desktop.ui.compat.GarbageCollector.
    main.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture
def window(qtbot: QtBot, library: Path, messages: list[tuple[str, str]]) -> Iterator[MainWindow]:
    main = MainWindow(embedder_factory=HashingEmbedder)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    close_window(qtbot, main)


@pytest.fixture
def book(tmp_path: Path, library: Path) -> Path:
    """A six-chapter story in 30-word chunks: 18 passages, several folds."""
    source = make_epub(tmp_path / "story.epub", story(6), title="The Story")
    return import_book(source, chunk_words=30).info.path


@pytest.fixture
def expected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The state an uninterrupted run builds (with the core alone, in another library)."""
    monkeypatch.setenv("SAADI_HOME", str(tmp_path / "reference"))
    source = make_epub(tmp_path / "reference.epub", story(6), title="The Story")
    path = import_book(source, chunk_words=30).info.path
    run(path)
    monkeypatch.setenv("SAADI_HOME", str(tmp_path / "home"))  # back to the test's library
    return dump(path)


def open_in(qtbot: QtBot, window: MainWindow, path: Path) -> IndexingPanel:
    window.refresh_library()
    window.library.select(path)
    qtbot.waitUntil(lambda: window.path == path, timeout=WAIT_MS)
    panel = window.indexing
    assert panel.path == path
    return panel


def start_held(
    qtbot: QtBot, window: MainWindow, path: Path, hold_at: int
) -> tuple[IndexingPanel, GatedLLM]:
    """Start indexing ``path`` and return once the builder is mid-call (call ``hold_at``)."""
    panel = open_in(qtbot, window, path)
    llm = GatedLLM(hold_at)
    panel.model_factory = factory(llm)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(llm.holding.is_set, timeout=WAIT_MS)
    return panel, llm


def state(path: Path) -> str:
    return index_operations.index_state(path)


def test_indexing_through_the_worker_updates_progress_library_and_entities(
    qtbot: QtBot, window: MainWindow, book: Path, messages: list[tuple[str, str]]
) -> None:
    panel = open_in(qtbot, window, book)
    panel.model_factory = factory(ScriptedLLM(default=smart_reply))
    assert panel.estimate_label.text().startswith("18 of 18 passages to read: 23 model calls")
    states: list[str] = []
    panel.index_changed.connect(lambda _path, text: states.append(text))

    with qtbot.waitSignal(panel.run_started, timeout=WAIT_MS):
        qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)  # estimate, confirm
    title, question = messages[0]
    assert title == "Start indexing" and "model calls" in question and "about" in question
    assert panel.isVisible()  # the dock opened
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)

    assert state(book) == "done"
    assert panel.bar.value() == panel.bar.maximum() == 18
    assert panel.bar.text() == "chunk 18 of 18 (100 %)"
    assert "tokens/s" not in panel.details.text() and panel.details.text().startswith(
        "Done: 18 passages read"
    )
    assert states[0] == "indexing 5 %" and states[-1] == "indexing 100 %"
    row = window.library.items()[0]
    assert row.text(1) == "done"  # the library was refreshed after the run
    with BookDB.open(book) as db:
        names = {e["name"] for e in entities(db, None)}
    assert {"Alyona Ivanovna", "Rodion", "Lizaveta", "Razumihin"} <= names
    assert index_operations.unfinished_indexing() is None
    assert len(messages) == 1  # no error


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the idle CPU class is Linux's")
def test_the_run_yields_to_the_reader_and_builds_the_same_state(
    qtbot: QtBot, window: MainWindow, book: Path, expected: dict[str, Any]
) -> None:
    """The estimate times the model at the default priority; the run's calls are made in the
    idle CPU class (llm/priority.py), the GUI thread keeps its own, and the state is the one an
    uninterrupted run at the default priority builds."""
    classes: list[int] = []

    def reply(messages: list[Message]) -> str:
        classes.append(os.sched_getscheduler(0))
        return smart_reply(messages)

    panel = open_in(qtbot, window, book)
    panel.model_factory = factory(ScriptedLLM(default=reply))
    with qtbot.waitSignal(panel.run_started, timeout=WAIT_MS):
        qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)  # estimate, confirm
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)

    assert classes[:2] == [os.SCHED_OTHER] * 2  # two calibration calls
    assert set(classes[2:]) == {os.SCHED_IDLE} and len(classes) == 2 + 23
    assert os.sched_getscheduler(0) == os.SCHED_OTHER
    assert state(book) == "done" and dump(book) == expected


def test_progress_shows_chunk_percent_speed_and_time_left(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    panel = open_in(qtbot, window, book)
    panel._progressed({"chunk": 6, "total": 24, "calls": 7, "tokens_per_s": 41.6, "eta_s": 3725.0})
    assert panel.bar.text() == "chunk 6 of 24 (25 %)"
    assert panel.details.text() == "42 tokens/s · time left 1 h 02 min · 7 model calls this run"
    assert window.library.items()[0].text(1) == "indexing 25 %"


def test_pause_then_resume_finishes_with_the_same_state(
    qtbot: QtBot, window: MainWindow, book: Path, expected: dict[str, Any]
) -> None:
    # two calibration calls, then the run's calls
    panel, llm = start_held(qtbot, window, book, hold_at=10)
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    assert "Pausing" in panel.details.text() and not panel.pause_button.isEnabled()
    llm.release.set()
    qtbot.waitUntil(lambda: panel.paused and not panel.busy, timeout=WAIT_MS)

    assert state(book) not in ("not indexed", "done")
    assert panel.start_button.text() == "Resume"
    assert index_operations.unfinished_indexing() == book  # offered again at the next start
    calls_before_resume = len(llm.prompts)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)  # no estimate, no question
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    assert len(llm.prompts) > calls_before_resume
    assert state(book) == "done"
    assert dump(book) == expected


def test_cancel_leaves_a_resumable_book(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    expected: dict[str, Any],
    messages: list[tuple[str, str]],
) -> None:
    panel, llm = start_held(qtbot, window, book, hold_at=6)
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    llm.release.set()
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)

    partial = state(book)
    assert partial.endswith("%") and partial != "0 %"
    assert window.library.items()[0].text(1) == partial
    assert not panel.paused and panel.start_button.text() == "Start"
    assert "Cancelled" in panel.details.text()
    assert index_operations.unfinished_indexing() is None  # cancelled: not offered at start

    panel.model_factory = factory(ScriptedLLM(default=smart_reply))
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)  # estimate again, confirm
    qtbot.waitUntil(lambda: panel.busy, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: not panel.busy and state(book) == "done", timeout=WAIT_MS)
    assert [t for t, _ in messages] == ["Start indexing", "Start indexing"]
    assert dump(book) == expected


def test_a_book_being_indexed_cannot_be_removed(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    messages: list[tuple[str, str]],
) -> None:
    panel, llm = start_held(qtbot, window, book, hold_at=6)
    qtbot.mouseClick(window.library.remove_button, Qt.MouseButton.LeftButton)
    assert messages[-1][0] == "Cannot remove this book"
    assert "is being indexed. Cancel the indexing first" in messages[-1][1]
    assert panel.path is not None and panel.path.exists() and window.reader.book is not None
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    llm.release.set()
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    qtbot.mouseClick(window.library.remove_button, Qt.MouseButton.LeftButton)
    assert not book.exists() and window.library.books() == []


def test_a_bad_model_file_shows_an_error_dialog(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    tmp_path: Path,
    messages: list[tuple[str, str]],
) -> None:
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"this is not a model at all, just some text")
    panel = open_in(qtbot, window, book)
    panel.set_model_spec(str(bad))  # the real model loader
    assert panel.model.kind.currentData() == "file" and panel.model.location.isVisibleTo(panel)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(messages) and not panel.busy, timeout=WAIT_MS)
    assert messages == [
        (
            "Cannot index this book",
            "The model cannot be used: bad.gguf: not a GGUF model file (wrong signature)",
        )
    ]
    assert state(book) == "not indexed"
    assert panel.start_button.isEnabled()  # pick another model and try again


def test_a_full_disk_shows_an_error_dialog(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    messages: list[tuple[str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(*_args: Any, **_options: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(index_operations, "build", full)
    panel = open_in(qtbot, window, book)
    panel.model_factory = factory(ScriptedLLM(default=smart_reply))
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(messages) == 2 and not panel.busy, timeout=WAIT_MS)
    assert messages[1] == (
        "Cannot index this book",
        "The book's index could not be written: database or disk is full",
    )
    assert index_operations.unfinished_indexing() is None


def test_search_works_while_the_builder_is_mid_call(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    panel, llm = start_held(qtbot, window, book, hold_at=8)
    window.search.spoilers.setChecked(True)
    with qtbot.waitSignal(window.search.results_changed, timeout=WAIT_MS):
        qtbot.keyClicks(window.search.query, "pledges")
    assert window.search.results  # the DB is read while the builder holds it open
    llm.release.set()
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    assert state(book) == "done"


def test_a_missing_server_address_is_asked_for(
    qtbot: QtBot, window: MainWindow, book: Path, messages: list[tuple[str, str]]
) -> None:
    panel = open_in(qtbot, window, book)
    panel.model.kind.setCurrentIndex(panel.model.kind.findData("server"))
    assert panel.model.location.placeholderText() == "http://localhost:8080"
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert messages == [("Choose a model", "Give a server address first.")]
    assert not panel.busy


def test_closing_mid_index_stops_the_worker_and_the_next_start_offers_to_resume(
    qtbot: QtBot,
    library: Path,
    book: Path,
    expected: dict[str, Any],
    messages: list[tuple[str, str]],
) -> None:
    first = MainWindow(embedder_factory=HashingEmbedder)
    first.show()
    panel, llm = start_held(qtbot, first, book, hold_at=8)

    first.close()  # mid-call: the window waits for the call, visibly
    assert first.isVisible() and panel.busy
    assert "Stopping before closing" in panel.details.text()
    llm.release.set()
    qtbot.waitUntil(lambda: not first.isVisible(), timeout=WAIT_MS)
    assert panel.worker is None
    assert state(book) not in ("not indexed", "done")
    assert index_operations.unfinished_indexing() == book
    close_window(qtbot, first)

    second = MainWindow(embedder_factory=HashingEmbedder)
    second.indexing.model_factory = factory(ScriptedLLM(default=smart_reply))
    second.show()  # the offer comes once the event loop runs
    qtbot.waitUntil(lambda: messages[-1][0] == "Resume indexing", timeout=WAIT_MS)
    assert "was interrupted" in messages[-1][1]
    qtbot.waitUntil(lambda: state(book) == "done" and not second.indexing.busy, timeout=WAIT_MS)
    assert dump(book) == expected
    close_window(qtbot, second)


def test_durations_and_model_kinds() -> None:
    assert duration(12.4) == "12 s"
    assert duration(250) == "4 min 10 s"
    assert duration(3 * 3600 + 5 * 60) == "3 h 05 min"
    assert kind_of("") == "built-in"
    assert kind_of("/models/qwen.gguf") == "file"
    assert kind_of("http://localhost:8080") == "server"


def test_search_catches_up_with_what_the_indexer_learned(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    panel = open_in(qtbot, window, book)
    session = window.search.session
    assert session is not None
    qtbot.waitUntil(lambda: session.book.keyword is not None, timeout=WAIT_MS)
    assert session.book.keyword is not None and not session.book.keyword.corpus.fields
    panel.model_factory = factory(ScriptedLLM(default=smart_reply))
    with qtbot.waitSignal(session.refreshed, timeout=WAIT_MS):
        panel.start_without_estimate()
    assert session.book.keyword.corpus.fields  # records, aliases and summaries: searchable
    assert not window.search_refresh.isActive()  # the end of the run refreshed it at once
    window.search.spoilers.setChecked(True)
    with qtbot.waitSignal(window.search.results_changed, timeout=WAIT_MS):
        qtbot.keyClicks(window.search.query, "meek sister")
    reasons = [r for result in window.search.results for r in result.reasons]
    assert any(r.startswith("linked to Lizaveta") for r in reasons)


class InterruptibleLLM(ScriptedLLM):
    """The scripted model, except that call number ``hold_at`` runs until it is interrupted,
    as a real model's long generation would."""

    def __init__(self, hold_at: int) -> None:
        super().__init__(default=smart_reply)
        self.hold_at = hold_at
        self.holding = threading.Event()
        self.interrupted = threading.Event()

    def interrupt(self) -> None:
        self.interrupted.set()

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),
    ) -> Completion:
        if len(self.prompts) + 1 == self.hold_at:
            self.holding.set()
            self.interrupted.wait(WAIT_MS / 1000)
            self.prompts.append(messages)
            return Completion("1 person | the ol", 10, 0, 2, 1.0)  # cut short mid-answer
        return super().complete(
            messages, schema=schema, grammar=grammar, max_tokens=max_tokens, avoid=avoid
        )


def test_pause_interrupts_the_call_in_progress_and_resume_reads_it_again(
    qtbot: QtBot, window: MainWindow, book: Path, expected: dict[str, Any]
) -> None:
    panel = open_in(qtbot, window, book)
    llm = InterruptibleLLM(hold_at=4)
    panel.model_factory = factory(llm)
    panel.start_without_estimate()
    qtbot.waitUntil(llm.holding.is_set, timeout=WAIT_MS)
    with qtbot.waitSignal(panel.run_ended, timeout=WAIT_MS):
        qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    assert llm.interrupted.is_set()  # the pause did not wait for the call to end by itself
    assert state(book) != "done"
    with BookDB.open(book) as db:
        assert not db.db.execute("SELECT count(*) FROM failed_chunks").fetchone()[0]
    panel.start_without_estimate()  # resume
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    assert state(book) == "done" and dump(book) == expected  # the cut answer was never used


def make_earlier_version(path: Path) -> None:
    """Make an indexed book look like one an earlier version indexed: prose summaries and no
    passage nodes, as version saadi-v5 left them."""
    with BookDB.open(path) as db:
        db.db.execute("UPDATE summaries SET form = 'prose' WHERE level >= 1")
        db.db.execute("DELETE FROM summaries WHERE level = 0")
        db.db.conn.commit()


def summary_forms(path: Path) -> dict[int, set[str]]:
    with BookDB.open(path) as db:
        rows = db.db.execute("SELECT level, form FROM summaries").fetchall()
    forms: dict[int, set[str]] = {}
    for level, form in rows:
        forms.setdefault(level, set()).add(form)
    return forms


def test_a_book_of_an_earlier_version_says_so_and_is_read_anew_on_request(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    expected: dict[str, Any],
    messages: list[tuple[str, str]],
) -> None:
    run(book)
    make_earlier_version(book)
    panel = open_in(qtbot, window, book)
    assert window.library.items()[0].text(1) == "done, earlier version"
    assert panel.earlier_label.isVisibleTo(panel) and panel.upgrade_button.isEnabled()
    assert panel.earlier_label.text() == (
        "Indexed by an earlier version: its summaries are prose a small model often got wrong; "
        "reading it anew gives headlines checked against the text and the book's own "
        "sentences. Updating costs 23 model calls (Estimate time tells how long on this "
        "machine)."
    )
    llm = ScriptedLLM(default=smart_reply)
    panel.model_factory = factory(llm)
    with qtbot.waitSignal(panel.run_ended, timeout=WAIT_MS):
        qtbot.mouseClick(panel.estimate_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    assert "23 model calls, about " in panel.earlier_label.text()
    assert panel.earlier_label.text().endswith("(from this book's own calls).")
    assert not llm.prompts  # timed by the book's call log: no model call

    with qtbot.waitSignal(panel.run_started, timeout=WAIT_MS):
        qtbot.mouseClick(panel.upgrade_button, Qt.MouseButton.LeftButton)  # confirm, read
    title, question = messages[-1]
    assert title == "Update indexing"
    assert "rebuilt from the first passage: 23 model calls, about" in question
    assert "paused or cancelled" in question
    assert panel.heading.text() == "Indexing “The Story” anew"
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)

    assert len(llm.prompts) == 23
    assert state(book) == "done" and window.library.items()[0].text(1) == "done"
    assert "prose" not in set().union(*summary_forms(book).values())
    assert summary_forms(book)[0] == {"headline"}  # every passage has its headline node again
    assert dump(book) == expected  # as a fresh index
    assert not panel.earlier_label.isVisibleTo(panel)
    assert not panel.upgrade_button.isVisibleTo(panel)
    assert panel.details.text().startswith("Done: 18 passages read")
    assert [t for t, _ in messages] == ["Update indexing"]


def test_an_update_can_be_paused_and_resumed_like_any_run(
    qtbot: QtBot,
    window: MainWindow,
    book: Path,
    expected: dict[str, Any],
    messages: list[tuple[str, str]],
) -> None:
    run(book)
    make_earlier_version(book)
    panel = open_in(qtbot, window, book)
    llm = GatedLLM(hold_at=6)
    panel.model_factory = factory(llm)
    qtbot.mouseClick(panel.upgrade_button, Qt.MouseButton.LeftButton)  # estimate, confirm, read
    qtbot.waitUntil(llm.holding.is_set, timeout=WAIT_MS)
    assert messages[-1][0] == "Update indexing" and "about" in messages[-1][1]
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    llm.release.set()
    qtbot.waitUntil(lambda: panel.paused and not panel.busy, timeout=WAIT_MS)

    assert state(book).endswith("%")  # no longer of the earlier version: read in part anew
    assert index_operations.unfinished_indexing() == book
    assert not panel.upgrade_button.isVisibleTo(panel)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)  # Resume
    qtbot.waitUntil(lambda: not panel.busy, timeout=WAIT_MS)
    assert state(book) == "done" and dump(book) == expected
    assert [t for t, _ in messages] == ["Update indexing"]
