"""Deep search in the desktop app, offscreen: the cost before, confirm, progress, results that jump
to their passage, the cost after, Cancel, the spoiler limit of the full scan, a bad model. The
model is scripted: a judge that prefers passages saying the query word most often."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import make_epub
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_rerank import judge, passages_of
from test_ui_indexing import GatedLLM

from saadi_desktop.library import import_book
from saadi_desktop.llm import LLMError
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.search.embed import HashingEmbedder
from saadi_desktop.store import BookDB
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui.deep.dialog import SLOW_WITH_INDEXING, DeepSearchDialog
from saadi_desktop.ui.indexing.panel import IndexingPanel
from saadi_desktop.ui.main_window import MainWindow

WAIT_MS = 10_000
CONTEXT = 600  # words: windows of about ten passages, so the top 50 takes several rounds

FILLER = (
    "The road went on past the mill and the river, and the travellers talked of the weather, "
    "of the harvest, of their cousins in town and of the price of bread this year."
)


def chapter(n: int) -> tuple[str, str]:
    body = [FILLER, FILLER]
    if n == 1:
        body[1] = "She lit the lantern. The lantern swung on its hook by the door."
    if n == 18:  # the best passage, long after where the reader is
        body[0] = "The lantern, the lantern! Every lantern in the street went out at once."
    return f"Chapter {n}", "".join(f"<p>{p}</p>" for p in body)


@pytest.fixture
def book(tmp_path: Path, library: Path) -> Path:
    """Twenty chapters in passages of about thirty words: the reader's screen holds a few."""
    source = make_epub(tmp_path / "lanterns.epub", [chapter(n) for n in range(1, 21)])
    return import_book(source, chunk_words=30).info.path


@pytest.fixture
def window(qtbot: QtBot, library: Path, messages: list[tuple[str, str]]) -> Iterator[MainWindow]:
    main = MainWindow(embedder_factory=HashingEmbedder)
    qtbot.addWidget(main)
    main.resize(1000, 500)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.close()
    qtbot.waitUntil(lambda: main.deep.worker is None and not main.isVisible(), timeout=WAIT_MS)
    # Deleted here, on this thread: see saadi_desktop.ui.compat.GarbageCollector.
    main.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


class GatedJudge(GatedLLM):
    """The judge, except that call number ``hold_at`` waits until the test releases it: the
    search is then mid-call, as it is for most of a real run."""

    def __init__(self, word: str, hold_at: int) -> None:
        super().__init__(hold_at, default=judge(word).default)
        self.n_ctx = CONTEXT
        self.interrupted = False

    def interrupt(self) -> None:
        self.interrupted = True


def scripted(word: str) -> ScriptedLLM:
    llm = judge(word)
    llm.n_ctx = CONTEXT  # type: ignore[attr-defined]
    return llm


def use_model(window: MainWindow, llm: ScriptedLLM) -> None:
    def open_model(_spec: str, _progress: ProgressCallback) -> ScriptedLLM:
        return llm

    window.deep.model_factory = open_model


def open_and_search(qtbot: QtBot, window: MainWindow, path: Path, query: str) -> None:
    window.refresh_library()
    window.library.select(path)
    qtbot.waitUntil(lambda: window.reader.book is not None, timeout=WAIT_MS)
    panel = window.search
    with qtbot.waitSignal(panel.results_changed, timeout=WAIT_MS):
        qtbot.keyClicks(panel.query, query)


def ask(qtbot: QtBot, window: MainWindow, route: str = "rerank") -> DeepSearchDialog:
    """Click "Deep search…", choose the route and wait for its cost."""
    qtbot.mouseClick(window.search.deep_button, Qt.MouseButton.LeftButton)
    dialog = window.deep.dialog
    assert dialog is not None and dialog.isVisible()
    if route == "scan":
        dialog.scan.setChecked(True)
    qtbot.waitUntil(dialog.run_button.isEnabled, timeout=WAIT_MS)
    return dialog


def run(qtbot: QtBot, window: MainWindow, dialog: DeepSearchDialog) -> None:
    with qtbot.waitSignal(window.search.results_changed, timeout=WAIT_MS):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.deep.worker is None, timeout=WAIT_MS)


