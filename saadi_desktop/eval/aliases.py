"""Alias quality of an entity memory against gold character lists (eval/README.md).

For each gold character the predicted record holding most of its aliases is its match. Recall is
gold aliases found on the matched record over gold aliases; precision is aliases on matched
records that belong to the characters matched to them, over aliases on matched records. A merge
is a record matched by two gold characters; a split is a character whose aliases lie on more
than one record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _fold(alias: str) -> str:
    return " ".join(alias.casefold().replace("’", "'").split())


def score_aliases(
    records: Mapping[str, Sequence[str]], gold: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """``records``: record id → its name and aliases; ``gold``: the ``characters`` list."""
    predicted = {rid: {_fold(a) for a in aliases} for rid, aliases in records.items()}
    matches: list[tuple[Mapping[str, Any], str | None, set[str]]] = []
    for character in gold:
        wanted = {_fold(a) for a in character["aliases"]}
        best = max(predicted, key=lambda rid: (len(predicted[rid] & wanted), rid), default=None)
        if best is not None and not predicted[best] & wanted:
            best = None
        matches.append((character, best, wanted))

    def summarise(rows: Sequence[tuple[Mapping[str, Any], str | None, set[str]]]) -> dict[str, Any]:
        found = sum(len(predicted[rid] & wanted) for _, rid, wanted in rows if rid is not None)
        total = sum(len(wanted) for _, _, wanted in rows)
        owners: dict[str, set[str]] = {}
        for _, rid, wanted in rows:
            if rid is not None:
                owners.setdefault(rid, set()).update(wanted)
        on_records = sum(len(predicted[rid]) for rid in owners)
        belonging = sum(len(predicted[rid] & owned) for rid, owned in owners.items())
        recall = found / total if total else 0.0
        precision = belonging / on_records if on_records else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        merged = [rid for rid in owners if sum(1 for _, r, _ in rows if r == rid) > 1]
        splits = sum(
            1
            for _, _, wanted in rows
            if sum(1 for aliases in predicted.values() if aliases & wanted) > 1
        )
        return {
            "characters": len(rows),
            "recall": round(recall, 4),
            "precision": round(precision, 4),
            "f1": round(f1, 4),
            "merges": len(merged),
            "splits": splits,
        }

    categories = sorted({str(c.get("category", "all")) for c in gold})
    misses = sorted(
        (
            {
                "character": c["canonical"],
                "category": c.get("category", ""),
                "missing": sorted(wanted - predicted.get(rid or "", set())),
                "matched_record": rid,
            }
            for c, rid, wanted in matches
            if wanted - predicted.get(rid or "", set())
        ),
        key=lambda m: (-len(m["missing"]), m["character"]),
    )
    return {
        "overall": summarise(matches),
        "by_category": {
            category: summarise([m for m in matches if m[0].get("category", "all") == category])
            for category in categories
        },
        "worst_misses": misses[:15],
    }


def bench_entities(db: Any, gold: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Score the LLM entity memory (when the book is indexed) and the zero-LLM names pass."""
    from saadi_desktop.store import state as store

    names_pass = {f"n{c['id']}": list(c["variants"]) for c in store.name_clusters(db)}
    memory = {str(r.id): [r.name, *r.aliases] for r in store.records(db)}
    names_score = score_aliases(names_pass, gold)
    if not memory:
        return {"source": "names", **names_score, "names_pass": names_score["overall"]}
    return {
        "source": "llm",
        "records": len(memory),
        **score_aliases(memory, gold),
        "names_pass": names_score["overall"],
    }
