"""The library: the imported books, with buttons to import and remove."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.store import BookInfo
from saadi_desktop.ui.dialogs.messages import confirm
from saadi_desktop.ui.dialogs.safe_text import plain_tooltip

BOOK_FILTER = ";;".join(
    [
        "Books (*.epub *.pdf *.txt *.text)",
        "EPUB (*.epub)",
        "PDF (*.pdf)",
        "Plain text (*.txt *.text)",
    ]
)


class LibraryPanel(QWidget):
    book_selected = Signal(object)  # BookInfo
    import_requested = Signal(list)  # file paths (str)
    remove_requested = Signal(object)  # BookInfo, confirmed by the reader

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Book", "Index"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.open_button = QPushButton("Open…")
        self.open_button.setToolTip("Import an EPUB, PDF or plain-text book (or drop a file here)")
        self.open_button.clicked.connect(self.choose_files)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the selected book from the library")
        self.remove_button.setEnabled(False)
        self.remove_button.clicked.connect(self._remove_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.tree)

    def set_books(self, books: list[BookInfo], current: Path | None = None) -> None:
        """Show the library; select ``current`` (without reopening it)."""
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for info in books:
                byline = f"{info.title}\n{info.author}" if info.author else info.title
                item = QTreeWidgetItem(self.tree, [byline, info.index_state])
                item.setData(0, Qt.ItemDataRole.UserRole, info)
                tip = f"{byline}\n{info.words:,} words, {info.chunks} passages"
                item.setToolTip(0, plain_tooltip(tip))  # a title is text, not markup
                if current is not None and info.path == current:
                    item.setSelected(True)
                    self.tree.setCurrentItem(item)
        self.remove_button.setEnabled(self.selected() is not None)

    def items(self) -> list[QTreeWidgetItem]:
        found = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in found if item is not None]

    def books(self) -> list[BookInfo]:
        return [item.data(0, Qt.ItemDataRole.UserRole) for item in self.items()]

    def selected(self) -> BookInfo | None:
        items = self.tree.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def select(self, path: Path) -> None:
        """Select a book by its DB path; opens it (emits :attr:`book_selected`)."""
        for item in self.items():
            if item.data(0, Qt.ItemDataRole.UserRole).path == path:
                self.tree.setCurrentItem(item)
                return

    def set_index_state(self, path: Path, state: str) -> None:
        """Show a book's index state while it is being indexed ("indexing 37 %")."""
        for item in self.items():
            if item.data(0, Qt.ItemDataRole.UserRole).path == path:
                item.setText(1, state)

    def choose_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(self, "Open a book", "", BOOK_FILTER)
        if files:
            self.import_requested.emit(files)

    def _selection_changed(self) -> None:
        info = self.selected()
        self.remove_button.setEnabled(info is not None)
        if info is not None:
            self.book_selected.emit(info)

    def _remove_clicked(self) -> None:
        info = self.selected()
        if info is None:
            return
        question = (
            f"Remove “{info.title}” from the library?\n\n"
            "Its index and reading position are deleted; the original file is not touched."
        )
        if confirm(self, "Remove book", question):
            self.remove_requested.emit(info)
