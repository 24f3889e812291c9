"""The ``saadi`` command. Every failure is one line on stderr and a non-zero exit, never a
traceback; ``--json`` prints data for scripts and tests."""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from saadi_desktop import __version__, cli_reading
from saadi_desktop.books import BookFormatError
from saadi_desktop.store import BookDB, BookInfo, StoreError

Handler = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        status = handler(args)
        sys.stdout.flush()  # a reader that went away shows here, not at exit
        return status
    except (BookFormatError, StoreError) as error:
        print(f"saadi: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("saadi: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of the output went away (`saadi entities … | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 141
    except Exception as error:  # the user gets one line; the traceback goes to a log file
        log = _log_crash()
        print(f"saadi: unexpected error: {error} (details in {log})", file=sys.stderr)
        return 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="saadi",
        description="A local-first reading assistant: import a book, index it once with a local "
        "model, then search it, its characters and its summaries instantly.",
    )
    parser.add_argument("--version", action="version", version=f"saadi {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        return sub

    def book_command(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
        sub = command(name, handler, help_text)
        sub.add_argument("book", metavar="BOOK", help="a book id, a .saadi.db path or a book file")
        return sub

    sub = command("import", cmd_import, "import a book file (EPUB, PDF or plain text)")
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("--chunk-words", type=int, default=500, help="chunk budget in words")
    _json_flag(sub)

    _json_flag(command("books", cmd_books, "list the books in the library"))
    _json_flag(book_command("show", cmd_show, "sections with offsets, chunks and words"))
    _json_flag(book_command("remove", cmd_remove, "remove a book from the library"))

    sub = book_command("append", cmd_append, "append new chapters (a book file) to a growing book")
    sub.add_argument("file", metavar="FILE", help="an EPUB, PDF or text file with the new text")
    _json_flag(sub)

    sub = book_command("index", cmd_index, "build or resume the document state")
    sub.add_argument("--model", metavar="PATH", help="a GGUF file or an OpenAI-compatible URL")
    sub.add_argument("--limit", type=int, metavar="N")
    sub.add_argument("--estimate", action="store_true")
    sub.add_argument("--retry-failed", action="store_true")
    sub.add_argument(
        "--replay", action="store_true",
        help="rebuild the memory from the model's kept answers under the current rules (no model)",
    )  # fmt: skip
    sub.add_argument(
        "--upgrade", action="store_true",
        help="read a book indexed by an earlier version anew under the current prompts",
    )  # fmt: skip
    _json_flag(sub)

    sub = book_command("search", cmd_search, "search the book's passages (no model call)")
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
    _json_flag(sub)

    for name, handler, help_text in (
        ("entities", cmd_entities, "entity records as of a reading position"),
        ("outline", cmd_outline, "the summary tree as of a reading position"),
    ):
        sub = book_command(name, handler, help_text)
        sub.add_argument("--until", type=int, metavar="POS")
        _json_flag(sub)

    cli_reading.register(book_command)  # who, recap

    sub = book_command("residuals", cmd_residuals, "the SCT extractive residual tree (no model)")
    sub.add_argument("--depth", type=int, metavar="D", help="show nodes down to depth D only")
    _json_flag(sub)

    bench = command("bench", cmd_help(parser), "benchmarks").add_subparsers(
        dest="bench", required=True, metavar="BENCH"
    )
    sub = bench.add_parser("speed", help="import (and later index and query) figures")
    sub.set_defaults(handler=cmd_bench_speed)
    sub.add_argument(
        "book", metavar="BOOK", help="a book id, a .saadi.db path or a book file (re-imported)"
    )
    sub.add_argument("--index", type=int, metavar="N")
    sub.add_argument("--repeat", type=int, default=3, help="imports to time (median)")
    sub.add_argument("--model", default="", metavar="PATH", help="GGUF for --index (default)")
    sub.add_argument(
        "--queries", type=int, default=200, metavar="Q", help="queries to time (0: none)"
    )
    sub.add_argument(
        "--questions", metavar="FILE", help="question file to draw the queries from (repeated)"
    )
    sub.add_argument(
        "--no-reuse-off", action="store_true",
        help="with --index: skip the second run without KV-cache reuse (half the time)",
    )  # fmt: skip
    _json_flag(sub)
    sub = bench.add_parser("stall", help="longest GUI stall while the app indexes (ms)")
    sub.set_defaults(handler=cmd_bench_stall)
    sub.add_argument("book", metavar="BOOK", help="a book file (a fresh copy is indexed)")
    sub.add_argument("--chunks", type=int, default=2, metavar="N", help="chunks to index")
    sub.add_argument("--model", default="", metavar="PATH", help="GGUF or server (default)")
    _json_flag(sub)
    cli_reading.register_bench(bench)  # card
    sub = bench.add_parser("retrieval", help="hit rate and evidence coverage per method")
    sub.set_defaults(handler=cmd_bench_retrieval)
    sub.add_argument("book", metavar="BOOK")
    sub.add_argument("data", metavar="QUESTIONS")
    sub.add_argument("--out", metavar="DIR", help="also write results.json and results.md here")
    sub.add_argument("--no-dense", action="store_true", help="BM25 methods only (no embedder)")
    sub.add_argument(
        "--deep", type=int, default=0, metavar="N",
        help="also run hybrid_rerank (model calls) on N questions",
    )  # fmt: skip
    sub.add_argument(
        "--scan", type=int, default=0, metavar="N",
        help="also run full_scan (model calls over the whole book) on N questions",
    )  # fmt: skip
    sub.add_argument("--model", metavar="PATH", help="for --deep/--scan (default: remembered)")
    _json_flag(sub)
    sub = bench.add_parser("cost", help="index cost and break-even against per-query routes")
    sub.set_defaults(handler=cmd_bench_cost)
    sub.add_argument("book", metavar="BOOK")
    sub.add_argument("--questions", metavar="FILE", help="questions to measure rerank on")
    sub.add_argument("--queries", type=int, default=2, metavar="N", help="rerank queries to time")
    sub.add_argument("--model", metavar="PATH", help="for the rerank queries (default: remembered)")
    sub.add_argument(
        "--answers",
        metavar="FILE",
        help="take the rerank cost from `bench retrieval --out`'s model_answers.json instead",
    )
    _json_flag(sub)
    sub = bench.add_parser("summaries", help="the summary tree: forms, copies, cost; judging")
    sub.set_defaults(handler=cmd_bench_summaries)
    sub.add_argument("book", metavar="BOOK")
    sub.add_argument("--sample", type=int, default=15, metavar="N", help="fold nodes to draw")
    sub.add_argument("--passages", type=int, default=30, metavar="N", help="passages to draw")
    sub.add_argument("--seed", type=int, default=7, metavar="S")
    sub.add_argument("--sheet", metavar="FILE", help="write the judging sheet of the sample here")
    sub.add_argument("--score", metavar="FILE", help="score a filled judging sheet")
    _json_flag(sub)
    sub = bench.add_parser(
        "entities",
        help="alias precision, recall, F1, merges and splits; several golds and their mean",
    )
    sub.set_defaults(handler=cmd_bench_entities)
    sub.add_argument("pairs", nargs="*", metavar="BOOK GOLD", help="a book and its alias gold")
    sub.add_argument("--list", metavar="FILE", help="a file of 'BOOK GOLD' lines, one a book")
    _json_flag(sub)
    return parser


def _json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON")


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=None, default=str))


def _info_dict(info: BookInfo) -> dict[str, Any]:
    data = asdict(info)
    data["path"] = str(info.path)
    return data


def cmd_import(args: argparse.Namespace) -> int:
    from saadi_desktop.library import import_book

    imported = import_book(args.file, chunk_words=args.chunk_words)
    info = imported.info
    if args.json:
        _print_json({**_info_dict(info), "created": imported.created})
    else:
        verb = "imported" if imported.created else "already in the library"
        print(f"{verb}: {info.title} — {info.author or 'unknown author'}")
        print(f"id:   {info.id}\npath: {info.path}\n{info.chunks} chunks, {info.words} words")
    return 0


def cmd_books(args: argparse.Namespace) -> int:
    from saadi_desktop.library import library_dir, list_books

    books = list_books()
    if args.json:
        _print_json([_info_dict(info) for info in books])
        return 0
    if not books:
        print(f"no books yet in {library_dir()} (add one with: saadi import FILE)")
        return 0
    rows = [(b.id, b.title, b.author, str(b.chunks), b.index_state) for b in books]
    _print_table(("id", "title", "author", "chunks", "index"), rows)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book

    with BookDB.open(resolve_book(args.book)) as db:
        info, sections, chunks = db.info(), db.sections(), db.chunks()
    rows = []
    for section in sections:
        inside = [c for c in chunks if section.start <= c.start < section.end]
        rows.append(
            {**asdict(section), "chunks": len(inside), "words": sum(c.words for c in inside)}
        )
    if args.json:
        _print_json({**_info_dict(info), "sections": rows})
        return 0
    print(f"{info.title} — {info.author or 'unknown author'} [{info.id}]")
    print(f"{info.chunks} chunks, {info.words} words, index: {info.index_state}")
    columns = ("start", "end", "chunks", "words", "matter")
    table = [("  " * (r["level"] - 1) + r["title"], *(str(r[k]) for k in columns)) for r in rows]
    _print_table(("section", *columns), table)
    return 0


def cmd_append(args: argparse.Namespace) -> int:
    from saadi_desktop.library import append_file
    from saadi_desktop.state.cost import call_counts

    appended = append_file(args.book, args.file)
    with BookDB.open(appended.path) as db:
        info, counts = db.info(), call_counts(db)
    started = counts["done"] > 0
    if args.json:
        _print_json({**_info_dict(info), "chunks_added": appended.chunks,
                     "sections_added": list(appended.sections),
                     "updates_remaining": counts["updates_remaining"],
                     "calls_remaining": counts["calls_remaining"]})  # fmt: skip
        return 0
    chapters = f" ({', '.join(appended.sections)})" if appended.sections else ""
    print(f"appended {appended.chunks} passages to {info.title}{chapters}")
    if appended.chunks and started:
        print(
            f"saadi index {info.id} reads only what is new: {counts['updates_remaining']} "
            f"passages, {counts['calls_remaining']} model calls with the folds due"
        )
    return 0


def cmd_index(args: argparse.Namespace) -> int:
    from saadi_desktop.indexing import run_index

    return run_index(
        args.book,
        model=args.model,
        limit=args.limit,
        estimate_only=args.estimate,
        retry_failed=args.retry_failed,
        as_json=args.json,
        replay=args.replay,
        upgrade=args.upgrade,
    )


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
        embedder = _embedder("hybrid" if args.rerank else args.retriever)
        searcher = open_searcher(db, embedder, progress=_embed_progress)
        if deep:
            return _deep_search(args, db, searcher)
    found = searcher.search(
        args.query, k=args.k, until=args.until, retriever=args.retriever,
        channels=channels, weights=weights,
    )  # fmt: skip
    if args.json:
        _print_json(
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
    llm = _open_model(args.model)
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
        _print_json({"query": args.query, "retriever": route, "candidates": found.candidates,
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


def _embedder(retriever: str) -> Any:
    if retriever == "bm25":
        return None
    from saadi_desktop.search.embed import MiniLMEmbedder

    return MiniLMEmbedder()


def _embed_progress(event: dict[str, Any]) -> None:
    print(f"\rembedding {event['embedded']} of {event['total']}", end="", file=sys.stderr)
    if event["embedded"] == event["total"]:
        print(file=sys.stderr)


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


def cmd_entities(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading.views import entities
    from saadi_desktop.reading.who import kind_label
    from saadi_desktop.state.identity import shown_aliases
    from saadi_desktop.state.names import unread_names

    with BookDB.open(resolve_book(args.book)) as db:
        found = entities(db, args.until)
        unread = unread_names(db.info().language)
    if args.json:
        _print_json(found)
        return 0
    for entity in found:
        aliases = shown_aliases(entity["name"], entity["aliases"])
        also = f" — also: {', '.join(aliases)}" if aliases else ""
        mentions = f"{entity['mentions']} mention{'s' * (entity['mentions'] != 1)}"
        kind = kind_label(entity["type"], entity["source"] == "names")
        print(f"{entity['name']} ({kind}, {mentions}){also}")
        for description in entity["descriptions"][:3]:
            print(f"    {description}")
    if not found:
        print("no entities yet (run: saadi index BOOK)")
    if unread:
        print(unread)
    return 0


def cmd_outline(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading.views import outline

    with BookDB.open(resolve_book(args.book)) as db:
        nodes = outline(db, args.until)
    if args.json:
        _print_json(nodes)
        return 0
    top = max((n["level"] for n in nodes), default=1)
    for node in sorted(nodes, key=lambda n: (n["start"], -n["level"])):
        indent = "  " * (top - node["level"])
        span = f"{node['start']}–{node['end']}"
        text = " · ".join(node["text"].split("\n"))
        print(f"{indent}[level {node['level']}, {span}, {_FORMS[node['form']](node)}] {text}")
        for key in node["keys"]:
            print(f"{indent}    “{key['text']}” ({key['start']}–{key['end']})")
    if not nodes:
        print("no summaries yet (run: saadi index BOOK)")
    return 0


_FORMS: dict[str, Callable[[dict[str, Any]], str]] = {  # what an outline node's text is
    "headline": lambda node: "headline by the model",
    "list": lambda node: "list: the headlines below, the model could not fold them",
    "extract": lambda node: "extract: sentences from the book",
    "prose": lambda node: (
        "extract: sentences from the book" if node["extract"] else "summary by an earlier version"
    ),
}


def cmd_residuals(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.residuals import ensure_residuals
    from saadi_desktop.store.tree import residual_rows

    with BookDB.open(resolve_book(args.book)) as db:
        ensure_residuals(db)  # a book imported before the tree existed
        rows, titles = residual_rows(db), [s.title for s in db.sections()]
    shown = [r for r in rows if args.depth is None or r.depth <= args.depth]
    if args.json:
        _print_json(
            [{**asdict(r), "section": titles[r.section_seq] if r.section_seq is not None else None,
              "words": len(r.text.split())} for r in shown]
        )  # fmt: skip
        return 0
    for r in shown:
        if r.parent_id is None:
            label = "book"
        elif r.section_seq is not None:
            label = titles[r.section_seq]
        else:
            label = f"passage {r.chunk_seq}"
        print(f"{'  ' * r.depth}[{label}, {r.start}–{r.end}, {len(r.text.split())} words] "
              f"{_clip_line(r.text, 160)}")  # fmt: skip
    if not rows:
        print("no residual tree (the book has no body text)")
    return 0


def _clip_line(text: str, width: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def cmd_remove(args: argparse.Namespace) -> int:
    from saadi_desktop.library import remove_book

    path = remove_book(args.book)
    if args.json:
        _print_json({"removed": str(path)})
    else:
        print(f"removed {path.name} (the original file is untouched)")
    return 0


def cmd_bench_speed(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.speed import bench_speed
    from saadi_desktop.library import source_file

    report = bench_speed(
        source_file(args.book), repeat=args.repeat, index=args.index, model=args.model,
        queries=args.queries, questions=Path(args.questions) if args.questions else None,
        reuse_off=not args.no_reuse_off,
    )  # fmt: skip
    if args.json:
        _print_json(report)
    else:
        for key, value in report.items():
            print(f"{key:>12}: {value}")
    return 0


def cmd_bench_stall(args: argparse.Namespace) -> int:
    from saadi_desktop.llm import LLMError
    from saadi_desktop.ui.bench.stall import bench_stall  # Qt loads here, in this command only

    try:
        report = bench_stall(args.book, chunks=args.chunks, model=args.model)
    except LLMError as error:
        raise StoreError(f"model: {error}") from None
    if args.json:
        _print_json(report)
    else:
        for key, value in report.items():
            print(f"{key:>26}: {value}")
    return 0


def cmd_bench_retrieval(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.report import (
        differences_table,
        markdown_table,
        plot_hit_at_k,
        trace_table,
    )
    from saadi_desktop.eval.retrieval import bench_retrieval, sct_methods

    with BookDB.open(_resolve(args.book)) as db:
        questions = _questions(Path(args.data), db)
        title = db.info().title
        searcher = _searcher(db, dense=not args.no_dense)
    llm = _open_model(args.model) if args.deep or args.scan else None
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    report = bench_retrieval(
        searcher,
        questions,
        dense=not args.no_dense,
        extra=sct_methods(searcher, dense=not args.no_dense),
        llm=llm,
        deep=args.deep,
        scan=args.scan,
        cache=out / "model_answers.json" if out is not None else None,
    )
    table = markdown_table(report["methods"])
    for key in ("deep", "scan"):
        if key in report:
            count = len(report[key]["questions"])
            table += f"\n\nOn {count} questions:\n\n" + markdown_table(report[key]["methods"])
            for name, method in report[key]["methods"].items():
                if "reduction_trace" in method:
                    table += "\n\n" + trace_table(name, method["reduction_trace"])
    changes = dict(report["differences"])
    for key in ("deep", "scan"):
        changes |= report.get(key, {}).get("differences", {})
    table += "".join(f"\n\n{differences_table(p, rows)}" for p, rows in changes.items())
    if out is not None:
        (out / "results.json").write_text(json.dumps(report, indent=1))
        (out / "results.md").write_text(table + "\n")
        plot_hit_at_k(
            report["methods"], out / "hit_at_k.png", f"{title}: {report['questions']} questions"
        )
    if args.json:
        _print_json(report)
    else:
        print(f"{report['questions']} questions\n{table}")
        intervals = dict(report["bootstrap_95"])
        for key in ("deep", "scan"):
            intervals |= report.get(key, {}).get("bootstrap_95", {})
        for pair, metrics in intervals.items():
            h = metrics["hit@10"]
            print(f"{pair}: hit@10 {h['diff']:+.3f} [{h['low']:+.3f}, {h['high']:+.3f}]")
    return 0


def cmd_bench_cost(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.breakeven import (
        answered_rerank_costs,
        break_even,
        index_cost,
        rerank_cost,
        update_call_tokens,
    )
    from saadi_desktop.eval.retrieval import subset
    from saadi_desktop.search.rerank import deep_search

    with BookDB.open(_resolve(args.book)) as db:
        index = index_cost(db)
        per_update = update_call_tokens(db)
        costs = []
        if args.answers:
            try:
                costs = answered_rerank_costs(Path(args.answers))
            except ValueError as error:
                raise StoreError(str(error)) from None
        elif args.queries > 0 and args.questions:
            questions = subset(_questions(Path(args.questions), db), args.queries)
            searcher = _searcher(db, dense=True)
            llm = _open_model(args.model)
            for question in questions:
                print(f"rerank: {question.question}", file=sys.stderr)
                costs.append(deep_search(searcher, llm, question.question)[1].cost)
    rerank = rerank_cost(costs)
    per_call = rerank.get("tokens_per_call") or per_update
    report = {
        "index": index,
        "rerank_per_query": rerank,
        "break_even": break_even(index, per_call, rerank),
    }
    if args.json:
        _print_json(report)
        return 0
    projected = " (projected from the chunks done)" if index["projected"] else ""
    print(
        f"index: {index['calls_total']} calls, {index['tokens_total']} tokens, "
        f"{index['seconds_total']} s{projected}"
    )
    print(
        "time by call: "
        + "; ".join(
            f"{kind} {row['calls']} calls, {row['seconds']} s "
            f"({row['evaluated_per_call']} prompt tokens evaluated each)"
            for kind, row in index["by_kind"].items()
        )
    )
    refused = index["answers_refused"]
    if any(refused.values()):
        print(
            f"answers refused: {refused['update']} update, {refused['fold']} fold "
            "(each kept with the reason in the calls table)"
        )
    if rerank:
        print(
            f"rerank: {rerank['calls']} calls, {rerank['tokens']} tokens, "
            f"{rerank['seconds']} s per query ({rerank['queries']} measured)"
        )
    for row in report["break_even"]["agentic"]:
        print(
            f"agentic c={row['c']}: breaks even after {row['queries_by_calls']} queries "
            f"(calls), {row['queries_by_tokens']} (tokens)"
        )
    if "rerank" in report["break_even"]:
        r = report["break_even"]["rerank"]
        print(
            f"against rerank: {r['queries_by_calls']} queries (calls), "
            f"{r['queries_by_tokens']} (tokens), {r['queries_by_seconds']} (seconds)"
        )
    return 0


def _resolve(book: str) -> Path:
    from saadi_desktop.library import resolve_book

    return resolve_book(book)


def _questions(path: Path, db: BookDB) -> list[Any]:
    from saadi_desktop.eval.metrics import QuestionFileError, load_questions

    try:
        return load_questions(path, db.text())
    except QuestionFileError as error:
        raise StoreError(str(error)) from None


def _searcher(db: BookDB, *, dense: bool) -> Any:
    from saadi_desktop.search import open_searcher

    return open_searcher(db, _embedder("dense") if dense else None, progress=_embed_progress)


def _open_model(spec: str | None) -> Any:
    from saadi_desktop.llm import LLMError, open_llm, remembered_model

    try:
        return open_llm(spec if spec is not None else remembered_model())
    except LLMError as error:
        raise StoreError(f"model: {error}") from None


def cmd_bench_summaries(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.summaries import score_sheet, tree_figures, write_sheet
    from saadi_desktop.library import resolve_book

    if args.score:
        try:
            report = {"sheet": args.score, **score_sheet(Path(args.score).read_text("utf-8"))}
        except OSError as error:
            raise StoreError(f"{args.score}: cannot read the sheet ({error.strerror})") from None
    else:
        with BookDB.open(resolve_book(args.book)) as db:
            report = tree_figures(db)
            if args.sheet:
                drawn = write_sheet(db, Path(args.sheet), passages=args.passages,
                                    folds=args.sample, seed=args.seed)  # fmt: skip
                report["sheet"] = {"path": args.sheet, "nodes": drawn, "seed": args.seed}
    if args.json:
        _print_json(report)
    else:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


def cmd_bench_entities(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.aliases import bench_entities, macro_average
    from saadi_desktop.library import resolve_book

    pairs = list(args.pairs)
    if args.list:
        try:
            lines = Path(args.list).read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise StoreError(f"{args.list}: cannot read the list ({error})") from None
        pairs += [
            w for line in lines if line.strip() and not line.startswith("#") for w in line.split()
        ]
    if not pairs or len(pairs) % 2:
        raise StoreError("bench entities: give BOOK GOLD pairs (or --list FILE of them)")
    reports = []
    for book, data in zip(pairs[::2], pairs[1::2], strict=True):
        try:
            gold = json.loads(Path(data).read_text(encoding="utf-8"))["characters"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise StoreError(f"{data}: not an alias gold file ({error})") from None
        with BookDB.open(resolve_book(book)) as db:
            reports.append({**bench_entities(db, gold), "book": book, "gold": data})
    several = len(reports) > 1
    if args.json:
        _print_json({"books": reports, "macro": macro_average(reports)} if several else reports[0])
        return 0
    for report in reports:
        if several:
            print(f"== {report['book']} ({report['gold']})")
        _print_entities(report)
    if several:
        macro = macro_average(reports)
        print(f"== macro average over {macro['books']} golds "
              f"(most records of a major character: {macro['max_records_per_major']})")  # fmt: skip
        keys = ("precision", "recall", "f1", "b3_precision", "b3_recall", "min_b3_precision")
        _print_table(
            ("", "precision", "recall", "f1", "B³ p", "B³ r", "min B³ p"),
            [(label, *(str(macro[part][k]) for k in keys)) for label, part in (
                ("names pass", "names_pass"), ("names + rules", "rules_alone"),
                ("overall", "overall"))],
        )  # fmt: skip
    return 0


def _print_entities(report: dict[str, Any]) -> None:
    print(f"source: {report['source']}")
    rows = [("overall", report["overall"]), *report["by_category"].items()]
    rows += [("names pass", report["names_pass"]), ("names + rules", report["rules_alone"])]
    keys = ("recall", "precision", "f1", "merges", "splits", "b3_precision", "b3_recall", "b3_f1",
            "impure_records")  # fmt: skip
    _print_table(
        ("", "recall", "precision", "f1", "merges", "splits", "B³ p", "B³ r", "B³ f1", "impure"),
        [(label, *(str(r[k]) for k in keys)) for label, r in rows],
    )
    if report["records_per_major"]:
        spread = sorted(report["records_per_major"].items(), key=lambda item: -item[1])
        print(f"records per major character (max {report['max_records_per_major']}): "
              + ", ".join(f"{name} {n}" for name, n in spread))  # fmt: skip
    for split in report.get("split_majors", []):
        print(f"  {split['character']} on {len(split['records'])} records: "
              + " | ".join(", ".join(names) for names in split["records"]))  # fmt: skip
    for impure in report["overall"]["impure_examples"][:5]:
        print(f"  impure record {impure['record']}: {', '.join(impure['characters'])}")
    for miss in report["worst_misses"][:8]:
        print(f"  missed for {miss['character']}: {', '.join(miss['missing'])}")
    for extra in report.get("unlisted", []):
        print(f"  no gold lists, on {extra['character']}: {', '.join(extra['aliases'])}")
    for entry in report.get("unlisted_entries", []):
        print(f"  an entry no gold lists ({entry['type']}, {entry['mentions']} mentions): "
              + " / ".join(entry["names"]))  # fmt: skip


def cmd_help(parser: argparse.ArgumentParser) -> Handler:
    def show(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return show


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)
    ]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def _log_crash() -> Path:
    from saadi_desktop.library import data_dir

    log = data_dir() / "crash.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as handle:
            traceback.print_exc(file=handle)
    except OSError:
        return Path("(no log: the data folder is not writable)")
    return log


if __name__ == "__main__":
    sys.exit(main())
