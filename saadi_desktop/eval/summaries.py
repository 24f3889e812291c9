"""``saadi bench summaries``: how far the summary tree can be trusted.

Two kinds of figure. Those a rule can count are counted: the form of every node per level
(the model's headline, a list, an extract), copies (a node above level 1 whose words are
mostly one child's), how many of its children the top node draws on, words per headline, and
what the folds cost in model time. Faithfulness is not counted by any rule or model — no
automatic rater of book summaries is trustworthy (FABLES, Kim et al. 2024) — so the bench draws
a seeded sample of nodes and writes a judging sheet; a person reads each node's covered text,
writes its claims one a line marked [T]rue, [F]alse or [U]nclear, and the bench scores the sheet.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saadi_desktop.reading.trail import span_trail
from saadi_desktop.reading.views import outline
from saadi_desktop.state.cost import working_ms
from saadi_desktop.state.headlines import COPY_JACCARD, token_jaccard
from saadi_desktop.state.history import Frontier, Unit, finish, push
from saadi_desktop.state.text import content_words
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

_NODE = re.compile(r"^## node \d+/\d+ · level (\d+) · [^·\n]+ · (\w+)$", re.M)
_CLAIM = re.compile(r"^- \[([TFU ])\] (.+)$", re.M)


def tree_figures(db: BookDB) -> dict[str, Any]:
    """What rules can count of the tree: forms per level, copies, the top's reach, cost."""
    nodes = outline(db)
    by_level: dict[int, Counter[str]] = {}
    for node in nodes:
        by_level.setdefault(node["level"], Counter())[node["form"]] += 1
    copies = [
        {"level": n["level"], "first_chunk": n["first_chunk"], "text": n["text"], "child": c}
        for n in nodes
        if n["level"] > 1 and n["form"] == "headline"
        for c in _children(n, nodes)
        if token_jaccard(n["text"], c["text"]) >= COPY_JACCARD
    ]
    top = max(nodes, key=lambda n: (n["level"], n["last_chunk"] - n["first_chunk"]), default=None)
    headlines = [n for n in nodes if n["form"] == "headline"]
    return {
        "nodes": len(nodes),
        "forms_by_level": {str(level): dict(c) for level, c in sorted(by_level.items())},
        "copies_above_level_1": len(copies),
        "copy_examples": copies[:5],
        "top": None if top is None else {
            "level": top["level"], "form": top["form"], "text": top["text"],
            "children": len(_children(top, nodes)),
            "children_drawn_on": _drawn_on(top, _children(top, nodes)),
        },
        "words_per_headline": {
            "passage": _mean([len(n["text"].split()) for n in headlines if n["level"] == 0]),
            "fold": _mean([len(n["text"].split()) for n in headlines if n["level"] > 0]),
        },
        "cost": _cost(db),
    }  # fmt: skip


def _children(node: dict[str, Any], nodes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        n
        for n in nodes
        if n["level"] == node["level"] - 1
        and node["first_chunk"] <= n["first_chunk"] <= node["last_chunk"]
    ]


def _drawn_on(node: dict[str, Any], children: Sequence[dict[str, Any]]) -> int:
    """How many children share a content word with the node's headline that no other child
    has: those whose own news the headline tells."""
    mine = set(content_words(node["text"]))
    words = [set(content_words(c["text"])) for c in children]
    return sum(
        1
        for i, own in enumerate(words)
        if mine & (own - set().union(*(w for j, w in enumerate(words) if j != i)))
    )


def _mean(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), 1) if values else 0.0


def _cost(db: BookDB) -> dict[str, Any]:
    """Model time per kind of call, stretched calls counted at the median rate."""
    calls = store.calls(db)
    if not calls:
        return {}
    ms = working_ms([(c.prompt_tokens, c.generated_tokens, c.ms) for c in calls])
    seconds: dict[str, float] = defaultdict(float)
    generated: dict[str, list[int]] = {}
    for call, spent in zip(calls, ms, strict=True):
        seconds[call.kind] += spent / 1000
        generated.setdefault(call.kind, []).append(call.generated_tokens)
    total = sum(seconds.values())
    folds = sum(1 for c in calls if c.kind == "fold")
    fold_retries = sum(1 for c in calls if c.kind == "retry" and c.level is not None)
    fold_time = seconds["fold"] + sum(
        spent / 1000 for c, spent in zip(calls, ms, strict=True) if c.kind == "retry" and c.level
    )
    return {
        "seconds": {kind: round(s) for kind, s in seconds.items()},
        "fold_share_of_model_time": round(fold_time / total, 3) if total else 0.0,
        "folds": folds,
        "fold_retries": fold_retries,
        "fold_retry_share": round(fold_retries / folds, 3) if folds else 0.0,
        "generated_per_update": _mean(generated.get("update", [])),
    }


