"""What the card and the recap have in common: a frame over the page that Esc dismisses."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame


class Popup(QFrame):
    """A frame laid over the reader; :meth:`dismiss` hides it and says so."""

    closed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.dismiss()
        else:
            super().keyPressEvent(event)

    def dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()
