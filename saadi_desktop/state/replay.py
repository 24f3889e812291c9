"""Replay: the entity memory rebuilt from the model's kept answers under the current rules.

No model call: the answers, the book's text and its names pass are all the memory ever depended
on. ``saadi index --replay`` swaps the rebuilt memory in atomically; a resumed build replays the
answers so far before it goes on, so a resumed state equals an uninterrupted run's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

from saadi_desktop.state import answer
from saadi_desktop.state.memory import (
    BookText,
    Candidate,
    Change,
    Cluster,
    EntityRecord,
    Memory,
    replay,
)
from saadi_desktop.state.names import names_pass, unread_names
from saadi_desktop.state.prompts import MAX_SUMMARY
from saadi_desktop.state.rejudge import rejudged_tree
from saadi_desktop.state.summaries import extract, unsupported_names
from saadi_desktop.state.text import foreign_letters
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store


class ReplayError(Exception):
    """The book's memory cannot be rebuilt without the model; the message says why."""


@dataclass(frozen=True)
class ReplayReport:
    answers: int
    records: int
    aliases: int
    links: int
    refused: int
    ungrounded: int
    folds_replaced: int  # an earlier version's folds the current fold rules refuse: stand-ins
    nodes_rejudged: int  # tree nodes the current rules write otherwise (headline, keys, list)
    seconds: float


def book_text(db: BookDB, texts: dict[int, str] | None = None) -> BookText:
    """What the memory reads of ``db``: the indexed chunks' texts (by seq; read here unless the
    caller has them already) and the names pass."""
    if texts is None:
        text = db.text()
        texts = {c.seq: text[c.start : c.end] for c in store.indexed_chunks(db)}
    clusters = {
        c["id"]: Cluster(c["id"], c["gender"], dict(c["variants"])) for c in store.name_clusters(db)
    }
    return BookText(texts, clusters, store.chunk_clusters(db))


def run_names_pass(db: BookDB) -> int:
    """Mine and cluster the names of every indexed chunk of ``db`` (:func:`names_pass`) and
    store them; returns the cluster count (none in a book the pass cannot read:
    :func:`unread_names`)."""
    if unread_names(db.info().language):
        store.write_names(db, [], [])
        return 0
    text = db.text()
    chunks = [(c.seq, text[c.start : c.end]) for c in db.chunks() if c.matter == "body"]
    clusters, mentions = names_pass(chunks)
    store.write_names(db, [(c.id, c.gender, dict(c.variants)) for c in clusters.clusters], mentions)
    return len(clusters.clusters)


def run_names(db: BookDB) -> int:
    """The names pass, then its reading by the identity rules (:func:`read_names`); returns
    the cluster count. Both come from the text alone, so redoing them loses nothing."""
    count = run_names_pass(db)
    read_names(db)
    return count


def read_names(db: BookDB) -> None:
    """Store the names pass as read in order by the memory's rules with no model answer: the
    entity list of a passage the model has not read ('Harry' is Lord Henry Wotton, 'Kent' a
    place, 'Rodion Romanovitch Raskolnikov' is 'Raskolnikov'). One row (cluster, since,
    entity, type) each time a cluster's entity or its type changes, from chunk ``since`` on,
    so the list as of any position is the rules' reading of the text up to there."""
    memory = Memory(book_text(db))
    rows: list[tuple[int, int, int, str]] = []
    last: dict[int, tuple[int, str]] = {}
    for seq in sorted(memory.book.texts):
        memory.apply([], [], seq)
        for cluster, entity in memory.by_cluster.items():
            now = (entity, memory.records[entity].type)
            if last.get(cluster) != now:
                last[cluster] = now
                rows.append((cluster, seq, *now))
    store.write_name_entities(db, rows)


def kept_answers(
    db: BookDB, until: int | None = None
) -> list[tuple[int, list[Candidate], list[answer.Line]]]:
    """The kept answers at or before chunk ``until``, parsed against the list each was given.
    A names-pass entry of a list is found again by its name: a better names pass (rerun at
    an upgrade) may number its clusters differently, no longer have that name, or meet it
    first in a later chunk ('a March Hare' is no longer 'Hare')."""
    cluster_of = {}
    for c in store.name_clusters(db):
        met = min(c["variants"].values())  # the chunk the names pass first met any of its names
        cluster_of.update(dict.fromkeys(c["variants"], (c["id"], met)))
    found = []
    for row in store.answers(db):
        if until is not None and row.chunk_seq > until:
            break
        roster = [
            Candidate(
                c["number"],
                c["name"],
                c.get("record"),
                None
                if c.get("cluster") is None
                else _met_by(cluster_of.get(c["name"]), row.chunk_seq),
            )
            for c in json.loads(row.roster)
        ]
        numbers = [c.number for c in roster]
        try:
            lines = answer.parse(row.raw, numbers, truncated=True)
        except answer.MalformedOutput:
            lines = []  # kept answers parsed once; a rule change must not make one fatal
        found.append((row.chunk_seq, roster, lines))
    return found


def _met_by(cluster: tuple[int, int] | None, seq: int) -> int | None:
    """The cluster of a listed name, if the names pass has met any of its names by chunk
    ``seq``."""
    return cluster[0] if cluster is not None and cluster[1] <= seq else None


