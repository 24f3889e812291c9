"""Who is this? The card of a name or alias in the reader, as of the spoiler limit.

A name the memory knows shows a pointing hand under the mouse; a click on it opens its card
beside it. The keyboard way: select a phrase ("the old woman"), or put the cursor on a name, and
press W — or right-click, "Who is this?". The card is built on the GUI thread from the notes the
entity browser already holds (a dict lookup and a few small regex searches: a few milliseconds,
well under the 50 ms a click may take), never from notes of a wider limit than the shield
allows: when the reader has just turned the shield on, the card waits for the refreshed notes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QMouseEvent, QTextCursor
from PySide6.QtWidgets import QApplication

from saadi_desktop.reading import who
from saadi_desktop.ui.companion.card import WhoCard
from saadi_desktop.ui.notes import BookNotes, EntityEntry, mention_highlights
from saadi_desktop.ui.shell import Shell

_MOUSE_EVENTS = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseMove,
)


class WhoIsThis(QObject):
    card_shown = Signal(object)  # the who.Card now shown
    browse_requested = Signal(str)  # an entity's key: open it in the entity browser

    def __init__(self, shell: Shell, notes: Callable[[], BookNotes | None]) -> None:
        super().__init__(shell.window)
        self.shell = shell
        self.reader = shell.reader
        self.notes = notes  # the notes the entity browser holds (cut at the limit)
        self.view = self.reader.view
        self.card = WhoCard(self.reader)
        self.entry: EntityEntry | None = None  # the entity on the card
        self.at_chunk: int | None = None  # the chunk its previous and next count from
        self._names: tuple[BookNotes, who.NameIndex] | None = None
        self._press: QPoint | None = None
        self._pointing = False
        self._jumping = False  # the card's own jump moves the reader: the card stays
        self._menu_offset: int | None = None  # where the context menu was asked for

        self.viewport = self.view.viewport()
        self.viewport.setMouseTracking(True)
        self.viewport.installEventFilter(self)
        self.view.installEventFilter(self)
        self.card.mention_requested.connect(self.go_to_mention)
        self.card.browse_requested.connect(self.browse)
        self.card.entity_requested.connect(self._other_entity)
        self.reader.book_changed.connect(self._book_changed)
        self.reader.position_changed.connect(self._reading_moved)
        shell.search.spoilers.toggled.connect(self.card.dismiss)
        self.who_action = QAction("&Who is this?", shell.window)
        self.who_action.setShortcut(QKeySequence("W"))
        # W only while the reader has the focus: typing a W in the search box stays a W
        self.who_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.who_action.setToolTip("The card of the name under the cursor or the selected phrase")
        self.who_action.triggered.connect(self.who_here)
        self.view.addAction(self.who_action)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)

    # -- finding names ----------------------------------------------------------------------------

    def names(self) -> tuple[BookNotes, who.NameIndex] | None:
        """The notes and their name index, when the notes may be shown: cut at the shield's
        limit or before it (a limit a little behind the reader is safe; one ahead is not)."""
        notes = self.notes()
        if notes is None or self.reader.book is None:
            return None
        until = self.shell.search.until()
        if until is not None and (
            notes.limit_chunk is None or notes.limit_chunk > notes.chunk_of(until)
        ):
            return None  # the notes of a wider limit: the refreshed ones are on their way
        if self._names is None or self._names[0] is not notes:
            self._names = (notes, who.name_index(notes.entities))
        return self._names

    def name_under(self, point: QPoint) -> tuple[int, int, str] | None:
        """The known name under ``point`` (viewport coordinates), on the text itself."""
        names, book = self.names(), self.reader.book
        if names is None or book is None:
            return None
        offset = self.reader.positions.to_text(self.view.cursorForPosition(point).position())
        found = who.name_at(book.text, offset, names[1])
        if found is None or not self._span_rect(found[0], found[1]).contains(point):
            return None  # beside the line's end, the nearest character is not under the mouse
        return found

    def _span_rect(self, start: int, end: int) -> QRect:
        """Where a span of text is drawn, in viewport coordinates (a wrapped span: the lines
        it takes, full width)."""
        first, last = self.cursor_rect(start), self.cursor_rect(end)
        if first.top() == last.top():
            return QRect(first.topLeft(), last.bottomLeft()).adjusted(-2, 0, 2, 0)
        viewport = self.viewport.rect()
        return QRect(viewport.left(), first.top(), viewport.width(), last.bottom() - first.top())

    def cursor_rect(self, position: int) -> QRect:
        """Where the character at ``position`` is drawn, in viewport coordinates."""
        cursor = QTextCursor(self.view.document())
        cursor.setPosition(self.reader.positions.to_document(position))
        return self.view.cursorRect(cursor)

    def show_entity(self, key: str) -> bool:
        """The card of the entity ``key`` as of the limit, docked (a person of the recap)."""
        names = self.names()
        entry = next((e for e in names[0].entities if e.key == key), None) if names else None
        if names is None or entry is None:
            return False
        self._show(entry, names[0].limit_chunk, [])
        self.card.dock()
        return True

    # -- the card ---------------------------------------------------------------------------------

    def open_card(self, phrase: str, offset: int, anchor: tuple[int, int] | None = None) -> bool:
        """Show the card of whoever ``phrase`` names, looked up at ``offset``, beside the span
        ``anchor`` (docked in the corner when None). False when nobody known answers to it."""
        names = self.names()
        if names is None:
            return False
        notes = names[0]
        chunk = notes.chunk_of(offset)
        found = who.lookup(notes.entities, phrase, chunk=chunk)
        if not found:
            return False
        self._show(found[0], chunk, found[1:])
        if anchor is None:
            self.card.dock()
        else:
            rect = self._span_rect(*anchor)
            top_left = self.viewport.mapTo(self.reader, rect.topLeft())
            self.card.place(QRect(top_left, rect.size()))
        return True

    def _show(self, entry: EntityEntry, chunk: int | None, others: list[EntityEntry]) -> None:
        notes, book = self.notes(), self.reader.book
        assert notes is not None and book is not None
        shown = who.card(entry, at_chunk=chunk, others=others)
        # 'Part I › IV · 3 %': a bare chapter number ('I') says little on its own
        first_met = (
            self.reader.describe(notes.chunk_starts[shown.first]) if shown.first is not None else ""
        )
        self.entry, self.at_chunk = entry, chunk
        self.card.show_card(shown, first_met=first_met, spoilers=notes.until is None)
        self.card_shown.emit(shown)

    def who_here(self) -> None:
        """W, or the context menu: the card of the selected phrase, or of the name at the
        cursor (or where the context menu was opened)."""
        book, cursor = self.reader.book, self.view.textCursor()
        offset, self._menu_offset = self._menu_offset, None
        if book is None:
            return
        if self.names() is None:
            self._say("This book's notes are still being read: try again in a moment.")
            return
        if cursor.hasSelection():
            start = self.reader.positions.to_text(cursor.selectionStart())
            end = self.reader.positions.to_text(cursor.selectionEnd())
            phrase = book.text[start:end]
            if not self.open_card(phrase, start, (start, end)):
                self._say(f"Nobody the book's notes know is called “{' '.join(phrase.split())}”"
                          ", up to here.")  # fmt: skip
            return
        if offset is None:
            offset = self.reader.positions.to_text(cursor.position())
        names = self.names()
        found = who.name_at(book.text, offset, names[1]) if names else None
        if found is None or not self.open_card(found[2], offset, found[:2]):
            self._say("No name the book's notes know here: select a phrase, then press W.")

    def go_to_mention(self, seq: int) -> None:
        """The card's first / previous / next: show that passage with the names marked; the
        card stays, docked, and now counts from there."""
        notes, book, entry = self.notes(), self.reader.book, self.entry
        if notes is None or book is None or entry is None:
            return
        start, end = notes.span(seq)
        self._jumping = True
        try:
            self.reader.show_passage(start, end, mention_highlights(book.text, start, end, entry))
        finally:
            self._jumping = False
        card = self.card.card
        keys = {k for k, _ in card.others} if card else set()
        self._show(entry, seq, [e for e in notes.entities if e.key in keys])
        self.card.dock()

    def browse(self, key: str) -> None:
        """Open the entity in the People & places tab (the window wires the tab)."""
        self.card.dismiss()
        self.browse_requested.emit(key)

    def _other_entity(self, key: str) -> None:
        """Another entity answering to the same name: its card, in the same place."""
        notes, card = self.notes(), self.card.card
        if notes is None or card is None:
            return
        keys = {k for k, _ in card.others} | {card.key}
        others = [e for e in notes.entities if e.key in keys]
        entry = next((e for e in others if e.key == key), None)
        if entry is not None:
            self._show(entry, self.at_chunk, [e for e in others if e.key != key])

    # -- events -----------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The event's type first, then identity only: while the window is torn down, events
        # still arrive from widgets half destroyed, and calling into them would crash.
        kind = event.type()
        if kind == QEvent.Type.KeyPress and watched is self.view:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape and self.card.isVisible():
                self.card.dismiss()
                return True
        elif kind in _MOUSE_EVENTS and watched is self.viewport:
            assert isinstance(event, QMouseEvent)
            self._mouse(kind, event)
        return False

    def _mouse(self, kind: QEvent.Type, event: QMouseEvent) -> None:
        point = event.position().toPoint()
        left = event.button() == Qt.MouseButton.LeftButton
        if kind == QEvent.Type.MouseButtonPress and left:
            self._press = point
        elif kind == QEvent.Type.MouseButtonRelease and left:
            pressed, self._press = self._press, None
            moved = pressed is None or (point - pressed).manhattanLength() >= (
                QApplication.startDragDistance()
            )
            if moved or self.view.textCursor().hasSelection():
                return  # a selection, not a click
            found = self.name_under(point)
            if found is None:
                self.card.dismiss()
            else:
                self.open_card(found[2], found[0], found[:2])
        elif kind == QEvent.Type.MouseMove and event.buttons() == Qt.MouseButton.NoButton:
            pointing = self.name_under(point) is not None
            if pointing != self._pointing:
                self._pointing = pointing
                shape = (
                    Qt.CursorShape.PointingHandCursor if pointing else Qt.CursorShape.IBeamCursor
                )
                self.viewport.setCursor(shape)

    def _context_menu(self, point: QPoint) -> None:
        menu = self.view.createStandardContextMenu(point)
        self._menu_offset = self.reader.positions.to_text(
            self.view.cursorForPosition(point).position()
        )
        if menu.actions():
            first = menu.actions()[0]
            menu.insertAction(first, self.who_action)
            menu.insertSeparator(first)
        else:
            menu.addAction(self.who_action)
        menu.exec(self.viewport.mapToGlobal(point))
        menu.deleteLater()

    def _book_changed(self) -> None:
        self.card.dismiss()
        self._names = None

    def _reading_moved(self, _position: int) -> None:
        if not self._jumping:
            self.card.dismiss()  # the name it stood by has moved

    def _say(self, message: str) -> None:
        self.shell.window.statusBar().showMessage(message, 5000)
