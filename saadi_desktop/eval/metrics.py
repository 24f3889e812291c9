"""Retrieval metrics (eval/README.md): locate every evidence quote in the canonical text, then
score a ranking by strict hit@k, any-quote hit@k and evidence coverage@k; the oracle; the paired
bootstrap."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

KS = (1, 5, 10)
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'"})
_INVISIBLE = dict.fromkeys(map(ord, "\u2060\u200b\u200c\u200d\u00ad\ufeff"))


class QuestionFileError(Exception):
    """A question file is malformed or one of its quotes is not in the book."""


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    evidence: tuple[tuple[int, int], ...]  # located quotes: canonical [start, end)
    category: str


def normalise(text: str) -> tuple[str, list[int]]:
    """The README's one normalisation (NFKC, invisible characters dropped, curly quotes folded,
    whitespace runs collapsed) and, for each output character, its offset in ``text``."""
    out: list[str] = []
    where: list[int] = []
    for offset, char in enumerate(text):
        for piece in unicodedata.normalize("NFKC", char).translate(_INVISIBLE).translate(_QUOTES):
            if piece.isspace():
                if out and out[-1] == " ":
                    continue
                piece = " "
            out.append(piece)
            where.append(offset)
    return "".join(out), where


def load_questions(path: Path, canonical: str) -> list[Question]:
    """Read a question file and locate its quotes; an unlocatable quote is an error by name."""
    haystack, where = normalise(canonical)
    questions: list[Question] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise QuestionFileError(f"{path.name}: cannot be read ({error.strerror})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            spans = tuple(_locate(q, haystack, where, item["id"]) for q in item["evidence"])
            questions.append(Question(str(item["id"]), item["question"], spans,
                                      str(item.get("category", "all"))))  # fmt: skip
        except (ValueError, KeyError, TypeError) as error:
            raise QuestionFileError(f"{path.name}, line {number}: {error}") from None
    return questions


def _locate(quote: str, haystack: str, where: list[int], qid: str) -> tuple[int, int]:
    needle = normalise(quote)[0].strip()
    found = haystack.find(needle)
    if found < 0 or not needle:
        raise ValueError(f"question {qid}: evidence quote not found in the book: {quote[:60]!r}")
    return where[found], where[found + len(needle) - 1] + 1


def coverage(text: str, quote: tuple[int, int], spans: Sequence[tuple[int, int]]) -> float:
    """Fraction of the quote's non-space characters inside the spans (whitespace between two
    adjacent chunks belongs to neither and is ignored)."""
    start, end = quote
    covered = np.zeros(end - start, dtype=bool)
    for s, e in spans:
        lo, hi = max(s, start), min(e, end)
        if lo < hi:
            covered[lo - start : hi - start] = True
    solid = np.array([not c.isspace() for c in text[start:end]], dtype=bool)
    return float(covered[solid].mean()) if solid.any() else 1.0


def score_ranking(
    text: str, questions: Sequence[Question], rankings: Sequence[Sequence[tuple[int, int]]]
) -> dict[str, Any]:
    """Metrics of one method: ``rankings[i]`` is the ranked chunk spans for question i."""
    rows = [_question_metrics(text, q, r) for q, r in zip(questions, rankings, strict=True)]
    result = _mean(rows)
    result["by_category"] = {
        category: _mean(
            [row for row, q in zip(rows, questions, strict=True) if q.category == category]
        )
        for category in sorted({q.category for q in questions})
    }
    result["per_question"] = rows
    return result


def _question_metrics(
    text: str, question: Question, ranking: Sequence[tuple[int, int]]
) -> dict[str, float]:
    metrics: dict[str, float] = {}
    for k in (*KS, *range(1, 21)):
        fractions = [coverage(text, quote, ranking[:k]) for quote in question.evidence]
        metrics[f"hit@{k}"] = float(all(f >= 1.0 for f in fractions))
        metrics[f"hit_any@{k}"] = float(any(f >= 1.0 for f in fractions))
        metrics[f"coverage@{k}"] = float(np.mean(fractions))
    return metrics


def _mean(rows: Sequence[dict[str, float]]) -> dict[str, Any]:
    if not rows:
        return {}
    return {key: round(float(np.mean([r[key] for r in rows])), 4) for key in rows[0]}


def oracle_rankings(
    questions: Sequence[Question], chunks: Sequence[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """The best attainable ranking: the chunks that hold each quote, fewest first."""
    result = []
    for question in questions:
        needed: list[tuple[int, int]] = []
        for start, end in question.evidence:
            for span in chunks:
                if span[0] < end and start < span[1] and span not in needed:
                    needed.append(span)
        result.append(needed)
    return result


def paired_bootstrap(
    a: Sequence[float], b: Sequence[float], *, resamples: int = 10_000, seed: int = 0
) -> dict[str, float]:
    """Mean of a − b over questions with a 95% interval from resampling questions."""
    diff = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    rng = np.random.default_rng(seed)
    means = diff[rng.integers(0, len(diff), size=(resamples, len(diff)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return {"diff": round(float(diff.mean()), 4), "low": round(float(low), 4),
            "high": round(float(high), 4)}  # fmt: skip
