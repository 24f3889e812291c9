"""A work-around for a reference-counting bug of PySide6 6.12 on Python 3.11.

Every call of a PySide6 6.12.0 method that returns nothing (``label.setText``, ``hide``,
``setData``, …) hands back ``None`` without taking a reference to it: each call lowers None's
reference count by one. From Python 3.12 on None is immortal (PEP 683) and nothing happens; on
3.11 a GUI session drains the count (about 12,000 at start, ~5 calls per scroll step) and the
process dies with "Fatal Python error: none_dealloc" a few minutes in, at a random moment.

Until the dependency is fixed or pinned, the app gives None a reference count so large that no
session can exhaust it. None is never deallocated anyway, so this changes nothing else.
"""

from __future__ import annotations

import ctypes
import sys

RESERVE = 1 << 40  # references; at a million leaked a second, enough for 12 days


def protect_none() -> None:
    """Make None effectively immortal on CPython < 3.12 (a no-op elsewhere)."""
    if (
        sys.version_info >= (3, 12)  # immortal already
        or sys.implementation.name != "cpython"
        or hasattr(sys, "gettotalrefcount")  # a debug build: ob_refcnt is not the first field
    ):
        return
    refcount = ctypes.c_ssize_t.from_address(id(None))  # PyObject.ob_refcnt
    if refcount.value < RESERVE:
        refcount.value += RESERVE
