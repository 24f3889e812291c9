"""The ``saadi`` command. Every failure is one line on stderr and a non-zero exit, never a
traceback; ``--json`` prints data for scripts and tests.

The parser is assembled here from one module per command group (:mod:`.library`,
:mod:`.index`, :mod:`.search`, :mod:`.reading`, :mod:`.bench`); each module adds its commands
and holds their handlers, which import the heavy work only when they run."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from saadi_desktop import __version__
from saadi_desktop.books import BookFormatError
from saadi_desktop.cli import bench, index, library, reading, search
from saadi_desktop.cli.common import Handler
from saadi_desktop.store import StoreError


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
    library.register(commands)  # import, books, show, remove, append
    index.register(commands)
    search.register(commands)
    reading.register(commands)  # entities, outline, who, recap, residuals
    bench.register(commands, parser)
    return parser


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
