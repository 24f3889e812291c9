"""Any OpenAI-compatible chat server (llama.cpp's server, vLLM, Ollama): same builder loop, the
backend is HTTP. Uses only the standard library; the server is the user's choice, so this is the
one backend that opens a network connection."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from saadi_desktop.llm.base import Completion, LLMError, Message


class OpenAICompatibleLLM:
    def __init__(self, base_url: str, model: str = "", *, timeout: float = 600.0) -> None:
        self.base_url = base_url.rstrip("/")
        if not self.base_url.endswith("/v1"):
            self.base_url += "/v1"
        self.model = model or os.environ.get("SAADI_SERVER_MODEL", "") or self._first_model()
        self.timeout = timeout
        self.path = self.base_url

    @property
    def model_id(self) -> str:
        return f"{self.model}@{self.base_url}"

    def _request(self, path: str, body: dict[str, Any] | None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            headers={"Content-Type": "application/json"}
            | ({"Authorization": f"Bearer {key}"} if (key := os.environ.get("SAADI_API_KEY"))
               else {}),
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=getattr(self, "timeout", 30)) as reply:
                return json.loads(reply.read())
        except (urllib.error.URLError, TimeoutError, ValueError) as error:
            raise LLMError(f"the model server at {self.base_url} failed: {error}") from None

    def _first_model(self) -> str:
        models = self._request("/models", None).get("data") or []
        if not models:
            raise LLMError(f"the model server at {self.base_url} lists no models")
        return str(models[0]["id"])

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)  # servers differ in tokenize endpoints; an estimate

    def interrupt(self) -> None:
        """A call here cannot be cut short; the caller stops after it."""

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),  # a server cannot be stopped mid-copy: the parser judges
    ) -> Completion:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": 0.0,
            "seed": 0,
        }
        if schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": schema, "strict": True},
            }
        if grammar is not None:
            body["grammar"] = grammar  # llama.cpp's server applies it; others ignore the field
        started = time.perf_counter()
        reply = self._request("/chat/completions", body)
        ms = (time.perf_counter() - started) * 1000
        try:
            choice = reply["choices"][0]
            usage = reply.get("usage") or {}
            cached = int((usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
            return Completion(
                text=choice["message"]["content"] or "",
                prompt_tokens=int(usage.get("prompt_tokens", 0)) - cached,
                cached_tokens=cached,
                generated_tokens=int(usage.get("completion_tokens", 0)),
                ms=ms,
                truncated=choice.get("finish_reason") == "length",
            )
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise LLMError(f"unexpected reply from {self.base_url}: {error}") from None
