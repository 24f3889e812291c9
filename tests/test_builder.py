"""The SAADI state builder with a scripted model: the loop, grounding, merging, folding, cost,
failures, cancel and resume, append, and the one-builder lock."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest import make_epub

from saadi_desktop import cli
from saadi_desktop.eval.breakeven import index_cost
from saadi_desktop.library import append_to_book, import_book
from saadi_desktop.llm.base import Message
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.reading.recap import recap
from saadi_desktop.reading.views import entities, outline
from saadi_desktop.state import answer
from saadi_desktop.state.answer import Line, render
from saadi_desktop.state.builder import build_state, retry_failed_chunks
from saadi_desktop.state.cost import call_counts
from saadi_desktop.state.history import total_calls
from saadi_desktop.state.keys import sentence_spans
from saadi_desktop.state.prompts import MAX_SUMMARY
from saadi_desktop.state.replay import kept_answers, replay_book
from saadi_desktop.state.summaries import extract
from saadi_desktop.store import BookDB, StoreError
from saadi_desktop.store import state as store
from saadi_desktop.store.lock import builder_lock
from saadi_desktop.tasks import Cancelled

PARAGRAPHS = [
    "The old woman counted her pledges by the window. Alyona Ivanovna trusted nobody at all.",
    "Rodion climbed the dark stairs slowly. He rang the bell and waited at the door.",
    "Lizaveta came home late that evening. She was the old woman's meek sister.",
    "Razumihin laughed loudly in the tavern. He was Rodion's only friend in the city.",
]


def story(chapters: int) -> list[tuple[str, str]]:
    return [
        (f"Chapter {n}", "".join(f"<p>{p}</p>" for p in PARAGRAPHS)) for n in range(1, chapters + 1)
    ]


def current_passage(messages: list[Message]) -> str:
    """The text of the passage an update prompt is about (the last passage shown)."""
    user = messages[-1]["content"]
    return user.split("PASSAGES (oldest first):", 1)[1].split("\n---\n")[0].rsplit("]\n", 1)[1]


def listed(messages: list[Message]) -> dict[str, int]:
    """The numbered list of an update prompt: each name and alias → its number."""
    numbers: dict[str, int] = {}
    for number, name, about in re.findall(
        r"^(\d+) ([^(\n]+?)(?: \(([^)]*)\))?$",
        messages[-1]["content"].rsplit("\n---\n", 1)[1],
        re.M,
    ):
        for each in (name, *about.split("; ")):
            numbers.setdefault(each.strip(), int(number))
    return numbers


def fold_children(messages: list[Message]) -> list[str]:
    """The children's headlines a fold prompt shows."""
    return re.findall(r"^\[passages? [\d–]+\] (.*)$", messages[-1]["content"], re.M)


def smart_reply(messages: list[Message]) -> str:
    """A deterministic stand-in for a model: names what it sees, reuses listed numbers."""
    user = messages[-1]["content"]
    if "Task: one headline for passages" in user:  # the opening words of each child's
        heads = [h for h in fold_children(messages) if h != "(no headline)"]
        n = 1 if "\n[passages " in user else 3  # of a fold's headline, fewer: not a copy
        return f"Headline: {', '.join(' '.join(h.split()[:n]) for h in heads)}\n"
    passage = current_passage(messages)
    numbers = listed(messages)
    lines = []
    for name, alias in (("Alyona Ivanovna", "the old woman"), ("Rodion", "he"),
                        ("Lizaveta", "meek sister"), ("Razumihin", "only friend")):  # fmt: skip
        if name in passage:
            aliases = (alias,) if alias in passage.lower() else ()
            note = f"{name} appears in this passage"
            number = numbers.get(name)
            kind = "person" if number is None else ""
            lines.append(Line(number, name if number is None else "", kind, aliases, note))
    return render(lines, " ".join(passage.split()[:8]))


@pytest.fixture
def book(tmp_path: Path, library: Path) -> Path:
    source = make_epub(tmp_path / "story.epub", story(6))
    return import_book(source, chunk_words=30).info.path


def run(path: Path, llm: Any = None, **options: Any) -> Any:
    with BookDB.open(path) as db:
        return build_state(db, llm or ScriptedLLM(default=smart_reply), **options)


def dump(path: Path) -> dict[str, Any]:
    with BookDB.open(path) as db:
        return {
            table: db.db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("entities", "aliases", "descriptions", "links", "failed_chunks")
        } | {
            "summaries": db.db.execute(
                "SELECT level, first_chunk, last_chunk, text, learned_at, provisional, form, "
                "key_spans FROM summaries ORDER BY level, first_chunk"
            ).fetchall(),
            "builder": db.db.execute("SELECT next_chunk, finished FROM builder").fetchall(),
        }


