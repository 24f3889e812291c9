"""Work-arounds for two hazards of PySide6 6.12 on CPython 3.11 (see each docstring):
reference counts of None, True and False that drain away, and the cycle collector running on
worker threads.
"""

from __future__ import annotations

import ctypes
import gc
import sys

from PySide6.QtCore import QObject, QTimer

RESERVE = 1 << 40  # references; at a million leaked a second, enough for 12 days


def protect_singletons() -> None:
    """Make None, True and False effectively immortal on CPython < 3.12 (a no-op elsewhere).

    PySide6 6.12.0 hands these singletons back without taking a reference to them: every call
    of a method that returns nothing (``label.setText``, ``hide``, ``setData``, …) lowers None's
    count by one, and every emission of a signal declared with a ``bool`` argument lowers True's
    or False's. From Python 3.12 on they are immortal (PEP 683) and nothing happens; on 3.11 a
    session drains None's count (about 12,000 at start, ~5 calls per scroll step) and the
    process dies with "Fatal Python error: none_dealloc" (or ``bool_dealloc``) a few minutes
    in, at a random moment. Until the dependency is fixed or pinned, they get a reference count
    no session can exhaust; they are never deallocated anyway, so nothing else changes.
    """
    if (
        sys.version_info >= (3, 12)  # immortal already
        or sys.implementation.name != "cpython"
        or hasattr(sys, "gettotalrefcount")  # a debug build: ob_refcnt is not the first field
    ):
        return
    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))  # PyObject.ob_refcnt
        if refcount.value < RESERVE:
            refcount.value += RESERVE


class GarbageCollector(QObject):
    """Python's cycle collector, run on the GUI thread only.

    CPython collects cycles on whichever thread happens to allocate, so a worker parsing a book
    can end up destroying Qt wrappers (a closed window's widgets, old result cards) off the GUI
    thread, while the GUI thread deletes the same objects: a segfault in
    ``Shiboken::Object::destroy``. The usual PyQt/PySide recipe: turn automatic collection off
    and collect, generation by generation, from a GUI-thread timer.
    """

    INTERVAL_MS = 500

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        gc.disable()
        self.timer.start(self.INTERVAL_MS)

    def check(self) -> None:
        young, middle, old = gc.get_count()
        if young > self.threshold[0]:
            gc.collect(0)
            if middle > self.threshold[1]:
                gc.collect(1)
                if old > self.threshold[2]:
                    gc.collect(2)

    def stop(self) -> None:
        """Collect now and give collection back to Python."""
        self.timer.stop()
        gc.collect()
        gc.enable()
