"""The desktop app, driven offscreen with pytest-qt: import, read, search, spoiler limit, errors."""

from __future__ import annotations

import gc
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import STORY, make_epub
from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, QPointF, Qt, QUrl, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QFont, QTextCursor, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QTextBrowser
from pytestqt.qtbot import QtBot

from saadi_desktop.books import Section
from saadi_desktop.library import import_book
from saadi_desktop.llm.demo import names_model
from saadi_desktop.reading import views
from saadi_desktop.search import Results
from saadi_desktop.search.embed import HashingEmbedder
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.ui import operations
from saadi_desktop.ui.companion.outline import OutlinePanel
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.messages import confirm, report_unexpected
from saadi_desktop.ui.main_window import MainWindow
from saadi_desktop.ui.notes import (
    BookNotes,
    KeySentence,
    OutlineNode,
    cut_line,
    group_outline,
    list_lines,
    outline_node,
    quoted,
)
from saadi_desktop.ui.passages import PositionMap, heading_span, snippet

# The story, then chapters enough to fill several screens; the old woman comes back late.
FILLER = "".join(
    f"<p>Paragraph {n} of the long walk: the bridge, the canal, the dusty yellow houses.</p>"
    for n in range(12)
)
LONG_STORY = [
    *STORY,
    *[(f"Chapter {n}", FILLER) for n in ("Three", "Four", "Five", "Six", "Seven", "Eight")],
    ("Chapter Nine", "<p>Much later the old woman was remembered by everyone.</p>" + FILLER),
    ("Chapter Ten", "<p>The old woman’s sister wept.</p>" + FILLER),
]


@pytest.fixture
def window(qtbot: QtBot, library: Path, messages: list[tuple[str, str]]) -> Iterator[MainWindow]:
    main = MainWindow(embedder_factory=HashingEmbedder)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.close()  # waits for the worker threads
    # Delete the window here, on this thread, before the next test starts worker threads:
    # see saadi_desktop.ui.compat.GarbageCollector.
    main.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def open_story(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> Path:
    book = make_epub(tmp_path / "story.epub", LONG_STORY, title="The Long Story")
    window.import_files([str(book)])
    qtbot.waitUntil(lambda: window.reader.book is not None, timeout=5000)
    return book


def search(qtbot: QtBot, window: MainWindow, query: str) -> None:
    window.search.query.clear()
    with qtbot.waitSignal(window.search.results_changed, timeout=5000):
        qtbot.keyClicks(window.search.query, query)


def test_import_search_click_jumps_to_the_passage_and_highlights_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)
    assert [b.title for b in window.library.books()] == ["The Long Story"]
    assert window.reader.view.toPlainText() == window.reader.book.text  # type: ignore[union-attr]

    search(qtbot, window, "pledges")
    panel = window.search
    assert len(panel.results) == 1
    result = panel.results[0]
    card = panel.cards[0].label.text()
    assert card.startswith("<b>1. Chapter One · 0\u00a0%</b><br>It was a dark night.")
    assert 'counted her <span style="background-color:#ffb347">pledges</span>.' in card

    qtbot.mouseClick(panel.cards[0], Qt.MouseButton.LeftButton)
    reader = window.reader
    assert reader.cursor_position() == result.start + result.highlights[0][0]  # on the hit
    assert reader.top_position() <= result.start < reader.bottom_position()  # passage in view
    spans = reader.highlighted()
    assert spans[0] == (result.start, result.end)
    text = reader.book.text  # type: ignore[union-attr]
    marked = [text[s:e] for s, e in spans[1:]]
    assert marked == ["pledges"]
    assert [(result.start + s, result.start + e) for s, e, _ in result.highlights] == spans[1:]


