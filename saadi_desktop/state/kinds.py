"""Whether a record is a person, a place or a group, as the text read so far shows it: its
first type, and its retyping as the text says more."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.dialogue import (
    called_who,
    speaks,
)
from saadi_desktop.state.given_names import a_familiar_given_name
from saadi_desktop.state.identity import (
    core,
    gender,
    gender_of_votes,
    is_family,
    looks_like_place,
    pronoun_votes,
)
from saadi_desktop.state.ledger import Ledger
from saadi_desktop.state.names import (
    HONORIFICS,
    IN_A_PLACE,
    LOCATIVE,
    PLACE_NOUNS,
    SAINTS,
    TITLES_OF,
    ends_in_a_group_noun,
    ends_in_a_place_noun,
    is_a_creature,
    is_a_known_place,
    is_given_name,
    is_role_mention,
    is_street,
    locative_uses,
)
from saadi_desktop.state.records import Change, EntityRecord
from saadi_desktop.state.rulebook import Rule, decided, on

PLACE_USES = 3
PRONOUN_PLACES = 5  # a name the text genders is a person's if at most 1 use in 5 is a place's


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


def other_kind(record: str, line: str) -> bool:
    """Whether an answer's line gives the record a type it does not have — a person, a place,
    an organization and an object are four kinds of thing. The model numbered a line about
    something else in the passage ('3 place | drawing-room' on Mrs. Bennet, '12 object | the
    church' on Pemberley): neither its names nor its note are the record's."""
    return "other" not in (record, line) and "" not in (record, line) and record != line


def proposed_type(name: str, proposed: str) -> str:
    if name and gender(name):
        return "person"  # a place or an object never takes a person's name
    return proposed or "other"


class Kinds(Ledger):
    """The type rules of :class:`Memory` (a mixin over its :class:`Ledger`)."""

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
                is_given_name(w) or a_familiar_given_name(w)  # 'Mary', 'Maudie'
                for v in variants
                if v.split()[0].rstrip(".") not in SAINTS  # 'St. James': a church, a court
                and not ends_in_a_place_noun(v)  # 'Lucas Lodge': a house
                for w in core(v)[:1]
            )
        )
        if all(map(is_role_mention, variants)):  # 'the croupier': a role of the story
            return _typed(rules.A_ROLE_OF_THE_STORY, "person"), True
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
            if on(rules.PLACE_NOUN) and any(map(ends_in_a_group_noun, variants)):
                return _typed(rules.PLACE_NOUN, "organization"), False  # 'the Red-headed League'
            if on(rules.PLACE_NOUN) and any(map(is_a_known_place, variants)):
                return _typed(rules.PLACE_NOUN, "place"), False  # 'left London', 'the Thames'
            if on(rules.CALLED_WHO) and called_who(variants, read):
                return _typed(rules.CALLED_WHO, "person"), True  # 'by name Heintze, who…'
            if on(rules.A_GIVEN_NAME) and any(map(is_a_creature, variants)):
                return _typed(rules.A_GIVEN_NAME, "person"), False  # 'the Owl': by a guess
        return kind, shown

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
        owners: set[str] | None = None  # read once a passage needs them
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
                and not (
                    record.type == "place"
                    and (
                        (on(rules.SPEAKS) and speaks(variants, here))
                        or (on(rules.CALLED_WHO) and called_who(variants, here, whose=False))
                    )
                )
            ):
                continue  # settled: a person's or a place's uses need no more counting
            shown = record is not None and self._shown_a_person(variants, gender_of, here)
            if record is not None and shown:
                self._settle(record, "person", change, shown)
                continue
            guessed = record is not None and record.id in self.guessed
            if guessed:
                near, found = locative_uses(variants, self.book.texts[seq], IN_A_PLACE)
            else:
                owners = self._owners() if owners is None else owners
                near, found = locative_uses(variants, self.book.texts[seq], LOCATIVE, owners)
            before = self.uses.get(cluster, (0, 0))
            near, found = before[0] + near, before[1] + found
            self.uses[cluster] = (near, found)
            if (
                record is not None
                and found >= PLACE_USES
                and near * 2 >= found
                and on(rules.USED_AS_A_PLACE)
            ):
                self._settle(record, "place", change, rules.USED_AS_A_PLACE)
                continue
            if record is not None and record.type == "other" and on(rules.A_PERSONS_NAME):
                votes = self.pronouns.setdefault(cluster, Counter())
                for name in {" ".join(core(v)) for v in variants} - {""}:
                    votes.update(pronoun_votes(name, here))
                if gender_of_votes(votes) and self._seldom_a_place(cluster):
                    self._settle(record, "person", change, rules.A_PERSONS_NAME)  # 'Juliet … her'

    def _owners(self) -> set[str]:
        """The words before 'of' that make the name after it a place: a realm's title ('the
        Duke of Berwick'), a place noun ('the Castle of Chillon'), a name of a person the text
        has shown ('Bounderby of Coketown'; not 'the Passion of Christ')."""
        people = {
            word
            for record in self.records.values()
            if record.type == "person" and record.id not in self.guessed
            for name in record.names()
            for word in core(name)
        }
        return TITLES_OF | PLACE_NOUNS | people

    def _seldom_a_place(self, cluster: int) -> bool:
        """Whether the whole book puts the cluster's names after 'at', 'in', 'to', 'from'… in
        one use in :data:`PRONOUN_PLACES` at most, over :data:`PLACE_USES` uses at least, and
        as seldom after another capitalised word: a name the text also says 'she' after may
        still be a country ('to Italy') or end a place's name ('in New York', 'at Green
        Gables')."""
        near, found, tails = self.book.place_uses(cluster)
        return found >= PLACE_USES and max(near, tails) * PRONOUN_PLACES <= found

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

    def _placed_here(self, record: EntityRecord, seq: int) -> bool:
        """Whether a person by a guess alone (a given name, the model's word) is met in this
        passage as a place is: after 'in', 'near', 'into', 'through' ('into Kent'), as a person
        rarely is."""
        if record.id not in self.guessed:
            return False
        near, _ = locative_uses(self._names_read(record, seq), self.book.texts[seq], IN_A_PLACE)
        return near > 0
