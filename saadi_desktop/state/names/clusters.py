"""Incremental clustering of name variants, chunk by chunk in reading order: a variant joins
the one cluster its words, title and gender fit, using only the variants seen so far."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.names.mentions import is_role_mention
from saadi_desktop.state.names.variants import (
    _address,
    _core,
    _gender,
    _honorific,
    _own_form,
    _realm,
    _words,
    ends_in_a_group_noun,
    ends_in_a_place_noun,
    is_street,
    locative_uses,
    role_of,
)
from saadi_desktop.state.names.vocabulary import (
    DROPPED_TITLES,
    FEMALE,
    GIVEN_NAME_TITLES,
    HONORIFICS,
    MISTER,
    RANKS,
    SAINTS,
    SURNAME_TITLES,
    TITLES_OF,
    is_given_name,
)
from saadi_desktop.state.rulebook import decided, on

Mention = tuple[int, int, str, int]  # chunk seq, cluster id, variant, count


@dataclass
class NameCluster:
    """One character (or place) as the names pass sees it: its variants with first positions."""

    id: int
    gender: str  # "m", "f" or ""
    variants: dict[str, int] = field(default_factory=dict)  # variant -> learned_at (chunk seq)
    mentions: Counter[str] = field(default_factory=Counter)

    @property
    def tokens(self) -> set[str]:
        """The name words of its variants; a wife's form of her husband's name has none of
        hers ('Charles' is not a name of Mrs. Charles Musgrove), a street none of its
        namesake's."""
        return {t for v in self.variants if not _own_form(v) for t in _core(v)}

    @property
    def display(self) -> str:
        """The longest of the most used variants: 'Elizabeth Bennet' over 'Elizabeth'."""
        best = max(self.mentions.values())
        common = [v for v, n in self.mentions.items() if n * 4 >= best]
        return max(common, key=lambda v: (len(_core(v)), self.mentions[v]))


