"""The core never imports Qt; heavy libraries load only where they are used."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import saadi_desktop

# The desktop app, and the benchmarks that open it offscreen (imported by their commands only).
GUI = ("saadi_desktop.ui", "saadi_desktop.eval.gui")


def core_modules() -> list[str]:
    return [
        m.name
        for m in pkgutil.walk_packages(saadi_desktop.__path__, "saadi_desktop.")
        if not m.name.startswith(GUI)
    ]


def test_the_core_never_loads_pyside6() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {core_modules()!r}: importlib.import_module(name)\n"
        "print('PySide6' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
