"""Message boxes, and the last-resort handler that turns a crash into a dialog."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from saadi_desktop.ui import operations


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """An error the reader can act on: the message only, never a traceback."""
    QMessageBox.warning(parent, title, message)


def confirm(parent: QWidget | None, title: str, question: str) -> bool:
    answer = QMessageBox.question(
        parent,
        title,
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


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
    QMessageBox.critical(QApplication.activeWindow(), "saadi-desktop", message)


def install_excepthook() -> None:
    sys.excepthook = report_unexpected