class NamesPass:
    """Incremental clustering of name variants, chunk by chunk in reading order."""

    def __init__(self, surnames_of: Mapping[str, Collection[str]] | None = None) -> None:
        # given name → the words the whole book writes after it: 'Mr. James' is James
        # Windibank only in a book with no other James
        self.surnames_of = surnames_of or {}
        self.clusters: list[NameCluster] = []
        self._by_variant: dict[str, NameCluster] = {}
        self._locative: Counter[str] = Counter()  # uses of a variant after 'at', 'to'…
        self._used: Counter[str] = Counter()  # uses of a variant after any word

    def read(self, seq: int, variants: Sequence[str], text: str = "") -> list[NameCluster]:
        """Take the variants of chunk ``seq`` (whose text is ``text``); return the clusters
        it mentions."""
        touched: list[NameCluster] = []
        for variant in variants:
            cluster = self._by_variant.get(variant) or self._place(seq, variant)
            cluster.mentions[variant] += 1
            if cluster not in touched:
                touched.append(cluster)
        for variant in set(variants) if text else ():
            near, found = locative_uses([variant], text)
            self._locative[variant] += near
            self._used[variant] += found
        return touched

    def is_place(self, variant: str) -> bool:
        """Whether the text so far speaks of this name as of a place ('to London', 'at
        Longbourn'): at least two uses, half of them after 'at', 'in', 'to', 'from'…; or a
        street."""
        used, near = self._used[variant], self._locative[variant]
        return is_street(variant) or (used >= 2 and near * 2 >= used)

    def cluster_of(self, variant: str) -> NameCluster:
        return self._by_variant[variant]

    def split(self, variants: Sequence[str]) -> list[str]:
        """Two known names side by side ('from London Lydia came') are two mentions, not one
        name: a new run splits where both halves are known variants of different clusters and
        either the second half is a given name there, never a surname ('Elizabeth Bennet' stays
        whole, so does 'Sonia Marmeladov'), or the first half is a place and the second is not
        (no one's name begins with 'London'). Only the variants seen so far decide."""
        found: list[str] = []
        for variant in variants:
            words = variant.split()
            parts = [variant]
            for cut in range(1, len(words) if variant not in self._by_variant else 1):
                head, tail = " ".join(words[:cut]), " ".join(words[cut:])
                first, second = self._by_variant.get(head), self._by_variant.get(tail)
                place = self.is_place(head) and not self.is_place(tail)
                if first and second and first is not second and (place or _given(tail, second)):
                    if on(rules.SIDE_BY_SIDE):
                        decided(rules.SIDE_BY_SIDE)
                        parts = [head, tail]
                    break
            found.extend(parts)
        return found

    def _place(self, seq: int, variant: str) -> NameCluster:
        cluster = self._match(variant) or self._new(variant)
        cluster.variants[variant] = seq
        cluster.gender = cluster.gender or _gender(variant)
        self._by_variant[variant] = cluster
        return cluster

    def _new(self, variant: str) -> NameCluster:
        cluster = NameCluster(len(self.clusters), _gender(variant))
        self.clusters.append(cluster)
        return cluster

    def _match(self, variant: str) -> NameCluster | None:
        """The one existing cluster this variant names, or None when none or several fit."""
        if is_role_mention(variant):
            return None  # 'the croupier' is someone of his own, met once his own variant is read
        core, gender, honorific = _core(variant), _gender(variant), _honorific(variant)
        clusters = [c for c in self.clusters if not any(map(is_role_mention, c.variants))]
        if on(rules.PLACE_AND_PERSON):
            kept = [c for c in clusters if not _place_and_person(variant, c)]
            decided(rules.PLACE_AND_PERSON, len(kept) < len(clusters))
            clusters = kept
        if on(rules.TITLE_HOLDERS) and (same := _title_holders(variant, clusters)):
            return _one(rules.TITLE_HOLDERS, same)
        if role := role_of(variant):
            # 'the General' and 'General', 'Grandmamma' and 'Grandmother' are one person; a
            # role never joins a named cluster ('General Perovski' may be another general).
            same = [c for c in clusters if any(role_of(v) == role for v in c.variants)]
            return _one(rules.ONE_ROLE, same) if on(rules.ONE_ROLE) else None
        if not core:
            return None
        if _own_form(variant) and on(rules.OWN_FORM):
            decided(rules.OWN_FORM)
            return None  # only the same form is the same woman, the same street
        if honorific and len(core) == 1:
            return self._titled(variant, clusters)
        words = set(core)
        fits = [
            c
            for c in clusters
            if (_fits(words, core, c) or _same_rank(variant, c))
            and c.gender in ("", gender or c.gender)
            and not (variant == core[0] and _a_womans_title_only(c))
        ]
        if on(rules.A_TITLE_THAT_STAYS):
            kept = [c for c in fits if not any(_apart(variant, v) for v in c.variants)]
            decided(rules.A_TITLE_THAT_STAYS, len(fits) - len(kept))
            fits = kept
        if len(fits) > 1 and len(words) == 1 and on(rules.A_SURNAME_IS_THE_MAN):
            # A bare surname among a family: the one cluster addressed by it with a male
            # honorific ('Bennet' → Mr. Bennet) is the customary referent.
            men = [c for c in fits if c.gender == "m" and any(_core(v) == core for v in c.variants)]
            return _one(rules.A_SURNAME_IS_THE_MAN, men)
        if len(fits) == 1 and not _fits(words, core, fits[0]):
            return _one(rules.ONE_RANK, fits)
        return _one(rules.SHORTER_OR_FULLER, fits)

    def _titled(self, variant: str, clusters: list[NameCluster]) -> NameCluster | None:
        """The one cluster a title and one name join ('Mrs. Bennet', 'Sir William', 'Mr.
        Bingley', 'Captain Wentworth'), or None."""
        core, gender, honorific = _core(variant), _gender(variant), _honorific(variant)
        # 'Mrs. Bennet' must not join 'Elizabeth Bennet' nor 'Miss Bennet': an honorific and
        # a surname join only a cluster already addressed exactly that way (or by a
        # kinship title that goes with it: 'Aunt Philips' is Mrs. Philips).
        address = _address(variant)
        same = [c for c in clusters if any(
            _address(v) == address and _core(v) == core for v in c.variants)]  # fmt: skip
        same = same if on(rules.SAME_ADDRESS) else []
        rule = rules.SAME_ADDRESS
        if not same and not _surname_only(variant) and on(rules.A_TITLE_DROPPED):
            # a title and a given name: the one cluster using that given name with the same
            # title ('Lady Anne' of 'Lady Anne Darcy') or, for a title a book drops, bare
            # ('Sir William' of 'William', 'Miss Lydia' of 'Lydia Bennet')
            dropped = {honorific, ""} if honorific in DROPPED_TITLES else {honorific}
            same = [
                c
                for c in clusters
                if c.gender in ("", gender)
                and any(_core(v)[:1] == core and _honorific(v) in dropped for v in c.variants)
            ]
            if any(_surname_in(core[0], c) for c in clusters):
                same = []  # a surname of the book's ('Berry Hamilton'): 'Miss Hamilton' is his kin
            rule = rules.A_TITLE_DROPPED
        elif (
            not same
            and honorific in MISTER
            and is_given_name(core[0])
            and len(self.surnames_of.get(core[0], ())) == 1
            and on(rules.A_TITLE_DROPPED)
        ):
            # 'Mr.' before a word the book writes only as a given name, and before one surname
            # only, is a young man's or a servant's address by it: 'Mr. Thaddeus' is Thaddeus
            # Sholto
            same = [c for c in clusters if c.gender in ("", "m") and _given(core[0], c)]
            if any(_surname_in(core[0], c) for c in clusters) or any(
                core[0] in c.variants for c in clusters if c not in same
            ):
                same = []  # a surname too, or a 'Tom' apart from 'Tom Gradgrind': two Toms
            rule = rules.A_TITLE_DROPPED
        # A bare surname ('Bingley') customarily names the man: 'Mr. Bingley' or 'Dr.
        # Watson' joins it, alone or as the surname of a man never given another title
        # ('Mr. Holmes' of 'Mr. Sherlock Holmes', 'Holmes'; not 'Mr. Elliot' of 'Sir Walter
        # Elliot', 'Elliot', nor 'Mr. John' of 'Mr. John Hare', 'John').
        bare = [
            c
            for c in clusters
            if core[0] in c.variants
            and gender in ("m", "")
            and (
                (set(c.variants) == {core[0]} and (gender or honorific in SURNAME_TITLES))
                or (
                    honorific in SURNAME_TITLES
                    and c.gender == "m"
                    and all(_honorific(v) in ("", honorific) for v in c.variants)
                    and any(_core(v)[1:] and _core(v)[-1:] == core for v in c.variants)
                )
            )
        ] if on(rules.A_SURNAME_IS_THE_MAN) else []  # fmt: skip
        if not same and not bare and on(rules.ONE_RANK):
            # 'Captain Wentworth' of 'Captain Frederick Wentworth'
            same, rule = [c for c in clusters if _same_rank(variant, c)], rules.ONE_RANK
        if same:
            return _one(rule, same)
        return _one(rules.A_SURNAME_IS_THE_MAN, bare)


