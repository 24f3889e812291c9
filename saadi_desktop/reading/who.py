"""Who is this? The memory's card for a name or alias, as of a reading position.

A card is what the entity browser shows of one entity, brought to the page: its name, type,
aliases and notes (latest first), how often it has appeared so far, and its mentions around
the place the reader looked it up. The rows come through :func:`views.entities` — so through
whatever rules the memory applies, cut at the limit — in :func:`known_entities`; everything
after that is pure, so the reader builds a card on the GUI thread from the notes it already
holds (in well under a millisecond) and ``saadi who`` builds the same card from the database.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from saadi_desktop.reading import views
from saadi_desktop.state.names import HONORIFICS
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

_WORD = re.compile(r"\w+")
_POSSESSIVE = re.compile(r"[’']s$", re.IGNORECASE)
_EDGES = "\"'“”‘’«»()[]{}.,;:!?—–-… \n\t"


class Entity(Protocol):
    """What a card needs of an entity (the entity browser's entries have all of it)."""

    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...  # in the order they were learned
    @property
    def descriptions(self) -> tuple[str, ...]: ...  # in the order they were learned
    @property
    def mentions(self) -> tuple[int, ...]: ...  # seqs of the chunks about it, in order
    @property
    def by_name_only(self) -> bool: ...


E = TypeVar("E", bound=Entity)


@dataclass(frozen=True)
class KnownEntity:
    """A record (or a names-pass cluster the model has not described) as of a limit."""

    key: str  # the record id, or "n<id>" for a names-pass cluster
    name: str
    type: str
    aliases: tuple[str, ...]
    descriptions: tuple[str, ...]
    mentions: tuple[int, ...]  # seqs of the linked chunks, in order
    by_name_only: bool = False  # found by the names pass; the model has not read it yet

    def names(self) -> list[str]:
        """The name and every alias, longest first (a longer name wins an overlap)."""
        return sorted({self.name, *self.aliases}, key=lambda n: (-len(n), n))


@dataclass(frozen=True)
class Card:
    """What the reader sees of an entity, as of the limit; mentions are chunk seqs."""

    key: str
    name: str
    type: str
    by_name_only: bool  # names-pass clusters (joined by the rules): the model has not read them yet
    aliases: tuple[str, ...]  # latest first
    notes: tuple[str, ...]  # latest first
    mentions: tuple[int, ...]  # every mention up to the limit, in reading order
    previous: int | None  # the last mention before the chunk looked up from
    next: int | None  # the first mention after it (never past the limit)
    others: tuple[tuple[str, str], ...] = ()  # (key, name) of others answering to the phrase

    @property
    def first(self) -> int | None:
        return self.mentions[0] if self.mentions else None


def kind_label(kind: str, by_name_only: bool) -> str:
    """How a card or a list names an entity's type: 'person', or 'person, found by name only'
    for names the model has not read yet ('found by name only' in a book of an older version,
    whose names-pass clusters have no type)."""
    if not by_name_only:
        return kind
    return "found by name only" if kind == "name" else f"{kind}, found by name only"


def known_entities(db: BookDB, until: int | None = None) -> list[KnownEntity]:
    """Every record and uncovered names-pass cluster as of ``until`` (None: the whole book),
    with the chunks that mention it: a record's links, a cluster's names-pass mentions."""
    limit = views.chunk_at(db, until)
    mentions: dict[str, list[int]] = {}
    for seq, entity_id, _learned in store.links(db, limit):
        mentions.setdefault(str(entity_id), []).append(seq)
    found = views.entities(db, until)
    clusters = {v: str(e["id"]) for e in found if e["source"] == "names"
                for v in (e["name"], *e["aliases"])}  # fmt: skip
    for seq, variants in store.chunk_names(db).items():
        if limit is not None and seq > limit:
            continue
        for key in {clusters[v] for v in variants if v in clusters}:
            mentions.setdefault(key, []).append(seq)
    return [
        KnownEntity(
            key=str(e["id"]),
            name=e["name"],
            type=e["type"],
            aliases=tuple(e["aliases"]),
            descriptions=tuple(e["descriptions"]),
            mentions=tuple(sorted(set(mentions.get(str(e["id"]), [])))),
            by_name_only=e["source"] == "names",
        )
        for e in found
    ]


def card(entity: Entity, *, at_chunk: int | None = None, others: Iterable[Entity] = ()) -> Card:
    """The card of ``entity`` looked up from chunk ``at_chunk`` (None: from the limit, so
    'previous' is the last mention and there is no 'next')."""
    mentions = tuple(entity.mentions)
    before = [m for m in mentions if at_chunk is None or m < at_chunk]
    after = [m for m in mentions if at_chunk is not None and m > at_chunk]
    return Card(
        key=entity.key,
        name=entity.name,
        type=entity.type,
        by_name_only=entity.by_name_only,
        aliases=tuple(reversed(entity.aliases)),
        notes=tuple(reversed(entity.descriptions)),
        mentions=mentions,
        previous=before[-1] if before else None,
        next=after[0] if after else None,
        others=tuple((o.key, o.name) for o in others if o.key != entity.key),
    )


def lookup(entities: Sequence[E], phrase: str, *, chunk: int | None = None) -> list[E]:
    """The entities that answer to ``phrase``, best first. An exact name or alias (ignoring
    case, spacing and a possessive 's) wins over a name that merely contains the phrase as
    whole words ('Raskolnikov' for 'Rodion Romanovitch Raskolnikov'). Among them: those
    mentioned in ``chunk`` (where the reader looked it up), a record before a names-pass
    cluster, the entity's own name before an alias, then the most mentioned."""
    wanted = normalize(phrase)
    if not wanted:
        return []
    exact = [e for e in entities if wanted in {fold(n) for n in (e.name, *e.aliases)}]
    if exact:
        found = exact
    else:
        pattern = re.compile(r"(?<!\w)" + re.escape(wanted) + r"(?!\w)")
        found = [e for e in entities if any(pattern.search(fold(n)) for n in (e.name, *e.aliases))]

    def rank(e: E) -> tuple[bool, bool, bool, int, str]:
        here = chunk is not None and chunk in e.mentions
        return not here, e.by_name_only, fold(e.name) != wanted, -len(e.mentions), e.name

    return sorted(found, key=rank)


def normalize(phrase: str) -> str:
    """A looked-up phrase as it is compared: folded, without surrounding punctuation or quotes
    and without a possessive ('Raskolnikov’s' → 'raskolnikov')."""
    return fold(_POSSESSIVE.sub("", phrase.strip(_EDGES)).strip(_EDGES))


def fold(text: str) -> str:
    """Case- and whitespace-insensitive, one kind of apostrophe."""
    return " ".join(text.casefold().replace("’", "'").split())


# -- finding the name under the pointer --------------------------------------------------------


@dataclass(frozen=True)
class NameIndex:
    """Every name and alias of a set of entities, by each of its words (folded)."""

    by_word: dict[str, tuple[str, ...]]  # longest name first

    def __bool__(self) -> bool:
        return bool(self.by_word)


def name_index(entities: Iterable[Entity]) -> NameIndex:
    """Index the names and aliases of ``entities`` for :func:`name_at`."""
    by_word: dict[str, set[str]] = {}
    for entity in entities:
        for name in (entity.name, *entity.aliases):
            for word in _WORD.findall(fold(name)):
                by_word.setdefault(word, set()).add(name)
    return NameIndex(
        {w: tuple(sorted(names, key=lambda n: (-len(n), n))) for w, names in by_word.items()}
    )


def name_at(text: str, offset: int, index: NameIndex) -> tuple[int, int, str] | None:
    """The known name or alias occurring in ``text`` over ``offset`` (or over the character
    just before it: a click on a word's last half puts the cursor after it), as (start, end,
    the name as the memory spells it); the longest wins. Whole words only, in any case, with
    any spacing within a paragraph."""
    for probe in (offset, offset - 1):
        if not 0 <= probe < len(text) or not _is_word(text[probe]):
            continue
        start, end = probe, probe + 1
        while start > 0 and _is_word(text[start - 1]):
            start -= 1
        while end < len(text) and _is_word(text[end]):
            end += 1
        for name in index.by_word.get(fold(text[start:end]), ()):
            found = _occurrence_over(text, probe, name)
            if found is not None:
                return (*found, name)
    return None


def _is_word(char: str) -> bool:
    return char.isalnum()


def _occurrence_over(text: str, offset: int, name: str) -> tuple[int, int] | None:
    pattern = _name_pattern(name)
    if pattern is None:
        return None
    reach = 2 * len(name) + 16  # room for a name spread over line breaks
    for match in pattern.finditer(text, max(0, offset - reach), min(len(text), offset + reach)):
        start, end = match.span()
        if start <= offset < end and (end == len(text) or not _is_word(text[end])):
            return start, end  # (the window's end cannot fake a word boundary: checked here)
    return None


# a name's edges: no letter or digit beside it; an underscore may be (a plain-text book writes
# italics so: 'the _Aurora_')
NOT_AFTER_A_WORD, NOT_BEFORE_A_WORD = r"(?<![^\W_])", r"(?![^\W_])"


def words_pattern(name: str, between: str = r"\s+") -> str:
    """The pattern of a name's words, ``between`` each two: a capitalised word only with its
    capital, or shouted ('Hall', 'HALL' is Mr. Hall, 'the hall' a room; 'Small' of Jonathan
    Small is no 'small boat'), a lowercase one in either case ('the old woman', 'The old
    woman'); a title beside another word in either case too ('my aunt Philips' is Aunt
    Philips), but not alone ('a rear admiral' is not the Admiral)."""
    words = name.split()
    # a word in italics may begin with the underscore a plain-text book writes: 'the _Aurora'
    return f"{between}_?".join(_word(w, len(words) > 1 and w in HONORIFICS) for w in words)


def _word(word: str, either_case: bool) -> str:
    if either_case or not word[:1].isupper():
        return f"(?i:{re.escape(word)})"
    shouted = word.upper()
    return re.escape(word) if shouted == word else f"(?:{re.escape(word)}|{re.escape(shouted)})"


@functools.lru_cache(maxsize=4096)
def _name_pattern(name: str) -> re.Pattern[str] | None:
    words = name.split()
    if not words:
        return None
    # any spacing between the words, a line break included, but not a paragraph break
    body = words_pattern(name, r"(?:[^\S\n]+|[^\S\n]*\n[^\S\n]*)")
    return re.compile(NOT_AFTER_A_WORD + body + NOT_BEFORE_A_WORD)
