"""Every bad file: one clear message naming the file, exit status 1, no traceback, no book left."""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BOOKS, STORY, make_epub

from saadi_desktop.books import archive
from saadi_desktop.cli import main

AES = "http://www.w3.org/2001/04/xmlenc#aes256-cbc"
FONT = "http://www.idpf.org/2008/embedding"


def encryption_xml(algorithm: str, target: str) -> bytes:
    return f"""<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
  xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
 <enc:EncryptedData><enc:EncryptionMethod Algorithm="{algorithm}"/>
  <enc:CipherData><enc:CipherReference URI="{target}"/></enc:CipherData></enc:EncryptedData>
</encryption>""".encode()


def empty(d: Path) -> Path:
    (d / "empty.epub").write_bytes(b"")
    return d / "empty.epub"


def random_epub(d: Path) -> Path:
    (d / "noise.epub").write_bytes(os.urandom(4096))
    return d / "noise.epub"


def zip_not_epub(d: Path) -> Path:
    with zipfile.ZipFile(d / "notes.epub", "w") as z:
        z.writestr("notes.txt", "just a zip")
    return d / "notes.epub"


def missing_spine_file(d: Path) -> Path:
    return make_epub(d / "missing.epub", STORY, drop={"chapter-2.xhtml"})


def drm_epub(d: Path) -> Path:
    xml = encryption_xml(AES, "OEBPS/chapter-1.xhtml")
    return make_epub(d / "drm.epub", STORY, extra={"META-INF/encryption.xml": xml})


def traversal_epub(d: Path) -> Path:
    return make_epub(d / "escape.epub", STORY, extra={"../../evil.txt": b"pwned"})


def zip_bomb(d: Path) -> Path:
    path = make_epub(d / "bomb.epub", STORY)
    with zipfile.ZipFile(path, "a") as z, z.open("OEBPS/fill.bin", "w", force_zip64=True) as entry:
        block = b"\0" * (1 << 20)
        for _ in range(archive.MAX_UNCOMPRESSED_BYTES // len(block) + 2):
            entry.write(block)
    return path


def scanned_pdf(d: Path) -> Path:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(3):
        writer.add_blank_page(width=595, height=842)
    with (d / "scan.pdf").open("wb") as handle:
        writer.write(handle)
    return d / "scan.pdf"


def locked_pdf(d: Path) -> Path:
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(BOOKS / "pdf" / "pg11_alices-adventures-in-wonderland_word2007.pdf")
    writer = PdfWriter()
    for page in reader.pages[:3]:
        writer.add_page(page)
    writer.encrypt(user_password="secret", owner_password="owner")
    buffer = io.BytesIO()
    writer.write(buffer)
    (d / "locked.pdf").write_bytes(buffer.getvalue())
    return d / "locked.pdf"


def truncated_pdf(d: Path) -> Path:
    data = (BOOKS / "pdf" / "pg11_alices-adventures-in-wonderland_word2007.pdf").read_bytes()
    (d / "cut.pdf").write_bytes(data[: len(data) // 2])
    return d / "cut.pdf"


def undecodable_text(d: Path) -> Path:
    (d / "garbage.txt").write_bytes(bytes(range(256)) * 64)
    return d / "garbage.txt"


def unsupported(d: Path) -> Path:
    (d / "letter.docx").write_bytes(b"\xd0\xcf\x11\xe0 a word document")
    return d / "letter.docx"


def folder(d: Path) -> Path:
    (d / "Novels.epub").mkdir()
    return d / "Novels.epub"


def nothing(d: Path) -> Path:
    return d / "gone.epub"


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "empty file": (empty, "empty"),
    "random bytes named .epub": (random_epub, "not a valid EPUB"),
    "zip that is not an EPUB": (zip_not_epub, "not an EPUB"),
    "spine names a missing file": (missing_spine_file, "missing"),
    "DRM-encrypted content": (drm_epub, "DRM"),
    "path-traversal entry": (traversal_epub, "unsafe entry name"),
    "zip bomb": (zip_bomb, "zip bomb"),
    "scanned PDF": (scanned_pdf, "no text layer"),
    "password-protected PDF": (locked_pdf, "password"),
    "truncated PDF": (truncated_pdf, "truncated"),
    "undecodable text": (undecodable_text, "not readable text"),
    "unsupported file type": (unsupported, "unsupported file type"),
    "a folder": (folder, "is a folder, not a book file"),
    "no file at the path": (nothing, "no such file"),
}


@pytest.mark.parametrize("case", CASES)
def test_bad_file_gives_one_clear_error_and_leaves_nothing(
    case: str,
    tmp_path: Path,
    library: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(archive, "MAX_UNCOMPRESSED_BYTES", 8 << 20)  # keeps the bomb test quick
    make, expected = CASES[case]
    source = make(tmp_path)
    before = sorted(tmp_path.rglob("*"))

    status = main(["import", str(source)])

    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith(f"saadi: error: {source.name}: ")
    assert expected.lower() in err.lower()
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not list(library.glob("*")) if library.exists() else True
    # parsing wrote nothing anywhere (no extracted entries, no "../evil.txt")
    assert sorted(tmp_path.rglob("*")) == before


def test_font_obfuscation_alone_is_fine(tmp_path: Path, library: Path) -> None:
    xml = encryption_xml(FONT, "OEBPS/fonts/a.otf")
    path = make_epub(tmp_path / "fonts.epub", STORY, extra={"META-INF/encryption.xml": xml})
    assert main(["import", str(path)]) == 0
    assert len(list(library.glob("*.saadi.db"))) == 1
