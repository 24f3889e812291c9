"""SCT residual tree: the extractive compressor on hand-computed cases, the tree's shape, zero
model calls, the atomic import, the summary-channel fallback and its spoiler safety, and the two
retrieval routes (flat, descent)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import CRIME_EPUB, make_epub
from hypothesis import given, settings
from hypothesis import strategies as st
from test_builder import run, story

from saadi_desktop import residuals
from saadi_desktop.books import load_book
from saadi_desktop.books.model import Book, CanonicalText
from saadi_desktop.library import append_to_book, chunk_book, import_book, list_books
from saadi_desktop.residuals import (
    Sentence,
    build_tree,
    compress,
    ensure_residuals,
    novelty,
    threshold,
    tree_as_of,
)
from saadi_desktop.search import Searcher, open_searcher
from saadi_desktop.search.corpus import Corpus, load_corpus, section_residuals
from saadi_desktop.search.embed import HashingEmbedder, windows
from saadi_desktop.search.sct import sct_descent, sct_flat, sct_index
from saadi_desktop.store import SCHEMA_VERSION, BookDB, StoreError
from saadi_desktop.store.bookdb import StoredChunk, _innermost_sections, content_hash
from saadi_desktop.store.tree import residual_rows

# -- the compressor, by hand ------------------------------------------------------------------


def sentence(text: str) -> Sentence:
    words = text.split()
    return Sentence(0, len(text), len(words), frozenset(w.lower() for w in words))


def test_novelty_is_the_share_of_distinct_terms_the_parent_lacks() -> None:
    assert novelty({"a", "b", "c", "d"}, {"a"}) == 0.75
    assert novelty({"a", "b"}, {"a", "b", "z"}) == 0.0
    assert novelty(set(), {"a"}) == 0.0  # a sentence without words adds nothing
    assert sentence("The the THE cat").terms == {"the", "cat"}  # distinct, lowercased


@pytest.mark.parametrize(
    ("novelties", "expected"),
    [([0.1, 0.1], 0.2), ([0.9, 1.0], 0.8), ([0.4, 0.6], 0.5), ([], 0.2)],
)
def test_threshold_is_the_mean_novelty_clamped(novelties: list[float], expected: float) -> None:
    assert threshold(novelties) == pytest.approx(expected)


@pytest.fixture
def no_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(residuals, "BUDGET_RATIO", 1.0)
    monkeypatch.setattr(residuals, "BUDGET_MAX_WORDS", 10_000)


KNOWN = {"the", "cat", "sat"}
NODE = [
    sentence("the cat sat"),  # novelty 0
    sentence("the dog ran"),  # 2/3
    sentence("a red fox jumped"),  # 1
    sentence("the cat ran"),  # 1/3
]


def test_sentences_at_or_above_the_mean_are_kept_in_order(no_cap: None) -> None:
    # mean novelty (0 + 2/3 + 1 + 1/3) / 4 = 0.5: "the dog ran" and "a red fox jumped"
    assert compress(NODE, KNOWN) == [1, 2]


def test_the_threshold_is_clamped_high(no_cap: None) -> None:
    node = [sentence("x y z"), sentence("p q r s"), sentence("the cat a b c")]  # 1, 1, 0.6
    assert compress(node, KNOWN) == [0, 1]  # mean 0.87 clamped to 0.8 drops 0.6


def test_at_least_one_sentence_the_most_novel(no_cap: None) -> None:
    assert compress([sentence("the cat"), sentence("sat the")], KNOWN) == [0]
    node = [sentence("the cat sat a b c d e f g h i j k l m n o p q r"), sentence("the cat")]
    assert compress(node, KNOWN | set("abcdefghijklmnopq")) == [0]  # 4/21 < 0.2: kept anyway
    assert compress([], KNOWN) == []


def test_equal_novelties_all_pass_despite_rounding(no_cap: None) -> None:
    node = [sentence("the cat x"), sentence("the sat y"), sentence("cat sat z")]
    assert compress(node, KNOWN) == [0, 1, 2]


def test_the_word_budget_keeps_what_adds_most_new_terms_first() -> None:
    # 13 words: budget 2 words, so only the most-adding sentence (4 new terms) is kept
    assert compress(NODE, KNOWN) == [2]
    assert residuals.word_budget(13) == 2 and residuals.word_budget(100_000) == 150


# -- the tree ---------------------------------------------------------------------------------


def nested_book() -> Book:
    """Front matter, then two parts of two chapters each: distinct words per chapter."""
    canon = CanonicalText()
    canon.open_section("Title Page", 1, "front")
    canon.add_paragraph("A Nested Book. All rights reserved by nobody at all.")
    topics = [["lamp", "oil", "wick"], ["river", "boat", "oar"], ["snow", "sled", "frost"],
              ["bread", "oven", "flour"]]  # fmt: skip
    for part in range(2):
        canon.open_section(f"Part {part + 1}", 1)
        canon.add_paragraph(f"Part {part + 1}")
        for chapter in range(2):
            words = topics[2 * part + chapter]
            canon.open_section(f"Chapter {2 * part + chapter + 1}", 2)
            canon.add_paragraph(f"Chapter {2 * part + chapter + 1}")
            for n in range(4):
                canon.add_paragraph(
                    f"The man looked at the {words[n % 3]} for a while. "
                    f"He thought of the {words[(n + 1) % 3]} and the {words[(n + 2) % 3]} again. "
                    "It was late and the house was quiet."
                )
    return canon.build(title="Nested", author="", language="en", source_format="txt")


def stored_chunks(book: Book, budget: int = 30) -> list[StoredChunk]:
    chunks = chunk_book(book, budget)
    owners = _innermost_sections(book.sections, chunks)
    return [
        StoredChunk(c.seq, c.start, c.end, c.words, s,
                    "body" if s is None else book.sections[s].matter, "")
        for c, s in zip(chunks, owners, strict=True)
    ]  # fmt: skip


def test_the_tree_follows_parts_chapters_and_passages() -> None:
    book = nested_book()
    chunks = stored_chunks(book)
    nodes = build_tree(book.text, book.sections, chunks)
    titles = [book.sections[n.section_seq].title if n.section_seq is not None else None
              for n in nodes]  # fmt: skip
    root = nodes[0]
    assert root.parent_id is None and root.depth == 0 and root.section_seq is None
    assert "Title Page" not in titles  # front matter holds no body passage
    parts = [n for n in nodes if n.depth == 1]
    assert [titles[n.id] for n in parts] == ["Part 1", "Part 2"]
    chapters = [n for n in nodes if n.section_seq is not None and n.depth == 2]
    assert [titles[n.id] for n in chapters] == [f"Chapter {i}" for i in range(1, 5)]
    assert all(nodes[c.parent_id].depth == 1 for c in chapters if c.parent_id is not None)
    leaves = [n for n in nodes if n.chunk_seq is not None]
    body = [c for c in chunks if c.matter == "body"]
    assert [n.chunk_seq for n in leaves] == [c.seq for c in body]  # one leaf per passage
    for leaf in leaves:
        chunk = next(c for c in body if c.seq == leaf.chunk_seq)
        parent = nodes[leaf.parent_id] if leaf.parent_id is not None else root
        assert parent.section_seq == chunk.section_seq and not leaf.children
        assert (leaf.start, leaf.end) == (chunk.start, chunk.end)
    for node in nodes:  # preorder, spans nest
        for child in node.children:
            assert child > node.id and nodes[child].depth == node.depth + 1
            assert node.start <= nodes[child].start and nodes[child].end <= node.end


def test_residuals_are_verbatim_sentences_of_the_node_in_order() -> None:
    book = nested_book()
    nodes = build_tree(book.text, book.sections, stored_chunks(book))
    for node in nodes:
        assert node.spans, "at least one sentence"
        assert node.spans == sorted(node.spans)
        assert all(node.start <= s and e <= node.end for s, e in node.spans)
        assert node.text == " ".join(book.text[s:e] for s, e in node.spans)
    chapter_one = next(n for n in nodes if n.section_seq == 2)
    assert book.sections[2].title == "Chapter 1"
    assert {"lamp", "oil", "wick"} & set(chapter_one.text.lower().split())  # what it adds


def test_a_section_residual_as_of_its_end_equals_the_tree_of_the_cut_book() -> None:
    book = nested_book()
    chunks = stored_chunks(book)
    nodes = build_tree(book.text, book.sections, chunks)
    rows = [n.row() for n in nodes]
    body = [c for c in chunks if c.matter == "body"]
    assert [r.text for r in tree_as_of(rows, book.text, body, body[-1].seq)] == [
        r.text for r in rows
    ]
    holding = [n for n in nodes if n.as_of_end is not None]
    assert {book.sections[n.section_seq].title for n in holding if n.section_seq is not None} == {
        "Part 1", "Part 2", "Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"
    }  # fmt: skip
    for node in holding:
        cut = {r.id: r for r in tree_as_of(rows, book.text, body, node.last_chunk)}
        assert cut[node.id].text == node.as_of_end


def test_a_whole_novel_builds_in_one_pass_with_bounded_residuals() -> None:
    book = load_book(CRIME_EPUB)
    chunks = stored_chunks(book, 500)
    nodes = build_tree(book.text, book.sections, chunks)
    body = [c for c in chunks if c.matter == "body"]
    assert sum(n.chunk_seq is not None for n in nodes) == len(body)
    assert max(n.depth for n in nodes) <= 5
    assert all(len(n.text.split()) <= 150 or len(n.spans) == 1 for n in nodes)
    assert all(book.text[s:e] in n.text for n in nodes[:60] for s, e in n.spans)


# -- import, storage, zero model calls ----------------------------------------------------------


@pytest.fixture
def book_path(tmp_path: Path, library: Path) -> Path:
    return import_book(make_epub(tmp_path / "s.epub", story(4)), chunk_words=30).info.path


def test_import_stores_the_tree_with_no_model_call(
    tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saadi_desktop.llm as llm

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a model was opened")

    monkeypatch.setattr(llm, "open_llm", refuse)
    path = import_book(make_epub(tmp_path / "s.epub", story(3)), chunk_words=30).info.path
    with BookDB.open(path) as db:
        rows = residual_rows(db)
        body = [c.seq for c in db.chunks() if c.matter == "body"]
        assert db.db.execute("SELECT count(*) FROM calls").fetchone()[0] == 0
        assert db.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [r.chunk_seq for r in rows if r.chunk_seq is not None] == body
    assert rows[0].parent_id is None and all(r.text for r in rows)


def test_building_the_tree_loads_no_model_library() -> None:
    code = (
        "import sys, saadi_desktop.residuals, saadi_desktop.library;"
        "print(sorted(m for m in ('llama_cpp', 'sentence_transformers', 'torch') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("error", [sqlite3.OperationalError("database or disk is full"),
                                   RuntimeError("a bug in the tree")])  # fmt: skip
def test_a_failing_tree_build_leaves_no_book_behind(
    small_epub: Path, library: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    import saadi_desktop.library as library_module

    def fail(*args: object) -> None:
        raise error

    monkeypatch.setattr(library_module, "build_residuals", fail)
    with pytest.raises((StoreError, RuntimeError)):
        import_book(small_epub)
    assert list(library.iterdir()) == [] and list_books() == []


def test_an_older_book_gets_its_tree_on_first_search(book_path: Path) -> None:
    with BookDB.open(book_path) as db:
        db.db.execute("DELETE FROM residuals")
        assert residual_rows(db) == []
        open_searcher(db)
        assert residual_rows(db) and not ensure_residuals(db)  # built once, then kept


def test_a_version_2_book_upgrades_and_gets_its_tree(book_path: Path) -> None:
    v2_table = (Path(__file__).parent / "data" / "schema_v2.sql").read_text()
    create = v2_table[v2_table.index("CREATE TABLE residuals") :].split(");", 1)[0] + ");"
    with sqlite3.connect(book_path) as raw:
        raw.execute("DROP INDEX residuals_by_parent")
        raw.execute("DROP TABLE residuals")
        raw.execute("DROP TABLE answers")  # version 4's
        raw.execute("ALTER TABLE calls DROP COLUMN refused")  # version 5's
        raw.execute("ALTER TABLE calls DROP COLUMN raw")
        raw.execute("ALTER TABLE entities DROP COLUMN merged_into")  # version 6's
        raw.execute("ALTER TABLE entities DROP COLUMN merged_at")
        raw.execute("DROP TABLE name_entities")  # version 7's
        raw.execute("ALTER TABLE summaries DROP COLUMN form")  # version 8's
        raw.execute("ALTER TABLE summaries DROP COLUMN key_spans")
        raw.execute(create)
        raw.execute("PRAGMA user_version = 2")
    with BookDB.open(book_path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert residual_rows(db) == []
        assert ensure_residuals(db) and residual_rows(db)


def test_a_grown_book_rebuilds_its_tree(book_path: Path) -> None:
    append_to_book(str(book_path), "A new page about a lantern and a ferry. " * 10)
    with BookDB.open(book_path) as db:
        leaves = [r.chunk_seq for r in residual_rows(db) if r.chunk_seq is not None]
        assert leaves == [c.seq for c in db.chunks() if c.matter == "body"]


def test_the_cli_prints_the_tree(book_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from saadi_desktop.cli import main

    assert main(["residuals", str(book_path), "--json"]) == 0
    nodes = json.loads(capsys.readouterr().out)
    assert nodes[0]["parent_id"] is None and nodes[1]["section"] == "Chapter 1"
    assert {"text", "spans", "depth", "chunk_seq", "words"} <= nodes[0].keys()
    assert main(["residuals", str(book_path), "--depth", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("[book, ") and lines[1].startswith("  [Chapter 1, ")
    assert len(lines) == 5  # the book and its four chapters


# -- the summary channel's fallback -------------------------------------------------------------


def test_before_indexing_the_summary_channel_uses_whole_sections_within_the_limit(
    book_path: Path,
) -> None:
    with BookDB.open(book_path) as db:
        searcher = open_searcher(db)
        sections = db.sections()
    corpus = searcher.corpus
    assert not corpus.summaries and corpus.residuals
    raw, m, _ = searcher.channel_scores("old woman", None, "bm25", ["summary"])
    assert m == len(corpus.chunks) and not np.isnan(raw["summary"]).any()
    second = sections[1]  # Chapter 2
    inside = [c for c in corpus.chunks if second.start <= c.start < second.end]
    until = inside[1].start  # in the middle of chapter 2
    raw, m, _ = searcher.channel_scores("old woman", until, "bm25", ["summary"])
    chapter = [second.start <= c.start < second.end for c in corpus.chunks[:m]]
    assert np.isnan(raw["summary"][chapter]).all()  # chapter 2 is not over
    assert not np.isnan(raw["summary"][[not x for x in chapter]]).any()


def test_the_fallback_gives_its_reason(distinct_searcher: Searcher) -> None:
    found = distinct_searcher.search("geraniums on the sill", k=30)  # chapter 1 keeps it
    reasons = [r for result in found.results for r in result.reasons]
    assert any(r.startswith("in a section whose extract reads: “") for r in reasons)


def test_a_summary_from_the_builder_replaces_the_residual(book_path: Path) -> None:
    run(book_path)
    with BookDB.open(book_path) as db:
        searcher = open_searcher(db)
    used = {searcher.summary_of(i, 1 << 62) for i in range(len(searcher.corpus.chunks))}
    assert {kind for kind, _ in filter(None, used)} == {"summary"}


def _fallback_corpus() -> tuple[Corpus, list[StoredChunk], list]:  # type: ignore[type-arg]
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        os.environ["SAADI_HOME"] = home
        try:
            path = import_book(make_epub(Path(home) / "s.epub", distinct_story()), chunk_words=30)
            with BookDB.open(path.info.path) as db:
                return load_corpus(db), db.chunks(), db.sections()
        finally:
            del os.environ["SAADI_HOME"]


def distinct_story() -> list[tuple[str, str]]:
    """Five chapters, each about its own people and things."""
    chapters = [
        ["The pawnbroker counted her pledges by the window.", "She trusted nobody at all.",
         "Her flat was clean and the geraniums stood on the sill."],
        ["Lizaveta sold old clothes in the market.", "She was the pawnbroker's meek sister.",
         "Traders haggled with her over shawls and boots."],
        ["Razumihin laughed loudly in the tavern.", "He was Rodion's only friend in the city.",
         "They argued about translations and money."],
        ["The police clerk yawned over a stack of papers.", "A summons lay on the desk.",
         "The superintendent shouted about the landlady's debt."],
        ["Sonia read the story of Lazarus aloud.", "The candle guttered in the tin holder.",
         "Her room was a strange barn of a place."],
    ]  # fmt: skip
    return [
        (f"Chapter {n + 1}", "".join(f"<p>{' '.join(lines[i:] + lines[:i])}</p>" for i in range(3)))
        for n, lines in enumerate(chapters)
    ]


_CORPUS, _CHUNKS, _SECTIONS = _fallback_corpus()


def _with_text(corpus: Corpus, text: str) -> Corpus:
    """The corpus of the same book with another text: the tree recomputed from it."""
    nodes = build_tree(text, _SECTIONS, _CHUNKS)
    rows = [n.row() for n in nodes]
    return dataclasses.replace(corpus, text=text, residuals=section_residuals(rows), tree=rows)


def _dense_searcher(corpus: Corpus) -> Searcher:
    embedder = HashingEmbedder()
    vectors = {content_hash(r.text): embedder.embed([r.text]) for r in corpus.residuals}
    chunks = [dataclasses.replace(c, content_hash=content_hash(corpus.text[c.start : c.end]))
              for c in corpus.chunks]  # fmt: skip
    for chunk in chunks:
        vectors[chunk.content_hash] = embedder.embed(windows(corpus.text[chunk.start : chunk.end]))
    return Searcher(dataclasses.replace(corpus, chunks=chunks), embedder, vectors)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_nothing_after_the_limit_changes_the_fallback(data: st.DataObject) -> None:
    corpus = _with_text(_CORPUS, _CORPUS.text)
    index = data.draw(st.integers(0, len(corpus.chunks) - 2))
    until = corpus.chunks[index].start + data.draw(st.integers(0, 3))
    cut = corpus.chunks[index + 1].start
    filler = data.draw(st.text("pawnbroker stairs sister tavern xyz ", min_size=1, max_size=40))
    later = corpus.text[:cut] + (filler * 3000)[: len(corpus.text) - cut]
    changed = _with_text(corpus, later)
    query = data.draw(st.sampled_from(["pawnbroker", "meek sister", "tavern friend", "candle"]))
    for retriever in ("bm25", "dense", "hybrid"):
        a = _dense_searcher(corpus).search(query, until=until, retriever=retriever, k=30)
        b = _dense_searcher(changed).search(query, until=until, retriever=retriever, k=30)
        assert a.results == b.results and a.candidates == b.candidates
    for route in (sct_flat, sct_descent):
        assert route(Searcher(corpus), query, 10, until=until) == route(
            Searcher(changed), query, 10, until=until
        )


def test_the_whole_book_tree_would_leak_but_the_residual_as_of_its_end_does_not() -> None:
    """Why search uses ``as_of_end``: rewriting later chapters changes which sentences the
    whole-book tree keeps for chapter 1, but not chapter 1's residual as of its own end."""
    first = _SECTIONS[0]
    later = _CORPUS.text[: first.end] + _CORPUS.text[first.end :].replace("the", "a lamp")
    before, after = build_tree(_CORPUS.text, _SECTIONS, _CHUNKS), build_tree(later, _SECTIONS,
                                                                              _CHUNKS)  # fmt: skip
    node = next(i for i, n in enumerate(before) if n.section_seq == 0)
    assert before[node].as_of_end == after[node].as_of_end
    assert before[node].text != after[node].text


