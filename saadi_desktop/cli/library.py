"""The library: ``saadi import``, ``books``, ``show``, ``remove`` and ``append``."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from saadi_desktop.cli.common import book_command, command, json_flag, print_json, print_table
from saadi_desktop.store import BookDB, BookInfo

if TYPE_CHECKING:
    from saadi_desktop.cli.common import Commands


def register(commands: Commands) -> None:
    """Add the library's commands."""
    sub = command(commands, "import", cmd_import, "import a book file (EPUB, PDF or plain text)")
    sub.add_argument("file", metavar="FILE")
    sub.add_argument("--chunk-words", type=int, default=500, help="chunk budget in words")
    json_flag(sub)

    json_flag(command(commands, "books", cmd_books, "list the books in the library"))
    json_flag(book_command(commands, "show", cmd_show, "sections with offsets, chunks and words"))
    json_flag(book_command(commands, "remove", cmd_remove, "remove a book from the library"))

    sub = book_command(
        commands, "append", cmd_append, "append new chapters (a book file) to a growing book"
    )
    sub.add_argument("file", metavar="FILE", help="an EPUB, PDF or text file with the new text")
    json_flag(sub)


def _info_dict(info: BookInfo) -> dict[str, Any]:
    data = asdict(info)
    data["path"] = str(info.path)
    return data


def cmd_import(args: argparse.Namespace) -> int:
    from saadi_desktop.library import import_book

    imported = import_book(args.file, chunk_words=args.chunk_words)
    info = imported.info
    if args.json:
        print_json({**_info_dict(info), "created": imported.created})
    else:
        verb = "imported" if imported.created else "already in the library"
        print(f"{verb}: {info.title} — {info.author or 'unknown author'}")
        print(f"id:   {info.id}\npath: {info.path}\n{info.chunks} chunks, {info.words} words")
    return 0


def cmd_books(args: argparse.Namespace) -> int:
    from saadi_desktop.library import library_dir, list_books

    books = list_books()
    if args.json:
        print_json([_info_dict(info) for info in books])
        return 0
    if not books:
        print(f"no books yet in {library_dir()} (add one with: saadi import FILE)")
        return 0
    rows = [(b.id, b.title, b.author, str(b.chunks), b.index_state) for b in books]
    print_table(("id", "title", "author", "chunks", "index"), rows)
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
        print_json({**_info_dict(info), "sections": rows})
        return 0
    print(f"{info.title} — {info.author or 'unknown author'} [{info.id}]")
    print(f"{info.chunks} chunks, {info.words} words, index: {info.index_state}")
    columns = ("start", "end", "chunks", "words", "matter")
    table = [("  " * (r["level"] - 1) + r["title"], *(str(r[k]) for k in columns)) for r in rows]
    print_table(("section", *columns), table)
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    from saadi_desktop.library import remove_book

    path = remove_book(args.book)
    if args.json:
        print_json({"removed": str(path)})
    else:
        print(f"removed {path.name} (the original file is untouched)")
    return 0


def cmd_append(args: argparse.Namespace) -> int:
    from saadi_desktop.library import append_file
    from saadi_desktop.state.cost import call_counts

    appended = append_file(args.book, args.file)
    with BookDB.open(appended.path) as db:
        info, counts = db.info(), call_counts(db)
    started = counts["done"] > 0
    if args.json:
        print_json({**_info_dict(info), "chunks_added": appended.chunks,
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
