"""Timelines: the strip from the start to the limit, marks clipped there, the passages shared by
several entities, the mention nearest a click, and the spoiler property on an indexed book."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import make_epub
from hypothesis import given, settings
from hypothesis import strategies as st
from test_builder import run, story

from saadi_desktop.library import import_book
from saadi_desktop.reading.timeline import Timeline, build, timeline
from saadi_desktop.reading.who import known_entities
from saadi_desktop.store import BookDB

STARTS = [0, 100, 200, 300, 400]
ENDS = [98, 198, 298, 398, 498]


@dataclass(frozen=True)
class Someone:
    key: str
    name: str
    mentions: tuple[int, ...]


def strip(*people: Someone, until: int | None, limit: int | None) -> Timeline:
    return build(people, until=until, limit_chunk=limit, chunk_starts=STARTS, chunk_ends=ENDS,
                 text_length=498)  # fmt: skip


def test_the_strip_ends_at_the_limit_and_drops_and_clips_what_lies_past_it() -> None:
    rodion = Someone("1", "Rodion", (0, 2, 4))
    shown = strip(rodion, until=250, limit=2)
    assert (shown.end, shown.lanes[0].mentions) == (250, (0, 2))
    assert shown.marks(shown.lanes[0].mentions) == [(0, 98), (200, 250)]  # chunk 2 clipped
    whole = strip(rodion, until=None, limit=None)
    assert (whole.end, whole.lanes[0].mentions) == (498, (0, 2, 4))
    assert whole.marks(whole.lanes[0].mentions)[-1] == (400, 498)


def test_the_passages_two_people_share_and_a_single_lane_has_none() -> None:
    rodion, sonia = Someone("1", "Rodion", (0, 2, 3)), Someone("2", "Sonia", (2, 3, 4))
    assert strip(rodion, sonia, until=None, limit=None).together() == (2, 3)
    assert strip(rodion, sonia, until=320, limit=3).together() == (2, 3)
    assert strip(rodion, sonia, until=250, limit=2).together() == (2,)
    assert strip(rodion, until=None, limit=None).together() == ()


@pytest.mark.parametrize(
    ("position", "nearest"),
    [(0, 0), (150, 0), (250, 3), (310, 3), (497, 3), (99, 0)],
)
def test_a_click_goes_to_the_mention_nearest_to_it(position: int, nearest: int) -> None:
    shown = strip(Someone("1", "Rodion", (0, 3)), until=None, limit=None)
    assert shown.nearest(shown.lanes[0].mentions, position) == nearest
    assert shown.nearest((), position) is None


# -- the spoiler property on an indexed book ------------------------------------------------------


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The story of six chapters in short chunks, indexed with the scripted model; then links
    learned at the last chunk for every entity to every chunk, and a record learned at the last
    chunk that links the first: what a later identity reveal writes."""
    home = tmp_path_factory.mktemp("timeline")
    source = make_epub(home / "s.epub", story(6))
    path = import_book(source, library=home / "books", chunk_words=30).info.path
    run(path)
    with BookDB.open(path) as db:
        last = len(db.chunks()) - 1
    connection = sqlite3.connect(path)
    with connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM entities")]
        connection.execute(
            "INSERT INTO entities (id, name, type, learned_at) VALUES (?, ?, 'person', ?)",
            (max(ids) + 1, "The Stranger", last),
        )
        connection.executemany(
            "INSERT OR IGNORE INTO links (chunk_seq, entity_id, learned_at) VALUES (?, ?, ?)",
            [(seq, i, last) for seq in range(last) for i in [*ids, max(ids) + 1]],
        )
    connection.close()
    yield path


def _cut_after(source: Path, target: Path, limit: int) -> None:
    """A copy of the book DB with every row learned after chunk ``limit`` deleted."""
    shutil.copy(source, target)
    connection = sqlite3.connect(target)
    with connection:
        for table in ("entities", "aliases", "descriptions", "links", "summaries", "names",
                      "name_variants"):  # fmt: skip
            connection.execute(f"DELETE FROM {table} WHERE learned_at > ?", (limit,))
        connection.execute("DELETE FROM name_mentions WHERE chunk_seq > ?", (limit,))
    connection.close()


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_nothing_in_a_timeline_was_learned_after_the_limit(
    indexed: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    with BookDB.open(indexed) as db:
        chunks = db.chunks()
        every = [e.key for e in known_entities(db)]
        until = data.draw(st.integers(0, chunks[-1].start - 1))
        limit = max(c.seq for c in chunks if c.start <= until)
        keys = data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=4, unique=True))
        shown = timeline(db, keys, until)
        learned = dict(db.db.execute("SELECT id, learned_at FROM entities").fetchall())
        linked = {
            (seq, str(entity)): at
            for seq, entity, at in db.db.execute(
                "SELECT chunk_seq, entity_id, learned_at FROM links"
            )
        }
    assert shown.end == until and len(shown.spans) == limit + 1
    for lane in shown.lanes:
        assert all(seq <= limit for seq in lane.mentions)
        assert all(end <= until for _, end in shown.marks(lane.mentions))
        if not lane.key.startswith("n"):  # a record: learned, and linked, by the limit
            assert learned[int(lane.key)] <= limit
            assert all(linked[(seq, lane.key)] <= limit for seq in lane.mentions)
    assert "The Stranger" not in {lane.name for lane in shown.lanes}
    cut = tmp_path_factory.mktemp("cut") / indexed.name
    _cut_after(indexed, cut, limit)
    with BookDB.open(cut) as db:
        assert timeline(db, keys, until) == shown  # the rows after the limit change nothing


def test_a_record_learned_later_gets_no_lane_until_the_limit_reaches_it(indexed: Path) -> None:
    with BookDB.open(indexed) as db:
        stranger = next(e.key for e in known_entities(db) if e.name == "The Stranger")
        before = timeline(db, [stranger], db.chunks()[-1].start - 1)
        after = timeline(db, [stranger], None)
    assert before.lanes == ()
    assert after.lanes[0].mentions[0] == 0  # the reveal reaches back to the first chunk
