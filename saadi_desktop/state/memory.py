"""The entity memory at index time: the model proposes, the rules decide. Nothing is removed.

Identity comes from the text. The names pass's clusters are the backbone: every numbered line of
the update prompt is a cluster or a record, a name that belongs to a cluster goes to that
cluster's record whatever the model said, and a proper name owned by one record never becomes
another's alias. The model contributes what the names pass cannot see — types, descriptive
aliases ("the old woman"), unnamed or rarely named people, notes — and every one of those is an
input to the rules in :mod:`identity`, grounded in the passage first.

The memory is a pure function of the book's text, its names pass and the model's kept answers,
so it can be rebuilt without the model (:func:`replay`), and a resumed build rebuilds it the same
way before it goes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.answer import Line
from saadi_desktop.state.booktext import BookText
from saadi_desktop.state.identity import (
    alias_kind,
    conflict,
    fold,
    refers,
)
from saadi_desktop.state.joins import Joins
from saadi_desktop.state.kinds import Kinds, other_kind, proposed_type
from saadi_desktop.state.names import is_role_mention
from saadi_desktop.state.proposals import (
    NO_REFERENCE,
    Proposals,
    definite,
    names_another,
)
from saadi_desktop.state.records import Candidate, Change, Cluster, EntityRecord
from saadi_desktop.state.rulebook import Rule, decided, on
from saadi_desktop.state.text import occurrences, occurs, occurs_as_name, words

# what the rest of the code takes from here: the memory, what it is made of, and what it reads
__all__ = ["BookText", "Candidate", "Change", "Cluster", "EntityRecord", "Memory", "fold", "replay"]


ROSTER_SIZE = 8  # numbered lines in one update prompt


ROSTER_CLUSTERS = 6  # of which at most this many are the passage's own names


ANOTHER_OF_THE_ROLE = "a role the text brought in again: someone else than the first"


def _bm25(records: Sequence[EntityRecord], text: str) -> list[EntityRecord]:
    if not records:
        return []
    from rank_bm25 import BM25Okapi

    bm25 = BM25Okapi([words(r.search_text()) or ["∅"] for r in records])
    scores = bm25.get_scores(words(text))
    ranked = sorted(range(len(records)), key=lambda i: (-scores[i], records[i].id))
    return [records[i] for i in ranked if scores[i] > 0]


def replay(
    book: BookText, answers: Iterable[tuple[int, list[Candidate], list[Line]]]
) -> tuple[Memory, list[Change]]:
    """Rebuild the memory from kept answers (chunk seq, the list it was given, its lines) under
    the current rules, with no model call; with the change each answer made."""
    memory = Memory(book)
    changes = [memory.apply(lines, roster, seq) for seq, roster, lines in answers]
    return memory, changes


class Memory(Joins, Kinds, Proposals):
    """All records so far, built answer by answer in reading order."""

    def roster(self, seq: int) -> list[Candidate]:
        """The numbered lines for chunk ``seq``: its own names first (each cluster as its
        record when it has one), then records a descriptive alias of which occurs in the
        passage, then the records BM25 finds most like the passage."""
        chosen: list[tuple[int | None, int | None]] = []  # (record, cluster)
        for cluster, _ in self.book.mentions.get(seq, []):
            record = self.by_cluster.get(cluster)
            key = (record, None if record is not None else cluster)
            if key not in chosen and len(chosen) < ROSTER_CLUSTERS:
                chosen.append(key)
        folded = self.book.folded[seq]
        for alias, holders in self.holders.items():
            if not self._role_word(alias) and occurs(alias, folded):
                for holder in sorted(holders):
                    if (holder, None) not in chosen and len(chosen) < ROSTER_SIZE:
                        chosen.append((holder, None))
        if len(chosen) < ROSTER_SIZE:
            listed = {r for r, _ in chosen}
            rest = [r for r in self.records.values() if r.id not in listed]
            for found in _bm25(rest, self.book.texts[seq])[: ROSTER_SIZE - len(chosen)]:
                chosen.append((found.id, None))
        return [self._candidate(n, r, c) for n, (r, c) in enumerate(chosen, start=1)]

    def _candidate(self, number: int, record_id: int | None, cluster: int | None) -> Candidate:
        if record_id is None:
            assert cluster is not None
            return Candidate(number, self._display(cluster), None, cluster)
        record = self.records[record_id]
        aliases = tuple(a for a in record.aliases if not self._role_word(a))
        return Candidate(
            number, record.name, record.id, None, record.type, aliases[-4:],
            tuple(record.descriptions)[-1:],
        )  # fmt: skip

    def apply(self, lines: Sequence[Line], roster: Sequence[Candidate], seq: int) -> Change:
        """Ground the answer's proposals in chunk ``seq`` and merge what the rules allow."""
        change = Change(seq)
        text, folded = self.book.texts[seq], self.book.folded[seq]
        listed = {c.number: c for c in roster}
        given = Counter(fold(line.note) for line in lines if line.note)
        for line in lines:
            # a line naming another listed entity where its aliases go: its aliases meet the
            # identity rules as any do, its type and note belong to no one for sure
            named = names_another(line, listed)
            kind = "" if named else line.type
            if line.number is not None and line.number in listed:
                record = self._listed(listed[line.number], kind, seq, change)
            else:
                record = self._new(line, folded, seq, change)
            if record is None:
                continue
            if kind == "place" and self._placed_here(record, seq):
                # the model's word and the text's agree: 'Kent' was a given name till 'into Kent'
                self._settle(record, "place", change)
            if other_kind(record.type, kind):  # '3 place | drawing-room' on Mrs. Bennet
                why = f"another entity: the line says {line.type}, the record is {record.type}"
                change.refused.extend((x, why) for x in (*line.aliases, line.note) if x)
                continue
            for alias in line.aliases:
                self._propose(record, alias, text, folded, seq, change)
            if named and line.note:
                change.refused.append((line.note, f"the line for {record.name} names {named}"))
            elif definite(line.note):  # 'the painter': an alias where the note goes
                self._propose(record, line.note, text, folded, seq, change)
            elif line.note and given[fold(line.note)] > 1:  # whose it is, the model cannot say
                change.refused.append((line.note, "a note the answer gives to several entities"))
            else:
                self._describe(record, line, text, folded, change)
            if any(
                occurs(fold(a), folded) and not self._role_word(a)
                for a in record.aliases
                if alias_kind(a) == "descriptive"
            ) or (alias_kind(record.name) == "descriptive" and occurs(fold(record.name), folded)):
                change.link(seq, record.id)  # the model resolved a descriptive reference
        self._link_text(seq, change)
        self._retype(seq, change)
        for chunk, record_id in change.links:
            self.linked.setdefault(record_id, set()).add(chunk)
        return change

    def _listed(
        self, candidate: Candidate, kind: str, seq: int, change: Change
    ) -> EntityRecord | None:
        if candidate.cluster is not None:
            return self._cluster_record(candidate.cluster, kind, seq, change)
        return self._named(candidate.name)

    def _named(self, name: str) -> EntityRecord | None:
        """The record a listed name stands for (by name, so that a replay under other rules,
        which numbers its records differently, finds the same one)."""
        owner = self.owner.get(fold(name))
        if owner is not None:
            return self.records[owner]
        holders = self.holders.get(fold(name), set())
        return self.records[min(holders)] if len(holders) == 1 else None

    def _new(self, line: Line, folded: str, seq: int, change: Change) -> EntityRecord | None:
        name, kind = line.name, alias_kind(line.name)
        if not occurs(fold(name), folded):
            change.ungrounded.append(name)
            return None
        if kind is None:
            change.refused.append((name, "not a name or a short noun phrase"))
            return None
        if kind == "descriptive" and not refers(name, folded):
            change.refused.append((name, NO_REFERENCE))
            return None
        if self._role_met_anew(name, seq):
            change.refused.append((name, ANOTHER_OF_THE_ROLE))
            return None
        owner = self.owner.get(fold(name))
        if owner is not None:
            return self.records[owner]  # a name owned by a record is that record
        cluster = self.book.cluster_of.get(fold(name))
        if cluster is not None and kind == "name":
            return self._cluster_record(cluster, line.type, seq, change)
        if kind == "descriptive":
            holders = self.holders.get(fold(name), set())
            if len(holders) == 1:
                return self.records[min(holders)]
            if holders:
                change.refused.append((name, "a description several records answer to"))
                return None
        record = self._create(name, proposed_type(name, line.type), seq, change)
        if kind == "name":
            self._claim_parts(record, folded, seq, change)
        return record

    def _role_met_anew(self, name: str, seq: int) -> bool:
        """Whether ``name`` is a role the names pass stopped counting before chunk ``seq``,
        where the text has it: the text brought the role in again as someone new
        (:data:`rules.A_ROLE_OF_THE_STORY`: 'a policeman ran down the steps' chapters after the
        policeman of the boulevard), and the model's 'the policeman' there is no one's record."""
        cluster = self.book.cluster_of.get(fold(name))
        seen = self.book.chunks_of.get(cluster, []) if cluster is not None else []
        return is_role_mention(name) and bool(seen) and seen[-1] < seq

    def _claim_parts(self, record: EntityRecord, folded: str, seq: int, change: Change) -> None:
        """A cluster first met here, only ever inside the new record's name, is part of it:
        'Ivanovna' of 'Alyona Ivanovna' when the names pass missed a sentence-initial
        'Alyona'."""
        name = fold(record.name)
        for cluster, variant in self.book.mentions.get(seq, []):
            part = fold(variant)
            if (
                cluster not in self.by_cluster
                and part != name
                and f" {part} " in f" {name} "
                and occurrences(part, folded) == occurrences(name, folded)
                and not conflict([record.name], self.book.clusters[cluster].variants)
            ):
                self._join(record, cluster, seq, change)

    def _cluster_record(self, cluster: int, kind: str, seq: int, change: Change) -> EntityRecord:
        """The record of a names-pass cluster, created in the first passage that names it (with
        the model's type when the model lists it there) — or the record of the full name it is
        a nickname of ('Lizzy' of 'Elizabeth Bennet')."""
        if cluster in self.by_cluster:
            return self.records[self.by_cluster[cluster]]
        variants = [v for v, at in self.book.clusters[cluster].variants.items() if at <= seq]
        joins: tuple[tuple[Rule | None, Callable[[], EntityRecord | None]], ...] = (
            (rules.NICKNAME, lambda: self._nickname_owner(variants)),
            (None, lambda: self._one_of_the_name(cluster, seq)),
            (rules.FAMILIAR_FULL_NAME, lambda: self._familiar_owner(variants)),
            (rules.NICKNAME, lambda: self._ending_owner(cluster, variants, seq)),
        )
        for rule, find in joins:
            full = find() if rule is None or on(rule) else None
            if full is not None:
                if rule is not None:
                    decided(rule)
                self._join(full, cluster, seq, change)
                return full
        kind, shown = self._first_type(cluster, variants, kind, seq)
        record = self._create(self._display(cluster, seq), kind or "other", seq, change)
        if kind == "person" and not shown:
            self.guessed.add(record.id)  # 'Kent' is a given name too: the text may say otherwise
        self._join(record, cluster, seq, change)
        return record

    def _link_text(self, seq: int, change: Change) -> None:
        """Link the passage to every record one of whose names it contains. A name the model
        left out still has its record: identity comes from the text, not from the answer."""
        for cluster, variant in self.book.mentions.get(seq, []):
            if cluster in self.by_cluster:
                record = self.records[self.by_cluster[cluster]]
                change.link(seq, record.id)
                new = self.book.clusters[cluster].variants[variant] == seq
                if new:
                    self._add_alias(record, variant, seq, change)
                    self._merge_diminutive(record, variant, seq, change)
            else:
                self._cluster_record(cluster, "", seq, change)
        for pair in self.book.licensed.get(seq, []):  # 'Mr. Gray' is Dorian Gray from here on
            self._merge_one_of_the_name(*pair, seq, change)
        self._merge_said(seq, change)
        self._merge_answered(seq, change)
        text = self.book.texts[seq]
        for name, owner in self.loose_names.items():
            if occurs_as_name(name, text):
                change.link(seq, owner)
