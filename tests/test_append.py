"""A growing book: `saadi append BOOK FILE` adds a serial's new chapters as sections, and the
next index run reads only the new passages (one update each) plus the folds that fall due."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import make_epub
from test_builder import run, smart_reply, story

from saadi_desktop.books import BookFormatError, Section
from saadi_desktop.cli import main
from saadi_desktop.library import append_file, import_book
from saadi_desktop.library.growing import BUSY, fitted
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.store import BookDB, StoreError
from saadi_desktop.store import state as store
from saadi_desktop.store.lock import builder_lock

WALK = "Rodion walked to the bridge and looked down at the water for a long while. " * 8
NEW_CHAPTERS = [("Chapter Seven", f"<p>Sonia waited by the canal. {WALK}</p>"),
                ("Chapter Eight", f"<p>Razumihin laughed in the tavern. {WALK}</p>")]  # fmt: skip


@pytest.fixture
def indexed(tmp_path: Path, library: Path) -> Path:
    """Six chapters in short chunks, indexed to the end with the scripted model."""
    path = import_book(make_epub(tmp_path / "s.epub", story(6)), chunk_words=30).info.path
    run(path)
    return path


@pytest.fixture
def sequel(tmp_path: Path) -> Path:
    return make_epub(tmp_path / "sequel.epub", NEW_CHAPTERS, title="Two More Chapters")


def test_append_adds_the_new_chapters_as_sections_and_keeps_every_offset(
    indexed: Path, sequel: Path
) -> None:
    with BookDB.open(indexed) as db:
        text, sections, chunks = db.text(), db.sections(), db.chunks()
    appended = append_file(str(indexed), sequel)
    with BookDB.open(indexed) as db:
        grown, now, after = db.text(), db.sections(), db.chunks()
    assert grown.startswith(text) and after[: len(chunks)] == chunks
    assert appended.sections == ("Chapter Seven", "Chapter Eight")
    assert [s.title for s in now] == [s.title for s in sections] + list(appended.sections)
    seventh = now[len(sections)]
    assert now[len(sections) - 1].end == seventh.start  # chapter six ends where seven starts
    assert now[-1].end == len(grown) and grown[seventh.start :].startswith("Chapter Seven")
    new = after[len(chunks) :]
    assert len(new) == appended.chunks > 2
    assert all(not (c.start < seventh.start < c.end) for c in new)  # no chunk across it
    assert {c.matter for c in new} == {"body"}
    assert [c.section_seq for c in new][-1] == len(now) - 1


def test_the_next_run_reads_only_the_new_passages_and_the_folds_due(
    indexed: Path, sequel: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    with BookDB.open(indexed) as db:
        before, done = len(store.calls(db)), len(store.indexed_chunks(db))
        kept = [s for s in store.summaries(db) if not s.provisional]
    assert main(["append", str(indexed), str(sequel), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["chunks_added"] == said["updates_remaining"] > 2
    assert said["sections_added"] == ["Chapter Seven", "Chapter Eight"]
    monkeypatch.setattr("saadi_desktop.indexing.open_llm",
                        lambda spec="", **_: ScriptedLLM(default=smart_reply))  # fmt: skip
    assert main(["index", str(indexed), "--json"]) == 0
    with BookDB.open(indexed) as db:
        calls = store.calls(db)[before:]
        summaries = store.summaries(db)
    updates = [c for c in calls if c.kind == "update"]
    assert [c.chunk_seq for c in updates] == list(range(done, done + said["chunks_added"]))
    planned = [c for c in calls if c.kind != "retry"]  # a refused answer's retry is apart
    assert len(planned) == said["calls_remaining"]  # the updates, the folds due, the finishing
    assert all(s in summaries for s in kept)  # nothing folded before was recomputed


def test_append_prints_what_was_added_and_what_indexing_it_costs(
    indexed: Path, sequel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book_id = indexed.name.removesuffix(".saadi.db")
    assert main(["append", book_id, str(sequel)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("appended ") and out[0].endswith(
        " passages to A Small Book (Chapter Seven, Chapter Eight)"
    )
    assert out[1].startswith(f"saadi index {book_id} reads only what is new: ")


def test_plain_text_without_a_heading_continues_the_last_chapter(
    indexed: Path, tmp_path: Path
) -> None:
    more = tmp_path / "more.txt"
    more.write_text(f"Sonia waited by the canal.\n\n{WALK}\n", encoding="utf-8")
    with BookDB.open(indexed) as db:
        sections = db.sections()
    appended = append_file(str(indexed), more)
    with BookDB.open(indexed) as db:
        now, text = db.sections(), db.text()
    assert appended.sections == () and appended.chunks > 0  # no made-up "more" chapter
    assert [s.title for s in now] == [s.title for s in sections]
    assert now[-1].end == len(text) and text.endswith(WALK.strip())


def test_new_chapters_go_inside_the_last_part(tmp_path: Path, library: Path) -> None:
    walk = f"\n\n{WALK}\n\n"
    book = tmp_path / "parts.txt"
    book.write_text(f"PART I\n\nCHAPTER I{walk}CHAPTER II{walk}PART II\n\nCHAPTER III{walk}")
    more = tmp_path / "more.txt"
    more.write_text(f"CHAPTER IV{walk}CHAPTER V{walk}")
    path = import_book(book).info.path
    append_file(str(path), more)
    with BookDB.open(path) as db:
        sections, end = db.sections(), len(db.text())
    assert [(s.title, s.level) for s in sections][-4:] == [
        ("PART II", 1), ("CHAPTER III", 2), ("CHAPTER IV", 2), ("CHAPTER V", 2),
    ]  # fmt: skip
    part, third, fourth = sections[-4], sections[-3], sections[-2]
    assert part.end == end and third.end == fourth.start


def test_levels_are_fitted_under_the_books_last_section() -> None:
    book = [Section("Part VI", 1, 0, 100), Section("VIII", 2, 50, 100)]
    added = [Section("Epilogue", 1, 0, 40), Section("I", 2, 10, 40)]
    assert fitted(book, added, 102) == [Section("Epilogue", 2, 102, 142),
                                        Section("I", 3, 112, 142)]  # fmt: skip
    assert fitted([], added, 0) == added
    assert fitted(book, [], 102) == []


def test_append_is_refused_while_the_book_is_indexed_and_names_a_missing_file(
    indexed: Path, sequel: Path, tmp_path: Path
) -> None:
    with builder_lock(indexed), pytest.raises(StoreError, match=BUSY):
        append_file(str(indexed), sequel)
    with pytest.raises(BookFormatError, match=r"gone\.epub: no such file"):
        append_file(str(indexed), tmp_path / "gone.epub")
    with pytest.raises(StoreError, match="no-such-book: no such book"):
        append_file("no-such-book", sequel)
    with BookDB.open(indexed) as db:
        assert "Chapter Seven" not in db.text()
