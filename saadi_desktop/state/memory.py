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

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from saadi_desktop.chunking import ABBREVIATION
from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.answer import MAX_NOTE, Line
from saadi_desktop.state.identity import (
    DETERMINERS,
    ROLE_WORD_HOLDERS,
    alias_kind,
    called_who,
    conflict,
    core,
    fold,
    gender,
    head_noun,
    in_apposition,
    is_diminutive,
    is_family,
    is_person_noun,
    looks_like_place,
    names_it_shortens,
    noun_gender,
    pronoun_gender,
    pronoun_lean,
    refers,
    said_to_be,
    speaks,
    stated_equivalent,
)
from saadi_desktop.state.names import (
    DROPPED_TITLES,
    HONORIFICS,
    IN_A_PLACE,
    KIN_TITLES,
    LOCATIVE,
    PLACE_NOUNS,
    RANKS,
    RUSSIAN_DIMINUTIVES,
    SAINTS,
    STREETS,
    SURNAME_TITLES,
    TITLES_OF,
    ends_in_a_place_noun,
    is_given_name,
    is_street,
    locative_uses,
)
from saadi_desktop.state.rulebook import Rule, decided, on
from saadi_desktop.state.text import SENTENCE, STOP, content_words, foreign_letters, words

__all__ = ["BookText", "Candidate", "Change", "EntityRecord", "Memory", "fold"]

ROSTER_SIZE = 8  # numbered lines in one update prompt
ROSTER_CLUSTERS = 6  # of which at most this many are the passage's own names
SUPPORT = 2  # passages that must propose an unsupported name before it becomes an alias
NICKNAME_SENSES = 3  # a diminutive of more full names than this identifies no one by itself
NO_REFERENCE = "a piece of a phrase, not one the passage refers to anyone by"
UNMARRIED = {"Miss", "Mademoiselle", "Mlle.", "Mlle"}  # a daughter's titles
MISTER = ("Mr.", "Mr", "Monsieur")  # a man's title before his surname, whatever his rank
# the text speaks of several daughters of one name: 'the Miss Musgroves', 'the eldest Miss Bennet'
_SEVERAL_DAUGHTERS = (
    r"\b(?:Miss|Mlle\.?) (?:de )?{0}(?:s|es)\b|\b(?:Misses|Mlles\.?|Mesdemoiselles) (?:de )?{0}\b"
    r"|\b(?:two|three|four|five|both|other|elder|eldest|younger|youngest|second|third)"
    r" (?:Miss|Mlle\.?) (?:de )?{0}\b"
)


@dataclass
class EntityRecord:
    id: int
    name: str
    type: str
    learned_at: int
    aliases: dict[str, int] = field(default_factory=dict)  # alias -> learned_at
    descriptions: dict[str, int] = field(default_factory=dict)  # text -> learned_at
    clusters: dict[int, int] = field(default_factory=dict)  # names-pass cluster -> learned_at

    def forms(self) -> set[str]:
        return {fold(self.name), *(fold(a) for a in self.aliases)}

    def names(self) -> list[str]:
        """The proper names among the record's name and aliases."""
        return [n for n in (self.name, *self.aliases) if alias_kind(n) == "name"]

    def search_text(self) -> str:
        return " ".join([self.name, *self.aliases, *self.descriptions])


@dataclass(frozen=True)
class Cluster:
    """A names-pass cluster as the memory sees it."""

    id: int
    gender: str
    variants: dict[str, int]  # variant -> learned_at