def test_the_cost_is_shown_first_then_results_jump_to_their_passage_and_the_cost_after(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    llm = scripted("lantern")
    use_model(window, llm)
    window.search.spoilers.setChecked(True)  # the whole book: the best passage is in it
    open_and_search(qtbot, window, book, "lantern")
    before = list(window.search.results)
    dialog = ask(qtbot, window)
    plan = window.deep.plans["rerank"]
    assert dialog.cost.text() == (
        f"At most {plan.calls} model calls, {plan.prompt_tokens:,} prompt tokens "
        "(50 passages), time known after the first deep search."
    )
    assert plan.rounds > 1 and llm.prompts == []  # nothing asked of the model yet

    run(qtbot, window, dialog)
    panel, bar = window.search, window.deep.bar
    assert 0 < len(llm.prompts) <= plan.calls
    assert len(before) < 5 == len(panel.results)  # keyword search shows matches only
    best = panel.results[0]
    assert "The lantern, the lantern!" in best.text
    assert (
        "deep search: rank 1 of the 50 passages the model compared" in panel.cards[0].label.text()
    )
    assert bar.isVisible() and bar.heading.text().startswith("Deep search results for “lantern”")
    cost = bar.details.text()
    assert f"Cost: {len(llm.prompts)} model calls, " in cost
    assert "prompt tokens evaluated" in cost and "generated" in cost
    assert "Passages left after each round: 50 → " in cost and cost.endswith(" → 5.")

    qtbot.mouseClick(panel.cards[0], Qt.MouseButton.LeftButton)
    assert window.reader.highlighted()[0] == (best.start, best.end)
    assert window.reader.top_position() <= best.start < window.reader.bottom_position()

    again = ask(qtbot, window)  # this model's speed is now known (the scripted one takes 0 s)
    assert again.cost.text().endswith("about 0 s.")
    again.reject()
    qtbot.keyClicks(panel.query, "s")  # a normal search replaces the deep search's results
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=WAIT_MS)


def test_the_scan_reads_only_up_to_the_spoiler_limit(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    llm = scripted("lantern")
    use_model(window, llm)
    open_and_search(qtbot, window, book, "lantern")
    limit = window.search.until()
    assert limit is not None
    with BookDB.open(book) as db:
        text, chunks = db.text(), db.chunks()
    read = [c for c in chunks if c.start <= limit]
    assert 2 < len(read) < len(chunks) - 10  # the screen shows a few chapters of twenty
    dialog = ask(qtbot, window, "scan")
    assert window.deep.plans["scan"].passages == len(read)
    run(qtbot, window, dialog)
    seen = {p.strip() for prompt in llm.prompts for p in passages_of(prompt)}
    assert seen == {text[c.start : c.end] for c in read}  # every passage up to here, no other
    results = window.search.results
    assert results and all(r.start <= limit for r in results)
    assert "She lit the lantern." in results[0].text

    with qtbot.waitSignal(window.search.results_changed, timeout=WAIT_MS):
        window.search.spoilers.setChecked(True)
    run(qtbot, window, ask(qtbot, window, "scan"))
    assert "The lantern, the lantern!" in window.search.results[0].text


def test_cancel_interrupts_the_call_in_progress(
    qtbot: QtBot, window: MainWindow, book: Path
) -> None:
    llm = GatedJudge("lantern", hold_at=2)
    use_model(window, llm)
    window.search.spoilers.setChecked(True)  # the whole book: several rounds of calls
    open_and_search(qtbot, window, book, "lantern")
    before = list(window.search.results)
    dialog = ask(qtbot, window)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(llm.holding.is_set, timeout=WAIT_MS)  # the second call is under way
    bar = window.deep.bar
    qtbot.waitUntil(lambda: "1 of at most" in bar.details.text(), timeout=WAIT_MS)
    assert not window.search.deep_button.isEnabled()  # one deep search at a time
    qtbot.mouseClick(bar.cancel, Qt.MouseButton.LeftButton)
    assert bar.details.text().startswith("Stopping (the model call in progress is cut short)")
    assert llm.interrupted  # the model was told to cut its call short
    llm.release.set()
    qtbot.waitUntil(lambda: window.deep.worker is None, timeout=WAIT_MS)
    assert len(llm.prompts) == 2  # no other call was started
    assert bar.heading.text() == "Deep search cancelled"
    assert bar.details.text().startswith("Stopped after 1 completed model call")
    assert window.search.results == before
    assert window.search.deep_button.isEnabled()


def test_a_bad_model_shows_an_error_dialog(
    qtbot: QtBot, window: MainWindow, book: Path, messages: list[tuple[str, str]]
) -> None:
    def broken(spec: str, _progress: ProgressCallback) -> ScriptedLLM:
        raise LLMError("broken.gguf is not a GGUF model file")

    window.deep.model_factory = broken
    open_and_search(qtbot, window, book, "lantern")
    qtbot.mouseClick(window.search.deep_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(messages), timeout=WAIT_MS)
    assert messages == [
        ("Deep search failed", "The model cannot be used: broken.gguf is not a GGUF model file")
    ]
    qtbot.waitUntil(lambda: window.deep.worker is None, timeout=WAIT_MS)
    assert window.deep.dialog is None and not window.deep.bar.isVisible()


def test_while_indexing_runs_the_dialog_says_deep_search_will_be_slow(
    qtbot: QtBot, window: MainWindow, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_model(window, scripted("lantern"))
    open_and_search(qtbot, window, book, "lantern")
    monkeypatch.setattr(IndexingPanel, "busy", property(lambda _panel: True))
    dialog = ask(qtbot, window)
    assert dialog.note.isVisible() and dialog.note.text() == SLOW_WITH_INDEXING
    dialog.reject()
    monkeypatch.undo()  # before the window closes: nothing is indexing really
