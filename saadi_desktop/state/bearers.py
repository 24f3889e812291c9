"""Who can bear a name, as the whole book's names tell it: the one daughter a 'Miss' and a
surname names, the one bearer of a surname used alone, the one holder of a title used alone.
Only the whole book can tell there is one, so this can only hold a join back; the join itself is
made where the text licenses it (:attr:`Bearers.licensed`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.dialogue import (
    named_twice,
)
from saadi_desktop.state.identity import (
    conflict,
    core,
    gender,
    pronoun_gender,
    pronoun_lean,
)
from saadi_desktop.state.names import (
    HONORIFICS,
    MISTER,
    NOT_NAMES,
    PARTICLES,
    SAINTS,
    SURNAME_TITLES,
    TITLES_OF,
    ends_in_a_place_noun,
    is_given_name,
    is_street,
    role_of,
)
from saadi_desktop.state.records import Cluster
from saadi_desktop.state.rulebook import Rule, on

UNMARRIED = {"Miss", "Mademoiselle", "Mlle.", "Mlle"}  # a daughter's titles
WIFE = {"Mrs.", "Mrs", "Madame", "Mme.", "Mme"}  # a married woman's titles


# the text speaks of several daughters of one name: 'the Miss Musgroves', 'the eldest Miss Bennet'
_SEVERAL_DAUGHTERS = (
    r"\b(?:Miss|Mlle\.?) (?:de )?{0}(?:s|es)\b|\b(?:Misses|Mlles\.?|Mesdemoiselles) (?:de )?{0}\b"
    r"|\b(?:two|three|four|five|both|other|elder|eldest|younger|youngest|second|third)"
    r" (?:Miss|Mlle\.?) (?:de )?{0}\b"
)


class Bearers:
    """The bearers of the book's names (a mixin over :class:`BookText`'s texts and names pass)."""

    texts: dict[int, str]  # chunk seq -> text
    clusters: dict[int, Cluster]
    mentions: dict[int, list[tuple[int, str]]]  # chunk seq -> (cluster, variant), most first
    chunks_of: dict[int, list[int]]  # cluster -> the chunks that name it
    _leans: dict[str, str]  # a given name -> the gender its pronouns lean to

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
            if on(rules.ELDEST_DAUGHTER):
                pair = self._one_daughter(surname) or self._eldest_daughter(surname)
                found += [(*pair, -1, rules.ELDEST_DAUGHTER)] if pair else []
            if on(rules.ONE_BEARER):
                found += [(*pair, rules.ONE_BEARER) for pair in self._one_bearer(surname)]
            for first, second, allowed, rule in found:
                at = max(allowed, *(self._read_with(c, surname) for c in (first, second)))
                pairs.setdefault(first, []).append((second, at, rule))
                pairs.setdefault(second, []).append((first, at, rule))
        for role, holder in self._role_holders() if on(rules.ONE_ROLE) else ():
            at = max(min(self.clusters[c].variants.values()) for c in (role, holder))
            pairs.setdefault(role, []).append((holder, at, rules.ONE_ROLE))
            pairs.setdefault(holder, []).append((role, at, rules.ONE_ROLE))
        return pairs

    def _role_holders(self) -> list[tuple[int, int]]:
        """(the cluster of a title used alone, the cluster of the one bearer of it whom the
        whole book names in more than one passage, and in the stretch of the book where the
        title is used alone): 'the Admiral' is Admiral Croft beside an Admiral Baldwin of one
        anecdote, 'the Baron' Baron Burmergelm beside a Baron Rothschild named only chapters
        before any 'the Baron'; two such bearers ('the Colonel' beside Colonel Forster and
        Colonel Fitzwilliam) leave the title alone."""
        found = []
        for cluster in self.clusters.values():
            roles = {role_of(v) for v in cluster.variants}
            if len(roles) != 1 or "" in roles:
                continue
            role, used = roles.pop(), self.chunks_of.get(cluster.id, [])
            if not used:
                continue
            bearers = [
                c.id
                for c in self.clusters.values()
                if c.id != cluster.id
                and any(core(v) and role_of(v.split()[0]) == role for v in c.variants)
                and len(named := self.chunks_of.get(c.id, [])) >= 2
                and any(used[0] <= seq <= used[-1] for seq in named)
            ]
            if len(bearers) == 1:
                found.append((cluster.id, bearers[0]))
        return found

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
                and self._lean(name[0]) != "m"  # 'Berry Hamilton … his house': no daughter
            ):
                daughters.setdefault(cluster.id, set()).add(name[0])
        return misses, daughters

    def _one_daughter(self, surname: str) -> tuple[int, int] | None:
        """(the cluster of 'Miss Bingley', that of the one daughter of the name the book
        writes out, :meth:`_daughters`), when the book never speaks of several daughters of
        the name ('the Miss Musgroves', 'the eldest Miss Bennet'): 'Miss' and a surname is the
        eldest unmarried daughter, and a book that names one daughter has one. None otherwise:
        for several, see :meth:`_eldest_daughter`. Two names the text gives one 'her' are one
        daughter. Beside another, a name of no known gender the
        book writes in one passage only is no second daughter ('the fate of Arthur Morstan'
        beside Mary)."""
        found = self._daughters(surname)
        if found is None:
            return None
        misses, daughters = found[0], set(found[1])
        daughters -= {  # one 'her' named twice is one daughter ('Daisy', 'Annie P. Miller')
            c for c in daughters if any(o < c and self._named_as_one(o, c) for o in daughters)
        }
        if len(daughters) > 1:
            daughters = {
                c
                for c in daughters
                if self.clusters[c].gender == "f" or len(self.chunks_of.get(c, [])) >= 2
            }
        if len(misses) != 1 or len(daughters) != 1 or misses == daughters:
            return None
        several = _SEVERAL_DAUGHTERS.format(re.escape(surname))
        if any(re.search(several, text) for text in self.texts.values()):
            return None
        return misses.pop(), daughters.pop()

    def _named_as_one(self, a: int, b: int) -> bool:
        """Whether a passage names one 'her' by a name of each cluster (:func:`named_twice`:
        'Her name is Daisy Miller! … Her real name is Annie P. Miller')."""
        shared = set(self.chunks_of.get(a, [])) & set(self.chunks_of.get(b, []))
        return any(
            named_twice(x, y, self.texts[seq])
            for seq in shared
            for x in self.clusters[a].variants
            for y in self.clusters[b].variants
        )

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
        titles_of = {c.id: {_title(v) for v in names[c.id]} - {""} for c in short}
        # 'Mrs. X' last: the man found to be 'Mr. X' ('George Wickham') is no woman of the name
        short.sort(key=lambda c: bool(titles_of[c.id]) and titles_of[c.id] <= WIFE)
        pairs: list[tuple[int, int, int]] = []
        husbands: set[int] = set()  # the men found to be 'Mr. X'
        for alone in short:
            titles = titles_of[alone.id]
            others = [c for c in bearers if c.id != alone.id]
            if (
                not titles
                and len(others) == 1
                and self._may_be(names[alone.id], names[others[0].id])
            ):
                pairs.append((alone.id, others[0].id, -1))  # 'Hill', 'Mrs. Hill'
                continue
            if titles and titles <= WIFE:
                wife = self._one_woman(
                    surname, alone.id, [c for c in bearers if c.id not in husbands]
                )
                if wife is not None:
                    pairs.append((alone.id, wife, -1))  # 'Mrs. Pontellier', 'Edna Pontellier'
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
            # a man of the name is one named in full by it: another 'Mr. Poirot' beside
            # 'Monsieur Poirot' says no more than they do
            men = {c.id: max(self._read_with(alone.id, surname), self._read_with(c.id, surname))
                   for c in others if c.id not in women
                   and any(_full_name(v, surname) for v in names[c.id])}  # fmt: skip
            # a man the text has titled otherwise by then is never 'Mr. X' ('Sir Walter Elliot');
            # one titled only later may have been ('Mr. Elliot' who would be 'Sir William')
            titled = {c: at for c, by in men.items() if (at := _titled_at(self.clusters[c])) <= by}
            rest = [self.clusters[c] for c in men if c not in titled]
            if len(rest) != 1:
                continue
            man = rest[0]
            licence = men[man.id]
            his = [v for v, at in man.variants.items() if at <= licence]
            male = bool(titles) or any(gender(v) == "m" for v in his) or man.gender == "m"
            # a woman of the name met with or after a titled man of it is his wife or daughter
            # ('Lady Elliot', 'Anne Elliot' beside 'Sir Walter'), no sign of another 'Mr. X'
            head = min(titled.values(), default=licence + 1)
            if (
                male
                and all(_title(v) in ("", *MISTER) for v in his)
                and any(_full_name(v, surname) for v in his)
                and not any(at <= licence and at < head for c, at in women.items() if c not in kin)
                and not conflict(names[alone.id], _bearing(his, surname))
            ):
                pairs.append((alone.id, man.id, max(kin.values(), default=-1)))
                husbands.add(man.id)
        return pairs

    def _one_woman(self, surname: str, alone: int, bearers: Sequence[Cluster]) -> int | None:
        """The cluster of the one woman the whole book names in full by ``surname`` ('Edna
        Pontellier'), as the married woman 'Mrs.' and the surname alone names (cluster
        ``alone``): when she is never 'Miss' of the name (a daughter: 'Miss Sibyl Vane' beside
        her mother 'Mrs. Vane'; 'Miss Lydia' may be 'Lydia Wickham'), is named by no patronymic
        (a Russian name tells no marriage), and no other woman of the name is named in full but
        a daughter, 'Miss' of it ('Miss Kitty Hamilton' beside her mother 'Fannie Hamilton'; a
        man may be: her husband; ``bearers`` leaves out the one found to be 'Mr.' of it)."""
        full = [
            c
            for c in bearers
            if c.id != alone
            and c.gender != "m"
            and not any(gender(v) == "m" or self._lean(core(v)[0]) == "m" for v in c.variants)
            and any(_full_name(v, surname) for v in c.variants)
        ]
        married = [c for c in full if not _unmarried(list(c.variants), surname)]
        if len(married) != 1:
            return None
        woman = married[0]
        names = list(woman.variants)
        if (
            any(_by_patronymic(v) for v in names)
            or not (
                woman.gender == "f"
                or any(self._lean(core(v)[0]) == "f" for v in names if _full_name(v, surname))
            )
            or conflict(self.clusters[alone].variants, _bearing(names, surname))
        ):
            return None
        return woman.id

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


def _by_patronymic(name: str) -> str:
    """'f' for 'Pulcheria Alexandrovna Raskolnikov', 'm' for 'Andrey Semyonovitch': the gender
    of a name with a patronymic (or a woman's surname ending) and no title; else ''."""
    return gender(name) if name.split()[0] not in HONORIFICS and len(core(name)) >= 2 else ""


def _title(name: str) -> str:
    """The word before a name's own ('Mr.' of 'Mr. Gray', 'Mrs.' of 'Mrs. Hill'), or "": a
    particle is the name's own ('De Griers' is untitled)."""
    first = name.split()[0]
    return "" if first in core(name)[:1] or first.lower() in PARTICLES else first


def _titled_at(cluster: Cluster) -> int:
    """The chunk where a cluster is first read with a title other than Mr. ('Sir Walter',
    'Captain Wentworth'), or a chunk past any."""
    return min(
        (at for v, at in cluster.variants.items()
         if v.split()[0] in HONORIFICS and v.split()[0] not in MISTER),
        default=1 << 30,
    )  # fmt: skip


def _bearing(names: Sequence[str], surname: str) -> list[str]:
    """Those of ``names`` that end in ``surname``: not 'Alan' of 'Alan Campbell'."""
    return [n for n in names if core(n)[-1:] == [surname]]


def _full_name(name: str, surname: str) -> bool:
    """A given name and ``surname`` ('George Wickham'), not a plural title ('Captains
    Wentworth') nor a word of address ('Papa Poirot')."""
    own = core(name)
    return (
        len(own) >= 2
        and own[-1] == surname
        and own[0].removesuffix("s") not in HONORIFICS
        and own[0] not in NOT_NAMES  # 'Papa Poirot'
    )


def _realm_or_saint(name: str) -> bool:
    """'the Duke of Berwick', 'St. Paul': a realm's or a saint's name, no family's."""
    tokens = name.split()
    return "of" in tokens or any(t.rstrip(".") in SAINTS for t in tokens)


def _wife(name: str) -> bool:
    """'Mrs. Charles Musgrove': a wife named by her husband's full name."""
    own = core(name)
    return name.split()[0] in ("Mrs", "Mrs.") and len(own) >= 2 and is_given_name(own[0])


def _unmarried(names: Sequence[str], surname: str) -> bool:
    """Whether a woman's names call her 'Miss' of ``surname``: a daughter of the name."""
    return any(v.split()[0] in UNMARRIED for v in _bearing(names, surname))
