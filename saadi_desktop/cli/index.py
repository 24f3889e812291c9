"""``saadi index``: build, resume, replay or upgrade a book's document state. The work is
:func:`saadi_desktop.indexing.run_index`'s."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from saadi_desktop.cli.common import book_command, json_flag

if TYPE_CHECKING:
    from saadi_desktop.cli.common import Commands


def register(commands: Commands) -> None:
    """Add ``index``."""
    sub = book_command(commands, "index", cmd_index, "build or resume the document state")
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
    json_flag(sub)


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
