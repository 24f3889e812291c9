"""The docs say what the code does: the command reference is the parsers' own."""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType

from conftest import ROOT


def _make_reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_reference", ROOT / "docs" / "make_reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_command_reference_is_the_parsers_own() -> None:
    """Every command and option of `saadi` and `saadi-desktop` is on docs/reference.md as the
    parsers define it, and nothing else is: regenerate with `python docs/make_reference.py`."""
    reference = _make_reference()
    page = reference.PAGE.read_text("utf-8")
    updated, stale = reference.update(page)
    assert stale == [], f"no such command any more, remove its section: {stale}"
    assert updated == page, "docs/reference.md is out of date: run python docs/make_reference.py"


def test_the_readme_links_every_command_to_its_reference_entry() -> None:
    """The README's command table has one line per command, linking to its entry."""
    names = _make_reference().parsers()
    readme = (ROOT / "README.md").read_text("utf-8")
    reference = (ROOT / "docs" / "reference.md").read_text("utf-8")
    anchors = {re.sub(r"[^\w\- ]", "", h).strip().replace(" ", "-") for h in
               re.findall(r"^## (.+)$", reference, re.M)}  # fmt: skip
    for name in names:
        anchor = name.replace(" ", "-")
        assert anchor in anchors, f"docs/reference.md has no section '## {name}'"
        assert f"(docs/reference.md#{anchor})" in readme, f"the README does not link {name}"


def test_the_docs_link_only_to_files_that_exist() -> None:
    """A relative link in the README or a docs page points at a file of the repository (a page
    another change is still writing, such as docs/rules.md, is listed here until it lands)."""
    pending = {"docs/rules.md"}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text("utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path = (page.parent / target).resolve()
            named = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else target
            assert path.exists() or named in pending, f"{page.name} links to a missing {target}"


def test_every_screenshot_is_shown_or_made_by_a_script() -> None:
    """docs/screenshots/ keeps what the README or a docs page shows and what the docs' scripts
    make (the gallery of docs/make_screenshots.py); git keeps the rest."""
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs").glob("*.py")]
    text = "".join(page.read_text("utf-8") for page in pages)
    shots = sorted((ROOT / "docs" / "screenshots").glob("*.png"))
    unshown = [shot.name for shot in shots if shot.name not in text]
    assert unshown == [], f"no page shows these screenshots: {unshown}"


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    commands = re.findall(r"```(?:sh|bash)\n(.*?)\n```", readme, re.S)
    assert len(commands) >= 2
    assert commands[1].strip() in ci
