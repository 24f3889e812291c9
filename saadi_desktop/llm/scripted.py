"""A scripted LLM for tests and demos: replies are queued in advance (like ``llm``'s MockModel).

It records every prompt it was given, counts tokens as whitespace words, and models a KV cache:
the words shared with the previous prompt's prefix are reported as cached.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from saadi_desktop.llm.base import COPY_RUN, Completion, LLMError, Message, copy_runs

Reply = str | dict[str, Any] | Callable[[list[Message]], str]


class ScriptedLLM:
    def __init__(self, model_id: str = "scripted", default: Reply | None = None) -> None:
        self._model_id = model_id
        self.replies: deque[Reply] = deque()
        self.default = default
        self.prompts: list[list[Message]] = []
        self.grammars: list[str | None] = []
        self._previous: list[str] = []

    @property
    def model_id(self) -> str:
        return self._model_id

    def enqueue(self, *replies: Reply) -> ScriptedLLM:
        """Queue replies: a string as is, a dict as JSON, a callable computed from the prompt."""
        self.replies.extend(replies)
        return self

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def interrupt(self) -> None:
        """A call here cannot be cut short; the caller stops after it."""

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),
    ) -> Completion:
        self.prompts.append(messages)
        self.grammars.append(grammar)
        if self.replies:
            reply = self.replies.popleft()
        elif self.default is not None:
            reply = self.default
        else:
            raise LLMError("the scripted model has no reply queued")
        text = reply(messages) if callable(reply) else reply
        if isinstance(text, dict):
            text = json.dumps(text)
        words = " ".join(m["content"] for m in messages).split()
        cached = 0
        for mine, theirs in zip(words, self._previous, strict=False):
            if mine != theirs:
                break
            cached += 1
        self._previous = words
        generated = text.split()
        runs = copy_runs(t.split() for t in avoid)
        ends = range(COPY_RUN, len(generated) + 1)  # like the real backend: stop at a copied run
        copied = next((i for i in ends if tuple(generated[i - COPY_RUN : i]) in runs), 0)
        if copied:
            generated = generated[:copied]
            text = " ".join(generated)
        return Completion(
            text=" ".join(generated[:max_tokens]) if len(generated) > max_tokens else text,
            prompt_tokens=len(words) - cached,
            cached_tokens=cached,
            generated_tokens=min(len(generated), max_tokens),
            ms=0.0,
            truncated=len(generated) > max_tokens,
            copied=bool(copied),
        )
