"""``saadi search``: the book's passages by a query, from the index (no model call), or deep
search with ``--rerank`` / ``--scan`` (model calls, their cost printed before and after)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from saadi_desktop.cli.common import (
    book_command,
    embed_progress,
    json_flag,
    open_embedder,
    open_model,
    print_json,
)
from saadi_desktop.store import BookDB, StoreError

if TYPE_CHECKING:
    from saadi_desktop.cli.common import Commands


def register(commands: Commands) -> None:
    """Add ``search``."""
    sub = book_command(commands, "search", cmd_search, "search the book's passages (no model call)")
    sub.add_argument("query", metavar="QUERY")
    sub.add_argument("-k", type=int, default=10)
    sub.add_argument("--until", type=int, metavar="POS")
    sub.add_argument("--retriever", choices=("bm25", "dense", "hybrid"), default="bm25")
    sub.add_argument("--channels", default="text,memory,summary", help="any of text,memory,summary")
    sub.add_argument("--weights", default="1,0.5,0.3", help="text,memory,summary weights")
    deep = sub.add_mutually_exclusive_group()
    deep.add_argument(
        "--rerank", action="store_true", help="deep search: the model reranks the hybrid top 50"
    )
    deep.add_argument(
        "--scan", action="store_true", help="deep search: the model reads every passage"
    )
    sub.add_argument("--model", metavar="PATH", help="for --rerank/--scan (default: remembered)")
    json_flag(sub)


def cmd_search(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.search import CHANNELS, open_searcher

    channels = [c.strip() for c in args.channels.split(",") if c.strip()]
    if not channels or set(channels) - set(CHANNELS):
        raise StoreError(f"--channels: choose from {','.join(CHANNELS)}")
    try:
        weights = dict(zip(CHANNELS, map(float, args.weights.split(",")), strict=True))
    except ValueError:
        raise StoreError("--weights: three numbers, e.g. 1,0.5,0.3") from None
    with BookDB.open(resolve_book(args.book)) as db:
        deep = args.rerank or args.scan
        embedder = open_embedder("hybrid" if args.rerank else args.retriever)
        searcher = open_searcher(db, embedder, progress=embed_progress)
        if deep:
            return _deep_search(args, db, searcher)
    found = searcher.search(
        args.query, k=args.k, until=args.until, retriever=args.retriever,
        channels=channels, weights=weights,
    )  # fmt: skip
    if args.json:
        print_json(
            {
                "query": args.query,
                "retriever": args.retriever,
                "candidates": found.candidates,
                "later": found.later,
                "results": [asdict(r) for r in found.results],
            }
        )
        return 0
    for rank, result in enumerate(found.results, start=1):
        print(
            f"{rank:>2}. [{result.section}] {result.start}–{result.end}  score {result.score:.2f}"
        )
        print(f"    {_snippet(result.text, result.highlights)}")
        for reason in result.reasons:
            print(f"    ↳ {reason}")
    if found.later:
        print(f"({found.later} more results later in the book)")
    if not found.results:
        print("no results")
    return 0


def _deep_search(args: argparse.Namespace, db: BookDB, searcher: Any) -> int:
    """``--rerank`` / ``--scan``: the one search that calls the model, so its cost is printed
    before (an upper bound) and after (measured)."""
    from saadi_desktop.indexing import duration
    from saadi_desktop.library import data_dir
    from saadi_desktop.llm import LLMError
    from saadi_desktop.search import rerank
    from saadi_desktop.store import state as store

    route = "rerank" if args.rerank else "scan"
    llm = open_model(args.model)
    plan = rerank.plan_route(searcher, llm, args.query, route=route, until=args.until)
    rates = data_dir() / rerank.RATES_FILE
    seconds = rerank.estimated_seconds(plan, rates, llm.model_id, store.calls(db))
    about = f", about {duration(seconds)}" if seconds is not None else ""
    print(
        f"{route}: at most {plan.calls} model calls, {plan.prompt_tokens} prompt tokens in "
        f"{plan.rounds} rounds{about}",
        file=sys.stderr,
    )
    try:
        found, reduction = rerank.deep_search(
            searcher, llm, args.query, route=route, until=args.until, k=args.k
        )
    except LLMError as error:
        raise StoreError(f"model: {error}") from None
    rerank.remember_rate(rates, llm.model_id, reduction.cost)
    cost = asdict(reduction.cost)
    trace = [len(pool) for pool in reduction.rounds]
    if args.json:
        print_json({"query": args.query, "retriever": route, "candidates": found.candidates,
                    "planned": asdict(plan), "cost": cost, "rounds": trace,
                    "results": [asdict(r) for r in found.results]})  # fmt: skip
        return 0
    for rank, result in enumerate(found.results, start=1):
        print(f"{rank:>2}. [{result.section}] {result.start}–{result.end}")
        print(f"    {_snippet(result.text, result.highlights)}")
    print(
        f"cost: {cost['calls']} calls, {cost['prompt_tokens']} prompt tokens evaluated, "
        f"{cost['generated_tokens']} generated, {cost['seconds']:.1f} s; passages per round: "
        + " → ".join(map(str, trace)),
        file=sys.stderr,
    )
    return 0


def _snippet(text: str, highlights: Sequence[tuple[int, int, str]], width: int = 220) -> str:
    """The text around the first highlight, highlights marked with [brackets]."""
    first = highlights[0][0] if highlights else 0
    start = max(0, first - width // 3)
    end = min(len(text), start + width)
    piece, cursor = [], start
    for s, e, _kind in highlights:
        if s < cursor or e > end:
            continue
        piece += [text[cursor:s], "[", text[s:e], "]"]
        cursor = e
    piece.append(text[cursor:end])
    snippet = " ".join("".join(piece).split())
    return ("…" if start else "") + snippet + ("…" if end < len(text) else "")
