"""The golden rules table: every rule of the rulebook held against its golden cases, each rule
shown to matter to one of them, and docs/rules.md generated from it."""

from __future__ import annotations

import inspect
import json
import re

import pytest

from saadi_desktop.eval.rulebook import COUNTS, DOCS, failures, render
from saadi_desktop.state import bearers, booktext, identity, joins, kinds, memory, names
from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.entries import read_entries
from saadi_desktop.state.rulebook import RULES, Case, Rule, counting, without

# of the seven shared EPUBs, and of the PDNC novels measured outside the repository (Chopin's The
# Awakening, Christie's Styles, James's Daisy Miller, Wells's The Invisible Man; docs/results.md)
AUTHORS = {
    *("Austen", "Carroll", "Dostoevsky", "Doyle", "Wilde"),
    *("Chopin", "Christie", "James", "Wells", "Dunbar", "Dickens"),
}
CASES = [(rule, case) for rule in RULES for case in rule.cases]


@pytest.mark.parametrize(
    ("rule", "case"), CASES, ids=[f"{r.name}-{c.author}-{i}" for i, (r, c) in enumerate(CASES)]
)
def test_golden_case(rule: Rule, case: Case) -> None:
    assert failures(case) == []


@pytest.mark.parametrize("rule", RULES, ids=[r.name for r in RULES])
def test_a_rule_switched_off_fails_one_of_its_cases(rule: Rule) -> None:
    # a rule none of whose cases needs it guards no pattern the table shows
    with without(rule.name):
        assert any(failures(case) for case in rule.cases)


def test_every_rule_has_a_name_of_its_own_and_cases_from_two_authors() -> None:
    assert len({rule.name for rule in RULES}) == len(RULES)
    for rule in RULES:
        authors = {case.author for case in rule.cases}
        assert len(authors) >= 2 and authors <= AUTHORS, rule.name


def test_every_rule_is_named_where_it_is_applied() -> None:
    parts = (names.vocabulary, names.variants, names.usage, names.mentions, names.clusters)
    code = "".join(
        inspect.getsource(module)
        for module in (names, *parts, identity, bearers, booktext, joins, kinds, memory)
    )
    constants = [k for k, v in vars(rules).items() if isinstance(v, Rule)]
    assert len(constants) == len(RULES)
    assert [k for k in constants if not re.search(rf"\brules\.{k}\b", code)] == []


def test_counting_decisions_changes_no_reading() -> None:
    texts = [case.texts for _, case in CASES[:12]]
    plain = [read_entries(t) for t in texts]
    with counting() as counts:
        counted = [read_entries(t) for t in texts]
    assert counted == plain and sum(counts.values()) > 0


def test_docs_rules_is_generated_from_the_rulebook_and_its_counts() -> None:
    counts = json.loads(COUNTS.read_text(encoding="utf-8"))
    assert set(counts) == {rule.name for rule in RULES}, (
        "run: python -m saadi_desktop.eval.rulebook count"
    )
    assert all(len(per_book) == 7 for per_book in counts.values())  # the seven shared EPUBs
    assert DOCS.read_text(encoding="utf-8") == render(counts), (
        "docs/rules.md is stale: python -m saadi_desktop.eval.rulebook docs"
    )
