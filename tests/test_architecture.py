"""The core never imports Qt; heavy libraries load only where they are used; and no module
imports itself back through others (the import graph has no circle)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import saadi_desktop

# The desktop app, and the benchmarks that open it offscreen (imported by their commands only).
GUI = ("saadi_desktop.ui",)


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


def import_graph() -> dict[str, set[str]]:
    """Module -> the saadi_desktop modules it imports, at module level or inside a function
    (``from package import name`` counts as the submodule when ``name`` is one)."""
    root = Path(saadi_desktop.__file__).parent
    files = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        files[".".join(parts[:-1] if is_package else parts)] = (path, is_package)

    def known(name: str) -> str:
        while name not in files:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for module, (path, is_package) in files.items():
        here = module if is_package else module.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                    base = f"{package}.{base}".rstrip(".")
                names = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            found |= {known(n) for n in names if n.split(".")[0] == "saadi_desktop"}
        graph[module] = found - {module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_import_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    # timeline.py imports these inside timeline(); the main window imports its rooms at the top
    assert {"saadi_desktop.reading.views", "saadi_desktop.reading.who"} <= graph[
        "saadi_desktop.reading.timeline"
    ]
    assert "saadi_desktop.ui.shell" in graph["saadi_desktop.ui.main_window"]


def test_no_module_imports_itself_back() -> None:
    assert circles(import_graph()) == []
