"""Who is this? Cards for a name or alias, cut at the reading position: lookup and the name
under the pointer on hand-made cases, cards on a book indexed by a scripted model, the CLI,
and the spoiler property for cards and recaps."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from conftest import make_epub
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saadi_desktop.cli import main
from saadi_desktop.library import import_book
from saadi_desktop.llm.base import Message
from saadi_desktop.llm.demo import fold_reply
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.reading import views
from saadi_desktop.reading.recap import recap
from saadi_desktop.reading.who import KnownEntity, card, known_entities, lookup, name_at, name_index
from saadi_desktop.state.answer import Line, render
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB

FILLER = "".join(
    f"<p>Paragraph {n} of the long walk: the bridge, the canal, the dusty yellow houses.</p>"
    for n in range(12)
)
# Alyona Ivanovna is met at once; that she is "the old woman" is only learned in chapter nine.
# Porfiry appears only in chapter ten, which the model has not read (a names-pass cluster).
BOOK = [
    ("Chapter One", "<p>Alyona Ivanovna counted her pledges by the window.</p>"
                    "<p>Rodion climbed the dark stairs and rang the bell.</p>"),
    ("Chapter Two", "<p>Rodion walked to the Haymarket at noon.</p>" + FILLER),
    *[(f"Chapter {n}", FILLER) for n in ("Three", "Four", "Five", "Six", "Seven", "Eight")],
    ("Chapter Nine", "<p>Alyona Ivanovna, the old woman, was remembered by everyone.</p>"),
    ("Chapter Ten", "<p>Rodion wept on the bridge while Porfiry Petrovitch watched him, and "
                    "then Porfiry Petrovitch smiled.</p>" + FILLER),
]  # fmt: skip
PEOPLE = {"Alyona Ivanovna": ("person", "the old woman"), "Rodion": ("person", "the student"),
          "Haymarket": ("place", "the square")}  # fmt: skip


def reply(messages: list[Message]) -> str:
    """A scripted model: names the people and places of the current passage, each with a note
    quoting the passage's three words after its name ('Alyona Ivanovna, who counted her
    pledges')."""
    user = messages[-1]["content"]
    if "Task: one headline for passages" in user:
        return fold_reply(user)
    passage = user.split("PASSAGES (oldest first):", 1)[1].split("\n---\n")[0]
    passage = passage.rsplit("]\n", 1)[1]
    numbers = {name: int(n) for n, name in re.findall(r"^(\d+) (.+?) \(", user, re.M)}

    def note(name: str) -> str:  # 'Alyona Ivanovna, who counted her pledges'
        words = passage[passage.index(name) :].split()[len(name.split()) : 3 + len(name.split())]
        return f"{name}, who {' '.join(words)}"

    found = [
        Line(numbers.get(name), "" if name in numbers else name, kind,
             (alias,) if alias in passage else (), note(name))
        for name, (kind, alias) in PEOPLE.items() if name in passage
    ]  # fmt: skip
    return render(found)


def build_book(folder: Path) -> Path:
    """The book, indexed up to (not including) chapter ten."""
    path = import_book(make_epub(folder / "story.epub", BOOK), chunk_words=40).info.path
    with BookDB.open(path) as db:
        ten = next(s.start for s in db.sections() if s.title == "Chapter Ten")
        stop = next(c.seq for c in db.chunks() if c.start >= ten)
        build_state(db, ScriptedLLM(default=reply), limit=stop)
    return path


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("who")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SAADI_HOME", str(folder / "home"))
        yield build_book(folder)


def at_section(path: Path, title: str) -> int:
    with BookDB.open(path) as db:
        return next(s.start for s in db.sections() if s.title == title)


def entities_at(path: Path, until: int | None) -> list[KnownEntity]:
    with BookDB.open(path) as db:
        return known_entities(db, until)


# -- lookup, the name under the pointer, the card: hand-made cases ----------------------------


def person(key: str, name: str, *aliases: str, mentions: tuple[int, ...] = (1,)) -> KnownEntity:
    return KnownEntity(key, name, "person", aliases, (), mentions)


BENNETS = [
    person("1", "Mrs. Bennet", "Bennet", mentions=(1, 2, 3)),
    person("2", "Jane Bennet", "Jane", "Miss Bennet", mentions=(2, 5)),
    person("3", "Mr. Bennet", "Bennet", mentions=(4,)),
    KnownEntity("n7", "Elizabeth Bennet", "name", ("Elizabeth",), (), (1, 2, 3, 4), True),
]


def test_the_bennet_sisters_an_exact_alias_wins_over_a_name_that_contains_it() -> None:
    found = lookup(BENNETS, "Miss Bennet")
    assert [e.key for e in found] == ["2"]


def test_the_bennets_a_shared_alias_prefers_who_the_passage_is_about() -> None:
    assert [e.key for e in lookup(BENNETS, "Bennet")] == ["1", "3"]  # most mentioned first
    assert [e.key for e in lookup(BENNETS, "bennet", chunk=4)] == ["3", "1"]  # linked here


