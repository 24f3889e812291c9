"""The small protocol every LLM backend speaks: chat messages in, text and its cost out."""

from __future__ import annotations

from dataclasses import dataclass
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


class LLMError(Exception):
    """The model cannot be used (missing, damaged, unreachable); the message says which and why."""


class LLM(Protocol):
    """A chat model. ``schema`` is a JSON schema the output must follow (constrained decoding)."""

    @property
    def model_id(self) -> str: ...

    def complete(
        self, messages: list[Message], *, schema: dict[str, Any] | None, max_tokens: int
    ) -> Completion: ...

    def count_tokens(self, text: str) -> int: ...

    def interrupt(self) -> None:
        """Cut the call in progress short (from another thread). Its answer is then not to be
        used: the caller has been told to stop. A backend that cannot stop a call ignores it."""
        ...
