"""Defensive checks on an EPUB's zip container, run before any parser touches it.

An EPUB is untrusted input: entry names may try to escape a folder, entries may inflate far past
their stored size, and DRM-encrypted content cannot be read at all. All of that is found here by
reading the archive as data (nothing is extracted to disk, nothing is executed).
"""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from saadi_desktop.books.model import BookFormatError

MAX_UNCOMPRESSED_BYTES = 512 * 1024 * 1024  # a generous ceiling: a 26 MB illustrated EPUB is large
MAX_ENTRIES = 20_000
_READ_BLOCK = 1 << 20
_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}

# Font obfuscation (IDPF and Adobe) scrambles embedded fonts only; the text stays readable.
_FONT_OBFUSCATION = {
    "http://www.idpf.org/2008/embedding",
    "http://ns.adobe.com/pdf/enc#RC",
}
_ENC_NS = "{http://www.w3.org/2001/04/xmlenc#}"


def check_epub_archive(path: Path) -> None:
    """Refuse archives that are not EPUBs, are unsafe to open, or are DRM-encrypted."""
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_ENTRIES:
                raise BookFormatError(path, f"the archive has too many entries ({len(infos)})")
            for info in infos:
                _check_name(path, info.filename)
            names = {info.filename for info in infos}
            if "META-INF/container.xml" not in names:
                raise BookFormatError(
                    path, "a zip archive but not an EPUB (META-INF/container.xml is missing)"
                )
            _check_inflated_size(path, archive, infos)
            if "META-INF/encryption.xml" in names:
                _check_encryption(path, archive.read("META-INF/encryption.xml"))
    except zipfile.BadZipFile as error:
        raise BookFormatError(path, f"not a valid EPUB (damaged zip archive: {error})") from None
    except (OSError, EOFError, RuntimeError) as error:
        raise BookFormatError(path, f"not a valid EPUB (the zip cannot be read: {error})") from None


def _check_name(path: Path, name: str) -> None:
    """Entry names must stay inside the archive's own folder tree."""
    normal = posixpath.normpath(name.replace("\\", "/"))
    if (
        name.startswith(("/", "\\"))
        or (len(name) > 1 and name[1] == ":")
        or normal == ".."
        or normal.startswith("../")
        or "\x00" in name
    ):
        raise BookFormatError(path, f"unsafe entry name in the archive: {name!r}")


def _check_inflated_size(
    path: Path, archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo]
) -> None:
    """Inflate every entry in a stream, counting bytes, so a zip bomb is stopped at the ceiling
    whatever sizes its headers claim."""
    if sum(info.file_size for info in infos) > MAX_UNCOMPRESSED_BYTES:
        raise BookFormatError(path, _too_large())
    total = 0
    for info in infos:
        if info.is_dir():
            continue
        if info.compress_type not in _METHODS:
            raise BookFormatError(path, f"{info.filename}: unsupported zip compression method")
        with archive.open(info) as entry:
            while block := entry.read(_READ_BLOCK):
                total += len(block)
                if total > MAX_UNCOMPRESSED_BYTES:
                    raise BookFormatError(path, _too_large())


def _too_large() -> str:
    limit = MAX_UNCOMPRESSED_BYTES // (1024 * 1024)
    return f"the archive inflates past {limit} MB (a zip bomb?); refusing to open it"


def _check_encryption(path: Path, xml: bytes) -> None:
    """Content encrypted with anything but font obfuscation is DRM: refuse, naming it."""
    try:
        root = ET.fromstring(xml)
    except ET.ParseError:
        raise BookFormatError(path, "META-INF/encryption.xml is damaged") from None
    for data in root.iter(f"{_ENC_NS}EncryptedData"):
        method = data.find(f"{_ENC_NS}EncryptionMethod")
        algorithm = method.get("Algorithm", "") if method is not None else ""
        if algorithm not in _FONT_OBFUSCATION:
            raise BookFormatError(
                path, "the book is DRM-protected (its content is encrypted) and cannot be read"
            )
