"""The reading companions: the summary outline beside the contents and, laid over the reader,
the "Who is this?" card and the "Where was I?" recap — all cut at the spoiler limit.

- :mod:`.outline` — the headline tree, from the highest level down to the passages (a tab);
- :mod:`.who_is_this` — clicks, hover and keys in the reader open :mod:`.card`;
- :mod:`.where_was_i` — the recap on demand and on coming back to a book, in :mod:`.recap_sheet`;
- :mod:`.companion` — the card and the recap, and the Reading menu.

``saadi bench card`` times click → card: :mod:`saadi_desktop.ui.bench.card`.
"""
