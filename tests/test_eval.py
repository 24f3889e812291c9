"""Evaluation metrics against small hand-computed cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saadi_desktop.eval.aliases import score_aliases
from saadi_desktop.eval.metrics import (
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


def test_differences_name_the_questions_won_and_lost_with_their_ranks() -> None:
    from saadi_desktop.eval.report import differences_table
    from saadi_desktop.eval.retrieval import differences

    won = Question("w", "Who?", ((19, 24),), "alias")  # "Delta", in the second chunk
    lost = Question("l", "Where?", ((40, 43),), "plain")  # "Eta", in the third chunk
    same = Question("s", "What?", ((0, 5),), "plain")  # "Alpha", first for both
    questions = [won, lost, same]
    padding = [(100 + n, 101 + n) for n in range(20)]  # spans that hold no quote
    variant = score_ranking(TEXT, questions, [
        [CHUNKS[1]], [*padding, CHUNKS[2]], [CHUNKS[0]]])  # fmt: skip
    base = score_ranking(TEXT, questions, [
        [*padding[:12], CHUNKS[1]], [*padding[:2], CHUNKS[2]], [CHUNKS[0]]])  # fmt: skip
    rows = differences(questions, variant, base)
    assert [(r["id"], r["won"], r["rank"], r["base_rank"]) for r in rows] == [
        ("w", True, 1, 13), ("l", False, None, 3)]  # fmt: skip
    table = differences_table("saadi_bm25_vs_bm25", rows)
    assert table.startswith("saadi_bm25_vs_bm25 at hit@10: 1 won, 1 lost")
    assert "| l: Where? | plain | – | 3 | lost |" in table


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
    # B³ items: the 7 gold aliases; "Darcy" is on no record (a singleton), "Eliza" lies on record 2
    assert report["b3_precision"] == round((4 + 1 / 3 + 2 * 2 / 3) / 7, 4)  # record 2 holds 3
    assert report["b3_recall"] == round((2 * 2 / 3 + 1 / 3 + 2 + 2 * 1 / 2) / 7, 4)
    assert report["impure_records"] == 1  # record 2: Jane's and Elizabeth's "Eliza"


def test_pdnc_annotation_tags_are_no_ones_names() -> None:
    gold = [
        {"canonical": "Alexis", "aliases": ["Alexis Ivanovitch", "_narr"], "category": "major"},
        {"canonical": "_group", "aliases": ["_group"], "category": "minor"},
        {"canonical": "Polina", "aliases": ["Polina"], "category": "major"},
    ]
    result = score_aliases({"1": ["Alexis Ivanovitch"], "2": ["Polina"]}, gold)
    assert result["placeholders"] == 2
    assert result["overall"]["characters"] == 2  # '_group' names no one left
    assert (result["overall"]["recall"], result["overall"]["precision"]) == (1.0, 1.0)
    assert result["worst_misses"] == []


SISTERS = [
    {"canonical": "Jane", "aliases": ["Jane", "Miss Bennet"], "category": "major"},
    {
        "canonical": "Elizabeth",
        "aliases": ["Elizabeth", "Lizzy", "Miss Bennet"],
        "category": "major",
    },
    {"canonical": "Lydia", "aliases": ["Lydia", "Miss Lydia"], "category": "intermediate"},
    {"canonical": "Mr. Collins", "aliases": ["Mr. Collins", "Collins"], "category": "minor"},
]


def test_perfect_memory_scores_one() -> None:
    records = {str(i): c["aliases"] for i, c in enumerate(SISTERS)}
    result = score_aliases(records, SISTERS)
    report = result["overall"]
    assert (report["b3_precision"], report["b3_recall"], report["b3_f1"]) == (1.0, 1.0, 1.0)
    assert (report["impure_records"], report["impure_examples"]) == (0, [])
    assert result["records_per_major"] == {"Jane": 1, "Elizabeth": 1}
    assert result["max_records_per_major"] == 1


def test_the_bennet_sisters_merged_into_one_record_is_one_impure_record() -> None:
    records = {
        "7": ["Jane", "Elizabeth", "Lizzy", "Lydia", "Miss Bennet", "Miss Lydia"],
        "9": ["Mr. Collins", "Collins"],
    }
    result = score_aliases(records, SISTERS)
    report = result["overall"]
    assert report["impure_records"] == 1
    assert report["impure_examples"] == [
        {"record": "7", "characters": ["Elizabeth", "Jane", "Lydia"]}
    ]
    # items: Jane 1 ("Miss Bennet" is shared), Elizabeth 2, Lydia 2, Collins 2; record 7 holds 5
    assert report["b3_precision"] == round((1 / 5 + 2 * 2 / 5 + 2 * 2 / 5 + 2 * 1) / 7, 4)
    assert report["b3_recall"] == 1.0
    by_category = result["by_category"]
    assert by_category["major"]["impure_records"] == 1
    assert by_category["minor"]["impure_records"] == 0  # Mr. Collins's record is pure
    assert by_category["minor"]["b3_precision"] == 1.0


def test_a_shared_surname_alone_does_not_make_a_record_impure() -> None:
    gold = [
        {"canonical": "Mr. Bennet", "aliases": ["Mr. Bennet", "Bennet"], "category": "major"},
        {"canonical": "Mrs. Bennet", "aliases": ["Mrs. Bennet", "Bennet"], "category": "major"},
    ]
    records = {"1": ["Mr. Bennet", "Bennet"], "2": ["Mrs. Bennet", "bennet"]}
    report = score_aliases(records, gold)["overall"]
    assert report["impure_records"] == 0
    assert (report["b3_precision"], report["b3_recall"]) == (1.0, 1.0)


def test_elizabeth_split_over_lizzy_and_elizabeth_gives_b3_recall_one_half() -> None:
    gold = [{"canonical": "Elizabeth", "aliases": ["Elizabeth", "Lizzy"], "category": "major"}]
    result = score_aliases({"1": ["Elizabeth"], "2": ["Lizzy"]}, gold)
    assert (result["overall"]["b3_precision"], result["overall"]["b3_recall"]) == (1.0, 0.5)
    assert result["overall"]["b3_f1"] == round(2 * 0.5 / 1.5, 4)
    assert result["records_per_major"] == {"Elizabeth": 2}
    assert result["max_records_per_major"] == 2


def test_a_missed_alias_is_a_singleton_that_costs_recall_only() -> None:
    gold = [{"canonical": "Elizabeth", "aliases": ["Elizabeth", "Lizzy", "Eliza"]}]
    report = score_aliases({"1": ["Elizabeth", "Lizzy", "the girl"]}, gold)["overall"]
    assert report["b3_precision"] == 1.0  # "the girl" is no gold alias, so no item
    assert report["b3_recall"] == round((2 / 3 + 2 / 3 + 1 / 3) / 3, 4)


def test_an_alias_on_two_records_counts_on_the_one_holding_most_of_its_character() -> None:
    gold = [
        {"canonical": "Elizabeth", "aliases": ["Elizabeth", "Lizzy", "Eliza"], "category": "major"},
        {"canonical": "Jane", "aliases": ["Jane"], "category": "major"},
    ]
    records = {"1": ["Elizabeth", "Lizzy", "Eliza"], "2": ["Jane", "Eliza"]}
    result = score_aliases(records, gold)
    report = result["overall"]
    assert (report["b3_precision"], report["b3_recall"]) == (1.0, 1.0)  # "Eliza" goes to 1
    assert report["impure_examples"] == [{"record": "2", "characters": ["Elizabeth", "Jane"]}]
    assert result["records_per_major"] == {"Elizabeth": 2, "Jane": 1}


def test_evaluate_reports_latency_cost_and_the_reduction_trace() -> None:
    from saadi_desktop.eval.retrieval import Answer, evaluate

    q = Question("q", "?", ((0, 5), (40, 43)), "multi_hop")  # "Alpha" and "Eta"
    answer = Answer([CHUNKS[0]], calls=3, tokens=900, pools=[CHUNKS[:], [CHUNKS[0], CHUNKS[1]]])
    report = evaluate(TEXT, [q], lambda question: answer)
    assert report["per_query"] == {"calls": 3.0, "tokens": 900, "nodes_scored": 0.0}
    assert set(report["latency_ms"]) == {"p50", "p95"}
    trace = report["reduction_trace"]
    assert [t["passages"] for t in trace] == [3.0, 2.0, 1.0]
    assert [t["evidence_coverage"] for t in trace] == [1.0, 0.5, 0.5]  # Eta lost in round 2
    assert trace[-1]["round"] == "top 5"


def test_the_deep_subset_takes_categories_in_turn() -> None:
    from saadi_desktop.eval.retrieval import subset

    questions = [Question(str(n), "?", (), c) for n, c in enumerate("aaabbc")]
    assert [q.id for q in subset(questions, 4)] == ["0", "3", "5", "1"]
    assert len(subset(questions, 99)) == 6


def test_index_cost_counts_a_stretched_call_at_the_median_rate(
    library: Path, tmp_path: Path
) -> None:
    from conftest import STORY, make_epub
    from test_builder import smart_reply

    from saadi_desktop.eval.breakeven import index_cost
    from saadi_desktop.library import import_book
    from saadi_desktop.llm.scripted import ScriptedLLM
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.store import BookDB

    path = import_book(make_epub(tmp_path / "s.epub", STORY * 4), chunk_words=30).info.path
    with BookDB.open(path) as db:
        build_state(db, ScriptedLLM(default=smart_reply))
        db.db.execute("UPDATE calls SET prompt_tokens = 90, generated_tokens = 10, ms = 1000")
        first = db.db.execute("SELECT min(id) FROM calls").fetchone()[0]
        db.db.execute("UPDATE calls SET ms = 3600000 WHERE id = ?", (first,))  # a night's sleep
        cost = index_cost(db)
    calls = cost["calls_logged"]
    assert calls > 5 and cost["calls_stretched"] == 1 and not cost["projected"]
    assert cost["seconds_logged"] == 3600 + (calls - 1)
    assert cost["seconds_working"] == cost["seconds_total"] == calls  # 1 s per 100-token call


def test_break_even_by_hand() -> None:
    from saadi_desktop.eval.breakeven import break_even

    index = {"calls_total": 420, "tokens_total": 420_000, "seconds_total": 8400}
    rerank = {"calls": 12.0, "tokens": 42_000.0, "seconds": 300.0}
    report = break_even(index, 1000, rerank)
    assert report["agentic"][0] == {"c": 2.0, "queries_by_calls": 210.0, "queries_by_tokens": 210.0}
    assert report["agentic"][1]["queries_by_calls"] == 100.0
    assert report["rerank"] == {
        "queries_by_calls": 35.0,
        "queries_by_tokens": 10.0,
        "queries_by_seconds": 28.0,
    }


def test_hit_at_k_plot_is_a_png(tmp_path: Path) -> None:
    from saadi_desktop.eval.report import plot_hit_at_k

    row = {f"hit@{k}": min(1.0, k / 10) for k in range(1, 21)}
    plot_hit_at_k({"bm25": row, "oracle": dict.fromkeys(row, 1.0)}, tmp_path / "p.png", "t")
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bench_retrieval_and_cost_commands_end_to_end(
    library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from conftest import STORY, make_epub
    from test_builder import smart_reply
    from test_rerank import judge

    from saadi_desktop import cli
    from saadi_desktop.cli import bench
    from saadi_desktop.llm.scripted import ScriptedLLM
    from saadi_desktop.search.embed import HashingEmbedder

    book = make_epub(tmp_path / "s.epub", STORY * 3)
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(q) for q in [
        {"id": "a", "question": "Who opened the door?", "category": "plain",
         "evidence": ["Alyona Ivanovna opened the door a crack."]},
        {"id": "b", "question": "the old woman and Rodion", "category": "multi_hop",
         "evidence": ["The old woman counted her pledges.", "Who is it?"]},
    ]) + "\n")  # fmt: skip
    monkeypatch.setattr(bench, "open_embedder", lambda retriever: HashingEmbedder())
    monkeypatch.setattr(bench, "open_model", lambda spec: judge("door"))
    with pytest.MonkeyPatch.context() as patch:  # index with the deterministic fake model
        patch.setattr("saadi_desktop.indexing.open_llm",
                      lambda spec="", **_: ScriptedLLM(default=smart_reply))  # fmt: skip
        assert cli.main(["index", str(book)]) == 0
    capsys.readouterr()
    out = tmp_path / "out"
    argv = ["bench", "retrieval", str(book), str(questions), "--deep", "2", "--scan", "1",
            "--out", str(out)]  # fmt: skip
    assert cli.main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["questions"] == 2
    assert {"bm25", "dense", "hybrid", "saadi_bm25", "oracle"} <= set(report["methods"])
    assert {"sct_residual", "sct_descent", "sct_descent_dense"} <= set(report["methods"])
    assert report["methods"]["sct_descent"]["per_query"]["nodes_scored"] > 0
    assert report["methods"]["oracle"]["hit@1"] == 0.5  # the two-quote question needs 2 chunks
    assert report["methods"]["oracle"]["hit@5"] == 1.0
    assert set(report["deep"]["methods"]) == {"hybrid", "hybrid_rerank"}
    assert report["deep"]["methods"]["hybrid_rerank"]["per_query"]["calls"] >= 1
    assert report["scan"]["questions"] == ["b"]  # one per category, in name order: multi_hop
    assert "reduction_trace" in report["scan"]["methods"]["full_scan"]
    assert "full_scan_vs_hybrid" in report["scan"]["bootstrap_95"]
    assert set(report["differences"]) == {"saadi_bm25_vs_bm25", "saadi_dense_vs_dense"}
    markdown = (out / "results.md").read_text()
    assert "saadi_bm25_vs_bm25" in markdown
    assert "full_scan, reduction trace:" in markdown and "| top 5 | 1 |" in markdown
    assert {p.name for p in out.iterdir()} == {
        "results.json",
        "results.md",
        "hit_at_k.png",
        "model_answers.json",
    }
    answers = json.loads((out / "model_answers.json").read_text())
    assert len(answers) == 3  # two reranks and one scan, kept for a run that stops midway
    monkeypatch.setattr(bench, "open_model", lambda spec: ScriptedLLM(model_id="scripted"))
    assert cli.main([*argv, "--json"]) == 0  # the same run again: no model call at all
    again = json.loads(capsys.readouterr().out)
    assert again["deep"]["methods"]["hybrid_rerank"] == report["deep"]["methods"]["hybrid_rerank"]
    monkeypatch.setattr(bench, "open_model", lambda spec: judge("door"))
    assert cli.main(["bench", "cost", str(book), "--questions", str(questions), "--json"]) == 0
    cost = json.loads(capsys.readouterr().out)
    assert cost["index"]["calls_total"] == cost["index"]["calls_logged"] > 0
    assert cost["rerank_per_query"]["queries"] == 2
    assert cost["break_even"]["agentic"][0]["queries_by_calls"] == round(
        cost["index"]["calls_total"] / 2.0, 1
    )
    monkeypatch.setattr(bench, "open_model", lambda spec: pytest.fail("measured already"))
    argv = ["bench", "cost", str(book), "--answers", str(out / "model_answers.json"), "--json"]
    assert cli.main(argv) == 0  # the reranks bench retrieval ran, not run again
    reused = json.loads(capsys.readouterr().out)["rerank_per_query"]
    deep = report["deep"]["methods"]["hybrid_rerank"]["per_query"]
    assert (reused["queries"], reused["calls"], reused["tokens"]) == (
        2, deep["calls"], deep["tokens"])  # fmt: skip


def test_bench_entities_prints_b3_impure_records_and_records_per_major(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib

    from saadi_desktop import cli
    from saadi_desktop.eval import aliases

    records = {"7": ["Jane", "Elizabeth", "Lydia"], "8": ["Lizzy"], "9": ["Collins"]}
    scores = score_aliases(records, SISTERS)
    overall = scores["overall"]
    fake = {"source": "names", **scores, "names_pass": overall, "rules_alone": overall}
    monkeypatch.setattr(aliases, "bench_entities", lambda db, gold, judged: fake)
    monkeypatch.setattr("saadi_desktop.store.BookDB.open", lambda path: contextlib.nullcontext())
    monkeypatch.setattr("saadi_desktop.library.resolve_book", lambda book: Path(book))
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps({"characters": SISTERS}))
    assert cli.main(["bench", "entities", "book", str(gold)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "source: names",
        "               recall  precision  f1      merges  splits  B³ p    B³ r    B³ f1   impure",
    ]
    assert [line[:13] for line in lines if line.startswith("names")] == [
        "names pass   ", "names + rules"]  # fmt: skip
    # recall 4/9, precision 4/4 (record 7 is matched by Jane, Lydia and Elizabeth, whose tie with
    # record 8 goes to the record holding her canonical name: one merge, one split; the merge
    # shows in B³, over 7 items: P 5/7, R 4/7
    assert " ".join(lines[2].split()) == "overall 0.4444 1.0 0.6154 1 1 0.7143 0.5714 0.6349 1"
    assert "records per major character (max 2): Elizabeth 2, Jane 1" in lines
    assert "  impure record 7: Elizabeth, Jane, Lydia" in lines


def test_a_title_with_its_full_stop_or_without_is_one_alias() -> None:
    # the PDNC gold was made from an edition that writes 'Mrs Clay'; ours writes 'Mrs. Clay'
    gold = [{"canonical": "Mrs Clay", "aliases": ["Mrs Clay", "Penelope"], "category": "minor"}]
    report = score_aliases({"1": ["Mrs. Clay"], "2": ["Penelope"]}, gold)
    assert report["worst_misses"][0]["matched_record"] == "1"
    assert report["overall"]["precision"] == 1.0 and report["overall"]["recall"] == 0.5


def test_split_majors_and_the_aliases_no_gold_lists_are_reported() -> None:
    records = {"7": ["Jane", "Miss Bennet", "Jane Bennet"], "8": ["Lizzy"], "9": ["Elizabeth"]}
    result = score_aliases(records, SISTERS)
    assert result["split_majors"] == [
        {"character": "Elizabeth", "records": [["Lizzy"], ["Elizabeth"]]}]  # fmt: skip
    # to be judged, not wrong by themselves: 'Jane Bennet' is Jane's, and the gold leaves it out
    unjudged = {"right": [], "wrong": [], "unjudged": ["jane bennet"]}
    assert result["unlisted"] == [
        {"record": "7", "character": "Jane", "aliases": ["jane bennet"], **unjudged}]  # fmt: skip


def test_aliases_a_reader_judged_right_count_as_the_records_own_in_the_judged_precision() -> None:
    records = {"7": ["Jane", "Miss Bennet", "Jane Bennet", "Janey", "the eldest"], "8": ["Lizzy"]}
    judged = {"Jane": {"right": ["Jane Bennet", "Lizzy"], "wrong": ["Janey"]}}
    result = score_aliases(records, SISTERS, judged)
    overall = result["overall"]
    # on the matched records 7 and 8: six aliases, of which the gold lists Jane, Miss Bennet
    # (Jane's) and Lizzy (Elizabeth's); 'Jane Bennet' is judged right, 'Janey' wrong, 'the
    # eldest' not judged, which counts against the record as a wrong one does
    assert overall["precision"] == 0.5 and overall["precision_judged"] == round(4 / 6, 4)
    assert overall["recall"] == round(3 / 9, 4)  # the gold's recall, whatever the verdicts
    assert overall["f1_judged"] == round(2 * (4 / 6) * (3 / 9) / (4 / 6 + 3 / 9), 4)
    # a verdict on an alias the gold lists changes nothing: 'Lizzy' is Elizabeth's
    assert result["unlisted"] == [{"record": "7", "character": "Jane",
        "aliases": ["jane bennet", "janey", "the eldest"], "right": ["jane bennet"],
        "wrong": ["janey"], "unjudged": ["the eldest"]}]  # fmt: skip
    assert score_aliases(records, SISTERS)["overall"]["precision_judged"] == 0.5


def test_bench_entities_reads_a_readers_verdicts_beside_each_gold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib

    from saadi_desktop import cli
    from saadi_desktop.eval import aliases

    given: list[object] = []

    def fake(db: object, gold: list[dict[str, object]], judged: object) -> dict[str, object]:
        given.append(judged)
        scores = score_aliases({"7": ["Jane", "Jane Bennet"]}, gold, judged)  # type: ignore[arg-type]
        return {"source": "names", **scores, "names_pass": scores["overall"],
                "rules_alone": scores["overall"], "unlisted_entries": []}  # fmt: skip

    monkeypatch.setattr(aliases, "bench_entities", fake)
    monkeypatch.setattr("saadi_desktop.store.BookDB.open", lambda path: contextlib.nullcontext())
    monkeypatch.setattr("saadi_desktop.library.resolve_book", lambda book: Path(book))
    gold = tmp_path / "sisters.aliases.json"
    gold.write_text(json.dumps({"characters": SISTERS}))
    verdicts = tmp_path / "judged"
    verdicts.mkdir()
    (verdicts / "sisters.judged.json").write_text(
        json.dumps({"judged": {"Jane": {"right": ["Jane Bennet"], "why": "her full name"}}})
    )
    assert cli.main(["bench", "entities", "a", str(gold), "--judged", str(verdicts)]) == 0
    out = capsys.readouterr().out
    assert given == [{"Jane": {"right": ["Jane Bennet"], "wrong": []}}]
    assert out.splitlines()[1].split()[-4:] == ["p", "judged", "f1", "judged"]
    assert "  no gold lists, on Jane: jane bennet (judged right)" in out
    assert cli.main(["bench", "entities", "a", str(gold)]) == 0  # no verdicts: as before
    assert given[-1] is None and "judged" not in capsys.readouterr().out
    (verdicts / "sisters.judged.json").write_text("{not json")
    assert cli.main(["bench", "entities", "a", str(gold), "--judged", str(verdicts)]) == 1
    assert "sisters.judged.json: not a file of judged aliases" in capsys.readouterr().err


def test_bench_entities_reports_every_gold_given_and_their_macro_average(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib

    from saadi_desktop import cli
    from saadi_desktop.eval import aliases

    def fake(db: object, gold: list[dict[str, object]], judged: object) -> dict[str, object]:
        records = {"7": ["Jane", "Miss Bennet"], "8": ["Lizzy", "Elizabeth"]}
        if len(gold) == 1:
            records = {"7": ["Mr. Collins"]}
        scores = score_aliases(records, gold)
        return {"source": "names", **scores, "names_pass": scores["overall"],
                "rules_alone": scores["overall"], "unlisted_entries": []}  # fmt: skip

    monkeypatch.setattr(aliases, "bench_entities", fake)
    monkeypatch.setattr("saadi_desktop.store.BookDB.open", lambda path: contextlib.nullcontext())
    monkeypatch.setattr("saadi_desktop.library.resolve_book", lambda book: Path(book))
    sisters, collins = tmp_path / "sisters.json", tmp_path / "collins.json"
    sisters.write_text(json.dumps({"characters": SISTERS}))
    collins.write_text(json.dumps({"characters": SISTERS[3:]}))
    listed = tmp_path / "golds.txt"
    listed.write_text(f"# book gold\na {sisters}\n\nb {collins}\n")
    for argv in (["a", str(sisters), "b", str(collins)], ["--list", str(listed)]):
        assert cli.main(["bench", "entities", *argv, "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert [b["book"] for b in report["books"]] == ["a", "b"]
        first, second = (b["rules_alone"]["recall"] for b in report["books"])
        assert (first, second) == (round(4 / 9, 4), 0.5)  # Jane 2, Elizabeth 2 of 9; 1 of 2
        assert report["macro"]["rules_alone"]["recall"] == round((first + second) / 2, 4)
        assert report["macro"]["books"] == 2
    assert cli.main(["bench", "entities", "a", str(sisters), "b", str(collins)]) == 0
    out = capsys.readouterr().out
    assert "== macro average over 2 golds" in out and out.count("source: names") == 2
    assert cli.main(["bench", "entities", "a"]) == 1  # a book without its gold
    assert "give BOOK GOLD pairs" in capsys.readouterr().err


@pytest.mark.parametrize("reference", ["id", "db", "file"])
def test_bench_speed_accepts_a_book_id_a_db_path_or_the_file(
    reference: str, small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from saadi_desktop.cli import main
    from saadi_desktop.library import import_book

    info = import_book(small_epub).info
    given = {"id": info.id, "db": str(info.path), "file": str(small_epub)}[reference]
    status = main(["bench", "speed", given, "--repeat", "1", "--queries", "0", "--json"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    report = json.loads(out)
    assert (report["file"], report["chunks"]) == (small_epub.name, info.chunks)


def test_bench_speed_of_a_book_whose_file_is_gone_says_so(
    small_epub: Path, library: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from saadi_desktop.cli import main
    from saadi_desktop.library import import_book

    info = import_book(small_epub).info
    small_epub.unlink()
    assert main(["bench", "speed", info.id, "--queries", "0"]) == 1
    assert capsys.readouterr().err == (
        f"saadi: error: {info.id}: the file it was imported from is gone ({small_epub}); "
        "give the file\n"
    )


def test_of_two_records_holding_as_many_aliases_the_one_with_the_canonical_name_matches() -> None:
    # not the larger id: numbering records otherwise must not change the figures
    gold = [{"canonical": "Lydia", "aliases": ["Lydia", "Mrs. Wickham"], "category": "major"}]
    for ids in (("11", "110"), ("11", "108")):
        records = {ids[0]: ["Lydia", "Miss Lydia"], ids[1]: ["Mrs. Wickham"]}
        result = score_aliases(records, gold)
        assert result["worst_misses"][0]["matched_record"] == ids[0]
        assert result["overall"]["precision"] == 0.5  # 'Miss Lydia' is not in the gold


def test_before_indexing_the_dev_books_names_as_the_rules_read_them_beat_the_bare_names_pass(
    library: Path,
) -> None:
    # the real book and its alias gold, no model: what `saadi bench entities` reports of a book
    # not indexed yet, and what the entity list shows
    from conftest import BOOKS, SHARED

    from saadi_desktop.eval.aliases import bench_entities
    from saadi_desktop.library import import_book
    from saadi_desktop.store import BookDB

    path = import_book(BOOKS / "epub" / "austen_pride-and-prejudice.epub").info.path
    gold = json.loads((SHARED / "eval" / "dev" / "pride-and-prejudice.aliases.json").read_text())
    with BookDB.open(path) as db:
        report = bench_entities(db, gold["characters"])
    rules, bare = report["rules_alone"], report["names_pass"]
    assert report["source"] == "names" and report["overall"] == rules
    assert rules["recall"] > bare["recall"] and rules["f1"] > bare["f1"]
    assert rules["b3_recall"] > bare["b3_recall"]
    assert rules["impure_records"] <= bare["impure_records"]
