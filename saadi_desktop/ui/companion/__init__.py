"""The memory where the reader's eyes are: the "Who is this?" card and the "Where was I?"
recap, both laid over the reader and both cut at the spoiler limit.

- :mod:`.who_is_this` — clicks, hover and keys in the reader open :mod:`.card`;
- :mod:`.where_was_i` — the recap on demand and on coming back to a book, in :mod:`.recap_sheet`;
- :mod:`.companion` — both, and the Reading menu.

``saadi bench card`` times click → card: :mod:`saadi_desktop.eval.gui.card`.
"""

from saadi_desktop.ui.companion.companion import Companion, install_companion

__all__ = ["Companion", "install_companion"]
