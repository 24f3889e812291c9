"""Alias quality of an entity memory against gold character lists (eval/README.md).

For each gold character the predicted record holding most of its aliases is its match (of two
holding as many, the one holding the character's canonical name, then the larger id). Recall is
gold aliases found on the matched record over gold aliases; precision is aliases on matched
records that belong to the characters matched to them, over aliases on matched records. A merge
is a record matched by two gold characters; a split is a character whose aliases lie on more
than one record.

Aliases are compared folded (case, curly apostrophes, runs of spaces, the full stop of an
abbreviated title: an edition's 'Mrs. Clay' is the PDNC gold's 'Mrs Clay'). An alias that
several gold characters list (a shared surname, "Miss Bennet" for Jane and her sisters) says
nothing about who a record is, so the figures below use only a character's *own* aliases: those
no other lists.

B³ (Bagga & Baldwin 1998), over gold mentions. The items are the characters' own aliases, each once;
an item's gold cluster is its character. Its predicted cluster is the record holding it; when
several records hold it, the one holding most of that character's aliases (ties as for the match,
so the matched record wins whenever it holds the alias); when no record holds it, the item is a
predicted cluster of its own. So both sides partition the same items, as B³ requires. For an item,
precision is the share of the items in its predicted cluster that belong to its character, recall
the share of its character's items that lie in its predicted cluster; ``b3_precision`` and
``b3_recall`` average them over the items (of all characters, or of a category's characters, with
clusters always counted over all items), ``b3_f1`` is their harmonic mean. Aliases on records that
no gold character owns (wrong or unlisted names) are not items: the alias precision above counts
them. A missed alias thus costs recall, never precision; a copy of an alias on a second record
costs nothing here and shows in ``splits``, ``impure_records`` and ``records_per_major``.

An impure record holds own aliases of two or more gold characters (all its aliases count, not only
the B³ assignment); a category's ``impure_records`` counts those holding an own alias of at least
one of its characters. ``records_per_major`` is, for each major character, the number of records
holding at least one of its own aliases (the goal: none over 2), ``max_records_per_major`` the
largest; ``split_majors`` shows the records of each major character on more than one.
``unlisted`` gives, for each matched record, its aliases that no gold character lists: a gold
leaves names out, so these are for a reader to judge, not wrong by themselves (alias precision
counts them against the record). A reader's verdicts (:func:`read_judged`) sort them into right,
wrong and not yet judged; ``precision_judged`` counts those judged right as the record's own and
every other against it, and ``f1_judged`` pairs it with the same recall: the gold's figures stay
as they are beside them.

A PDNC gold also lists its annotation tags as aliases: '_narr' (the narrator), '_group' (several
speakers at once), '_unknowable' (a speaker no one can tell). No text writes them, so they are
nobody's name: :func:`named` leaves them out, and a character left with no name with them, and
``placeholders`` says how many went.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

IMPURE_EXAMPLES = 10


# an abbreviated title with its full stop or without, as editions differ: 'Mrs. Clay', 'Mrs Clay'
_TITLE_STOP = re.compile(r"\b(mrs|mr|ms|dr|st|mme|mlle)\.")


def _fold(alias: str) -> str:
    return _TITLE_STOP.sub(r"\1", " ".join(alias.casefold().replace("’", "'").split()))


def _match_key(
    aliases: set[str], wanted: set[str], canonical: str, rid: str
) -> tuple[int, bool, str]:
    """How well a record matches a character: aliases in common, then the canonical name held,
    then the id (only so that the choice is deterministic)."""
    return len(aliases & wanted), canonical in aliases, rid


def _b3_items(
    predicted: Mapping[str, set[str]],
    own: Sequence[set[str]],
    wanted: Sequence[set[str]],
    canonical: Sequence[str],
) -> list[list[tuple[float, float]]]:
    """(precision, recall) of each own alias, per character index: see the module docstring."""
    holders: dict[str, list[str]] = {}
    for rid, aliases in predicted.items():
        for alias in aliases:
            holders.setdefault(alias, []).append(rid)
    placed: list[list[str | None]] = []
    members: dict[str, list[int]] = {}  # record → the character of each item placed on it
    for index, aliases in enumerate(own):
        homes: list[str | None] = []
        for alias in sorted(aliases):
            candidates = [
                _match_key(predicted[r], wanted[index], canonical[index], r)
                for r in holders.get(alias, [])
            ]
            home = max(candidates)[2] if candidates else None
            homes.append(home)
            if home is not None:
                members.setdefault(home, []).append(index)
        placed.append(homes)
    scores: list[list[tuple[float, float]]] = []
    for index, homes in enumerate(placed):
        row = []
        for home in homes:
            cluster = members[home] if home is not None else [index]
            same = cluster.count(index)
            row.append((same / len(cluster), same / len(homes)))
        scores.append(row)
    return scores


def read_judged(path: str) -> dict[str, dict[str, list[str]]]:
    """A reader's verdicts on the aliases a gold leaves out, from a JSON file: character's
    canonical name → {'right': [aliases], 'wrong': [aliases], 'why': 'the passages read'}.
    Raises ValueError (naming the file) when it is not one."""
    try:
        with open(path, encoding="utf-8") as handle:
            verdicts = json.load(handle)["judged"]
        return {
            str(name): {
                kind: [str(a) for a in verdict.get(kind, [])] for kind in ("right", "wrong")
            }
            for name, verdict in verdicts.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{path}: not a file of judged aliases ({error})") from None


def named(gold: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The gold characters with the names a text can write: without PDNC's annotation tags
    ('_narr', '_group', '_unknowable'), and without a character who had only those."""
    characters = []
    for character in gold:
        aliases = [a for a in character["aliases"] if not a.startswith("_")]
        if aliases:
            characters.append({**character, "aliases": aliases})
    return characters


