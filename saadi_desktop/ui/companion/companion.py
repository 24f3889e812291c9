"""The Reading menu: Who is this? and Where was I?, wired into the main window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from saadi_desktop.ui.companion.where_was_i import WhereWasI
from saadi_desktop.ui.companion.who_is_this import WhoIsThis
from saadi_desktop.ui.notes import BookNotes
from saadi_desktop.ui.shell import Shell


class Companion(QObject):
    """The card (:attr:`who`) and the recap (:attr:`recap`) of the open book."""

    def __init__(self, shell: Shell, notes: Callable[[], BookNotes | None]) -> None:
        super().__init__(shell.window)
        self.who = WhoIsThis(shell, notes)
        self.recap = WhereWasI(shell, self.who)
        menu = shell.window.menuBar().addMenu("&Reading")
        for action in (self.who.who_action, self.recap.recap_action, self.recap.return_action):
            menu.addAction(action)


def install_companion(shell: Shell, notes: Callable[[], BookNotes | None]) -> Companion:
    """Add the card, the recap and the Reading menu to the window; the card reads ``notes``,
    the notes the entity browser holds."""
    return Companion(shell, notes)
