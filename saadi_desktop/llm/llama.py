"""The default backend: llama.cpp in process (llama-cpp-python), greedy and grammar-constrained.

The prompt is rendered with the model's own chat template and tokenized here, so the share of it
that llama.cpp serves from its KV cache (the longest common prefix with the previous call) is
known exactly and logged.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from saadi_desktop.llm.base import Completion, LLMError, Message
from saadi_desktop.llm.gguf import check_gguf

# llama.cpp's OpenMP threads spin while they wait by default. On a laptop that also runs the GUI
# (or anything else) spinning threads starve each other: measured here, 29 tokens took 15 s
# instead of 4.7 s while one other busy process shared the two cores. Passive waiting costs a
# little on an idle machine and saves everything on a busy one. It must be set before llama.cpp's
# OpenMP runtime loads, hence at import of this module.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# ChatML: the right fallback for a GGUF that carries no chat template of its own.
CHATML = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}"
    "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


class LlamaCppLLM:
    """A GGUF model run by llama.cpp on this machine."""

    def __init__(
        self,
        path: Path,
        *,
        n_ctx: int = 8192,
        n_threads: int | None = None,
        repeat_penalty: float = 1.1,
        reuse_prefix: bool = True,
    ) -> None:
        check_gguf(path)
        from llama_cpp import Llama
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        try:
            with _quiet_stderr():
                self._llama = Llama(
                    model_path=str(path),
                    n_ctx=n_ctx,
                    n_threads=n_threads or os.cpu_count() or 2,
                    n_batch=512,
                    seed=0,
                    verbose=False,
                )
        except (ValueError, RuntimeError, OSError) as error:
            raise LLMError(f"{path.name}: llama.cpp cannot load this model ({error})") from None
        self.path = path
        self.n_ctx = n_ctx
        self._interrupted = threading.Event()
        self.repeat_penalty = repeat_penalty
        self.reuse_prefix = reuse_prefix
        metadata: dict[str, str] = self._llama.metadata
        self.template_source = "gguf" if "tokenizer.chat_template" in metadata else "chatml"
        eos = self._token_text(metadata.get("tokenizer.ggml.eos_token_id"))
        self._formatter = Jinja2ChatFormatter(
            template=metadata.get("tokenizer.chat_template", CHATML),
            eos_token=eos,
            bos_token=self._token_text(metadata.get("tokenizer.ggml.bos_token_id")),
        )
        self._stop = [s for s in (eos, "<|im_end|>", "<|endoftext|>") if s]
        self._model_id = f"{path.name}:{path.stat().st_size}"

    @property
    def model_id(self) -> str:
        return self._model_id

    def _token_text(self, token_id: str | None) -> str:
        if token_id is None or int(token_id) < 0:
            return ""
        return str(self._llama._model.token_get_text(int(token_id)))

    def render(self, messages: list[Message]) -> list[int]:
        prompt = self._formatter(messages=list(messages)).prompt  # type: ignore[arg-type]
        tokens: list[int] = self._llama.tokenize(
            prompt.encode("utf-8"), add_bos=False, special=True
        )
        return tokens

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def complete(
        self, messages: list[Message], *, schema: dict[str, Any] | None, max_tokens: int
    ) -> Completion:
        tokens = self.render(messages)
        if len(tokens) + max_tokens > self.n_ctx:
            raise LLMError(
                f"the prompt ({len(tokens)} tokens) and its answer ({max_tokens}) do not fit "
                f"the model's context of {self.n_ctx} tokens"
            )
        if not self.reuse_prefix:
            self._llama.reset()  # type: ignore[no-untyped-call]
        cached = _common_prefix(list(self._llama._input_ids), tokens)
        cached = min(cached, len(tokens) - 1)  # llama.cpp re-evaluates the last prompt token
        from llama_cpp import StoppingCriteriaList

        self._interrupted.clear()
        started = time.perf_counter()
        try:
            result: Any = self._llama.create_completion(
                prompt=tokens,
                max_tokens=max_tokens,
                temperature=0.0,
                top_k=1,
                repeat_penalty=self.repeat_penalty,
                seed=0,
                stop=self._stop,
                grammar=_grammar(json.dumps(schema)) if schema else None,
                stopping_criteria=StoppingCriteriaList([self._stop_requested]),
            )
        except (RuntimeError, ValueError) as error:
            raise LLMError(f"{self.path.name}: generation failed ({error})") from None
        ms = (time.perf_counter() - started) * 1000
        choice = result["choices"][0]
        return Completion(
            text=choice["text"],
            prompt_tokens=len(tokens) - max(cached, 0),
            cached_tokens=max(cached, 0),
            generated_tokens=int(result["usage"]["completion_tokens"]),
            ms=ms,
            truncated=choice.get("finish_reason") == "length",
        )

    def interrupt(self) -> None:
        """Stop generating at the next token (evaluating the prompt cannot be cut short)."""
        self._interrupted.set()

    def _stop_requested(self, _tokens: Any, _logits: Any) -> bool:
        return self._interrupted.is_set()


def _common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@lru_cache(maxsize=64)
def _grammar(schema_json: str) -> Any:
    """Compile a JSON schema to a GBNF grammar once per distinct schema."""
    from llama_cpp.llama_grammar import LlamaGrammar

    with _quiet_stderr():
        return LlamaGrammar.from_json_schema(schema_json, verbose=False)


@contextlib.contextmanager
def _quiet_stderr() -> Any:
    """llama.cpp prints load chatter straight to fd 2; keep the user's terminal clean."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
