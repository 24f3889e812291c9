"""Embeddings in the book DB: float32 blobs keyed by (content hash, model, window)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from saadi_desktop.store.bookdb import BookDB

Vectors = npt.NDArray[np.float32]


def load_vectors(db: BookDB, model_id: str) -> dict[str, Vectors]:
    """content hash → its window vectors (rows in window order)."""
    grouped: dict[str, list[tuple[int, bytes, int]]] = {}
    for content_hash, window, dim, blob in db.db.execute(
        "SELECT content_hash, window, dim, vector FROM embeddings WHERE model_id = ?",
        (model_id,),
    ):
        grouped.setdefault(content_hash, []).append((window, blob, dim))
    return {
        key: np.stack([np.frombuffer(blob, dtype=np.float32, count=dim) for _, blob, dim in rows])
        for key, rows in ((k, sorted(v)) for k, v in grouped.items())
    }


def save_vectors(db: BookDB, model_id: str, items: Iterable[tuple[str, Vectors]]) -> None:
    rows = [
        (content_hash, model_id, window, int(vector.shape[0]), vector.astype(np.float32).tobytes())
        for content_hash, matrix in items
        for window, vector in enumerate(matrix)
    ]
    with db.transaction():
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO embeddings (content_hash, model_id, window, dim, vector) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )
