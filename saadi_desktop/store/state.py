"""Reading and writing the document state: records, aliases, descriptions, links, summaries,
names, the builder's cursor and the call log. Part of the store: the only code with SQL."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from saadi_desktop.state.identity import ROLE_WORD_HOLDERS, display_name
from saadi_desktop.store.bookdb import BookDB, StoredChunk, now


@dataclass(frozen=True)
class BuilderRow:
    next_chunk: int
    model_id: str
    model_path: str
    prompt_version: str
    chunk_words: int
    fold_f: int
    finished: bool


@dataclass(frozen=True)
class SummaryRow:
    """A node of the summary tree: a passage (level 0) or a fold over first…last."""

    level: int
    first_chunk: int  # chunk seqs
    last_chunk: int
    text: str  # a headline; a list's lines; an extract; an earlier version's prose
    learned_at: int
    provisional: bool
    form: str = "prose"  # headline | list | extract | prose
    key_spans: tuple[tuple[int, int], ...] = ()  # the book's own sentences, canonical offsets


@dataclass(frozen=True)
class CallRow:
    kind: str
    chunk_seq: int | None
    level: int | None
    prompt_tokens: int
    cached_tokens: int
    generated_tokens: int
    ms: float
    refused: str | None = None  # why its answer was not used
    raw: str | None = None  # that answer, kept to be read


@dataclass(frozen=True)
class RecordRow:
    id: int
    name: str
    type: str
    learned_at: int
    aliases: dict[str, int]
    descriptions: dict[str, int]
    merged_at: int | None = None  # from here on the record is another's (see records())


@dataclass
class StepWrite:
    """Everything one builder step writes, committed together with the cursor."""

    seq: int
    next_chunk: int
    new_records: list[tuple[int, str, str]]  # id, name, type
    new_aliases: list[tuple[int, str]]
    new_descriptions: list[tuple[int, str]]
    links: list[tuple[int, int]]  # (chunk seq, entity id): this chunk, or an earlier one
    summaries: list[SummaryRow]
    calls: list[CallRow]
    failed: tuple[str, str] | None = None  # error, raw output
    finished: bool = False
    answer: tuple[str, str] | None = None  # the update's roster (JSON) and raw answer
    retyped: list[tuple[int, str]] = field(default_factory=list)  # (entity id, its new type)
    merged: list[tuple[int, int]] = field(default_factory=list)  # (record merged away, into)


@dataclass(frozen=True)
class AnswerRow:
    chunk_seq: int
    roster: str  # JSON
    raw: str
    prompt_version: str


def builder_row(db: BookDB) -> BuilderRow:
    row = db.db.execute(
        "SELECT next_chunk, model_id, model_path, prompt_version, chunk_words, fold_f, finished "
        "FROM builder WHERE id = 1"
    ).fetchone()
    next_chunk, model_id, model_path, prompt_version, chunk_words, fold_f, finished = row
    return BuilderRow(
        next_chunk, model_id, model_path, prompt_version, chunk_words, fold_f, bool(finished)
    )


def set_builder_model(db: BookDB, model_id: str, model_path: str, prompt_version: str) -> None:
    with db.transaction():
        db.db.execute(
            "UPDATE builder SET model_id = ?, model_path = ?, prompt_version = ?, updated_at = ? "
            "WHERE id = 1",
            (model_id, model_path, prompt_version, now()),
        )


_UNMERGED = "(merged_at IS NULL OR merged_at > ?)"  # a record still, at the reading limit


def records(db: BookDB, until_chunk: int | None = None, *, merged: bool = False) -> list[RecordRow]:
    """Entity records with the aliases and descriptions learned at or before ``until_chunk``;
    a record merged into another by then is not one any more (its rows are the other's), unless
    ``merged`` asks for those too (each with its ``merged_at``)."""
    limit = until_chunk if until_chunk is not None else 1 << 62
    rows = db.db.execute(
        f"SELECT id, name, type, learned_at, merged_at FROM entities WHERE learned_at <= ? "
        f"AND {_UNMERGED} ORDER BY id",
        (limit, -1 if merged else limit),
    ).fetchall()
    shown = {row[0] for row in rows}  # a merged record's names are counted once, on the other
    aliases: dict[int, dict[str, int]] = {}
    for entity_id, alias, learned in db.db.execute(
        "SELECT entity_id, alias, learned_at FROM aliases WHERE learned_at <= ? "
        "ORDER BY learned_at, rowid",
        (limit,),
    ):
        if entity_id in shown:
            aliases.setdefault(entity_id, {})[alias] = learned
    _drop_role_words(aliases)
    descriptions: dict[int, dict[str, int]] = {}
    for entity_id, text, learned in db.db.execute(
        "SELECT entity_id, text, learned_at FROM descriptions WHERE learned_at <= ? ORDER BY id",
        (limit,),
    ):
        if entity_id in shown:
            descriptions.setdefault(entity_id, {})[text] = learned
    return [
        _shown(RecordRow(i, name, kind, learned, aliases.get(i, {}), descriptions.get(i, {}), at))
        for i, name, kind, learned, at in rows
    ]


def _shown(record: RecordRow) -> RecordRow:
    """The record under the fullest name learned by the limit ('Elizabeth Bennet', not the
    'Lizzy' it was first met as); the name it was created with becomes an alias."""
    name = display_name([record.name, *record.aliases])
    if name == record.name:
        return record
    aliases = {record.name: record.learned_at, **record.aliases}
    del aliases[name]
    return RecordRow(
        record.id, name, record.type, record.learned_at, aliases, record.descriptions,
        record.merged_at,
    )  # fmt: skip


def _drop_role_words(aliases: dict[int, dict[str, int]]) -> None:
    """A descriptive alias (one that starts in lower case, 'the old woman') claimed by three or
    more records is a role word ('the officer'): it identifies nobody, so no view shows it."""
    holders: dict[str, int] = {}
    for names in aliases.values():
        for alias in names:
            if alias[:1].islower():
                key = " ".join(alias.casefold().split())
                holders[key] = holders.get(key, 0) + 1
    for names in aliases.values():
        for alias in [a for a in names if a[:1].islower()]:
            if holders[" ".join(alias.casefold().split())] >= ROLE_WORD_HOLDERS:
                del names[alias]


def links(
    db: BookDB, until_chunk: int | None = None, *, merged: bool = False
) -> list[tuple[int, int, int]]:
    """(chunk_seq, entity_id, learned_at) of every link learned at or before ``until_chunk``, to
    the records that are records then (all, with ``merged``; see :func:`records`)."""
    limit = until_chunk if until_chunk is not None else 1 << 62
    return db.db.execute(
        "SELECT chunk_seq, entity_id, links.learned_at FROM links JOIN entities ON id = entity_id "
        f"WHERE links.learned_at <= ? AND {_UNMERGED} ORDER BY chunk_seq, entity_id",
        (limit, -1 if merged else limit),
    ).fetchall()


_SUMMARY = "level, first_chunk, last_chunk, text, learned_at, provisional, form, key_spans"


def _summary(row: Sequence[Any]) -> SummaryRow:
    level, first, last, text, learned, provisional, form, keys = row
    spans = tuple((int(a), int(b)) for a, b in json.loads(keys))
    return SummaryRow(level, first, last, text, learned, bool(provisional), form, spans)


def summaries(
    db: BookDB, until_chunk: int | None = None, *, passages: bool = False
) -> list[SummaryRow]:
    """The folded nodes of the summary tree learned by ``until_chunk``, highest level first, in
    reading order; with ``passages``, the passages' headlines (level 0) too."""
    limit = until_chunk if until_chunk is not None else 1 << 62
    rows = db.db.execute(
        f"SELECT {_SUMMARY} FROM summaries WHERE learned_at <= ? AND level >= ? "
        "ORDER BY level DESC, first_chunk",
        (limit, 0 if passages else 1),
    ).fetchall()
    return [_summary(row) for row in rows]


def fold_nodes(db: BookDB, *, passages: bool = False) -> list[tuple[int, SummaryRow]]:
    """Every folded node with its row id, lowest level first, in reading order; or with
    ``passages``, the passages' nodes (level 0)."""
    rows = db.db.execute(
        f"SELECT id, {_SUMMARY} FROM summaries WHERE level {'=' if passages else '>='} ? "
        "ORDER BY level, first_chunk",
        (0 if passages else 1,),
    ).fetchall()
    return [(row[0], _summary(row[1:])) for row in rows]


def chunk_names(db: BookDB) -> dict[int, list[str]]:
    """The candidate names (names-pass variants) of every chunk, most mentioned first."""
    found: dict[int, list[str]] = {}
    for seq, variant in db.db.execute(
        "SELECT chunk_seq, variant FROM name_mentions ORDER BY chunk_seq, count DESC, variant"
    ):
        found.setdefault(seq, []).append(variant)
    return found


def name_clusters(db: BookDB, until_chunk: int | None = None) -> list[dict[str, Any]]:
    """Names-pass clusters as of ``until_chunk``: variants, first and last mention, mentions."""
    limit = until_chunk if until_chunk is not None else 1 << 62
    clusters: dict[int, dict[str, Any]] = {}
    for name_id, gender, variant, learned in db.db.execute(
        "SELECT n.id, n.gender, v.variant, v.learned_at FROM names n "
        "JOIN name_variants v ON v.name_id = n.id WHERE v.learned_at <= ? ORDER BY n.id",
        (limit,),
    ):
        cluster = clusters.setdefault(
            name_id, {"id": name_id, "gender": gender, "variants": {}, "learned_at": learned}
        )
        cluster["variants"][variant] = learned
    for name_id, first, last, count in db.db.execute(
        "SELECT name_id, min(chunk_seq), max(chunk_seq), sum(count) FROM name_mentions "
        "WHERE chunk_seq <= ? GROUP BY name_id",
        (limit,),
    ):
        if name_id in clusters:
            clusters[name_id].update(first_chunk=first, last_chunk=last, mentions=count)
    return list(clusters.values())


def write_names(
    db: BookDB,
    clusters: Sequence[tuple[int, str, dict[str, int]]],
    mentions: Sequence[tuple[int, int, str, int]],
) -> None:
    """Replace the names pass: clusters (id, gender, variant → learned_at) and mentions
    (chunk_seq, name_id, variant, count). It is derived from the text alone, so redoing it
    after the text grows loses nothing."""
    with db.transaction():
        for table in ("name_entities", "name_mentions", "name_variants", "names"):
            db.db.execute(f"DELETE FROM {table}")
        db.db.conn.executemany(
            "INSERT INTO names (id, gender, learned_at) VALUES (?, ?, ?)",
            [(i, g, min(v.values())) for i, g, v in clusters],
        )
        db.db.conn.executemany(
            "INSERT INTO name_variants (name_id, variant, learned_at) VALUES (?, ?, ?)",
            [(i, variant, at) for i, _, v in clusters for variant, at in v.items()],
        )
        db.db.conn.executemany(
            "INSERT INTO name_mentions (chunk_seq, name_id, variant, count) VALUES (?, ?, ?, ?)",
            mentions,
        )


def name_entities(db: BookDB, until_chunk: int | None = None) -> dict[int, tuple[int, str]]:
    """Names-pass cluster → (entity, type) as the identity rules read the names alone, as of
    ``until_chunk``: each cluster's latest reading stamped at or before it."""
    limit = until_chunk if until_chunk is not None else 1 << 62
    return {
        name_id: (entity, kind)
        for name_id, entity, kind in db.db.execute(
            "SELECT name_id, entity, type FROM name_entities WHERE since <= ? "
            "ORDER BY name_id, since",
            (limit,),
        )
    }


def entity_groups(
    clusters: Sequence[dict[str, Any]], read: dict[int, tuple[int, str]]
) -> dict[int, list[dict[str, Any]]]:
    """``clusters`` (of :func:`name_clusters`) by the entity the rules' reading ``read`` puts
    each in; a cluster with no reading (a book of an older version) is an entity of its own."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for cluster in clusters:
        entity = read[cluster["id"]][0] if cluster["id"] in read else -cluster["id"]
        groups.setdefault(entity, []).append(cluster)
    return groups


def write_name_entities(db: BookDB, rows: Sequence[tuple[int, int, int, str]]) -> None:
    """Replace the names pass's reading by the identity rules: (cluster, since, entity, type)
    rows, one for each change of a cluster's entity or type."""
    with db.transaction():
        db.db.execute("DELETE FROM name_entities")
        db.db.conn.executemany(
            "INSERT INTO name_entities (name_id, since, entity, type) VALUES (?, ?, ?, ?)", rows
        )


def commit_step(db: BookDB, step: StepWrite, model_id: str, prompt_version: str) -> None:
    """One transaction: the step's rows and the cursor. A crash before it leaves no trace; a
    crash after it resumes at the next chunk."""
    at, seq = now(), step.seq
    with db.transaction():
        db.db.conn.executemany(
            "INSERT INTO entities (id, name, type, learned_at, source, model_id, prompt_version) "
            "VALUES (?, ?, ?, ?, 'llm', ?, ?)",
            [(i, name, kind, seq, model_id, prompt_version) for i, name, kind in step.new_records],
        )
        db.db.conn.executemany(
            "UPDATE entities SET type = ? WHERE id = ?", [(t, i) for i, t in step.retyped]
        )
        db.db.conn.executemany(
            "UPDATE entities SET merged_into = ?, merged_at = ? WHERE id = ?",
            [(into, seq, gone) for gone, into in step.merged],
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO aliases (entity_id, alias, learned_at) VALUES (?, ?, ?)",
            [(i, alias, seq) for i, alias in step.new_aliases],
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO descriptions (entity_id, text, learned_at) VALUES (?, ?, ?)",
            [(i, text, seq) for i, text in step.new_descriptions],
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO links (chunk_seq, entity_id, learned_at) VALUES (?, ?, ?)",
            [(chunk, i, seq) for chunk, i in step.links],
        )
        if step.answer is not None:
            db.db.execute(
                "INSERT OR REPLACE INTO answers (chunk_seq, roster, raw, model_id, "
                "prompt_version, at) VALUES (?, ?, ?, ?, ?, ?)",
                (seq, *step.answer, model_id, prompt_version, at),
            )
        db.db.conn.executemany(
            "INSERT OR REPLACE INTO summaries (level, first_chunk, last_chunk, text, learned_at, "
            "model_id, prompt_version, provisional, form, key_spans) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (s.level, s.first_chunk, s.last_chunk, s.text, s.learned_at, model_id,
                 prompt_version, int(s.provisional), s.form, json.dumps(s.key_spans))
                for s in step.summaries
            ],
        )  # fmt: skip
        db.db.conn.executemany(
            "INSERT INTO calls (kind, chunk_seq, level, prompt_tokens, cached_tokens, "
            "generated_tokens, ms, model_id, prompt_version, at, refused, raw) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (c.kind, c.chunk_seq, c.level, c.prompt_tokens, c.cached_tokens,
                 c.generated_tokens, c.ms, model_id, prompt_version, at, c.refused, c.raw)
                for c in step.calls
            ],
        )  # fmt: skip
        db.db.execute("DELETE FROM failed_chunks WHERE chunk_seq = ?", (seq,))
        if step.failed is not None:
            db.db.execute(
                "INSERT INTO failed_chunks (chunk_seq, error, raw_output, failed_at) "
                "VALUES (?, ?, ?, ?)",
                (seq, *step.failed, at),
            )
        db.db.execute(
            "UPDATE builder SET next_chunk = ?, finished = ?, updated_at = ? WHERE id = 1",
            (step.next_chunk, int(step.finished), at),
        )


