"""The desktop app's benchmarks: they open the main window offscreen and time it.

- :mod:`.stall` — ``saadi bench stall``: the GUI thread's longest stall while the app indexes;
- :mod:`.card` — ``saadi bench card``: click → "Who is this?" card, in milliseconds.

Part of the GUI, so the only Qt outside the app window's own code lives under ui/: the CLI
imports these inside those two commands only, so ``saadi --help`` and every other command stay
Qt-free.
"""
