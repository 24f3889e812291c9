"""Which llama.cpp CPU kernels run: the best variant this CPU can run, never the AMX one."""

from __future__ import annotations

from pathlib import Path

import pytest

from saadi_desktop.llm import cpu


def _libraries(tmp_path: Path, names: list[str]) -> dict[str, Path]:
    for name in names:
        (tmp_path / f"libggml-cpu-{name}.so").write_bytes(b"")
    (tmp_path / "libggml-base.so").write_bytes(b"")  # not a variant
    return cpu.variant_libraries(tmp_path)


def test_variant_libraries_are_named_by_their_cpu(tmp_path: Path) -> None:
    found = _libraries(tmp_path, ["x64", "haswell", "icelake"])
    assert sorted(found) == ["haswell", "icelake", "x64"]
    assert found["icelake"].name == "libggml-cpu-icelake.so"


def test_the_best_runnable_variant_wins_and_amx_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scores = {"x64": 1, "haswell": 60, "icelake": 900, "sapphirerapids": 2000, "zen4": 0}
    monkeypatch.setattr(cpu, "score", lambda path: scores[path.name[12:-3]])
    best = cpu.best_variant(_libraries(tmp_path, list(scores)))
    assert best.name == "icelake"  # sapphirerapids (AMX) scores higher but crashes; zen4 can't run


def test_no_runnable_variant_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cpu, "score", lambda path: 0)
    with pytest.raises(cpu.CpuBackendError, match=r"no llama\.cpp CPU variant runs on this CPU"):
        cpu.best_variant(_libraries(tmp_path, ["icelake", "zen4"]))


def test_the_installed_build_has_a_cpu_backend_without_amx() -> None:
    """On the README's build: the variant loaded scores this CPU above 0 and is not the AMX
    one. On a build with the kernels linked in, nothing needs loading."""
    variant = cpu.load_cpu()
    libraries = {k: v for d in cpu.variant_dirs() for k, v in cpu.variant_libraries(d).items()}
    if libraries:
        assert variant.name in libraries and variant.name not in cpu.AMX_VARIANTS
        assert variant.score == cpu.score(libraries[variant.name]) > 0
    else:
        assert variant.name == "built-in"
    assert cpu.load_cpu() is variant  # once per process
