"""Who is this? and Where was I? in the reader, driven offscreen with pytest-qt: a click on a
name opens its card (cut at the reading position), the card's links, the keyboard way, the
small card of a names-pass cluster, the recap on demand and on coming back to a book."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, QUrl
from PySide6.QtWidgets import QApplication, QMenu, QTextBrowser
from pytestqt.qtbot import QtBot
from test_who import build_book

from saadi_desktop.llm.demo import names_model
from saadi_desktop.reading.recap import Recap, RecapPart
from saadi_desktop.reading.who import Card
from saadi_desktop.search.embed import HashingEmbedder
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.ui import operations
from saadi_desktop.ui.companion.card import card_html
from saadi_desktop.ui.companion.companion import Companion
from saadi_desktop.ui.companion.recap_sheet import KINDS, recap_html
from saadi_desktop.ui.companion.where_was_i import RECAP_ON_RETURN
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.safe_text import NotesView
from saadi_desktop.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, library: Path, messages: list[tuple[str, str]]) -> Iterator[MainWindow]:
    main = MainWindow(embedder_factory=HashingEmbedder)  # closed below, not by qtbot
    main.show()
    qtbot.waitExposed(main)
    main.activateWindow()  # keyboard shortcuts go to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main, timeout=5000)
    yield main
    main.close()
    main.deleteLater()  # on this thread: see saadi_desktop.ui.compat.GarbageCollector
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture
def indexed(tmp_path: Path, library: Path) -> Path:
    """The test_who book: indexed up to chapter ten; 'the old woman' learned in chapter nine."""
    return build_book(tmp_path)


def read_to(qtbot: QtBot, window: MainWindow, title: str) -> Companion:
    """Open the book (once) and read to the section ``title``; wait for the notes as of there."""
    if window.reader.book is None:
        window.open_book(window.path or _only_book())
    book = window.reader.book
    assert book is not None
    window.reader.scroll_to(next(s.start for s in book.sections if s.title == title))
    window.tools.refresh()
    companion = window.companion
    qtbot.waitUntil(lambda: current(window), timeout=5000)
    return companion


def _only_book() -> Path:
    return operations.books()[0].path


def current(window: MainWindow) -> bool:
    notes, until = window.tools.notes, window.search.until()
    if notes is None or window.companion.who.names() is None:
        return False
    if until is None:
        return notes.until is None
    return notes.until is not None and notes.limit_chunk == notes.chunk_of(until)


def click(qtbot: QtBot, window: MainWindow, position: int) -> None:
    """A click on the character at ``position`` (which must be on the screen)."""
    point = window.companion.who.cursor_rect(position).center() + QPoint(3, 0)
    qtbot.mouseClick(window.reader.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click_name(qtbot: QtBot, window: MainWindow, phrase: str, *, after: str = "") -> Card:
    """Click on ``phrase`` (its first occurrence after ``after``), looking back or on to it
    first when it is not on the screen."""
    reader = window.reader
    text = reader.book.text  # type: ignore[union-attr]
    where = text.index(phrase, text.index(after) if after else 0)
    if not reader.top_position() <= where < reader.bottom_position():
        reader.peek_at(where)  # a look: the spoiler limit stays where it was
    with qtbot.waitSignal(window.companion.who.card_shown, timeout=2000) as shown:
        click(qtbot, window, where + 2)
    card = shown.args[0]
    assert isinstance(card, Card) and window.companion.who.card.isVisible()
    return card


def test_a_click_on_a_name_opens_its_card_as_of_the_reading_position(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    companion = read_to(qtbot, window, "Chapter Two")
    card = click_name(qtbot, window, "Alyona Ivanovna")
    assert card.name == "Alyona Ivanovna" and card.type == "person"
    assert "the old woman" not in card.aliases  # learned in chapter nine
    shown = companion.who.card.body.text()
    assert "First met in Chapter One" in shown and "in 1 passage up to here" in shown
    assert "old woman" not in shown
    beside = companion.who.card.geometry()
    name = companion.who.cursor_rect(window.reader.book.text.index("Alyona"))  # type: ignore[union-attr]
    assert beside.top() > window.reader.view.viewport().mapTo(window.reader, name.topLeft()).y()

    click(qtbot, window, window.reader.book.text.index("climbed"))  # not a name: it closes
    assert not companion.who.card.isVisible()

    read_to(qtbot, window, "Chapter Ten")
    card = click_name(qtbot, window, "the old woman")  # a descriptive alias works too
    assert card.name == "Alyona Ivanovna" and card.aliases[0] == "the old woman"
    assert len(card.mentions) == 2 and card.previous == card.first and card.next is None


def test_the_pointer_becomes_a_hand_over_a_known_name(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    companion = read_to(qtbot, window, "Chapter Two")
    viewport, text = window.reader.view.viewport(), window.reader.book.text  # type: ignore[union-attr]
    over = companion.who.cursor_rect(text.index("Rodion walked")).center() + QPoint(3, 0)
    qtbot.mouseMove(viewport, over)
    qtbot.waitUntil(lambda: viewport.cursor().shape() == Qt.CursorShape.PointingHandCursor)
    beside = companion.who.cursor_rect(text.index("walked to")).center()
    qtbot.mouseMove(viewport, beside)
    qtbot.waitUntil(lambda: viewport.cursor().shape() == Qt.CursorShape.IBeamCursor)


def test_the_cards_links_walk_the_mentions_and_open_the_entity_browser(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    companion = read_to(qtbot, window, "Chapter Ten")
    reader, notes = window.reader, window.tools.notes
    assert notes is not None
    text = reader.book.text  # type: ignore[union-attr]
    card = click_name(qtbot, window, "Alyona Ivanovna")
    nine = notes.chunk_of(text.index("Chapter Nine"))
    assert (card.first, card.previous, card.next) == (0, None, nine)
    with qtbot.waitSignal(companion.who.card_shown) as shown:
        companion.who.card.body.linkActivated.emit(f"mention:{nine}")
    assert reader.highlighted()[0] == notes.span(nine)
    assert [text[s:e] for s, e in reader.highlighted()[1:]] == ["Alyona Ivanovna", "the old woman"]
    assert companion.who.card.isVisible()  # the card stays, and now counts from there
    walked = shown.args[0]
    assert (walked.previous, walked.next) == (0, None)
    with qtbot.waitSignal(companion.who.card_shown):
        companion.who.card.body.linkActivated.emit("mention:0")  # first mention
    assert reader.highlighted()[0] == notes.span(0)
    reader.scroll_to(reader.top_position() + 300)  # the reader moves on: the card goes
    assert not companion.who.card.isVisible()

    card = click_name(qtbot, window, "Rodion")
    companion.who.card.body.linkActivated.emit(f"browse:{card.key}")
    assert window.tools.tabs.currentIndex() == 1
    browser = window.tools.entities
    assert browser.current is not None and browser.current.key == card.key
    assert not companion.who.card.isVisible()


def test_select_a_phrase_and_press_w(qtbot: QtBot, window: MainWindow, indexed: Path) -> None:
    companion = read_to(qtbot, window, "Chapter Ten")
    view, text = window.reader.view, window.reader.book.text  # type: ignore[union-attr]
    cursor = view.textCursor()
    start = text.index("the old woman")
    cursor.setPosition(window.reader.positions.to_document(start))
    cursor.setPosition(window.reader.positions.to_document(start + 13), cursor.MoveMode.KeepAnchor)
    view.setTextCursor(cursor)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    with qtbot.waitSignal(companion.who.card_shown) as shown:
        qtbot.keyClick(view, Qt.Key.Key_W)
    assert shown.args[0].name == "Alyona Ivanovna"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not companion.who.card.isVisible()

    cursor.setPosition(window.reader.positions.to_document(text.index("Haymarket") + 4))
    view.setTextCursor(cursor)  # no selection: the name at the cursor
    with qtbot.waitSignal(companion.who.card_shown) as shown:
        qtbot.keyClick(view, Qt.Key.Key_W)
    assert shown.args[0].name == "Haymarket" and shown.args[0].type == "place"

    cursor.setPosition(window.reader.positions.to_document(text.index("climbed")))
    view.setTextCursor(cursor)
    companion.who.card.dismiss()
    qtbot.keyClick(view, Qt.Key.Key_W)
    assert not companion.who.card.isVisible()
    assert "No name the book's notes know here" in window.statusBar().currentMessage()

    window.search.query.setFocus()  # W in the search box is a letter, not a card
    qtbot.waitUntil(window.search.query.hasFocus)
    qtbot.keyClick(window.search.query, Qt.Key.Key_W)
    assert window.search.query.text() == "w" and not companion.who.card.isVisible()


def test_right_click_who_is_this(qtbot: QtBot, window: MainWindow, indexed: Path) -> None:
    companion = read_to(qtbot, window, "Chapter Two")
    text = window.reader.book.text  # type: ignore[union-attr]
    offered: list[list[str]] = []

    def choose_who() -> None:  # in the menu's own event loop: the reader picks "Who is this?"
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        offered.append([a.text() for a in menu.actions()])
        menu.close()
        companion.who.who_action.trigger()

    QTimer.singleShot(0, choose_who)
    point = companion.who.cursor_rect(text.index("Haymarket") + 2).center()
    with qtbot.waitSignal(companion.who.card_shown) as shown:
        window.reader.view.customContextMenuRequested.emit(point)
    assert offered[0][0] == "&Who is this?" and any("Copy" in a for a in offered[0])
    assert shown.args[0].name == "Haymarket"


def test_a_name_the_model_has_not_read_gets_a_smaller_card(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    companion = read_to(qtbot, window, "Chapter Ten")
    card = click_name(qtbot, window, "Porfiry Petrovitch")
    assert card.by_name_only and card.notes == () and card.name == "Porfiry Petrovitch"
    shown = companion.who.card.body.text()
    assert "found by name only" in shown and "has not described this name yet" in shown
    assert "Latest notes" not in shown


def test_the_card_follows_the_shield(qtbot: QtBot, window: MainWindow, indexed: Path) -> None:
    companion = read_to(qtbot, window, "Chapter Two")
    click_name(qtbot, window, "Alyona Ivanovna")
    window.search.spoilers.setChecked(True)  # the shield off: the card's scope is stale
    assert not companion.who.card.isVisible()
    qtbot.waitUntil(lambda: current(window), timeout=5000)
    card = click_name(qtbot, window, "Alyona Ivanovna")
    assert card.aliases == ("the old woman",)
    assert "Spoilers on" in companion.who.card.body.text()
    window.search.spoilers.setChecked(False)  # back on: the whole-book notes may not be used
    assert companion.who.names() is None
    click(qtbot, window, window.reader.book.text.index("Alyona") + 2)  # type: ignore[union-attr]
    assert not companion.who.card.isVisible()
    qtbot.waitUntil(lambda: current(window), timeout=5000)
    assert "the old woman" not in click_name(qtbot, window, "Alyona Ivanovna").aliases


def test_card_text_is_escaped() -> None:
    card = Card("1", "<b>Bold</b> & Co", "person", False, ("<i>x</i>",), ("a < b",), (0,), None,
                None)  # fmt: skip
    shown = card_html(card, first_met="<script>", spoilers=False)
    assert "<b>Bold</b>" not in shown and "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in shown
    assert "&lt;script&gt;" in shown and "&lt;i&gt;x&lt;/i&gt;" in shown and "a &lt; b" in shown


# -- the recap ---------------------------------------------------------------------------------


def test_where_was_i_shows_the_story_so_far(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    window.resize(1200, 480)  # a short screen: the limit stays near chapter nine
    companion = read_to(qtbot, window, "Chapter Nine")
    with qtbot.waitSignal(companion.recap.recap_shown, timeout=5000) as shown:
        qtbot.keyClick(window.reader.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    told = shown.args[0]
    assert told.parts and not told.extracts_only
    sheet = companion.recap.sheet
    assert sheet.isVisible() and "Spoiler-safe: the story up to Chapter" in sheet.scope.text()
    page = sheet.view.toPlainText()
    by_model = next(p for p in told.parts if not p.extract)  # a headline, or a list of them
    assert KINDS[by_model.form] in page and "In the last passages" in page
    assert "Alyona Ivanovna" in page
    last = len(told.parts) - 1
    sheet.view.anchorClicked.emit(QUrl(f"part:{last}"))
    assert not sheet.isVisible()
    assert window.reader.highlighted()[0] == (told.parts[last].start, told.parts[last].end)

    with qtbot.waitSignal(companion.recap.recap_shown, timeout=5000):
        companion.recap.recap_action.trigger()
    seen = told.people[0]
    with qtbot.waitSignal(companion.who.card_shown) as shown:  # a person of the last passages
        sheet.view.anchorClicked.emit(QUrl(f"person:{seen.key}"))
    assert shown.args[0].name == seen.name and companion.who.card.isVisible()
    sheet.done.setFocus()
    qtbot.keyClick(sheet.done, Qt.Key.Key_Escape)
    assert not sheet.isVisible()


def test_before_any_summary_the_recap_tells_extracts_and_says_so(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, library: Path
) -> None:
    from conftest import make_epub
    from test_who import BOOK

    from saadi_desktop.library import import_book

    path = import_book(make_epub(tmp_path / "plain.epub", BOOK), chunk_words=40).info.path
    window.open_book(path)
    companion = read_to(qtbot, window, "Chapter Nine")
    with qtbot.waitSignal(companion.recap.recap_shown, timeout=5000) as shown:
        companion.recap.show_recap()
    assert shown.args[0].extracts_only
    assert "sentences copied from the book" in companion.recap.sheet.view.toPlainText()


def set_last_read(path: Path, when: str) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE reading SET updated_at = ?, position = 6000 WHERE id = 1", (when,))


def test_coming_back_after_a_while_shows_the_recap(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    set_last_read(indexed, "2020-01-01T00:00:00+00:00")
    with qtbot.waitSignal(window.companion.recap.recap_shown, timeout=5000) as shown:
        window.open_book(indexed)
    assert shown.args[0].parts and window.companion.recap.sheet.isVisible()


def test_no_recap_when_the_reader_turned_it_off_or_was_just_here(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    companion = window.companion
    set_last_read(indexed, "2099-01-01T00:00:00+00:00")  # just now, as far as it can tell
    window.open_book(indexed)
    assert companion.recap.request == 0
    window.close_book()
    companion.recap.sheet.on_return.setChecked(False)  # "Show this when I come back…", remembered
    assert operations.preferences()[RECAP_ON_RETURN] is False
    assert not companion.recap.return_action.isChecked()
    set_last_read(indexed, "2020-01-01T00:00:00+00:00")
    window.open_book(indexed)
    assert companion.recap.request == 0 and not companion.recap.sheet.isVisible()


def style_at(view: QTextBrowser, words: str) -> tuple[bool, str]:
    """Whether ``words`` are shown in italics, and in which colour, in ``view`` (the first
    time they are shown)."""
    return styles(view, words)[0]


def styles(view: QTextBrowser, words: str) -> list[tuple[bool, str]]:
    """Every time ``words`` are shown in ``view``: in italics or not, and in which colour."""
    found, document = [], view.document()
    cursor = document.find(words)
    while not cursor.isNull():
        char = cursor.charFormat()
        found.append((char.fontItalic(), char.foreground().color().name()))
        cursor = document.find(words, cursor)
    assert found, f"{words!r} is not shown"
    return found


def test_the_recap_tells_the_models_headlines_apart_from_the_books_sentences(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, library: Path
) -> None:
    from conftest import make_epub
    from test_who import BOOK

    from saadi_desktop.library import import_book

    path = import_book(make_epub(tmp_path / "headlines.epub", BOOK), chunk_words=40).info.path
    with BookDB.open(path) as db:
        build_state(db, names_model())  # a stand-in that writes headlines
    window.open_book(path)
    companion = read_to(qtbot, window, "Chapter Nine")
    with qtbot.waitSignal(companion.recap.recap_shown, timeout=5000) as shown:
        companion.recap.show_recap()
    told, sheet = shown.args[0], companion.recap.sheet
    page = sheet.view.toPlainText()
    headline = next(p for p in told.parts if p.form == "headline" and p.level == 0 and p.keys)
    assert "headline, written by the model" in page and headline.text in page
    colours = theme.current()
    start, end, quoted = headline.keys[0]
    assert f"“{quoted}”" in page
    # (the stand-in's headline is the passage's first sentence, often its key sentence too:
    # shown once as the model's words and once quoted as the book's)
    assert any(not italic and colour != colours.book
               for italic, colour in styles(sheet.view, headline.text))  # fmt: skip
    assert (True, colours.book) in styles(sheet.view, quoted)
    sheet.view.anchorClicked.emit(QUrl(f"key:{start}:{end}"))  # a key sentence: go there
    assert not sheet.isVisible()
    assert window.reader.highlighted()[0] == (start, end)


def test_a_recaps_list_is_a_line_a_headline_and_extracts_are_the_books_words(
    qapp: QApplication,
) -> None:
    listed = RecapPart(2, 0, 9, 0, 900, "Chapter One › Two", "He walks\nShe counts", False,
                       "list", ((10, 40, "The stairs were dark that night."),))  # fmt: skip
    extract = RecapPart(0, 10, 10, 900, 990, "Chapter Three", "The bell rang twice.", True)
    view = NotesView()
    view.setHtml(recap_html(Recap(None, None, "the end", (listed, extract), ())))
    page = view.toPlainText()
    assert "the model's headlines of its parts" in page and "in quotes" not in page
    assert "• He walks\n• She counts" in page.replace("\u2028", "\n")
    assert "extracts from the book" in page and "“The bell rang twice.”" in page
    book = theme.current().book
    assert style_at(view, "The bell rang twice.") == (True, book)
    assert style_at(view, "The stairs were dark that night.") == (True, book)
    assert style_at(view, "He walks") != (True, book)
    # where the outline tells that a line is a part's extract, it is quoted as the book's
    lines = {
        0: [[("He walks", False)], [("She counts", False), (" · ", False), ("It rang.", True)]]
    }
    view.setHtml(recap_html(Recap(None, None, "the end", (listed,), ()), lines))
    assert "in quotes, the book's words" in view.toPlainText()
    assert "• She counts · “It rang.”" in view.toPlainText()
    assert style_at(view, "It rang.") == (True, book)


def test_a_recaps_list_of_extracts_is_quoted_as_the_books_words(
    tmp_path: Path, library: Path
) -> None:
    """No passage has a headline (the scripted model writes none) and every fold is refused
    (it names someone no passage names): the tree is lists of extracts, quoted as such."""
    from conftest import make_epub
    from test_who import BOOK
    from test_who import reply as names_only

    from saadi_desktop.library import import_book
    from saadi_desktop.llm.base import Message
    from saadi_desktop.llm.scripted import ScriptedLLM
    from saadi_desktop.ui.companion.where_was_i import _read_recap

    def refused_folds(messages: list[Message]) -> str:
        if "Task: one headline for passages" in messages[-1]["content"]:
            return "Headline: Zossimov arrives at the inn.\n"
        return names_only(messages)

    path = import_book(make_epub(tmp_path / "lists.epub", BOOK), chunk_words=40).info.path
    with BookDB.open(path) as db:
        build_state(db, ScriptedLLM(default=refused_folds))
    told, lines = _read_recap(path, None, lambda *_: None)
    listed = [index for index, part in enumerate(told.parts) if part.form == "list"]
    assert listed and sorted(lines) == listed
    assert all(by_book for index in listed for line in lines[index] for words, by_book in line
               if words != " · ")  # fmt: skip
    view = NotesView()
    view.setHtml(recap_html(told, lines))
    first = lines[listed[0]][0][0][0]
    assert "in quotes, the book's words" in view.toPlainText()
    assert style_at(view, first) == (True, theme.current().book)
