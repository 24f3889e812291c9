"""LLM backends behind one small protocol: llama.cpp in process (the default, with an embedded
model), any OpenAI-compatible server, and a scripted fake for tests."""

from __future__ import annotations

import json
from pathlib import Path

from saadi_desktop.llm.base import LLM, Completion, LLMError, Message

__all__ = ["LLM", "Completion", "LLMError", "Message", "open_llm", "remembered_model"]


def _settings_path() -> Path:
    from saadi_desktop.library import data_dir

    return data_dir() / "settings.json"


def remembered_model() -> str:
    """The model the user last chose ('' for the embedded default)."""
    try:
        return str(json.loads(_settings_path().read_text()).get("model", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def remember_model(spec: str) -> None:
    path = _settings_path()
    try:
        settings = json.loads(path.read_text()) if path.exists() else {}
    except (OSError, ValueError):
        settings = {}
    settings["model"] = spec
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2))


def open_llm(spec: str = "", **options: object) -> LLM:
    """Open a model: '' for the embedded default, a GGUF path, or an http(s) server URL."""
    if spec.startswith(("http://", "https://")):
        from saadi_desktop.llm.openai_http import OpenAICompatibleLLM

        return OpenAICompatibleLLM(spec)
    from saadi_desktop.llm.llama import LlamaCppLLM

    if spec:
        return LlamaCppLLM(Path(spec).expanduser(), **options)  # type: ignore[arg-type]
    from saadi_desktop.library import data_dir
    from saadi_desktop.llm.default_model import default_model_path

    return LlamaCppLLM(default_model_path(data_dir() / "models"), **options)  # type: ignore[arg-type]
