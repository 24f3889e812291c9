"""Back and forward through reading positions, like a web browser's history (no Qt)."""

from __future__ import annotations

LIMIT = 100  # positions kept each way


class ReadingHistory:
    """Where the reader was before each jump.

    A jump records the position it leaves (and forgets the way forward); going back records
    the position it leaves on the forward side, and going forward on the back side, so back and
    forward always return to exactly where the reader was.
    """

    def __init__(self) -> None:
        self._back: list[int] = []
        self._forward: list[int] = []

    def jumped(self, left: int) -> None:
        """The reader jumped away from ``left``."""
        if not self._back or self._back[-1] != left:
            self._back.append(left)
            del self._back[:-LIMIT]
        self._forward.clear()

    def back(self, here: int) -> int | None:
        """The position to go back to from ``here`` (None: nowhere)."""
        if not self._back:
            return None
        self._forward.append(here)
        return self._back.pop()

    def forward(self, here: int) -> int | None:
        """The position to go forward to from ``here`` (None: nowhere)."""
        if not self._forward:
            return None
        self._back.append(here)
        return self._forward.pop()

    def can_go_back(self) -> bool:
        return bool(self._back)

    def can_go_forward(self) -> bool:
        return bool(self._forward)

    def clear(self) -> None:
        self._back.clear()
        self._forward.clear()