def test_enter_goes_to_the_next_hit(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    open_story(qtbot, window, tmp_path)
    window.search.spoilers.setChecked(True)
    search(qtbot, window, "canal")
    results = window.search.results
    assert len(results) > 2
    for expected in (0, 1, 2):
        qtbot.keyClick(window.search.query, Qt.Key.Key_Return)
        assert window.search.current == expected
        hit = results[expected].start + results[expected].highlights[0][0]
        assert window.reader.cursor_position() == hit


def test_the_spoiler_limit_hides_later_passages_until_it_is_turned_off(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)
    panel = window.search
    search(qtbot, window, "old woman")
    limited = list(panel.results)
    limit = window.reader.bottom_position()
    assert limited and all(r.start <= limit for r in limited)
    assert panel.later == 2
    assert "2 more results later in the book" in panel.scope.text()

    with qtbot.waitSignal(panel.results_changed, timeout=5000):
        panel.spoilers.setChecked(True)
    assert len(panel.results) == len(limited) + 2
    assert "Spoilers on" in panel.scope.text()
    assert panel.scope.isVisible()


def test_jumping_back_to_an_earlier_result_keeps_the_limit_where_the_reader_got_to(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)
    reader, panel = window.reader, window.search
    assert reader.book is not None
    late = reader.book.text.index("Much later")
    reader.scroll_to(late)  # read on to chapter nine
    search(qtbot, window, "old woman")
    assert {r.section for r in panel.results} >= {"Chapter One", "Chapter Nine"}
    qtbot.mouseClick(panel.cards[-1], Qt.MouseButton.LeftButton)  # back to chapter one
    assert reader.top_position() < late
    with qtbot.waitSignal(panel.results_changed, timeout=5000):
        panel.run_search()
    assert {r.section for r in panel.results} >= {"Chapter One", "Chapter Nine"}


def test_stale_answers_are_dropped(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    open_story(qtbot, window, tmp_path)
    session = window.search.session
    assert session is not None
    answers: list[int] = []
    session.search_finished.connect(lambda number, _results: answers.append(number))
    with qtbot.waitSignal(session.search_finished, timeout=5000) as answer:
        first = session.search("pledges", until=None, retriever="bm25")
        second = session.search("bell", until=None, retriever="bm25")
    assert answers == [second] and second > first  # the first answer never comes out
    assert answer.args is not None
    shown = window.search.results
    assert shown and all("bell" in r.text for r in shown)
    window.search._search_finished(first, Results([], 0))  # a late old answer changes nothing
    assert window.search.results == shown


def test_meaning_search_loads_its_model_off_the_gui_thread(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)
    session = window.search.session
    assert session is not None
    with qtbot.waitSignal(session.meaning_ready, timeout=10000):
        window.search.retriever.setCurrentIndex(window.search.retriever.findData("dense"))
    search(qtbot, window, "dusty yellow houses")
    assert window.search.results
    assert "ready" in window.search.status.text()


def test_the_reading_position_is_remembered(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)
    reader, path = window.reader, window.path
    assert path is not None and reader.book is not None
    target = reader.book.text.index("Much later")
    reader.scroll_to(target)
    top = reader.top_position()
    assert 0 < top <= target
    assert "Chapter Nine" in reader.location.text()
    window.close_book()
    assert operations.reading_position(path) == top

    window.open_book(path)
    assert reader.top_position() == top
    assert reader.location.text().startswith("Chapter Nine · ")


def test_headings_are_styled_and_the_style_stays_in_its_book(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_story(qtbot, window, tmp_path)  # opens at position 0: the cursor is on a heading
    second = make_epub(tmp_path / "second.epub", STORY, title="Second")
    window.import_files([str(second)])
    qtbot.waitUntil(lambda: window.windowTitle().startswith("Second"), timeout=5000)
    book = window.reader.book
    assert book is not None

    def weight(position: int) -> int:
        cursor = QTextCursor(window.reader.view.document())
        cursor.setPosition(position)
        return int(cursor.charFormat().fontWeight())

    assert weight(book.sections[1].start + 3) == QFont.Weight.Bold
    assert weight(book.text.index("dark night")) == QFont.Weight.Normal


def test_contents_nest_by_level_and_jump(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    open_story(qtbot, window, tmp_path)
    contents = window.contents
    assert contents.topLevelItemCount() == len(LONG_STORY)
    item = contents.topLevelItem(8)
    assert item is not None and item.text(0) == "Chapter Nine"
    qtbot.mouseClick(
        contents.viewport(), Qt.MouseButton.LeftButton, pos=contents.visualItemRect(item).center()
    )
    book = window.reader.book
    assert book is not None
    assert window.reader.top_position() == book.sections[8].start

    nested = [
        Section("Part I", 1, 0, 100),
        Section("I", 2, 10, 50),
        Section("II", 2, 50, 100),
        Section("Part II", 1, 100, 200),
    ]
    contents.set_sections(nested)
    part = contents.topLevelItem(0)
    assert contents.topLevelItemCount() == 2
    assert part is not None and [part.child(i).text(0) for i in range(part.childCount())] == [
        "I",
        "II",
    ]


def test_a_bad_file_shows_an_error_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, messages: list[tuple[str, str]]
) -> None:
    empty = tmp_path / "empty.epub"
    empty.write_bytes(b"")
    window.import_files([str(empty)])
    qtbot.waitUntil(lambda: bool(messages), timeout=5000)
    assert messages == [("Cannot open this book", "empty.epub: the file is empty")]
    window.open_reference(str(tmp_path / "missing.epub"))
    qtbot.waitUntil(lambda: len(messages) == 2, timeout=5000)
    assert "missing.epub" in messages[1][1]
    assert window.library.books() == []


def test_dialogs_show_messages_as_plain_text(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, Qt.TextFormat, Qt.TextFormat]] = []

    def capture(box: QMessageBox) -> QMessageBox.StandardButton:
        label = box.findChild(QLabel, "qt_msgbox_label")  # what the reader sees
        assert label is not None and label.text() == box.text()
        shown.append((box.text(), box.textFormat(), label.textFormat()))
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "exec", capture)
    bold = tmp_path / "<b>.epub"  # QMessageBox alone would guess rich text and show "."
    bold.write_bytes(b"")
    window.import_files([str(bold)])
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    plain = Qt.TextFormat.PlainText
    assert shown == [("<b>.epub: the file is empty", plain, plain)]
    assert not confirm(window, "Remove book", "Remove <i>this</i>?")
    assert shown[1] == ("Remove <i>this</i>?", plain, plain)


def test_dropping_a_file_imports_it(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    book = make_epub(tmp_path / "dropped.epub", STORY, title="Dropped Book")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(book))])
    where = QPointF(200, 200)
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(where, Qt.DropAction.CopyAction, mime, buttons, keys)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(where, Qt.DropAction.CopyAction, mime, buttons, keys))
    qtbot.waitUntil(lambda: window.reader.book is not None, timeout=5000)
    assert window.reader.book is not None and window.reader.book.info.title == "Dropped Book"