# -- the retrieval routes -----------------------------------------------------------------------


@pytest.fixture
def distinct_searcher(tmp_path: Path, library: Path) -> Searcher:
    path = import_book(make_epub(tmp_path / "d.epub", distinct_story()), chunk_words=30).info.path
    with BookDB.open(path) as db:
        return open_searcher(db)


@pytest.mark.parametrize("route", [sct_flat, sct_descent])
def test_the_routes_rank_the_obvious_passage_first(
    distinct_searcher: Searcher, route: object
) -> None:
    corpus = distinct_searcher.corpus
    found = route(distinct_searcher, "Lazarus candle guttered", 5)  # type: ignore[operator]
    top = found.seqs[0]
    text = next(corpus.text[c.start : c.end] for c in corpus.chunks if c.seq == top)
    assert "Lazarus" in text and found.spans[0] == next(
        (c.start, c.end) for c in corpus.chunks if c.seq == top
    )
    assert found.nodes_scored > 0 and len(found.seqs) <= 5


def test_flat_scores_every_node_but_the_root(distinct_searcher: Searcher) -> None:
    tree = distinct_searcher.corpus.tree
    found = sct_flat(distinct_searcher, "pawnbroker", 50)
    assert found.nodes_scored == len(tree) - 1
    holding = {c.seq for c in distinct_searcher.corpus.chunks if "pawnbroker" in
               distinct_searcher.corpus.text[c.start : c.end]}  # fmt: skip
    assert found.seqs and set(found.seqs) <= holding  # only passages with the term
    assert len(set(found.seqs)) == len(found.seqs)  # each once
    assert sct_flat(distinct_searcher, "zebra", 10).seqs == []


