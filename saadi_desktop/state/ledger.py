"""The memory's records and what indexes them (which record owns a name, holds a cluster, has
been proposed a description), and the moves every rule makes with them: create a record, join a
cluster to one, add an alias, merge two."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from saadi_desktop.state.booktext import BookText
from saadi_desktop.state.identity import (
    ROLE_WORD_HOLDERS,
    alias_kind,
    core,
    fold,
)
from saadi_desktop.state.records import Change, EntityRecord
from saadi_desktop.state.text import occurs_as_name

SUPPORT = 2  # passages that must propose an unsupported name before it becomes an alias


class Ledger:
    """The records so far and their indexes."""

    def __init__(self, book: BookText) -> None:
        self.book = book
        self.records: dict[int, EntityRecord] = {}
        self.next_id = 1
        self.by_cluster: dict[int, int] = {}  # cluster -> record
        self.owner: dict[str, int] = {}  # folded proper name -> its record
        self.loose_names: dict[str, int] = {}  # owned names that are no cluster's variant
        self.holders: dict[str, set[int]] = {}  # folded descriptive alias -> records
        self.claimed: dict[str, set[int]] = {}  # the same -> the records it was proposed for
        self.support: dict[tuple[int, str], set[int]] = {}  # (record, name) -> proposing chunks
        self.notes: set[str] = set()  # every note kept so far (folded)
        self.uses: dict[int, tuple[int, int]] = {}  # cluster -> (after 'at', 'to'…, all) so far
        self.pronouns: dict[int, Counter[str]] = {}  # cluster -> the he or she after it so far
        self.answered: dict[tuple[int, int], set[int]] = {}  # clusters -> passages, one answering
        self.linked: dict[int, set[int]] = {}  # record -> the chunks linked to it so far
        self.guessed: set[int] = set()  # persons by a given name or the model's word alone

    def adopt(self, records: Iterable[EntityRecord]) -> None:
        """Take over records stored before answers were kept (an older book resumed): their
        names are owned, and each cluster goes to the record holding one of its variants."""
        for record in records:
            self.records[record.id] = record
            self.next_id = max(self.next_id, record.id + 1)
            for name in (record.name, *record.aliases):
                key = fold(name)
                if alias_kind(name) == "descriptive":
                    self.holders.setdefault(key, set()).add(record.id)
                    continue
                self.owner.setdefault(key, record.id)
                cluster = self.book.cluster_of.get(key)
                if cluster is None:
                    self.loose_names.setdefault(key, record.id)
                elif cluster not in self.by_cluster:
                    self.by_cluster[cluster] = record.id
                    record.clusters[cluster] = record.learned_at

    def _display(self, cluster: int, seq: int | None = None) -> str:
        """A cluster's fullest name seen so far: 'Elizabeth Bennet' over 'Elizabeth'."""
        variants = [
            v for v, at in self.book.clusters[cluster].variants.items() if seq is None or at <= seq
        ]
        return max(variants, key=lambda v: (len(core(v)), -self.book.clusters[cluster].variants[v]))

    def _known_names(self) -> Iterator[str]:
        """Every variant of a cluster that has a record, read afresh: a name that is not a
        plural never needs them (see :func:`is_family`)."""
        return (v for c in self.by_cluster for v in self.book.clusters[c].variants)

    def _create(self, name: str, kind: str, seq: int, change: Change) -> EntityRecord:
        record = EntityRecord(self.next_id, name, kind, learned_at=seq)
        self.next_id += 1
        self.records[record.id] = record
        change.new_records.append(record)
        self._own(record, name, seq, change)
        return record

    def _join(self, record: EntityRecord, cluster: int, seq: int, change: Change) -> None:
        """A cluster joins a record: its variants seen so far become aliases, and every passage
        that named it so far is linked — stamped now, since that is when it became known."""
        record.clusters[cluster] = seq
        self.by_cluster[cluster] = record.id
        for variant, at in self.book.clusters[cluster].variants.items():
            if at <= seq:
                self._add_alias(record, variant, seq, change)
        for chunk in self.book.chunks_of.get(cluster, []):
            if chunk <= seq:
                change.link(chunk, record.id)

    def _add_alias(self, record: EntityRecord, alias: str, seq: int, change: Change) -> None:
        if fold(alias) in record.forms():
            return
        record.aliases[alias] = seq
        change.new_aliases.append((record.id, alias))
        self._own(record, alias, seq, change)

    def _own(self, record: EntityRecord, name: str, seq: int, change: Change) -> None:
        folded = fold(name)
        if alias_kind(name) == "descriptive":
            self.holders.setdefault(folded, set()).add(record.id)
            return
        self.owner.setdefault(folded, record.id)
        if folded not in self.book.cluster_of:
            self.loose_names.setdefault(folded, record.id)
            for chunk, text in self.book.texts.items():
                if chunk < seq and occurs_as_name(folded, text):
                    change.link(chunk, record.id)

    def _names_read(self, record: EntityRecord, seq: int) -> list[str]:
        """The record's names and its clusters' names read by passage ``seq`` (this one's too:
        'Raskolnikov, the young man' names him before his aliases take 'Raskolnikov')."""
        clusters = (self.book.clusters[c].variants.items() for c in record.clusters)
        return [*record.names(), *(v for variants in clusters for v, at in variants if at <= seq)]

    def _supported(self, record: EntityRecord, key: str, seq: int) -> bool:
        """Whether :data:`SUPPORT` passages, this one counted, have proposed ``key`` for
        ``record``: a proposal independent of one answer's slip."""
        votes = self.support.setdefault((record.id, key), set())
        votes.add(seq)
        return len(votes) >= SUPPORT

    def _merge(self, a: EntityRecord, b: EntityRecord, seq: int, change: Change) -> None:
        """Two records are one person from ``seq`` on: the older stays, and the newer one's
        names, clusters, notes and links become its own, stamped ``seq``, since that is when it
        became known; the newer stays in the store for a reader before ``seq``."""
        gone, into = sorted((a, b), key=lambda r: r.id, reverse=True)
        del self.records[gone.id]
        for cluster, owner in self.by_cluster.items():
            if owner == gone.id:
                self.by_cluster[cluster] = into.id
        for names in (self.owner, self.loose_names):
            for name, owner in names.items():
                if owner == gone.id:
                    names[name] = into.id
        for holders in (*self.holders.values(), *self.claimed.values()):
            if gone.id in holders:
                holders.discard(gone.id)
                holders.add(into.id)
        into.clusters.update(dict.fromkeys(gone.clusters, seq))
        for name in (gone.name, *gone.aliases):
            self._add_alias(into, name, seq, change)
        for note in gone.descriptions:
            if note not in into.descriptions:
                into.descriptions[note] = seq
                change.new_descriptions.append((into.id, note))
        if gone.id not in self.guessed:  # what the text showed of one holds for both
            self.guessed.discard(into.id)
        self.guessed.discard(gone.id)
        if into.type == "other" and gone.type != "other":
            into.type = gone.type
            change.retyped.append((into.id, into.type))
        chunks = self.linked.pop(gone.id, set()) | {c for c, r in change.links if r == gone.id}
        for chunk in sorted(chunks):
            change.link(chunk, into.id)
        change.merged.append((gone.id, into.id))

    def _role_word(self, alias: str) -> bool:
        """Whether a description was proposed for so many records that it identifies nobody."""
        key = fold(alias)
        claimed = self.claimed.get(key, set()) | self.holders.get(key, set())
        return len(claimed) >= ROLE_WORD_HOLDERS