def test_removing_a_book_asks_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, messages: list[tuple[str, str]]
) -> None:
    open_story(qtbot, window, tmp_path)
    path = window.path
    assert path is not None
    qtbot.mouseClick(window.library.remove_button, Qt.MouseButton.LeftButton)
    assert messages and messages[0][0] == "Remove book"
    assert not path.exists()
    assert window.reader.book is None and window.library.books() == []


def test_an_unexpected_error_becomes_a_dialog_and_a_crash_log(
    library: Path, messages: list[tuple[str, str]], qapp: QApplication
) -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        report_unexpected(RuntimeError, error, error.__traceback__)
    ((title, text),) = messages
    assert title == "saadi-desktop"
    assert "boom" in text and "crash.log" in text
    log = library.parent / "crash.log"
    assert "RuntimeError: boom" in log.read_text(encoding="utf-8")


def test_calls_into_qt_do_not_use_up_none_true_or_false(qapp: QApplication) -> None:
    """PySide6 6.12 on Python 3.11 drops a reference to None on every void call, and to True
    or False on every emission of a bool signal; without saadi_desktop.ui.compat these loops
    would kill the process ("deallocating None")."""

    class Flag(QObject):
        changed = Signal(bool)

        def seen(self, value: bool) -> None:
            pass

    label, flag = QLabel(), Flag()
    flag.changed.connect(flag.seen)
    for _ in range(200_000):  # more than None has references in any real process
        label.setText("x")
    for _ in range(20_000):
        flag.changed.emit(True)
        flag.changed.emit(False)
    if sys.version_info < (3, 12):
        assert min(sys.getrefcount(x) for x in (None, True, False)) > 1 << 39


