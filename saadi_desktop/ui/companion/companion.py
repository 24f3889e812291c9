"""The Reading menu: Who is this? and Where was I?, wired into the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from saadi_desktop.ui.companion.where_was_i import WhereWasI
from saadi_desktop.ui.companion.who_is_this import WhoIsThis

if TYPE_CHECKING:
    from saadi_desktop.ui.main_window import MainWindow


class Companion(QObject):
    """The card (:attr:`who`) and the recap (:attr:`recap`) of the open book."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.who = WhoIsThis(window)
        self.recap = WhereWasI(window, self.who)
        menu = window.menuBar().addMenu("&Reading")
        for action in (self.who.who_action, self.recap.recap_action, self.recap.return_action):
            menu.addAction(action)


def install_companion(window: MainWindow) -> Companion:
    """Add the card, the recap and the Reading menu to ``window`` (after the reading tools)."""
    return Companion(window)
