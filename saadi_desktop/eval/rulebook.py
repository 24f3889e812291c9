"""The rulebook held against its golden cases, counted on books, and written out as
``docs/rules.md``.

    python -m saadi_desktop.eval.rulebook count EPUB…    # decisions → docs/rules-counts.json
    python -m saadi_desktop.eval.rulebook docs           # docs/rules.md: rulebook and counts
    python -m saadi_desktop.eval.rulebook ablate BOOK GOLD …  # each rule off: golds' figures
    python -m saadi_desktop.eval.rulebook top BOOK …     # each book's most-mentioned entries

Counting imports each book into a scratch library (the import runs the names pass and its
reading by the rules, which is what is counted); ablating rereads books already imported.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from saadi_desktop.state.entries import Entry, read_entries
from saadi_desktop.state.rulebook import RULES, STAGES, Case, Rule, counting, without

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules.md"
COUNTS = ROOT / "docs" / "rules-counts.json"


def failures(case: Case) -> list[str]:
    """What the rules' reading of ``case.texts`` gets wrong of what the case expects (none when
    it passes)."""
    entries = read_entries(case.texts)

    def entry(name: str) -> Entry | None:
        return next((e for e in entries if name in e.names), None)

    wrong = []
    for group in case.same:
        holders = {entry(name) for name in group}
        if None in holders or len(holders) != 1:
            wrong.append(f"not one entry: {', '.join(group)}")
    for a, b in case.apart:
        first, second = entry(a), entry(b)
        if first is None or second is None or first is second:
            wrong.append(f"not two entries: {a}, {b}")
    wrong += [f"an entry holds {word}" for word in case.absent if entry(word) is not None]
    for name, kind in case.kinds:
        found = entry(name)
        if found is None or found.type != kind:
            wrong.append(f"{name} is not a {kind} ({found.type if found else 'absent'})")
    for name, seqs in case.passages:
        found = entry(name)
        if found is None or found.passages != frozenset(seqs):
            held = sorted(found.passages) if found else "absent"
            wrong.append(f"{name} is not mentioned in passages {list(seqs)} ({held})")
    return wrong


def count(paths: Sequence[Path]) -> dict[str, dict[str, int]]:
    """Rule name → book file name → the rule's decisions in the names pass and its reading,
    for each book file (imported into a scratch library)."""
    from saadi_desktop.library import import_book

    found: dict[str, dict[str, int]] = {rule.name: {} for rule in RULES}
    for path in paths:
        with tempfile.TemporaryDirectory() as library, counting() as counts:
            import_book(path, library=Path(library))
        for rule in RULES:
            found[rule.name][path.name] = counts[rule.name]
    return found


def render(counts: Mapping[str, Mapping[str, int]]) -> str:
    """``docs/rules.md``: each rule, stage by stage, with its decisions on each counted book
    and its golden cases."""
    books = sorted({book for per_book in counts.values() for book in per_book})
    short = [book.removesuffix(".epub") for book in books]
    lines = [
        "# The rules",
        "",
        "Generated from `saadi_desktop/state/rulebook/` by `python -m saadi_desktop.eval.rulebook "
        "docs` (a test fails when this page is stale); the counts are the rule's decisions in "
        "the names pass and its reading with no model on each shared EPUB, written by `python -m "
        "saadi_desktop.eval.rulebook count ../shared/books/epub/*.epub` to "
        "`docs/rules-counts.json`. Each rule's golden cases are held by `tests/test_rulebook.py`,"
        " which also switches each rule off and checks that one of its cases then fails.",
        "",
        f"{len(RULES)} rules. Books: " + ", ".join(f"{n + 1} {s}" for n, s in enumerate(short)),
        "",
    ]
    for stage, title in STAGES.items():
        lines += [f"## {title}", ""]
        for rule in (r for r in RULES if r.stage == stage):
            per_book = counts.get(rule.name, {})
            tally = " · ".join(f"{n + 1}: {per_book.get(b, '?')}" for n, b in enumerate(books))
            lines += [
                f"### `{rule.name}` — {rule.decides}",
                "",
                rule.pattern,
                "",
                f"Decisions per book: {tally}",
                "",
            ]
            for case in rule.cases:
                lines.append(f"- *{case.author}*: " + " ¶ ".join(_passages(case.texts)))
                lines.append(f"  → {_expected(case)}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _passages(texts: Sequence[str]) -> list[str]:
    """The passages of a case, a run of one passage written once with its count ('… (×9)')."""
    runs = [(text, len(list(group))) for text, group in itertools.groupby(texts)]
    return [text if n == 1 else f"{text} (×{n})" for text, n in runs]


def _expected(case: Case) -> str:
    parts = [" = ".join(group) for group in case.same]
    parts += [f"{a} ≠ {b}" for a, b in case.apart]
    parts += [f"no {word}" for word in case.absent]
    parts += [f"{name}: {kind}" for name, kind in case.kinds]
    parts += [
        f"{name} in passages {', '.join(str(seq + 1) for seq in seqs)} only"
        for name, seqs in case.passages
    ]
    return "; ".join(parts)


def ablate(pairs: Sequence[tuple[str, str]], names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """For each rule (or those ``names``) switched off alone: the rules-alone figures of each
    book against its gold, and the decisions it makes with it on."""
    from saadi_desktop.eval.aliases import bench_entities
    from saadi_desktop.library import resolve_book
    from saadi_desktop.state.replay import run_names
    from saadi_desktop.store import BookDB

    golds = [(b, json.loads(Path(g).read_text(encoding="utf-8"))["characters"]) for b, g in pairs]

    def figures() -> dict[str, Any]:
        found = {}
        for book, gold in golds:
            with BookDB.open(resolve_book(book)) as db:
                run_names(db)
                found[book] = bench_entities(db, gold)["rules_alone"]
        return found

    rows = [{"rule": "", "figures": figures()}]
    for rule in RULES:
        if names and rule.name not in names:
            continue
        with without(rule.name):
            rows.append({"rule": rule.name, "figures": figures()})
    figures()  # leave the books as the rules read them
    return rows


def top(book: str, n: int = 30) -> list[dict[str, Any]]:
    """The ``n`` most-mentioned entries of ``book`` (a library book, read anew by the rules with
    no model), as the entity list shows them: name, type, mentions, aliases."""
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading.views import entities
    from saadi_desktop.state.replay import run_names
    from saadi_desktop.store import BookDB

    with BookDB.open(resolve_book(book)) as db:
        run_names(db)
        found = sorted(entities(db), key=lambda e: -e["mentions"])[:n]
    keys = ("name", "type", "mentions", "aliases")
    return [{key: entry[key] for key in keys} for entry in found]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m saadi_desktop.eval.rulebook")
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("count").add_argument("books", nargs="+", type=Path)
    sub.add_parser("docs")
    ablating = sub.add_parser("ablate")
    ablating.add_argument("pairs", nargs="+", metavar="BOOK GOLD")
    ablating.add_argument("--rule", action="append", default=[])
    listing = sub.add_parser("top")
    listing.add_argument("books", nargs="+", metavar="BOOK")
    listing.add_argument("-n", type=int, default=30)
    args = parser.parse_args(argv)
    if args.what == "count":
        COUNTS.write_text(json.dumps(count(args.books), indent=1, sort_keys=True) + "\n")
        print(f"wrote {COUNTS}")
    elif args.what == "docs":
        DOCS.write_text(render(json.loads(COUNTS.read_text())), encoding="utf-8")
        print(f"wrote {DOCS}")
    elif args.what == "top":
        for book in args.books:
            print(f"## {book}")
            for rank, entry in enumerate(top(book, args.n), 1):
                also = f" — {', '.join(entry['aliases'])}" if entry["aliases"] else ""
                print(f"{rank:2d}. {entry['name']} ({entry['type']}, {entry['mentions']}){also}")
    else:
        pairs = list(zip(args.pairs[::2], args.pairs[1::2], strict=True))
        for row in ablate(pairs, args.rule):
            cells = [
                f"{book[:12]} F1 {f['f1']:.3f} B³P {f['b3_precision']:.3f} R {f['recall']:.3f}"
                for book, f in row["figures"].items()
            ]
            print(f"{row['rule'] or '(all on)':32s} " + " | ".join(cells))
    return 0


def rule_named(name: str) -> Rule:
    return next(rule for rule in RULES if rule.name == name)


if __name__ == "__main__":
    sys.exit(main())
