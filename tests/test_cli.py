"""The ``saadi`` command: JSON for scripts, readable tables for people."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from saadi_desktop.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_import_books_show_json(
    small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "import", str(small_epub), "--json")
    imported = json.loads(out)
    assert status == 0 and imported["created"] is True
    assert {"id", "path", "title", "author", "chunks", "words"} <= imported.keys()
    assert Path(imported["path"]).is_file()

    _, out, _ = run(capsys, "books", "--json")
    books = json.loads(out)
    assert [(b["id"], b["title"], b["index_state"]) for b in books] == [
        (imported["id"], "A Small Book", "not indexed")
    ]

    _, out, _ = run(capsys, "show", imported["id"], "--json")
    shown = json.loads(out)
    assert [(s["title"], s["start"], s["end"], s["chunks"]) for s in shown["sections"]] == [
        ("Chapter One", 0, 116, 1),
        ("Chapter Two", 116, 180, 1),
    ]


def test_show_prints_a_readable_table(
    small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "show", str(small_epub))  # a file path imports on first use
    assert status == 0
    assert out.splitlines() == [
        f"A Small Book — Ann Author [{next(library.glob('*.saadi.db')).name[:-9]}]",
        "2 chunks, 34 words, index: not indexed",
        "section      start  end  chunks  words  matter",
        "Chapter One  0      116  1       22     body",
        "Chapter Two  116    180  1       12     body",
    ]


def test_empty_library_says_how_to_add_a_book(
    library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "books")
    assert status == 0 and "saadi import FILE" in out


def test_unknown_book_is_one_clear_error(library: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", "no-such-book")
    assert status == 1 and err == (
        "saadi: error: no-such-book: no such book in the library "
        "(give an id, a .saadi.db or a file)\n"
    )


def test_output_into_a_closed_pipe_ends_quietly(library: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # `saadi books | head` after head has gone
    try:
        done = subprocess.run(
            [sys.executable, "-m", "saadi_desktop.cli", "books"],
            stdout=writer, stderr=subprocess.PIPE, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


def test_help_is_instant_and_needs_no_heavy_imports() -> None:
    code = (
        "import sys; from saadi_desktop.cli import build_parser; build_parser(); "
        "heavy = {'torch', 'llama_cpp', 'sentence_transformers', 'PySide6'} & set(sys.modules); "
        "print(sorted(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


KAFKA = (
    "<p>Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem "
    "Bett zu einem ungeheueren Ungeziefer verwandelt. „Gregor“, rief die Mutter aus der Küche, "
    "und Grete brachte ihm die Milch. Der Vater las die Zeitung am Tisch, und die Schwester "
    "sah aus dem Fenster auf die Straße.</p>"
)


def test_a_book_in_another_language_lists_no_capitalised_noun(
    tmp_path: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """German capitalises every noun, and the names pass knows a name by its capital: a book
    marked German gets no names before indexing, and the list says why. The same text marked
    English is read."""
    from conftest import make_epub

    listed = {}
    for language in ("de", "en"):
        source = make_epub(tmp_path / f"{language}.epub", [("Eins", KAFKA)], title=language,
                           language=language)  # fmt: skip
        _, out, _ = run(capsys, "import", str(source), "--json")
        book = json.loads(out)["id"]
        _, out, _ = run(capsys, "entities", book, "--json")
        listed[language] = {e["name"] for e in json.loads(out)}
        status, out, _ = run(capsys, "entities", book)
        assert status == 0 and ("this book is in German" in out) == (language == "de")
    assert listed["de"] == set()
    assert "Gregor" in listed["en"]


def test_the_shared_german_lecture_notes_list_no_names(
    library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real case: a German PDF of lecture notes on topology, whose names pass would list
    'Abbildung', 'Bemerkung' and 'Beweis' as its most mentioned entities."""
    from test_import_pdf import THOMA, shared

    _, out, _ = run(capsys, "import", str(shared(THOMA)), "--json")
    book = json.loads(out)["id"]
    status, out, _ = run(capsys, "entities", book)
    assert status == 0
    assert out.splitlines() == [
        "no entities yet (run: saadi index BOOK)",
        "Names are read before indexing from English books only; this book is in German, so "
        "its people and places are listed as the model indexes them.",
    ]


def test_index_estimate_entities_and_outline_through_the_cli(
    tmp_path: Path,
    library: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from conftest import make_epub
    from test_builder import smart_reply, story

    from saadi_desktop import indexing
    from saadi_desktop.llm.scripted import ScriptedLLM

    monkeypatch.setattr(indexing, "open_llm", lambda spec: ScriptedLLM(default=smart_reply))
    source = make_epub(tmp_path / "story.epub", story(3))
    _, out, _ = run(capsys, "import", str(source), "--chunk-words", "30", "--json")
    book = json.loads(out)["id"]

    status, out, _ = run(capsys, "index", book, "--estimate", "--json")
    estimate = json.loads(out)
    assert status == 0 and estimate["calls_remaining"] == estimate["calls_total"] > 6

    status, out, _ = run(capsys, "index", book, "--limit", "2", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [e["chunk"] for e in lines if e["kind"] == "progress"] == [1, 2]
    assert {"total", "calls", "tokens_per_s", "eta_s"} <= lines[0].keys()
    assert lines[-1]["kind"] == "done" and lines[-1]["index_state"].endswith("%")

    run(capsys, "index", book, "--json")  # resumes and finishes
    _, out, _ = run(capsys, "books", "--json")
    assert json.loads(out)[0]["index_state"] == "done"

    _, out, _ = run(capsys, "entities", book, "--json")
    names = {e["name"] for e in json.loads(out) if e["source"] == "llm"}
    assert {"Alyona Ivanovna", "Rodion", "Lizaveta", "Razumihin"} <= names
    _, out, _ = run(capsys, "entities", book, "--until", "0", "--json")
    early = {e["name"] for e in json.loads(out) if e["source"] == "llm"}
    assert early == {"Alyona Ivanovna", "Rodion"}  # the first chunk: no spoilers from later

    _, out, _ = run(capsys, "outline", book, "--json")
    tree = json.loads(out)
    assert tree and all({"level", "start", "end", "text"} <= node.keys() for node in tree)
    status, out, _ = run(capsys, "outline", book)
    assert status == 0 and "[level 1," in out


def test_index_with_a_broken_model_file_fails_before_any_work(
    tmp_path: Path, small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "model.gguf"
    bad.write_bytes(b"definitely not a model")
    status, _, err = run(capsys, "index", str(small_epub), "--model", str(bad))
    assert (
        status == 1
        and err == "saadi: error: model: model.gguf: not a GGUF model file (wrong signature)\n"
    )
    _, out, _ = run(capsys, "books", "--json")
    assert json.loads(out)[0]["index_state"] == "not indexed"