@dataclass
class BookText:
    """What the memory reads of the book: the indexed chunks' texts and the names pass."""

    texts: dict[int, str]  # chunk seq -> text
    clusters: dict[int, Cluster]
    mentions: dict[int, list[tuple[int, str]]]  # chunk seq -> (cluster, variant), most first

    def __post_init__(self) -> None:
        self.folded = {seq: fold(t) for seq, t in self.texts.items()}
        self.cluster_of = {fold(v): c.id for c in self.clusters.values() for v in c.variants}
        # a kinship title is a common noun too: 'Aunt Philips' makes no name of 'aunt'
        self.name_words = {w for v in self.cluster_of for w in words(v)} - set(KIN_TITLES)
        # the book's names as written, for checking that a summary names no stranger
        self.name_tokens = {
            w for c in self.clusters.values() for v in c.variants for w in v.split()
        }
        self._read_at, self._read = -1, ""
        self._leans: dict[str, str] = {}
        self.chunks_of: dict[int, list[int]] = {}
        for seq in sorted(self.mentions):
            for cluster, _ in self.mentions[seq]:
                seqs = self.chunks_of.setdefault(cluster, [])
                if not seqs or seqs[-1] != seq:
                    seqs.append(seq)

    @cached_property
    def one_of_the_name(self) -> dict[int, list[tuple[int, int, Rule]]]:
        """Names-pass cluster → (the cluster of another form of the same person's name, the
        chunk from which the text licenses the join), read from the whole book's names: 'Miss
        Bingley' and the book's one daughter of the name ('Caroline Bingley',
        :meth:`_one_daughter`), 'Mr. Gray' and the one bearer of the name ('Dorian Gray',
        :meth:`_one_bearer`). The whole book is weighed, since only that can tell there is one;
        it can only hold a join back: the join is licensed where both have been read with the
        surname ('Caroline' alone is not yet Miss Bingley) and whatever let it be has been read
        ('Pulcheria Razumihin' is his mother from 'Pulcheria Alexandrovna Razumihin' on)."""
        pairs: dict[int, list[tuple[int, int, Rule]]] = {}
        alone = {
            name[0] for c in self.clusters.values() for v in c.variants if len(name := core(v)) == 1
        }
        for surname in sorted(alone):
            found: list[tuple[int, int, int, Rule]] = []
            for rule, daughter in (
                (rules.ONE_DAUGHTER, self._one_daughter),
                (rules.ELDEST_DAUGHTER, self._eldest_daughter),
            ):
                pair = daughter(surname) if on(rule) else None
                found += [(*pair, -1, rule)] if pair else []
            if on(rules.ONE_BEARER):
                found += [(*pair, rules.ONE_BEARER) for pair in self._one_bearer(surname)]
            for first, second, allowed, rule in found:
                at = max(allowed, *(self._read_with(c, surname) for c in (first, second)))
                pairs.setdefault(first, []).append((second, at, rule))
                pairs.setdefault(second, []).append((first, at, rule))
        return pairs

    @cached_property
    def licensed(self) -> dict[int, list[tuple[int, int, Rule]]]:
        """Chunk → the pairs of :attr:`one_of_the_name` the text licenses there."""
        found: dict[int, list[tuple[int, int, Rule]]] = {}
        for first, others in self.one_of_the_name.items():
            for second, at, rule in others:
                if first < second:
                    found.setdefault(at, []).append((first, second, rule))
        return found

    def _read_with(self, cluster: int, surname: str) -> int:
        """The chunk where ``cluster`` is first read with ``surname``."""
        return min(
            at for v, at in self.clusters[cluster].variants.items() if core(v)[-1:] == [surname]
        )

    def _daughters(self, surname: str) -> tuple[set[int], dict[int, set[str]]] | None:
        """(the clusters of 'Miss' and ``surname`` alone, the clusters of a woman the book names
        by a given name and ``surname`` after a daughter's title ('Miss Hatty Doran', 'Mlle.
        Blanche de Cominges') or none ('Caroline Bingley'; not 'Lady Anne Darcy'), each with
        those given names); None when the book uses the surname as a given name too."""
        misses: set[int] = set()
        daughters: dict[int, set[str]] = {}
        for cluster, variant in self._bearing.get(surname, []):
            name, title = core(variant), variant.split()[0]
            if len(name) >= 2 and name[0] == surname:
                return None
            if name == [surname] and title in UNMARRIED:
                misses.add(cluster.id)
            elif (
                len(name) >= 2
                and name[-1] == surname
                and (title in UNMARRIED or (title == name[0] and is_given_name(name[0])))
                and cluster.gender != "m"
            ):
                daughters.setdefault(cluster.id, set()).add(name[0])
        return misses, daughters

    def _one_daughter(self, surname: str) -> tuple[int, int] | None:
        """(the cluster of 'Miss Bingley', that of the one daughter of the name the book
        writes out, :meth:`_daughters`), when the book never speaks of several daughters of
        the name ('the Miss Musgroves', 'the eldest Miss Bennet'): 'Miss' and a surname is the
        eldest unmarried daughter, and a book that names one daughter has one. None otherwise:
        for several, see :meth:`_eldest_daughter`."""
        found = self._daughters(surname)
        if found is None or len(found[0]) != 1 or len(found[1]) != 1 or found[0] == {*found[1]}:
            return None
        several = _SEVERAL_DAUGHTERS.format(re.escape(surname))
        if any(re.search(several, text) for text in self.texts.values()):
            return None
        return found[0].pop(), next(iter(found[1]))

    def _eldest_daughter(self, surname: str) -> tuple[int, int] | None:
        """(the cluster of 'Miss Bennet', that of the one of several daughters of the name whom
        the book never calls 'Miss' and her given name), when it so calls every other: 'Miss'
        and the surname is the eldest unmarried daughter, her younger sisters 'Miss' and a given
        name. 'Jane Bennet' beside 'Miss Elizabeth' and 'Miss Lydia Bennet'; in Persuasion
        'Elizabeth Elliot' beside 'Miss Anne'. None when two daughters are never so called
        (either may be the eldest), or the one is not a woman by the text's pronouns."""
        found = self._daughters(surname)
        if found is None or len(found[0]) != 1 or len(found[1]) < 2:
            return None
        misses, daughters = found
        unaddressed = [
            cluster
            for cluster, givens in daughters.items()
            if not any(
                v.split()[0] in UNMARRIED for given in givens for _, v in self._bearing[given]
            )
        ]
        if len(unaddressed) != 1 or unaddressed[0] in misses:
            return None
        eldest = self.clusters[unaddressed[0]]
        if eldest.gender != "f" and not any(
            pronoun_gender(given, self.texts.values()) == "f" for given in daughters[eldest.id]
        ):
            return None  # 'Alexander Holder' beside 'Miss Mary Holder' is her uncle
        return misses.pop(), eldest.id

    def _one_bearer(self, surname: str) -> list[tuple[int, int, int]]:
        """(the cluster of a surname alone, the cluster of the one person who can bear it, the
        chunk from which something else allows it, or -1), read from the whole book's names,
        since only that can tell there is one. A surname alone or after 'Mr.' customarily names
        a man: the one man of the book named in full by it with no other title ('Mr. Gray' and
        'Dorian Gray'; not 'Sir Walter Elliot', who is never 'Mr. Elliot'). A second such man
        holds it back, and so does a woman of the name met before both are — she may be the wife
        of another Mr. X, the mother of the 'Charles Musgrove' named in full — but not one met
        after, his wife or daughter ('Mrs. Wickham' long after 'George Wickham'), nor a woman
        named by a patronymic, whose father the name says: 'Raskolnikov' is Rodion Romanovitch
        Raskolnikov beside his mother 'Pulcheria Alexandrovna Raskolnikov', from where her
        patronymic is read. A surname alone and untitled ('Hill') is also the one other bearer
        of it whoever that is ('Mrs. Hill'), when :meth:`_may_be` allows. None when the book
        also uses the surname as a given name, a family's plural ('the Bennets'), a place's or a
        realm's ('Stoke Moran', 'the Duke of Berwick')."""
        if (
            not surname[:1].isupper()
            or any(  # a family's plural: 'the Bennets'
                surname.endswith("s") and surname[:-cut] in self._bearing for cut in (1, 2)
            )
        ):
            return []
        bearers = list({c.id: c for c, _ in self._bearing.get(surname, [])}.values())
        names = {c.id: list(c.variants) for c in bearers}
        every = [v for vs in names.values() for v in vs]
        if any(core(v)[:1] == [surname] and len(core(v)) > 1 for v in every) or any(
            _realm_or_saint(v) or ends_in_a_place_noun(v) or is_street(v) for v in every
        ):
            return []
        short = [c for c in bearers if all(core(v) == [surname] for v in names[c.id])]
        pairs: list[tuple[int, int, int]] = []
        for alone in short:
            titles = {v.split()[0] for v in names[alone.id]} - {surname}
            others = [c for c in bearers if c.id != alone.id]
            if (
                not titles
                and len(others) == 1
                and self._may_be(names[alone.id], names[others[0].id])
            ):
                pairs.append((alone.id, others[0].id, -1))  # 'Hill', 'Mrs. Hill'
                continue
            if not titles <= set(MISTER):
                continue
            women = {
                c.id: self._read_with(c.id, surname)
                for c in others
                if c.gender == "f"
                or any(gender(v) == "f" or self._lean(core(v)[0]) == "f" for v in names[c.id])
            }
            kin = {
                c.id: min(at for v, at in c.variants.items() if _by_patronymic(v) == "f")
                for c in others
                if any(_by_patronymic(v) == "f" for v in names[c.id])
            }
            rest = [c for c in others if c.id not in women]
            if len(rest) != 1:
                continue
            man, his = rest[0], names[rest[0].id]
            male = bool(titles) or any(gender(v) == "m" for v in his) or man.gender == "m"
            licence = max(self._read_with(alone.id, surname), self._read_with(man.id, surname))
            if (
                male
                and all(v.split()[0] in (*core(v)[:1], *MISTER) for v in his)
                and any(_full_name(v, surname) for v in his)
                and not any(at <= licence for c, at in women.items() if c not in kin)
                and not conflict(names[alone.id], _bearing(his, surname))
            ):
                pairs.append((alone.id, man.id, max(kin.values(), default=-1)))
        return pairs

    def _may_be(self, short: Sequence[str], other: Sequence[str]) -> bool:
        """Whether an untitled surname ('Hill') and the one other name of it in the book may be
        one person: the other is titled ('Mrs. Hill', 'the Marquis de Griers'; a man named in
        full goes by the rule for a man's surname, a woman named in full is no 'Hill' of the
        text's), and no title nor the text's pronouns (:func:`pronoun_lean`) make them of
        different genders ('Toller … he' is Mrs. Toller's husband)."""
        titled = any(v.split()[0] in SURNAME_TITLES | UNMARRIED | TITLES_OF for v in other)
        genders = {gender(v) for v in other} | {self._lean(core(v)[0]) for v in short}
        bearing = _bearing(other, core(short[0])[0])
        return titled and not conflict(short, bearing) and len(genders - {""}) <= 1

    def _lean(self, name: str) -> str:
        if name not in self._leans:
            self._leans[name] = pronoun_lean(name, self.texts.values())
        return self._leans[name]

    @cached_property
    def _bearing(self) -> dict[str, list[tuple[Cluster, str]]]:
        """Each word of a name → the (cluster, variant) whose name holds it."""
        found: dict[str, list[tuple[Cluster, str]]] = {}
        for cluster in self.clusters.values():
            for variant in cluster.variants:
                for word in dict.fromkeys(core(variant)):
                    found.setdefault(word, []).append((cluster, variant))
        return found

    def read_by(self, seq: int) -> list[str]:
        """The text of every chunk read by chunk ``seq``, as one string (the chunks kept apart by
        a character no name rule's pattern crosses), for the rules that weigh how the text so
        far uses a name: one scan instead of one per chunk."""
        if self._read_at != seq:
            self._read_at = seq
            self._read = "\0".join(t for c, t in self.texts.items() if c <= seq)
        return [self._read]

    def known_names(self, seqs: Iterable[int], at: int) -> set[str]:
        """Every name known by chunk ``at`` of someone the chunks ``seqs`` mention: the names a
        fold of those chunks may spell out in full ('Fitzwilliam Darcy' where they say 'Darcy')."""
        return {
            variant
            for seq in seqs
            for cluster, _ in self.mentions.get(seq, [])
            for variant, learned_at in self.clusters[cluster].variants.items()
            if learned_at <= at
        }


@dataclass(frozen=True)
class Candidate:
    """One numbered line of the update prompt: a record, or a cluster with no record yet."""

    number: int
    name: str
    record: int | None
    cluster: int | None
    type: str = ""
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def kept(self) -> dict[str, Any]:
        """What the kept answer needs to know of this line to be replayed."""
        return {"number": self.number, "name": self.name, "record": self.record,
                "cluster": self.cluster}  # fmt: skip


