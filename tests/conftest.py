"""Shared fixtures: the shared books, a throw-away library, and tiny hand-made EPUBs."""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# CI shares two cores with whatever else runs: judge properties, not speed.
settings.register_profile("ci", deadline=None)
settings.load_profile("ci")

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SAADI_SHARED", ROOT.parent / "shared"))
BOOKS = SHARED / "books"
CRIME_EPUB = BOOKS / "epub" / "dostoevsky_crime-and-punishment_garnett.epub"
PRIDE_EPUB = BOOKS / "epub" / "austen_pride-and-prejudice.epub"
ALL_BOOKS = sorted(p for p in BOOKS.rglob("*") if p.suffix in (".epub", ".pdf", ".txt")
                   and "LICENSE" not in p.name)  # fmt: skip


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh SAADI_HOME; yields its books folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("SAADI_HOME", str(home))
    yield home / "books"


CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles></container>"""


def make_epub(
    path: Path,
    chapters: list[tuple[str, str]],
    *,
    drop: set[str] = frozenset(),  # type: ignore[assignment]
    extra: dict[str, bytes] | None = None,
    title: str = "A Small Book",
    language: str = "en",
) -> Path:
    """Write a minimal valid EPUB 3 (nav + one XHTML file per chapter) to ``path``.

    ``drop`` leaves the named archive entries out (a spine naming a missing file), ``extra``
    adds raw entries (encryption.xml, a traversal name, a bomb)."""
    names = [f"chapter-{i + 1}.xhtml" for i in range(len(chapters))]
    manifest = "\n".join(
        f'<item id="c{i}" href="{n}" media-type="application/xhtml+xml"/>'
        for i, n in enumerate(names)
    )
    spine = "\n".join(f'<itemref idref="c{i}"/>' for i in range(len(names)))
    opf = f"""<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
 <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:identifier id="uid">urn:test:{title}</dc:identifier><dc:title>{title}</dc:title>
  <dc:creator>Ann Author</dc:creator><dc:language>{language}</dc:language>
  <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
 </metadata>
 <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
 {manifest}</manifest>
 <spine>{spine}</spine>
</package>"""
    links = "".join(
        f'<li><a href="{n}">{t}</a></li>' for n, (t, _) in zip(names, chapters, strict=True)
    )
    nav = f"""<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>{links}</ol></nav></body></html>"""
    entries = {
        "META-INF/container.xml": CONTAINER.encode(),
        "OEBPS/content.opf": opf.encode(),
        "OEBPS/nav.xhtml": nav.encode(),
    }
    for name, (heading, body) in zip(names, chapters, strict=True):
        entries[f"OEBPS/{name}"] = (
            '<?xml version="1.0" encoding="utf-8"?>\n'
            '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>'
            f"{heading}</title></head><body><section><h2>{heading}</h2>{body}</section>"
            "</body></html>"
        ).encode()
    entries.update(extra or {})
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), b"application/epub+zip")
        for name, data in entries.items():
            if name.removeprefix("OEBPS/") not in drop and name not in drop:
                archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
    return path


STORY = [
    ("Chapter One", "<p>It was a dark night. The old woman counted her pledges.</p>"
     "<p>Rodion went up the stairs; he rang the bell.</p>"),
    ("Chapter Two", "<p>Alyona Ivanovna opened the door a crack. <em>Who is it?</em></p>"),
]  # fmt: skip


@pytest.fixture
def small_epub(tmp_path: Path) -> Path:
    return make_epub(tmp_path / "small.epub", STORY)


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every message box the desktop app would show, as (title, text); none is shown and
    questions are answered Yes."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[tuple[str, str]] = []

    def capture(_parent: Any, title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        shown.append((title, text))
        return QMessageBox.StandardButton.Yes

    for kind in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, kind, capture)
    # saadi_desktop.ui.dialogs.messages builds its boxes (plain text) and calls exec()
    monkeypatch.setattr(
        QMessageBox, "exec", lambda box: capture(box, box.windowTitle(), box.text())
    )
    return shown
