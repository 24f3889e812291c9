"""The memory where the reader's eyes are: the "Who is this?" card and the "Where was I?"
recap, both laid over the reader and both cut at the spoiler limit.

- :mod:`.card` — the card widget;
- :mod:`.recap_sheet` — the recap widget;
- :mod:`.companion` — the wiring: clicks, hover and keys in the reader, the Reading menu, the
  recap on coming back to a book.
"""

from saadi_desktop.ui.companion.companion import Companion, install_companion

__all__ = ["Companion", "install_companion"]
