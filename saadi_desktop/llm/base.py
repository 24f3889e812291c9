"""The small protocol every LLM backend speaks: chat messages in, text and its cost out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict


class Message(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class Completion:
    """One call's output and what it cost."""

    text: str
    prompt_tokens: int  # evaluated for this call (not served from the KV cache)
    cached_tokens: int  # reused from the previous call's prefix
    generated_tokens: int
    ms: float
    truncated: bool = False  # the output token limit was reached
    # Where the time went, when the backend can tell (llama.cpp's own counters and ours):
    # prompt_ms, decode_ms (generation's forward passes), sample_ms, grammar_ms, grammar_full.
    timings: Mapping[str, float] = field(default_factory=dict)


class LLMError(Exception):
    """The model cannot be used (missing, damaged, unreachable); the message says which and why."""


class LLM(Protocol):
    """A chat model. ``schema`` is a JSON schema, ``grammar`` a GBNF grammar the output must
    follow (constrained decoding); a backend that cannot apply a grammar ignores it, and the
    caller's parser stays the judge."""

    @property
    def model_id(self) -> str: ...

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
    ) -> Completion: ...

    def count_tokens(self, text: str) -> int: ...

    def interrupt(self) -> None:
        """Cut the call in progress short (from another thread). Its answer is then not to be
        used: the caller has been told to stop. A backend that cannot stop a call ignores it."""
        ...
