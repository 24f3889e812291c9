"""Render screenshots of the desktop app into docs/screenshots/ (offscreen, no display needed).

    python docs/make_screenshots.py [BOOK]

The book (by default the shared Crime and Punishment EPUB) is imported into a temporary library,
so the real one is never touched.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)
from PySide6.QtWidgets import QApplication, QWidget  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SHARED = Path(os.environ.get("SAADI_SHARED", ROOT.parent / "shared")) / "books" / "epub"
BOOK = SHARED / "dostoevsky_crime-and-punishment_garnett.epub"
OTHER = SHARED / "dostoevsky_the-gambler_hogarth.epub"  # a second title for the library list
QUERY = "axe"
READ_UP_TO = "Part III"  # the section the reader has got to: the spoiler limit in the shots


def wait_until(app: QApplication, done: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)


def save(widget: QWidget, name: str) -> Path:
    path = OUT / name
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    print(path)
    return path


def main(argv: list[str]) -> int:
    book = Path(argv[0]) if argv else BOOK
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as home:
        os.environ["SAADI_HOME"] = home
        from saadi_desktop.ui.main_window import MainWindow

        app = QApplication.instance() or QApplication([sys.argv[0]])
        assert isinstance(app, QApplication)
        window = MainWindow()
        window.resize(1400, 900)
        window.show()
        if OTHER.is_file() and not argv:
            window.import_files([str(OTHER)])
            wait_until(app, lambda: window.reader.book is not None)
        window.import_files([str(book)])
        wait_until(app, lambda: window.reader.book is not None and window.path is not None)
        wait_until(app, lambda: "Crime" in window.windowTitle() or bool(argv))
        reader = window.reader
        assert reader.book is not None
        # open at the start of the story proper, as a reader would be
        first = next((s for s in reader.book.sections if s.matter == "body"), None)
        reader.scroll_to(first.start if first else 0)
        app.processEvents()
        save(window, "library.png")

        place = next((s.start for s in reader.book.sections if s.title == READ_UP_TO), None)
        reader.scroll_to(place if place is not None else len(reader.book.text) // 3)
        panel = window.search
        panel.query.setText(QUERY)
        wait_until(app, lambda: bool(panel.results))
        panel.go_to(min(1, len(panel.results) - 1))
        app.processEvents()
        save(window, "reader-search.png")
        save(panel, "search-panel.png")
        panel.spoilers.setChecked(True)
        wait_until(app, lambda: panel.later == 0 and len(panel.results) > 0)
        save(panel, "search-spoilers.png")
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
