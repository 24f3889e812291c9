"""The desktop app: the only package that imports PySide6.

Widgets ask, operations do: database and search work lives in :mod:`saadi_desktop.ui.operations`
(plain functions, no Qt) and runs off the GUI thread through :mod:`saadi_desktop.ui.workers`.
"""

from saadi_desktop.ui.compat import protect_singletons

protect_singletons()  # before any Qt call: see compat.py (PySide6 6.12 on Python 3.11)
