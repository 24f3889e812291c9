"""Write the synopsis and options of every command into docs/reference.md, from the parsers.

    python docs/make_reference.py           # rewrite the generated blocks of the page
    python docs/make_reference.py --check   # exit 1 if the page is not what the parsers say

The commands are the ``[project.scripts]`` and ``[project.gui-scripts]`` of pyproject.toml; each
entry point's module has a ``build_parser()`` beside its ``main``. Every leaf command (``saadi
index``, ``saadi bench cost``, ``saadi-desktop``…) has one block on the page between
``<!-- BEGIN generated: NAME -->`` and ``<!-- END generated: NAME -->``; the prose around the
blocks is written by hand and never touched. A command the page lacks gets a section of its own
at the end (its help as the prose, to be written better by hand); a block whose command is gone
is reported, for its section to be removed by hand. ``tests/test_docs.py`` runs ``update`` on
the page and fails unless nothing changes.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reference.md"
BLOCK = re.compile(
    r"<!-- BEGIN generated: (?P<name>[^>]+?) -->\n.*?<!-- END generated: (?P=name) -->", re.S
)


def parsers() -> dict[str, argparse.ArgumentParser]:
    """Every leaf command by its full name, in the parsers' order."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    found: dict[str, argparse.ArgumentParser] = {}
    for group in ("scripts", "gui-scripts"):
        for script, target in project.get(group, {}).items():
            module = importlib.import_module(target.split(":")[0])
            found.update(_leaves(script, module.build_parser()))
    return found


def _leaves(
    name: str, parser: argparse.ArgumentParser
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    subcommands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subcommands:
        yield name, parser
        return
    for action in subcommands:
        for sub, child in action.choices.items():
            yield from _leaves(f"{name} {sub}", child)


def render(name: str, parser: argparse.ArgumentParser) -> str:
    """The generated block of one command: its synopsis and a table of its arguments."""
    actions = [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]
    shown = [a for a in actions if not a.option_strings] + [a for a in actions if a.option_strings]
    grouped = {id(a): g for g in parser._mutually_exclusive_groups for a in g._group_actions}
    synopsis, done = [name], set()
    for action in shown:
        group = grouped.get(id(action))
        if group is not None:
            if id(group) not in done:
                done.add(id(group))
                synopsis.append("[" + " | ".join(_usage(a) for a in group._group_actions) + "]")
        elif action.option_strings and not action.required:
            synopsis.append(f"[{_usage(action)}]")
        else:
            synopsis.append(_usage(action))
    rows = [f"| `{_cell(_usage(a))}` | {_cell(_help(a))} |" for a in shown]
    table = ["| argument | help |", "|---|---|", *rows] if rows else []
    return "\n".join(
        [f"<!-- BEGIN generated: {name} -->", "```", " ".join(synopsis), "```", "", *table,
         f"<!-- END generated: {name} -->"]
    )  # fmt: skip


def _usage(action: argparse.Action) -> str:
    if not action.option_strings:
        word = _metavar(action)
        return f"[{word}]" if action.nargs == "?" else word
    option = max(action.option_strings, key=len)
    if action.nargs == 0:
        return option
    return f"{option} {_metavar(action)}"


def _metavar(action: argparse.Action) -> str:
    if action.metavar is not None:
        return str(action.metavar)
    if action.choices is not None:
        return "|".join(str(c) for c in action.choices)
    return action.dest.upper()


def _help(action: argparse.Action) -> str:
    text = (action.help or "") % {"default": action.default, "prog": ""}
    if isinstance(action, argparse._VersionAction):
        text = text or "print the version and exit"
    elif action.option_strings and action.nargs != 0 and action.default not in (None, ""):
        text = f"{text} (default: {action.default})".strip()
    elif not action.option_strings and action.nargs == "?":
        text = f"{text} (optional)".strip()
    return text


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def update(page: str) -> tuple[str, list[str]]:
    """The page with every generated block as the parsers say now, a section added for each
    command it lacks; and the commands whose blocks are on the page but not in the parsers."""
    current = parsers()
    stale: list[str] = []

    def fresh(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in current:
            stale.append(name)
            return match.group()
        return render(name, current[name])

    page = BLOCK.sub(fresh, page)
    listed = {m["name"] for m in BLOCK.finditer(page)}
    for name, parser in current.items():
        if name not in listed:
            about = parser.description or ""
            page = page.rstrip("\n") + f"\n\n## {name}\n\n{about}\n\n{render(name, parser)}\n"
    return page, stale


def main(argv: list[str]) -> int:
    page = PAGE.read_text("utf-8")
    updated, stale = update(page)
    for name in stale:
        print(f"{PAGE.name}: '{name}' is no command any more: remove its section", file=sys.stderr)
    if "--check" in argv:
        if updated != page:
            print(f"{PAGE.name} is out of date: run python docs/make_reference.py", file=sys.stderr)
        return 1 if updated != page or stale else 0
    if updated != page:
        PAGE.write_text(updated, "utf-8")
        print(f"wrote {PAGE.relative_to(ROOT)}")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
