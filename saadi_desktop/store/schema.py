"""Opening a book DB: create the newest schema, or upgrade an older file in one exclusive step.

Like calibre's notes database: one schema file that ends with ``PRAGMA user_version``, and a
numbered upgrade script per version in ``migrations/`` (``0002.sql`` takes version 1 to 2, …).
"""

from __future__ import annotations

import re
import sqlite3
from importlib import resources
from pathlib import Path


class StoreError(Exception):
    """A book database cannot be used; the message names the file and says why."""


def _read(name: str) -> str:
    return resources.files("saadi_desktop.store").joinpath(name).read_text(encoding="utf-8")


def schema_sql() -> str:
    return _read("schema.sql")


SCHEMA_VERSION = int(re.findall(r"PRAGMA user_version = (\d+);", schema_sql())[-1])


def migration_sql(version: int) -> str:
    """The script that upgrades a version ``version - 1`` database to ``version``."""
    return _read(f"migrations/{version:04d}.sql")


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating or upgrading as needed) the book DB at ``path``."""
    try:
        connection = sqlite3.connect(path, timeout=10.0, isolation_level=None)
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA busy_timeout = 10000")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path.name}: not a book database ({error})") from None
    if version > SCHEMA_VERSION:
        connection.close()
        raise StoreError(
            f"{path.name}: this book was saved by a newer version of saadi-desktop "
            f"(schema {version}; this version reads up to {SCHEMA_VERSION}). "
            "Update saadi-desktop to open it."
        )
    if version < SCHEMA_VERSION:
        _create_or_upgrade(connection, path, version)
    return connection


def _create_or_upgrade(connection: sqlite3.Connection, path: Path, version: int) -> None:
    has_tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if version == 0 and has_tables:
        raise StoreError(f"{path.name}: not a book database (unknown tables, no schema version)")
    scripts = (
        [schema_sql()]
        if version == 0
        else [migration_sql(v) for v in range(version + 1, SCHEMA_VERSION + 1)]
    )
    try:
        # One exclusive transaction: a crash mid-upgrade leaves the old version intact.
        connection.execute("BEGIN EXCLUSIVE")
        for script in scripts:
            for statement in _statements(script):
                connection.execute(statement)
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        connection.execute("ROLLBACK")
        raise StoreError(f"{path.name}: cannot upgrade the book database ({error})") from None


def _statements(script: str) -> list[str]:
    """Split a script into statements (executescript would commit our transaction)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip():
                statements.append(current.strip())
            current = ""
    return statements