@dataclass
class Change:
    """What one update adds; every row is stamped with the update's chunk, ``seq``."""

    seq: int
    new_records: list[EntityRecord] = field(default_factory=list)
    new_aliases: list[tuple[int, str]] = field(default_factory=list)
    new_descriptions: list[tuple[int, str]] = field(default_factory=list)
    links: list[tuple[int, int]] = field(default_factory=list)  # (chunk seq, record)
    ungrounded: list[str] = field(default_factory=list)  # not in the passage
    refused: list[tuple[str, str]] = field(default_factory=list)  # (proposal, the rule's reason)
    pending: list[str] = field(default_factory=list)  # names waiting for more support
    retyped: list[tuple[int, str]] = field(default_factory=list)  # (record, its new type)
    merged: list[tuple[int, int]] = field(default_factory=list)  # (record merged away, into)

    def link(self, seq: int, record: int) -> None:
        if (seq, record) not in self.links:
            self.links.append((seq, record))


class Memory:
    """All records so far, built answer by answer in reading order."""

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

    # -- the update prompt's list ----------------------------------------------------------

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
            if not self._role_word(alias) and _occurs(alias, folded):
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

    def _display(self, cluster: int, seq: int | None = None) -> str:
        """A cluster's fullest name seen so far: 'Elizabeth Bennet' over 'Elizabeth'."""
        variants = [
            v for v, at in self.book.clusters[cluster].variants.items() if seq is None or at <= seq
        ]
        return max(variants, key=lambda v: (len(core(v)), -self.book.clusters[cluster].variants[v]))

    # -- applying an answer -----------------------------------------------------------------

    def apply(self, lines: Sequence[Line], roster: Sequence[Candidate], seq: int) -> Change:
        """Ground the answer's proposals in chunk ``seq`` and merge what the rules allow."""
        change = Change(seq)
        text, folded = self.book.texts[seq], self.book.folded[seq]
        listed = {c.number: c for c in roster}
        given = Counter(fold(line.note) for line in lines if line.note)
        for line in lines:
            # a line naming another listed entity where its aliases go: its aliases meet the
            # identity rules as any do, its type and note belong to no one for sure
            named = _names_another(line, listed)
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
            elif _definite(line.note):  # 'the painter': an alias where the note goes
                self._propose(record, line.note, text, folded, seq, change)
            elif line.note and given[fold(line.note)] > 1:  # whose it is, the model cannot say
                change.refused.append((line.note, "a note the answer gives to several entities"))
            else:
                self._describe(record, line, text, folded, change)
            if any(
                _occurs(fold(a), folded) and not self._role_word(a)
                for a in record.aliases
                if alias_kind(a) == "descriptive"
            ) or (alias_kind(record.name) == "descriptive" and _occurs(fold(record.name), folded)):
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
        if not _occurs(fold(name), folded):
            change.ungrounded.append(name)
            return None
        if kind is None:
            change.refused.append((name, "not a name or a short noun phrase"))
            return None
        if kind == "descriptive" and not refers(name, folded):
            change.refused.append((name, NO_REFERENCE))
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
        record = self._create(name, _type(name, line.type), seq, change)
        if kind == "name":
            self._claim_parts(record, folded, seq, change)
        return record

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
                and _count(part, folded) == _count(name, folded)
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

    def _first_type(
        self, cluster: int, variants: Sequence[str], kind: str, seq: int
    ) -> tuple[str, bool]:
        """The type of a cluster's new record as the text so far shows it (the model's ``kind``
        when the text shows nothing), and whether the text showed it a person rather than a
        given name guessing so."""
        given = (
            kind in ("", "person", "other")
            and on(rules.A_GIVEN_NAME)
            and any(  # the model's "place" stands
                is_given_name(w)
                for v in variants
                if v.split()[0].rstrip(".") not in SAINTS  # 'St. James': a church, a court
                and not ends_in_a_place_noun(v)  # 'Lucas Lodge': a house
                for w in core(v)[:1]
            )
        )
        read = self.book.read_by(seq)
        titled = on(rules.A_PERSONS_NAME) and _a_persons_names(
            variants, self.book.clusters[cluster].gender
        )
        shown = titled or (on(rules.SPEAKS) and speaks(variants, read))
        if on(rules.A_FAMILY) and all(is_family(v, self._known_names(), read) for v in variants):
            return _typed(rules.A_FAMILY, "organization"), False  # 'the Bennets': a family
        if on(rules.A_STREET) and all(map(is_street, variants)):
            return _typed(rules.A_STREET, "place"), False  # 'Laura Place', whatever its first word
        if shown or given:
            which = (
                rules.A_PERSONS_NAME if titled else rules.SPEAKS if shown else rules.A_GIVEN_NAME
            )
            return _typed(which, "person"), shown
        if kind in ("", "other"):
            if on(rules.USED_AS_A_PLACE) and looks_like_place(variants, read):
                return _typed(rules.USED_AS_A_PLACE, "place"), False  # 'at Longbourn'
            if on(rules.PLACE_NOUN) and any(map(ends_in_a_place_noun, variants)):
                return _typed(rules.PLACE_NOUN, "place"), False  # 'Boscombe Valley'
            if on(rules.CALLED_WHO) and called_who(variants, read):
                return _typed(rules.CALLED_WHO, "person"), True  # 'by name Heintze, who…'
        return kind, shown

    def _known_names(self) -> Iterator[str]:
        """Every variant of a cluster that has a record, read afresh: a name that is not a
        plural never needs them (see :func:`is_family`)."""
        return (v for c in self.by_cluster for v in self.book.clusters[c].variants)

    def _nickname_owner(self, variants: Sequence[str]) -> EntityRecord | None:
        """The one record whose given name the English nickname table relates to a variant
        that is a given name alone or after a title a book drops ('Lizzy', 'Miss Lizzy'; not
        'St. James' nor 'King James'). A diminutive joins its full name when the table makes
        it one of at most three names ('Eliza': Elizabeth, Louisa, Louise); 'Lee' is one of
        seven (Elias, Leroy, Shirley…) and alone identifies nobody: in a Holmes story it is
        General Lee, then a town in Kent, never uncle Elias. A full name joins a record known
        by a diminutive only when the diminutive has no other sense ('Elizabeth' of 'Lizzy';
        not 'Louisa' of an 'Eliza' who may be Elizabeth). The model may still propose more,
        and the alias rules weigh that."""
        found: set[int] = set()
        for variant in variants:
            given = _given_name(variant)
            if given is None or len(core(variant)) != 1:
                continue
            for record in self.records.values():
                if any(
                    _shortens(given, w, russian=False)
                    or _shortens(w, given, senses=1, russian=False)
                    for w in filter(None, map(_given_name, record.names()))
                ) and not conflict(record.names(), variants):
                    found.add(record.id)
        return self.records[found.pop()] if len(found) == 1 else None

    def _one_of_the_name(self, cluster: int, seq: int) -> EntityRecord | None:
        """The record, read so far, of another form of the cluster's name, when the text has
        licensed the join by chunk ``seq`` (:attr:`BookText.one_of_the_name`: 'Caroline
        Bingley' of 'Miss Bingley', 'Dorian Gray' of 'Mr. Gray'; not yet 'Dorian' alone),
        met in either order; or None."""
        variants = [v for v, at in self.book.clusters[cluster].variants.items() if at <= seq]
        for other, at, rule in self.book.one_of_the_name.get(cluster, []):
            record = self.records.get(self.by_cluster.get(other, -1))
            if (
                at <= seq
                and record
                and record.type in ("person", "other")  # 'other': not typed yet ('Dorian Gray')
                and not conflict(variants, record.names())
            ):
                decided(rule)
                return record
        return None

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
                if chunk < seq and _occurs_as_name(folded, text):
                    change.link(chunk, record.id)

    def _propose(
        self, record: EntityRecord, alias: str, text: str, folded: str, seq: int, change: Change
    ) -> None:
        """The model says ``alias`` is another name of ``record``; the rules decide."""
        kind, key = alias_kind(alias), fold(alias)
        if kind is None:
            change.refused.append((alias, "not a name or a short noun phrase"))
            return
        if not _occurs(key, folded):
            change.ungrounded.append(alias)
            return
        if key in record.forms():
            return
        cluster = self.book.cluster_of.get(key)
        if kind == "descriptive" and cluster is None:  # a cluster's 'the General' is a name
            named = self.book.cluster_of.get(fold(_capitalised_head(alias)))
            if named is not None and named not in record.clusters:
                change.refused.append((alias, "another cluster's name"))  # 'the Rabbit' on Bill
            elif not refers(alias, folded):
                change.refused.append((alias, NO_REFERENCE))
            elif record.type in ("place", "object") and is_person_noun(head_noun(alias)):
                change.refused.append((alias, "a person's description on a place or object"))
            elif conflict(record.names(), [alias]):  # 'the Englishman' on Mlle. Blanche
                change.refused.append((alias, conflict(record.names(), [alias])))
            else:
                self.claimed.setdefault(key, set()).add(record.id)
                if (
                    _capitalised_head(alias)  # a name with its article: 'the White Rabbit'
                    or any(
                        in_apposition(alias, name, text) for name in self._names_read(record, seq)
                    )
                    or self._supported(record, key, seq)
                ):
                    self._add_alias(record, alias, seq, change)
                else:  # a description, once, may be anyone's: 'the bank' of Mercia
                    change.pending.append(alias)
            return
        owner = self.owner.get(key)
        if owner is not None and owner != record.id:
            change.refused.append((alias, f"the name of record {owner}"))
            return
        if record.type in ("place", "object", "organization") and gender(alias):
            change.refused.append((alias, "a person's name on a place or object"))
            return
        why = conflict(record.names(), [alias])
        if why:
            change.refused.append((alias, why))
            return
        stated = any(stated_equivalent(alias, n, text) for n in record.names())
        nickname = any(  # the table and the model agree; 'Lee' (seven senses) needs more
            _shortens(a, b) or _shortens(b, a)
            for a in filter(None, map(_given_name, record.names()))
            for b in core(alias)
        )
        if cluster is not None and not (stated or nickname):
            # two names-pass clusters are two people until the text says otherwise
            change.refused.append((alias, "another cluster's name"))
            return
        if cluster is not None and cluster in self.by_cluster:
            change.refused.append((alias, "the name of another record's cluster"))
            return
        if not (self._supported(record, key, seq) or stated or nickname):
            change.pending.append(alias)
            return
        if cluster is not None:
            self._join(record, cluster, seq, change)
        self._add_alias(record, alias, seq, change)

    def _placed_here(self, record: EntityRecord, seq: int) -> bool:
        """Whether a person by a guess alone (a given name, the model's word) is met in this
        passage as a place is: after 'in', 'near', 'into', 'through' ('into Kent'), as a person
        rarely is."""
        if record.id not in self.guessed:
            return False
        near, _ = locative_uses(self._names_read(record, seq), self.book.texts[seq], IN_A_PLACE)
        return near > 0

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

    def _describe(
        self, record: EntityRecord, line: Line, text: str, folded: str, change: Change
    ) -> None:
        note = said_once(line.note)
        if not note:
            return
        names = [record.name, *record.aliases]
        said = _said(note, names)
        if foreign_letters(note, folded):  # 'refined by教育': the model's stray tokens
            change.refused.append((note, "letters in a script the passage does not use"))
        elif (
            line.cut
            or _ends_inside_a_word(note, folded)
            or _no_room_for_the_next_word(note, folded)
        ):
            change.refused.append((note, "cut off at the note's length: a copied sentence"))
        elif _cut_from_a_sentence(note, folded, names):
            change.refused.append((note, "a piece of a sentence"))
        elif (
            len(said) < 2
            or all(w in self.book.name_words for w in said)
            or alias_kind(re.sub(r"^(?:the|a|an) ", "", note.strip())) == "name"
        ):
            # 'person; also Darcy', or only a name ('Elizabeth Bennet', 'the Redheaded League'
            # on Holmes)
            change.refused.append((note, "says nothing beyond a name"))
        elif record.type != "person" and any(
            is_person_noun(w) for w in words(note)[:4]
        ):  # 'Elizabeth's aunt' on Lambton
            change.refused.append((note, "a person's note on a place or thing"))
        elif why := not_a_description(
            note, names, self.book.name_words, person=record.type == "person"
        ):
            change.refused.append((note, why))
        elif self._opens_on_another(record, note):
            change.refused.append((note, "a sentence about someone else"))
        elif self._strangers_relation(record, note):
            change.refused.append((note, "a stranger's relation to one of the family"))
        elif (head := _capitalised_head(note)) and fold(head) not in {
            w for n in names for w in words(n)
        }:  # 'the old Crab who tells Alice a lesson' on the Lory
            change.refused.append((note, f"a description of {head}"))
        elif done_by_another(note, names, text, self.book.name_words):
            change.refused.append((note, "what someone else did"))
        elif not grounded(note, names, folded, self.book.name_words):
            change.ungrounded.append(note)
        elif _LIST_LINE.search(note) or fold(note) in self.notes:
            # a line of the list copied back, or a note another record already has: a copied
            # note describes nobody in particular
            change.refused.append((note, "a copied note"))
        elif note not in record.descriptions:
            self.notes.add(fold(note))
            record.descriptions[note] = change.seq
            change.new_descriptions.append((record.id, note))

    def _strangers_relation(self, record: EntityRecord, note: str) -> bool:
        """Whether a note calls the record a stranger's relation ('friend', 'neighbour'…) of
        someone whose record shares its surname, one of the family: "Elizabeth's friend" of
        Jane, both Bennets by their full names. What the family are to each other, the names
        cannot tell; that they are more than friends, they can."""
        match = _STRANGERS_RELATION.match(note.strip())
        other = self.records.get(self.owner.get(fold(match.group(1)), -1)) if match else None
        if other is None or other is record:
            return False
        surnames = [
            {n.split()[-1] for n in r.names() if len(core(n)) >= 2} for r in (record, other)
        ]
        return bool(surnames[0] & surnames[1])

    def _opens_on_another(self, record: EntityRecord, note: str) -> bool:
        """Whether a note opens on a name that is another's — another record owns it, or it
        is in a cluster of names not the record's: 'Wickham had constant admission to the
        house' on Lydia Wickham, whose names hold the word only inside her full name;
        'Raskolnikov went out' on Pulcheria Raskolnikov; 'the General summoned him' on the
        Baron."""
        note = note.strip()
        start = len("the ") if note.startswith("the ") else 0  # a title as a name: 'the General'
        opening = _NAME_RUN.match(note, start)
        if opening is None:
            return False
        key = fold(note[: opening.end()])
        owner, cluster = self.owner.get(key), self.book.cluster_of.get(key)
        return (owner is not None and owner != record.id) or (
            cluster is not None and cluster not in record.clusters
        )

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
        text = self.book.texts[seq]
        for name, owner in self.loose_names.items():
            if _occurs_as_name(name, text):
                change.link(seq, owner)

    def _merge_said(self, seq: int, change: Change) -> None:
        """Two names of the passage become one record where the passage says they are one
        person's (:func:`said_to_be`: 'Miss Hamilton, now Mrs. Smith'), unless a title, the
        text's pronouns or a shared surname forbids it (the older record stays)."""
        if not on(rules.SAID_TO_BE):
            return
        text = self.book.texts[seq]
        named = [(c, v) for c, v in self.book.mentions.get(seq, []) if c in self.by_cluster]
        for (a, x), (b, y) in itertools.combinations(named, 2):
            first, second = self.records[self.by_cluster[a]], self.records[self.by_cluster[b]]
            if (
                first is not second
                and {first.type, second.type} <= {"person", "other"}
                and said_to_be(x, y, text)
                # the text's own words outweigh the table's guess that both are given names
                and conflict(first.names(), second.names()) in ("", "different given names")
            ):
                gone, into = sorted((first, second), key=lambda r: r.id, reverse=True)
                decided(rules.SAID_TO_BE)
                self._merge(gone, into, seq, change)

    def _merge_one_of_the_name(
        self, first: int, second: int, rule: Rule, seq: int, change: Change
    ) -> None:
        """The records of two clusters :attr:`BookText.one_of_the_name` pairs, both read, become
        one where the text licenses it (the older record stays)."""
        a = self.records.get(self.by_cluster.get(first, -1))
        b = self.records.get(self.by_cluster.get(second, -1))
        if (
            a is not None
            and b is not None
            and a is not b
            and {a.type, b.type} <= {"person", "other"}
            and not conflict(a.names(), b.names())
        ):
            gone, into = sorted((a, b), key=lambda r: r.id, reverse=True)
            decided(rule)
            self._merge(gone, into, seq, change)

    def _merge_diminutive(
        self, record: EntityRecord, variant: str, seq: int, change: Change
    ) -> None:
        """A full name new in a record makes it one with the record of the same surname after
        the familiar form of the given name, or the formal one (:meth:`_familiar_owner`). The
        older record stays."""
        other = self._familiar_owner([variant], record.id) if on(rules.FAMILIAR_FULL_NAME) else None
        if other is None or other.id == record.id or conflict(record.names(), other.names()):
            return
        gone, into = sorted((record, other), key=lambda r: r.id, reverse=True)
        decided(rules.FAMILIAR_FULL_NAME)
        self._merge(gone, into, seq, change)

    def _familiar_owner(self, variants: Sequence[str], exclude: int = -1) -> EntityRecord | None:
        """The one person read so far whose full name has a variant's surname after the
        familiar form of its given name, or the formal one, by the nickname tables ('Charley
        Tolland' and 'Charles Tolland'; 'Sonia Marmeladov' and 'Sofya Semyonovna Marmeladov'),
        when neither carries a title: a father is 'Mr. Thomas Bertram' or 'Sir Thomas', his
        son 'Tom Bertram', and a diminutive of more than :data:`NICKNAME_SENSES` names says
        nothing ('Lee')."""
        own = [(n, v.split()[0]) for v in variants if len(n := core(v)) >= 2]
        found = {
            other.id
            for other in self.records.values()
            if other.id != exclude and other.type == "person"
            for name, title in own
            for theirs in other.names()
            if len(their := core(theirs)) >= 2
            and their[-1] == name[-1]
            and title == name[0]
            and theirs.split()[0] == their[0]
            and _familiar(their[0], name[0])
        }
        return self.records[found.pop()] if len(found) == 1 else None

    def _merge(self, gone: EntityRecord, into: EntityRecord, seq: int, change: Change) -> None:
        """Two records are one person from ``seq`` on: ``gone``'s names, clusters, notes and
        links become ``into``'s, stamped ``seq``, since that is when it became known; ``gone``
        stays in the store for a reader before ``seq``."""
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

    def _retype(self, seq: int, change: Change) -> None:
        """A record's type was fixed in the passage that first named it, often before the text
        had said what it is. A place or a record of no particular type becomes a family once
        its name is the plural of a known surname after 'the' ('at the Svidrigaïlovs’', met
        before 'Mr. Svidrigaïlov'). One of no particular type becomes a person once a name of it
        has a title, it speaks ('Watson' met before 'Dr. Watson') or the text says 'who' of it
        ('Peterson, who'), or a place once the text read so far speaks of it as one: at least
        :data:`PLACE_USES` uses, half of them after 'at', 'in', 'to', 'from'… ('to Netherfield',
        'at Meryton'; not 'excuses to Pratt', 'at Michaelmas' seen twice). A person by a guess
        alone — a given name, or the model's word — becomes a place by the same count after
        'at', 'in', 'near'… ('Kent' is a given name, and a county: 'in Kent'; 'introduced me to
        Hortense' is no place). A place that speaks is a person: 'said to the Knave' three
        times made a place of him before 'said the Knave'."""
        for cluster in dict.fromkeys(c for c, _ in self.book.mentions.get(seq, [])):
            record_id = self.by_cluster.get(cluster)
            record = None if record_id is None else self.records[record_id]
            variants = [v for v, at in self.book.clusters[cluster].variants.items() if at <= seq]
            gender_of = self.book.clusters[cluster].gender
            here = [self.book.texts[seq]]
            if (
                record is not None
                and record.type in ("place", "other")
                and on(rules.A_FAMILY)
                # 'at the Svidrigaïlovs’' was a place until 'Mr. Svidrigaïlov' came
                and all(is_family(v, self._known_names(), here) for v in variants)
            ):
                record.type = _typed(rules.A_FAMILY, "organization")
                change.retyped.append((record.id, "organization"))
                continue
            if (
                record is not None
                and record.type != "other"
                and record.id not in self.guessed
                and not (record.type == "place" and on(rules.SPEAKS) and speaks(variants, here))
            ):
                continue  # settled: a person's or a place's uses need no more counting
            shown = record is not None and self._shown_a_person(variants, gender_of, here)
            if record is not None and shown:
                self._settle(record, "person", change, shown)
                continue
            guessed = record is not None and record.id in self.guessed
            near, found = locative_uses(
                variants, self.book.texts[seq], IN_A_PLACE if guessed else LOCATIVE
            )
            before = self.uses.get(cluster, (0, 0))
            near, found = before[0] + near, before[1] + found
            self.uses[cluster] = (near, found)
            rule = rules.IN_A_PLACE if guessed else rules.USED_AS_A_PLACE
            if record is not None and found >= PLACE_USES and near * 2 >= found and on(rule):
                self._settle(record, "place", change, rule)

    @staticmethod
    def _shown_a_person(variants: Sequence[str], gender: str, here: list[str]) -> Rule | None:
        """The rule by which the passage ``here`` shows a person of a record of no particular
        type or a guess: a title or a gendered name, speaking, 'who'."""
        if on(rules.A_PERSONS_NAME) and _a_persons_names(variants, gender):
            return rules.A_PERSONS_NAME
        if on(rules.SPEAKS) and speaks(variants, here):
            return rules.SPEAKS
        if on(rules.CALLED_WHO) and called_who(variants, here):
            return rules.CALLED_WHO
        return None

    def _settle(
        self, record: EntityRecord, kind: str, change: Change, rule: Rule | None = None
    ) -> None:
        """The text has shown what the record is: no longer a guess, and retyped if need be
        (a decision of ``rule``)."""
        self.guessed.discard(record.id)
        if record.type != kind:
            if rule is not None:
                decided(rule)
            record.type = kind
            change.retyped.append((record.id, kind))

    def _role_word(self, alias: str) -> bool:
        """Whether a description was proposed for so many records that it identifies nobody."""
        key = fold(alias)
        claimed = self.claimed.get(key, set()) | self.holders.get(key, set())
        return len(claimed) >= ROLE_WORD_HOLDERS


