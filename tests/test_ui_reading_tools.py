"""The reading tools, driven offscreen with pytest-qt: the entity browser and the summary outline
behind the spoiler shield, back and forward after jumps, font size and theme remembered."""

from __future__ import annotations

import gc
import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import make_epub
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saadi_desktop.library import import_book
from saadi_desktop.llm.base import Message
from saadi_desktop.llm.demo import fold_reply
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.search.embed import HashingEmbedder
from saadi_desktop.state.answer import Line, render
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.main_window import MainWindow
from saadi_desktop.ui.notes import BookNotes, EntityEntry
from saadi_desktop.ui.people.browser import EntityBrowser
from saadi_desktop.ui.reader.reader import DEFAULT_POINTS

FILLER = "".join(
    f"<p>Paragraph {n} of the long walk: the bridge, the canal, the dusty yellow houses.</p>"
    for n in range(12)
)
# Alyona Ivanovna is met at once; that she is "the old woman" is only learned in chapter nine.
BOOK = [
    ("Chapter One", "<p>Alyona Ivanovna counted her pledges by the window.</p>"
                    "<p>Rodion climbed the dark stairs and rang the bell.</p>"),
    ("Chapter Two", "<p>Rodion walked to the Haymarket at noon.</p>" + FILLER),
    *[(f"Chapter {n}", FILLER) for n in ("Three", "Four", "Five", "Six", "Seven", "Eight")],
    ("Chapter Nine", "<p>Alyona Ivanovna, the old woman, was remembered by everyone.</p>"),
    ("Chapter Ten", "<p>Rodion wept on the bridge.</p>" + FILLER),
]  # fmt: skip
PEOPLE = {"Alyona Ivanovna": ("person", "the old woman"), "Rodion": ("person", "the student"),
          "Haymarket": ("place", "the square")}  # fmt: skip


def reply(messages: list[Message]) -> str:
    """A scripted model: names the people and places of the current passage."""
    user = messages[-1]["content"]
    if "Task: one headline for passages" in user:
        return fold_reply(user)
    passage = user.split("PASSAGES (oldest first):", 1)[1].split("\n---\n")[0]
    passage = passage.rsplit("]\n", 1)[1]
    numbers = {name: int(n) for n, name in re.findall(r"^(\d+) (.+?) \(", user, re.M)}
    found = [
        Line(numbers.get(name), "" if name in numbers else name, kind,
             (alias,) if alias in passage else (), f"{name} is in this passage")
        for name, (kind, alias) in PEOPLE.items() if name in passage
    ]  # fmt: skip
    return render(found, " ".join(passage.split()[:6]))  # its opening words: said together


def new_window(qtbot: QtBot) -> MainWindow:
    main = MainWindow(embedder_factory=HashingEmbedder)  # closed by dispose(), not by qtbot
    main.show()
    qtbot.waitExposed(main)
    main.activateWindow()  # keyboard shortcuts go to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main, timeout=5000)
    return main


def dispose(main: MainWindow) -> None:
    main.close()
    main.deleteLater()  # on this thread: see saadi_desktop.ui.compat.GarbageCollector
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture
def window(qtbot: QtBot, library: Path, messages: list[tuple[str, str]]) -> Iterator[MainWindow]:
    main = new_window(qtbot)
    yield main
    dispose(main)


@pytest.fixture
def indexed(tmp_path: Path, library: Path) -> Path:
    """The book, imported in short chunks and fully indexed with the scripted model."""
    source = make_epub(tmp_path / "notes.epub", BOOK, title="Notes Book")
    path = import_book(source, chunk_words=40).info.path
    with BookDB.open(path) as db:
        build_state(db, ScriptedLLM(default=reply))
    return path