def _unanswered(db: BookDB, until: int | None) -> list[int]:
    """Chunks read by the model (and not failed) whose answer was not kept."""
    row = store.builder_row(db)
    last = row.next_chunk - 1 if until is None else min(until, row.next_chunk - 1)
    kept = {r.chunk_seq for r in store.answers(db)}
    failed = set(store.failed_chunks(db))
    return [
        c.seq
        for c in store.indexed_chunks(db)
        if c.seq <= last and c.seq not in kept and c.seq not in failed
    ]


def answers_complete(db: BookDB) -> bool:
    """Whether every chunk the model has read (and not failed) has its answer kept."""
    return not _unanswered(db, None)


def restore(db: BookDB, book: BookText, until: int | None = None) -> Memory:
    """The memory as of chunk ``until`` (all done chunks when None), for a build to go on
    from: replayed from the kept answers, or — for a book indexed before answers were kept —
    adopted from its stored records."""
    if not _unanswered(db, until):
        memory, changes = replay(book, kept_answers(db, until))
        if until is None and changes:
            # the rules may have changed since these answers were applied (an upgrade): the
            # stored memory becomes the one the build goes on from, or the two would drift
            builder = store.builder_row(db)
            rows = memory_rows(changes)
            store.replace_memory(db, rows, builder.model_id, builder.prompt_version)
        return memory
    memory = Memory(book)
    memory.adopt(
        EntityRecord(r.id, r.name, r.type, r.learned_at, dict(r.aliases), dict(r.descriptions))
        for r in store.records(db, until)
    )
    memory.next_id = store.max_entity_id(db) + 1  # ids learned later stay taken
    return memory


def replay_book(db: BookDB) -> ReplayReport:
    """``saadi index --replay``: redo the names pass (derived from the text alone, so a better
    one costs nothing), then rebuild records, aliases, descriptions and links from the kept
    answers under the current rules, judge the summary tree again (an earlier version's folds
    under the current fold rules; this version's headlines, key sentences and lists), and swap
    all of it in in one transaction."""
    started = time.perf_counter()
    missing = _unanswered(db, None)
    if missing:
        raise ReplayError(
            f"{db.path.name}: {len(missing)} passages were indexed before the model's answers "
            "were kept, so the memory cannot be rebuilt without the model; re-index the book "
            "(saadi index) to use the current rules"
        )
    run_names(db)
    answers = kept_answers(db)
    if not answers:
        raise ReplayError(f"{db.path.name}: no kept answers yet; index the book first")
    book = book_text(db)
    _, changes = replay(book, answers)
    rows = memory_rows(changes)
    prose = dict(refused_folds(db, book))
    rows.nodes = rejudged_tree(db, book, prose)
    builder = store.builder_row(db)
    store.replace_memory(db, rows, builder.model_id, builder.prompt_version)
    return ReplayReport(
        answers=len(answers),
        records=len(rows.records),
        aliases=len(rows.aliases),
        links=len(rows.links),
        refused=sum(len(c.refused) for c in changes),
        ungrounded=sum(len(c.ungrounded) for c in changes),
        folds_replaced=len(prose),
        nodes_rejudged=len(rows.nodes),
        seconds=round(time.perf_counter() - started, 2),
    )


def refused_folds(db: BookDB, book: BookText) -> list[tuple[int, str]]:
    """(summary id, stand-in) for each stored fold the current fold rules refuse — a name the
    passages it covers (and the summaries it folds) do not have, or letters of a script they do
    not use — as the builder checks a new fold: a book indexed under older rules loses a summary
    that spoils ('Elizabeth Darcy' at the Hunsford proposal) with no model call. Lowest level
    first, so a fold is checked against the stand-ins of the folds below it; the stand-in is
    the one the builder writes for a fold that failed twice."""
    texts: dict[tuple[int, int], str] = {}  # (level, first chunk) -> the text it now has
    replaced: list[tuple[int, str]] = []
    for node_id, node in store.fold_nodes(db):
        if node.form != "prose":  # a headline fold was checked by the rules of its version
            continue
        seqs = [q for q in book.texts if node.first_chunk <= q <= node.last_chunk]
        covered = [book.texts[q] for q in seqs]
        folded = [
            text
            for (level, first), text in texts.items()
            if level == node.level - 1 and node.first_chunk <= first <= node.last_chunk
        ]
        present = book.known_names(seqs, node.learned_at)
        text = node.text
        if covered and (
            foreign_letters(text, *covered, *folded)
            or unsupported_names(text, [*covered, *folded], book.name_tokens, present)
        ):
            text = extract(covered, MAX_SUMMARY)
            replaced.append((node_id, text))
        texts[(node.level, node.first_chunk)] = text
    return replaced


def memory_rows(changes: Sequence[Change]) -> store.MemoryRows:
    """Every row the changes wrote, stamped as the builder stamps them."""
    rows = store.MemoryRows([], [], [], [])
    for change in changes:
        rows.records += [(r.id, r.name, r.type, change.seq) for r in change.new_records]
        rows.aliases += [(i, alias, change.seq) for i, alias in change.new_aliases]
        rows.descriptions += [(i, text, change.seq) for i, text in change.new_descriptions]
        rows.links += [(chunk, i, change.seq) for chunk, i in change.links]
        rows.merged += [(gone, into, change.seq) for gone, into in change.merged]
    return rows