_STRANGERS_RELATION = re.compile(
    r"(?:(?:the|a|an) )?((?:[A-Z][\w.]*\s)*[A-Z][\w]*)[’']s (?:\w+ )?"
    r"(?:friend|acquaintance|neighbou?r|companion|admirer|guest|visitor)\b"
)
PLACE_USES = 3
COPY_WORDS = 6  # the passage's words a note may end on before it is a copy cut short
KIN_REACH = 4  # words between a kinship word and the name it relates to: 'sister of Elizabeth'
_LIST_LINE = re.compile(r"\((?:person|place|organization|object|other|new)\b")


def _capitalised_head(phrase: str) -> str:
    """The name a descriptive phrase is about, where it writes its head noun as one: the last
    of the capitalised words right after the article and at most two lowercase adjectives
    ('Rabbit' of 'the White Rabbit', 'Crab' of 'the old Crab who tells Alice a lesson'; not
    'Darcy' of 'the property owned by Mr. Darcy'), or ''."""
    match = _NAMED_HEAD.match(phrase.strip())
    if match is None or set(match.group(1).split()) & _LINKS:
        return ""
    head = match.group(2).split()[-1]
    return "" if _POSSESSIVE_END.search(head) else head  # 'the Duchess's daughter': a daughter


_NAMED_HEAD = re.compile(
    r"(?i:the|an?)\s+((?:[a-z]+\s+){0,2})"  # the article, at most two lowercase words
    r"([A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*)"  # the capitalised words after them
)
_POSSESSIVE_END = re.compile(r"(?:[’']s|s[’'])$")
# words that end the adjectives before a head noun: 'the place where Anne is staying'
_LINKS = {"of", "by", "to", "in", "at", "from", "with", "for", "on", "and", "or", "who",
          "whom", "whose", "which", "that", "where", "when", "is", "was", "are", "were",
          "has", "had"}  # fmt: skip