def answers(db: BookDB) -> list[AnswerRow]:
    """The kept raw answers of the update calls, in reading order."""
    rows = db.db.execute(
        "SELECT chunk_seq, roster, raw, prompt_version FROM answers ORDER BY chunk_seq"
    ).fetchall()
    return [AnswerRow(*row) for row in rows]


@dataclass
class MemoryRows:
    """The whole entity memory, as replay rebuilds it: every row with its stamp."""

    records: list[tuple[int, str, str, int]]  # id, name, type, learned_at
    aliases: list[tuple[int, str, int]]  # entity id, alias, learned_at
    descriptions: list[tuple[int, str, int]]
    links: list[tuple[int, int, int]]  # chunk seq, entity id, learned_at
    merged: list[tuple[int, int, int]] = field(default_factory=list)  # id, into, merged_at
    nodes: list[tuple[int, SummaryRow]] = field(default_factory=list)  # tree nodes rewritten


def replace_memory(db: BookDB, rows: MemoryRows, model_id: str, prompt_version: str) -> None:
    """Swap the entity memory for ``rows`` in one transaction: until it commits, readers see
    the old memory whole; after, the new one whole."""
    with db.transaction():
        for table in ("links", "descriptions", "aliases", "entities"):
            db.db.execute(f"DELETE FROM {table}")
        db.db.conn.executemany(
            "INSERT INTO entities (id, name, type, learned_at, source, model_id, prompt_version) "
            "VALUES (?, ?, ?, ?, 'llm', ?, ?)",
            [(*r, model_id, prompt_version) for r in rows.records],
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO aliases (entity_id, alias, learned_at) VALUES (?, ?, ?)",
            rows.aliases,
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO descriptions (entity_id, text, learned_at) VALUES (?, ?, ?)",
            rows.descriptions,
        )
        db.db.conn.executemany(
            "INSERT OR IGNORE INTO links (chunk_seq, entity_id, learned_at) VALUES (?, ?, ?)",
            rows.links,
        )
        db.db.conn.executemany(
            "UPDATE entities SET merged_into = ?, merged_at = ? WHERE id = ?",
            [(into, at, gone) for gone, into, at in rows.merged],
        )
        db.db.conn.executemany(
            "UPDATE summaries SET text = ?, form = ?, key_spans = ? WHERE id = ?",
            [(n.text, n.form, json.dumps(n.key_spans), i) for i, n in rows.nodes],
        )