def test_a_word_of_a_name_finds_every_name_holding_it_records_before_clusters() -> None:
    found = lookup(BENNETS, "Elizabeth’s")  # a possessive, a curly apostrophe
    assert [e.key for e in found] == ["n7"]
    assert [e.key for e in lookup(BENNETS, "  “jane”, ")] == ["2"]
    assert lookup(BENNETS, "Lydia") == [] and lookup(BENNETS, "  ") == []


@pytest.mark.parametrize(
    ("text", "where", "expected"),
    [
        ("Then Miss Bennet smiled.", "Then Miss B", "Miss Bennet"),  # longest name wins
        ("Then Miss Bennet smiled.", "Then Miss Bennet", "Miss Bennet"),  # just after it
        ("Mrs.\n\nBennet? No: Mrs. Bennet.", "Mrs.\n\nBen", "Bennet"),  # not across paragraphs…
        ("at Mrs.  Bennet’s house", "at Mrs.  Ben", "Mrs. Bennet"),  # … but across spaces
        ("Jane, JANE!", "Jane, JA", "Jane"),  # shouted too
        ("a jane of the hall", "a ja", None),  # a name's capital is part of it
        ("Janet came.", "Jan", None),  # whole words only
        ("Jane came.", "Jane ca", None),  # not a name
    ],
)
def test_the_name_under_the_pointer(text: str, where: str, expected: str | None) -> None:
    found = name_at(text, len(where), name_index(BENNETS))
    assert (found[2] if found else None) == expected


def test_a_card_shows_aliases_and_notes_latest_first_and_mentions_around_here() -> None:
    entity = KnownEntity("4", "Rodion", "person", ("Rodya", "the student"),
                         ("poor", "feverish", "confessed"), (2, 5, 9, 12))  # fmt: skip
    shown = card(entity, at_chunk=9, others=[entity, BENNETS[0]])
    assert shown.aliases == ("the student", "Rodya")
    assert shown.notes == ("confessed", "feverish", "poor")
    assert (shown.first, shown.previous, shown.next) == (2, 5, 12)
    assert shown.others == (("1", "Mrs. Bennet"),)
    at_limit = card(entity)  # from the CLI: "here" is the limit
    assert (at_limit.previous, at_limit.next) == (12, None)


# -- cards on an indexed book -----------------------------------------------------------------


def test_an_alias_learned_later_is_not_on_the_card_before_it(indexed: Path) -> None:
    two, nine = at_section(indexed, "Chapter Two"), at_section(indexed, "Chapter Nine")
    early = entities_at(indexed, two)
    alyona = lookup(early, "Alyona Ivanovna")[0]
    assert "the old woman" not in card(alyona).aliases
    assert lookup(early, "the old woman") == []  # the identity reveal is a spoiler too
    late = entities_at(indexed, nine)
    found = lookup(late, "the old woman")
    assert found[0].name == "Alyona Ivanovna"
    assert card(found[0]).aliases[0] == "the old woman"
    assert len(card(found[0]).mentions) == 2  # chapter one and chapter nine


def test_a_names_pass_cluster_gets_a_small_card(indexed: Path) -> None:
    nine, ten = at_section(indexed, "Chapter Nine"), at_section(indexed, "Chapter Ten")
    assert lookup(entities_at(indexed, nine), "Porfiry") == []
    porfiry = lookup(entities_at(indexed, ten), "Porfiry")[0]
    shown = card(porfiry)
    assert shown.by_name_only and shown.notes == ()
    assert shown.name == "Porfiry Petrovitch" and len(shown.mentions) == 1


def test_names_under_the_pointer_in_the_book(indexed: Path) -> None:
    nine = at_section(indexed, "Chapter Nine")
    with BookDB.open(indexed) as db:
        text = db.text()
    index = name_index(entities_at(indexed, nine))
    where = text.index("the old woman, was")
    assert name_at(text, where + 5, index) == (where, where + 13, "the old woman")
    haymarket = text.index("Haymarket")
    assert name_at(text, haymarket + 3, index) == (haymarket, haymarket + 9, "Haymarket")


# -- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def test_saadi_who_prints_the_card_as_of_a_position(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nine = at_section(indexed, "Chapter Nine")
    status, out = run(capsys, "who", str(indexed), "the old woman", "--until", str(nine), "--json")
    shown = json.loads(out)
    assert status == 0 and shown["until"] == nine
    found = shown["card"]
    assert found["name"] == "Alyona Ivanovna" and found["source"] == "llm"
    assert found["aliases"][0] == "the old woman" and found["mentions"] == 2
    assert found["first_met"] == "Chapter One" and found["first_mention"]["start"] == 0
    assert found["last_mention"]["where"] == "Chapter Nine"

    status, out = run(capsys, "who", str(indexed), "Alyona", "--until", str(nine))
    assert status == 0
    assert out.startswith("Alyona Ivanovna — person, in 2 passages up to Chapter Nine\n")
    assert "first met in Chapter One (position 0)\n" in out
    assert "also called (latest first): the old woman\n" in out

    status, out = run(capsys, "who", str(indexed), "the old woman", "--until", "0")
    assert status == 1 and out == "nobody called “the old woman” is known up to Chapter One\n"
    status, out = run(capsys, "who", str(indexed), "Porfiry", "--json")
    assert status == 0 and json.loads(out)["card"]["source"] == "names"


