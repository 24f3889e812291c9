"""File › Append to this book…, driven offscreen with pytest-qt: the new chapters appear in the
reader and the contents, the reader stays where it was, and the indexing panel then reads only
the new passages and the folds due; refused while the book is being indexed."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from pathlib import Path

import pytest
from conftest import make_epub
from pytestqt.qtbot import QtBot
from test_builder import smart_reply
from test_ui_indexing import factory
from test_ui_reading_tools import indexed, open_indexed, window

from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store
from saadi_desktop.ui.library.appending import TITLE
from saadi_desktop.ui.main_window import MainWindow
from saadi_desktop.ui.operations import Grown

__all__ = ["indexed", "window"]  # the fixtures, shared with the reading tools' tests

FILLER = "".join(f"<p>Rodion walked past the canal, evening {n}, thinking.</p>" for n in range(9))
SEQUEL = [("Chapter Eleven", "<p>Alyona Ivanovna counted again.</p>" + FILLER),
          ("Chapter Twelve", "<p>Rodion came back to the Haymarket.</p>" + FILLER)]  # fmt: skip


@pytest.fixture
def sequel(tmp_path: Path) -> Path:
    return make_epub(tmp_path / "sequel.epub", SEQUEL, title="Two More")


def append(qtbot: QtBot, window: MainWindow, file: Path) -> Grown:
    with qtbot.waitSignal(window.appending.appended, timeout=5000) as grew:
        window.appending.append(str(file))
    found = grew.args[0]
    assert isinstance(found, Grown)
    return found


def test_the_new_chapters_are_read_where_the_reader_was_then_indexed_alone(
    qtbot: QtBot, window: MainWindow, indexed: Path, sequel: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    reader = window.reader
    assert reader.book is not None
    old = reader.book.text
    reader.scroll_to(old.index("Chapter Two"))
    where = reader.top_position()
    with BookDB.open(indexed) as db:
        before, done = len(store.calls(db)), len(store.indexed_chunks(db))
    grown = append(qtbot, window, sequel)
    book = reader.book
    assert book is not None and book.text.startswith(old) and "Chapter Twelve" in book.text
    assert reader.top_position() == where  # the reader has not moved
    assert [s.title for s in book.sections][-2:] == ["Chapter Eleven", "Chapter Twelve"]
    contents = window.contents
    titles = [contents.topLevelItem(i).text(0) for i in range(contents.topLevelItemCount())]  # type: ignore[union-attr]
    assert titles[-2:] == ["Chapter Eleven", "Chapter Twelve"]
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Added {grown.chunks} passages (Chapter Eleven, Chapter Twelve)")
    assert f"only the new text: {grown.calls} model calls" in message

    panel = window.indexing
    # (summaries that name their span: a repeated summary would be asked again, a call more)
    panel.model_factory = factory(ScriptedLLM(default=smart_reply))
    with qtbot.waitSignal(panel.run_ended, timeout=10_000):
        panel.start_without_estimate()
    with BookDB.open(indexed) as db:
        calls = store.calls(db)[before:]
    updates = [c.chunk_seq for c in calls if c.kind == "update"]
    assert updates == list(range(done, done + grown.chunks))
    assert len(calls) == grown.calls


def test_the_menu_item_needs_an_open_book(qtbot: QtBot, window: MainWindow, indexed: Path) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    assert window.appending.action in file_menu.actions()  # type: ignore[union-attr]
    assert not window.appending.action.isEnabled()
    open_indexed(qtbot, window, indexed)
    assert window.appending.action.isEnabled()


def test_append_is_refused_while_the_book_is_indexed_and_a_bad_file_is_named(
    qtbot: QtBot,
    window: MainWindow,
    indexed: Path,
    sequel: Path,
    tmp_path: Path,
    messages: list[tuple[str, str]],
) -> None:
    open_indexed(qtbot, window, indexed)
    window.indexing.paused = True  # a paused run still owns the book
    window.appending.append(str(sequel))
    assert messages[-1][0] == TITLE and "being indexed" in messages[-1][1]
    window.indexing.paused = False
    broken = tmp_path / "broken.epub"
    broken.write_bytes(b"not a zip")
    window.appending.append(str(broken))
    qtbot.waitUntil(lambda: len(messages) == 2, timeout=5000)
    assert messages[-1][0] == TITLE and messages[-1][1].startswith("broken.epub: ")
    assert "Chapter Eleven" not in window.reader.book.text  # type: ignore[union-attr]
