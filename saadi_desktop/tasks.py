"""Long work is a plain function taking ``progress=`` and ``should_stop=`` callbacks.

The CLI passes a terminal progress bar, the GUI a signal emitter; the core never starts a thread
or sleeps. Stopping raises :class:`Cancelled` between two units of committed work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ProgressCallback = Callable[[dict[str, Any]], None]
StopCheck = Callable[[], bool]


class Cancelled(Exception):
    """The work was asked to stop; everything committed so far is kept."""


def never() -> bool:
    return False


def ignore(_event: dict[str, Any]) -> None:
    return None