def _placeholders(gold: Sequence[Mapping[str, Any]]) -> int:
    return sum(a.startswith("_") for c in gold for a in c["aliases"])


def score_aliases(
    records: Mapping[str, Sequence[str]],
    gold: Sequence[Mapping[str, Any]],
    judged: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
) -> dict[str, Any]:
    """``records``: record id → its name and aliases; ``gold``: the ``characters`` list (its
    annotation tags left out, :func:`named`); ``judged``: a reader's verdicts on aliases the
    gold leaves out (:func:`read_judged`), character → {'right': […], 'wrong': […]}."""
    placeholders, gold = _placeholders(gold), named(gold)
    verdicts = {  # character → 'right'/'wrong' → its folded aliases
        name: {kind: {_fold(a) for a in verdict.get(kind, ())} for kind in ("right", "wrong")}
        for name, verdict in (judged or {}).items()
    }
    predicted = {rid: {_fold(a) for a in aliases} for rid, aliases in records.items()}
    matches: list[tuple[Mapping[str, Any], str | None, set[str]]] = []
    for character in gold:
        wanted = {_fold(a) for a in character["aliases"]}
        canonical = _fold(character["canonical"])
        best = max(
            predicted,
            key=lambda rid: _match_key(predicted[rid], wanted, canonical, rid),
            default=None,
        )
        if best is not None and not predicted[best] & wanted:
            best = None
        matches.append((character, best, wanted))
    listed_by: dict[str, set[int]] = {}
    for index, (_, _, wanted) in enumerate(matches):
        for alias in wanted:
            listed_by.setdefault(alias, set()).add(index)
    own = [{a for a in wanted if listed_by[a] == {i}} for i, (_, _, wanted) in enumerate(matches)]
    holds = {  # record → the characters whose own aliases it holds
        rid: {next(iter(listed_by[a])) for a in aliases if len(listed_by.get(a, ())) == 1}
        for rid, aliases in predicted.items()
    }
    b3 = _b3_items(
        predicted,
        own,
        [wanted for _, _, wanted in matches],
        [_fold(c["canonical"]) for c, _, _ in matches],
    )

    def summarise(indices: Sequence[int]) -> dict[str, Any]:
        rows = [matches[i] for i in indices]
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
        right: dict[str, set[str]] = {}  # record → unlisted aliases a reader judged its own
        for character, rid, _ in rows:
            if rid is not None:
                ruled = verdicts.get(str(character["canonical"]), {}).get("right", set())
                right.setdefault(rid, set()).update((predicted[rid] & ruled) - listed_by.keys())
        judged_right = sum(len(aliases) for aliases in right.values())
        precision_judged = (belonging + judged_right) / on_records if on_records else 0.0
        merged = [rid for rid in owners if sum(1 for _, r, _ in rows if r == rid) > 1]
        splits = sum(
            1
            for _, _, wanted in rows
            if sum(1 for aliases in predicted.values() if aliases & wanted) > 1
        )
        items = [score for i in indices for score in b3[i]]
        b3_precision = sum(p for p, _ in items) / len(items) if items else 0.0
        b3_recall = sum(r for _, r in items) / len(items) if items else 0.0
        impure = sorted(
            (rid for rid, held in holds.items() if len(held) > 1 and held & set(indices)),
            key=lambda rid: (-len(holds[rid]), len(rid), rid),
        )
        return {
            "characters": len(rows),
            "recall": round(recall, 4),
            "precision": round(precision, 4),
            "f1": round(_harmonic(precision, recall), 4),
            "precision_judged": round(precision_judged, 4),
            "f1_judged": round(_harmonic(precision_judged, recall), 4),
            "merges": len(merged),
            "splits": splits,
            "b3_precision": round(b3_precision, 4),
            "b3_recall": round(b3_recall, 4),
            "b3_f1": round(_harmonic(b3_precision, b3_recall), 4),
            "impure_records": len(impure),
            "impure_examples": [
                {"record": rid, "characters": sorted(gold[i]["canonical"] for i in holds[rid])}
                for rid in impure[:IMPURE_EXAMPLES]
            ],
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
    per_major = {
        str(c["canonical"]): sum(1 for aliases in predicted.values() if aliases & own[i])
        for i, c in enumerate(gold)
        if c.get("category") == "major"
    }
    split_majors = [
        {
            "character": c["canonical"],
            "records": [
                sorted(records[rid]) for rid, aliases in predicted.items() if aliases & own[i]
            ],
        }
        for i, c in enumerate(gold)
        if c.get("category") == "major" and per_major[str(c["canonical"])] > 1
    ]
    unlisted = [  # aliases a gold leaves out: right or wrong, a reader judges
        {
            "record": rid,
            "character": c["canonical"],
            "aliases": sorted(extra),
            **_verdicts(extra, verdicts.get(str(c["canonical"]), {})),
        }
        for c, rid, _ in matches
        if rid is not None and (extra := predicted[rid] - set(listed_by))
    ]
    return {
        "placeholders": placeholders,
        "overall": summarise(range(len(matches))),
        "by_category": {
            category: summarise(
                [i for i, m in enumerate(matches) if m[0].get("category", "all") == category]
            )
            for category in categories
        },
        "worst_misses": misses[:15],
        "records_per_major": per_major,
        "max_records_per_major": max(per_major.values(), default=0),
        "split_majors": split_majors,
        "unlisted": unlisted,
    }


def _verdicts(extra: set[str], verdict: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """The aliases of ``extra`` a reader judged right, judged wrong, and not yet judged."""
    right, wrong = extra & verdict.get("right", set()), extra & verdict.get("wrong", set())
    return {
        "right": sorted(right),
        "wrong": sorted(wrong),
        "unjudged": sorted(extra - right - wrong),
    }


MACRO_KEYS = ("precision", "recall", "f1", "precision_judged", "f1_judged", "b3_precision",
              "b3_recall", "b3_f1")  # fmt: skip


def macro_average(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The mean over books of each figure of ``overall``, ``names_pass`` and ``rules_alone``
    (each gold counts once, whatever its size), with the worst B³ precision and the most
    records a major character lies on."""
    macro: dict[str, Any] = {"books": len(reports)}
    for part in ("overall", "names_pass", "rules_alone"):
        rows = [r[part] for r in reports]
        macro[part] = {k: round(sum(row[k] for row in rows) / len(rows), 4) for k in MACRO_KEYS}
        macro[part]["min_b3_precision"] = min(row["b3_precision"] for row in rows)
    macro["max_records_per_major"] = max(r["max_records_per_major"] for r in reports)
    return macro


def _harmonic(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


TOP_ENTRIES = 30  # the entries of a book a reader sees first


def bench_entities(
    db: Any,
    gold: Sequence[Mapping[str, Any]],
    judged: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
) -> dict[str, Any]:
    """Score the LLM entity memory (when the book is indexed), the zero-LLM names pass, and the
    names pass as the identity rules read it with no model answer (what the entity list shows
    before the model has read a passage; the figures of a book not indexed yet). Also the
    entries among the :data:`TOP_ENTRIES` most mentioned of the rules' reading that are typed a
    person or nothing and of which no gold lists a name (``unlisted_entries``): each a person
    the gold leaves out, or no one (a word of speech: 'Lor', 'Messrs'), for a reader to judge."""
    from saadi_desktop.store import state as store

    placeholders, gold = _placeholders(gold), named(gold)
    clusters = store.name_clusters(db)
    names_pass = {f"n{c['id']}": list(c["variants"]) for c in clusters}
    read = store.name_entities(db)
    groups = store.entity_groups(clusters, read)
    rules = {
        f"n{entity}": [v for c in group for v in c["variants"]] for entity, group in groups.items()
    }
    memory = {str(r.id): [r.name, *r.aliases] for r in store.records(db)}
    names_score = score_aliases(names_pass, gold, judged)
    rules_score = score_aliases(rules, gold, judged)
    listed = {_fold(a) for c in gold for a in c["aliases"]}
    kinds = {entity: kind for entity, kind in read.values()}
    mentioned = sorted(
        groups.items(), key=lambda item: (-sum(c.get("mentions", 0) for c in item[1]), item[0])
    )
    figures = {
        "placeholders": placeholders,
        "names_pass": names_score["overall"],
        "rules_alone": rules_score["overall"],
        "unlisted_entries": [
            {
                "entry": f"n{entity}",
                "type": kinds.get(entity, "other"),
                "mentions": sum(c.get("mentions", 0) for c in group),
                "names": rules[f"n{entity}"],
            }
            for entity, group in mentioned[:TOP_ENTRIES]
            if kinds.get(entity, "other") in ("person", "other")
            and not {_fold(v) for v in rules[f"n{entity}"]} & listed
        ],
    }
    if not memory:
        return {"source": "names", **rules_score, **figures}
    return {
        "source": "llm",
        "records": len(memory),
        **score_aliases(memory, gold, judged),
        **figures,
    }
