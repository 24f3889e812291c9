"""The "Where was I?" sheet: a recap of the story so far laid over the reader.

It shows a :class:`~saadi_desktop.recap.Recap` (already cut at the spoiler limit): each
paragraph with the place it tells (a link: go there), extracts marked as sentences copied from
the book, then the people of the last passages (a link: their card). Esc or "Continue reading"
closes it.
"""

from __future__ import annotations

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

from saadi_desktop.recap import Recap
from saadi_desktop.ui import theme
from saadi_desktop.ui.companion.popup import Popup
from saadi_desktop.ui.safe_text import NotesView, escape
from saadi_desktop.who import kind_label

MARGIN = 24  # pixels between the sheet and the reader's edges
MAX_WIDTH = 720
EXTRACTS_LINE = (
    "The model has not summarised this part yet: these are sentences copied from the book "
    "(extracts), chosen without a model from the text up to here."
)


class RecapSheet(Popup):
    """The recap; :meth:`show_loading` then :meth:`show_recap`, or :meth:`show_message`."""

    passage_requested = Signal(int)  # the index of a recap paragraph: go to what it tells
    person_requested = Signal(str)  # an entity key: show its card

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

    def show_recap(self, recap: Recap, scope: str, *, spoilers: bool) -> None:
        self._open(scope, spoilers)
        self.recap = recap
        self.view.setHtml(recap_html(recap))

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
        elif kind == "person":
            self.person_requested.emit(value)


def recap_html(recap: Recap) -> str:
    """The recap as rich text: every string from the book or the model escaped."""
    colours = theme.current()
    muted = colours.muted
    if not recap.parts:
        return "<p>Nothing to recap yet: you are at the start of the book.</p>"
    parts = []
    if recap.extracts_only:
        parts.append(f'<p style="color:{muted}"><i>{escape(EXTRACTS_LINE)}</i></p>')
    for index, part in enumerate(recap.parts):
        kind = "extracts from the book" if part.extract else "summary"
        where = (f'<a style="color:{colours.link}" href="part:{index}">'
                 f"{escape(part.where)}</a>")  # fmt: skip
        text = f"<i>{escape(part.text)}</i>" if part.extract else escape(part.text)
        parts.append(
            f'<p style="margin-bottom:2px; color:{muted}">{where} · {kind}</p><p>{text}</p>'
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
