"""Where was I? A recap of the story up to the spoiler limit, laid over the reader.

Reading › Where was I? (Ctrl+R), and by itself when a book is opened again after :data:`AWAY` or
more (a preference): the recap is read off the GUI thread (no model call) and shown in a
:class:`RecapSheet`; its paragraphs go to the places they tell, its quotes of the book to their
sentences, its people open their cards.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence

from saadi_desktop.reading import views
from saadi_desktop.reading.recap import Recap, recap
from saadi_desktop.store import BookDB
from saadi_desktop.store.reading import last_read
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations
from saadi_desktop.ui.companion.recap_sheet import RecapSheet
from saadi_desktop.ui.companion.who_is_this import WhoIsThis
from saadi_desktop.ui.notes import LIST, Segment, group_outline, list_lines, outline_node
from saadi_desktop.ui.shell import Shell
from saadi_desktop.ui.workers import EXPECTED_ERRORS

AWAY = timedelta(hours=8)  # a book opened again after this long gets a recap (a preference)
RECAP_ON_RETURN = "recap_on_return"  # the preference's key
SHADED_PASSAGES = 5  # a recap paragraph telling this many passages or fewer is shaded
ListLines = dict[int, list[list[Segment]]]  # by recap part: a list's lines, whose words where


class WhereWasI(QObject):
    recap_shown = Signal(object)  # the Recap now shown

    def __init__(self, shell: Shell, who: WhoIsThis) -> None:
        super().__init__(shell.window)
        self.shell = shell
        self.reader = shell.reader
        self.who = who
        self.sheet = RecapSheet(self.reader)
        self.request = 0  # the latest recap request; older answers are dropped
        self.sheet.passage_requested.connect(self._recap_passage)
        self.sheet.quote_requested.connect(self._recap_quote)
        self.sheet.person_requested.connect(self.who.show_entity)
        self.sheet.on_return.setChecked(recap_on_return())
        self.sheet.on_return.toggled.connect(self.set_recap_on_return)
        self.reader.book_changed.connect(self._book_changed)
        self.reader.installEventFilter(self)
        self.reader.view.installEventFilter(self)
        self.recap_action = QAction("Where &was I? (recap)", shell.window)
        self.recap_action.setShortcut(QKeySequence("Ctrl+R"))
        self.recap_action.triggered.connect(self.show_recap)
        self.return_action = QAction("Recap when I come &back after a while", shell.window)
        self.return_action.setCheckable(True)
        self.return_action.setChecked(recap_on_return())
        self.return_action.toggled.connect(self.set_recap_on_return)

    # -- the recap --------------------------------------------------------------------------------

    def show_recap(self, *, on_return: bool = False) -> None:
        """Read the recap as of the shield's limit (off the GUI thread) and show it. On
        coming back to a book, it shows only when there is something to tell."""
        path, book = self.shell.book(), self.reader.book
        if path is None or book is None:
            return
        until = self.shell.search.until()
        self.request += 1
        if not on_return:
            self.sheet.show_loading(self._scope(until))
        work = partial(_read_recap, path, until)
        done = partial(self._recap_read, self.request, path, until, on_return)
        failed = partial(self._recap_failed, self.request)
        self.shell.run(work, done, failed)

    def _recap_read(
        self,
        request: int,
        path: Path,
        until: int | None,
        on_return: bool,
        read: tuple[Recap, ListLines],
    ) -> None:
        if request != self.request or path != self.shell.book():
            return  # a newer request, or another book
        told, lines = read
        if on_return and not told.parts:
            return
        self.sheet.show_recap(told, self._scope(until), spoilers=until is None, lines=lines)
        self.recap_shown.emit(told)

    def _recap_failed(self, request: int, error: BaseException) -> None:
        if request != self.request:
            return
        if not isinstance(error, EXPECTED_ERRORS):
            operations.write_crash_log(error)
        self.sheet.show_message("", f"Could not read this book's recap: {error}")

    def _scope(self, until: int | None) -> str:
        if until is None:
            return "⚠ Spoilers on: the whole book"
        last = len(self.reader.book.text) - 1 if self.reader.book else 0
        return f"Spoiler-safe: the story up to {self.reader.describe(max(0, min(until, last)))}"

    def _recap_passage(self, index: int) -> None:
        told = self.sheet.recap
        if told is None or not 0 <= index < len(told.parts):
            return
        part = told.parts[index]
        self.sheet.dismiss()
        if part.last_chunk - part.first_chunk < SHADED_PASSAGES:
            self.reader.show_passage(part.start, part.end)
        else:
            self.reader.visit(part.start)  # too long to shade: its start

    def _recap_quote(self, start: int, end: int) -> None:
        """A key sentence of the recap: the reader goes there and shades it."""
        self.sheet.dismiss()
        self.reader.show_passage(start, end)

    def set_recap_on_return(self, on: bool) -> None:
        """Remember whether a book opened after a while shows its recap."""
        for toggle in (self.return_action, self.sheet.on_return):
            if toggle.isChecked() != on:
                toggle.setChecked(on)
        operations.save_preference(RECAP_ON_RETURN, on)

    def _book_changed(self) -> None:
        self.sheet.dismiss()
        path = self.shell.book()
        if self.reader.book is None or path is None or not recap_on_return():
            return
        try:
            away = away_since(path)
        except EXPECTED_ERRORS:
            return
        if away is not None and away >= AWAY:
            self.show_recap(on_return=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The event's type first, then identity only: while the window is torn down, events
        # still arrive from widgets half destroyed, and calling into them would crash.
        kind = event.type()
        if kind == QEvent.Type.Resize and watched is self.reader:
            if self.sheet.isVisible():
                self.sheet.fit()
        elif kind == QEvent.Type.KeyPress and watched is self.reader.view:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape and self.sheet.isVisible():
                self.sheet.dismiss()
                return True
        return False


def recap_on_return() -> bool:
    value = operations.preferences().get(RECAP_ON_RETURN, True)
    return value if isinstance(value, bool) else True


def away_since(path: Path) -> timedelta | None:
    """How long since the reader was last in this book (None: never)."""
    with BookDB.open(path) as db:
        when = last_read(db)
    if when is None:
        return None
    return datetime.now(UTC) - (when if when.tzinfo else when.replace(tzinfo=UTC))


def _read_recap(
    path: Path, until: int | None, _progress: ProgressCallback
) -> tuple[Recap, ListLines]:
    with BookDB.open(path) as db:
        told = recap(db, until)
        return told, _list_lines(db, told, until)


def _list_lines(db: BookDB, told: Recap, until: int | None) -> ListLines:
    """The lines of the recap's lists, each marked where it quotes the book: a part without a
    headline stands in a list by its extract (see :func:`notes.list_lines`); the recap's parts
    do not carry their children, the outline's nodes do."""
    if not any(p.form == LIST for p in told.parts):
        return {}
    chunks = db.chunks()
    nodes = [outline_node(row) for row in views.outline(db, until)]
    group_outline(nodes, [c.start for c in chunks], [c.end for c in chunks])  # their children
    by_span = {(n.level, n.first_chunk, n.last_chunk): n for n in nodes}
    return {
        index: list_lines(by_span[key])
        for index, part in enumerate(told.parts)
        if part.form == LIST and (key := (part.level, part.first_chunk, part.last_chunk)) in by_span
    }