def _names_another(line: Line, listed: dict[int, Candidate]) -> str:
    """The other entity a numbered line names where its aliases go, or '': the model numbered
    its lines, not its entities ('2 | + Admiral Croft | a rear admiral of the white', where 2
    is Sir Walter Elliot), and whom such a line is about, no rule can tell."""
    if line.number is None or line.number not in listed:
        return ""
    own = fold(listed[line.number].name)
    others = {fold(c.name): c.name for n, c in listed.items() if n != line.number}
    for alias in line.aliases:
        bare = alias.lstrip("+").strip()
        # 'the Rabbit' for entry 2, Bill, where 3 is 'Rabbit'
        forms = [fold(bare), fold(re.sub(r"(?i)^the ", "", bare))]
        named = [others[f] for f in forms if f in others]
        if own not in forms and (alias.startswith("+") or named):
            return named[0] if named else bare
    return ""


def _a_persons_names(variants: Sequence[str], cluster_gender: str) -> bool:
    """Names only a person has: gendered ('Mrs. Bennet', 'Avdotya Romanovna') or titled, a
    neutral title too ('Dr. Watson'; not a saint's 'St. Petersburg')."""
    return bool(cluster_gender) or any(
        gender(v) or (v.split()[0] in HONORIFICS and v.split()[0].rstrip(".") not in SAINTS)
        for v in variants
    )


