"""``saadi bench …``: commands that print figures (speed, GUI stalls, retrieval, cost, the
summary tree, entities). The measuring is in :mod:`saadi_desktop.eval` and, for the GUI
benchmarks, :mod:`saadi_desktop.ui.bench` (imported when a command runs)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saadi_desktop.cli.common import (
    command,
    embed_progress,
    help_handler,
    json_flag,
    open_embedder,
    open_model,
    print_json,
    print_report,
    print_table,
)
from saadi_desktop.store import BookDB, StoreError

if TYPE_CHECKING:
    from saadi_desktop.cli.common import Commands


def register(commands: Commands, top: argparse.ArgumentParser) -> None:
    """Add ``bench`` and its benchmarks; ``saadi bench`` alone shows TOP's help."""
    bench = command(commands, "bench", help_handler(top), "benchmarks").add_subparsers(
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
    sub.add_argument(
        "--while-indexing", type=int, default=0, metavar="N",
        help="time the queries again while saadi index reads a fresh copy in another process, "
        "at the priority indexing had before it yielded to the reader and at today's; then "
        "that index alone, N passages a run, twice at each priority",
    )  # fmt: skip
    json_flag(sub)
    sub = bench.add_parser("stall", help="longest GUI stall while the app indexes (ms)")
    sub.set_defaults(handler=cmd_bench_stall)
    sub.add_argument("book", metavar="BOOK", help="a book file (a fresh copy is indexed)")
    sub.add_argument("--chunks", type=int, default=2, metavar="N", help="chunks to index")
    sub.add_argument("--model", default="", metavar="PATH", help="GGUF or server (default)")
    sub.add_argument("--runs", type=int, default=1, metavar="R", help="runs at each priority")
    sub.add_argument(
        "--priority", choices=("low", "normal", "both"), default="low",
        help="the model's: low, as the app indexes; normal, as it did before; both, in turn",
    )  # fmt: skip
    json_flag(sub)
    sub = bench.add_parser("card", help="how long a Who is this? card takes after a click (ms)")
    sub.set_defaults(handler=cmd_bench_card)
    sub.add_argument("book", metavar="BOOK", help="a book id, a .saadi.db path or a book file")
    sub.add_argument("--until", type=int, metavar="POS", help="read up to here (default: half)")
    sub.add_argument("--clicks", type=int, default=50, metavar="N", help="names to click")
    sub.add_argument(
        "--stand-in", action="store_true",
        help="index a copy of the whole book with the stand-in model (llm/demo.py) first",
    )  # fmt: skip
    json_flag(sub)
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
    json_flag(sub)
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
    json_flag(sub)
    sub = bench.add_parser("summaries", help="the summary tree: forms, copies, cost; judging")
    sub.set_defaults(handler=cmd_bench_summaries)
    sub.add_argument("book", metavar="BOOK")
    sub.add_argument("--sample", type=int, default=15, metavar="N", help="fold nodes to draw")
    sub.add_argument("--passages", type=int, default=30, metavar="N", help="passages to draw")
    sub.add_argument("--seed", type=int, default=7, metavar="S")
    sub.add_argument("--sheet", metavar="FILE", help="write the judging sheet of the sample here")
    sub.add_argument("--score", metavar="FILE", help="score a filled judging sheet")
    json_flag(sub)
    sub = bench.add_parser(
        "entities",
        help="alias precision, recall, F1, merges and splits; several golds and their mean",
    )
    sub.set_defaults(handler=cmd_bench_entities)
    sub.add_argument("pairs", nargs="*", metavar="BOOK GOLD", help="a book and its alias gold")
    sub.add_argument("--list", metavar="FILE", help="a file of 'BOOK GOLD' lines, one a book")
    sub.add_argument(
        "--judged",
        metavar="DIR",
        help="a reader's verdicts on the aliases a gold leaves out: DIR/NAME.judged.json for "
        "the gold NAME.aliases.json (precision and F1 judged, beside the gold's)",
    )
    json_flag(sub)


def cmd_bench_speed(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.speed import bench_speed
    from saadi_desktop.library import source_file

    report = bench_speed(
        source_file(args.book), repeat=args.repeat, index=args.index, model=args.model,
        queries=args.queries, questions=Path(args.questions) if args.questions else None,
        reuse_off=not args.no_reuse_off, while_indexing=args.while_indexing,
    )  # fmt: skip
    print_report(report, args.json, width=12)
    return 0


def cmd_bench_stall(args: argparse.Namespace) -> int:
    from saadi_desktop.llm import LLMError
    from saadi_desktop.ui.bench.stall import bench_stall  # Qt loads here, in this command only

    try:
        priorities = ("low", "normal") if args.priority == "both" else (args.priority,)
        report = bench_stall(
            args.book, chunks=args.chunks, model=args.model, runs=args.runs, priorities=priorities
        )
    except LLMError as error:
        raise StoreError(f"model: {error}") from None
    print_report(report, args.json, width=26)
    return 0


def cmd_bench_card(args: argparse.Namespace) -> int:
    from saadi_desktop.ui.bench.card import bench_card

    report = bench_card(args.book, until=args.until, clicks=args.clicks, stand_in=args.stand_in)
    if args.json:
        print_json(report)
        return 0
    print(f"{report['book']} up to {report['where']} ({report['entities']} entities"
          f"{', stand-in index' if report['stand_in'] else ''})")  # fmt: skip
    print(f"{report['clicks']} clicks on {len(report['names'])} names: click → card shown "
          f"p50 {report['p50_ms']} ms, p95 {report['p95_ms']} ms, max {report['max_ms']} ms; "
          f"the first card {report['first_ms']} ms")  # fmt: skip
    return 0


def cmd_bench_retrieval(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.report import (
        differences_table,
        markdown_table,
        plot_hit_at_k,
        trace_table,
    )
    from saadi_desktop.eval.retrieval import bench_retrieval, sct_methods
    from saadi_desktop.library import resolve_book

    with BookDB.open(resolve_book(args.book)) as db:
        questions = _questions(Path(args.data), db)
        title = db.info().title
        searcher = _searcher(db, dense=not args.no_dense)
    llm = open_model(args.model) if args.deep or args.scan else None
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
        print_json(report)
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
    from saadi_desktop.library import resolve_book
    from saadi_desktop.search.rerank import deep_search

    with BookDB.open(resolve_book(args.book)) as db:
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
            llm = open_model(args.model)
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
        print_json(report)
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


def _questions(path: Path, db: BookDB) -> list[Any]:
    from saadi_desktop.eval.metrics import QuestionFileError, load_questions

    try:
        return load_questions(path, db.text())
    except QuestionFileError as error:
        raise StoreError(str(error)) from None


def _searcher(db: BookDB, *, dense: bool) -> Any:
    from saadi_desktop.search import open_searcher

    return open_searcher(db, open_embedder("dense") if dense else None, progress=embed_progress)


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
        print_json(report)
    else:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


def cmd_bench_entities(args: argparse.Namespace) -> int:
    from saadi_desktop.eval.aliases import bench_entities, macro_average, read_judged
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
        judged = None
        if args.judged:
            verdicts = Path(args.judged) / Path(data).name.replace(".aliases.json", ".judged.json")
            try:
                judged = read_judged(str(verdicts)) if verdicts.exists() else None
            except ValueError as error:
                raise StoreError(str(error)) from None
        with BookDB.open(resolve_book(book)) as db:
            report = bench_entities(db, gold, judged)
            reports.append({**report, "book": book, "gold": data, "judged": judged is not None})
    several = len(reports) > 1
    if args.json:
        print_json({"books": reports, "macro": macro_average(reports)} if several else reports[0])
        return 0
    for report in reports:
        if several:
            print(f"== {report['book']} ({report['gold']})")
        _print_entities(report)
    if several:
        macro = macro_average(reports)
        print(f"== macro average over {macro['books']} golds "
              f"(most records of a major character: {macro['max_records_per_major']})")  # fmt: skip
        keys = ("precision", "recall", "f1", "precision_judged", "f1_judged", "b3_precision",
                "b3_recall", "min_b3_precision")  # fmt: skip
        print_table(
            ("", "precision", "recall", "f1", "p judged", "f1 judged", "B³ p", "B³ r", "min B³ p"),
            [(label, *(str(macro[part][k]) for k in keys)) for label, part in (
                ("names pass", "names_pass"), ("names + rules", "rules_alone"),
                ("overall", "overall"))],
        )  # fmt: skip
    return 0


def _print_entities(report: dict[str, Any]) -> None:
    print(f"source: {report['source']}")
    if report.get("placeholders"):
        print(f"gold: {report['placeholders']} annotation tags ('_narr', '_group', …) left out")
    rows = [("overall", report["overall"]), *report["by_category"].items()]
    rows += [("names pass", report["names_pass"]), ("names + rules", report["rules_alone"])]
    keys: tuple[str, ...] = ("recall", "precision", "f1", "merges", "splits", "b3_precision",
                             "b3_recall", "b3_f1", "impure_records")  # fmt: skip
    head: tuple[str, ...] = ("", "recall", "precision", "f1", "merges", "splits", "B³ p", "B³ r",
                             "B³ f1", "impure")  # fmt: skip
    if report.get("judged"):  # a reader's verdicts on the aliases the gold leaves out
        keys, head = (*keys, "precision_judged", "f1_judged"), (*head, "p judged", "f1 judged")
    print_table(head, [(label, *(str(r[k]) for k in keys)) for label, r in rows])
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
        verdicts = [f"{', '.join(extra[kind])} ({label})" for kind, label in (
            ("right", "judged right"), ("wrong", "judged wrong"), ("unjudged", "not judged"))
            if extra[kind]]  # fmt: skip
        told = "; ".join(verdicts) if report.get("judged") else ", ".join(extra["aliases"])
        print(f"  no gold lists, on {extra['character']}: {told}")
    for entry in report.get("unlisted_entries", []):
        print(f"  an entry no gold lists ({entry['type']}, {entry['mentions']} mentions): "
              + " / ".join(entry["names"]))  # fmt: skip