@pytest.mark.parametrize("n", range(1, 201))
def test_call_count_formula(n: int) -> None:
    regular = sum(n // 5**i for i in range(1, 10))
    assert n + regular <= total_calls(n, 5) <= n + regular + 4
    assert n + regular < 1.25 * n + 4


def test_full_run_makes_exactly_the_estimated_calls(book: Path) -> None:
    with BookDB.open(book) as db:
        expected = call_counts(db)
    report = run(book)
    with BookDB.open(book) as db:
        logged = store.calls(db)
        chunks = store.indexed_chunks(db)
        summaries = store.summaries(db)
        assert db.index_state() == "done"
    assert expected["chunks"] == len(chunks) > 10
    assert len(logged) == report.calls == expected["calls_total"] == total_calls(len(chunks), 5)
    # every indexed chunk has exactly one covering level-1 summary
    level1 = [s for s in summaries if s.level == 1]
    for chunk in chunks:
        assert sum(s.first_chunk <= chunk.seq <= s.last_chunk for s in level1) == 1
    assert max(s.level for s in summaries) >= 2


def test_the_time_estimate_is_this_models_latest_calls_median(book: Path, tmp_path: Path) -> None:
    from saadi_desktop.state.cost import seconds_per_call

    run(book, limit=4)
    with BookDB.open(book) as db:
        db.db.execute("UPDATE calls SET ms = 2000")
        row = "'update', 1, NULL, 1, 0, 1, ?, ?, 'v', 'now'"
        sql = f"INSERT INTO calls (kind, chunk_seq, level, prompt_tokens, cached_tokens, generated_tokens, ms, model_id, prompt_version, at) VALUES ({row})"  # noqa: E501
        db.db.execute(sql, (9_000_000, "scripted"))  # one call that spanned a night's sleep
        for _ in range(9):  # the same book read earlier by a slower model
            db.db.execute(sql, (50_000, "another-model"))
        figures = seconds_per_call(db, ScriptedLLM(), tmp_path / "calibration.json")
    assert figures["update_s"] == 2.0 and figures["source"] == 0.0


def test_a_stretched_call_is_counted_at_the_median_time_per_token() -> None:
    from saadi_desktop.state.cost import stretched, working_ms

    calls = [(100, 10, 1100.0), (200, 0, 2000.0), (50, 50, 1000.0), (100, 0, 60_000.0)]
    assert stretched(calls).tolist() == [False, False, False, True]
    # the median of 10, 10, 10 and 600 ms per token is 10: the paused call counts 100 × 10 ms
    assert working_ms(calls) == [1100.0, 2000.0, 1000.0, 1000.0]
    assert working_ms([]) == [] and stretched([]).tolist() == []


def test_records_aliases_and_links_are_grounded_and_stamped(book: Path) -> None:
    run(book)
    with BookDB.open(book) as db:
        records = {r.name: r for r in store.records(db)}
        text = db.text()
        starts = {c.seq: c for c in db.chunks()}
        for seq, entity_id, learned in store.links(db):
            assert learned == seq
            name = next(r.name for r in records.values() if r.id == entity_id)
            assert name.split()[0] in text[starts[seq].start : starts[seq].end]
    alyona = records["Alyona Ivanovna"]
    assert "the old woman" in alyona.aliases
    assert len(records) == 4  # reused ids: no duplicates however often they appear


def test_ungrounded_names_aliases_and_outside_descriptions_are_dropped(book: Path) -> None:
    def inventive(messages: list[Message]) -> str:
        if "Task: one headline for passages" in messages[-1]["content"]:
            return "Headline: ok\n"
        return render([
            Line(None, "Sherlock Holmes", "person", (), ""),
            Line(None, "Chapter", "other", ("the Baker Street",),
                 "a detective from London in the novels of Conan Doyle"),
        ])  # fmt: skip

    report = run(book, ScriptedLLM(default=inventive), limit=3)
    with BookDB.open(book) as db:
        records = store.records(db)
        text = {v for c in store.name_clusters(db) for v in c["variants"]}
    # the passage's own names have their records; of the model's inventions only a word of
    # the text stands, with nothing invented on it
    assert [r.name for r in records if r.name not in text] in ([], ["Chapter"])
    assert all(not r.aliases and not r.descriptions for r in records)
    assert report.ungrounded >= 3 * 2


def test_the_grammar_allows_only_the_listed_numbers(book: Path) -> None:
    llm = ScriptedLLM(default=smart_reply)
    run(book, llm, limit=4)
    updates = [(p, g) for p, g in zip(llm.prompts, llm.grammars, strict=True) if g]
    assert len(updates) == 4
    for prompt, grammar in updates:
        numbers = sorted(set(listed(prompt).values()))
        allowed = re.search(r"known ::= \(([^)]*)\)", grammar)
        found = sorted(int(n) for n in re.findall(r'"(\d+)"', allowed.group(1))) if allowed else []
        assert found == numbers
    with BookDB.open(book) as db:
        names = sorted(r.name for r in store.records(db))
    assert names == ["Alyona Ivanovna", "Lizaveta", "Razumihin", "Rodion"]


def test_malformed_output_is_retried_once_then_recorded_and_the_run_goes_on(book: Path) -> None:
    llm = ScriptedLLM(default=smart_reply).enqueue("{not json", "still not json")
    report = run(book, llm, limit=3)
    with BookDB.open(book) as db:
        failed = db.db.execute("SELECT chunk_seq, raw_output FROM failed_chunks").fetchall()
        kinds = [c.kind for c in store.calls(db)]
        assert db.index_state().endswith("1 failed chunk")
    assert report.chunks_done == 3 and report.failed == [failed[0][0]]
    assert failed[0][1] == "still not json"
    assert kinds[:3] == ["update", "retry", "update"]

    retried = ScriptedLLM(default=smart_reply)
    with BookDB.open(book) as db:
        retry_failed_chunks(db, retried)
        assert store.failed_chunks(db) == []
        links = store.links(db)
    assert any(seq == failed[0][0] for seq, _, _ in links)


def test_an_answer_cut_short_keeps_its_complete_lines() -> None:
    text = "2 person | the old woman | lends money\n+ Lizaveta | person | | her sis"
    lines = answer.parse(text, [1, 2], truncated=True)
    assert lines == [answer.Line(2, "", "person", ("the old woman",), "lends money")]
    with pytest.raises(answer.MalformedOutput, match="not listed"):
        answer.parse("7\n", [1, 2])
    with pytest.raises(answer.MalformedOutput):
        answer.parse('{"entities": []}', [1, 2])


def test_a_refused_answer_is_kept_with_the_reason(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Counting what the rules refuse does not say why; the answer itself is kept to be read."""
    folds: list[str] = []

    def reply(messages: list[Message]) -> str:
        if "Task: one headline for passages" in messages[-1]["content"]:
            folds.append("")
            if len(folds) == 1:  # the first fold names someone the passages never mention
                return "Headline: Rodion and Dounia climb the stairs.\n"
        return smart_reply(messages)

    llm = ScriptedLLM(default=reply).enqueue("{not json")
    report = run(book, llm, limit=5)
    with BookDB.open(book) as db:
        refused = [(c.kind, c.level, c.refused, c.raw) for c in store.calls(db) if c.refused]
        cost = index_cost(db)
    assert refused == [
        ("update", None, "an entity number that was not listed: '{not json'", "{not json"),
        ("fold", 1, "it names Dounia, who is not in the headlines",
         "Headline: Rodion and Dounia climb the stairs.\n"),
    ]  # fmt: skip
    assert report.summaries_ungrounded == 1 and report.retries == 2 and report.failed == []
    assert cost["answers_refused"] == {"update": 1, "fold": 1}
    # where the time went: a retry is its own kind
    calls = {kind: row["calls"] for kind, row in cost["by_kind"].items()}
    assert calls == {"update": 5, "fold": 1, "retry": 2}
    assert cli.main(["bench", "cost", str(book)]) == 0
    out = capsys.readouterr().out
    assert "answers refused: 1 update, 1 fold" in out
    assert "; retry 2 calls, " in out


def test_a_summary_with_letters_of_another_script_is_retried(book: Path) -> None:
    # the small model's stray tokens ('Hertfordshire新闻' on the dev book)
    folds: list[str] = []

    def reply(messages: list[Message]) -> str:
        if "Task: one headline for passages" in messages[-1]["content"]:
            folds.append("")
            if len(folds) == 1:
                return "Headline: Rodion climbs the stairs新闻.\n"
        return smart_reply(messages)

    report = run(book, ScriptedLLM(default=reply), limit=5)
    with BookDB.open(book) as db:
        refused = [c.refused for c in store.calls(db) if c.refused]
        texts = [s.text for s in store.summaries(db)]
    assert refused == ["it has letters in a script not used in the headlines (新闻)"]
    assert report.retries == 1 and report.summaries_ungrounded == 0
    assert not any("新闻" in text for text in texts)


def test_one_retry_that_succeeds_keeps_the_chunk(book: Path) -> None:
    llm = ScriptedLLM(default=smart_reply).enqueue("{truncated")
    report = run(book, llm, limit=2)
    assert report.failed == []


def test_retries_are_counted_apart_so_planned_calls_equal_the_estimate(book: Path) -> None:
    """11 calls against an estimate of 10 needs an explanation: the retry is reported."""
    with BookDB.open(book) as db:
        planned = call_counts(db)["calls_total"]
    events: list[dict[str, Any]] = []
    llm = ScriptedLLM(default=smart_reply).enqueue("not an answer", smart_reply, "{bad")
    report = run(book, llm, progress=events.append)
    assert report.retries == 2 and report.calls == planned + 2
    assert events[-1]["planned_calls"] == planned and events[-1]["retries"] == 2
    with BookDB.open(book) as db:
        kinds = [c.kind for c in store.calls(db)]
    assert len(kinds) - kinds.count("retry") == planned


def test_cancel_and_resume_equals_an_uninterrupted_run(
    tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = import_book(make_epub(tmp_path / "a.epub", story(6)), chunk_words=30).info.path
    run(whole)
    expected = dump(whole)

    monkeypatch.setenv("SAADI_HOME", str(tmp_path / "other"))
    parts = import_book(make_epub(tmp_path / "b.epub", story(6)), chunk_words=30).info.path
    for stop_after in (2, 7, 5, 11):
        asked = iter(range(10_000))
        with pytest.raises(Cancelled):
            run(parts, should_stop=lambda n=stop_after, it=asked: next(it) >= n)
    run(parts)
    assert dump(parts) == expected


def test_a_resumed_build_rewrites_a_memory_stored_under_older_rules(
    tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book half indexed by an older version goes on from the replayed memory, and the stored
    memory is that one too: the two never drift apart."""
    whole = import_book(make_epub(tmp_path / "a.epub", story(6)), chunk_words=30).info.path
    run(whole)
    expected = dump(whole)

    monkeypatch.setenv("SAADI_HOME", str(tmp_path / "other"))
    parts = import_book(make_epub(tmp_path / "b.epub", story(6)), chunk_words=30).info.path
    run(parts, limit=3)
    with BookDB.open(parts) as db:  # what older rules left: another memory altogether
        builder = store.builder_row(db)
        rows = store.MemoryRows([(99, "Chimera", "person", 0)], [(99, "Nobody", 0)], [], [])
        store.replace_memory(db, rows, builder.model_id, builder.prompt_version)
    run(parts)
    assert dump(parts) == expected


def test_a_second_builder_on_the_same_book_is_refused(book: Path) -> None:
    with builder_lock(book), pytest.raises(StoreError, match="another indexer is already running"):
        run(book)


def test_progress_reports_chunk_total_calls_and_time_left(book: Path) -> None:
    events: list[dict[str, Any]] = []
    run(book, limit=3, progress=events.append)
    assert [e["chunk"] for e in events] == [1, 2, 3]
    assert {"total", "calls", "tokens_per_s", "eta_s"} <= events[-1].keys()


def test_prompts_put_stable_text_first_for_kv_cache_reuse(book: Path) -> None:
    llm = ScriptedLLM(default=smart_reply)
    run(book, llm, limit=4)
    updates = [p for p in llm.prompts if "Task: list" in p[-1]["content"]]
    for before, after in pairwise(updates):
        stable = before[-1]["content"].split("\n---\n")[0]
        assert after[-1]["content"].startswith(stable)  # the next call extends this prefix
    assert llm.prompts[0][0]["role"] == "system"
    assert "only the text you are given" in llm.prompts[0][0]["content"]


def test_views_cut_at_the_reading_position(book: Path) -> None:
    run(book)
    with BookDB.open(book) as db:
        chunks = store.indexed_chunks(db)
        early = chunks[0].start
        everything = entities(db)
        before = entities(db, until=early)
        tree_before, tree = outline(db, until=early), outline(db)
    learned = {e["name"]: e["learned_at"] for e in everything if e["source"] == "llm"}
    shown = {e["name"] for e in before if e["source"] == "llm"}
    assert shown == {name for name, at in learned.items() if at <= chunks[0].seq}
    assert shown < set(learned)
    assert [n["level"] for n in tree_before] == [0] and tree  # the first passage's headline


def test_entities_list_records_then_names_the_most_mentioned_first(
    tmp_path: Path, library: Path
) -> None:
    # as the entity browser orders them: what a reader of `saadi entities` sees first
    first = "The old woman counted her pledges, and then Alyona Ivanovna called Rodion in."
    later = "Then Lizaveta came in; in the tavern Razumihin laughed, and then Razumihin sang."
    chapters = [("Chapter 1", f"<p>{first}</p>")]
    chapters += [(f"Chapter {n}", f"<p>{later}</p>") for n in range(2, 6)]
    path = import_book(make_epub(tmp_path / "order.epub", chapters), chunk_words=30).info.path
    run(path, limit=1)
    with BookDB.open(path) as db:
        found = entities(db)
    order = [(e["source"] == "names", -e["mentions"], e["name"].casefold()) for e in found]
    assert order == sorted(order)
    assert [e["name"] for e in found if e["source"] == "names"] == ["Razumihin", "Lizaveta"]


def _wotton(tmp_path: Path) -> Path:
    chapters = [
        ("Chapter 1", "<p>Lord Henry Wotton lay on the divan, and then Lord Henry smoked.</p>"),
        ("Chapter 2", "<p>“You are wrong, Harry,” said Basil. “Come, Harry,” he said again.</p>"),
        ("Chapter 3", "<p>They drove on to Selby, and later they dined in Selby.</p>"),
    ]
    return import_book(make_epub(tmp_path / "w.epub", chapters), chunk_words=30).info.path


def test_names_the_model_has_not_read_are_joined_and_typed_by_the_rules(
    tmp_path: Path, library: Path
) -> None:
    # no model call yet: 'Harry' is Lord Henry Wotton by the nickname table, from where it is said
    path = _wotton(tmp_path)
    with BookDB.open(path) as db:
        seqs = [c.seq for c in store.indexed_chunks(db)]
        first = db.chunks()[seqs[0]].start
        before, found = entities(db, until=first), entities(db)
    wotton = next(e for e in found if e["name"] == "Lord Henry Wotton")
    assert (wotton["type"], wotton["source"]) == ("person", "names")
    assert set(wotton["aliases"]) == {"Lord Henry", "Harry"}
    assert wotton["mentions"] == 4
    assert next(e for e in found if e["name"] == "Selby")["type"] == "place"
    assert [(e["name"], e["aliases"]) for e in before] == [("Lord Henry Wotton", ["Lord Henry"])]
    printed = _printed(path).splitlines()
    assert printed[0] == (
        "Lord Henry Wotton (person, found by name only, 4 mentions) — also: Lord Henry, Harry"
    )
    assert not any(line.startswith("Harry") for line in printed)


def test_an_entity_read_from_the_names_alone_is_listed_under_its_fullest_name_so_far(
    tmp_path: Path, library: Path
) -> None:
    chapters = [
        ("Chapter 1", "<p>“My little Lizzy,” said her father, and then Lizzy laughed.</p>"),
        ("Chapter 2", "<p>Elizabeth walked out, and Miss Elizabeth Bennet was glad.</p>"),
    ]
    path = import_book(make_epub(tmp_path / "l.epub", chapters), chunk_words=30).info.path
    with BookDB.open(path) as db:
        first = db.chunks()[store.indexed_chunks(db)[0].seq].start
        before, found = entities(db, until=first), entities(db)
    assert [(e["name"], e["aliases"]) for e in before] == [("Lizzy", [])]
    assert [(e["name"], e["aliases"]) for e in found] == [
        ("Miss Elizabeth Bennet", ["Elizabeth", "Lizzy"])
    ]


def test_a_book_imported_before_the_rules_read_its_names_lists_them_bare_until_indexed(
    tmp_path: Path, library: Path
) -> None:
    path = _wotton(tmp_path)
    with BookDB.open(path) as db:
        db.db.execute("DELETE FROM name_entities")  # as a version 6 book upgraded
        bare = {e["name"]: e["type"] for e in entities(db)}
    assert bare == {"Lord Henry Wotton": "name", "Harry": "name", "Selby": "name"}
    run(path, llm=ScriptedLLM(default=lambda messages: ""), limit=1)
    with BookDB.open(path) as db:
        assert store.name_entities(db)
        found = entities(db)
    assert [e["name"] for e in found if e["source"] == "names"] == ["Selby"]
    # 'Harry', in a passage the model has not read, is a name of its record for Lord Henry
    wotton = next(e for e in found if e["name"] == "Lord Henry Wotton")
    assert (wotton["source"], wotton["aliases"]) == ("llm", ["Lord Henry", "Harry"])


def _printed(path: Path) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["entities", str(path)]) == 0
    return out.getvalue()


def test_append_reads_only_the_new_chunks_and_the_folds_that_fall_due(book: Path) -> None:
    run(book)
    with BookDB.open(book) as db:
        before_calls, n_before = len(store.calls(db)), len(store.indexed_chunks(db))
        kept = [s for s in store.summaries(db) if not s.provisional]
    added = append_to_book(str(book), "\n\n".join(PARAGRAPHS * 2))
    assert added >= 2
    run(book)
    with BookDB.open(book) as db:
        calls = store.calls(db)[before_calls:]
        n_after = len(store.indexed_chunks(db))
        summaries = store.summaries(db)
    updates = [c for c in calls if c.kind == "update"]
    assert len(updates) == n_after - n_before == added
    assert all(c.chunk_seq is not None and c.chunk_seq >= n_before for c in calls)
    assert all(s in summaries for s in kept)  # nothing already folded was recomputed
    assert len(calls) == total_calls(n_after, 5) - total_calls(n_before, 5) + _finishing(n_before)


def _finishing(n: int) -> int:
    """Finishing folds of the shorter book, which the longer one no longer needs."""
    regular = sum(n // 5**i for i in range(1, 10))
    return total_calls(n, 5) - n - regular


CHILD = """
import sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_builder import smart_reply
from saadi_desktop.llm.scripted import ScriptedLLM
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB

def slow(messages):
    time.sleep(0.01)  # a step takes a few ms, so kills land inside steps as well as between
    return smart_reply(messages)

with BookDB.open(Path({book!r})) as db:
    build_state(db, ScriptedLLM(default=slow), progress=lambda e: print(e["chunk"], flush=True))
"""


def test_killed_with_sigkill_three_times_resumes_to_the_same_state(
    tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scripted model (deterministic) stands in for the real one here; the real model's
    resume path is the same code."""
    import random
    import signal
    import subprocess
    import sys

    whole = import_book(make_epub(tmp_path / "a.epub", story(12)), chunk_words=30).info.path
    run(whole)
    expected = dump(whole)

    monkeypatch.setenv("SAADI_HOME", str(tmp_path / "other"))
    book = import_book(make_epub(tmp_path / "b.epub", story(12)), chunk_words=30).info.path
    code = CHILD.format(tests=str(Path(__file__).parent), book=str(book))
    rng = random.Random(7)
    kills = 0
    for _ in range(3):
        with subprocess.Popen(
            [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True
        ) as child:
            assert child.stdout is not None
            for _line in range(rng.randint(1, 3)):
                if not child.stdout.readline():
                    break
            child.send_signal(signal.SIGKILL)
            child.wait()
        kills += child.returncode == -signal.SIGKILL
        with BookDB.open(book) as db:
            assert db.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert kills == 3
    run(book)
    assert dump(book) == expected


def test_a_fold_reads_headlines_and_key_sentences_never_the_passages(book: Path) -> None:
    llm = ScriptedLLM(default=smart_reply)
    run(book, llm, limit=5)
    fold = next(p for p in llm.prompts if "Task: one headline" in p[-1]["content"])
    user = fold[-1]["content"]
    with BookDB.open(book) as db:
        text = db.text()
        passages = [text[c.start : c.end] for c in store.indexed_chunks(db)[:5]]
        nodes = store.summaries(db, passages=True)
    heads = [n.text for n in sorted(nodes, key=lambda n: n.first_chunk) if n.level == 0]
    assert fold_children(fold) == heads and len(heads) == 5
    assert "PASSAGES" not in user and "STORY SO FAR" not in user
    # a key sentence, never a whole passage (one of a single sentence is its own key)
    assert not any(p in user for p in passages if len(sentence_spans(p)) > 1)
    keys = [k for n in nodes if n.level == 0 for k in n.key_spans]
    assert all(f"“{' '.join(text[a:b].split())}”" in user for a, b in keys)


def test_a_fold_that_copies_one_child_is_asked_again_then_stands_as_a_list(book: Path) -> None:
    """The 1.5B model's commonest fold repeats one child. Refused, asked once more, refused
    again: the node is its children's headlines in order, marked as a list, not a summary."""

    def copying(messages: list[Message]) -> str:
        if "Task: one headline" in messages[-1]["content"]:
            return f"Headline: {fold_children(messages)[0]}\n"
        return smart_reply(messages)

    report = run(book, ScriptedLLM(default=copying), limit=5)
    with BookDB.open(book) as db:
        refused = [(c.kind, c.refused) for c in store.calls(db) if c.refused]
        nodes = store.summaries(db, passages=True)
        shown = outline(db)
    copied = "it repeats one of the headlines instead of covering them all"
    assert refused == [("fold", copied), ("retry", copied)] and report.retries == 1
    (level1,) = [n for n in nodes if n.level == 1]
    heads = [n.text for n in sorted(nodes, key=lambda n: n.first_chunk) if n.level == 0]
    assert level1.form == "list" and level1.text.split("\n") == heads
    assert [n["form"] for n in shown if n["level"] == 1] == ["list"]
    assert not any(n["extract"] for n in shown if n["level"] == 1)  # a list is no extract


def test_a_headline_naming_someone_the_passage_does_not_gives_way_to_its_key_sentence(
    book: Path,
) -> None:
    """A small model that knows the novel names who is not there: the passage keeps no
    headline, and the book's own sentence stands in, marked as the book's words — also when
    the memory is replayed from the kept answers."""

    def inventive(messages: list[Message]) -> str:
        said = smart_reply(messages)
        if "Task: one headline" in messages[-1]["content"]:
            return said
        return said.rsplit("Headline: ", 1)[0] + "Headline: Dounia climbs the stairs\n"

    report = run(book, ScriptedLLM(default=inventive), limit=2)
    with BookDB.open(book) as db:
        text = db.text()
        chunks = store.indexed_chunks(db)[:2]
        nodes = sorted(store.summaries(db, passages=True), key=lambda n: n.first_chunk)
        assert report.headlines_refused == 2
        for node, chunk in zip(nodes, chunks, strict=True):
            assert node.form == "extract" and node.key_spans
            (a, b) = node.key_spans[0]
            assert chunk.start <= a < b <= chunk.end
            assert node.text == " ".join(text[a:b].split())
        before = dump(book)
        replay_book(db)
    assert dump(book) == before


def test_replay_finds_the_names_of_a_renumbered_names_pass(book: Path) -> None:
    """A better names pass, rerun at an upgrade, may number its clusters differently: the kept
    answers' lists are matched to it by name, so the replayed memory is the same."""
    run(book)
    expected = dump(book)
    with BookDB.open(book) as db:
        clusters = store.name_clusters(db)
        new_id = {c["id"]: 500 - c["id"] for c in clusters}  # every number changes
        mentions = db.db.execute(
            "SELECT chunk_seq, name_id, variant, count FROM name_mentions"
        ).fetchall()
        store.write_names(
            db,
            [(new_id[c["id"]], c["gender"], dict(c["variants"])) for c in clusters],
            [(seq, new_id[name], variant, count) for seq, name, variant, count in mentions],
        )
        replay_book(db)
    assert dump(book) == expected


def test_replay_takes_no_cluster_the_new_names_pass_meets_only_later(book: Path) -> None:
    """A better names pass may meet a listed name first in a later chunk ('a March Hare' is no
    longer 'Hare'): the kept answer's entry is then no names-pass cluster at its chunk, and
    replay goes on (it stopped on an empty list of names)."""
    run(book, limit=3)
    with BookDB.open(book) as db:
        clusters = store.name_clusters(db)
        later = db.db.execute("SELECT max(seq) FROM chunks").fetchone()[0]
        assert later > 3
        mentions = db.db.execute(
            "SELECT ?, name_id, variant, sum(count) FROM name_mentions GROUP BY name_id, variant",
            (later,),
        ).fetchall()
        store.write_names(
            db,
            [(c["id"], c["gender"], dict.fromkeys(c["variants"], later)) for c in clusters],
            mentions,
        )
        listed = [c for seq, roster, _ in kept_answers(db) for c in roster if seq < later]
        assert listed and all(c.cluster is None for c in listed)
        replay_book(db)
    assert dump(book)["entities"]  # the names the answers themselves gave


def test_a_failed_fold_stands_as_a_list_and_the_recap_tells_what_each_part_is(
    book: Path,
) -> None:
    """Twice a malformed fold: its node is its children's headlines, a list; the next fold
    works. The recap tells the past by the tree's nodes and the last passages by their own
    headlines, each part with the book's key sentences and its form."""

    def no_folds(messages: list[Message]) -> str:
        if "Task: one headline" in messages[-1]["content"]:
            return "{not json"
        return smart_reply(messages)

    run(book, ScriptedLLM(default=no_folds), limit=5)
    with BookDB.open(book) as db:
        assert [n["form"] for n in outline(db) if n["level"] == 1] == ["list"]
    run(book, ScriptedLLM(default=smart_reply), limit=5)  # the next fold works
    with BookDB.open(book) as db:
        assert [n["form"] for n in outline(db) if n["level"] == 1] == ["list", "headline"]
        told = recap(db)
    forms = [(p.level, p.form) for p in told.parts]
    assert forms[:6] == [(1, "list"), *[(0, "headline")] * 5]
    assert all(p.keys and not p.extract for p in told.parts[:6])
    assert all(p.extract for p in told.parts[6:])  # passages the model has not read yet


def test_a_record_retyped_a_place_later_is_stored_so_and_replays_so(
    tmp_path: Path, library: Path
) -> None:
    chapters = [
        ("Chapter 1", "<p>Netherfield Park is let at last, said Mrs. Long to Jane.</p>"),
        ("Chapter 2", "<p>Jane rode to Netherfield in the rain, and Jane was wet.</p>"),
        ("Chapter 3", "<p>Jane stayed at Netherfield for days; Jane was ill.</p>"),
        ("Chapter 4", "<p>A letter came from Netherfield for Jane, and Jane smiled.</p>"),
    ]
    path = import_book(make_epub(tmp_path / "n.epub", chapters), chunk_words=30).info.path
    run(path, llm=ScriptedLLM(default=lambda messages: ""))
    with BookDB.open(path) as db:
        types = {e["name"]: e["type"] for e in entities(db)}
    assert types["Netherfield"] == "place"  # 'other' when first met, in chapter 1
    built = dump(path)
    with BookDB.open(path) as db:
        replay_book(db)
    assert dump(path)["entities"] == built["entities"]


def test_two_records_merged_are_two_before_the_merge_one_after_and_replay_so(
    tmp_path: Path, library: Path
) -> None:
    chapters = [
        ("Chapter 1", "<p>Mr. Razumihin laughed at the inn, and Razumihin paid for the tea.</p>"),
        ("Chapter 2", "<p>Dmitri came in from the rain, and Dmitri sat down by the stove.</p>"),
        ("Chapter 3", "<p>Dmitri Prokofitch Razumihin, the landlady read from the letter.</p>"),
        ("Chapter 4", "<p>Dmitri went out again, and Razumihin did not come back that night.</p>"),
    ]
    path = import_book(make_epub(tmp_path / "r.epub", chapters), chunk_words=30).info.path
    run(path, llm=ScriptedLLM(default=lambda messages: ""))
    with BookDB.open(path) as db:
        seqs = [c.seq for c in db.chunks() if c.matter == "body"]
        before, merged, after = (store.records(db, seqs[i]) for i in (1, 2, 3))
        shown = [{r.name, *r.aliases} for r in after if "Dmitri" in {r.name, *r.aliases}]
        gone = [r for r in store.records(db, merged=True) if r.merged_at is not None]
        linked = {e for _, e, _ in store.links(db, seqs[3])}
    assert len(gone) == 1 and gone[0].merged_at == seqs[2]
    assert gone[0].id in {r.id for r in before} - {r.id for r in merged}  # a record until then
    assert shown == [{"Mr. Razumihin", "Razumihin", "Dmitri", "Dmitri Prokofitch Razumihin"}]
    assert gone[0].id not in linked  # its passages are linked to the one record now
    built = dump(path)
    with BookDB.open(path) as db:
        replay_book(db)
    assert dump(path)["entities"] == built["entities"]
    assert dump(path)["links"] == built["links"]


def test_replay_replaces_a_stored_fold_the_current_rules_refuse_with_its_stand_in(
    book: Path,
) -> None:
    """A book indexed under older fold rules keeps a summary that joins two names the text
    never joins (a small model writes 'Elizabeth Darcy' at the proposal); replay checks the
    stored folds as the builder checks a new one and puts the stand-in in its place, with no
    model call. A fold that names them apart stands."""
    run(book, limit=10)
    with BookDB.open(book) as db:
        first, second = [(i, n) for i, n in store.fold_nodes(db) if n.level == 1][:2]
        db.db.execute(  # prose, as an earlier version wrote it
            "UPDATE summaries SET text = ?, form = 'prose' WHERE id = ?",
            ("Rodion Ivanovna climbs the stairs while Lizaveta comes home.", first[0]),
        )
        db.db.execute(
            "UPDATE summaries SET text = ?, form = 'prose' WHERE id = ?",
            ("Rodion and Alyona Ivanovna wait while Lizaveta comes home.", second[0]),
        )
        db.db.conn.commit()
        report = replay_book(db)
        texts = {i: n.text for i, n in store.fold_nodes(db)}
        covered = [
            db.text()[c.start : c.end]
            for c in store.indexed_chunks(db)
            if first[1].first_chunk <= c.seq <= first[1].last_chunk
        ]
        assert report.folds_replaced == 1
        assert texts[first[0]] == extract(covered, MAX_SUMMARY)
        assert texts[second[0]] == "Rodion and Alyona Ivanovna wait while Lizaveta comes home."
        assert replay_book(db).folds_replaced == 0  # the stand-in passes


def test_bench_summaries_counts_forms_and_copies_and_scores_a_judged_sheet(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(book)
    sheet = tmp_path / "sheet.md"
    assert cli.main(["bench", "summaries", str(book), "--sample", "3", "--passages", "4",
                     "--seed", "1", "--sheet", str(sheet), "--json"]) == 0  # fmt: skip
    figures = json.loads(capsys.readouterr().out)
    assert figures["sheet"]["nodes"] == 7 and figures["copies_above_level_1"] == 0
    assert figures["forms_by_level"]["0"] == {"headline": 18}
    assert figures["top"]["level"] == 2 and figures["cost"]["folds"] >= 4
    written = sheet.read_text(encoding="utf-8")
    assert written.count("\n## node ") == 7 and written.count("- [ ] ") == 7
    judged = written.replace("- [ ] \n", "- [T] something true\n", 6).replace(
        "- [ ] \n", "- [F] something false — the text says otherwise\n- [U] unclear\n"
    )
    sheet.write_text(judged, encoding="utf-8")
    assert cli.main(["bench", "summaries", str(book), "--score", str(sheet), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert scored["overall"] | {"true_share": None} == {
        "nodes": 7, "claims": 8, "true": 6, "false": 1, "unclear": 1, "unjudged": 0,
        "true_share": None, "nodes_with_false": 1,
    }  # fmt: skip
    assert scored["overall"]["true_share"] == 0.75
    assert scored["false_claims"] == [
        "level 1, headline: something false — the text says otherwise"
    ]
    assert scored["by_form"]["headline"]["nodes"] == 7


def test_a_book_of_an_earlier_version_is_marked_and_read_anew_on_request(
    book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(book, limit=10)
    with BookDB.open(book) as db:
        db.db.execute("UPDATE summaries SET form = 'prose' WHERE level >= 1")  # as v5 wrote
        db.db.execute("DELETE FROM summaries WHERE level = 0")
        db.db.conn.commit()
        assert db.index_state().endswith(", earlier version")
    monkeypatch.setattr("saadi_desktop.indexing.open_llm",
                        lambda spec="", **_: ScriptedLLM(default=smart_reply))  # fmt: skip
    assert cli.main(["index", str(book), "--estimate", "--json"]) == 0
    estimate = json.loads(capsys.readouterr().out)
    with BookDB.open(book) as db:
        chunks = len(store.indexed_chunks(db))
    assert estimate["earlier_version"] and estimate["upgrade_calls"] == total_calls(chunks, 5)
    assert cli.main(["index", str(book), "--limit", "1", "--json"]) == 0
    assert "--upgrade" in capsys.readouterr().err  # a plain run says what updating costs
    assert cli.main(["index", str(book), "--upgrade", "--json"]) == 0
    with BookDB.open(book) as db:
        forms = {s.form for s in store.summaries(db, passages=True)}
        assert db.index_state() == "done" and "prose" not in forms
        assert len(store.answers(db)) == chunks  # every passage read anew


def test_replay_rejudges_the_tree_as_the_builder_made_it_with_no_model(book: Path) -> None:
    """The rules' part of the tree — which headline stands, the key sentences, a list's lines —
    is decided again from the kept answers: a fresh tree is already as the rules write it, and
    a node changed since (rules of an earlier day) is written anew."""

    def no_folds(messages: list[Message]) -> str:
        if "Task: one headline" in messages[-1]["content"]:
            return "{not json"
        return smart_reply(messages)

    run(book, ScriptedLLM(default=no_folds))
    before = dump(book)
    with BookDB.open(book) as db:
        assert replay_book(db).nodes_rejudged == 0
        (passage_id, _), *_ = store.fold_nodes(db, passages=True)
        (list_id, _), *_ = [(i, n) for i, n in store.fold_nodes(db) if n.form == "list"]
        db.db.execute(
            "UPDATE summaries SET text = 'stale', key_spans = '[]' WHERE id IN (?, ?)",
            (passage_id, list_id),
        )
        db.db.conn.commit()
        assert replay_book(db).nodes_rejudged == 2
    assert dump(book) == before
