"""Small pieces of the LLM layer and of indexing that need no model: templates, Ctrl-C."""

from __future__ import annotations

import os
import signal

import pytest

from saadi_desktop.indexing import _StopOnInterrupt
from saadi_desktop.llm.llama import CHATML
from saadi_desktop.llm.scripted import ScriptedLLM


def test_chatml_fallback_renders_a_system_user_assistant_prompt() -> None:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    formatter = Jinja2ChatFormatter(template=CHATML, eos_token="<|im_end|>", bos_token="")
    prompt = formatter(
        messages=[{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]
    ).prompt
    assert (
        prompt
        == "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\n"
    )


def test_ctrl_c_stops_the_builder_and_interrupts_the_model_call() -> None:
    interrupted: list[bool] = []

    class Model(ScriptedLLM):
        def interrupt(self) -> None:
            interrupted.append(True)

    before = signal.getsignal(signal.SIGINT)  # SIG_IGN when started in the background
    stop = _StopOnInterrupt(Model())
    with stop:
        assert not stop()
        os.kill(os.getpid(), signal.SIGINT)  # first Ctrl-C: a request, not an exception
        assert stop() and interrupted == [True]
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)  # a second one aborts at once
    assert signal.getsignal(signal.SIGINT) is before


def test_scripted_model_reports_the_shared_prefix_as_cached() -> None:
    llm = ScriptedLLM(default="{}")
    first = llm.complete([{"role": "user", "content": "a b c d"}], schema=None, max_tokens=5)
    second = llm.complete([{"role": "user", "content": "a b c e f"}], schema=None, max_tokens=5)
    assert (first.cached_tokens, second.cached_tokens, second.prompt_tokens) == (0, 3, 2)
