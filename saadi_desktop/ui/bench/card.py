"""``saadi bench card``: how long a "Who is this?" card takes to open after a click.

The main window is opened offscreen on a copy of the book (a temporary library; with
``stand_in`` the copy is first indexed whole by the stand-in model of ``llm/demo.py``), the
reader goes to the position, and once the notes are in, every known name on the pages already
read (the page there, then the pages before it) is clicked in turn, as a reader would:
a synthesized press and release on the name. Timed: from the click to the card shown and
painted (the click's events, then one pass of the event loop: layout and paint). The first
click is reported apart — it is the first time the card is laid out and drawn.
"""

from __future__ import annotations

import re
import sqlite3
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from saadi_desktop.library import resolve_book
from saadi_desktop.reading import who
from saadi_desktop.store import BookDB, StoreError
from saadi_desktop.ui.bench.offscreen import main_window, temporary_library

SETTLE_S = 1.0  # the event loop runs this long with nothing to do before the clicks


def bench_card(
    book: str, *, until: int | None = None, clicks: int = 50, stand_in: bool = False
) -> dict[str, Any]:
    """Click up to ``clicks`` names read by ``until`` (default: half the book); the click →
    card figures in milliseconds."""
    source = resolve_book(book)
    with temporary_library("saadi-card-") as home:
        path = home / "books" / source.name
        path.parent.mkdir(parents=True)
        with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(path)) as dst:
            src.backup(dst)  # a consistent copy even while an indexer writes the book
        if stand_in:
            _index_with_stand_in(path)
        with main_window() as (app, window):
            return {"book": source.name, "stand_in": stand_in,
                    **_measure(app, window, path, until, clicks)}  # fmt: skip


def _index_with_stand_in(path: Path) -> None:
    from saadi_desktop.llm.demo import names_model
    from saadi_desktop.state.builder import build_state

    with BookDB.open(path) as db:
        build_state(db, names_model())


def _measure(
    app: QApplication, window: Any, path: Path, until: int | None, clicks: int
) -> dict[str, Any]:
    window.open_book(path)
    _wait(app, lambda: window.reader.book is not None)
    reader, companion = window.reader, window.companion
    text = reader.book.text
    position = len(text) // 2 if until is None else until
    reader.scroll_to(position)  # reading up to here: the spoiler limit
    window.tools.refresh()  # the notes as of here (a request made at opening may be older)
    _wait(app, lambda: _current(window))
    _settle(app, window)
    names = companion.who.names()
    assert names is not None
    times: list[float] = []
    looked_up: list[str] = []
    page = reader.top_position()
    while len(times) < clicks:
        for start, _end, name in _names_on_page(reader, names[1]):
            if len(times) >= clicks:
                break
            companion.who.card.dismiss()
            app.processEvents()
            point = companion.who.cursor_rect(start).center() + QPoint(3, 0)
            began = time.perf_counter()
            QTest.mouseClick(reader.view.viewport(), Qt.MouseButton.LeftButton,
                             Qt.KeyboardModifier.NoModifier, point)  # fmt: skip
            app.processEvents()  # layout and paint
            if companion.who.card.isVisible():
                times.append((time.perf_counter() - began) * 1000)
                looked_up.append(name)
        if page == 0:
            break
        page = max(0, page - 3000)  # the page before (a peek: not reading further)
        reader.peek_at(page)
        app.processEvents()
    if not times:
        raise StoreError(f"{path.name}: no known name on the pages read up to {position}")
    later = sorted(times[1:]) or times
    return {
        "until": position,
        "where": reader.describe(position),
        "entities": len(names[0].entities),
        "clicks": len(times),
        "names": sorted(set(looked_up)),
        "first_ms": round(times[0], 2),
        "p50_ms": round(statistics.median(later), 2),
        "p95_ms": round(later[min(len(later) - 1, int(0.95 * len(later)))], 2),
        "max_ms": round(max(later), 2),
    }


def _names_on_page(reader: Any, index: who.NameIndex) -> Iterator[tuple[int, int, str]]:
    """The known names on the page shown, one occurrence each, in reading order."""
    text = reader.book.text
    top, bottom = reader.top_position(), reader.bottom_position()
    seen: set[int] = set()
    for match in re.finditer(r"\w+", text[top:bottom]):
        found = who.name_at(text, top + match.start(), index)
        if found is not None and found[0] not in seen:
            seen.add(found[0])
            yield found


def _current(window: Any) -> bool:
    """The notes are in, and cut where the reader is."""
    notes = window.tools.notes
    until = window.search.until()
    return (
        notes is not None
        and notes.until is not None
        and until is not None
        and notes.limit_chunk == notes.chunk_of(until)
        and window.companion.who.names() is not None
    )


def _wait(app: QApplication, done: Callable[[], bool], timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise StoreError("the app did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def _settle(app: QApplication, window: Any) -> None:
    """Let the window's start-up work (the search index, the notes) finish first, then the
    event loop run idle for SETTLE_S."""
    pools = (window.search_pool, window.background_pool)
    _wait(app, lambda: all(pool.activeThreadCount() == 0 for pool in pools))
    deadline = time.monotonic() + SETTLE_S
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)  # a bench: nothing else to do meanwhile
