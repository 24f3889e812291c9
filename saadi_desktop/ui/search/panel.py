"""The search panel: results as you type, off the GUI thread, spoiler-safe by default.

Typing restarts a short timer; when it fires, the query goes to the book's search session
(:mod:`saadi_desktop.ui.search.session`) with the reader's place as the limit. Answers to
superseded requests are dropped. Enter goes to the next hit, Shift+Enter to the previous one.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.search import Result, Results
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.passages import snippet
from saadi_desktop.ui.search.session import SearchSession

DEBOUNCE_MS = 150
RESULTS = 10
RETRIEVER_CHOICES = [
    ("Keyword", "bm25", "Passages that contain your words (BM25)"),
    ("Meaning", "dense", "Passages that mean something close (sentence embeddings)"),
    ("Both", "hybrid", "Keyword and meaning rankings fused"),
]


HINT = (
    "Type to search this book. Results are the book's own passages, and only from the part "
    "you have read unless you turn spoilers on. Enter goes to the next hit."
)
NO_RESULTS = "No passage matches, up to here."


def no_results(later: int, spoilers: bool) -> str:
    """What an empty result list says: and how many passages match later, without a spoiler."""
    if spoilers:
        return "No passage matches."
    if not later:
        return NO_RESULTS
    passages = f"{later} passage{'s' * (later != 1)} match{'es' * (later == 1)}"
    them = "them" if later != 1 else "it"
    return f"{NO_RESULTS[:-1]}; {passages} later in the book (Show everything to see {them})."


class ResultCard(QFrame):
    """One result: section, a snippet with the query's words marked, and the reasons."""

    clicked = Signal(int)  # the result's index

    def __init__(
        self, index: int, result: Result, where: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.index = index
        self.result = result
        self.setObjectName("card")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel(render(index, result, where))
        self.label.setTextFormat(Qt.TextFormat.RichText)  # our markup; book text is escaped
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.label)
        self.set_current(False)

    def set_current(self, current: bool) -> None:
        colours = theme.current()
        border = colours.current_border if current else "palette(mid)"
        fill = colours.current if current else "palette(base)"
        self.setStyleSheet(
            f"#card {{ border: 1px solid {border}; border-radius: 4px; background: {fill}; }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)
        super().mousePressEvent(event)


def render(index: int, result: Result, where: str = "") -> str:
    """The card's markup; ``where`` names the place in the book ('Part I › VII · 15 %').
    Every piece of book text goes through html.escape."""
    parts = []
    heading = result.section + "\n\n"
    skip = len(heading) if result.section and result.text.startswith(heading) else 0
    for piece in snippet(result.text, result.highlights, skip=skip):
        text = html.escape(piece.text)
        if piece.kind is None:
            parts.append(text)
        else:
            colour = theme.current().highlight(piece.kind)
            parts.append(f'<span style="background-color:{colour}">{text}</span>')
    place = html.escape(where or result.section or "—")
    out = f"<b>{index + 1}. {place}</b><br>{''.join(parts)}"
    for reason in result.reasons:
        out += f'<br><i style="color:{theme.current().muted}">{html.escape(reason)}</i>'
    return out


class SearchPanel(QWidget):
    passage_requested = Signal(object)  # Result
    results_changed = Signal()
    deep_search_requested = Signal()  # "Deep search…": see saadi_desktop.ui.deep.search

    def __init__(
        self,
        reading_limit: Callable[[], int],
        locate: Callable[[int], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.reading_limit = reading_limit  # how far the reader has read: the spoiler limit
        self.locate = locate  # a position → 'Part I › VII · 15 %'
        self.limit: int | None = None  # the limit of the results shown
        self.session: SearchSession | None = None
        self.results: list[Result] = []
        self.cards: list[ResultCard] = []
        self.current = -1
        self.later = 0
        self._jump_on_results = False

        self.query = QLineEdit()
        self.query.setPlaceholderText("Search this book…")
        self.query.setClearButtonEnabled(True)
        self.query.textChanged.connect(self._query_changed)
        self.query.returnPressed.connect(self._return_pressed)
        self.retriever = QComboBox()
        for title, name, tip in RETRIEVER_CHOICES:
            self.retriever.addItem(title, name)
            self.retriever.setItemData(self.retriever.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.retriever.currentIndexChanged.connect(self._retriever_changed)
        self.deep_button = QPushButton("Deep search…")
        self.deep_button.setFlat(True)  # secondary: slow, and the one search that calls the model
        self.deep_button.setToolTip(
            "Let the model read passages and pick the ones that answer your question "
            "(slow; the cost is shown first)"
        )
        self.deep_button.clicked.connect(self.deep_search_requested)
        self.spoilers = QCheckBox("Show everything (spoilers)")
        self.spoilers.setToolTip("Search the whole book, not only up to where you are reading")
        self.spoilers.toggled.connect(self._spoilers_toggled)
        self.scope = QLabel()
        self.scope.setWordWrap(True)
        self.scope.setTextFormat(Qt.TextFormat.PlainText)  # it quotes section titles
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setStyleSheet(f"color: {theme.current().muted};")
        self.status.hide()
        self.hint = QLabel(HINT)
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.hint.setStyleSheet(f"color: {theme.current().muted}; padding: 8px;")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.run_search)

        self.list = QWidget()
        self.list_layout = QVBoxLayout(self.list)
        self.list_layout.setContentsMargins(4, 4, 4, 4)
        self.list_layout.addWidget(self.hint)
        self.list_layout.addStretch(1)
        self.result_area = QScrollArea()
        self.result_area.setWidgetResizable(True)
        self.result_area.setWidget(self.list)
        self.result_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        options = QHBoxLayout()
        options.addWidget(QLabel("Match by"))
        options.addWidget(self.retriever, 1)
        options.addWidget(self.deep_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.query)
        layout.addLayout(options)
        layout.addWidget(self.spoilers)
        layout.addWidget(self.scope)
        layout.addWidget(self.status)
        layout.addWidget(self.result_area, 1)
        self._show_scope()

    # -- the session ----------------------------------------------------------------------------

    def set_session(self, session: SearchSession | None) -> None:
        """Search another book (None: no book open)."""
        if self.session is not None:
            self.session.close()
            self.session.search_finished.disconnect(self._search_finished)
            self.session.keyword_ready.disconnect(self._searcher_ready)
            self.session.meaning_ready.disconnect(self._meaning_ready)
            self.session.meaning_progressed.disconnect(self.set_status)
            self.session.failed.disconnect(self.set_status)
        self.session = session
        self._set_results([], 0)
        self.set_status("")
        if session is None:
            return
        session.search_finished.connect(self._search_finished)
        session.keyword_ready.connect(self._searcher_ready)
        session.meaning_ready.connect(self._meaning_ready)
        session.meaning_progressed.connect(self.set_status)
        session.failed.connect(self.set_status)
        if self.retriever.currentData() != "bm25":
            session.enable_meaning()

    # -- asking ---------------------------------------------------------------------------------

    def set_status(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def until(self) -> int | None:
        return None if self.spoilers.isChecked() else self.reading_limit()

    def run_search(self) -> None:
        """Search now (the timer calls this once typing pauses)."""
        self.timer.stop()
        text = self.query.text().strip()
        if self.session is None or not text:
            if self.session is not None:
                self.session.cancel()  # an answer still on its way is for an old query
            self._set_results([], 0)
            return
        self.limit = self.until()
        self.session.search(
            text, until=self.limit, retriever=self.retriever.currentData(), k=RESULTS
        )

    def show_results(self, results: list[Result], *, until: int | None) -> None:
        """Show results found elsewhere (deep search), searched up to ``until``, like this
        panel's own: a click jumps to the passage. A search still on its way is dropped."""
        self.timer.stop()
        if self.session is not None:
            self.session.cancel()
        self.limit = until
        self._set_results(results, 0)

    def reading_moved(self) -> None:
        """The reader moved: with no results shown, the scope line names the new limit."""
        if not self.results:
            self.limit = None
            self._show_scope()

    def _query_changed(self) -> None:
        self.timer.start()

    def _retriever_changed(self) -> None:
        if self.session is not None and self.retriever.currentData() != "bm25":
            self.session.enable_meaning()  # once per book; a no-op when already started
        self.run_search()

    def _spoilers_toggled(self) -> None:
        self._show_scope()
        self.run_search()

    def _return_pressed(self) -> None:
        if self.timer.isActive():  # the query changed: search first, then go to the first hit
            self._jump_on_results = True
            self.run_search()
            return
        shift = QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier
        self.go_to(self.current + (-1 if shift else 1))

    # -- answers --------------------------------------------------------------------------------

    def _searcher_ready(self) -> None:
        if self.query.text().strip():
            self.run_search()

    def _meaning_ready(self) -> None:
        self.set_status("Meaning search is ready.")
        if self.retriever.currentData() != "bm25":
            self.run_search()

    def _search_finished(self, number: int, results: Results) -> None:
        if self.session is None or number != self.session.request:
            return  # an answer to a query the reader has already changed
        shown = results.results
        if results.retriever == "bm25":  # keyword mode: only passages where something matched
            shown = [r for r in shown if r.highlights or r.reasons]
        if results.retriever != self.retriever.currentData():
            self.set_status("Keyword results until the meaning model is ready…")
        self._set_results(shown, results.later)
        if self._jump_on_results and shown:
            self.go_to(0)
        self._jump_on_results = False

    def _set_results(self, results: list[Result], later: int) -> None:
        for card in self.cards:
            self.list_layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        self.results, self.later, self.current = results, later, -1
        self.cards = []
        for index, result in enumerate(results):
            card = ResultCard(index, result, self.locate(result.start))
            card.clicked.connect(self.go_to)
            self.list_layout.insertWidget(index, card)
            self.cards.append(card)
        self.hint.setVisible(not results)
        empty = no_results(later, self.spoilers.isChecked())
        self.hint.setText(empty if self.query.text().strip() else HINT)
        self.result_area.verticalScrollBar().setValue(0)
        self._show_scope()
        self.results_changed.emit()

    def go_to(self, index: int) -> None:
        """Show result ``index`` (wrapping around) in the reader."""
        if not self.results:
            return
        index %= len(self.results)
        if 0 <= self.current < len(self.cards):
            self.cards[self.current].set_current(False)
        self.current = index
        self.cards[index].set_current(True)
        self.result_area.ensureWidgetVisible(self.cards[index])
        self.passage_requested.emit(self.results[index])

    def restyle(self) -> None:
        """Redraw in the current theme's colours (the theme changed)."""
        self.status.setStyleSheet(f"color: {theme.current().muted};")
        self.hint.setStyleSheet(f"color: {theme.current().muted}; padding: 8px;")
        for index, card in enumerate(self.cards):
            card.label.setText(render(index, card.result, self.locate(card.result.start)))
            card.setStyleSheet("")  # re-polished with the new palette
            card.set_current(index == self.current)
        self._show_scope()

    def _show_scope(self) -> None:
        if self.spoilers.isChecked():
            self.scope.setText("⚠ Spoilers on: results from the whole book")
            self.scope.setStyleSheet(
                "background: #b3261e; color: white; padding: 3px 6px; border-radius: 3px;"
            )
            return
        self.scope.setStyleSheet(f"color: {theme.current().safe}; padding: 3px 0;")
        limit = self.reading_limit() if self.limit is None else self.limit
        text = f"Spoiler-safe: only up to where you have read ({self.locate(limit)})"
        if self.later and self.query.text().strip():
            text += f" · {self.later} more result{'s' * (self.later != 1)} later in the book"
        self.scope.setText(text)
