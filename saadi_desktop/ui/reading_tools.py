"""The reading tools of the main window: the entity browser and the summary outline (as tabs
beside the contents), font size and theme (View menu, remembered), and back and forward after
jumps (Alt+Left, Alt+Right and a toolbar).

The browser and the outline show the book's notes as of the spoiler limit — the search panel's
shield decides it for all three. Their notes are read off the GUI thread, again when the shield
is toggled and when the reader moves into a new chunk — at most once per :data:`REFRESH_MS`
while scrolling, never once per pixel; answers to superseded requests are dropped.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QSplitter, QTabWidget, QToolBar

from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations
from saadi_desktop.ui.companion.outline import OutlinePanel
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.notes import BookNotes
from saadi_desktop.ui.people.browser import EntityBrowser
from saadi_desktop.ui.reader.reader import DEFAULT_POINTS
from saadi_desktop.ui.shell import Shell
from saadi_desktop.ui.workers import EXPECTED_ERRORS

REFRESH_MS = 500  # while the reader scrolls, the notes follow at most this often
FONT_STEP = 1.0  # points per Ctrl+= / Ctrl+-


class ReadingTools(QObject):
    notes_changed = Signal()  # the browser and the outline show newly read notes

    def __init__(self, shell: Shell) -> None:
        super().__init__(shell.window)
        self.shell = shell
        self.reader = shell.reader
        self.entities = EntityBrowser(self.reader.describe)
        self.outline = OutlinePanel(self.reader.describe)
        self.notes: BookNotes | None = None
        self.request = 0  # the latest notes request; older answers are dropped
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.tabs = self._place_tabs()
        self._build_actions()

        self.reader.book_changed.connect(self.refresh)
        self.reader.position_changed.connect(self._reading_moved)
        self.reader.history_changed.connect(self._history_changed)
        shell.search.spoilers.toggled.connect(self.refresh)
        self.entities.mention_requested.connect(self.reader.show_passage)
        self.outline.span_requested.connect(self._show_span)
        self._apply_preferences()
        self.refresh()

    def _place_tabs(self) -> QTabWidget:
        """Contents, characters and outline share the left column, as tabs."""
        contents = self.shell.contents
        column = contents.parentWidget()
        tabs = QTabWidget()
        tabs.setDocumentMode(True)
        if isinstance(column, QSplitter):
            column.replaceWidget(column.indexOf(contents), tabs)
        contents.setHeaderHidden(True)  # the tab names it
        tabs.addTab(contents, "Contents")
        tabs.addTab(self.entities, "People && places")
        tabs.addTab(self.outline, "Outline")
        return tabs

    # -- menus and toolbar ----------------------------------------------------------------------

    def _build_actions(self) -> None:
        window = self.shell.window
        self.back_action = self._action("← &Back", ["Alt+Left"], self.reader.go_back)
        self.back_action.setToolTip("Back to where you were before the last jump (Alt+Left)")
        self.forward_action = self._action("&Forward →", ["Alt+Right"], self.reader.go_forward)
        self.forward_action.setToolTip("Forward again (Alt+Right)")
        larger = self._action("&Larger text", ["Ctrl+=", "Ctrl++"], partial(self.zoom, FONT_STEP))
        smaller = self._action("&Smaller text", ["Ctrl+-"], partial(self.zoom, -FONT_STEP))
        default = self._action("&Default text size", ["Ctrl+0"], self.reset_zoom)
        self.dark_action = QAction("&Dark theme", window)
        self.dark_action.setCheckable(True)
        self.dark_action.triggered.connect(self._dark_triggered)

        menu = window.menuBar().addMenu("&View")
        for action in (self.back_action, self.forward_action, None, larger, smaller, default,
                       None, self.dark_action):  # fmt: skip
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.addSeparator()
        for index, name in enumerate(("&Contents", "&People and places", "&Outline")):
            show = self._action(name, [f"Ctrl+{index + 1}"], partial(self.show_tab, index))
            menu.addAction(show)
        toolbar = QToolBar("Navigation")
        toolbar.setObjectName("navigation")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)  # readable in any theme
        toolbar.addAction(self.back_action)
        toolbar.addAction(self.forward_action)
        window.addToolBar(toolbar)
        self._history_changed()

    def _action(self, name: str, keys: list[str], slot: object) -> QAction:
        action = QAction(name, self.shell.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(slot)
        return action

    def show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)

    def browse(self, key: str) -> None:
        """Open the entity ``key`` in the People & places tab, whatever the filter was."""
        self.show_tab(1)
        self.entities.filter.clear()
        self.entities.kind.setCurrentIndex(0)
        self.entities.select(key)

    def _history_changed(self) -> None:
        self.back_action.setEnabled(self.reader.history.can_go_back())
        self.forward_action.setEnabled(self.reader.history.can_go_forward())

    # -- font size and theme --------------------------------------------------------------------

    def _apply_preferences(self) -> None:
        chosen = operations.preferences()
        points = chosen.get("font_points", DEFAULT_POINTS)
        if not isinstance(points, int | float):
            points = DEFAULT_POINTS
        self.reader.set_font_points(float(points))
        self.set_theme(str(chosen.get("theme", "light")), remember=False)

    def zoom(self, step: float) -> None:
        self.set_font_points(self.reader.font_points() + step)

    def reset_zoom(self) -> None:
        self.set_font_points(DEFAULT_POINTS)

    def set_font_points(self, points: float) -> None:
        """Show the book's text at ``points`` and remember it."""
        self.reader.set_font_points(points)
        operations.save_preference("font_points", self.reader.font_points())

    def _dark_triggered(self) -> None:
        self.set_theme("dark" if self.dark_action.isChecked() else "light")

    def set_theme(self, name: str, *, remember: bool = True) -> None:
        """Switch the app to the light or dark theme (and remember it)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            name = theme.apply(app, name).name
        self.dark_action.setChecked(name == "dark")
        self.reader.restyle()
        book = self.reader.book
        if book is not None:  # the contents dim front matter in the palette's colour
            self.shell.contents.set_sections(book.sections)
            self.shell.contents.mark(self.reader.top_position())
        self.shell.search.restyle()
        self._show_notes()
        if remember:
            operations.save_preference("theme", name)

    # -- the notes ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the notes again, as of the current spoiler limit (off the GUI thread)."""
        self.timer.stop()
        self.request += 1
        path, book = self.shell.book(), self.reader.book
        if path is None or book is None:
            self.notes = None
            self._show_notes()
            return
        work = partial(_read_notes, path, self.shell.search.until())
        done = partial(self._notes_read, self.request, path)
        failed = partial(self._notes_failed, self.request)
        self.shell.run(work, done, failed)

    def _notes_read(self, request: int, path: Path, notes: BookNotes) -> None:
        if request != self.request or path != self.shell.book():
            return  # a newer request is on its way, or the book was closed
        self.notes = notes
        self._show_notes()
        self._reading_moved(0)  # the reader may have read on while these were being read

    def _notes_failed(self, request: int, error: BaseException) -> None:
        if request != self.request:
            return
        if not isinstance(error, EXPECTED_ERRORS):
            operations.write_crash_log(error)
        message = f"Could not read this book's notes: {error}"
        self.entities.set_scope(message, spoilers=False)
        self.outline.set_scope(message, spoilers=False)

    def _show_notes(self) -> None:
        book = self.reader.book
        text = book.text if book is not None else ""
        notes = self.notes if book is not None else None
        chapters = [s.start for s in book.sections if s.matter == "body"] if book else []
        self.entities.set_notes(notes, text, chapters)  # chapters: ticks on the timeline
        self.outline.set_notes(notes, text)
        scope, spoilers = self._scope(notes)
        self.entities.set_scope(scope, spoilers)
        self.outline.set_scope(scope, spoilers)
        self.notes_changed.emit()

    def _scope(self, notes: BookNotes | None) -> tuple[str, bool]:
        if notes is None:
            return "", False
        if notes.until is None:
            return "⚠ Spoilers on: notes from the whole book", True
        where = self.reader.describe(notes.until)
        return f"Spoiler-safe: only what was learned up to {where}", False

    def _reading_moved(self, _position: int) -> None:
        """Read the notes again once the spoiler limit enters a new chunk (throttled)."""
        notes = self.notes
        if notes is None or notes.until is None or self.timer.isActive():
            return
        if notes.chunk_of(self.reader.furthest) != notes.limit_chunk:
            self.timer.start()

    def state_grew(self, path: Path, _state: str = "") -> None:
        """The builder wrote more of a book's state: the open book's notes follow (throttled)."""
        if path == self.shell.book() and not self.timer.isActive():
            self.timer.start()

    def _show_span(self, start: int, end: int, level: int) -> None:
        """A summary's span: a passage or a level-1 group is shaded; a higher node's span is
        too long to shade, the reader goes to its start."""
        if level <= 1:
            self.reader.show_passage(start, end)
        else:
            self.reader.visit(start)


def _read_notes(path: Path, until: int | None, _progress: ProgressCallback) -> BookNotes:
    return operations.book_notes(path, until)


def install_reading_tools(shell: Shell) -> ReadingTools:
    """Add the entity browser, the outline, the View menu and back/forward to the window."""
    return ReadingTools(shell)
