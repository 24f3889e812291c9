"""``saadi-desktop [FILE]``: the desktop app."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from saadi_desktop.ui.dialogs import install_excepthook
from saadi_desktop.ui.main_window import MainWindow


def main(argv: Sequence[str] | None = None) -> int:
    """Start the app; with a FILE (a book file, a book id or a .saadi.db), open it."""
    args = list(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication([sys.argv[0], *args])
    app.setApplicationName("saadi-desktop")
    install_excepthook()
    window = MainWindow()
    window.show()
    files = [a for a in args if not a.startswith("-")]
    if files:
        window.open_reference(files[0])
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
