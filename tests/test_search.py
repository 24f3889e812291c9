"""Query time: BM25 equal to rank-bm25, z-score fusion, the three channels, the spoiler limit,
highlights and reasons, dense vectors stored once."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from conftest import CRIME_EPUB, make_epub
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi
from test_builder import run, story

from saadi_desktop.books import load_book
from saadi_desktop.library import chunk_book, import_book
from saadi_desktop.search import Searcher, embed_book, open_searcher
from saadi_desktop.search.bm25 import PrefixBM25, tokens
from saadi_desktop.search.corpus import Corpus, Field, Summary, load_corpus
from saadi_desktop.search.embed import HashingEmbedder, windows
from saadi_desktop.search.engine import NEVER
from saadi_desktop.search.fusion import fuse, rrf, zscore
from saadi_desktop.store import BookDB
from saadi_desktop.store.vectors import load_vectors


@pytest.fixture(scope="module")
def crime_docs() -> list[list[str]]:
    book = load_book(CRIME_EPUB)
    return [tokens(book.text[c.start : c.end]) for c in chunk_book(book)]


@pytest.mark.parametrize("prefix", [1, 7, 100, None])
def test_prefix_bm25_equals_rank_bm25(crime_docs: list[list[str]], prefix: int | None) -> None:
    docs = crime_docs if prefix is None else crime_docs[:prefix]
    reference = BM25Okapi(docs)
    ours = PrefixBM25(crime_docs)
    for query in ("the old woman pawnbroker", "axe blood", "Sonia Marmeladov", "the the a"):
        expected = reference.get_scores(tokens(query))
        np.testing.assert_allclose(ours.scores(tokens(query), prefix), expected, atol=1e-9, rtol=0)


@given(st.lists(st.floats(-100, 100), min_size=2, max_size=30))
def test_zscore_has_mean_zero_or_is_all_zero(values: list[float]) -> None:
    z = zscore(np.array(values))
    assert abs(z.mean()) < 1e-9
    if np.ptp(values) < 1e-9:
        assert not z.any()


@given(
    st.lists(st.tuples(st.floats(0, 10), st.floats(0, 10), st.floats(0, 10)), min_size=2,
             max_size=25),
    st.floats(0.0, 2.0),
    st.floats(0.0, 2.0),
)  # fmt: skip
def test_fusion_is_monotone_a_candidate_ahead_on_every_channel_stays_ahead(
    rows: list[tuple[float, float, float]], memory_weight: float, summary_weight: float
) -> None:
    text, memory, summary = (np.array(column) for column in zip(*rows, strict=True))
    weights = {"text": 1.0, "memory": memory_weight, "summary": summary_weight}
    fused, _ = fuse({"text": text, "memory": memory, "summary": summary}, weights)
    for a in range(len(rows)):
        for b in range(len(rows)):
            if all(x >= y for x, y in zip(rows[a], rows[b], strict=True)):
                assert fused[a] >= fused[b] - 1e-9


def test_a_constant_or_missing_channel_contributes_nothing() -> None:
    fused, zs = fuse(
        {"text": np.array([3.0, 1.0, 2.0]), "summary": np.full(3, np.nan)}, {"text": 1.0}
    )
    assert not zs["summary"].any() and list(fused) == list(zscore(np.array([3.0, 1.0, 2.0])))
    assert list(rrf(np.array([3.0, 1.0]), np.array([1.0, 3.0]))) == [1 / 61 + 1 / 62] * 2


@pytest.fixture
def indexed(tmp_path: Path, library: Path) -> Path:
    path = import_book(make_epub(tmp_path / "s.epub", story(6)), chunk_words=30).info.path
    run(path)
    return path


def test_memory_channel_finds_a_passage_through_a_linked_alias(indexed: Path) -> None:
    with BookDB.open(indexed) as db:
        searcher = open_searcher(db)
    text_only = searcher.search("meek sister", channels=["text"], k=30)
    fused = searcher.search("meek sister", k=30)
    lizaveta = {r.seq for r in fused.results if "Lizaveta" in r.text}
    top = fused.results[0]
    assert "Lizaveta" in top.text
    assert any(r.startswith("linked to Lizaveta") for r in top.reasons)
    assert "alias" in {kind for _, _, kind in top.highlights}
    for start, end, kind in top.highlights:
        assert kind != "alias" or top.text[start:end] in ("Lizaveta", "meek sister")
    assert lizaveta and text_only.results  # text alone also ranks, memory adds the reason


def test_results_are_the_books_own_passages_with_query_highlights(indexed: Path) -> None:
    with BookDB.open(indexed) as db:
        text = db.text()
        searcher = open_searcher(db)
    for result in searcher.search("dark stairs bell", k=5).results:
        assert result.text == text[result.start : result.end]
        marked = {result.text[s:e].lower() for s, e, kind in result.highlights if kind == "query"}
        assert marked <= {"dark", "stairs", "bell"} and marked
        assert result.section.startswith("Chapter")


def test_until_limits_candidates_and_counts_later_results(indexed: Path) -> None:
    with BookDB.open(indexed) as db:
        searcher = open_searcher(db)
        third = load_corpus(db).chunks[2]
    found = searcher.search("Razumihin tavern", until=third.start)
    assert found.candidates == 3
    assert all(r.start <= third.start for r in found.results)
    assert found.later > 0


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_nothing_after_the_limit_changes_the_output(data: st.DataObject) -> None:
    corpus = _SPOILER_CORPUS
    until_index = data.draw(st.integers(1, len(corpus.chunks) - 2))
    until = corpus.chunks[until_index].start
    limit = until_index  # chunk seqs equal indexes in this book
    later_text = data.draw(st.text("abcdefg hij", min_size=1, max_size=40))
    changed = _rewrite_after(corpus, until_index, limit, later_text)
    query = data.draw(st.sampled_from(["old woman", "meek sister", "friend tavern", "stairs"]))
    for retriever in ("bm25", "dense", "hybrid"):
        a = _searcher(corpus).search(query, until=until, retriever=retriever, k=20)
        b = _searcher(changed).search(query, until=until, retriever=retriever, k=20)
        assert a.results == b.results and a.candidates == b.candidates


def _rewrite_after(corpus: Corpus, index: int, limit: int, filler: str) -> Corpus:
    """The same book up to the limit; everything learned or written after it replaced."""
    cut = corpus.chunks[index + 1].start
    text = corpus.text[:cut] + (filler * 2000)[: len(corpus.text) - cut]
    fields = [f for f in corpus.fields if f.learned_at <= limit] + [
        Field(f.entity_id, f.kind, f.text + " old woman stairs " + filler, limit + 1)
        for f in corpus.fields
    ]
    links = [link for link in corpus.links if link[2] <= limit] + [
        (seq, entity, limit + 1) for seq in range(index + 1) for entity in corpus.entity_names
    ]
    summaries = [s for s in corpus.summaries if s.learned_at <= limit] + [
        Summary(0, index, "meek sister friend tavern " + filler, limit + 1)
    ]
    return dataclasses.replace(corpus, text=text, fields=fields, links=links, summaries=summaries)


def _searcher(corpus: Corpus) -> Searcher:
    embedder = HashingEmbedder()
    vectors = {}
    from saadi_desktop.store.bookdb import content_hash

    units = [f.text for f in corpus.fields] + [s.text for s in corpus.summaries]
    for text in units + [r.text for r in corpus.residuals]:
        vectors[content_hash(text)] = embedder.embed([text])
    hashes = [dataclasses.replace(c, content_hash=content_hash(corpus.text[c.start : c.end]))
              for c in corpus.chunks]  # fmt: skip
    for chunk in hashes:
        vectors[chunk.content_hash] = embedder.embed(windows(corpus.text[chunk.start : chunk.end]))
    return Searcher(dataclasses.replace(corpus, chunks=hashes), embedder, vectors)


def _build_spoiler_corpus() -> Corpus:
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        import os

        os.environ["SAADI_HOME"] = home
        try:
            source = make_epub(Path(home) / "s.epub", story(4))
            path = import_book(source, chunk_words=30).info.path
            run(path)
            with BookDB.open(path) as db:
                return load_corpus(db)
        finally:
            del os.environ["SAADI_HOME"]


_SPOILER_CORPUS = _build_spoiler_corpus()


def test_a_record_merged_away_scores_until_the_merge_and_never_after() -> None:
    corpus = _SPOILER_CORPUS
    entity = max(corpus.entity_names, key=lambda e: sum(f.entity_id == e for f in corpus.fields))
    name = next(f.text for f in corpus.fields if f.entity_id == entity)
    corpus = dataclasses.replace(corpus, links=[k for k in corpus.links if k[1] == entity])
    merged_at = corpus.chunks[2].seq
    merged = _searcher(dataclasses.replace(corpus, merged_at={entity: merged_at}))
    plain = _searcher(corpus)
    for retriever in ("bm25", "dense"):
        # before the merge it is a record like any other
        before = corpus.chunks[1].start
        a = merged.search(name, until=before, retriever=retriever, k=20).results
        assert a == plain.search(name, until=before, retriever=retriever, k=20).results
        # after, none of its fields lifts a passage, and no reason names it
        assert plain.channel_scores(name, None, retriever, ["memory"])[0]["memory"].any()
        assert not merged.channel_scores(name, None, retriever, ["memory"])[0]["memory"].any()
        for i in range(len(corpus.chunks)):
            assert merged._best_entity(i, name, NEVER)[0] != entity


def test_dense_vectors_are_stored_once_and_used(indexed: Path) -> None:
    embedder = HashingEmbedder()
    with BookDB.open(indexed) as db:
        first = embed_book(db, embedder)
        second = embed_book(db, embedder)
        stored = load_vectors(db, embedder.model_id)
        searcher = open_searcher(db, embedder)
    assert first > 0 and second == 0 and stored
    found = searcher.search("meek sister Lizaveta", retriever="dense", k=3)
    assert found.results and "Lizaveta" in found.results[0].text
    hybrid = searcher.search("meek sister Lizaveta", retriever="hybrid", k=3)
    assert hybrid.results


def test_long_chunks_are_embedded_as_overlapping_windows() -> None:
    text = " ".join(f"w{i}" for i in range(500))
    parts = windows(text)
    assert len(parts) >= 4 and all(len(p.split()) <= 160 for p in parts)
    assert parts[0].split()[-1] in parts[1]  # windows overlap
    assert parts[-1].split()[-1] == "w499"


def test_search_command_prints_json_and_readable_results(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from saadi_desktop.cli import main

    assert main(["search", str(indexed), "meek sister", "-k", "2", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    top = found["results"][0]
    assert {"seq", "start", "end", "text", "section", "score", "channels", "highlights",
            "reasons"} <= top.keys()  # fmt: skip
    assert found["retriever"] == "bm25" and len(found["results"]) == 2
    assert main(["search", str(indexed), "meek sister", "--until", "0"]) == 0
    out = capsys.readouterr().out
    assert "more results later in the book" in out and "[meek] [sister]" not in out.split("\n")[0]
    assert main(["search", str(indexed), "x", "--channels", "text,nonsense"]) == 1


def test_the_real_embedder_loads_and_searches_offline(
    tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    from saadi_desktop.search.embed import MiniLMEmbedder

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a network connection was attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    path = import_book(make_epub(tmp_path / "s.epub", story(2)), chunk_words=30).info.path
    embedder = MiniLMEmbedder()
    with BookDB.open(path) as db:
        searcher = open_searcher(db, embedder)
    vector = embedder.embed(["a pawnbroker"])
    assert vector.shape == (1, 384) and abs(float(np.linalg.norm(vector)) - 1) < 1e-5
    found = searcher.search("a man climbing a staircase", retriever="dense", k=2)
    assert any("stairs" in r.text for r in found.results)  # no shared word: meaning only


def test_a_query_is_embedded_on_one_thread_and_many_texts_on_all() -> None:
    """One thread for a lone query (two wait on each other when a core is busy), every core
    for a book's passages; a batch's vectors do not depend on the count."""
    from saadi_desktop.search.embed import MiniLMEmbedder, all_threads, torch_threads

    embedder = MiniLMEmbedder()
    texts = ["a pawnbroker", "the old woman on the fourth floor", "a staircase"]
    many = embedder.embed(texts)
    assert torch_threads() == all_threads()
    embedder.embed(["a pawnbroker"])
    assert torch_threads() == 1
    assert np.array_equal(embedder.embed(texts), many) and torch_threads() == all_threads()


def test_a_limit_before_the_first_passage_still_counts_the_matches_later(
    tmp_path: Path, library: Path
) -> None:
    source = tmp_path / "serial.txt"
    preface = "\n\n".join(f"A word from the editor, note {n}." for n in range(40))
    walk = "Rodion walked to the bridge and looked down at the water for a long while. " * 6
    told = ["The old woman counted her pledges.", "Lizaveta, the old woman's sister, came home.",
            walk, walk, walk]  # fmt: skip
    story = "\n\n".join(
        f"CHAPTER {n}\n\n{text}\n\n{walk}"
        for n, text in zip(["I", "II", "III", "IV", "V"], told, strict=True)
    )
    source.write_text(f"PREFACE\n\n{preface}\n\n{story}\n", encoding="utf-8")
    with BookDB.open(import_book(source).info.path) as db:
        searcher = open_searcher(db)
    found = searcher.search("old woman", until=0)
    assert (found.results, found.candidates, found.later) == ([], 0, 2)
    assert searcher.search("old woman").later == 0  # no limit: nothing lies later
