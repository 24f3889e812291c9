"""The entity browser's timeline, driven offscreen with pytest-qt: a strip from the start to the
limit, a click that jumps to the nearest mention, several people compared lane under lane."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_ui_reading_tools import entity, indexed, open_indexed, window

from saadi_desktop.ui.main_window import MainWindow
from saadi_desktop.ui.people.timeline_strip import TOGETHER

__all__ = ["indexed", "window"]  # the fixtures, shared with the reading tools' tests


def open_people(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    open_indexed(qtbot, window, path)
    window.tools.show_tab(1)  # People & places


def show_everything(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.tools.notes_changed, timeout=5000):
        window.search.spoilers.setChecked(True)


def test_the_chosen_persons_mentions_run_from_the_start_to_the_limit(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_people(qtbot, window, indexed)
    browser, strip = window.tools.entities, window.tools.entities.strip
    rodion = entity(window, "Rodion")
    browser.select(rodion.key)
    assert strip.isVisible() and strip.timeline is not None
    assert strip.timeline.end == window.reader.furthest  # the strip ends where the shield is
    assert [lane.name for lane in strip.timeline.lanes] == ["Rodion"]
    assert strip.timeline.lanes[0].mentions == rodion.mentions
    assert all(end <= strip.timeline.end for _, end in strip.timeline.marks(rodion.mentions))
    assert "up to here" in strip.tooltip_at(strip.point_of(0, 0))

    show_everything(qtbot, window)
    whole = strip.timeline
    book = window.reader.book
    assert whole is not None and book is not None
    assert whole.end == len(book.text) and whole.lanes[0].key == rodion.key
    assert len(whole.lanes[0].mentions) > len(rodion.mentions)  # he comes back in chapter ten


def test_a_click_on_the_strip_shows_the_nearest_mention_with_the_name_marked(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_people(qtbot, window, indexed)
    show_everything(qtbot, window)
    browser, strip = window.tools.entities, window.tools.entities.strip
    browser.select(entity(window, "Rodion").key)
    assert strip.timeline is not None
    last = strip.timeline.lanes[0].mentions[-1]
    start, end = browser.notes.span(last)  # type: ignore[union-attr]
    with qtbot.waitSignal(strip.mention_requested, timeout=2000) as clicked:
        qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.point_of(0, end - 1))
    assert clicked.args == [entity(window, "Rodion").key, last]
    reader = window.reader
    text = reader.book.text  # type: ignore[union-attr]
    spans = reader.highlighted()
    assert spans[0] == (start, end)
    assert [text[s:e] for s, e in spans[1:]] == ["Rodion"]
    assert reader.top_position() <= start < reader.bottom_position()


def test_two_people_compared_on_one_strip_with_the_passages_they_share(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_people(qtbot, window, indexed)
    show_everything(qtbot, window)
    browser, strip = window.tools.entities, window.tools.entities.strip
    alyona, rodion = entity(window, "Alyona Ivanovna"), entity(window, "Rodion")
    browser.select(alyona.key)
    rows = browser.list
    item = rows.topLevelItem(browser.entries.index(rodion))
    assert item is not None
    point = rows.visualItemRect(item).center()
    qtbot.mouseClick(rows.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier, point)  # fmt: skip
    assert [e.name for e in browser.chosen()] == sorted(
        ["Alyona Ivanovna", "Rodion"], key=lambda n: browser.entries.index(entity(window, n))
    )
    keys = [key for key, _label, _mentions in strip.lanes()]
    assert set(keys[:2]) == {alyona.key, rodion.key} and keys[2] == TOGETHER
    shared = set(alyona.mentions) & set(rodion.mentions)
    assert strip.lanes()[2][2] == tuple(sorted(shared)) and shared  # both in chapter one
    first = min(shared)
    start, _end = browser.notes.span(first)  # type: ignore[union-attr]
    with qtbot.waitSignal(strip.mention_requested, timeout=2000):
        qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.point_of(2, start))
    text = window.reader.book.text  # type: ignore[union-attr]
    marked = {text[s:e] for s, e in window.reader.highlighted()[1:]}
    assert marked == {"Alyona Ivanovna", "Rodion"}  # both names, in the passage they share


def test_the_compared_people_stay_compared_as_the_notes_follow_the_reader(
    qtbot: QtBot, window: MainWindow, indexed: Path
) -> None:
    open_people(qtbot, window, indexed)
    browser = window.tools.entities
    alyona, rodion = entity(window, "Alyona Ivanovna"), entity(window, "Rodion")
    browser.compare([rodion.key, alyona.key])
    show_everything(qtbot, window)
    assert {e.key for e in browser.chosen()} == {alyona.key, rodion.key}
    assert browser.current is not None and browser.current.key == rodion.key
    assert len(browser.strip.lanes()) == 3