def _one(rule: rules.Rule, found: Sequence[NameCluster]) -> NameCluster | None:
    """The one cluster ``rule`` found (a decision of the rule), or None when none or several."""
    if len(found) != 1:
        return None
    decided(rule)
    return found[0]


def _title_holders(variant: str, clusters: list[NameCluster]) -> list[NameCluster]:
    """The clusters a title names, with its realm or without: 'the King of Bohemia' joins the
    one cluster of that title and realm, or else a bare 'the King' who has no other realm ('the
    King of Scandinavia' is another king); a bare title joins its bare namesake, or else the one
    cluster of it with a realm. Not a title: no clusters."""
    words, realm = _words(variant), _realm(variant)
    if not realm and not (len(words) == 1 and words[0] in TITLES_OF):
        return []

    def realms(cluster: NameCluster) -> set[str]:
        return {_realm(v) for v in cluster.variants if _words(v)[0] == words[0]} - {""}

    bare = [c for c in clusters if [words[0]] in map(_words, c.variants)]
    if realm:
        return [c for c in clusters if realms(c) == {realm}] or [c for c in bare if not realms(c)]
    return bare or [c for c in clusters if len(realms(c)) == 1]


def _place_and_person(variant: str, cluster: NameCluster) -> bool:
    """Whether one is a place's name and the other a person's, however they share a word:
    'Lucas Lodge' is Sir William's house, not his daughter 'Miss Lucas'. A name ending in a
    place noun joins no cluster with a title or a gender, a titled name none with such a name;
    and a group is not what it is named after: 'Coketown Bank' is not the town 'Coketown' (but
    'the League' may be the Red-headed League)."""
    if any(_named_after(a, b) for v in cluster.variants for a, b in ((variant, v), (v, variant))):
        return True
    if ends_in_a_place_noun(variant):
        return bool(cluster.gender) or any(map(_honorific, cluster.variants))
    return bool(_honorific(variant)) and any(map(ends_in_a_place_noun, cluster.variants))


