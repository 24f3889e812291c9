"""The desktop app's benchmarks: they open the main window offscreen and time it.

- :mod:`.stall` — ``saadi bench stall``: the GUI thread's longest stall while the app indexes;
- :mod:`.card` — ``saadi bench card``: click → "Who is this?" card, in milliseconds.

The one part of :mod:`saadi_desktop.eval` that loads Qt: nothing in the core imports it, and the
CLI imports it inside those two commands only, so ``saadi --help`` and every other command stay
Qt-free.
"""
