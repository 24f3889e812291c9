"""Who is who with no model: the identity rules that join a cluster's record to another's — a
nickname, a surname and its one bearer, 'Miss' and the one daughter, a familiar full name, two
names the passage says are one — each checked against the cannot-link rule."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.dialogue import (
    answered_under,
    named_twice,
    said_to_be,
)
from saadi_desktop.state.given_names import (
    familiar_ending,
    is_diminutive,
    names_it_shortens,
)
from saadi_desktop.state.identity import (
    conflict,
    core,
)
from saadi_desktop.state.ledger import Ledger
from saadi_desktop.state.names import (
    DROPPED_TITLES,
    RUSSIAN_DIMINUTIVES,
)
from saadi_desktop.state.records import Change, EntityRecord
from saadi_desktop.state.rulebook import Rule, decided, on

NICKNAME_SENSES = 3  # a diminutive of more full names than this identifies no one by itself
ANSWERS = 2  # passages in which one name is called and the other answers, to join them


def given_name_of(name: str) -> str | None:
    """The first name word of a name with no title or one a book drops ('Elizabeth Bennet',
    'Miss Lizzy'); None after any other ('St. James', 'King James', 'Mr. Darcy')."""
    given, title = core(name), name.split()[0].rstrip(".")
    return given[0] if given and (title == given[0] or title in DROPPED_TITLES) else None


def shortens(nick: str, full: str, senses: int = NICKNAME_SENSES, *, russian: bool = True) -> bool:
    """Whether the table lists ``nick`` as a diminutive of ``full`` and of at most ``senses``
    full names in all (the Russian table only when ``russian``: see RUSSIAN_DIMINUTIVES)."""
    return is_diminutive(nick, full, russian=russian) and len(names_it_shortens(nick)) <= senses


def _familiar(a: str, b: str) -> bool:
    """Whether one given name is the other's familiar form by a nickname table ('Charley',
    'Charles'; 'Sonia', 'Sofya'), however many names the diminutive shortens: beside one
    surname, 'Frank' of four names is Francis ('Frank Oakley', 'Francis Oakley')."""
    return is_diminutive(a, b) or is_diminutive(b, a) or russian_pair(a, b)


def russian_pair(a: str, b: str) -> bool:
    """Whether one given name is the other's Russian diminutive ('Sonia', 'Sofya')."""
    return any(
        x.lower() in nicks.split() and y.lower() in full.split("/")
        for x, y in ((a, b), (b, a))
        for full, nicks in RUSSIAN_DIMINUTIVES.items()
    )


