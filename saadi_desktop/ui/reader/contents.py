"""The table of contents: the book's sections nested by level; a click jumps to one."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from saadi_desktop.books import Section
from saadi_desktop.ui.dialogs.safe_text import plain_tooltip
from saadi_desktop.ui.passages import section_at

# No Python reference to an item is kept: the tree deletes its items (clear(), or its own
# deletion), and a wrapper kept past that points at freed memory. Items are found again by
# their path of child indexes.
Path = tuple[int, ...]


class TableOfContents(QTreeWidget):
    section_requested = Signal(int)  # the section's start position

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabel("Contents")
        self.setUniformRowHeights(True)
        self._sections: list[Section] = []
        self._paths: dict[Section, Path] = {}
        self.itemClicked.connect(self._item_clicked)
        self.itemActivated.connect(self._item_clicked)

    def set_sections(self, sections: list[Section]) -> None:
        """Nest each section under the nearest earlier one of a lower level that holds it."""
        self.clear()
        self._sections = list(sections)
        dimmed = self.palette().placeholderText()
        open_: list[tuple[Section, QTreeWidgetItem, Path]] = []  # the chain of open parents
        for section in sections:
            while open_ and not _holds(open_[-1][0], section):
                open_.pop()
            if open_:
                _, parent, parent_path = open_[-1]
                path = (*parent_path, parent.childCount())
                item = QTreeWidgetItem(parent, [section.title])
            else:
                path = (self.topLevelItemCount(),)
                item = QTreeWidgetItem(self, [section.title])
            item.setData(0, Qt.ItemDataRole.UserRole, section.start)
            item.setToolTip(0, plain_tooltip(section.title))
            if section.matter != "body":
                item.setForeground(0, dimmed)
            open_.append((section, item, path))
            self._paths[section] = path
        open_.clear()
        self.expandToDepth(1)

    def clear(self) -> None:
        self._sections, self._paths = [], {}
        super().clear()

    def item_at(self, path: Path) -> QTreeWidgetItem | None:
        item = self.topLevelItem(path[0]) if path else None
        for index in path[1:]:
            item = item.child(index) if item is not None else None
        return item

    def mark(self, position: int) -> None:
        """Select the section the reader is in (without jumping)."""
        section = section_at(self._sections, position)
        path = self._paths.get(section) if section is not None else None
        item = self.item_at(path) if path is not None else None
        if item is None or item is self.currentItem():
            return
        with QSignalBlocker(self):
            self.setCurrentItem(item)
        self.scrollToItem(item)

    def _item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        self.section_requested.emit(int(item.data(0, Qt.ItemDataRole.UserRole)))


def _holds(outer: Section, inner: Section) -> bool:
    return outer.level < inner.level and outer.start <= inner.start and inner.end <= outer.end
