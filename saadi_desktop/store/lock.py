"""One builder per book: an exclusive, non-blocking lock on a file beside the book DB.

The operating system drops the lock when the process dies, so a killed builder never leaves the
book locked.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from saadi_desktop.store.schema import StoreError


@contextlib.contextmanager
def builder_lock(
    db_path: Path, busy: str = "another indexer is already running on this book"
) -> Iterator[None]:
    """Hold the book's lock, or raise StoreError("<book file>: <busy>") if a builder has it."""
    lock_path = db_path.with_name(db_path.name + ".lock")
    handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _acquire(handle, f"{db_path.name}: {busy}")
        yield
    finally:
        os.close(handle)  # closing releases the lock


def _acquire(handle: int, busy: str) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: msvcrt locks a byte range instead
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            raise StoreError(busy) from None
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise StoreError(busy) from None
