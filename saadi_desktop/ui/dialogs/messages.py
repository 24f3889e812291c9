"""Message boxes, and the last-resort handler that turns a crash into a dialog."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from saadi_desktop.ui import operations
from saadi_desktop.ui.workers import EXPECTED_ERRORS

Button = QMessageBox.StandardButton


def message_box(
    icon: QMessageBox.Icon,
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Ok,
) -> QMessageBox:
    """A message box that shows ``text`` as plain text. QMessageBox's static functions guess
    the format, and a message quoting a file named '<b>.epub' would be taken for markup."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


def ask(box: QMessageBox) -> int:
    """Show ``box`` modally; the button pressed. The box is deleted afterwards (the static
    functions do the same: a box kept as its parent's child would live as long as the window)."""
    try:
        return box.exec()
    finally:
        box.deleteLater()


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """An error the reader can act on: the message only, never a traceback."""
    ask(message_box(QMessageBox.Icon.Warning, parent, title, message))


def report(parent: QWidget | None, error: BaseException, title: str) -> None:
    """What an operation failed with: an error the reader can act on as a dialog; anything
    else is a bug, raised again (the excepthook logs it and shows a dialog)."""
    if isinstance(error, EXPECTED_ERRORS):
        show_error(parent, title, str(error))
    else:
        raise error


def confirm(parent: QWidget | None, title: str, question: str) -> bool:
    box = message_box(QMessageBox.Icon.Question, parent, title, question, Button.Yes | Button.No)
    box.setDefaultButton(Button.No)
    return ask(box) == Button.Yes


def report_unexpected(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """``sys.excepthook`` for the app: log the traceback to crash.log and show a dialog
    instead of dying (an exception in a Qt slot would otherwise abort the process)."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, trace)
        return
    error.__traceback__ = trace
    log = operations.write_crash_log(error)
    where = f"\n\nDetails were saved to {log}." if log else ""
    message = f"Something went wrong: {error or kind.__name__}{where}"
    if QApplication.instance() is None:
        sys.__excepthook__(kind, error, trace)
        return
    ask(
        message_box(
            QMessageBox.Icon.Critical, QApplication.activeWindow(), "saadi-desktop", message
        )
    )


def install_excepthook() -> None:
    sys.excepthook = report_unexpected
