"""What the reader sees as of a reading position: ``saadi entities``, ``outline``, ``who``,
``recap`` and ``residuals``. The work is in :mod:`saadi_desktop.reading` (imported when a command
runs, so ``saadi --help`` stays instant)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from saadi_desktop.cli.common import book_command, json_flag, print_json
from saadi_desktop.store import BookDB

if TYPE_CHECKING:
    from saadi_desktop.books import Section
    from saadi_desktop.cli.common import Commands
    from saadi_desktop.reading.who import Card
    from saadi_desktop.store import StoredChunk


def register(commands: Commands) -> None:
    """Add the reading commands."""
    for name, handler, help_text in (
        ("entities", cmd_entities, "entity records as of a reading position"),
        ("outline", cmd_outline, "the summary tree as of a reading position"),
    ):
        sub = book_command(commands, name, handler, help_text)
        sub.add_argument("--until", type=int, metavar="POS")
        json_flag(sub)

    sub = book_command(commands, "who", cmd_who, "who a name or alias is, as of a reading position")
    sub.add_argument(
        "name", metavar="NAME", help="a name or alias ('Raskolnikov', 'the old woman')"
    )
    sub.add_argument("--until", type=int, metavar="POS")
    json_flag(sub)
    sub = book_command(commands, "recap", cmd_recap, "the story so far, as of a reading position")
    sub.add_argument("--until", type=int, metavar="POS")
    json_flag(sub)

    sub = book_command(
        commands, "residuals", cmd_residuals, "the SCT extractive residual tree (no model)"
    )
    sub.add_argument("--depth", type=int, metavar="D", help="show nodes down to depth D only")
    json_flag(sub)


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
        print_json(found)
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
        print_json(nodes)
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


def cmd_who(args: argparse.Namespace) -> int:
    """The card of the entity that best answers to NAME; exit status 1 when none does."""
    from saadi_desktop.library import resolve_book
    from saadi_desktop.reading import views
    from saadi_desktop.reading.who import card, known_entities, lookup

    with BookDB.open(resolve_book(args.book)) as db:
        limit = views.chunk_at(db, args.until)
        found = lookup(known_entities(db, args.until), args.name)
        chunks, sections = db.chunks(), db.sections()
    best = card(found[0], at_chunk=None, others=found[1:]) if found else None
    shown = _card_json(best, chunks, sections) if best else None
    if args.json:
        print_json({"query": args.name, "until": args.until, "limit_chunk": limit,
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

    with BookDB.open(resolve_book(args.book)) as db:
        told = recap(db, args.until)
        sections = db.sections()
    if args.json:
        print_json({**asdict(told), "extracts_only": told.extracts_only})
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


def cmd_residuals(args: argparse.Namespace) -> int:
    from saadi_desktop.library import resolve_book
    from saadi_desktop.residuals import ensure_residuals
    from saadi_desktop.store.tree import residual_rows

    with BookDB.open(resolve_book(args.book)) as db:
        ensure_residuals(db)  # a book imported before the tree existed
        rows, titles = residual_rows(db), [s.title for s in db.sections()]
    shown = [r for r in rows if args.depth is None or r.depth <= args.depth]
    if args.json:
        print_json(
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
