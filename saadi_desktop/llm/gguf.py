"""Checks that a model file is a whole GGUF before any work starts."""

from __future__ import annotations

import struct
from pathlib import Path

from saadi_desktop.llm.base import LLMError

_MAGIC = b"GGUF"


def check_gguf(path: Path) -> None:
    """Raise :class:`LLMError` naming the file when it is missing, empty or not a GGUF."""
    if not path.exists():
        raise LLMError(f"{path}: no such model file")
    if not path.is_file():
        raise LLMError(f"{path}: not a file")
    try:
        with path.open("rb") as handle:
            header = handle.read(24)
    except OSError as error:
        raise LLMError(f"{path.name}: cannot be read ({error.strerror})") from None
    if len(header) < 24 or header[:4] != _MAGIC:
        raise LLMError(f"{path.name}: not a GGUF model file (wrong signature)")
    version, tensors = struct.unpack("<IQ", header[4:16])
    if version not in (2, 3) or tensors == 0:
        raise LLMError(f"{path.name}: unsupported or damaged GGUF header (version {version})")
