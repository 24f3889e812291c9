"""A rich-text view for notes that quote the book: our own markup, the book's words escaped,
and no resource ever loaded, so nothing from a book is fetched or run."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QTextBrowser, QWidget

from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.passages import snippet


class NotesView(QTextBrowser):
    """Read-only rich text whose links are reported (``anchorClicked``), never followed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setSearchPaths([])

    def loadResource(self, _type: int, _name: QUrl | str) -> Any:
        return None  # no image, style sheet or file is ever loaded


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as it is: Qt would take a tooltip that looks like markup
    ('<img src=…>' in a chapter title) for rich text."""
    return "<qt>" + "<br>".join(escape(line) for line in text.split("\n")) + "</qt>"


def escape(text: str) -> str:
    return html.escape(text, quote=True)


def marked_snippet(
    text: str, highlights: list[tuple[int, int, str]], *, width: int = 240, skip: int = 0
) -> str:
    """A snippet of ``text`` around its first highlight, as escaped markup with the highlights
    shaded in the theme's colours."""
    colours = theme.current()
    parts = []
    for piece in snippet(text, highlights, width=width, skip=skip):
        words = escape(piece.text)
        if piece.kind is None:
            parts.append(words)
        else:
            parts.append(
                f'<span style="background-color:{colours.highlight(piece.kind)}">{words}</span>'
            )
    return "".join(parts)
