"""The per-book SQLite store: schema, migrations, BookDB and the library folder."""

from saadi_desktop.store.bookdb import BookDB, BookInfo, StoredChunk
from saadi_desktop.store.schema import SCHEMA_VERSION, StoreError

__all__ = ["SCHEMA_VERSION", "BookDB", "BookInfo", "StoreError", "StoredChunk"]
