"""``saadi`` with the query embedding as it was before 88e6b9c (torch's default threads for
every call): the before figure of ``saadi bench speed --while-indexing`` in the same conditions.

    python docs/results/while-indexing/before_embed.py bench speed BOOK --while-indexing 4 …
"""

import sys
from collections.abc import Sequence

import numpy as np

from saadi_desktop.search import embed


def embed_on_all_threads(self: embed.MiniLMEmbedder, texts: Sequence[str]) -> embed.Vectors:
    vectors = self._model.encode(
        list(texts), batch_size=32, normalize_embeddings=True, show_progress_bar=False
    )
    return np.asarray(vectors, dtype=np.float32)


embed.MiniLMEmbedder.embed = embed_on_all_threads  # type: ignore[method-assign]

from saadi_desktop.cli import main  # noqa: E402  (after the patch, as it ran)

sys.exit(main(sys.argv[1:]))
