"""What every command group shares: adding a command, ``--json`` and printing, and opening the
model and the embedder (imported when a command runs, so ``saadi --help`` stays instant)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from saadi_desktop.store import StoreError

if TYPE_CHECKING:
    from typing import TypeAlias

    Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

Handler = Callable[[argparse.Namespace], int]


def command(
    commands: Commands, name: str, handler: Handler, help_text: str
) -> argparse.ArgumentParser:
    """Add the command NAME; its help is also its description."""
    sub = commands.add_parser(name, help=help_text, description=help_text)
    sub.set_defaults(handler=handler)
    return sub


def book_command(
    commands: Commands, name: str, handler: Handler, help_text: str
) -> argparse.ArgumentParser:
    """Add a command whose first argument is a book."""
    sub = command(commands, name, handler, help_text)
    sub.add_argument("book", metavar="BOOK", help="a book id, a .saadi.db path or a book file")
    return sub


def json_flag(parser: argparse.ArgumentParser) -> None:
    """Add ``--json``: print data for scripts and tests instead of text."""
    parser.add_argument("--json", action="store_true", help="print JSON")


def print_json(value: Any) -> None:
    """One line of JSON; dates and paths as strings."""
    print(json.dumps(value, ensure_ascii=False, indent=None, default=str))


def print_report(report: dict[str, Any], as_json: bool, width: int) -> None:
    """A benchmark's figures: one line of JSON, or ``key: value`` lines, keys right-aligned."""
    if as_json:
        print_json(report)
        return
    for key, value in report.items():
        print(f"{key:>{width}}: {value}")


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Columns padded to their widest cell, no trailing spaces."""
    widths = [
        max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)
    ]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def help_handler(parser: argparse.ArgumentParser) -> Handler:
    """A handler that prints PARSER's help (for a command group run without a command)."""

    def show(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return show


def open_model(spec: str | None) -> Any:
    """The model SPEC names (a GGUF file or a server URL), or the remembered one; a model that
    cannot open is one error line."""
    from saadi_desktop.llm import LLMError, open_llm, remembered_model

    try:
        return open_llm(spec if spec is not None else remembered_model())
    except LLMError as error:
        raise StoreError(f"model: {error}") from None


def open_embedder(retriever: str) -> Any:
    """The sentence embedder RETRIEVER needs, None for BM25 (which needs none)."""
    if retriever == "bm25":
        return None
    from saadi_desktop.search.embed import MiniLMEmbedder

    return MiniLMEmbedder()


def embed_progress(event: dict[str, Any]) -> None:
    """Embedding progress on one stderr line."""
    print(f"\rembedding {event['embedded']} of {event['total']}", end="", file=sys.stderr)
    if event["embedded"] == event["total"]:
        print(file=sys.stderr)
