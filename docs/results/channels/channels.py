"""Which channel wins or loses a question: hit@10 (every evidence quote in the top 10, as
`saadi bench retrieval`) of the base retriever alone, text + memory, text + summary and all three
(the fusion's weights 1, 0.5, 0.3), and each question whose hit differs between them, with the
rank of its last evidence chunk under each.

    python docs/results/channels/channels.py BOOK.saadi.db QUESTIONS.jsonl
"""

import sys
from pathlib import Path
from typing import Any

import numpy as np

from saadi_desktop.cli.bench import _questions, _searcher
from saadi_desktop.eval.metrics import oracle_rankings, score_ranking
from saadi_desktop.search.fusion import fuse
from saadi_desktop.store import BookDB

SETS = {
    "text": {"text": 1.0},
    "text+memory": {"text": 1.0, "memory": 0.5},
    "text+summary": {"text": 1.0, "summary": 0.3},
    "fused": {"text": 1.0, "memory": 0.5, "summary": 0.3},
}


def channel_ranks(
    searcher: Any, questions: list[Any], retriever: str
) -> tuple[dict[str, dict[str, Any]], list[dict[str, int]]]:
    """Each channel set's scores (`score_ranking`: hit@10 overall and by category, as `saadi bench
    retrieval`), and per question the rank of its last evidence chunk under each set."""
    spans = [(c.start, c.end) for c in searcher.corpus.chunks]
    rankings: dict[str, list[list[tuple[int, int]]]] = {name: [] for name in SETS}
    ranks: list[dict[str, int]] = []
    for question, evidence in zip(questions, oracle_rankings(questions, spans), strict=True):
        raw, _, _ = searcher.channel_scores(question.question, None, retriever, list(SETS["fused"]))
        ranks.append({})
        for name, weights in SETS.items():
            fused, _ = fuse({k: raw[k] for k in weights}, weights)
            order = np.lexsort((np.arange(len(fused)), -fused))
            rankings[name].append([spans[i] for i in order[:20]])
            position = {int(i): r + 1 for r, i in enumerate(order)}
            ranks[-1][name] = max(position[spans.index(e)] for e in evidence)
    text = searcher.corpus.text
    return {n: score_ranking(text, questions, r) for n, r in rankings.items()}, ranks


def main() -> None:
    with BookDB.open(Path(sys.argv[1])) as db:
        questions = _questions(Path(sys.argv[2]), db)
        searcher = _searcher(db, dense=True)
    for retriever in ("bm25", "dense"):
        scores, ranks = channel_ranks(searcher, questions, retriever)
        print(retriever, "  ".join(f"{n} {s['hit@10']:.3f}" for n, s in scores.items()))
        for question, rank in zip(questions, ranks, strict=True):
            if len({r <= 10 for r in rank.values()}) > 1:
                shown = "  ".join(f"{n} {r}" for n, r in rank.items())
                print(f"  {question.id} ({question.category}): {shown}")


if __name__ == "__main__":
    main()
