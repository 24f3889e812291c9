"""The desktop app: the only package that imports PySide6 (its GUI benchmarks too, in ui/bench).

Widgets ask, operations do: database and search work lives in :mod:`saadi_desktop.ui.operations`
(plain functions, no Qt) and runs off the GUI thread through :mod:`saadi_desktop.ui.workers`.

One sub-package per room:

- :mod:`.reader` — the book's text, its contents, back and forward;
- :mod:`.search` — search as you type; :mod:`.deep` — deep search, the one that calls the model;
- :mod:`.indexing` — the indexing panel and dock, the model choice, the worker thread;
- :mod:`.library` — the imported books, and appending to one;
- :mod:`.people` — the entity browser and its timeline strip;
- :mod:`.companion` — the outline, the "Who is this?" card and the "Where was I?" recap;
- :mod:`.dialogs` — message boxes, the light and dark themes, rich text that quotes a book.

At the top, :mod:`.app` (``saadi-desktop``) and :mod:`.main_window`, which assembles the rooms
(:mod:`.reading_tools`: the tabs beside the contents and the View menu), each given a
:class:`~saadi_desktop.ui.shell.Shell` of the window so that none imports it back; and what the
rooms share: :mod:`.operations`, :mod:`.workers`, :mod:`.notes` and :mod:`.passages` (plain data
and text helpers, no Qt), :mod:`.compat`.
"""

from saadi_desktop.ui.compat import protect_singletons

protect_singletons()  # before any Qt call: see compat.py (PySide6 6.12 on Python 3.11)
