"""The extractive stand-in for a fold the model could not make, on hand-made passages."""

from __future__ import annotations

from saadi_desktop.state.summaries import extract, is_stand_in

PASSAGES = [
    "It rained. Mr. Darcy rode to Pemberley with his sister, and Mr. Darcy spoke of Pemberley "
    "and its woods all the way. “Yes,” she said.",
    "At Pemberley the housekeeper praised Mr. Darcy to Elizabeth, and Elizabeth listened to the "
    "praise of Pemberley with wonder. The cook baked a pie that nobody ate that afternoon.",
    "Elizabeth walked in the woods of Pemberley and met Mr. Darcy by the stream near the house.",
]


def test_the_stand_in_keeps_the_central_sentences_whole_and_in_order() -> None:
    summary = extract(PASSAGES, 340)
    assert "Mr. Darcy rode to Pemberley" in summary  # 'Mr.' ends no sentence
    assert "housekeeper praised Mr. Darcy" in summary
    assert "pie" not in summary  # about nothing the passages are about
    assert "“Yes,” she said." not in summary  # too short to stand for a passage
    assert summary.index("rode to Pemberley") < summary.index("housekeeper")  # reading order
    assert len(summary) <= 340


def test_the_stand_in_fits_its_limit_and_is_never_empty() -> None:
    assert len(extract(PASSAGES, 120)) <= 120
    assert extract(PASSAGES, 120)
    assert extract(["Yes. No."], 50) == "Yes. No."


def test_a_stand_in_is_recognised_by_either_rule_and_a_summary_is_not() -> None:
    old = " ".join(t.split(". ")[0].strip() + "." for t in PASSAGES)
    assert is_stand_in(extract(PASSAGES, 700), PASSAGES, 700)
    assert is_stand_in(old, PASSAGES, 700)  # what books indexed before 2026-12 hold
    assert not is_stand_in("Darcy shows Elizabeth round Pemberley.", PASSAGES, 700)