class Joins(Ledger):
    """The identity rules of :class:`Memory` (a mixin over its :class:`Ledger`)."""

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
            given = given_name_of(variant)
            if given is None:
                continue
            own = core(variant)
            for record in self.records.values():
                if len(own) == 1:  # 'Lizzy' of Elizabeth, 'Elizabeth' of a 'Lizzy'
                    related = any(
                        shortens(given, w, russian=False)
                        or shortens(w, given, senses=1, russian=False)
                        for w in filter(None, map(given_name_of, record.names()))
                    )
                else:  # a full name joins a shorter diminutive met alone ('Jem' of 'James
                    # Harthouse') in a record of no other surname ('Jane Merry', not 'Janey' Archer)
                    alone = [
                        g for n in record.names() if len(core(n)) == 1 and (g := given_name_of(n))
                    ]
                    related = not any(
                        len(theirs := core(n)) >= 2 and theirs[-1] != own[-1]
                        for n in record.names()
                    ) and any(
                        len(w) < len(given) and shortens(w, given, senses=1, russian=False)
                        for w in alone
                    )
                if related and not conflict(record.names(), variants):
                    found.add(record.id)
        return self.records[found.pop()] if len(found) == 1 else None

    def _ending_owner(self, cluster: int, variants: Sequence[str], seq: int) -> EntityRecord | None:
        """The one record with a one-word name that a one-word variant is with a familiar
        ending, or the other way round ('Kitty' of 'Kit', 'Skaggsy' of 'Skaggs'), when the
        book writes both in two passages at least and no title or gender keeps them apart:
        the table's guess that they are two given names gives way to the spelling. Only names
        read by chunk ``seq`` join; the passages are counted over the whole book, which can only
        hold the join back."""
        words = [v for v in variants if " " not in v]
        if not words or len(self.book.chunks_of.get(cluster, [])) < 2:
            return None
        found = {
            record.id
            for other, rid in self.by_cluster.items()
            if len(self.book.chunks_of.get(other, [])) >= 2
            and (record := self.records[rid]).type in ("person", "other")
            for name, at in self.book.clusters[other].variants.items()
            if at <= seq
            and " " not in name
            and any(familiar_ending(w, name) or familiar_ending(name, w) for w in words)
            and conflict(record.names(), variants) in ("", "different given names")
        }
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
            if other.id != exclude and other.type in ("person", "other")  # 'other': not yet typed
            for name, title in own
            for theirs in other.names()
            if len(their := core(theirs)) >= 2
            and their[-1] == name[-1]
            and title == name[0]
            and theirs.split()[0] == their[0]
            and _familiar(their[0], name[0])
        }
        return self.records[found.pop()] if len(found) == 1 else None

    def _merge_said(self, seq: int, change: Change) -> None:
        """Two names of the passage become one record where the passage says they are one
        person's (:func:`said_to_be`: 'Miss Hamilton, now Mrs. Smith'; :func:`named_twice`),
        unless a title, the text's pronouns or a shared surname forbids it (the older record
        stays)."""
        if not on(rules.SAID_TO_BE):
            return
        text = self.book.texts[seq]
        named = [(c, v) for c, v in self.book.mentions.get(seq, []) if c in self.by_cluster]
        for (a, x), (b, y) in itertools.combinations(named, 2):
            first, second = self.records[self.by_cluster[a]], self.records[self.by_cluster[b]]
            if first is second or not {first.type, second.type} <= {"person", "other"}:
                continue
            # the text's own words outweigh the table's guess that both are given names; one
            # 'her' named twice, that two given names of one surname are sisters
            allowed = ["", "different given names"]
            if named_twice(x, y, text):
                allowed.append("same surname, different given names")
            elif not said_to_be(x, y, text):
                continue
            if conflict(first.names(), second.names()) in allowed:
                decided(rules.SAID_TO_BE)
                self._merge(first, second, seq, change)

    def _merge_answered(self, seq: int, change: Change) -> None:
        """Two records become one once the text has, in :data:`ANSWERS` passages, called one by
        a name and had the next paragraph answer under the other (:func:`answered_under`), when
        one's given name is the other's familiar form by a table — however many people the
        table's diminutive may name ('Dounia' and 'Avdotya Romanovna'; 'Rodya' and Rodion
        Romanovitch Raskolnikov, who answers as 'Raskolnikov') — and the cannot-link rule
        allows it (the older record stays)."""
        if not on(rules.NICKNAME):
            return
        cluster_of = {v: c for c, v in self.book.mentions.get(seq, []) if c in self.by_cluster}
        for called, answering in answered_under(self.book.texts[seq], cluster_of):
            a, b = cluster_of[called], cluster_of[answering]
            first, second = self.records[self.by_cluster[a]], self.records[self.by_cluster[b]]
            passages = self.answered.setdefault((min(a, b), max(a, b)), set())
            passages.add(seq)
            if (
                first is not second
                and len(passages) >= ANSWERS
                and {first.type, second.type} <= {"person", "other"}
                and any(
                    _familiar(x, y)
                    for x in filter(None, map(given_name_of, first.names()))
                    for y in filter(None, map(given_name_of, second.names()))
                )
                and not conflict(first.names(), second.names())
            ):
                decided(rules.NICKNAME)
                self._merge(first, second, seq, change)

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
            decided(rule)
            self._merge(a, b, seq, change)

    def _merge_diminutive(
        self, record: EntityRecord, variant: str, seq: int, change: Change
    ) -> None:
        """A full name new in a record makes it one with the record of the same surname after
        the familiar form of the given name, or the formal one (:meth:`_familiar_owner`). The
        older record stays."""
        other = self._familiar_owner([variant], record.id) if on(rules.FAMILIAR_FULL_NAME) else None
        if other is None or other.id == record.id or conflict(record.names(), other.names()):
            return
        decided(rules.FAMILIAR_FULL_NAME)
        self._merge(record, other, seq, change)