def test_descent_counts_the_frontier_and_obeys_beam_depth_and_floor(
    distinct_searcher: Searcher,
) -> None:
    index = sct_index(distinct_searcher)
    root = index.rows[0].id
    chapters = index.children[root]
    query = "geraniums haggled shawls clean flat traders"
    scores = index.scores(query, "bm25")
    score = {r.id: float(scores[i]) for i, r in enumerate(index.rows)}
    one = sct_descent(index, query, 10, beam=1, depth=1)
    assert one.nodes_scored == len(chapters) and one.seqs == []  # chapters are not leaves
    two = sct_descent(index, query, 10, beam=1, depth=2)
    best = max(chapters, key=lambda n: (score[n], -n))
    assert score[best] > 0
    assert two.nodes_scored == len(chapters) + len(index.children[best])
    by_seq = {r.chunk_seq: r.id for r in index.rows if r.chunk_seq is not None}
    assert set(two.seqs) == {index.rows[n].chunk_seq for n in index.children[best]}
    own = [score[by_seq[s]] for s in two.seqs]
    assert own == sorted(own, reverse=True)  # siblings by their own score
    wide = sct_descent(index, query, 100, beam=100, depth=5)

    def reached(node: int) -> bool:  # every section above it, below the root, scored above 0
        parent = index.rows[node].parent_id
        return parent == root or (parent is not None and score[parent] > 0 and reached(parent))

    assert set(wide.seqs) == {s for s, n in by_seq.items() if reached(n)}
    assert sct_descent(index, query, 100, beam=100, depth=1).nodes_scored == len(chapters)
    floor = sct_descent(index, query, 10, floor=1e9)
    assert floor.seqs == [] and floor.nodes_scored == len(chapters)
    assert len(sct_descent(index, query, 10, beam=2).seqs) <= 10


