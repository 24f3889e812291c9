"""Render resources/icons/saadi-desktop.svg to the 256 px PNG beside it (QtSvg, offscreen).

python packaging/make_icon.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: TID251
from PySide6.QtSvg import QSvgRenderer  # noqa: TID251

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZE = 256


def main() -> int:
    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(ICONS / "saadi-desktop.svg"))
    if not renderer.isValid():
        raise SystemExit("the SVG icon does not parse")
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    target = ICONS / "saadi-desktop.png"
    if not image.save(str(target)):
        raise SystemExit(f"could not write {target}")
    print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
