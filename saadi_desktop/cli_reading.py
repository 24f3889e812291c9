"""``saadi who`` and ``saadi recap``: the reader's "Who is this?" card and "Where was I?" recap,
for scripts and tests. The work is in :mod:`saadi_desktop.reading.who` and
:mod:`saadi_desktop.reading.recap` (imported when a command runs, so ``saadi --help`` stays
instant)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saadi_desktop.books import Section
    from saadi_desktop.reading.who import Card
    from saadi_desktop.store import StoredChunk

BookCommand = Callable[[str, Callable[[argparse.Namespace], int], str], argparse.ArgumentParser]


def register(book_command: BookCommand) -> None:
    """Add ``who`` and ``recap`` to the parser through ``cli.build_parser``'s helper."""
    sub = book_command("who", cmd_who, "who a name or alias is, as of a reading position")
    sub.add_argument(
        "name", metavar="NAME", help="a name or alias ('Raskolnikov', 'the old woman')"
    )
    sub.add_argument("--until", type=int, metavar="POS")
    sub.add_argument("--json", action="store_true", help="print JSON")
    sub = book_command("recap", cmd_recap, "the story so far, as of a reading position")
    sub.add_argument("--until", type=int, metavar="POS")
    sub.add_argument("--json", action="store_true", help="print JSON")


def register_bench(bench: Any) -> None:
    """Add ``bench card`` to the ``bench`` subcommands."""
    sub = bench.add_parser("card", help="how long a Who is this? card takes after a click (ms)")
    sub.set_defaults(handler=cmd_bench_card)
    sub.add_argument("book", metavar="BOOK", help="a book id, a .saadi.db path or a book file")
    sub.add_argument("--until", type=int, metavar="POS", help="read up to here (default: half)")
    sub.add_argument("--clicks", type=int, default=50, metavar="N", help="names to click")
    sub.add_argument(
        "--stand-in", action="store_true",
        help="index a copy of the whole book with the stand-in model (llm/demo.py) first",
    )  # fmt: skip
    sub.add_argument("--json", action="store_true", help="print JSON")


def cmd_bench_card(args: argparse.Namespace) -> int:
    from saadi_desktop.ui.bench.card import bench_card

    report = bench_card(args.book, until=args.until, clicks=args.clicks, stand_in=args.stand_in)
    if args.json:
        _print_json(report)
        return 0
    print(f"{report['book']} up to {report['where']} ({report['entities']} entities"
          f"{', stand-in index' if report['stand_in'] else ''})")  # fmt: skip
    print(f"{report['clicks']} clicks on {len(report['names'])} names: click → card shown "
          f"p50 {report['p50_ms']} ms, p95 {report['p95_ms']} ms, max {report['max_ms']} ms; "
          f"the first card {report['first_ms']} ms")  # fmt: skip
    return 0


def cmd_who(args: argparse.Namespace) -> int:
    """The card of the entity that best answers to NAME; exit status 1 when none does."""
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading import views
    from saadi_desktop.reading.who import card, known_entities, lookup
    from saadi_desktop.store import BookDB

    with BookDB.open(resolve_book(args.book)) as db:
        limit = views.chunk_at(db, args.until)
        found = lookup(known_entities(db, args.until), args.name)
        chunks, sections = db.chunks(), db.sections()
    best = card(found[0], at_chunk=None, others=found[1:]) if found else None
    shown = _card_json(best, chunks, sections) if best else None
    if args.json:
        _print_json({"query": args.name, "until": args.until, "limit_chunk": limit,
                     "card": shown, "others": shown["others"] if shown else []})  # fmt: skip
    elif shown is None:
        print(f"nobody called “{args.name}” is known {_scope(args.until, sections)}")
    else:
        _print_card(shown, args.until, sections)
    return 0 if found else 1


def cmd_recap(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading.recap import recap
    from saadi_desktop.reading.who import kind_label
    from saadi_desktop.store import BookDB

    with BookDB.open(resolve_book(args.book)) as db:
        told = recap(db, args.until)
        sections = db.sections()
    if args.json:
        _print_json({**asdict(told), "extracts_only": told.extracts_only})
        return 0
    print(f"Where was I? — {_scope(args.until, sections)}")
    if not told.parts:
        print("\nnothing to recap yet: this is the start of the book")
    for part in told.parts:
        kind = _whose(part.form, part.level, part.extract)
        print(f"\n[{part.where} · {kind}]\n{part.text}")
        for _start, _end, key in part.keys if not part.extract else ():
            print(f"  “{key}”")
    if told.people:
        print("\nIn the last passages:")
        for seen in told.people:
            note = f" — {seen.note}" if seen.note else ""
            print(f"  {seen.name} ({kind_label(seen.type, seen.by_name_only)}){note}")
    return 0


def _whose(form: str, level: int, extract: bool) -> str:
    """Whose words a recap part is, and what they are."""
    if extract or form == "extract":
        return "extracts from the book"
    if form == "headline":
        return f"headline by the model, level {level}"
    if form == "list":
        return f"the model's headlines of its parts, level {level}"
    return f"summary by an earlier version, level {level}"


def _card_json(
    card: Card, chunks: Sequence[StoredChunk], sections: Sequence[Section]
) -> dict[str, Any]:
    from saadi_desktop.reading.trail import section_trail

    def mention(seq: int | None) -> dict[str, Any] | None:
        if seq is None:
            return None
        chunk = chunks[seq]
        return {"chunk": seq, "start": chunk.start, "end": chunk.end,
                "where": section_trail(sections, chunk.start)}  # fmt: skip

    first = mention(card.first)
    return {
        "key": card.key,
        "name": card.name,
        "type": card.type,
        "source": "names" if card.by_name_only else "llm",
        "aliases": list(card.aliases),
        "notes": list(card.notes),
        "mentions": len(card.mentions),
        "first_met": first["where"] if first else None,
        "first_mention": first,
        "last_mention": mention(card.previous),
        "mention_chunks": list(card.mentions),
        "others": [{"key": key, "name": name} for key, name in card.others],
    }


def _print_card(shown: dict[str, Any], until: int | None, sections: Sequence[Section]) -> None:
    from saadi_desktop.reading.who import kind_label

    count = shown["mentions"]
    kind = kind_label(shown["type"], shown["source"] == "names")
    print(f"{shown['name']} — {kind}, in {count} passage{'s' * (count != 1)} "
          f"{_scope(until, sections)}")  # fmt: skip
    if shown["first_met"]:
        print(f"first met in {shown['first_met']} (position {shown['first_mention']['start']})")
    if shown["source"] == "names":
        print("found by name only: the model has not described this name yet")
    if shown["aliases"]:
        print(f"also called (latest first): {', '.join(shown['aliases'])}")
    if shown["notes"]:
        print("notes (latest first):")
        for note in shown["notes"]:
            print(f"  - {note}")
    last = shown["last_mention"]
    if last and count > 1:
        print(f"last mention: {last['where']} (position {last['start']})")
    if shown["others"]:
        print(f"also answering to this name: {', '.join(o['name'] for o in shown['others'])}")


def _scope(until: int | None, sections: Sequence[Section]) -> str:
    from saadi_desktop.reading.trail import section_trail

    if until is None:
        return "in the whole book (no --until: spoilers included)"
    return f"up to {section_trail(sections, until, fallback=f'position {until}')}"


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, default=str))
    sys.stdout.flush()