def test_the_routes_score_with_dense_vectors_too(tmp_path: Path, library: Path) -> None:
    path = import_book(make_epub(tmp_path / "d.epub", distinct_story()), chunk_words=30).info.path
    with BookDB.open(path) as db:
        searcher = open_searcher(db, HashingEmbedder())
    for route in (sct_flat, sct_descent):
        found = route(searcher, "the candle guttered in the tin holder", 3, retriever="dense")
        assert found.seqs and found.nodes_scored > 0
    with pytest.raises(ValueError, match="SCT routes score with bm25"):
        sct_flat(searcher, "candle", retriever="hybrid")


def test_a_book_without_sections_hangs_its_passages_from_the_root() -> None:
    text = " ".join(f"Sentence number {i} speaks of thing{i} and more." for i in range(60))
    chunks = [StoredChunk(c.seq, c.start, c.end, c.words, None, "body", "")
              for c in chunk_book(Book("T", "", "en", "txt", text), 50)]  # fmt: skip
    nodes = build_tree(text, [], chunks)
    assert len(nodes) == len(chunks) + 1 and all(n.parent_id == 0 for n in nodes[1:])
    assert all(n.as_of_end is None for n in nodes)  # no section: search has no fallback
    assert build_tree(text, [], []) == []


def test_a_chunk_falls_back_on_its_own_section_not_the_part_ending_with_it() -> None:
    book = nested_book()
    chunks = stored_chunks(book)
    rows = [n.row() for n in build_tree(book.text, book.sections, chunks)]
    body = [c for c in chunks if c.matter == "body"]
    corpus = Corpus(book.text, [c.start for c in chunks], body,
                    [book.sections[c.section_seq].title if c.section_seq is not None else ""
                     for c in body], {}, [], [], [], section_residuals(rows), rows)  # fmt: skip
    searcher = Searcher(corpus)
    owner = {r.chunk_seq: rows[r.parent_id] for r in rows if r.chunk_seq is not None
             and r.parent_id is not None}  # fmt: skip
    for i, chunk in enumerate(body):
        unit = corpus.residuals[int(searcher.residual_cover[i])]
        assert (unit.first_chunk, unit.last_chunk) == (owner[chunk.seq].first_chunk,
                                                       owner[chunk.seq].last_chunk)  # fmt: skip
        assert searcher.summary_of(i, 1 << 62) == ("residual", owner[chunk.seq].text_as_of_end)
