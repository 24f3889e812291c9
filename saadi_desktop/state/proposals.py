"""The model's proposals for a record: an alias meets the identity rules, a note the description
checks (:mod:`notes`), and each is grounded in the passage first."""

from __future__ import annotations

import re

from saadi_desktop.state.answer import Line
from saadi_desktop.state.copies import (
    cut_from_a_sentence,
    ends_inside_a_word,
    no_room_for_the_next_word,
)
from saadi_desktop.state.dialogue import (
    in_apposition,
    stated_equivalent,
)
from saadi_desktop.state.identity import (
    alias_kind,
    conflict,
    core,
    fold,
    gender,
    head_noun,
    is_person_noun,
    refers,
)
from saadi_desktop.state.joins import given_name_of, shortens
from saadi_desktop.state.ledger import Ledger
from saadi_desktop.state.notes import (
    NAME_RUN,
    done_by_another,
    grounded,
    names_said,
    not_a_description,
    said_once,
)
from saadi_desktop.state.records import Candidate, Change, EntityRecord
from saadi_desktop.state.text import foreign_letters, occurs, words

NO_REFERENCE = "a piece of a phrase, not one the passage refers to anyone by"


_STRANGERS_RELATION = re.compile(
    r"(?:(?:the|a|an) )?((?:[A-Z][\w.]*\s)*[A-Z][\w]*)[’']s (?:\w+ )?"
    r"(?:friend|acquaintance|neighbou?r|companion|admirer|guest|visitor)\b"
)


LIST_LINE = re.compile(r"\((?:person|place|organization|object|other|new)\b")


def capitalised_head(phrase: str) -> str:
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


def names_another(line: Line, listed: dict[int, Candidate]) -> str:
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


def definite(note: str) -> bool:
    """Whether a note is only a definite description ('the painter', 'the old woman'): the
    way a reader refers to someone, not something said of them ('heard their father') nor a
    name after 'the' ('the Redheaded League')."""
    first, *rest = note.split() or [""]
    return first == "the" and alias_kind(note) == "descriptive" and all(w.islower() for w in rest)


class Proposals(Ledger):
    """How :class:`Memory` takes the model's proposals (a mixin over its :class:`Ledger`)."""

    def _propose(
        self, record: EntityRecord, alias: str, text: str, folded: str, seq: int, change: Change
    ) -> None:
        """The model says ``alias`` is another name of ``record``; the rules decide."""
        kind, key = alias_kind(alias), fold(alias)
        if kind is None:
            change.refused.append((alias, "not a name or a short noun phrase"))
            return
        if not occurs(key, folded):
            change.ungrounded.append(alias)
            return
        if key in record.forms():
            return
        cluster = self.book.cluster_of.get(key)
        if kind == "descriptive" and cluster is None:  # a cluster's 'the General' is a name
            named = self.book.cluster_of.get(fold(capitalised_head(alias)))
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
                    capitalised_head(alias)  # a name with its article: 'the White Rabbit'
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
            shortens(a, b) or shortens(b, a)
            for a in filter(None, map(given_name_of, record.names()))
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

    def _describe(
        self, record: EntityRecord, line: Line, text: str, folded: str, change: Change
    ) -> None:
        note = said_once(line.note)
        if not note:
            return
        names = [record.name, *record.aliases]
        said = names_said(note, names)
        if foreign_letters(note, folded):  # 'refined by教育': the model's stray tokens
            change.refused.append((note, "letters in a script the passage does not use"))
        elif (
            line.cut or ends_inside_a_word(note, folded) or no_room_for_the_next_word(note, folded)
        ):
            change.refused.append((note, "cut off at the note's length: a copied sentence"))
        elif cut_from_a_sentence(note, folded, names):
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
        elif (head := capitalised_head(note)) and fold(head) not in {
            w for n in names for w in words(n)
        }:  # 'the old Crab who tells Alice a lesson' on the Lory
            change.refused.append((note, f"a description of {head}"))
        elif done_by_another(note, names, text, self.book.name_words):
            change.refused.append((note, "what someone else did"))
        elif not grounded(note, names, folded, self.book.name_words):
            change.ungrounded.append(note)
        elif LIST_LINE.search(note) or fold(note) in self.notes:
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
        opening = NAME_RUN.match(note, start)
        if opening is None:
            return False
        key = fold(note[: opening.end()])
        owner, cluster = self.owner.get(key), self.book.cluster_of.get(key)
        return (owner is not None and owner != record.id) or (
            cluster is not None and cluster not in record.clusters
        )
