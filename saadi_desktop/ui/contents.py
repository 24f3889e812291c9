"""The table of contents: the book's sections nested by level; a click jumps to one."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from saadi_desktop.books import Section
from saadi_desktop.ui.passages import section_at


class TableOfContents(QTreeWidget):
    section_requested = Signal(int)  # the section's start position

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabel("Contents")
        self.setUniformRowHeights(True)
        self._sections: list[Section] = []
        self._items: dict[Section, QTreeWidgetItem] = {}
        self.itemClicked.connect(self._item_clicked)
        self.itemActivated.connect(self._item_clicked)

    def set_sections(self, sections: list[Section]) -> None:
        """Nest each section under the nearest earlier one of a lower level that holds it."""
        self.clear()
        self._sections = list(sections)
        self._items = {}
        parents: list[tuple[Section, QTreeWidgetItem]] = []
        for section in sections:
            while parents and not _holds(parents[-1][0], section):
                parents.pop()
            item = QTreeWidgetItem([section.title])
            item.setData(0, Qt.ItemDataRole.UserRole, section.start)
            item.setToolTip(0, section.title)
            if section.matter != "body":
                item.setForeground(0, self.palette().placeholderText())
            if parents:
                parents[-1][1].addChild(item)
            else:
                self.addTopLevelItem(item)
            parents.append((section, item))
            self._items[section] = item
        self.expandToDepth(1)

    def mark(self, position: int) -> None:
        """Select the section the reader is in (without jumping)."""
        section = section_at(self._sections, position)
        item = self._items.get(section) if section is not None else None
        if item is None or item is self.currentItem():
            return
        with QSignalBlocker(self):
            self.setCurrentItem(item)
        self.scrollToItem(item)

    def _item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        self.section_requested.emit(int(item.data(0, Qt.ItemDataRole.UserRole)))


def _holds(outer: Section, inner: Section) -> bool:
    return outer.level < inner.level and outer.start <= inner.start and inner.end <= outer.end
