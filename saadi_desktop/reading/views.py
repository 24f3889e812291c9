"""Views of the document state as of a reading position: entities and the summary outline.

"As of position p" means only rows learned at or before the chunk holding p — the one rule that
keeps every view free of spoilers.
"""

from __future__ import annotations

import bisect
from typing import Any

from saadi_desktop.state.identity import display_name
from saadi_desktop.state.keys import quote
from saadi_desktop.state.memory import fold
from saadi_desktop.state.prompts import MAX_SUMMARY
from saadi_desktop.state.summaries import is_stand_in
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store


def chunk_at(db: BookDB, position: int | None) -> int | None:
    """The seq of the chunk holding ``position`` (the last one starting at or before it)."""
    if position is None:
        return None
    starts = [c.start for c in db.chunks()]
    return max(0, bisect.bisect_right(starts, position) - 1)


def entities(db: BookDB, until: int | None = None) -> list[dict[str, Any]]:
    """Entity records with aliases, descriptions, type, first and last mention, as of ``until``;
    then the names-pass clusters that no record covers yet (source "names"), each joined and
    typed as the identity rules read the names alone ('Harry' with 'Lord Henry Wotton', a
    person; "name" where a book predates that reading). A cluster the rules put with a name a
    record holds is a name of that record, though the model has not read it yet. As in the
    entity browser, the most mentioned come first in each part."""
    limit = chunk_at(db, until)
    starts = {c.seq: c.start for c in db.chunks()}
    mentions: dict[int, list[int]] = {}
    for chunk_seq, entity_id, _learned in store.links(db, limit):
        mentions.setdefault(entity_id, []).append(chunk_seq)
    found: list[dict[str, Any]] = []
    for record in store.records(db, limit):
        seqs = mentions.get(record.id, [])
        found.append(
            {
                "id": record.id,
                "name": record.name,
                "type": record.type,
                "aliases": list(record.aliases),
                "descriptions": list(record.descriptions),
                "first_mention": starts.get(min(seqs)) if seqs else None,
                "last_mention": starts.get(max(seqs)) if seqs else None,
                "mentions": len(seqs),
                "learned_at": record.learned_at,
                "source": "llm",
            }
        )
    read = store.name_entities(db, limit)
    holder = {form: entry for entry in reversed(found) for form in _forms(entry)}
    joined: dict[int, dict[str, Any]] = {}  # the rules' entity -> the record holding its names
    uncovered = []
    for cluster in store.name_clusters(db, limit):
        held = [holder[f] for v in cluster["variants"] if (f := fold(v)) in holder]
        if not held:
            uncovered.append(cluster)
            continue
        # names the model has not read yet of someone it has ('Mlle. Blanche de Cominges',
        # said after the passages indexed, of the model's Mlle. Blanche): its record's too
        held[0]["aliases"] += [v for v in cluster["variants"] if fold(v) not in holder]
        if cluster["id"] in read:
            joined.setdefault(read[cluster["id"]][0], held[0])
    for entity, clusters in store.entity_groups(uncovered, read).items():
        if entity in joined:
            # and the names the rules put with them ('Harry', of Lord Henry Wotton)
            new = [v for c in clusters for v in c["variants"]]
            joined[entity]["aliases"] += sorted(new, key=lambda v: (-len(v), v))
            continue
        learned = {v: at for c in clusters for v, at in c["variants"].items()}
        variants = sorted(learned, key=learned.__getitem__)
        if clusters[0]["id"] in read:
            name, kind = display_name(variants), read[clusters[0]["id"]][1]
        else:  # a book imported by an older version: the bare cluster
            name, kind = max(variants, key=len), "name"
        seen = [c for c in clusters if "mentions" in c]
        found.append(
            {
                "id": f"n{min(c['id'] for c in clusters)}",
                "name": name,
                "type": kind,
                "aliases": sorted((v for v in variants if v != name), key=lambda v: (-len(v), v)),
                "descriptions": [],
                "first_mention": starts.get(min((c["first_chunk"] for c in seen), default=-1)),
                "last_mention": starts.get(max((c["last_chunk"] for c in seen), default=-1)),
                "mentions": sum(c["mentions"] for c in seen),
                "learned_at": min(c["learned_at"] for c in clusters),
                "source": "names",
            }
        )
    return sorted(
        found, key=lambda e: (e["source"] == "names", -e["mentions"], e["name"].casefold())
    )


def _forms(entry: dict[str, Any]) -> set[str]:
    return {fold(entry["name"]), *(fold(a) for a in entry["aliases"])}


def outline(db: BookDB, until: int | None = None) -> list[dict[str, Any]]:
    """The summary tree as of ``until``, highest level first, down to the passages' headlines
    (level 0): each node with its span, its text and what that text is — ``form``: the model's
    ``headline``, a ``list`` of its children's headlines (a fold the model could not make), an
    ``extract`` (the book's sentences standing in) or an earlier version's ``prose`` — and
    ``keys``, the book's own sentences within the span (offsets and text)."""
    limit = chunk_at(db, until)
    text = db.text()
    spans = {c.seq: (c.start, c.end) for c in db.chunks()}
    rows = store.summaries(db, limit, passages=True)
    return [
        {
            "level": s.level,
            "first_chunk": s.first_chunk,
            "last_chunk": s.last_chunk,
            "start": spans[s.first_chunk][0],
            "end": spans[s.last_chunk][1],
            "text": s.text,
            "form": s.form,
            "provisional": s.provisional,
            "extract": s.form == "extract" or stand_in,
            "keys": [{"start": a, "end": b, "text": quote(text, (a, b))} for a, b in s.key_spans],
        }
        for s, stand_in in zip(rows, stand_ins(db, rows), strict=True)
    ]


def stand_ins(db: BookDB, rows: list[store.SummaryRow]) -> list[bool]:
    """For each node, whether it is an earlier version's stand-in for a failed fold: prose
    that is sentences from the book (this version marks its extracts by their form)."""
    text = db.text()
    spans = {c.seq: (c.start, c.end) for c in store.indexed_chunks(db)}

    def covered(row: store.SummaryRow) -> list[str]:
        seqs = range(row.first_chunk, row.last_chunk + 1)
        return [text[spans[seq][0] : spans[seq][1]] for seq in seqs if seq in spans]

    return [
        row.form == "prose" and is_stand_in(row.text, covered(row), MAX_SUMMARY) for row in rows
    ]