def test_saadi_recap_tells_the_story_so_far(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nine = at_section(indexed, "Chapter Nine")
    status, out = run(capsys, "recap", str(indexed), "--until", str(nine), "--json")
    told = json.loads(out)
    assert status == 0 and told["parts"] and not told["extracts_only"]
    assert {p["level"] for p in told["parts"]} >= {1}
    assert "Alyona Ivanovna" in [p["name"] for p in told["people"]]
    status, out = run(capsys, "recap", str(indexed), "--until", str(nine))
    assert out.startswith("Where was I? — up to Chapter Nine\n")
    # whose words each part is, and the book's key sentences under the model's
    assert "· headline by the model, level 2]\n“Rodion climbed the dark, then" in out
    assert "· the model's headlines of its parts, level 1]\n“Paragraph" in out
    assert "\n  “Paragraph 0 of the long walk" in out
    assert "\nIn the last passages:\n" in out
    assert "\n  Alyona Ivanovna (person) — Alyona Ivanovna, who counted her pledges" in out


# -- nothing learned after the limit shows ---------------------------------------------------


def spoil(path: Path, copy: Path, limit: int, end: int) -> None:
    """A copy of the book DB in which everything after chunk ``limit`` is different: the text
    after ``end`` replaced (same length), and records, aliases, notes, links and summaries
    learned at ``limit + 1`` that would change every card and recap if they leaked."""
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(copy)) as target:
        source.backup(target)
        text = target.execute("SELECT body FROM canonical").fetchone()[0]
        filler = ("Spoiler Alyona Ivanovna the old woman Porfiry. " * len(text))[: len(text) - end]
        later = limit + 1
        chunks = target.execute("SELECT seq FROM chunks WHERE seq <= ?", (limit,)).fetchall()
        ids = [r[0] for r in target.execute("SELECT id FROM entities").fetchall()]
        top = max(ids, default=0)
        with target:
            target.execute("UPDATE canonical SET body = ?", (text[:end] + filler,))
            target.execute(
                "INSERT INTO entities (id, name, type, learned_at) VALUES (?, ?, 'person', ?)",
                (top + 1, "Alyona Ivanovna", later),
            )
            for entity in [*ids, top + 1]:
                for alias in ("the old woman", "Porfiry", "Spoiler"):
                    target.execute("INSERT OR IGNORE INTO aliases VALUES (?, ?, ?)",
                                   (entity, alias, later))  # fmt: skip
                target.execute(
                    "INSERT INTO descriptions (entity_id, text, learned_at) VALUES (?, ?, ?)",
                    (entity, "SPOILER note", later),
                )
                for (seq,) in chunks:
                    target.execute("INSERT OR IGNORE INTO links VALUES (?, ?, ?)",
                                   (seq, entity, later))  # fmt: skip
            for level in (1, 2, 3):
                for first in (0, limit):
                    target.execute(
                        "INSERT OR IGNORE INTO summaries (level, first_chunk, last_chunk, text, "
                        "learned_at, model_id, prompt_version) VALUES (?, ?, ?, 'SPOILER', ?, "
                        "'', '')",
                        (level, first, limit, later),
                    )
            target.execute(
                "INSERT OR IGNORE INTO name_variants SELECT id, 'Spoiler', ? FROM names", (later,)
            )


def everything_shown(path: Path, until: int, names: list[str]) -> dict[str, Any]:
    """Every card (each name looked up from each chunk up to the limit) and the recap."""
    with BookDB.open(path) as db:
        limit = views.chunk_at(db, until)
        assert limit is not None
        known = known_entities(db, until)
        told = recap(db, until)
    cards = {}
    for name in names:
        found = lookup(known, name)
        for at in range(limit + 2):
            cards[name, at] = found and card(found[0], at_chunk=at, others=found[1:])
    return {"cards": cards, "recap": told}


@pytest.fixture(scope="module")
def spoiler_book(indexed: Path) -> tuple[Path, str, list[str], list[int]]:
    with BookDB.open(indexed) as db:
        text, ends = db.text(), [c.end for c in db.chunks()]
        names = sorted({n for e in known_entities(db) for n in (e.name, *e.aliases)})
    return indexed, text, names, ends


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_nothing_learned_after_the_limit_shows_in_a_card_or_a_recap(
    data: st.DataObject,
    spoiler_book: tuple[Path, str, list[str], list[int]],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path, text, names, ends = spoiler_book
    until = data.draw(st.integers(0, len(text) - 1))
    with BookDB.open(path) as db:
        limit = views.chunk_at(db, until)
    assert limit is not None
    if limit + 1 >= len(ends):
        return  # at the last passage nothing lies after the limit
    copy = tmp_path_factory.mktemp("spoiled") / path.name
    spoil(path, copy, limit, ends[limit])
    assert everything_shown(copy, until, names) == everything_shown(path, until, names)
