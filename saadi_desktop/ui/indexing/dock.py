"""Puts the indexing panel into the main window: a dock at the bottom, an Index menu, the
library's live index state, and the offer to resume an interrupted run at start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow

from saadi_desktop.ui.indexing.panel import IndexingPanel
from saadi_desktop.ui.library.panel import LibraryPanel


def install_indexing(
    window: QMainWindow, library: LibraryPanel, refresh_library: Callable[[], None]
) -> IndexingPanel:
    """Add the indexing dock (hidden until asked for or until a run starts) to ``window``."""
    panel = IndexingPanel()
    dock = QDockWidget("Indexing", window)
    dock.setObjectName("indexing-dock")
    dock.setWidget(panel)
    dock.setAllowedAreas(
        Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.TopDockWidgetArea
    )
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    toggle = dock.toggleViewAction()
    toggle.setText("&Index this book…")
    toggle.setShortcut(QKeySequence("Ctrl+I"))
    window.menuBar().addMenu("&Index").addAction(toggle)

    def ended(_path: Path) -> None:
        refresh_library()  # the real states ("37 %", "done, 2 failed chunks")

    panel.run_started.connect(lambda _path: dock.show())
    panel.index_changed.connect(library.set_index_state)
    panel.run_ended.connect(ended)
    QTimer.singleShot(0, panel.offer_resume)  # once the window is up
    return panel
