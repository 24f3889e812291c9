"""The CPU kernels llama.cpp runs: the best safe variant for this machine's CPU.

The README builds llama.cpp with every x86 CPU variant as a loadable library
(``GGML_BACKEND_DL`` + ``GGML_CPU_ALL_VARIANTS``), so one build runs on any x86-64 machine with
the kernels its CPU supports (AVX2, AVX-512, VNNI…). llama.cpp's own choice would take the
highest-scoring variant, which on a Sapphire Rapids CPU is the AMX one — and the AMX kernels
crashed on this project's test machine (a general protection fault on the first prompt). So the
choice is made here: each variant library scores the running CPU (0 when it cannot run there),
the variants that use AMX are left out, and the best of the rest is loaded before the model.

A build with the CPU kernels linked in (no variant libraries) needs nothing: :func:`load_cpu`
does nothing there.
"""

from __future__ import annotations

import atexit
import ctypes
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

# Variants whose kernels include AMX tiles (llama.cpp's ggml/src/CMakeLists.txt).
AMX_VARIANTS = {"sapphirerapids"}
PREFIX = "libggml-cpu-"

_lock = threading.Lock()
_loaded: CpuVariant | None = None


class CpuBackendError(RuntimeError):
    pass


@dataclass(frozen=True)
class CpuVariant:
    name: str  # 'icelake', or 'built-in' for a build without variant libraries
    path: Path | None
    score: int


def variant_libraries(directory: Path) -> dict[str, Path]:
    """The CPU variant libraries of a build: {'haswell': …/libggml-cpu-haswell.so, …}."""
    return {
        path.name[len(PREFIX) :].split(".so")[0]: path
        for path in sorted(directory.glob(f"{PREFIX}*.so"))
    }


def score(path: Path) -> int:
    """A variant library's own score for the running CPU (0: it cannot run here)."""
    library = ctypes.CDLL(str(path))
    function = getattr(library, "ggml_backend_score", None)
    if function is None:
        return 0
    function.restype = ctypes.c_int
    return int(function())


def best_variant(libraries: dict[str, Path]) -> CpuVariant:
    """The highest-scoring variant that runs on this CPU, AMX variants left out."""
    scored = [
        CpuVariant(name, path, score(path))
        for name, path in libraries.items()
        if name not in AMX_VARIANTS
    ]
    runnable = [v for v in scored if v.score > 0]
    if not runnable:
        names = ", ".join(sorted(libraries)) or "none"
        raise CpuBackendError(f"no llama.cpp CPU variant runs on this CPU (variants: {names})")
    return max(runnable, key=lambda v: (v.score, v.name))


def lib_dir() -> Path:
    import llama_cpp

    _close_devnull_at_exit()
    return Path(llama_cpp.__file__).parent / "lib"


@cache
def _close_devnull_at_exit() -> None:
    """llama-cpp-python opens os.devnull twice when it is imported and never closes it, so
    Python warns of two unclosed files at every exit: close them then."""
    from llama_cpp import _utils

    for name in ("outnull_file", "errnull_file"):
        handle = getattr(_utils, name, None)
        if handle is not None:
            atexit.register(handle.close)


def variant_dirs() -> list[Path]:
    """Where a build keeps its variant libraries: llama-cpp-python's wheel installs them in a
    ``bin`` folder beside the package; a hand-made build may put them in ``llama_cpp/lib``."""
    return [lib_dir().parent.parent / "bin", lib_dir()]


def load_cpu() -> CpuVariant:
    """Make sure llama.cpp has a CPU backend before a model loads; returns what it runs.
    Idempotent and thread-safe."""
    global _loaded
    with _lock:
        if _loaded is not None:
            return _loaded
        directory = lib_dir()  # importing llama_cpp loads libllama and libggml
        libraries = {k: v for d in variant_dirs() for k, v in variant_libraries(d).items()}
        if not libraries:
            _loaded = CpuVariant("built-in", None, 0)
            return _loaded
        ggml = ctypes.CDLL(str(_loaded_ggml(directory)))
        variant = best_variant(libraries)
        ggml.ggml_backend_load.restype = ctypes.c_void_p
        ggml.ggml_backend_load.argtypes = [ctypes.c_char_p]
        if not ggml.ggml_backend_load(str(variant.path).encode()):
            raise CpuBackendError(f"llama.cpp could not load its CPU kernels ({variant.path})")
        _loaded = variant
        return variant


def _loaded_ggml(directory: Path) -> Path:
    """The libggml file libllama was linked against: the wheel holds copies under several
    names (libggml.so, libggml.so.0…), and opening another copy would give a second registry
    that llama.cpp never sees."""
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        maps = ""
    for line in maps.splitlines():
        path = line.split(maxsplit=5)[-1]
        if Path(path).name.startswith("libggml.so") and Path(path).parent == directory:
            return Path(path)
    return directory / "libggml.so.0"