def test_positions_map_one_to_one_onto_the_text_document(qapp: QApplication) -> None:
    text = "Chapter 😀 One\n\nIt was 𝔇ark. Done\n\nend"
    document = QTextDocument()
    document.setPlainText(text)
    positions = PositionMap(text)
    assert document.characterCount() - 1 == len(text) + 2  # two characters outside the BMP
    for offset, char in enumerate(text):
        if ord(char) <= 0xFFFF:
            expected = "\u2029" if char == "\n" else char
            assert document.characterAt(positions.to_document(offset)) == expected
        assert positions.to_text(positions.to_document(offset)) == offset
    plain = "no wide characters\n\nhere"
    assert PositionMap(plain).to_document(7) == 7


def test_snippets_and_headings() -> None:
    text = "word " * 100 + "the old woman counted " + "word " * 100
    start = text.index("old")
    pieces = snippet(text, [(start, start + 3, "query")], width=120)
    assert pieces[0].text == "…" and pieces[-1].text == "…"
    assert [p.text for p in pieces if p.kind] == ["old"]
    assert heading_span("Title\n\nBody", Section("Title", 1, 0, 11)) == (0, 5)
    assert heading_span("x" * 300, Section("x", 1, 0, 300)) is None


def test_reader_shows_plain_text_never_markup(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    chapters = [("Odd", "<p>&lt;b&gt;not bold&lt;/b&gt; &lt;img src='http://x/y.png'&gt;</p>")]
    window.import_files([str(make_epub(tmp_path / "odd.epub", chapters, title="Odd"))])
    qtbot.waitUntil(lambda: window.reader.book is not None, timeout=5000)
    assert "<b>not bold</b> <img src='http://x/y.png'>" in window.reader.view.toPlainText()
    assert window.reader.view.cursorForPosition(QPoint(0, 0)).position() == 0


@pytest.mark.parametrize(
    ("later", "spoilers", "said"),
    [
        (0, False, "No passage matches, up to here."),
        (1, False, "No passage matches, up to here; 1 passage matches later in the book "
                   "(Show everything to see it)."),
        (3, False, "No passage matches, up to here; 3 passages match later in the book "
                   "(Show everything to see them)."),
        (0, True, "No passage matches."),
    ],
)  # fmt: skip
def test_an_empty_result_list_says_how_many_passages_match_later(
    later: int, spoilers: bool, said: str
) -> None:
    from saadi_desktop.ui.search.panel import no_results

    assert no_results(later, spoilers) == said


# -- the outline: the headline tree, the model's words apart from the book's -------------------


def headline_notes(tmp_path: Path) -> tuple[BookNotes, str]:
    """LONG_STORY indexed by the stand-in model (it writes headlines), its notes for the whole
    book built as the reading tools build them."""
    path = import_book(make_epub(tmp_path / "headlines.epub", LONG_STORY), chunk_words=40)
    with BookDB.open(path.info.path) as db:
        build_state(db, names_model())
        chunks, text = db.chunks(), db.text()
        nodes = [outline_node(row) for row in views.outline(db)]
    starts, ends = [c.start for c in chunks], [c.end for c in chunks]
    return BookNotes(None, None, starts, ends, [], group_outline(nodes, starts, ends)), text


def outline_panel(qtbot: QtBot, notes: BookNotes | None, text: str) -> OutlinePanel:
    panel = OutlinePanel(lambda position: f"Chapter · {position}")
    qtbot.addWidget(panel)
    panel.set_notes(notes, text)
    return panel


def choose(panel: OutlinePanel, wanted: Callable[[OutlineNode], bool]) -> OutlineNode:
    """Choose the first row (in tree order) whose node is ``wanted``; its detail shows."""
    path = min(p for p, node in panel.nodes.items() if wanted(node))
    item = panel.item_at(path)
    assert item is not None
    panel.tree.setCurrentItem(item)
    return panel.nodes[path]


def style_at(view: QTextBrowser, words: str) -> tuple[bool, str]:
    """Whether ``words`` are shown in italics, and in which colour, in ``view``."""
    found = view.document().find(words)
    assert not found.isNull(), f"{words!r} is not shown"
    char = found.charFormat()
    return char.fontItalic(), char.foreground().color().name()


def test_the_outline_nests_passage_headlines_under_their_fold() -> None:
    starts, ends = [0, 10, 20, 30], [10, 20, 30, 40]
    one = OutlineNode(1, 0, 2, 0, 30, "Two walk", form="headline")
    first = OutlineNode(0, 0, 0, 0, 10, "One walks", form="headline")
    third = OutlineNode(0, 2, 2, 20, 30, "A sentence.", extract=True, form="extract")
    unfolded = OutlineNode(0, 3, 3, 30, 40, "Three walk", form="headline")
    roots = group_outline([one, first, third, unfolded], starts, ends)
    assert roots == [one, unfolded]  # a passage read but not folded yet stands as a root
    # the passages' own nodes; a bare chunk where there is none (a book indexed before)
    assert one.children[0] is first and one.children[2] is third
    assert one.children[1] == OutlineNode(0, 1, 1, 10, 20, "")
    keyed = outline_node({"level": 1, "first_chunk": 0, "last_chunk": 2, "start": 0, "end": 30,
                          "text": "a\nb", "provisional": False, "extract": False, "form": "list",
                          "keys": [{"start": 3, "end": 9, "text": "Quoted."}]})  # fmt: skip
    assert keyed.lines() == ["a", "b"] and keyed.keys == (KeySentence(3, 9, "Quoted."),)


def test_the_outline_shows_headlines_as_the_models_and_key_sentences_as_the_books(
    qtbot: QtBot, tmp_path: Path, library: Path
) -> None:
    notes, text = headline_notes(tmp_path)
    panel = outline_panel(qtbot, notes, text)
    assert [n.level for n in notes.outline] == [3]  # book → … → passage
    passage = choose(panel, lambda n: n.level == 0 and n.form == "headline")
    item = panel.item_at(min(p for p, n in panel.nodes.items() if n is passage))
    assert item is not None and item.text(0).endswith(f" — {' '.join(passage.text.split())}")
    shown = panel.summary.toPlainText()
    assert "Headline (written by the model)" in shown and "From the book:" in shown
    assert passage.keys and f"“{passage.keys[0].text}”" in shown
    book = theme.current().book
    assert style_at(panel.summary, passage.keys[0].text) == (True, book)
    italic, colour = style_at(panel.summary, passage.text)
    assert not italic and colour != book
    key = passage.keys[0]
    with qtbot.waitSignal(panel.span_requested) as asked:
        panel.summary.anchorClicked.emit(QUrl(f"key:{key.start}:{key.end}"))
    assert asked.args == [key.start, key.end, 0]
    assert text[key.start : key.end] == key.text


def test_a_fold_the_model_could_not_make_is_shown_as_a_list(
    qtbot: QtBot, tmp_path: Path, library: Path
) -> None:
    notes, text = headline_notes(tmp_path)
    panel = outline_panel(qtbot, notes, text)
    listed = choose(panel, lambda n: n.form == "list")
    item = panel.item_at(min(p for p, n in panel.nodes.items() if n is listed))
    assert item is not None and "list of headlines) — " in item.text(0)
    assert item.text(0).endswith(" · ".join(listed.lines()))
    shown = panel.summary.toPlainText()
    assert "could not condense" in shown and "(written by the model)" in shown
    assert all(f"• {line}" in shown for line in listed.lines())  # a line each


def test_an_older_books_outline_keeps_its_marks(qtbot: QtBot, library: Path) -> None:
    text = "It was a hot evening early in July when the young man came out of his garret. " * 4
    prose = OutlineNode(1, 0, 1, 0, 160, "A summary the model wrote.", provisional=True)
    stand_in = OutlineNode(1, 2, 3, 160, len(text), "It was a hot evening.", extract=True)
    starts, ends = [0, 80, 160, 240], [80, 160, 240, len(text)]
    roots = group_outline([prose, stand_in], starts, ends)
    notes = BookNotes(None, None, starts, ends, [], roots)
    panel = outline_panel(qtbot, notes, text)
    first, second = panel.item_at((0,)), panel.item_at((1,))
    assert first is not None and second is not None
    assert first.text(0).endswith("(provisional) — A summary the model wrote.")
    assert second.text(0).endswith("(extract) — “It was a hot evening.”")
    choose(panel, lambda n: n is prose)
    assert "Summary (written by the model" in panel.summary.toPlainText()
    choose(panel, lambda n: n is stand_in)
    assert "sentences from the book stand in" in panel.summary.toPlainText()
    assert style_at(panel.summary, "It was a hot evening.") == (True, theme.current().book)
    chunk = panel.item_at((0, 0))
    assert chunk is not None  # a bare chunk: its opening, quoted (the book's words)
    assert chunk.text(0) == "Passage 1 · Chapter · 0–25 % — “" + " ".join(text[:80].split()) + "”"
    choose(panel, lambda n: n.level == 0)
    assert "The passage opens (the book's words):" in panel.summary.toPlainText()


def test_a_passage_without_a_headline_shows_the_books_words(qtbot: QtBot, library: Path) -> None:
    text = "Chapter One\n\nThe stairs were dark and the bell was loud that night. Rodion rang."
    key = KeySentence(13, 67, text[13:67])
    passage = OutlineNode(0, 0, 0, 0, len(text), key.text, extract=True, form="extract",
                          keys=(key,))  # fmt: skip
    notes = BookNotes(None, None, [0], [len(text)], [], group_outline([passage], [0], [len(text)]))
    panel = outline_panel(qtbot, notes, text)
    item = panel.item_at((0,))
    assert item is not None  # no headline: its opening, quoted (the book's words)
    assert item.text(0).endswith(
        "— “The stairs were dark and the bell was loud that night. Rodion rang.”"
    )
    choose(panel, lambda n: n is passage)
    shown = panel.summary.toPlainText()
    assert "No headline" in shown and shown.count(key.text) == 1  # quoted once, as a key
    assert style_at(panel.summary, key.text) == (True, theme.current().book)


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        ("The bell rang.", "“The bell rang.”"),
        ("“Well,” he said.", "“Well,” he said.”"),  # not '““Well,'
        ("He said, “Go.”", "“He said, “Go.”"),
        ("“Go!”", "“Go!”"),
    ],
)
def test_the_books_words_are_quoted_once(words: str, shown: str) -> None:
    assert quoted(words) == shown