def _typed(rule: Rule, kind: str) -> str:
    """``kind``, a decision of ``rule``."""
    decided(rule)
    return kind


def _by_patronymic(name: str) -> str:
    """'f' for 'Pulcheria Alexandrovna Raskolnikov', 'm' for 'Andrey Semyonovitch': the gender
    of a name with a patronymic (or a woman's surname ending) and no title; else ''."""
    return gender(name) if name.split()[0] not in HONORIFICS and len(core(name)) >= 2 else ""


def _bearing(names: Sequence[str], surname: str) -> list[str]:
    """Those of ``names`` that end in ``surname``: not 'Alan' of 'Alan Campbell'."""
    return [n for n in names if core(n)[-1:] == [surname]]


def _full_name(name: str, surname: str) -> bool:
    """A given name and ``surname`` ('George Wickham'), not a plural title ('Captains
    Wentworth')."""
    own = core(name)
    return len(own) >= 2 and own[-1] == surname and own[0].removesuffix("s") not in HONORIFICS


def _realm_or_saint(name: str) -> bool:
    """'the Duke of Berwick', 'St. Paul': a realm's or a saint's name, no family's."""
    tokens = name.split()
    return "of" in tokens or any(t.rstrip(".") in SAINTS for t in tokens)


def _wife(name: str) -> bool:
    """'Mrs. Charles Musgrove': a wife named by her husband's full name."""
    own = core(name)
    return name.split()[0] in ("Mrs", "Mrs.") and len(own) >= 2 and is_given_name(own[0])


def _given_name(name: str) -> str | None:
    """The first name word of a name with no title or one a book drops ('Elizabeth Bennet',
    'Miss Lizzy'); None after any other ('St. James', 'King James', 'Mr. Darcy')."""
    given, title = core(name), name.split()[0].rstrip(".")
    return given[0] if given and (title == given[0] or title in DROPPED_TITLES) else None


def _definite(note: str) -> bool:
    """Whether a note is only a definite description ('the painter', 'the old woman'): the
    way a reader refers to someone, not something said of them ('heard their father') nor a
    name after 'the' ('the Redheaded League')."""
    first, *rest = note.split() or [""]
    return first == "the" and alias_kind(note) == "descriptive" and all(w.islower() for w in rest)


def _shortens(nick: str, full: str, senses: int = NICKNAME_SENSES, *, russian: bool = True) -> bool:
    """Whether the table lists ``nick`` as a diminutive of ``full`` and of at most ``senses``
    full names in all (the Russian table only when ``russian``: see RUSSIAN_DIMINUTIVES)."""
    return is_diminutive(nick, full, russian=russian) and len(names_it_shortens(nick)) <= senses


def _familiar(a: str, b: str) -> bool:
    """Whether one given name is the other's familiar form by a nickname table, the
    diminutive of at most :data:`NICKNAME_SENSES` names ('Charley', 'Charles'; 'Sonia', 'Sofya')."""
    return _shortens(a, b) or _shortens(b, a) or russian_pair(a, b)


def russian_pair(a: str, b: str) -> bool:
    """Whether one given name is the other's Russian diminutive ('Sonia', 'Sofya')."""
    return any(
        x.lower() in nicks.split() and y.lower() in full.split("/")
        for x, y in ((a, b), (b, a))
        for full, nicks in RUSSIAN_DIMINUTIVES.items()
    )


def other_kind(record: str, line: str) -> bool:
    """Whether an answer's line gives the record a type it does not have — a person, a place,
    an organization and an object are four kinds of thing. The model numbered a line about
    something else in the passage ('3 place | drawing-room' on Mrs. Bennet, '12 object | the
    church' on Pemberley): neither its names nor its note are the record's."""
    return "other" not in (record, line) and "" not in (record, line) and record != line


def _type(name: str, proposed: str) -> str:
    if name and gender(name):
        return "person"  # a place or an object never takes a person's name
    return proposed or "other"


def _bm25(records: Sequence[EntityRecord], text: str) -> list[EntityRecord]:
    if not records:
        return []
    from rank_bm25 import BM25Okapi

    bm25 = BM25Okapi([words(r.search_text()) or ["∅"] for r in records])
    scores = bm25.get_scores(words(text))
    ranked = sorted(range(len(records)), key=lambda i: (-scores[i], records[i].id))
    return [records[i] for i in ranked if scores[i] > 0]


def said_once(note: str) -> str:
    """A note whose parts the model repeated, each part once: 'widow of Sir Lewis de Bourgh,
    widow of Sir Lewis de Bourgh' → 'widow of Sir Lewis de Bourgh'."""
    parts = [part.strip() for part in note.split(",")]
    once = [part for i, part in enumerate(parts) if fold(part) not in map(fold, parts[:i])]
    return ", ".join(once) if len(once) < len(parts) else note


def supported(description: str, folded_chunk: str, names: Iterable[str] = ()) -> bool:
    """Notes are low-trust: keep one only when two thirds of its content words (beyond the
    record's own names) occur in a sentence that names the record, or the sentence after it
    (anywhere in the chunk when no name is given). That drops what a small model brings from
    outside the text and what it assembles from words strewn over the passage ('Elizabeth's
    husband' of Bingley, in the first chapters)."""
    names = [fold(n) for n in names]
    said = set(_said(description, names))
    if not said:
        return False
    sentences = SENTENCE.findall(folded_chunk) or [folded_chunk]
    spans = [
        " ".join(sentences[i : i + 2])
        for i, sentence in enumerate(sentences)
        if any(_occurs(n, sentence) for n in names)
    ] or ([] if names else [folded_chunk])
    return any(len(said & set(words(span))) * 3 >= len(said) * 2 for span in spans)


_SPEAKER = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you",
            "your", "yours", "yourself", "yourselves"}  # fmt: skip
_CONTINUING = {"and", "but", "or", "nor", "which", "who", "whom", "whose", "that", "when",
               "while", "where", "whereas", "was", "were", "is", "has", "had", "did", "does",
               "do", "would", "could", "should", "will", "can", "might", "must", "shall", "de",
               "van", "von", "le", "la", "du"}  # fmt: skip
# A verb's '-ing' form opening a note continues a sentence ('watching Mary's progress through
# the stanzas', 'preparing to oblige the company'); a noun so spelled is a kind ('darling of').
_PARTICIPLE = re.compile(r"[a-z]{3,}ing$")
_UNFINISHED = {"the", "a", "an", "and", "or", "but", "of", "to", "in", "at", "on", "with", "by",
               "for", "from", "as", "that", "which", "who", "whom", "whose", "how", "he", "she",
               "they", "we", "i", "it", "his", "their", "its", "my", "was", "were", "had", "has",
               "is", "be", "been", "mr", "mrs", "miss", "some", "no", "not", "very", "so", "than",
               "more"}  # fmt: skip
_PRONOUNS = {"he", "she", "it", "they", "him", "her", "his", "them", "their"}  # whose? the note
_SENTENCE_BREAK = re.compile(rf"(?:{ABBREVIATION}\.|[!?;]) +\S")  # 'Mr. Darcy' breaks none
_ABOUT_THE_BOOK = re.compile(  # 'the main character of the story', 'a listener to the passage'
    r"\bcharacter (?:study|in the)\b|\b(?:main|minor|central|major) character\b"
    r"|\b(?:in|of|from|to) (?:the|this) (?:whole )?(?:story|novel|book|passage|text)\b"
    r"|\bnarrator\b",
    re.I,
)
_NAME_RUN = re.compile(r"(?:[A-Z][\w’'-]*\.?\s+)*[A-Z][\w’'-]*")


