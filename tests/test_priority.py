"""Indexing yields to the reader (``llm/priority.py``): the thread that reads a book, and the
threads it starts (llama.cpp's OpenMP team), run in the idle CPU class; the thread that asked
keeps its own class; and the index is the same, call for call, at either priority."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import make_epub
from test_builder import dump, smart_reply, story

from saadi_desktop import indexing
from saadi_desktop.cli import main
from saadi_desktop.library import import_book
from saadi_desktop.llm.base import Message
from saadi_desktop.llm.priority import ENV, in_background, yield_to_reader
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.tasks import Cancelled

pytestmark = pytest.mark.skipif(
    not hasattr(os, "SCHED_IDLE"), reason="the idle CPU class is Linux's; elsewhere nothing changes"
)


def on_a_thread(work: Callable[[], Any]) -> Any:
    """Run ``work`` on a thread of its own (a lowered thread stays lowered) and return its value."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(work()))
    thread.start()
    thread.join()
    return result[0]


def test_the_thread_and_the_threads_it_starts_drop_to_the_idle_class() -> None:
    def work() -> dict[str, Any]:
        seen = {"done": yield_to_reader(), "self": os.sched_getscheduler(0)}
        seen["started later"] = on_a_thread(lambda: os.sched_getscheduler(0))
        return seen

    assert on_a_thread(work) == {
        "done": "idle",
        "self": os.SCHED_IDLE,
        "started later": os.SCHED_IDLE,
    }
    assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the asking thread is untouched


def test_normal_priority_can_be_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "normal")
    assert on_a_thread(lambda: (yield_to_reader(), os.sched_getscheduler(0))) == (
        "normal",
        os.SCHED_OTHER,
    )


def test_in_background_returns_the_value_and_raises_the_error_of_the_work() -> None:
    assert in_background(lambda: os.sched_getscheduler(0)) == os.SCHED_IDLE

    def stopped() -> None:
        raise Cancelled()

    with pytest.raises(Cancelled):
        in_background(stopped)
    assert os.sched_getscheduler(0) == os.SCHED_OTHER


def index_with_recorded_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home: str, capsys: pytest.CaptureFixture[str]
) -> tuple[list[int], dict[str, Any], dict[str, Any]]:
    """``saadi index`` of a fresh six-chapter story with the scripted model, in library ``home``:
    the CPU class of every model call, the state built, and the run's summary line."""
    monkeypatch.setenv("SAADI_HOME", str(tmp_path / home))
    path = import_book(make_epub(tmp_path / f"{home}.epub", story(6)), chunk_words=30).info.path
    classes: list[int] = []

    def reply(messages: list[Message]) -> str:
        classes.append(os.sched_getscheduler(0))  # on the thread the model runs on
        return smart_reply(messages)

    monkeypatch.setattr(indexing, "open_llm", lambda spec: ScriptedLLM(default=reply))
    capsys.readouterr()
    assert main(["index", str(path), "--json"]) == 0
    done = json.loads(capsys.readouterr().out.splitlines()[-1])
    return classes, dump(path), done


def test_saadi_index_reads_in_the_idle_class_and_builds_the_same_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    low, low_state, low_done = index_with_recorded_classes(tmp_path, monkeypatch, "low", capsys)
    monkeypatch.setenv(ENV, "normal")
    normal, normal_state, normal_done = index_with_recorded_classes(
        tmp_path, monkeypatch, "normal", capsys
    )
    assert set(low) == {os.SCHED_IDLE} and set(normal) == {os.SCHED_OTHER}
    assert len(low) == len(normal) == normal_done["calls"] > 18  # 18 passages and their folds
    assert low_state == normal_state and low_state["builder"] == [(18, 1)]
    assert {k: v for k, v in low_done.items() if k != "seconds"} == {
        k: v for k, v in normal_done.items() if k != "seconds"
    }
    assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the test's own thread is untouched