def test_a_long_line_is_cut_inside_the_books_words() -> None:
    line = [("He walks", False), (" · ", False), ("The bell rang twice that night.", True)]
    assert cut_line(line, 10) == line
    assert cut_line(line, 6) == [*line[:2], ("The bell rang …", True)]
    assert cut_line(line, 5) == [line[0], (" …", False)]  # not '· “The bell …”'
    assert cut_line(line, 2) == [line[0], (" …", False)]
    assert cut_line(line, 1) == [("He …", False)]


def test_a_list_quotes_the_book_where_a_part_had_no_headline(qtbot: QtBot, library: Path) -> None:
    text = "x" * 40
    said = OutlineNode(0, 0, 0, 0, 10, "He walks", form="headline")
    stood = OutlineNode(0, 1, 1, 10, 20, "The bell rang.", extract=True, form="extract")
    inner = OutlineNode(1, 0, 1, 0, 20, "He walks\nThe bell rang.", form="list")
    other = OutlineNode(1, 2, 3, 20, 40, "She counts", form="headline")
    top = OutlineNode(2, 0, 3, 0, 40, "He walks · The bell rang.\nShe counts", form="list")
    starts, ends = [0, 10, 20, 30], [10, 20, 30, 40]
    roots = group_outline([top, inner, other, said, stood], starts, ends)
    assert list_lines(inner) == [[("He walks", False)], [("The bell rang.", True)]]
    assert list_lines(top) == [  # a line of a list: its lines, marked the same way
        [("He walks", False), (" · ", False), ("The bell rang.", True)],
        [("She counts", False)],
    ]
    quoting = OutlineNode(1, 0, 1, 0, 20, "He walks\n“The bell rang.”", form="list",
                          children=[said, stood])  # fmt: skip
    assert list_lines(quoting)[1] == [("“The bell rang.”", True)]  # the builder quotes them now
    panel = outline_panel(qtbot, BookNotes(None, None, starts, ends, [], roots), text)
    row = panel.item_at((0,))
    assert row is not None and row.text(0).endswith("— He walks · “The bell rang.” · She counts")
    choose(panel, lambda n: n is top)
    assert "In quotes: the book's own words" in panel.summary.toPlainText()
    assert style_at(panel.summary, "The bell rang.") == (True, theme.current().book)
    assert style_at(panel.summary, "He walks")[0] is False