def not_a_description(
    note: str, names: Sequence[str], name_words: set[str], *, person: bool = True
) -> str:
    """Why a note is not something said *about* the record in a reader's voice ('' when it
    is): a speaker's words copied from a quotation ('a lady teasing him to give us a ball?'),
    a piece of a sentence ('and the two fourth with Maria Lucas', 'was once spoken of',
    'which the'), a person of the other gender ('one of Elizabeth's sisters' of Mr. Bingley,
    'the happy woman by whom he seated himself' of Wickham), a sentence about someone else,
    which begins with another's name ('Lizzy danced with her twice.' on Jane) or, on a
    ``person``, with another's thing ("Mr. Darcy's letter to Elizabeth" on Bingley; 'Elizabeth's
    sister' names a relation and stands, and so does 'Mr. Darcy's estate' on a place)."""
    tokens = re.findall(r"[\w’'-]+|[?!]", note)
    if {"?", "!"} & set(tokens) or note[:1] in "\"“‘'" or {t.casefold() for t in tokens} & _SPEAKER:
        return "a speaker's words, not a description"
    if tokens and (
        tokens[0] in _CONTINUING | _PRONOUNS
        or (_PARTICIPLE.fullmatch(tokens[0]) and tokens[1:2] != ["of"])
        or tokens[-1].casefold() in _UNFINISHED
        or note.rstrip()[-1] in ",;:—-"
        or _SENTENCE_BREAK.search(note)
    ):
        return "a piece of a sentence"
    if _ABOUT_THE_BOOK.search(note):
        return "about the book, not the record"
    if (
        person
        and len(tokens) > 2
        and tokens[0].casefold() in ("the", "a", "an")
        and _PARTICIPLE.fullmatch(tokens[1])
        and not is_person_noun(tokens[1])
        and tokens[2] == "of"
    ):  # 'the calling of Miss Pope' of Lady Metcalfe; 'the darling of the family' stands
        return "an act, not a description"
    own = _own_words(names)
    kin = next(  # the relation the note opens with: 'the youngest daughter of', 'X's sisters'
        (g for i, t in enumerate(tokens[:4]) if (g := noun_gender(t)) and (
            i == 0 or tokens[i - 1].casefold() not in _SPEAKER | {"her", "his", "their"})),
        "",
    )  # fmt: skip
    if kin and {gender(n) for n in names} - {"", kin}:
        return "a person of the other gender"
    subject = next((t for t in tokens if t not in HONORIFICS and f"{t}." not in HONORIFICS), "")
    name, possessive = re.subn(r"[’']s?$", "", subject)
    if (
        name[:1].isupper()
        and name.casefold() in name_words
        and name.casefold() not in own
        and (not possessive or (person and not is_person_noun(_possessed(note, subject))))
    ):
        return "a sentence about someone else"
    if _names_itself_later(note, names):
        return "a sentence about someone else"
    if _tells_what_happened(note, names):
        return "what happened, not a description"
    if _another_rank(tokens, names):
        return "a rank its title contradicts"
    if person and _a_place(note):
        return "a place, not a person"
    return ""


# Ranks a note may give its bearer ('a private officer in the regiment' of Colonel Forster).
_RANK_WORDS = {r.casefold().rstrip(".") for r in RANKS} | {"private", "corporal", "ensign",
               "midshipman", "commodore", "brigadier"}  # fmt: skip


def _another_rank(tokens: Sequence[str], names: Sequence[str]) -> bool:
    """Whether a note's opening words give its bearer a rank other than the one the record's
    name carries ('a private officer' of Colonel Forster; 'a rear admiral' of Admiral Croft
    stands). A record without a rank in its names takes any."""
    held = {w.casefold() for n in names for w in n.split()[:1]} & _RANK_WORDS
    given = {t.casefold() for t in tokens[:3]} & _RANK_WORDS
    return bool(held and given and not given & held)


def _tells_what_happened(note: str, names: Sequence[str]) -> bool:
    """Whether a note opens on the record's own name and goes on as a sentence of the story
    ('Elizabeth is walking with Bingley again', 'Jane and Elizabeth urge him so earnestly'),
    not as a description of who it is ('Mrs. Bennet is the mother of Elizabeth', 'Mr. Bennet
    is Elizabeth's father', 'Mrs. Bennet, who sent Lydia to Brighton'); after the name's
    possessive, a verb makes it a sentence ("Mrs. Bennet's schemes for this day were
    ineffectual")."""
    for name in sorted(names, key=len, reverse=True):
        rest = note[len(name) :]
        if note.casefold().startswith(name.casefold()) and not rest[:1].isalnum():
            if rest[:1] in "’'":  # "Mrs. Bennet's schemes for this day were ineffectual"
                return bool(_VERBS & {w.casefold() for w in words(rest)})
            return not _DESCRIBED.match(rest)
    return False


_DESCRIBED = re.compile(  # what follows the record's name in a description: an apposition,
    r"[’']|\s*,(?!\s*(?:but|and|or|so|yet|that|when|while|though|if|because|as|he|she|they|it|I"
    r"|we|you)\b)|\s+(?:is|was)\s+(?:a|an|the|one|another|his|her|their|its|[A-Z][\w-]*[’']s)\b"
)  # not a clause after the comma; a copula and a noun phrase; a possessive is another's relation


_COPULAS = {"is", "was", "are", "were", "be", "been", "seemed", "seems", "looked", "became",
            "appeared", "remained"}  # fmt: skip
_VERBS = _COPULAS | {"has", "had", "have", "did", "does", "would", "could", "will"}  # finite
_AUXILIARIES = _VERBS | {"having", "should", "do", "then", "also", "soon", "just", "now"}
_WHO_DID = re.compile(r"(?:the|a|an)\s+(?:[\w’'-]+,?\s+){0,3}?([\w-]+)\s+who\s+([\w’'-]+)", re.I)


def done_by_another(note: str, names: Sequence[str], text: str, name_words: set[str]) -> bool:
    """Whether a note saying what the record did ('the man who approached to claim Elizabeth's
    hand') takes a verb the passage only ever gives to someone else by name ('… and Darcy
    approached to claim her hand' of Wickham). Where the other is named in the note too, the
    note may say the same deed from the record's side ('the young man who eloped with Lydia':
    'Lydia had eloped with him'); where the record's own name or a pronoun does it, it stands,
    unless the pronoun is of the other gender than the note's noun ('the man who accepted
    Elizabeth's hand': '… she accepted him')."""
    match = _WHO_DID.match(note.strip())
    if not match or not is_person_noun(match.group(1)):
        return False
    verb = match.group(2).casefold()
    if verb in _AUXILIARIES:  # 'the man who was invited': whose deed the grammar does not say
        return False
    other = {"m": "she", "f": "he"}.get(noun_gender(match.group(1)), "")  # a pronoun not his/hers
    own, said = _own_words(names), {w.casefold() for w in words(note)}
    doers = []
    for found in re.finditer(rf"(?<![\w’'-]){re.escape(verb)}(?![\w’'-])", text, re.I):
        before = re.findall(r"[\w’'-]+|[^\w\s]", text[max(0, found.start() - 80) : found.start()])
        while before and (before[-1].casefold() in _AUXILIARIES or before[-1].endswith("ly")):
            before.pop()  # 'Lydia had eloped', 'Darcy suddenly approached'
        doers.append(before[-1] if before else "")
    return bool(doers) and all(
        doer.casefold() == other
        or (
            doer[:1].isupper()
            and doer.casefold() in name_words
            and doer.casefold() not in own | said
        )
        for doer in doers
    )


_PHRASE_END = {"of", "to", "in", "at", "on", "with", "by", "for", "from", "near", "and", "or",
               "but", "who", "whom", "whose", "which", "that", "as"}  # fmt: skip


def _possessed(note: str, possessive: str) -> str:
    """The noun a possessive opens onto: "Mr. Darcy's letter to Elizabeth" → 'letter',
    "Elizabeth's particular friend." → 'friend'."""
    return _phrase_head(note.split(possessive, 1)[1])


def _phrase_head(phrase: str) -> str:
    """The noun a phrase opens with, the last word before a preposition, a conjunction, a verb
    or a stop: 'the court jester who…' → 'jester', 'the hall, dining-room…' → 'hall'."""
    head = ""
    for token in re.findall(r"[\w’'-]+|[^\w\s]", phrase):
        if not token[0].isalnum() or token.casefold() in _PHRASE_END | _COPULAS:
            break
        head = token
    return head


_PLACE_HEADS = {w.casefold() for w in PLACE_NOUNS | STREETS}


