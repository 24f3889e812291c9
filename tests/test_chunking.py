"""Chunks are exact slices of whole sentences, within the budget, never across a boundary."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saadi_desktop.chunking import chunk_text

WORDS = st.sampled_from(["the", "old", "woman", "Rodion", "said", "“Yes", "no”", "—well", "St."])
SENTENCE = st.builds(
    lambda words, end: " ".join(words) + end,
    st.lists(WORDS, min_size=1, max_size=30),
    st.sampled_from([".", "!", "?", ";", ":", ".”", "", "…"]),
)
TEXT = st.builds(
    lambda paragraphs: "\n\n".join(" ".join(p) for p in paragraphs),
    st.lists(st.lists(SENTENCE, min_size=1, max_size=6), min_size=1, max_size=12),
)


@given(
    text=TEXT,
    budget=st.integers(min_value=1, max_value=60),
    cuts=st.lists(st.floats(min_value=0, max_value=1), max_size=5),
)
def test_chunks_are_exact_ordered_slices_within_budget(
    text: str, budget: int, cuts: list[float]
) -> None:
    boundaries = sorted({int(c * len(text)) for c in cuts})
    chunks = chunk_text(text, boundaries, budget)

    assert [c.seq for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        piece = text[chunk.start : chunk.end]
        assert piece == piece.strip() and piece
        assert chunk.words == len(piece.split()) <= budget
        assert not any(chunk.start < b < chunk.end for b in boundaries)
    for before, after in pairwise(chunks):
        assert before.end <= after.start  # no overlap
        assert not text[before.end : after.start].strip() or any(
            before.end <= b <= after.start for b in boundaries
        )
    # nothing is lost: every non-space character is in exactly one chunk
    covered = "".join(text[c.start : c.end] for c in chunks)
    assert "".join(covered.split()) == "".join(text.split())


@pytest.mark.parametrize(
    ("text", "budget", "pieces"),
    [
        # whole sentences, packed greedily
        (
            "One two three. Four five. Six seven eight nine. Ten.",
            5,
            ["One two three. Four five.", "Six seven eight nine. Ten."],
        ),
        # closing quotes stay with their sentence
        (
            "“Who is it?” she asked. “Me.” He waited.",
            5,
            ["“Who is it?” she asked.", "“Me.” He waited."],
        ),
        # a title or an initial ends no sentence: 'Mrs.' at a chunk's end made the next passage
        # begin with a bare 'Hurst', which the names pass then took for a name of its own
        (
            "She smiled. Mrs. Hurst agreed. M. de Griers and Dr. Zossimov came. So did I. Done.",
            7,
            ["She smiled. Mrs. Hurst agreed.", "M. de Griers and Dr. Zossimov came.",
             "So did I. Done."],
        ),
    ],
)  # fmt: skip
def test_chunks_are_runs_of_whole_sentences(text: str, budget: int, pieces: list[str]) -> None:
    assert [text[c.start : c.end] for c in chunk_text(text, budget=budget)] == pieces


def test_an_over_long_sentence_is_cut_every_budget_words() -> None:
    text = " ".join(f"w{i}" for i in range(25)) + "."
    chunks = chunk_text(text, budget=10)
    assert [c.words for c in chunks] == [10, 10, 5]
    assert "".join(text[c.start : c.end] + " " for c in chunks).strip() == text


def test_paragraph_break_ends_a_sentence_and_boundaries_split() -> None:
    text = "Chapter One\n\nIt was dark\n\nChapter Two\n\nIt was light."
    chunks = chunk_text(text, [text.index("Chapter Two")], budget=100)
    assert [text[c.start : c.end] for c in chunks] == [
        "Chapter One\n\nIt was dark",
        "Chapter Two\n\nIt was light.",
    ]


def test_budget_must_be_positive() -> None:
    import pytest

    with pytest.raises(ValueError):
        chunk_text("text", budget=0)


def test_words_are_whitespace_separated() -> None:
    text = "A  b\tc.\n\nD"
    assert sum(c.words for c in chunk_text(text)) == len(re.findall(r"\S+", text))
