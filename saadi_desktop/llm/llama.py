"""The default backend: llama.cpp in process (llama-cpp-python), greedy and grammar-constrained.

The prompt is rendered with the model's own chat template and tokenized here, so the share of it
that llama.cpp serves from its KV cache (the longest common prefix with the previous call) is
known exactly and logged.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import threading
import time
from collections.abc import Hashable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from saadi_desktop.llm.base import COPY_RUN, Completion, LLMError, Message, copy_runs
from saadi_desktop.llm.cpu import CpuBackendError, load_cpu
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
        try:
            with _quiet_stderr():
                load_cpu()  # a build with one library per CPU variant: the best safe one
        except (CpuBackendError, OSError) as error:
            raise LLMError(f"llama.cpp cannot run on this machine: {error}") from None
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
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
        max_tokens: int,
        avoid: Sequence[str] = (),
    ) -> Completion:
        tokens = self.render(messages)
        if len(tokens) + max_tokens > self.n_ctx:
            raise LLMError(
                f"the prompt ({len(tokens)} tokens) and its answer ({max_tokens}) do not fit "
                f"the model's context of {self.n_ctx} tokens"
            )
        if grammar is None and schema is not None:
            grammar = _schema_grammar(json.dumps(schema))
        self._interrupted.clear()
        self._perf_reset()
        started = time.perf_counter()
        try:
            cached = self._evaluate(tokens)
            prompt_ms = (time.perf_counter() - started) * 1000
            runs = copy_runs(
                self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False)
                for text in avoid
            )
            generated, finish, timings = self._generate(grammar, max_tokens, runs)
        except (RuntimeError, ValueError) as error:
            raise LLMError(f"{self.path.name}: generation failed ({error})") from None
        ms = (time.perf_counter() - started) * 1000
        text = self._llama.detokenize(generated).decode("utf-8", errors="replace")
        return Completion(
            text=text,
            prompt_tokens=len(tokens) - cached,
            cached_tokens=cached,
            generated_tokens=len(generated),
            ms=ms,
            truncated=finish == "length",
            copied=finish == "copied",
            timings={"prompt_ms": round(prompt_ms, 1), **timings, **self._perf()},
        )

    def _perf_reset(self) -> None:
        import llama_cpp

        llama_cpp.llama_perf_context_reset(self._llama._ctx.ctx)

    def _perf(self) -> dict[str, float]:
        """llama.cpp's own counters for the call: its time in prompt evaluation and in the
        forward passes of generation (the rest of the wall clock is sampling and Python)."""
        import llama_cpp

        data = llama_cpp.llama_perf_context(self._llama._ctx.ctx)
        return {
            "llama_prompt_ms": round(data.t_p_eval_ms, 1),
            "llama_prompt_tokens": float(data.n_p_eval),
            "llama_eval_ms": round(data.t_eval_ms, 1),
            "llama_eval_tokens": float(data.n_eval),
        }

    def _evaluate(self, tokens: list[int]) -> int:
        """Evaluate the prompt, reusing the KV cache for the longest prefix it shares with what
        is cached (llama.cpp re-evaluates at least the last token, for its logits). Returns the
        number of tokens served from the cache."""
        llama = self._llama
        cached = 0
        if self.reuse_prefix:
            cached = _common_prefix(list(llama.input_ids[: llama.n_tokens]), tokens)
        cached = min(cached, len(tokens) - 1)
        llama.n_tokens = cached  # eval() drops the cache from here on
        llama.eval(tokens[cached:])
        return cached

    def _generate(
        self, grammar: str | None, max_tokens: int, runs: set[tuple[Hashable, ...]]
    ) -> tuple[list[int], str, dict[str, float]]:
        """Greedy decoding with llama.cpp's repeat penalty; the grammar, if any, is checked the
        cheap way (:class:`_Grammar`). Stops as soon as the answer ends in one of ``runs``.
        Returns the tokens, "stop", "length" or "copied", and timings."""
        import llama_cpp
        import numpy as np

        llama = self._llama
        ctx, vocab = llama._ctx.ctx, llama_cpp.llama_model_get_vocab(llama._model.model)
        rules = _Grammar(vocab, grammar, llama._n_vocab) if grammar else None
        generated: list[int] = []
        decode_ms = sample_ms = 0.0
        finish = "length"
        try:
            for _ in range(max_tokens):
                if self._interrupted.is_set():
                    finish = "stop"
                    break
                started = time.perf_counter()
                logits = np.ctypeslib.as_array(
                    llama_cpp.llama_get_logits_ith(ctx, -1), shape=(llama._n_vocab,)
                ).copy()
                _penalize(logits, generated[-PENALTY_LAST_N:], self.repeat_penalty)
                token = rules.choose(logits) if rules else int(np.argmax(logits))
                sample_ms += (time.perf_counter() - started) * 1000
                if llama_cpp.llama_vocab_is_eog(vocab, token):
                    finish = "stop"
                    break
                generated.append(token)
                if tuple(generated[-COPY_RUN:]) in runs:
                    finish = "copied"
                    break
                started = time.perf_counter()
                llama.eval([token])
                decode_ms += (time.perf_counter() - started) * 1000
        finally:
            if rules:
                rules.free()
        timings = {"decode_ms": round(decode_ms, 1), "sample_ms": round(sample_ms, 1)}
        if rules:
            timings.update(grammar_ms=round(rules.ms, 1), grammar_full=float(rules.full))
        return generated, finish, timings

    def interrupt(self) -> None:
        """Stop generating at the next token (evaluating the prompt cannot be cut short)."""
        self._interrupted.set()


def _common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class _Grammar:
    """A GBNF grammar checked the cheap way, as llama.cpp's common sampler does: take the best
    token without the grammar, ask the grammar about that one token, and only when it refuses
    apply the grammar to the whole vocabulary (152k tokens) and take the best allowed one. The
    choice is the same as applying the grammar to every token first, by construction."""

    def __init__(self, vocab: Any, grammar: str, n_vocab: int) -> None:
        import llama_cpp

        self._c = llama_cpp
        self.sampler = llama_cpp.llama_sampler_init_grammar(vocab, grammar.encode(), b"root")
        if not self.sampler:
            raise ValueError("the answer's grammar does not parse")
        self.n_vocab = n_vocab
        self.one = (llama_cpp.llama_token_data * 1)()
        self.every: Any = None  # the whole vocabulary, made on the first refusal
        self.ms = 0.0
        self.full = 0  # refusals: times the whole vocabulary was checked

    def choose(self, logits: Any) -> int:
        import numpy as np

        started = time.perf_counter()
        token = int(np.argmax(logits))
        self.one[0] = self._c.llama_token_data(token, float(logits[token]), 0.0)
        if not np.isfinite(self._apply(self.one, 1)[0].logit):
            self.full += 1
            view = self._vocabulary()
            view["logit"] = logits
            self._apply(self.every, self.n_vocab)
            token = int(np.argmax(view["logit"]))
            if not np.isfinite(view["logit"][token]):
                raise ValueError("the grammar allows no token here")
        self._c.llama_sampler_accept(self.sampler, token)
        self.ms += (time.perf_counter() - started) * 1000
        return token

    def _apply(self, data: Any, size: int) -> Any:
        pointer = ctypes.cast(data, ctypes.POINTER(self._c.llama_token_data))
        array = self._c.llama_token_data_array(pointer, size, -1, False)
        self._c.llama_sampler_apply(self.sampler, ctypes.byref(array))
        return data

    def _vocabulary(self) -> Any:
        import numpy as np

        if self.every is None:
            self.every = (self._c.llama_token_data * self.n_vocab)()
        fields = [("id", np.int32), ("logit", np.float32), ("p", np.float32)]
        view = np.ctypeslib.as_array(self.every).view(np.dtype(fields))
        view["id"] = np.arange(self.n_vocab, dtype=np.int32)  # the grammar sampler may reorder
        view["p"] = 0.0
        return view

    def free(self) -> None:
        self._c.llama_sampler_free(self.sampler)


PENALTY_LAST_N = 64  # llama-cpp-python's window for the repeat penalty


def _penalize(logits: Any, recent: list[int], penalty: float) -> None:
    """llama.cpp's repeat penalty over the tokens generated so far (its sampler's window): a
    token seen recently has a positive logit divided, a negative one multiplied."""
    if penalty == 1.0 or not recent:
        return
    import numpy as np

    seen = np.unique(np.asarray(recent, dtype=np.int64))
    values = logits[seen]
    logits[seen] = np.where(values <= 0, values * penalty, values / penalty)


@lru_cache(maxsize=64)
def _schema_grammar(schema_json: str) -> str:
    """A JSON schema as GBNF, once per distinct schema (llama-cpp-python's converter)."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    return str(json_schema_to_gbnf(schema_json))


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
