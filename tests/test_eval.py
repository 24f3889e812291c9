"""Evaluation metrics against small hand-computed cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saadi_desktop.eval.aliases import score_aliases
from saadi_desktop.eval.retrieval import (
    Question,
    QuestionFileError,
    coverage,
    load_questions,
    normalise,
    oracle_rankings,
    paired_bootstrap,
    score_ranking,
)

TEXT = "Alpha beta gamma.\n\nDelta epsilon zeta.\n\nEta theta iota."
CHUNKS = [(0, 17), (19, 38), (40, 55)]


def test_normalisation_maps_back_to_canonical_offsets() -> None:
    text = "He said \u201cno\u201d\u2060\u2014  then\n\nleft."
    flat, where = normalise(text)
    assert flat == 'He said "no"\u2014 then left.'
    assert text[where[flat.index("then")] :].startswith("then")


def test_quotes_are_located_and_an_unknown_one_is_named(tmp_path: Path) -> None:
    good = tmp_path / "q.jsonl"
    good.write_text(json.dumps({"id": "q1", "question": "?", "evidence": ["epsilon  zeta"],
                                "category": "plain"}) + "\n")  # fmt: skip
    [question] = load_questions(good, TEXT)
    assert TEXT[slice(*question.evidence[0])] == "epsilon zeta"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "q9", "question": "?", "evidence": ["omega"]}) + "\n")
    with pytest.raises(QuestionFileError, match="q9: evidence quote not found"):
        load_questions(bad, TEXT)


def test_a_quote_straddling_two_chunks_needs_both() -> None:
    quote = (TEXT.index("gamma"), TEXT.index("epsilon") + len("epsilon"))
    assert coverage(TEXT, quote, [CHUNKS[0]]) == pytest.approx(6 / 18)  # "gamma." of 18 solid
    assert coverage(TEXT, quote, CHUNKS[:2]) == 1.0  # the blank line between them is ignored


def test_hit_rates_and_coverage_for_several_quotes() -> None:
    two = Question("q", "?", ((0, 5), (40, 43)), "multi_hop")  # "Alpha" and "Eta"
    one = Question("p", "?", ((19, 24),), "plain")  # "Delta"
    ranking_two = [CHUNKS[0], CHUNKS[1], CHUNKS[2]]
    ranking_one = [CHUNKS[2], CHUNKS[1]]
    report = score_ranking(TEXT, [two, one], [ranking_two, ranking_one])
    assert report["by_category"]["multi_hop"]["hit@1"] == 0.0  # strict: both quotes
    assert report["by_category"]["multi_hop"]["hit_any@1"] == 1.0
    assert report["by_category"]["multi_hop"]["coverage@1"] == 0.5
    assert report["by_category"]["multi_hop"]["hit@5"] == 1.0
    assert report["by_category"]["plain"]["hit@1"] == 0.0
    assert report["by_category"]["plain"]["hit@5"] == 1.0
    assert report["hit@5"] == 1.0 and report["hit@1"] == 0.0
    oracle = oracle_rankings([two, one], CHUNKS)
    assert oracle == [[CHUNKS[0], CHUNKS[2]], [CHUNKS[1]]]


def test_paired_bootstrap_is_fixed_by_its_seed() -> None:
    a, b = [1, 1, 0, 1, 1], [0, 1, 0, 0, 1]
    first, second = paired_bootstrap(a, b), paired_bootstrap(a, b)
    assert first == second and first["diff"] == 0.4 and first["low"] <= 0.4 <= first["high"]


def test_alias_scores_by_hand() -> None:
    gold = [
        {"canonical": "Elizabeth", "aliases": ["Elizabeth", "Lizzy", "Eliza"], "category": "major"},
        {"canonical": "Jane", "aliases": ["Jane", "Miss Bennet"], "category": "major"},
        {"canonical": "Darcy", "aliases": ["Darcy", "Mr. Darcy"], "category": "minor"},
    ]
    records = {
        "1": ["Elizabeth", "Lizzy", "the girl"],  # 2 of 3 aliases; 1 wrong alias
        "2": ["Jane", "Miss Bennet", "Eliza"],  # Jane's; holds Elizabeth's "Eliza" (a split)
        "3": ["Mr. Darcy"],
    }
    report = score_aliases(records, gold)["overall"]
    assert report["recall"] == round(5 / 7, 4)
    assert report["precision"] == round(5 / 7, 4)  # 7 aliases on matched records, 5 belong
    assert (report["merges"], report["splits"]) == (0, 1)
