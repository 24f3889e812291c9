"""The "Who is this?" card: a small frame over the reader, beside the name it was opened from.

It shows a :class:`~saadi_desktop.reading.who.Card` (already cut at the spoiler limit) as rich
text of our own making — every word from the book or the model escaped — and reports its links:
a mention to go to, the entity browser, another entity answering to the same name.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.reading.who import Card, kind_label
from saadi_desktop.state.identity import shown_aliases
from saadi_desktop.ui.companion.popup import Popup
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.safe_text import escape

CARD_WIDTH = 380
LATEST_NOTES = 3  # the card is small: the latest notes, the rest counted
LATEST_ALIASES = 6
GAP = 6  # pixels between the name and the card
NAMES_ONLY_LINE = (
    "Found by name only: the model has not described this name yet (index the book for "
    "aliases and notes)."
)


class WhoCard(Popup):
    """The card; :meth:`show_card` fills and shows it, :meth:`place` puts it by a name."""

    mention_requested = Signal(int)  # a chunk seq: first, previous or next mention
    browse_requested = Signal(str)  # an entity key: open it in the entity browser
    entity_requested = Signal(str)  # another entity answering to the same name

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("whoCard")
        self.setFixedWidth(CARD_WIDTH)
        self.card: Card | None = None
        self.body = QLabel()
        self.body.setObjectName("whoCardBody")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setOpenExternalLinks(False)
        self.body.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.body.linkActivated.connect(self._link)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setToolTip("Close (Esc)")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.dismiss)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.body, 1)
        top.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 6, 10)
        layout.addLayout(top)
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(18)
        shadow.setOffset(0, 3)
        shadow.setColor(QColor(0, 0, 0, 90))
        self.setGraphicsEffect(shadow)
        self.hide()

    def show_card(self, card: Card, *, first_met: str, spoilers: bool) -> None:
        """Fill the card (``first_met``: where its first mention is) and show it."""
        self.card = card
        colours = theme.current()
        self.setStyleSheet(
            f"#whoCard {{ background: {colours.base}; color: {colours.text};"
            f" border: 1px solid {colours.muted}; border-radius: 6px; }}"
            f" #whoCardBody {{ color: {colours.text}; }}"
        )
        self.body.setText(card_html(card, first_met=first_met, spoilers=spoilers))
        self.fit_height()
        self.show()
        self.raise_()

    def fit_height(self) -> None:
        """As tall as the text needs at the card's width (a word-wrapped label's size hint
        alone comes out too short: the links at the bottom were cut off)."""
        layout = self.layout()
        assert layout is not None
        layout.activate()
        self.resize(CARD_WIDTH, layout.totalHeightForWidth(CARD_WIDTH))

    def place(self, anchor: QRect) -> None:
        """Put the card under ``anchor`` (a name, in the parent's coordinates), or above it
        when there is no room below; always inside the parent."""
        parent = self.parentWidget()
        assert parent is not None
        self.fit_height()
        room = parent.rect()
        x = max(room.left() + GAP, min(anchor.left(), room.right() - self.width() - GAP))
        below = anchor.bottom() + GAP
        y = below if below + self.height() <= room.bottom() else anchor.top() - GAP - self.height()
        self.move(QPoint(x, max(room.top() + GAP, y)))

    def dock(self) -> None:
        """Put the card in the parent's bottom right corner (after a jump: the passage shown
        is at the top)."""
        parent = self.parentWidget()
        assert parent is not None
        self.fit_height()
        room = parent.rect()
        corner = room.bottomRight() - QPoint(self.width() + 3 * GAP, self.height() + 3 * GAP)
        self.move(QPoint(max(room.left(), corner.x()), max(room.top(), corner.y())))

    def _link(self, link: str) -> None:
        kind, _, value = link.partition(":")
        if kind == "mention":
            self.mention_requested.emit(int(value))
        elif kind == "browse":
            self.browse_requested.emit(value)
        elif kind == "entity":
            self.entity_requested.emit(value)


def card_html(card: Card, *, first_met: str, spoilers: bool) -> str:
    """The card as rich text: every string from the book or the model escaped."""
    colours = theme.current()
    muted, link = colours.muted, colours.link
    count = len(card.mentions)
    kind = kind_label(card.type, card.by_name_only)
    scope = "in the whole book" if spoilers else "up to here"
    parts = [
        f'<div style="font-size:large; font-weight:bold">{escape(card.name)}</div>',
        f'<div style="color:{muted}">{escape(kind)} · in {count} passage{"s" * (count != 1)} '
        f"{scope}</div>",
    ]
    if spoilers:
        parts.append('<div style="color:#b3261e">⚠ Spoilers on: notes from the whole book</div>')
    if first_met:
        parts.append(f"<p>First met in {escape(first_met)}</p>")
    if card.by_name_only:
        parts.append(f'<p style="color:{muted}"><i>{escape(NAMES_ONLY_LINE)}</i></p>')
    if aliases := shown_aliases(card.name, card.aliases):
        shown = ", ".join(escape(a) for a in aliases[:LATEST_ALIASES])
        hidden = len(aliases) - LATEST_ALIASES
        extra = f" and {hidden} more" if hidden > 0 else ""
        parts.append(f"<p><b>Also called:</b> {shown}{extra}</p>")
    if card.notes:
        items = "".join(f"<li>{escape(n)}</li>" for n in card.notes[:LATEST_NOTES])
        earlier = len(card.notes) - LATEST_NOTES
        more = (f'<div style="color:{muted}">… and {earlier} earlier '
                f"note{'s' * (earlier != 1)}</div>") if earlier > 0 else ""  # fmt: skip
        parts.append(f'<b>Latest notes:</b><ul style="margin-left:-20px">{items}</ul>{more}')

    def jump(label: str, seq: int | None) -> str:
        if seq is None:
            return f'<span style="color:{colours.disabled}">{label}</span>'
        return f'<a style="color:{link}" href="mention:{seq}">{label}</a>'

    links = [
        jump("First mention", card.first),
        jump("‹ Previous", card.previous),
        jump("Next ›", card.next),
        f'<a style="color:{link}" href="browse:{escape(card.key)}">People &amp; places</a>',
    ]
    parts.append(f"<p>{' · '.join(links)}</p>")
    if card.others:
        others = ", ".join(
            f'<a style="color:{link}" href="entity:{escape(key)}">{escape(name)}</a>'
            for key, name in card.others[:5]
        )
        parts.append(f'<div style="color:{muted}">Also known by this name: {others}</div>')
    return "".join(parts)
