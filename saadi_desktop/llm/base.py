"""The small protocol every LLM backend speaks: chat messages in, text and its cost out."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
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
    copied: bool = False  # stopped early: the answer was repeating one of the texts to avoid
    # Where the time went, when the backend can tell (llama.cpp's own counters and ours):
    # prompt_ms, decode_ms (generation's forward passes), sample_ms, grammar_ms, grammar_full.
    timings: Mapping[str, float] = field(default_factory=dict)


class LLMError(Exception):
    """The model cannot be used (missing, damaged, unreachable); the message says which and why."""


# An answer that repeats this many tokens in a row of a text it should not copy is copying it.
COPY_RUN = 32


def copy_runs(sequences: Iterable[Sequence[Hashable]]) -> set[tuple[Hashable, ...]]:
    """Every run of COPY_RUN items in a row of each sequence (a backend's tokens, a test
    model's words): an answer that ends in one of them is copying."""
    return {tuple(s[i : i + COPY_RUN]) for s in sequences for i in range(len(s) - COPY_RUN + 1)}


class LLM(Protocol):
    """A chat model. ``schema`` is a JSON schema, ``grammar`` a GBNF grammar the output must
    follow (constrained decoding); ``avoid``, texts the answer should not copy: a backend may stop
    as soon as the answer repeats COPY_RUN tokens in a row of one (``copied``), so that no time
    goes into finishing a copy. A backend that cannot do either ignores it, and the caller's
    parser stays the judge."""

    @property
    def model_id(self) -> str: ...

    def complete(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),
    ) -> Completion: ...

    def count_tokens(self, text: str) -> int: ...

    def interrupt(self) -> None:
        """Cut the call in progress short (from another thread). Its answer is then not to be
        used: the caller has been told to stop. A backend that cannot stop a call ignores it."""
        ...