def planned_nodes(n: int, f: int) -> list[tuple[int, int, int]]:
    """(level, first, last) of every node the index of ``n`` passages makes (indices among the
    indexed passages), known before it runs: a sample drawn from them does not depend on how
    far the index has come."""
    nodes = [(0, i, i) for i in range(n)]
    frontier: Frontier = []
    for i in range(n):
        nodes += [(x.level, x.unit.first, x.unit.last) for x in push(frontier, Unit(0, i, i), f)]
    nodes += [(x.level, x.unit.first, x.unit.last) for x in finish(frontier) if x.calls]
    return nodes


def write_sheet(db: BookDB, path: Path, *, passages: int, folds: int, seed: int) -> int:
    """Draw ``passages`` passage nodes and ``folds`` fold nodes (seeded, from the planned tree)
    and write the judging sheet of those indexed so far; returns the number written."""
    chunks = store.indexed_chunks(db)
    planned = planned_nodes(len(chunks), store.builder_row(db).fold_f)
    rng = random.Random(seed)
    level0 = [p for p in planned if p[0] == 0]
    above = [p for p in planned if p[0] > 0]
    drawn = sorted(rng.sample(level0, min(passages, len(level0))), key=lambda p: p[1])
    drawn += sorted(rng.sample(above, min(folds, len(above))), key=lambda p: (p[1], -p[0]))
    nodes = {(n["level"], n["first_chunk"], n["last_chunk"]): n for n in outline(db)}
    found = [
        nodes[key] for level, first, last in drawn
        if (key := (level, chunks[first].seq, chunks[last].seq)) in nodes
    ]  # fmt: skip
    sections = db.sections()
    lines = [
        f"# Judging sheet: {db.info().title}",
        "",
        f"Seed {seed}: {passages} passage nodes and {folds} fold nodes drawn from the tree the "
        f"index makes; {len(found)} of the {len(drawn)} are indexed and listed here. For each "
        "node read the covered text (offsets into the book's canonical text), write the node's "
        "claims one a line as `- [T] claim`, `- [F] claim — what the text says` or "
        "`- [U] claim`, then score the sheet with `saadi bench summaries BOOK --score SHEET`.",
        "",
    ]
    index_of = {c.seq: i for i, c in enumerate(chunks)}
    for i, node in enumerate(found, start=1):
        where = span_trail(sections, node["start"], node["end"])
        first, last = index_of[node["first_chunk"]] + 1, index_of[node["last_chunk"]] + 1
        span = f"passage {first}" if first == last else f"passages {first}–{last}"
        lines += [
            f"## node {i}/{len(found)} · level {node['level']} · {span} · {node['form']}",
            f"{where} · offsets {node['start']}–{node['end']}",
            "",
            *(f"> {line}" for line in node["text"].split("\n")),
            "",
            *(f"book: “{k['text']}”" for k in node["keys"]),
            "",
            "- [ ] ",
            "",
        ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return len(found)


def score_sheet(sheet: str) -> dict[str, Any]:
    """Claims true, false and unclear in a filled sheet, overall, per level and per form (the
    model's headlines apart from the book's words), with every false claim quoted."""
    parts = _NODE.split(sheet)[1:]
    groups: dict[str, Counter[str]] = {}
    false: list[str] = []
    for index in range(0, len(parts), 3):
        level, form, body = parts[index : index + 3]
        marks = [(m, claim.strip()) for m, claim in _CLAIM.findall(body) if claim.strip()]
        for key in ("overall", f"level {level}", f"form {form}"):
            counts = groups.setdefault(key, Counter())
            counts["nodes"] += 1
            for mark, _ in marks:
                counts[{"T": "true", "F": "false", "U": "unclear", " ": "unjudged"}[mark]] += 1
            counts["nodes_with_false"] += any(m == "F" for m, _ in marks)
        false += [f"level {level}, {form}: {claim}" for mark, claim in marks if mark == "F"]

    def figures(c: Counter[str]) -> dict[str, Any]:
        claims = c["true"] + c["false"] + c["unclear"]
        return {
            "nodes": c["nodes"], "claims": claims, "true": c["true"], "false": c["false"],
            "unclear": c["unclear"], "unjudged": c["unjudged"],
            "true_share": round(c["true"] / claims, 3) if claims else None,
            "nodes_with_false": c["nodes_with_false"],
        }  # fmt: skip

    def part(prefix: str) -> dict[str, Any]:
        return {k.removeprefix(prefix): figures(c) for k, c in sorted(groups.items())
                if k.startswith(prefix)}  # fmt: skip

    return {
        "overall": figures(groups.get("overall", Counter())),
        "by_level": part("level "),
        "by_form": part("form "),
        "false_claims": false,
    }
