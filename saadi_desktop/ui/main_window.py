"""The main window: library and contents on the left, the reader in the middle, search on the
right. It wires the panels together and runs every operation off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, QThreadPool, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

from saadi_desktop.search import Result
from saadi_desktop.search.embed import Embedder
from saadi_desktop.store import BookInfo
from saadi_desktop.tasks import ProgressCallback
from saadi_desktop.ui import operations
from saadi_desktop.ui.companion.companion import install_companion
from saadi_desktop.ui.compat import GarbageCollector
from saadi_desktop.ui.deep.search import install_deep_search
from saadi_desktop.ui.dialogs.messages import report, show_error
from saadi_desktop.ui.indexing.dock import install_indexing
from saadi_desktop.ui.library.appending import install_appending
from saadi_desktop.ui.library.panel import LibraryPanel
from saadi_desktop.ui.reader.contents import TableOfContents
from saadi_desktop.ui.reader.reader import Reader
from saadi_desktop.ui.reading_tools import install_reading_tools
from saadi_desktop.ui.search.panel import SearchPanel
from saadi_desktop.ui.search.session import SearchSession
from saadi_desktop.ui.shell import Shell
from saadi_desktop.ui.workers import EXPECTED_ERRORS, JobRunner, SharedEmbedder

SAVE_POSITION_MS = 1000  # write the reading position once scrolling pauses
REFRESH_SEARCH_MS = 30_000  # while indexing, search sees the new state at most this late


class MainWindow(QMainWindow):
    def __init__(
        self,
        *,
        embedder_factory: Callable[[], Embedder] = operations.load_embedder,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("saadi-desktop")
        self.setAcceptDrops(True)
        self.resize(1400, 900)
        self.search_pool = QThreadPool(self)
        self.search_pool.setMaxThreadCount(1)  # one Searcher, one query at a time
        self.background_pool = QThreadPool(self)
        self.background_pool.setMaxThreadCount(2)  # imports, the embedder, embedding a book
        # Created after the pools, so destroyed after them: the pools wait for their jobs,
        # and a job reports through the runner to its last moment.
        self.jobs = JobRunner(self)
        self.collector = GarbageCollector(self)  # cycles are collected on this thread only
        self.embedder = SharedEmbedder(embedder_factory)
        self.path: Path | None = None  # the open book's DB

        self.library = LibraryPanel()
        self.contents = TableOfContents()
        self.reader = Reader()
        self.search = SearchPanel(self._reading_limit, self.reader.describe)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.library)
        left.addWidget(self.contents)
        left.setSizes([260, 640])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.reader)
        self.splitter.addWidget(self.search)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([330, 690, 380])
        self.setCentralWidget(self.splitter)

        self.save_timer = QTimer(self)
        self.save_timer.setSingleShot(True)
        self.save_timer.setInterval(SAVE_POSITION_MS)
        self.save_timer.timeout.connect(self.save_position)

        self.library.book_selected.connect(self._book_selected)
        self.library.import_requested.connect(self.import_files)
        self.library.remove_requested.connect(self.remove_book)
        self.contents.section_requested.connect(self.reader.jump_to)
        self.reader.position_changed.connect(self._position_changed)
        self.search.passage_requested.connect(self._show_result)
        self._build_menu()
        # What the rooms below are given of the window: none of them imports it.
        self.shell = Shell(
            window=self,
            reader=self.reader,
            contents=self.contents,
            search=self.search,
            jobs=self.jobs,
            pool=self.background_pool,
            book=lambda: self.path,
        )
        self.tools = install_reading_tools(self.shell)  # people, outline, View menu, back/forward
        # who is this? where was I? (Reading menu), from the notes the entity browser holds
        self.companion = install_companion(self.shell, lambda: self.tools.notes)
        self.companion.who.browse_requested.connect(self.tools.browse)
        self.indexing = install_indexing(self, self.library, self.refresh_library)
        # File › Append to this book…
        self.appending = install_appending(self.shell, self.indexing.holds, self.book_grew)
        self.indexing.index_changed.connect(self.tools.state_grew)  # new notes to show
        self.search_refresh = QTimer(self)  # search catches up with the indexer, throttled
        self.search_refresh.setSingleShot(True)
        self.search_refresh.setInterval(REFRESH_SEARCH_MS)
        self.search_refresh.timeout.connect(self._refresh_search)
        self.indexing.index_changed.connect(self._index_grew)
        self.indexing.run_ended.connect(self._index_ended)
        self.deep = install_deep_search(
            self, self.search, self.indexing, self.shell.book, self.embedder
        )  # the search panel's "Deep search…", with the indexing panel's model
        self.refresh_library()
        self.statusBar().showMessage("Open a book: File › Open…, or drop a file on the window")

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        open_action = QAction("&Open…", self)
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self.library.choose_files)
        menu.addAction(open_action)
        find_action = QAction("&Find in book", self)
        find_action.setShortcut(QKeySequence.StandardKey.Find)
        find_action.triggered.connect(self.search.query.setFocus)
        menu.addAction(find_action)
        menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        menu.addAction(quit_action)

    # -- the library ----------------------------------------------------------------------------

    def refresh_library(self) -> None:
        self.library.set_books(operations.books(), self.path)

    def import_files(self, files: list[str]) -> None:
        """Import books in the background; the last one imported is opened."""
        for name in files:
            self.statusBar().showMessage(f"Importing {Path(name).name}…")
            work = partial(_import_file, name)
            self.jobs.start(self.background_pool, work, self._imported, self._import_failed)

    def open_reference(self, reference: str) -> None:
        """Open a book given on the command line: a file (imported first), an id or a DB path."""
        work = partial(_resolve, reference)
        self.jobs.start(self.background_pool, work, self._imported, self._import_failed)

    def _imported(self, info: BookInfo) -> None:
        self.statusBar().showMessage(f"Opened {info.title}", 5000)
        self.refresh_library()
        self.library.select(info.path)

    def _import_failed(self, error: BaseException) -> None:
        self.statusBar().clearMessage()
        report(self, error, "Cannot open this book")

    def remove_book(self, info: BookInfo) -> None:
        if self.indexing.holds(info.path):
            show_error(
                self,
                "Cannot remove this book",
                f"“{info.title}” is being indexed. Cancel the indexing first, then remove it.",
            )
            return
        if info.path == self.path:
            self.close_book()
        try:
            operations.remove(info)
        except EXPECTED_ERRORS as error:
            show_error(self, "Cannot remove this book", str(error))
        self.refresh_library()

    # -- the open book --------------------------------------------------------------------------

    def _book_selected(self, info: BookInfo) -> None:
        if info.path != self.path:
            self.open_book(info.path)

    def open_book(self, path: Path) -> None:
        self.close_book()
        try:
            book = operations.open_book(path)
        except EXPECTED_ERRORS as error:
            report(self, error, "Cannot open this book")
            self.refresh_library()
            return
        self.path = path
        self.indexing.set_book(path)
        self.setWindowTitle(f"{book.info.title} — saadi-desktop")
        self.contents.set_sections(book.sections)
        self.reader.show_book(book)
        session = SearchSession(
            path, self.jobs, self.embedder, self.search_pool, self.background_pool
        )
        self.search.set_session(session)

    def close_book(self) -> None:
        if self.path is None:
            return
        self.save_position()
        self.deep.book_closed()
        self.search.set_session(None)
        self.reader.clear()
        self.contents.clear()
        self.path = None
        self.indexing.set_book(None)
        self.setWindowTitle("saadi-desktop")

    def book_grew(self, path: Path) -> None:
        """Text was appended to a book: the open one is opened again where the reader was."""
        if path == self.path:
            self.save_position()
            self.open_book(path)
        self.refresh_library()

    def _index_grew(self, path: Path, *_state: object) -> None:
        if path == self.path and not self.search_refresh.isActive():
            self.search_refresh.start()

    def _index_ended(self, path: Path) -> None:
        if path == self.path:
            self.search_refresh.stop()
            self._refresh_search()

    def _refresh_search(self) -> None:
        if self.search.session is not None:
            self.search.session.refresh()

    def _position_changed(self, position: int) -> None:
        self.contents.mark(position)
        self.search.reading_moved()
        self.save_timer.start()

    def save_position(self) -> None:
        self.save_timer.stop()
        if self.path is None or self.reader.book is None:
            return
        try:
            operations.save_reading_position(self.path, self.reader.top_position())
        except EXPECTED_ERRORS as error:  # a removed or locked book: not worth a dialog
            self.statusBar().showMessage(f"Reading position not saved: {error}", 5000)

    def _reading_limit(self) -> int:
        """The spoiler limit: as far as the reader has read."""
        return self.reader.furthest

    def _show_result(self, result: Result) -> None:
        self.reader.show_passage(result.start, result.end, result.highlights)

    # -- drag and drop, closing -----------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.import_files(files)

    def closeEvent(self, event: QCloseEvent) -> None:
        # Both stop after their model call in progress; each closes again once it has stopped.
        waiting = self.indexing.stop_for_close(self.close)
        if self.deep.stop_for_close(self.close) or waiting:
            event.ignore()
            return
        self.close_book()  # stops the book's search session: queued work is skipped
        for pool in (self.search_pool, self.background_pool):
            pool.clear()
            pool.waitForDone()
        self.collector.stop()
        super().closeEvent(event)


def _import_file(name: str, _progress: ProgressCallback) -> BookInfo:
    return operations.import_file(name)


def _resolve(reference: str, _progress: ProgressCallback) -> BookInfo:
    return operations.book_info(operations.resolve(reference))
