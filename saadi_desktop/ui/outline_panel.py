"""The summary outline: the summary tree from its highest level down to level 1 and its chunks,
as of the reading position. Each row names its span (section, % of the book) and begins its
summary; the chosen row's whole summary shows below; a click asks the reader to go to the span.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from saadi_desktop.ui import theme
from saadi_desktop.ui.notes import BookNotes, OutlineNode
from saadi_desktop.ui.safe_text import NotesView, escape

PROVISIONAL = "provisional"
EXTRACT = "extract"
EXTRACT_TIP = "the model could not summarise these passages: sentences from the book stand in"
PROVISIONAL_TIP = (
    "A finishing summary of an incomplete group at the end of what was read; it is redone when "
    "more of the book is indexed."
)
# No Python reference to an item is kept (see contents.py); a row is found by its path.
Path = tuple[int, ...]


class OutlinePanel(QWidget):
    span_requested = Signal(int, int, int)  # start, end, level (0: one chunk)

    def __init__(self, locate: Callable[[int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.locate = locate  # a position → 'Part I › VII · 15 %'
        self.notes: BookNotes | None = None
        self.text = ""
        self.nodes: dict[Path, OutlineNode] = {}
        self.scope = QLabel()
        self.scope.setWordWrap(True)
        self.scope.setTextFormat(Qt.TextFormat.PlainText)  # it quotes section titles
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.currentItemChanged.connect(self._show_current)
        self.tree.itemClicked.connect(self.open_item)
        self.tree.itemActivated.connect(self.open_item)
        self.summary = NotesView()
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tree)
        split.addWidget(self.summary)
        split.setSizes([420, 220])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.scope)
        layout.addWidget(split, 1)
        self.set_notes(None, "")

    def set_notes(self, notes: BookNotes | None, text: str) -> None:
        """Show the outline of ``notes``, keeping what was open and chosen where it still is."""
        expanded = {p for p in self.nodes if (i := self.item_at(p)) is not None and i.isExpanded()}
        current = self._path_of(self.tree.currentItem())
        self.notes, self.text, self.nodes = notes, text, {}
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for index, node in enumerate(notes.outline if notes else []):
                self._add(node, None, (index,))
            for path in expanded:
                item = self.item_at(path)
                if item is not None:
                    item.setExpanded(True)
            if not expanded:
                self.tree.expandToDepth(0)
            item = self.item_at(current) if current else None
            if item is not None:
                self.tree.setCurrentItem(item)
        self._show_current()

    def set_scope(self, text: str, spoilers: bool) -> None:
        self.scope.setText(text)
        self.scope.setStyleSheet(
            "background: #b3261e; color: white; padding: 3px 6px; border-radius: 3px;"
            if spoilers
            else f"color: {theme.current().safe}; padding: 3px 0;"
        )

    def _add(self, node: OutlineNode, parent: QTreeWidgetItem | None, path: Path) -> None:
        label = self.label(node)
        item = QTreeWidgetItem([label]) if parent is None else QTreeWidgetItem(parent, [label])
        if parent is None:
            self.tree.addTopLevelItem(item)
        if node.provisional:
            font = item.font(0)
            font.setItalic(True)
            item.setFont(0, font)
            item.setToolTip(0, PROVISIONAL_TIP)
        self.nodes[path] = node
        for index, child in enumerate(node.children):
            self._add(child, item, (*path, index))

    def label(self, node: OutlineNode) -> str:
        """'Part I › III · 4–6 % — The student goes…' (a chunk: 'Passage 12 · …')."""
        where = self.locate(node.start).rsplit(" · ", 1)[0]
        first, last = self._percent(node.start), self._percent(max(node.start, node.end - 1))
        span = f"{first} %" if first == last else f"{first}–{last} %"
        if node.level == 0:
            return f"Passage {node.first_chunk + 1} · {where} · {span} — {self._opening(node)}"
        marks = [PROVISIONAL] * node.provisional + [EXTRACT] * node.extract
        mark = f" ({', '.join(marks)})" if marks else ""
        return f"{where} · {span}{mark} — {' '.join(node.text.split())}"

    def _percent(self, position: int) -> int:
        return 100 * position // max(1, len(self.text))

    def _opening(self, node: OutlineNode) -> str:
        passage = self.text[node.start : node.end]
        paragraphs = [p for p in passage.split("\n\n") if len(p.split()) > 6]
        return " ".join((paragraphs[0] if paragraphs else passage).split()[:30])

    def item_at(self, path: Path) -> QTreeWidgetItem | None:
        item = self.tree.topLevelItem(path[0]) if path else None
        for index in path[1:]:
            item = item.child(index) if item is not None else None
        return item

    def _path_of(self, item: QTreeWidgetItem | None) -> Path | None:
        path: list[int] = []
        while item is not None:
            parent = item.parent()
            siblings = parent.indexOfChild(item) if parent else self.tree.indexOfTopLevelItem(item)
            path.insert(0, siblings)
            item = parent
        return tuple(path) or None

    def _node(self, item: QTreeWidgetItem | None) -> OutlineNode | None:
        path = self._path_of(item)
        return self.nodes.get(path) if path else None

    def _show_current(self) -> None:
        self.summary.setHtml(self._summary_html(self._node(self.tree.currentItem())))

    def _summary_html(self, node: OutlineNode | None) -> str:
        if self.notes is None:
            return "<p>No book open.</p>"
        if node is None:
            if not self.notes.outline:
                return (
                    "<p>No summaries yet, up to here. They are written as the book is indexed "
                    "(Index menu).</p>"
                )
            return "<p>Choose a summary to read it whole; a click goes to its place.</p>"
        muted = theme.current().muted
        kind = "Passage" if node.level == 0 else f"Level {node.level} summary"
        chunks = node.last_chunk - node.first_chunk + 1
        span = f"passages {node.first_chunk + 1}–{node.last_chunk + 1}" if chunks > 1 else ""
        head = (
            f'<p style="color:{muted}">{kind} · {escape(self.locate(node.start))}'
            f"{' · ' + span if span else ''}"
            f"{' · ' + PROVISIONAL if node.provisional else ''}"
            f"{' · ' + EXTRACT_TIP if node.extract else ''}</p>"
        )
        body = node.text if node.level else self._opening(node) + " …"
        return head + f"<p>{escape(body)}</p>"

    def open_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        """Ask the reader to go to the span of the row ``item``."""
        node = self._node(item)
        if node is not None:
            self.span_requested.emit(node.start, node.end, node.level)
