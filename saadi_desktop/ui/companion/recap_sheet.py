"""The "Where was I?" sheet: a recap of the story so far laid over the reader.

It shows a :class:`~saadi_desktop.reading.recap.Recap` (already cut at the spoiler limit): each
paragraph with the place it tells (a link: go there) and whose words it is — a headline the
model wrote, a list of them, or extracts copied from the book — then the book's key sentences of
its span, quoted in the book's own style (a link: go to the sentence); then the people of the
last passages (a link: their card). Esc or "Continue reading" closes it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRect, Qt, QUrl, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.reading.recap import Recap, RecapPart
from saadi_desktop.reading.who import kind_label
from saadi_desktop.state.answer import FOLD_WORDS
from saadi_desktop.ui.companion.popup import Popup
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.safe_text import NotesView, escape
from saadi_desktop.ui.notes import Segment, cut_line, quoted

MARGIN = 24  # pixels between the sheet and the reader's edges
MAX_WIDTH = 720
EXTRACTS_LINE = (
    "The model has not summarised this part yet: these are sentences copied from the book "
    "(extracts), chosen without a model from the text up to here."
)
# Whose words a part is, by its form (see views.outline); said after the place it tells.
KINDS = {
    "headline": "headline, written by the model",
    "list": "the model's headlines of its parts (it could not condense them into one)",
    "prose": "summary, written by the model",
}
BOOK_KIND = "extracts from the book"
LINE_WORDS = FOLD_WORDS  # a list's line in the recap: as long as a headline of a fold may be
LIST_QUOTES = "; in quotes, the book's words where a part has no headline"


class RecapSheet(Popup):
    """The recap; :meth:`show_loading` then :meth:`show_recap`, or :meth:`show_message`."""

    passage_requested = Signal(int)  # the index of a recap paragraph: go to what it tells
    person_requested = Signal(str)  # an entity key: show its card
    quote_requested = Signal(int, int)  # a key sentence's start and end: go there

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("recapSheet")
        self.recap: Recap | None = None
        self.title = QLabel("Where was I?")
        self.title.setObjectName("recapTitle")
        self.scope = QLabel()
        self.scope.setWordWrap(True)
        self.scope.setTextFormat(Qt.TextFormat.PlainText)  # it quotes section titles
        self.view = NotesView()
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.anchorClicked.connect(self._anchor_clicked)
        self.on_return = QCheckBox("Show this when I come back to a book after a while")
        self.done = QPushButton("Continue reading")
        self.done.setDefault(True)
        self.done.clicked.connect(self.dismiss)
        bottom = QHBoxLayout()
        bottom.addWidget(self.on_return, 1)
        bottom.addWidget(self.done)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 14)
        layout.addWidget(self.title)
        layout.addWidget(self.scope)
        layout.addWidget(self.view, 1)
        layout.addLayout(bottom)
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(24)
        shadow.setOffset(0, 4)
        shadow.setColor(QColor(0, 0, 0, 110))
        self.setGraphicsEffect(shadow)
        self.hide()

    def fit(self) -> None:
        """Cover the parent (the reader), less a margin, at most MAX_WIDTH wide."""
        parent = self.parentWidget()
        assert parent is not None
        room = parent.rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        width = min(room.width(), MAX_WIDTH)
        self.setGeometry(QRect(room.center().x() - width // 2, room.top(), width, room.height()))

    def show_loading(self, scope: str) -> None:
        self._open(scope, False)
        self.recap = None
        self.view.setHtml("<p>Reading the book's notes…</p>")

    def show_message(self, scope: str, message: str) -> None:
        self._open(scope, False)
        self.view.setHtml(f"<p>{escape(message)}</p>")

    def show_recap(
        self,
        recap: Recap,
        scope: str,
        *,
        spoilers: bool,
        lines: Mapping[int, list[list[Segment]]] | None = None,
    ) -> None:
        """Show ``recap``; ``lines``: its lists' lines by part, marked where they quote the
        book (without them a list's lines are shown as the model's)."""
        self._open(scope, spoilers)
        self.recap = recap
        self.view.setHtml(recap_html(recap, lines))

    def _open(self, scope: str, spoilers: bool) -> None:
        colours = theme.current()
        self.setStyleSheet(
            f"#recapSheet {{ background: {colours.base}; border: 1px solid {colours.muted};"
            f" border-radius: 8px; }} #recapTitle {{ font-size: 18pt; font-weight: bold;"
            f" color: {colours.heading}; }}"
        )
        self.scope.setText(scope)
        self.scope.setStyleSheet(
            "background: #b3261e; color: white; padding: 3px 6px; border-radius: 3px;"
            if spoilers
            else f"color: {colours.safe};"
        )
        self.fit()
        self.show()
        self.raise_()
        self.done.setFocus()

    def _anchor_clicked(self, url: QUrl) -> None:
        kind, _, value = url.toString().partition(":")
        if kind == "part":
            self.passage_requested.emit(int(value))
        elif kind == "key":
            start, _, end = value.partition(":")
            if start.isdigit() and end.isdigit():
                self.quote_requested.emit(int(start), int(end))
        elif kind == "person":
            self.person_requested.emit(value)


def recap_html(recap: Recap, lines: Mapping[int, list[list[Segment]]] | None = None) -> str:
    """The recap as rich text: every string from the book or the model escaped; the lists'
    ``lines`` (by part) quote the book's words where they hold them."""
    colours = theme.current()
    muted = colours.muted
    if not recap.parts:
        return "<p>Nothing to recap yet: you are at the start of the book.</p>"
    parts = []
    if recap.extracts_only:
        parts.append(f'<p style="color:{muted}"><i>{escape(EXTRACTS_LINE)}</i></p>')
    for index, part in enumerate(recap.parts):
        kind = BOOK_KIND if part.extract else KINDS.get(part.form, KINDS["prose"])
        own = (lines or {}).get(index)
        if own and any(by_book for line in own for _words, by_book in line):
            kind += LIST_QUOTES
        where = (f'<a style="color:{colours.link}" href="part:{index}">'
                 f"{escape(part.where)}</a>")  # fmt: skip
        parts.append(
            f'<p style="margin-bottom:2px; color:{muted}">{where} · {escape(kind)}</p>'
            f"{_words_html(part, own)}{_keys_html(part)}"
        )
    if recap.people:
        parts.append("<h4>In the last passages</h4><ul>")
        for seen in recap.people:
            name = (f'<a style="color:{colours.link}" href="person:{escape(seen.key)}">'
                    f"{escape(seen.name)}</a>")  # fmt: skip
            kind = kind_label(seen.type, seen.by_name_only)
            note = f" — {escape(seen.note)}" if seen.note else ""
            parts.append(
                f'<li>{name} <span style="color:{muted}">({escape(kind)})</span>{note}</li>'
            )
        parts.append("</ul>")
    return "".join(parts)