def _a_place(note: str) -> bool:
    """Whether a note is a place's, its noun a lowercase word that ends a place's name: 'the
    hall, dining-room, and all its furniture' given to Mr. Collins, from "The hall, the
    dining-room, and all its furniture were examined and praised" (the dev book). 'The court
    jester' is a jester, and 'the Hill family' a family."""
    head = _phrase_head(re.sub(r"^(?:the|a|an)\s+", "", note.strip(), flags=re.I))
    return head.islower() and head.rsplit("-", 1)[-1] in _PLACE_HEADS


def _names_itself_later(note: str, names: Sequence[str]) -> bool:
    """Whether a note names its own record after its opening name: a note about Bingley does
    not say 'the man who introduced Bingley to the room', nor one about Lydia 'completely under
    Lydia's guidance' (that is Kitty)."""
    opening = _NAME_RUN.match(note)
    start = opening.end() if opening else 0
    return any(
        match.start() >= start
        for name in names
        for match in re.finditer(rf"(?<![\w.])(?<!Mr\. )(?<!Mrs\. ){re.escape(name)}(?!\w)", note)
    )


_KIN = {"father", "mother", "wife", "husband", "sister", "brother", "daughter", "son", "cousin",
        "uncle", "aunt", "niece", "nephew", "lover", "widow", "fiancé", "fiancée"}  # fmt: skip


_NOT_OTHERS = {fold(h).rstrip(".") for h in HONORIFICS} | STOP | {"the"}  # not a person's name


def grounded(note: str, names: Sequence[str], folded_chunk: str, name_words: set[str]) -> bool:
    """Whether the passage bears the note out: its words near the record's name
    (:func:`supported`), a kinship where it is stated, and no full name the passage never
    uses ('Elizabeth's sister, Georgiana Bennet')."""
    return (
        supported(note, folded_chunk, names)
        and _relation_stated(note, names, folded_chunk, name_words)
        and all(_occurs(fold(name), folded_chunk) for name in _full_names(note, name_words))
    )


def _relation_stated(
    note: str, names: Sequence[str], folded_chunk: str, name_words: set[str]
) -> bool:
    """A note that relates the record to someone by kinship ('Elizabeth's husband', 'the father
    of Jane') stands only where the passage says it: one of its sentences (with the next) holds
    a name of the record, and the kinship word stands within :data:`KIN_REACH` words of the
    other person's name ('Elizabeth's sister', 'the sister of Elizabeth', 'her sister,
    Elizabeth'). A small model pairs the wrong people ('the father of Jane and Bingley' of
    Darcy) and reads 'her brother' as the brother of whoever the sentence names."""
    said = words(note)
    kin = {w for w in said if w.removesuffix("s") in _KIN}
    own = _own_words(names)
    others = {w for w in said if w in name_words and w not in own | _NOT_OTHERS}
    if not kin or not others:
        return True
    sentences = SENTENCE.findall(folded_chunk) or [folded_chunk]
    for first in range(len(sentences)):
        span = " ".join(sentences[first : first + 2])
        if not any(_occurs(fold(n), span) for n in names):
            continue
        tokens = words(span)
        relations = [i for i, t in enumerate(tokens) if t in kin]
        related = {
            t
            for j, t in enumerate(tokens)
            if t in others and any(abs(i - j) <= KIN_REACH for i in relations)
        }
        if related == others:
            return True
    return False


def _ends_inside_a_word(note: str, folded_chunk: str) -> bool:
    """Whether the note stops inside a word of the passage it was copied from ('he had a
    pleasant counten')."""
    last = (words(note) or [""])[-1]
    cut = re.compile(rf"(?<!\w){re.escape(last)}\w")
    return bool(last) and not _occurs(last, folded_chunk) and bool(cut.search(folded_chunk))


def _no_room_for_the_next_word(note: str, folded_chunk: str) -> bool:
    """Whether the note ends on the passage's words up to where the next word would not have
    fitted in a note ('a frayed top-hat and a faded brown overcoat with a wrinkled', then
    'velvet'): the grammar's length cut a copy short. The copy may follow words of the model's
    own, six words or more of it ('Mlle. Blanche is a Frenchwoman of good birth who, living',
    then 'with'); fewer are a phrase the note shares with the passage ('the plain one in the
    family who worked hard for knowledge', of Mary, then 'and' in the passage)."""
    full = fold(note).rstrip()
    parts = full.split(" ")
    for start in range(max(1, len(parts) - COPY_WORDS + 1)):
        key = " ".join(parts[start:])
        for match in re.finditer(rf"(?<!\w){re.escape(key)} (\w+)", folded_chunk):
            if len(full) + 1 + len(match.group(1)) > MAX_NOTE:
                return True
    return False


def _cut_from_a_sentence(note: str, folded_chunk: str, names: Sequence[str]) -> bool:
    """Whether the note is the passage's words taken from inside a sentence: copied, for two
    words or more, from right after another word ('… at such a mode of passing the evening' →
    'mode of passing the evening'; "Lydia's being settled in the North" → 'settled in the
    North'; '… to the exclusion of all conversation, and was too much engrossed' →
    'conversation, and is too much engrossed'), opening on neither a determiner nor a kind of
    person ('young lady of deep reflection' of 'you are a young lady of deep reflection'
    describes Mary). What follows the record's own name or 'was' is said of it ('Mr. Bingley
    was good looking and gentleman-like')."""
    opening = words(note)[:2]
    if not opening or not note.lstrip()[:1].islower() or opening[0] in DETERMINERS:
        return False
    if any(is_person_noun(w) for w in opening):
        return False
    copied = fold(note).rstrip(".").split()
    starts: list[int] = []
    while len(copied) >= 2 and not starts:  # the longest opening copied from the passage
        pattern = r"\s+".join(re.escape(w) for w in copied)
        starts = [m.start() for m in re.finditer(rf"(?<!\w){pattern}", folded_chunk)]
        copied.pop()
    before = [re.search(r"(\w+)[’']?\s*$", folded_chunk[:i]) for i in starts]
    subject = _COPULAS | _own_words(names)
    return bool(starts) and all(b is not None and b.group(1) not in subject for b in before)


def _full_names(note: str, name_words: set[str]) -> list[str]:
    """The names of two or more name words in ``note`` ('Georgiana Bennet', 'Mr. Fitzwilliam
    Darcy'), without a possessive ending."""
    found = []
    for match in _NAME_RUN.finditer(note):
        name = re.sub(r"[’']s$", "", match.group())
        named = [w for w in re.findall(r"[\w’'-]+", name) if f"{w}." not in HONORIFICS]
        if len(named) >= 2 and all(w.casefold() in name_words for w in named):
            found.append(name)
    return found


def _own_words(names: Iterable[str]) -> set[str]:
    return {w for n in names for w in words(n)}


def _said(note: str, names: Iterable[str]) -> list[str]:
    """The note's content words beyond the record's own ``names``."""
    own = _own_words(names)
    return [w for w in content_words(note) if w not in own]


def _count(folded: str, folded_chunk: str) -> int:
    return len(re.findall(rf"(?<!\w){re.escape(folded)}(?!\w)", folded_chunk))


def _occurs(folded: str, folded_chunk: str) -> bool:
    if not folded:
        return False
    return re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", folded_chunk) is not None


_NAME_BEFORE = re.compile(r"[A-Z][\w’'-]*\.?\s$")


def _occurs_as_name(folded: str, text: str) -> bool:
    """Whether the name occurs in ``text`` as a whole name: 'Bennet' in 'Mr. Bennet' or in
    'Jane Bennet' is part of another name, not this one."""
    pattern = "".join(
        r"\s+" if ch == " " else "['’]" if ch == "'" else re.escape(ch) for ch in folded
    )
    for match in re.finditer(rf"(?<!\w){pattern}(?!\w)", text, re.IGNORECASE):
        before = text[max(0, match.start() - 30) : match.start()]
        after = text[match.end() : match.end() + 2]
        if not _NAME_BEFORE.search(before) and not re.match(r" [A-Z]", after):
            return True
    return False


def replay(
    book: BookText, answers: Iterable[tuple[int, list[Candidate], list[Line]]]
) -> tuple[Memory, list[Change]]:
    """Rebuild the memory from kept answers (chunk seq, the list it was given, its lines) under
    the current rules, with no model call; with the change each answer made."""
    memory = Memory(book)
    changes = [memory.apply(lines, roster, seq) for seq, roster, lines in answers]
    return memory, changes
