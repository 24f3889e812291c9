"""Deep search, the "Scan or Index?" routes: the local model compares passages for a question.

A pool of candidate chunks is cut into windows that fit the model's context. Each window is one
call that keeps its best passages — at most ``keep`` (10) and at most half the window, so every
round shrinks the pool — and the survivors meet again in the next round, until one window holds
them all and its call orders the final five. Scores exist only inside a comparison: a passage's
standing is the round it reached and its place in that round's answer.

- **rerank**: the pool is the hybrid (BM25 + dense RRF) top 50 — optional, never the default;
- **full scan**: the pool is every chunk up to the spoiler limit, in book order.

This is the route that spends model calls at query time; its cost is shown before (an upper
bound: every window keeps its maximum) and after (measured).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from saadi_desktop.llm.base import LLM, Completion, Message
from saadi_desktop.search.engine import Results, Searcher
from saadi_desktop.state.cost import stretched
from saadi_desktop.store.state import CallRow
from saadi_desktop.tasks import Cancelled, ProgressCallback, StopCheck, ignore, never

ROUTES = ("rerank", "scan")
POOL = 50
KEEP = 10
FINAL = 5
ANSWER_TOKENS = 80
DEFAULT_CONTEXT = 8192
SYSTEM = (
    "You help a reader find the passages of a book that answer a question. Judge only from the "
    "passages given. Answer with JSON only."
)


@dataclass
class Cost:
    calls: int = 0
    prompt_tokens: int = 0  # evaluated
    cached_tokens: int = 0
    generated_tokens: int = 0
    seconds: float = 0.0
    failed_windows: int = 0  # malformed twice: the window kept its first passages unjudged

    def add(self, completion: Completion) -> None:
        self.calls += 1
        self.prompt_tokens += completion.prompt_tokens
        self.cached_tokens += completion.cached_tokens
        self.generated_tokens += completion.generated_tokens
        self.seconds += completion.ms / 1000


@dataclass
class Reduction:
    """The outcome of one deep search: chunk indexes best first (final picks, then the passages
    eliminated in later rounds before those eliminated earlier, each group in pool order), the
    pool at the start of each round, and what it cost."""

    ranking: list[int]
    rounds: list[list[int]]
    cost: Cost = field(default_factory=Cost)


@dataclass(frozen=True)
class Plan:
    """The cost known before any call: an upper bound, as if every window kept its maximum."""

    calls: int
    prompt_tokens: int
    rounds: int


class Reducer:
    """Tournament reduction of a pool of passages with one model."""

    def __init__(self, llm: LLM, *, keep: int = KEEP, final: int = FINAL) -> None:
        self.llm, self.keep, self.final = llm, keep, final
        self.context = int(getattr(llm, "n_ctx", DEFAULT_CONTEXT))
        self._tokens: dict[str, int] = {}

    # -- windows ------------------------------------------------------------------------------

    def budget(self, question: str) -> int:
        """Prompt tokens left for passages in one call."""
        frame = self.llm.count_tokens(SYSTEM + _task(question, 1, 1)) + 64  # template, labels
        return self.context - frame - ANSWER_TOKENS

    def passage_tokens(self, text: str) -> int:
        if text not in self._tokens:
            self._tokens[text] = self.llm.count_tokens(text) + 8
        return self._tokens[text]

    def windows(self, pool: Sequence[int], texts: Sequence[str], budget: int) -> list[list[int]]:
        """Consecutive runs of the pool that fit the budget."""
        result: list[list[int]] = []
        current: list[int] = []
        used = 0
        for index in pool:
            size = self._size(texts[index], budget)
            if current and used + size > budget:
                result.append(current)
                current, used = [], 0
            current.append(index)
            used += size
        if current:
            result.append(current)
        return result

    def _size(self, text: str, budget: int) -> int:
        """A passage's tokens in a window; at most half the budget, so a window always holds
        two passages and every round shrinks the pool (a longer one is cut to its share)."""
        return min(self.passage_tokens(text), budget // 2)

    def window_keep(self, size: int, single: bool) -> int:
        if single:
            return min(self.final, size)
        return max(1, min(self.keep, size // 2))

    # -- the plan and the run -----------------------------------------------------------------

    def plan(self, question: str, pool: Sequence[int], texts: Sequence[str]) -> Plan:
        """Round one is known exactly; later rounds are bounded as if every survivor were the
        pool's longest passage and every window kept its maximum."""
        budget = self.budget(question)
        frame = self.context - budget - ANSWER_TOKENS
        windows = self.windows(pool, texts, budget)
        calls, rounds = len(windows), 1
        tokens = sum(frame + sum(self._size(texts[i], budget) for i in w) for w in windows)
        longest = max((self._size(texts[i], budget) for i in pool), default=1)
        per_window = max(2, budget // longest)
        n = min(self.keep * len(windows), len(pool) // 2 + 1) if len(windows) > 1 else 0
        while n:
            count = math.ceil(n / per_window)
            calls, rounds, tokens = calls + count, rounds + 1, tokens + count * frame + n * longest
            n = min(self.keep * count, n // 2 + 1) if count > 1 else 0
        return Plan(calls, tokens, rounds)

    def reduce(
        self,
        question: str,
        pool: Sequence[int],
        texts: Sequence[str],
        *,
        progress: ProgressCallback = ignore,
        should_stop: StopCheck = never,
    ) -> Reduction:
        """Reduce ``pool`` to the final picks. ``progress`` gets ``{"calls", "round",
        "passages", "windows_done", "windows"}`` as each round starts and after each window;
        ``should_stop`` is asked before and after every call (a call may be interrupted), and a stop
        raises ``Cancelled``."""
        budget = self.budget(question)
        cost = Cost()
        rounds: list[list[int]] = []
        eliminated: list[list[int]] = []
        current = list(pool)
        final: list[int] = []
        while current:
            rounds.append(current)
            windows = self.windows(current, texts, budget)
            single = len(windows) == 1
            survivors: list[int] = []
            event = {"calls": cost.calls, "round": len(rounds), "passages": len(current),
                     "windows_done": 0, "windows": len(windows)}  # fmt: skip
            progress(dict(event))
            for done, window in enumerate(windows, start=1):
                keep = self.window_keep(len(window), single)
                survivors += self._judge(question, window, texts, keep, budget, cost, should_stop)
                progress(event | {"calls": cost.calls, "windows_done": done})
            kept = set(survivors)
            eliminated.append([i for i in current if i not in kept])
            if single:
                final = survivors
                break
            current = survivors
        ranking = final + [i for group in reversed(eliminated) for i in group]
        return Reduction(ranking, rounds, cost)

    def _judge(
        self,
        question: str,
        window: Sequence[int],
        texts: Sequence[str],
        keep: int,
        budget: int,
        cost: Cost,
        should_stop: StopCheck = never,
    ) -> list[int]:
        """One comparison: the window's passages, best first, at most ``keep``."""
        share = budget // len(window)
        passages = [self._passage_text(texts[i], share) for i in window]
        for retry in (False, True):
            if should_stop():
                raise Cancelled()
            completion = self.llm.complete(
                _messages(question, passages, keep, retry=retry),
                schema=_schema(len(window), keep),
                max_tokens=ANSWER_TOKENS,
            )
            cost.add(completion)
            if should_stop():  # the call may have been interrupted: its answer is not used
                raise Cancelled()
            picked = _parse(completion.text, len(window))
            if picked is not None:
                return [window[n - 1] for n in picked[:keep]]
        cost.failed_windows += 1
        return list(window[:keep])

    def _passage_text(self, text: str, share: int) -> str:
        """The passage as is, unless it alone would overflow its share of a full window."""
        if self.passage_tokens(text) <= share or len(text) < 200:
            return text
        return text[: max(200, len(text) * share // self.passage_tokens(text))]


def _task(question: str, count: int, keep: int) -> str:
    return (
        f"QUESTION: {question}\n"
        f"Task: choose the passages (numbers 1–{count}) whose text helps answer the question, "
        f"most useful first, at most {keep}. "
        'Answer as {"passages": [numbers]}.'
    )


def _messages(question: str, passages: Sequence[str], keep: int, *, retry: bool) -> list[Message]:
    lines = [f"QUESTION: {question}", "", "PASSAGES:"]
    lines += [f"[{n}]\n{text}\n" for n, text in enumerate(passages, start=1)]
    lines += ["---", _task(question, len(passages), keep)]
    if retry:
        lines.append("Your previous answer was not valid. Answer with the JSON object only.")
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


def _schema(count: int, keep: int) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "passages": {
                "type": "array",
                "minItems": 1,
                "maxItems": keep,
                "items": {"enum": list(range(1, count + 1))},
            }
        },
        "required": ["passages"],
    }


def _parse(text: str, count: int) -> list[int] | None:
    """The passage numbers picked, first mention kept; None when the answer is not usable."""
    try:
        numbers = json.loads(text)["passages"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(numbers, list):
        return None
    picked: list[int] = []
    for n in numbers:
        if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= count and n not in picked:
            picked.append(n)
    return picked or None


# -- the two routes -----------------------------------------------------------------------------


def route_pool(searcher: Searcher, query: str, route: str, until: int | None) -> list[int]:
    if route not in ROUTES:
        raise ValueError(f"unknown route {route!r}")
    return (
        rerank_pool(searcher, query, until=until)
        if route == "rerank"
        else scan_pool(searcher, until=until)
    )


def rerank_pool(
    searcher: Searcher, query: str, *, until: int | None, pool: int = POOL
) -> list[int]:
    """The hybrid top ``pool`` (BM25 + dense RRF; BM25 alone when the book has no vectors)."""
    retriever = "hybrid" if searcher.dense is not None else "bm25"
    found = searcher.search(query, k=pool, until=until, retriever=retriever, channels=["text"])
    return [searcher.index_of[r.seq] for r in found.results]


def scan_pool(searcher: Searcher, *, until: int | None) -> list[int]:
    """Every chunk up to the limit, in book order."""
    m, _ = searcher.limits(until)
    return list(range(m))


def deep_search(
    searcher: Searcher,
    llm: LLM,
    query: str,
    *,
    route: str = "rerank",
    until: int | None = None,
    k: int = FINAL,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> tuple[Results, Reduction]:
    """Run a route and return its top ``k`` as ordinary results, with the reduction
    (callbacks: see :meth:`Reducer.reduce`; a stop raises ``Cancelled``)."""
    pool = route_pool(searcher, query, route, until)
    reduction = Reducer(llm).reduce(
        query, pool, searcher.chunk_texts, progress=progress, should_stop=should_stop
    )
    results = to_results(searcher, query, reduction.ranking[:k], until=until)
    return results, reduction


def plan_route(
    searcher: Searcher, llm: LLM, query: str, *, route: str = "rerank", until: int | None = None
) -> Plan:
    pool = route_pool(searcher, query, route, until)
    return Reducer(llm).plan(query, pool, searcher.chunk_texts)


def to_results(
    searcher: Searcher, query: str, ranking: Sequence[int], *, until: int | None
) -> Results:
    """Ranked chunk indexes as results with query highlights; the score is 1/rank, since the
    model's judgements are comparisons, not scores."""
    m, limit = searcher.limits(until)
    score = np.zeros(max(m, 1))
    for rank, index in enumerate(ranking, start=1):
        score[index] = 1.0 / rank
    results = [searcher._result(i, query, score, {}, limit) for i in ranking]
    return Results(results, m, retriever="rerank")


RATES_FILE = "deep_search.json"  # in the data folder: measured speed of deep search, per model


def estimated_seconds(
    plan: Plan, rates: Path, model_id: str, logged: Sequence[CallRow]
) -> float | None:
    """Seconds for a plan from what was measured: ``rates`` (this model's earlier deep
    searches, see :func:`remember_rate`), else the book's index-time call log."""
    fitted = seconds_per_token([(c.prompt_tokens, c.generated_tokens, c.ms) for c in logged])
    return expected_seconds(plan, remembered_rate(rates, model_id), fitted)


def expected_seconds(
    plan: Plan, remembered: float | None, logged: tuple[float, float] | None
) -> float | None:
    """Seconds for a plan: from this model's earlier deep searches (seconds per prompt token,
    everything included), else from the book's index-time call log; None when neither exists."""
    if remembered is not None:
        return plan.prompt_tokens * remembered
    if logged is not None:
        return plan.prompt_tokens * logged[0] + plan.calls * ANSWER_TOKENS / 2 * logged[1]
    return None


def remembered_rate(path: Path, model_id: str) -> float | None:
    """Seconds per prompt token measured over this model's earlier deep searches."""
    try:
        totals = json.loads(path.read_text())[model_id]
        return float(totals["seconds"]) / float(totals["prompt_tokens"])
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
        return None


def remember_rate(path: Path, model_id: str, cost: Cost) -> None:
    """Add a deep search's measured cost to this model's totals (``path``: a small JSON file)."""
    try:
        data = json.loads(path.read_text())
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    totals: dict[str, Any] = data[model_id] if isinstance(data.get(model_id), dict) else {}
    data[model_id] = {
        "prompt_tokens": int(totals.get("prompt_tokens", 0)) + cost.prompt_tokens,
        "seconds": float(totals.get("seconds", 0.0)) + cost.seconds,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2))


def seconds_per_token(calls: Sequence[tuple[int, int, float]]) -> tuple[float, float] | None:
    """(seconds per evaluated prompt token, seconds per generated token) fitted to logged calls
    ``(prompt_tokens, generated_tokens, ms)``, stretched calls left out (one would dominate a
    least-squares fit); None with fewer than 5 calls."""
    if len(calls) < 5:
        return None
    a = np.array([[p, g] for p, g, _ in calls], dtype=np.float64)
    b = np.array([ms / 1000 for _, _, ms in calls], dtype=np.float64)
    usual = ~stretched(calls)
    solution, *_ = np.linalg.lstsq(a[usual], b[usual], rcond=None)
    per_prompt, per_generated = (max(0.0, float(x)) for x in solution)
    if math.isclose(per_prompt + per_generated, 0.0):
        return None
    return per_prompt, per_generated