def _words_html(part: RecapPart, lines: list[list[Segment]] | None) -> str:
    """The part's own text: the model's words plain (a list a line each, cut to LINE_WORDS: a
    list of lists would run on for pages), the book's quoted."""
    style = theme.current().book_words
    if part.extract:
        if any(text == part.text for _start, _end, text in part.keys):
            return ""  # the extract is its key sentence, quoted below
        return f'<p><span style="{style}">{escape(quoted(part.text))}</span></p>'
    if part.form == "list":
        if lines is None:
            plain = (" ".join(line.split()) for line in part.text.split("\n") if line.strip())
            lines = [[(line, False)] for line in plain]
        shown = (
            "• " + "".join(f'<span style="{style}">{escape(quoted(w))}</span>' if by_book
                           else escape(w) for w, by_book in line)
            for line in (cut_line(line, LINE_WORDS) for line in lines)
        )  # fmt: skip
        return "<p>" + "<br>".join(shown) + "</p>"
    return f"<p>{escape(part.text)}</p>"


def _keys_html(part: RecapPart) -> str:
    """The book's key sentences of the part's span, quoted in the book's style, each a link to
    its place."""
    style = theme.current().book_words
    return "".join(
        f'<p style="margin-left:14px; margin-top:0"><a href="key:{start}:{end}" style="{style}">'
        f"{escape(quoted(text))}</a></p>"
        for start, end, text in part.keys
    )