def chunk_clusters(db: BookDB) -> dict[int, list[tuple[int, str]]]:
    """The names-pass (cluster, variant) of every chunk, most mentioned first."""
    found: dict[int, list[tuple[int, str]]] = {}
    for seq, name_id, variant in db.db.execute(
        "SELECT chunk_seq, name_id, variant FROM name_mentions "
        "ORDER BY chunk_seq, count DESC, variant"
    ):
        found.setdefault(seq, []).append((name_id, variant))
    return found


def earlier_version(db: BookDB) -> bool:
    """Whether the book's summary tree holds summaries written by an earlier version."""
    return bool(db.db.execute("SELECT count(*) FROM summaries WHERE form = 'prose'").fetchone()[0])


def reset_state(db: BookDB) -> None:
    """Forget what the model built — memory, kept answers, summaries, failures — and put the
    cursor at the first passage, in one transaction, so that the next run reads the book anew
    under the current prompts (and resumes like any run). The names pass (the text's own) and
    the call log (what was spent) stay."""
    with db.transaction():
        for table in ("links", "descriptions", "aliases", "entities", "summaries", "answers",
                      "failed_chunks"):  # fmt: skip
            db.db.execute(f"DELETE FROM {table}")
        db.db.execute("UPDATE builder SET next_chunk = 0, finished = 0 WHERE id = 1")