def open_indexed(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.open_book(path)
    qtbot.waitUntil(lambda: window.tools.notes is not None, timeout=5000)


def entity(window: MainWindow, name: str) -> Any:
    return next(e for e in window.tools.entities.entries if e.name == name)


def test_the_shield_hides_an_alias_learned_later_until_it_is_turned_off(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    browser = window.tools.entities
    assert window.reader.furthest < window.reader.book.text.index("Chapter Nine")  # type: ignore[union-attr]
    alyona = entity(window, "Alyona Ivanovna")
    assert "the old woman" not in alyona.aliases
    browser.select(alyona.key)
    assert "old woman" not in browser.details.toPlainText()
    assert "Spoiler-safe" in browser.scope.text()

    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    assert "the old woman" in entity(window, "Alyona Ivanovna").aliases
    assert browser.current is not None and browser.current.name == "Alyona Ivanovna"
    assert "Also called: the old woman" in browser.details.toPlainText()
    assert "Spoilers on" in browser.scope.text()
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(False)
    assert "the old woman" not in entity(window, "Alyona Ivanovna").aliases


def test_reading_on_past_new_material_refreshes_the_notes(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    book = window.reader.book
    assert book is not None
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.reader.scroll_to(book.text.index("Chapter Ten"))  # read on to chapter ten
    assert "the old woman" in entity(window, "Alyona Ivanovna").aliases


def test_the_entity_filter_by_type_and_by_typing(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    browser = window.tools.entities
    assert {e.name for e in browser.shown()} >= {"Alyona Ivanovna", "Rodion", "Haymarket"}
    browser.kind.setCurrentIndex(browser.kind.findData("place"))
    assert [e.name for e in browser.shown()] == ["Haymarket"]
    assert browser.current is not None and browser.current.name == "Haymarket"
    browser.kind.setCurrentIndex(browser.kind.findData("person"))
    assert {e.name for e in browser.shown()} == {"Alyona Ivanovna", "Rodion"}
    qtbot.keyClicks(browser.filter, "rod")
    assert [e.name for e in browser.shown()] == ["Rodion"]
    browser.filter.clear()
    qtbot.keyClicks(browser.filter, "old wom")  # an alias, hidden behind the shield
    assert browser.shown() == []
    assert "No entity matches" in browser.details.toPlainText()
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    assert [e.name for e in browser.shown()] == ["Alyona Ivanovna"]


def test_clicking_a_mention_jumps_there_and_highlights_the_name(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    window.tools.show_tab(1)
    browser, reader = window.tools.entities, window.reader
    alyona = entity(window, "Alyona Ivanovna")
    browser.select(alyona.key)
    assert len(alyona.mentions) == 2
    late = alyona.mentions[-1]
    start, end = window.tools.notes.span(late)  # type: ignore[union-attr]

    before = reader.top_position()
    cursor = link_cursor(browser.details.document(), f"mention:{late}")
    rect = browser.details.cursorRect(cursor)
    qtbot.mouseClick(browser.details.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    text = reader.book.text  # type: ignore[union-attr]
    spans = reader.highlighted()
    assert spans[0] == (start, end)
    assert [text[s:e] for s, e in spans[1:]] == ["Alyona Ivanovna", "the old woman"]
    assert reader.top_position() <= start < reader.bottom_position()
    window.tools.back_action.trigger()  # a mention is a jump: back returns
    assert reader.top_position() == before


def link_cursor(document: Any, href: str) -> QTextCursor:
    """A cursor inside the link to ``href`` in a rich-text document."""
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(document)
                cursor.setPosition(fragment.position() + fragment.length() // 2)
                return cursor
            fragments += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


def test_outline_shows_the_tree_and_a_click_jumps_to_the_span(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    window.tools.show_tab(2)
    outline, reader = window.tools.outline, window.reader
    roots = window.tools.notes.outline  # type: ignore[union-attr]
    assert roots and roots[0].level >= 2
    assert all(r.level >= c.level for r in roots for c in r.children)
    first = outline.tree.topLevelItem(0)
    assert first is not None and first.text(0).startswith("Chapter One · 0–")
    assert "% (provisional" in first.text(0)
    level_one, node = first, roots[0]
    while node.level > 1:  # down the first branch to a level-1 summary
        level_one.setExpanded(True)
        level_one, node = level_one.child(0), node.children[0]
        assert level_one is not None and node.level >= 1
    assert node.children[0].level == 0  # its chunks
    outline.tree.scrollToItem(level_one)
    qtbot.mouseClick(
        outline.tree.viewport(),
        Qt.MouseButton.LeftButton,
        pos=outline.tree.visualItemRect(level_one).center(),
    )
    assert reader.highlighted()[0] == (node.start, node.end)
    assert reader.top_position() <= node.start < reader.bottom_position()
    assert "Level 1 summary" in outline.summary.toPlainText()
    window.tools.back_action.trigger()  # an outline node is a jump: back returns
    window.tools.forward_action.trigger()
    assert reader.top_position() <= node.start < reader.bottom_position()


def test_the_outline_is_cut_at_the_reading_position(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    limited = window.tools.notes
    assert limited is not None and limited.limit_chunk is not None
    nodes = [n for root in limited.outline for n in walk(root)]
    assert nodes and all(n.last_chunk <= limited.limit_chunk for n in nodes)
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    everything = [n for root in window.tools.notes.outline for n in walk(root)]  # type: ignore[union-attr]
    assert len(everything) > len(nodes)


def walk(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from walk(child)


def test_back_and_forward_after_jumps(qtbot: QtBot, window: MainWindow, indexed: Path) -> None:
    open_indexed(qtbot, window, indexed)
    reader, tools = window.reader, window.tools
    book = reader.book
    assert book is not None and not tools.back_action.isEnabled()
    contents = window.contents
    item = contents.topLevelItem(8)
    assert item is not None and item.text(0) == "Chapter Nine"
    tools.show_tab(0)
    qtbot.mouseClick(
        contents.viewport(), Qt.MouseButton.LeftButton, pos=contents.visualItemRect(item).center()
    )
    nine = book.sections[8].start
    assert reader.top_position() == nine
    assert tools.back_action.isEnabled() and not tools.forward_action.isEnabled()

    qtbot.keyClick(reader.view, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert reader.top_position() == 0
    assert tools.forward_action.isEnabled()
    qtbot.keyClick(reader.view, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert reader.top_position() == nine

    window.search.query.setText("Haymarket")  # a search result is a jump too
    with qtbot.waitSignal(window.search.results_changed, timeout=5000):
        window.search.run_search()
    window.search.go_to(0)
    assert reader.top_position() < nine
    tools.back_action.trigger()
    assert reader.top_position() == nine
    tools.back_action.trigger()
    assert reader.top_position() == 0
    assert not tools.back_action.isEnabled()


def test_theme_and_font_size_are_remembered(
    qtbot: QtBot, library: Path, messages: list[tuple[str, str]]
) -> None:
    first = new_window(qtbot)
    try:
        qtbot.keyClick(first.reader.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(first.reader.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        assert first.reader.font_points() == DEFAULT_POINTS + 2
        first.tools.dark_action.trigger()
        assert theme.current().name == "dark"
        assert QApplication.palette().base().color().name() == theme.DARK.base
    finally:
        dispose(first)

    second = new_window(qtbot)
    try:
        assert second.reader.font_points() == DEFAULT_POINTS + 2
        assert second.tools.dark_action.isChecked() and theme.current().name == "dark"
        qtbot.keyClick(second.reader.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
        second.tools.dark_action.trigger()
        assert theme.current().name == "light"
        assert second.reader.font_points() == DEFAULT_POINTS
    finally:
        dispose(second)


def test_notes_are_text_never_markup(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """A name or description that looks like markup is shown as the characters it is."""
    odd = [("Chapter One", "<p>Alyona Ivanovna said &lt;img src='http://x/y.png'&gt; twice.</p>")]
    source = make_epub(tmp_path / "odd.epub", odd, title="Odd")
    path = import_book(source).info.path

    def tricky(messages: list[Message]) -> str:
        said = "Alyona Ivanovna, who said <img src='http://x/y.png'> twice"
        headline = "Alyona Ivanovna said <b>http</b>"
        return render([Line(None, "Alyona Ivanovna", "person", (), said)], headline)

    with BookDB.open(path) as db:
        build_state(db, ScriptedLLM(default=tricky))
    open_indexed(qtbot, window, path)
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)
    details = window.tools.entities.details
    window.tools.entities.select(entity(window, "Alyona Ivanovna").key)
    assert "<img src='http://x/y.png'>" in details.toPlainText()
    assert "&lt;img" in details.toHtml()
    summary = window.tools.outline
    item = summary.tree.topLevelItem(0)
    assert item is not None
    summary.tree.setCurrentItem(item)  # the passage's headline, carried up as level 1
    assert "said <b>http</b>" in summary.summary.toPlainText()
    assert "&lt;b&gt;" in summary.summary.toHtml()


def test_a_long_mention_list_grows_on_demand(qapp: QApplication) -> None:
    text = "".join(f"Rodion walked on, day {n}.\n\n" for n in range(40))
    starts = [text.index(f"day {n}.") - len("Rodion walked on, ") for n in range(40)]
    ends = [start + len(f"Rodion walked on, day {n}.") for n, start in enumerate(starts)]
    rodion = EntityEntry("1", "Rodion", "person", (), (), tuple(range(40)))
    notes = BookNotes(None, None, starts, ends, [rodion], [])
    browser = EntityBrowser(lambda position: f"at {position}")
    browser.set_notes(notes, text)
    shown = browser.details.toPlainText()
    assert "day 29." in shown and "day 30." not in shown
    assert "Show 10 more (of 10)" in shown
    browser.show_more_mentions()
    assert "day 39." in browser.details.toPlainText()
    assert "Show" not in browser.details.toPlainText()


def test_the_browser_says_why_a_book_in_another_language_lists_no_names(
    qapp: QApplication,
) -> None:
    why = "Names are read before indexing from English books only; this book is in German."
    browser = EntityBrowser(lambda position: f"at {position}")
    browser.set_notes(BookNotes(None, None, [0], [10], [], [], why), "Es war einmal.")
    assert browser.details.toPlainText().splitlines() == [
        "No people or places yet, up to here.",
        why,
    ]


def test_indexing_through_the_worker_fills_the_entity_browser(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    source = make_epub(tmp_path / "notes.epub", BOOK, title="Notes Book")
    path = import_book(source, chunk_words=40).info.path
    open_indexed(qtbot, window, path)
    browser = window.tools.entities
    assert all(e.by_name_only for e in browser.entries)  # the names pass only, before indexing
    panel = window.indexing
    panel.model_factory = lambda _spec, _progress: ScriptedLLM(default=reply)
    panel.start_without_estimate()
    qtbot.waitUntil(lambda: not panel.busy, timeout=10000)
    qtbot.waitUntil(lambda: not entity(window, "Alyona Ivanovna").by_name_only, timeout=5000)
    assert "the old woman" not in entity(window, "Alyona Ivanovna").aliases  # still shielded


def test_section_titles_that_look_like_markup_stay_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    odd = [("&lt;img src='x.png'&gt; One", "<p>It began.</p>"), ("Two", "<p>It went on.</p>")]
    source = make_epub(tmp_path / "odd.epub", odd, title="Odd")
    open_indexed(qtbot, window, import_book(source).info.path)
    item = window.contents.topLevelItem(0)
    assert item is not None and item.text(0) == "<img src='x.png'> One"
    assert item.toolTip(0) == "<qt>&lt;img src=&#x27;x.png&#x27;&gt; One</qt>"
    labels = [window.search.scope, window.tools.entities.scope, window.tools.outline.scope]
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    assert window.reader.location.text().startswith("<img src='x.png'> One · ")
    window.refresh_library()
    tip = window.library.items()[0].toolTip(0)
    assert tip.startswith("<qt>Odd<br>Ann Author<br>") and tip.endswith(" passages</qt>")


def test_scrolling_requeries_only_on_entering_a_new_chunk_and_at_most_once_per_interval(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    tools, reader = window.tools, window.reader
    notes = tools.notes
    assert notes is not None and notes.limit_chunk is not None
    asked = tools.request
    for _ in range(50):  # scrolling inside the chunk already read: nothing to ask
        reader.position_changed.emit(reader.top_position())
    assert not tools.timer.isActive() and tools.request == asked

    reader.furthest = notes.chunk_starts[notes.limit_chunk + 2]  # read on into new chunks
    for _ in range(50):
        reader.position_changed.emit(reader.top_position())
    assert tools.timer.isActive() and tools.request == asked  # one refresh, later
    with qtbot.waitSignal(tools.notes_changed, timeout=5000):
        pass
    assert tools.request == asked + 1
    assert tools.notes is not None and tools.notes.limit_chunk == notes.limit_chunk + 2


def test_a_new_text_size_keeps_the_place_in_the_book(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_indexed(qtbot, window, indexed)
    reader = window.reader
    book = reader.book
    assert book is not None
    reader.scroll_to(book.text.index("Chapter Five"))
    before = reader.top_position()
    for step in (3.0, -5.0):
        window.tools.zoom(step)
        assert before - 100 <= reader.top_position() <= before  # the same line, re-wrapped
    assert reader.font_points() == DEFAULT_POINTS - 2
    heading = book.sections[4].start
    cursor = QTextCursor(reader.view.document())
    cursor.setPosition(heading + 1)
    assert cursor.charFormat().fontPointSize() > reader.font_points()  # headings scale too
