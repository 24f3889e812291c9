"""The pure parts of the reading tools: entity filters, names in a passage, the outline tree,
back and forward, and the stand-in model the screenshots use."""

from __future__ import annotations

from pathlib import Path

from conftest import make_epub

from saadi_desktop.library import import_book
from saadi_desktop.llm.demo import names_model, names_reply
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.ui import operations
from saadi_desktop.ui.notes import (
    EntityEntry,
    OutlineNode,
    group_outline,
    matches,
    mention_highlights,
    name_spans,
)
from saadi_desktop.ui.reader.history import ReadingHistory

ALYONA = EntityEntry("1", "Alyona Ivanovna", "person", ("the old woman",), (), (0, 3))
BRIDGE = EntityEntry("n4", "K— Bridge", "name", (), (), (2,), by_name_only=True)
HARRY = EntityEntry("n2", "Lord Henry Wotton", "person", ("Harry",), (), (1,), by_name_only=True)


def test_the_filter_matches_type_and_any_name() -> None:
    assert matches(ALYONA, "", None) and matches(ALYONA, "", "person")
    assert not matches(ALYONA, "", "place")
    assert matches(ALYONA, "OLD wom", None)  # an alias, any case
    assert matches(ALYONA, " ivan ", "person")
    assert not matches(ALYONA, "rodion", None)
    assert matches(BRIDGE, "bridge", "name")
    # a person the rules read from the names alone is a person, and found by name only
    assert matches(HARRY, "harry", "person") and matches(HARRY, "", "name")
    assert not matches(ALYONA, "", "name") and not matches(HARRY, "", "place")


def test_names_are_found_as_whole_words_longest_first() -> None:
    text = "The old  woman, Alyona\nIvanovna, said: Alyona! Not Alyonas."
    spans = name_spans(text, ["Alyona Ivanovna", "Alyona", "the old woman"])
    assert [text[s:e] for s, e in spans] == ["The old  woman", "Alyona\nIvanovna", "Alyona"]
    assert mention_highlights("xx " + text, 3, 3 + len(text), ALYONA) == [
        (s, e, "alias") for s, e in name_spans(text, ALYONA.names())
    ]


def test_a_name_that_is_a_common_word_is_found_only_with_its_capital() -> None:
    text = "Small rowed a small boat to the hall; SMALL! cried Mr. Hall in the Hall."
    spans = name_spans(text, ["Small", "Mr. Hall", "Hall"])
    assert [text[s:e] for s, e in spans] == ["Small", "SMALL", "Mr. Hall", "Hall"]
    # a title beside a name in either case, a title alone only with its capital
    text = "a rear admiral; the Admiral called on my aunt Philips"
    spans = name_spans(text, ["Admiral", "Aunt Philips"])
    assert [text[s:e] for s, e in spans] == ["Admiral", "aunt Philips"]
    text = "to catch the _Aurora_, said Holmes; not Auroras"  # italics in a plain-text book
    assert [text[s:e] for s, e in name_spans(text, ["Aurora"])] == ["Aurora"]
    assert [text[s:e] for s, e in name_spans(text, ["the Aurora"])] == ["the _Aurora"]


def test_the_outline_nests_levels_and_keeps_unfolded_nodes_as_roots() -> None:
    starts, ends = list(range(0, 120, 10)), list(range(10, 130, 10))
    top = OutlineNode(2, 0, 9, 0, 100, "two")
    ones = [OutlineNode(1, 0, 4, 0, 50, "a"), OutlineNode(1, 5, 9, 50, 100, "b")]
    loose = OutlineNode(1, 10, 11, 100, 120, "c", provisional=True)  # not folded further yet
    roots = group_outline([top, *ones, loose], starts, ends)
    assert roots == [top, loose]
    assert top.children == ones
    assert [c.first_chunk for c in ones[1].children] == [5, 6, 7, 8, 9]
    assert [(c.level, c.start, c.end) for c in loose.children] == [(0, 100, 110), (0, 110, 120)]
    assert group_outline([], starts, ends) == []


def test_back_and_forward_return_to_where_the_reader_was() -> None:
    history = ReadingHistory()
    assert history.back(5) is None and not history.can_go_back()
    history.jumped(10)  # at 10, jumped to 500
    history.jumped(520)  # read on a little, jumped to 900
    assert history.back(900) == 520
    assert history.back(520) == 10
    assert history.back(10) is None
    assert history.forward(10) == 520 and history.forward(520) == 900
    assert not history.can_go_forward()
    history.back(900)
    history.jumped(520)  # a new jump forgets the way forward
    assert not history.can_go_forward()


def test_the_stand_in_model_builds_a_state_from_the_names(tmp_path: Path, library: Path) -> None:
    chapters = [
        ("Chapter One", "<p>Rodion Raskolnikov came out of his garret. Rodion walked slowly "
                        "on. Raskolnikov, the young man, thought of Alyona Ivanovna.</p>"),
        ("Chapter Two", "<p>Alyona Ivanovna opened the door. Alyona Ivanovna looked at "
                        "Raskolnikov with suspicion. Rodion Raskolnikov bowed.</p>"),
    ]  # fmt: skip
    path = import_book(make_epub(tmp_path / "s.epub", chapters), chunk_words=20).info.path
    with BookDB.open(path) as db:
        report = build_state(db, names_model())
    assert report.failed == []
    notes = operations.book_notes(path, None)
    people = {e.name: e for e in notes.entities if not e.by_name_only}
    rodion = people["Rodion Raskolnikov"]  # the names pass's fullest name for him
    assert "the young man" in rodion.aliases
    assert len(rodion.mentions) == 3
    assert any("Alyona Ivanovna" in d for d in people["Alyona Ivanovna"].descriptions)
    assert notes.outline and notes.outline[0].text
    fold = "[passage 1] (no headline)\n---\nTask: one headline for passages 1–1 together"
    assert names_reply([{"role": "user", "content": fold}]) == "Headline: Nothing happens\n"
    fold = (
        "[passage 1] Tom walks to the mill\n[passage 2] Anna writes a long letter\n---\n"
        "Task: one headline for passages 1–2"
    )
    assert names_reply([{"role": "user", "content": fold}]) == (
        "Headline: Tom walks to the, then Anna writes a long\n"
    )


def test_a_name_after_a_title_that_makes_it_someone_elses_is_not_a_mention() -> None:
    # Persuasion: Sir Walter's 'Elliot' inside 'Lady Elliot' (his late wife) and 'Miss Elliot'
    walter = EntityEntry("2", "Sir Walter Elliot", "person", ("Elliot", "Sir Walter"), (), (0,))
    text = "Sir Walter Elliot mourned Lady Elliot; Miss Elliot sighed. Elliot left, as Sir Walter."
    found = [text[s:e] for s, e, _ in mention_highlights(text, 0, len(text), walter)]
    assert found == ["Sir Walter Elliot", "Elliot", "Sir Walter"]
    # his own title, with or without its full stop, and a full name after any title are his
    darcy = EntityEntry("3", "Mr. Darcy", "person", ("Darcy", "Fitzwilliam Darcy"), (), (0,))
    text = "Mr Darcy bowed to Miss Darcy, and Colonel Fitzwilliam Darcy smiled."
    found = [text[s:e] for s, e, _ in mention_highlights(text, 0, len(text), darcy)]
    assert found == ["Darcy", "Fitzwilliam Darcy"]
