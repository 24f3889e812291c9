"""Deep search: the model reduces a pool of passages in windows that fit its context."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from conftest import CRIME_EPUB

from saadi_desktop.library import import_book
from saadi_desktop.llm.base import Message
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.search import Searcher, open_searcher
from saadi_desktop.search.rerank import Reducer, deep_search, plan_route, seconds_per_token
from saadi_desktop.store import BookDB


@pytest.fixture(scope="module")
def crime(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SAADI_HOME", str(home))
        path = import_book(CRIME_EPUB).info.path
    with BookDB.open(path) as db:
        return open_searcher(db)


def passages_of(messages: list[Message]) -> list[str]:
    user = messages[-1]["content"]
    body = user.split("PASSAGES:\n", 1)[1].split("\n---\n")[0]
    return [p.split("\n", 1)[1] for p in re.split(r"(?m)^(?=\[\d+\]\n)", body) if p.strip()]


def judge(word: str) -> ScriptedLLM:
    """A fake model that prefers passages saying ``word`` most often (ties: earlier first)."""

    def reply(messages: list[Message]) -> str:
        texts = passages_of(messages)
        keep = int(re.search(r"at most (\d+)\.", messages[-1]["content"]).group(1))  # type: ignore[union-attr]
        order = sorted(range(len(texts)), key=lambda n: (-texts[n].lower().count(word), n))
        return json.dumps({"passages": [n + 1 for n in order[:keep]]})

    llm = ScriptedLLM(default=reply)
    llm.n_ctx = 4096  # type: ignore[attr-defined]
    return llm


def count(searcher: Searcher, index: int, word: str) -> int:
    return searcher.chunk_texts[index].lower().count(word)


def test_rerank_finds_the_passage_the_judge_prefers_and_every_prompt_fits(
    crime: Searcher,
) -> None:
    llm = judge("lizaveta")
    found, reduction = deep_search(crime, llm, "Lizaveta axe", route="rerank", k=5)
    pool = reduction.rounds[0]
    assert len(pool) == 50
    assert sorted(reduction.ranking) == sorted(pool)  # a reordering of the pool, nothing lost
    best = max(pool, key=lambda i: (count(crime, i, "lizaveta"), -pool.index(i)))
    assert found.results[0].seq == crime.corpus.chunks[best].seq
    sizes = [len(r) for r in reduction.rounds]
    assert all(b <= a for a, b in itertools.pairwise(sizes))  # each round shrinks
    assert len(found.results) == 5
    for prompt in llm.prompts:
        assert llm.count_tokens(" ".join(m["content"] for m in prompt)) <= 4096
    assert reduction.cost.calls == len(llm.prompts) and reduction.cost.failed_windows == 0


def test_the_plan_is_an_upper_bound_of_the_cost(crime: Searcher) -> None:
    llm = judge("raskolnikov")
    plan = plan_route(crime, llm, "Raskolnikov bridge", route="rerank")
    _, reduction = deep_search(crime, llm, "Raskolnikov bridge", route="rerank")
    cost = reduction.cost
    assert plan.calls >= cost.calls and plan.rounds >= len(reduction.rounds)
    assert plan.prompt_tokens >= cost.prompt_tokens + cost.cached_tokens


def test_full_scan_reads_only_up_to_the_limit(crime: Searcher) -> None:
    llm = judge("sonia")
    until = crime.corpus.chunks[60].start
    _, reduction = deep_search(crime, llm, "Sonia", route="scan", until=until)
    assert reduction.rounds[0] == list(range(61))  # book order, nothing after the limit
    later = {crime.chunk_texts[i] for i in range(61, len(crime.chunk_texts))}
    seen = {p for prompt in llm.prompts for p in passages_of(prompt)}
    assert not seen & later
    assert len(reduction.rounds) >= 2


def test_a_window_answered_badly_twice_keeps_its_first_passages() -> None:
    llm = ScriptedLLM(default="not json")
    reducer = Reducer(llm, keep=2, final=2)
    texts = [f"passage number {n} " * 5 for n in range(6)]
    result = reducer.reduce("which?", [5, 4, 3, 2, 1, 0], texts)
    assert result.cost.failed_windows == 1 and result.cost.calls == 2  # one window, one retry
    assert result.ranking[:2] == [5, 4] and sorted(result.ranking) == list(range(6))


def test_repeated_and_out_of_range_picks_are_ignored() -> None:
    llm = ScriptedLLM(default={"passages": [3, 3, 9, 1]})
    result = Reducer(llm).reduce("q", [2, 0, 1], ["a " * 10, "b " * 10, "c " * 10])
    assert result.ranking == [1, 2, 0]  # picks 3 then 1 of the window [2, 0, 1]; 0 unpicked


def test_windows_cut_a_pool_to_the_context() -> None:
    llm = ScriptedLLM(default={"passages": [1]})
    llm.n_ctx = 600  # type: ignore[attr-defined]
    reducer = Reducer(llm)
    texts = ["word " * 100] * 12
    budget = reducer.budget("q")
    windows = reducer.windows(list(range(12)), texts, budget)
    assert [i for w in windows for i in w] == list(range(12))
    assert all(sum(reducer.passage_tokens(texts[i]) for i in w) <= budget for w in windows)
    assert len(windows) > 1


def test_seconds_per_token_fits_the_call_log() -> None:
    calls = [(p, g, 1000 * (p * 0.01 + g * 0.2)) for p, g in
             ((900, 100), (1200, 80), (700, 120), (400, 30), (1500, 60))]  # fmt: skip
    per_prompt, per_generated = seconds_per_token(calls) or (0.0, 0.0)
    assert per_prompt == pytest.approx(0.01) and per_generated == pytest.approx(0.2)
    assert seconds_per_token(calls[:4]) is None
    asleep = (1000, 100, 3_000_000.0)  # a call that spanned the laptop's sleep
    assert seconds_per_token([*calls, asleep]) == pytest.approx((0.01, 0.2))


def test_cli_rerank_prints_the_cost_before_and_after(
    library: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from saadi_desktop import cli

    monkeypatch.setattr("saadi_desktop.llm.open_llm", lambda spec="", **_: judge("sonia"))
    assert cli.main(["search", str(CRIME_EPUB), "Sonia", "--scan", "-k", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["retriever"] == "scan" and len(out["results"]) == 3
    assert out["planned"]["calls"] >= out["cost"]["calls"] > 0
    assert out["rounds"][0] == out["candidates"]
    assert cli.main(["search", str(CRIME_EPUB), "Sonia", "--scan", "-k", "3"]) == 0
    captured = capsys.readouterr()
    assert "at most" in captured.err and "cost:" in captured.err and " 1. [" in captured.out


def test_deep_search_time_is_estimated_from_earlier_runs(tmp_path: Path) -> None:
    from saadi_desktop.search.rerank import (
        Cost,
        Plan,
        expected_seconds,
        remember_rate,
        remembered_rate,
    )

    rates = tmp_path / "deep_search.json"
    assert remembered_rate(rates, "m") is None
    remember_rate(rates, "m", Cost(calls=3, prompt_tokens=1000, seconds=10.0))
    remember_rate(rates, "m", Cost(calls=3, prompt_tokens=3000, seconds=30.0))
    assert remembered_rate(rates, "m") == pytest.approx(0.01)
    plan = Plan(calls=4, prompt_tokens=5000, rounds=2)
    assert expected_seconds(plan, 0.01, None) == pytest.approx(50.0)
    assert expected_seconds(plan, None, (0.01, 0.1)) == pytest.approx(50.0 + 4 * 40 * 0.1)
    assert expected_seconds(plan, None, None) is None
    rates.write_text("not json")
    assert remembered_rate(rates, "m") is None


def test_a_stop_request_ends_the_reduction_after_the_current_call(crime: Searcher) -> None:
    from saadi_desktop.tasks import Cancelled

    llm = judge("sonia")
    events: list[dict[str, int]] = []
    with pytest.raises(Cancelled):
        deep_search(
            crime, llm, "Sonia", route="scan", until=crime.corpus.chunks[60].start,
            progress=events.append, should_stop=lambda: len(llm.prompts) >= 2,
        )  # fmt: skip
    assert len(llm.prompts) == 2  # no third call was started
    # the stop came during call 2, so its answer is not used (it may have been interrupted)
    assert [e["calls"] for e in events] == [0, 1]  # round 1 starts, then one per window
    assert all(e["round"] == 1 and e["passages"] == 61 for e in events)
    assert events[-1]["windows_done"] == 1 < events[-1]["windows"]


def test_progress_counts_calls_windows_and_rounds(crime: Searcher) -> None:
    llm = judge("raskolnikov")
    events: list[dict[str, int]] = []
    _, reduction = deep_search(crime, llm, "Raskolnikov", route="rerank", progress=events.append)
    assert events[-1]["calls"] == reduction.cost.calls == len(llm.prompts)
    starts = [e for e in events if e["windows_done"] == 0]
    assert [e["round"] for e in starts] == list(range(1, len(reduction.rounds) + 1))
    assert [e["passages"] for e in starts] == [len(pool) for pool in reduction.rounds]
    assert all(e["windows_done"] <= e["windows"] for e in events)
