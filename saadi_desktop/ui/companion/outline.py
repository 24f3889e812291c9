"""The summary outline: the headline tree from its highest level down to the passages, as of the
reading position. Each row names its span (section, % of the book) and gives its headline; the
chosen row shows below, its text labelled as the model's words and the book's own key sentences
quoted apart (a click on one goes there); a click on a row asks the reader to go to its span.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, QUrl, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.safe_text import NotesView, escape
from saadi_desktop.ui.notes import EXTRACT as EXTRACT_FORM
from saadi_desktop.ui.notes import (
    HEADLINE,
    LIST,
    BookNotes,
    OutlineNode,
    Segment,
    list_lines,
    quoted,
)

PROVISIONAL = "provisional"
EXTRACT = "extract"
LIST_MARK = "list of headlines"
EXTRACT_TIP = "the model could not summarise these passages: sentences from the book stand in"
PROVISIONAL_TIP = (
    "A finishing summary of an incomplete group at the end of what was read; it is redone when "
    "more of the book is indexed."
)
# What the detail view calls each kind of text: whose words they are comes first.
MODEL_HEADLINE = "Headline (written by the model)"
MODEL_LIST = (
    "The model could not condense this part into one headline: the headlines of its parts, one "
    "a line (written by the model)"
)
LIST_QUOTES = "In quotes: the book's own words, where a part has no headline."
MODEL_PROSE = "Summary (written by the model, by an earlier version of the app)"
NO_HEADLINE = "No headline: the model's was refused, so the book's own words stand in"
STAND_IN = "The book's own sentences, standing in:"
OPENING = "The passage opens (the book's words):"
FROM_THE_BOOK = "From the book:"
NO_HEADLINE_TIP = "The book's words: no headline for this passage"
ROW_TIPS = {
    HEADLINE: "A headline written by the model",
    LIST: "The model could not condense this part: the headlines of its parts",
}
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
        self.summary.anchorClicked.connect(self._quote_clicked)
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
        item.setToolTip(0, _row_tip(node))
        self.nodes[path] = node
        for index, child in enumerate(node.children):
            self._add(child, item, (*path, index))

    def label(self, node: OutlineNode) -> str:
        """'Part I › III · 4–6 % — The student goes…'; a passage: 'Passage 12 · … — its
        headline', or its opening in quotes (the book's words) when it has none; a list's
        headlines joined by ' · '."""
        where = self.locate(node.start).rsplit(" · ", 1)[0]
        first, last = self._percent(node.start), self._percent(max(node.start, node.end - 1))
        span = f"{first} %" if first == last else f"{first}–{last} %"
        if node.level == 0:
            head = f"Passage {node.first_chunk + 1} · {where} · {span}"
            if node.form == HEADLINE and node.text:
                return f"{head} — {' '.join(node.text.split())}"
            return f"{head} — {quoted(self._opening(node))}"
        marks = (
            [PROVISIONAL] * node.provisional
            + [LIST_MARK] * (node.form == LIST)
            + [EXTRACT] * node.extract
        )
        mark = f" ({', '.join(marks)})" if marks else ""
        if node.form == LIST:  # the book's words in it quoted, as in the detail
            body = " · ".join(_quoted(line) for line in list_lines(node))
        else:
            body = " ".join(node.text.split())
        return f"{where} · {span}{mark} — {quoted(body) if node.extract else body}"

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
            return (
                "<p>Choose a row to read its headline and the book's own key sentences; a "
                "click goes to its place.</p>"
            )
        muted = theme.current().muted
        kind = "Passage" if node.level == 0 else f"Level {node.level} summary"
        chunks = node.last_chunk - node.first_chunk + 1
        span = f"passages {node.first_chunk + 1}–{node.last_chunk + 1}" if chunks > 1 else ""
        head = (
            f'<p style="color:{muted}">{kind} · {escape(self.locate(node.start))}'
            f"{' · ' + span if span else ''}"
            f"{' · ' + PROVISIONAL if node.provisional else ''}"
            f"{' · ' + EXTRACT_TIP if node.extract and node.form != EXTRACT_FORM else ''}</p>"
        )
        return head + self._words_html(node) + self._keys_html(node)

    def _words_html(self, node: OutlineNode) -> str:
        """The node's own text, under a caption that says whose words it is."""
        if not node.text:  # a bare chunk of a book indexed before passages had headlines
            return _caption(OPENING) + _book(self._opening(node) + " …")
        if node.extract:  # an extract, or an earlier version's stand-in for a failed fold
            if node.form != EXTRACT_FORM:
                return _caption(STAND_IN) + _book(node.text)
            if any(k.text == node.text for k in node.keys):
                return _caption(NO_HEADLINE)  # the stand-in is a key sentence, quoted below
            return _caption(NO_HEADLINE) + _book(node.text)
        if node.form == LIST:
            lines = list_lines(node)
            quotes = any(by_book for line in lines for _words, by_book in line)
            caption = _caption(MODEL_LIST) + (_caption(LIST_QUOTES) if quotes else "")
            shown = ("• " + "".join(_book_span(w) if b else escape(w) for w, b in line)
                     for line in lines)  # fmt: skip
            return caption + "<p>" + "<br>".join(shown) + "</p>"
        caption = MODEL_HEADLINE if node.form == HEADLINE else MODEL_PROSE
        return _caption(caption) + f"<p>{escape(node.text)}</p>"

    def _keys_html(self, node: OutlineNode) -> str:
        """The node's key sentences: the book's words, each a link to its place."""
        if not node.keys:
            return ""
        quotes = "".join(
            f'<p style="margin-left:12px"><a href="key:{k.start}:{k.end}" '
            f'style="{theme.current().book_words}">{escape(quoted(k.text))}</a></p>'
            for k in node.keys
        )
        return _caption(FROM_THE_BOOK) + quotes

    def _quote_clicked(self, url: QUrl) -> None:
        """A key sentence: the reader goes there and shades it."""
        kind, _, span = url.toString().partition(":")
        start, _, end = span.partition(":")
        if kind == "key" and start.isdigit() and end.isdigit():
            self.span_requested.emit(int(start), int(end), 0)

    def open_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        """Ask the reader to go to the span of the row ``item``."""
        node = self._node(item)
        if node is not None:
            self.span_requested.emit(node.start, node.end, node.level)


def _row_tip(node: OutlineNode) -> str:
    """What a row's text is, when the pointer rests on it."""
    if node.provisional:
        return PROVISIONAL_TIP
    if node.level == 0 and not (node.form == HEADLINE and node.text):
        return NO_HEADLINE_TIP
    return ROW_TIPS.get(node.form, "") if node.text else ""


def _caption(text: str) -> str:
    """Whose words follow, in small muted type."""
    style = f"color:{theme.current().muted}; margin-bottom:0"
    return f'<p style="{style}"><small>{escape(text)}</small></p>'


def _book(text: str) -> str:
    """A paragraph of the book's own words, quoted in their style."""
    return f'<p style="margin-left:12px">{_book_span(text)}</p>'


def _book_span(text: str) -> str:
    return f'<span style="{theme.current().book_words}">{escape(quoted(text))}</span>'


def _quoted(line: list[Segment]) -> str:
    """A list's line as plain text, the book's words in it quoted."""
    return "".join(quoted(words) if by_book else words for words, by_book in line)
