"""The reader: the book's canonical text, read-only, with styled headings, a location line and
passages highlighted in place.

The text goes in as plain text (``setPlainText``): nothing from the book is ever interpreted as
markup, so nothing is executed or fetched. Canonical offsets map to document positions through
:class:`~saadi_desktop.ui.passages.PositionMap`. Every jump (contents, search result, entity
mention, outline node) is recorded in a :class:`~saadi_desktop.ui.reader.history.ReadingHistory` for
back and forward.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QColor, QFont, QResizeEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from saadi_desktop.books import Section
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.operations import OpenedBook
from saadi_desktop.ui.passages import PositionMap, heading_span
from saadi_desktop.ui.reader.history import ReadingHistory

COLUMN_WIDTH = 760  # pixels of text per line at most: long lines are hard to read
HEADING_POINTS = {1: 20.0, 2: 17.0}  # at the default text size; they grow with it
SUBHEADING_POINTS = 15.0
DEFAULT_POINTS = 12.5
MIN_POINTS, MAX_POINTS = 8.0, 32.0


class BookView(QPlainTextEdit):
    """Read-only plain text in a centred column."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        font = QFont("Georgia")
        font.setStyleHint(QFont.StyleHint.Serif)
        font.setPointSizeF(DEFAULT_POINTS)
        self.setFont(font)
        self.document().setDocumentMargin(16)
        self.setCenterOnScroll(False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        side = max(0, (self.width() - COLUMN_WIDTH) // 2)
        self.setViewportMargins(side, 0, side, 0)
        super().resizeEvent(event)


class Reader(QWidget):
    """The book's text with a location line.

    Two positions matter: :meth:`top_position`, where the reader is looking (remembered and
    restored), and :attr:`furthest`, how far they have read — the deepest bottom of the screen
    they scrolled to. The furthest position is the spoiler limit: a jump back to an earlier
    search result must not hide what was already read, and a jump to a search result (a peek)
    does not count as reading.
    """

    position_changed = Signal(int)  # the first visible character, as a canonical offset
    history_changed = Signal()  # back or forward became possible or impossible
    book_changed = Signal()  # a book was shown, or the reader cleared

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.location = QLabel("No book open")
        self.location.setObjectName("location")
        self.location.setTextFormat(Qt.TextFormat.PlainText)
        self._style_location()
        self.view = BookView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.location)
        layout.addWidget(self.view, 1)
        self.book: OpenedBook | None = None
        self.positions = PositionMap("")
        self._last_position = -1
        self.furthest = 0
        self._peeking = False
        self._moving = False
        self.history = ReadingHistory()
        self._passage: tuple[int, int, Sequence[tuple[int, int, str]]] | None = None  # shaded
        self.view.verticalScrollBar().valueChanged.connect(self._scrolled)

    # -- showing a book -------------------------------------------------------------------------

    def show_book(self, book: OpenedBook) -> None:
        """Show a book at its remembered reading position."""
        self.book = book
        self.positions = PositionMap(book.text)
        self.view.setExtraSelections([])
        # setPlainText inserts with the cursor's current format: after a heading, the whole
        # next book would be styled as one
        self.view.setCurrentCharFormat(QTextCharFormat())
        self.view.setPlainText(book.text)
        self._style_headings(book.text, book.sections)
        self._last_position = -1
        self.furthest = book.position
        self._passage = None
        self.history.clear()
        self.scroll_to(book.position)
        self.history_changed.emit()
        self.book_changed.emit()

    def clear(self) -> None:
        self.book = None
        self.furthest = 0
        self.positions = PositionMap("")
        self.view.setExtraSelections([])
        self.view.setCurrentCharFormat(QTextCharFormat())
        self.view.clear()
        self.location.setText("No book open")
        self._passage = None
        self.history.clear()
        self.history_changed.emit()
        self.book_changed.emit()

    def _style_headings(self, text: str, sections: Sequence[Section]) -> None:
        scale = self.font_points() / DEFAULT_POINTS
        cursor = QTextCursor(self.view.document())
        cursor.beginEditBlock()
        for section in sections:
            span = heading_span(text, section)
            if span is None:
                continue
            points = HEADING_POINTS.get(section.level, SUBHEADING_POINTS) * scale
            style = QTextCharFormat()
            style.setFontWeight(QFont.Weight.Bold)
            style.setFontPointSize(round(points, 1))
            style.setForeground(QColor(theme.current().heading))
            cursor.setPosition(self.positions.to_document(span[0]))
            cursor.setPosition(self.positions.to_document(span[1]), QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(style)
        cursor.endEditBlock()

    # -- positions ------------------------------------------------------------------------------

    def top_position(self) -> int:
        """The first visible character: the reading position that is remembered."""
        return self._position_at(QPoint(0, 0))

    def bottom_position(self) -> int:
        """The last visible character: everything up to here has been on the reader's screen."""
        viewport = self.view.viewport()
        return self._position_at(QPoint(viewport.width() - 1, viewport.height() - 1))

    def _position_at(self, point: QPoint) -> int:
        if self.book is None:
            return 0
        return self.positions.to_text(self.view.cursorForPosition(point).position())

    def cursor_position(self) -> int:
        return self.positions.to_text(self.view.textCursor().position())

    def scroll_to(self, position: int) -> None:
        """Put the line holding ``position`` at the top and the cursor on it."""
        target = self.positions.to_document(position)
        cursor = self.view.textCursor()
        self._moving = True  # passing by the end of the book is not reading it
        try:
            cursor.movePosition(QTextCursor.MoveOperation.End)
            self.view.setTextCursor(cursor)  # from below, ensureCursorVisible puts it at the top
            self.view.ensureCursorVisible()
            cursor.setPosition(target)
            self.view.setTextCursor(cursor)
            self.view.ensureCursorVisible()
        finally:
            self._moving = False
        self._scrolled()

    def _scrolled(self) -> None:
        if self.book is None or self._moving:
            return
        position = self.top_position()
        if position == self._last_position:
            return
        if not self._peeking:
            self.furthest = max(self.furthest, self.bottom_position())
        self._last_position = position
        self.location.setText(self.describe(position))
        self.position_changed.emit(position)

    def describe(self, position: int) -> str:
        """'Part I › III · 4 %': the sections holding a position, and how far into the book."""
        if self.book is None:
            return ""
        trail = [s for s in self.book.sections if s.start <= position < s.end]
        body = [s for s in trail if s.matter == "body"]  # not a title page wrapping the book
        titles = " › ".join(s.title for s in body or trail) or self.book.info.title
        return f"{titles} · {self.percent(position)}\u00a0%"  # no line break before the %

    def percent(self, position: int) -> int:
        return 100 * position // max(1, len(self.book.text)) if self.book else 0

    # -- passages -------------------------------------------------------------------------------

    def show_passage(
        self, start: int, end: int, highlights: Sequence[tuple[int, int, str]] = ()
    ) -> None:
        """Jump to a passage, shade it and mark its highlight spans (offsets inside it); the
        cursor goes to the first highlight, or to the passage's start when it has none."""
        self._record_jump()
        self._peeking = True  # a jump to a passage is not reading it
        try:
            self._show_passage(start, end, highlights)
        finally:
            self._peeking = False
        self.history_changed.emit()

    def _show_passage(
        self, start: int, end: int, highlights: Sequence[tuple[int, int, str]]
    ) -> None:
        self._passage = (start, end, highlights)
        self._shade()
        self.scroll_to(start)  # the passage's first line at the top, the cursor on it
        if highlights:  # the cursor on the first hit, scrolled into view in a long passage
            cursor = self.view.textCursor()
            cursor.setPosition(self.positions.to_document(start + min(s for s, _, _ in highlights)))
            self.view.setTextCursor(cursor)
            self.view.ensureCursorVisible()

    def highlighted(self) -> list[tuple[int, int]]:
        """The shaded spans, as canonical offsets (the passage first)."""
        return [
            (
                self.positions.to_text(s.cursor.selectionStart()),
                self.positions.to_text(s.cursor.selectionEnd()),
            )
            for s in self.view.extraSelections()
        ]

    def _selection(
        self, start: int, end: int, colour: QColor, *, underline: bool = False
    ) -> QTextEdit.ExtraSelection:
        cursor = QTextCursor(self.view.document())
        cursor.setPosition(self.positions.to_document(start))
        cursor.setPosition(self.positions.to_document(end), QTextCursor.MoveMode.KeepAnchor)
        shade = QTextCharFormat()  # background only: a font change would not be laid out
        shade.setBackground(colour)
        shade.setFontUnderline(underline)
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor
        selection.format = shade
        return selection

    def _shade(self) -> None:
        """Shade the last passage shown and mark its highlights, in the theme's colours."""
        if self._passage is None:
            self.view.setExtraSelections([])
            return
        start, end, highlights = self._passage
        colours = theme.current()
        selections = [self._selection(start, end, QColor(colours.passage))]
        for s, e, kind in highlights:
            colour = QColor(colours.highlight(kind))
            selections.append(self._selection(start + s, start + e, colour, underline=True))
        self.view.setExtraSelections(selections)

    # -- jumps, back and forward ----------------------------------------------------------------

    def jump_to(self, position: int) -> None:
        """Go to a position (a section from the contents): a jump that back returns from."""
        self._record_jump()
        self.scroll_to(position)
        self.history_changed.emit()

    def visit(self, position: int) -> None:
        """Go to a position to look, not to read (a summary's span): a jump back returns from."""
        self._record_jump()
        self.peek_at(position)
        self.history_changed.emit()

    def peek_at(self, position: int) -> None:
        """Go to a position without counting it as read (a summary's span, back, forward)."""
        self._peeking = True
        try:
            self.scroll_to(position)
        finally:
            self._peeking = False

    def go_back(self) -> None:
        self._go(self.history.back(self.top_position()))

    def go_forward(self) -> None:
        self._go(self.history.forward(self.top_position()))

    def _go(self, position: int | None) -> None:
        if position is not None and self.book is not None:
            self.peek_at(position)
        self.history_changed.emit()

    def _record_jump(self) -> None:
        if self.book is not None:
            self.history.jumped(self.top_position())

    # -- font size and theme --------------------------------------------------------------------

    def font_points(self) -> float:
        return self.view.font().pointSizeF()

    def set_font_points(self, points: float) -> None:
        """Show the text at ``points`` (kept within bounds), at the same place in the book."""
        points = max(MIN_POINTS, min(MAX_POINTS, points))
        if points == self.font_points():
            return
        top = self.top_position()
        font = self.view.font()
        font.setPointSizeF(points)
        self.view.setFont(font)
        self.restyle()
        if self.book is not None:
            self.peek_at(top)

    def restyle(self) -> None:
        """Redraw headings and highlights after a change of theme or font size."""
        self._style_location()
        if self.book is not None:
            self._style_headings(self.book.text, self.book.sections)
        self._shade()

    def _style_location(self) -> None:
        # An explicit colour: a style sheet's palette(text) keeps the palette it was polished with
        colour = theme.current().text
        self.location.setStyleSheet(f"#location {{ padding: 4px 8px; color: {colour}; }}")