def _named_after(group: str, name: str) -> bool:
    """Whether ``group`` is a group's name made of ``name`` and a group noun: 'Coketown Bank'
    of 'Coketown'."""
    return ends_in_a_group_noun(group) and _words(group)[:-1] == _words(name)


def _fits(words: set[str], core: tuple[str, ...], cluster: NameCluster) -> bool:
    """A shorter form of a known name ('Elizabeth' of 'Elizabeth Bennet'), or a fuller form that
    keeps a known first name ('Elizabeth Bennet' of 'Elizabeth', 'Sir William Lucas' of 'Sir
    William'), never a fuller form of a titled surname ('Georgiana Darcy' is not 'Mr. Darcy',
    'Dick Musgrove' not his father 'Mr. Musgrove')."""
    if not on(rules.SHORTER_OR_FULLER):
        return False
    tokens = cluster.tokens
    if words <= tokens:
        return True
    firsts = {_core(v)[0] for v in cluster.variants if _core(v) and not _own_form(v)}
    return tokens <= words and core[0] in firsts and not all(map(_surname_only, cluster.variants))


def _same_rank(variant: str, cluster: NameCluster) -> bool:
    """Whether ``variant`` and every titled variant of ``cluster`` carry one rank and end in one
    surname, the shorter form being the rank and the surname alone ('Captain Wentworth',
    'Captain Frederick Wentworth')."""
    rank, core = _honorific(variant), _core(variant)
    titled = [v for v in cluster.variants if _honorific(v)]
    return (
        on(rules.ONE_RANK)
        and rank in RANKS
        and bool(titled)
        and all(_honorific(v) == rank and _core(v)[-1:] == core[-1:] for v in titled)
        and any(len(c) == 1 for c in [core, *map(_core, titled)])
        and cluster.gender in ("", _gender(variant))
    )


def _apart(x: str, y: str) -> bool:
    """Whether two variants with one given name are two people because only one of them has a
    title a book does not drop: 'Lady Catherine de Bourgh' is not the 'Catherine' who is Kitty,
    'Anne' (de Bourgh) is not 'Lady Anne Darcy'; nor is a saint anyone without the title."""
    (a, b), (ta, tb) = (_core(x)[:1], _core(y)[:1]), (_honorific(x), _honorific(y))
    return (a == b != ()) and (
        (ta in SAINTS) != (tb in SAINTS)  # 'St. John' is not 'Mr. John Hare'
        or (
            ta != tb
            and bool({ta, tb} & (GIVEN_NAME_TITLES - DROPPED_TITLES))
            and not (_surname_only(x) or _surname_only(y))
        )
    )


def _surname_only(variant: str) -> bool:
    """A title and one word that is not a given name after it: 'Mr. Darcy', 'Lady Lucas', not
    'Sir William' nor 'Miss Lydia'."""
    core, title = _core(variant), _words(variant)[0]
    return (
        len(core) == 1
        and title in HONORIFICS
        and not (title in GIVEN_NAME_TITLES and is_given_name(core[0]))
    )


def _given(name: str, cluster: NameCluster) -> bool:
    """Whether ``cluster`` has used ``name`` as a given name — first in a longer name ('Lydia
    Bennet', 'Pyotr Petrovitch Luzhin') — and never as a surname: after a title that takes
    one ('Mr. Bennet', 'Captain Wentworth') or at the end of a longer name ('Sibyl Vane')."""
    core = _core(name)
    cores = [(_words(v)[0], _core(v)) for v in cluster.variants]
    given = any(c[: len(core)] == core and len(c) > len(core) for _, c in cores)
    surname = any(
        c[-len(core) :] == core and (first in SURNAME_TITLES or len(c) > len(core))
        for first, c in cores
    )
    return given and not surname


def _a_womans_title_only(cluster: NameCluster) -> bool:
    """Whether every form of ``cluster`` is a woman's title and a surname ('Mrs. Hall'): a
    bare surname customarily names the man, so it may be her husband's ('said Hall'); whether
    it is hers, the identity rules weigh over the whole book."""
    return all(_honorific(v) in FEMALE and len(_core(v)) == 1 for v in cluster.variants)


def _surname_in(name: str, cluster: NameCluster) -> bool:
    """Whether ``cluster`` uses ``name`` as a surname: after a title that takes one, or at the
    end of a longer name."""
    return any(
        _core(v)[-1:] == (name,) and (_words(v)[0] in SURNAME_TITLES or len(_core(v)) > 1)
        for v in cluster.variants
    )
