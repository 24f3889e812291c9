"""What both GUI benchmarks stand on: a temporary library, and the main window open offscreen.

The library is a fresh data folder (``$SAADI_HOME``) for the benchmark's duration, so the
reader's own books, preferences and interrupted runs are neither read nor touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from saadi_desktop.ui.main_window import MainWindow


@contextmanager
def environment(name: str, value: str) -> Iterator[None]:
    """``$name`` set to ``value`` for the duration, as it was afterwards."""
    previous = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = previous


@contextmanager
def temporary_library(prefix: str) -> Iterator[Path]:
    """A fresh data folder, the app's for the duration (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as home, environment("SAADI_HOME", home):
        yield Path(home)


@contextmanager
def main_window() -> Iterator[tuple[QApplication, MainWindow]]:
    """The app and its main window, shown offscreen (unless a platform is set); closed after."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    from saadi_desktop.ui.main_window import MainWindow

    window = MainWindow()
    window.show()
    try:
        yield app, window
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
