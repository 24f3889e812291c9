"""The per-book SQLite file: schema and upgrades, WAL, atomic import, duplicates, disk full."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import ROOT, STORY, make_epub

from saadi_desktop.cli import main as cli_main
from saadi_desktop.library import DB_SUFFIX, import_book, list_books, remove_book, resolve_book
from saadi_desktop.store import SCHEMA_VERSION, BookDB, StoreError
from saadi_desktop.store import bookdb as bookdb_module
from saadi_desktop.store.schema import connect

SNAPSHOTS = sorted((ROOT / "tests" / "data").glob("schema_v*.sql"))


def schema_of(path: Path) -> dict[str, object]:
    """Tables, columns, indexes and version, as SQLite reports them (comments aside)."""
    with sqlite3.connect(path) as db:
        query = "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name"
        names = [r[0] for r in db.execute(query)]
        shape: dict[str, object] = {
            name: (
                db.execute(f"PRAGMA table_xinfo('{name}')").fetchall(),
                db.execute(f"PRAGMA index_list('{name}')").fetchall(),
                db.execute(f"PRAGMA foreign_key_list('{name}')").fetchall(),
            )
            for name in names
        }
        shape["version"] = db.execute("PRAGMA user_version").fetchone()[0]
    return shape


def test_every_schema_version_has_a_frozen_snapshot() -> None:
    assert [p.name for p in SNAPSHOTS][-1] == f"schema_v{SCHEMA_VERSION}.sql"


@pytest.mark.parametrize("snapshot", SNAPSHOTS, ids=lambda p: p.stem)
def test_an_old_database_upgrades_to_the_fresh_schema(snapshot: Path, tmp_path: Path) -> None:
    old, fresh = tmp_path / "old.db", tmp_path / "fresh.db"
    with sqlite3.connect(old) as db:
        db.executescript(snapshot.read_text())
    connect(old).close()
    connect(fresh).close()
    assert schema_of(old) == schema_of(fresh)


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    connect(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer version of saadi-desktop"):
        connect(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / f"junk{DB_SUFFIX}"
    path.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a book database"):
        BookDB.open(path)


def test_import_writes_one_wal_database_with_text_sections_and_chunks(
    small_epub: Path, library: Path
) -> None:
    imported = import_book(small_epub)
    assert imported.created
    path = imported.info.path
    assert path.parent == library and path.name.endswith(DB_SUFFIX)
    with BookDB.open(path) as db:
        assert db.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        text = db.text()
        chunks = db.chunks()
        assert [s.title for s in db.sections()] == ["Chapter One", "Chapter Two"]
        assert all(text[c.start : c.end].strip() == text[c.start : c.end] for c in chunks)
        assert db.index_state() == "not indexed"
    assert imported.info.title == "A Small Book" and imported.info.chunks == len(chunks) == 2


def test_importing_the_same_file_twice_keeps_one_book(small_epub: Path, library: Path) -> None:
    first = import_book(small_epub)
    copy = small_epub.with_name("copy.epub")
    copy.write_bytes(small_epub.read_bytes())
    second = import_book(copy)
    assert not second.created and second.info.id == first.info.id
    assert len(list(library.glob(f"*{DB_SUFFIX}"))) == 1


def test_books_are_found_by_id_prefix_path_and_original_file(
    small_epub: Path, library: Path
) -> None:
    info = import_book(small_epub).info
    assert resolve_book(info.id) == resolve_book(info.id[:8]) == info.path
    assert resolve_book(str(info.path)) == resolve_book(str(small_epub)) == info.path
    with pytest.raises(StoreError, match="no such book"):
        resolve_book("nothing-like-this")


def test_a_book_copied_in_under_another_name_opens_by_the_id_it_is_listed_with(
    small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    info = import_book(small_epub).info
    backup = library / f"from-the-backup{DB_SUFFIX}"
    shutil.copyfile(info.path, backup)
    info.path.unlink()
    assert cli_main(["books", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(book["id"], book["path"]) for book in listed] == [(info.id, str(backup))]
    assert cli_main(["show", info.id, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["path"] == str(backup)
    assert resolve_book(info.id) == resolve_book(info.id[:8]) == backup
    assert resolve_book("from-the-backup") == backup  # its file name still works too
    again = import_book(small_epub)  # the original file: found by the hash the DB stores
    assert not again.created and again.info.path == backup
    assert sorted(library.glob(f"*{DB_SUFFIX}")) == [backup]


def test_of_two_files_with_one_id_lookup_picks_one_the_same_way_each_time(
    small_epub: Path, library: Path
) -> None:
    info = import_book(small_epub).info
    copies = [library / f"{name}{DB_SUFFIX}" for name in ("a-copy", "z-copy")]
    for copy in copies:
        shutil.copyfile(info.path, copy)
    assert [book.id for book in list_books()] == [info.id] * 3
    assert resolve_book(info.id) == resolve_book(info.id[:8]) == info.path  # named after it
    remove_book(info.id)
    assert resolve_book(info.id) == resolve_book(info.id[:8]) == copies[0]  # first by name
    remove_book(info.id)
    assert resolve_book(info.id) == copies[1]


def test_a_failed_write_leaves_no_half_written_book(
    small_epub: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(bookdb_module, "_innermost_sections", full_disk)
    with pytest.raises(StoreError, match=r"small\.epub: not enough disk space"):
        import_book(small_epub)
    assert list(library.iterdir()) == []
    assert list_books() == []


def test_remove_deletes_the_database_but_not_the_original(small_epub: Path, library: Path) -> None:
    info = import_book(small_epub).info
    remove_book(info.id)
    assert not info.path.exists() and small_epub.exists()
    assert list_books() == []


def test_a_book_being_indexed_is_not_removed(small_epub: Path, library: Path) -> None:
    from saadi_desktop.store.lock import builder_lock

    info = import_book(small_epub).info
    busy = r"\.db: the book is being indexed; stop the index"
    with builder_lock(info.path), pytest.raises(StoreError, match=busy):  # as an indexer holds it
        remove_book(info.id)
    assert info.path.exists()
    remove_book(info.id)
    assert list(library.iterdir()) == []  # the DB, its WAL files and its lock file are gone


def test_library_lists_books_by_title(tmp_path: Path, library: Path) -> None:
    import_book(make_epub(tmp_path / "b.epub", STORY, title="Zebra Tales"))
    import_book(make_epub(tmp_path / "a.epub", STORY, title="Apple Days"))
    assert [b.title for b in list_books()] == ["Apple Days", "Zebra Tales"]
