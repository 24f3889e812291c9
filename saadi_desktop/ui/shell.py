"""What a room of the app is given of the main window, so that no room imports the window.

The main window makes the pieces every room works with — the reader, the contents, the search
panel (its shield sets the spoiler limit), the job runner and its background pool — and then
installs each room (the reading tools, the companion, appending) with one :class:`Shell` of
them. The window assembles; nothing it assembles imports it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QMainWindow

from saadi_desktop.ui.reader.contents import TableOfContents
from saadi_desktop.ui.reader.reader import Reader
from saadi_desktop.ui.search.panel import SearchPanel
from saadi_desktop.ui.workers import JobRunner, Work


@dataclass(frozen=True)
class Shell:
    """The main window as its rooms see it."""

    window: QMainWindow  # the parent of a room's objects; its menus, toolbars and status bar
    reader: Reader
    contents: TableOfContents
    search: SearchPanel
    jobs: JobRunner
    pool: QThreadPool  # the background pool: imports, the notes, recaps, appends
    book: Callable[[], Path | None]  # the open book's DB, None when no book is open

    def run(self, work: Work, done: Callable[[Any], None], failed: Callable[[Any], None]) -> int:
        """Run ``work`` in the background pool; ``done(value)`` or ``failed(error)`` then
        runs on the GUI thread."""
        return self.jobs.start(self.pool, work, done, failed)