def drop_provisional(db: BookDB) -> None:
    """The book grew: its finishing folds no longer sit at the end; they are redone there."""
    with db.transaction():
        db.db.execute("DELETE FROM summaries WHERE provisional = 1")
        db.db.execute("UPDATE builder SET finished = 0 WHERE id = 1")


def failed_chunks(db: BookDB) -> list[int]:
    return [r[0] for r in db.db.execute("SELECT chunk_seq FROM failed_chunks ORDER BY chunk_seq")]


def calls(db: BookDB) -> list[CallRow]:
    rows = db.db.execute(
        "SELECT kind, chunk_seq, level, prompt_tokens, cached_tokens, generated_tokens, ms, "
        "refused, raw FROM calls ORDER BY id"
    ).fetchall()
    return [CallRow(*row) for row in rows]


def call_times(db: BookDB, model_id: str) -> list[tuple[str, float]]:
    """(kind, ms) of every call made with ``model_id``, oldest first."""
    rows = db.db.execute(
        "SELECT kind, ms FROM calls WHERE model_id = ? ORDER BY id", (model_id,)
    ).fetchall()
    return [(kind, ms) for kind, ms in rows]


def max_entity_id(db: BookDB) -> int:
    return int(db.db.execute("SELECT coalesce(max(id), 0) FROM entities").fetchone()[0])


def indexed_chunks(db: BookDB) -> list[StoredChunk]:
    """The chunks the model reads: body matter, less chunks that are only a section heading
    ('Part I' before its first chapter) — nothing to learn there, a call saved."""
    text = db.text()
    headings = {(s.start, s.title.strip()) for s in db.sections()}
    return [
        c
        for c in db.chunks()
        if c.matter == "body" and (c.start, text[c.start : c.end].strip()) not in headings
    ]
