"""File › Append to this book…: a serial's new chapters added to the open book, as
``saadi append`` does. The file is read off the GUI thread; the book is then opened again where
the reader was, and the status bar says what indexing the new text will cost (only the new
passages and the folds due: the indexing panel's Start reads just those).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu

from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations
from saadi_desktop.ui.dialogs.messages import report, show_error
from saadi_desktop.ui.shell import Shell

BOOK_FILES = "Books (*.epub *.pdf *.txt);;All files (*)"
TITLE = "Cannot append to this book"
SHOWN_MS = 15_000  # the status bar message after an append


class Appending(QObject):
    appended = Signal(object)  # operations.Grown: the open book grew

    def __init__(
        self, shell: Shell, indexed: Callable[[Path], bool], grew: Callable[[Path], None]
    ) -> None:
        super().__init__(shell.window)
        self.shell = shell
        self.indexed = indexed  # whether an index run holds a book (running or paused)
        self.grew = grew  # a book grew: the window opens it again, where the reader was
        window = shell.window
        self.action = QAction("&Append to this book…", window)
        self.action.setStatusTip("Add new chapters (an EPUB, PDF or text file) to the open book")
        self.action.triggered.connect(self.choose)
        menu = _file_menu(window)
        if menu is not None:
            actions = menu.actions()
            if len(actions) > 1:
                menu.insertAction(actions[1], self.action)  # right after Open…
            else:
                menu.addAction(self.action)
        shell.reader.book_changed.connect(self._book_changed)
        self._book_changed()

    def _book_changed(self) -> None:
        self.action.setEnabled(self.shell.reader.book is not None)

    def choose(self) -> None:
        """Ask for the file with the new chapters, then append it."""
        name, _filter = QFileDialog.getOpenFileName(
            self.shell.window, "Append new chapters to this book", "", BOOK_FILES
        )
        if name:
            self.append(name)

    def append(self, file: str) -> None:
        """Append ``file`` to the open book in the background (refused while it is indexed)."""
        window, path = self.shell.window, self.shell.book()
        if path is None:
            return
        if self.indexed(path):
            show_error(
                window,
                TITLE,
                "This book is being indexed. Cancel the indexing first, then append the new "
                "chapters; the next indexing reads only them.",
            )
            return
        window.statusBar().showMessage(f"Appending {Path(file).name}…")
        work = partial(_append, path, file)
        done = partial(self._appended, path)
        self.shell.run(work, done, self._failed)

    def _appended(self, path: Path, grown: operations.Grown) -> None:
        self.grew(path)  # the longer text, the new chapters, where the reader was
        self.shell.window.statusBar().showMessage(said(grown), SHOWN_MS)
        self.appended.emit(grown)

    def _failed(self, error: BaseException) -> None:
        self.shell.window.statusBar().clearMessage()
        report(self.shell.window, error, TITLE)


def said(grown: operations.Grown) -> str:
    """The status bar's account of an append."""
    passages = f"{grown.chunks} passage{'s' * (grown.chunks != 1)}"
    chapters = f" ({', '.join(grown.sections)})" if grown.sections else ""
    text = f"Added {passages}{chapters} to “{grown.info.title}”."
    if grown.indexed and grown.chunks:
        text += (
            f" Indexing reads only the new text: {grown.calls} model "
            f"call{'s' * (grown.calls != 1)} (Index › Index this book…)."
        )
    return text


def _append(path: Path, file: str, _progress: ProgressCallback) -> operations.Grown:
    return operations.append_file(path, file)


def _file_menu(window: QMainWindow) -> QMenu | None:
    for action in window.menuBar().actions():
        menu = action.menu()
        if action.text() == "&File" and isinstance(menu, QMenu):
            return menu
    return None


def install_appending(
    shell: Shell, indexed: Callable[[Path], bool], grew: Callable[[Path], None]
) -> Appending:
    """Add File › Append to this book… to the window: refused while ``indexed(book)``;
    ``grew(book)`` once the text is appended."""
    return Appending(shell, indexed, grew)
