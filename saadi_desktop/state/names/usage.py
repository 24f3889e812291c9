"""How the whole book writes each capitalised word, and the words it makes names of: the
mining rules (:data:`rules.CAPITALISED` and those that refuse or admit a word)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.names.variants import _is_demonym, _singular
from saadi_desktop.state.names.vocabulary import (
    HONORIFICS,
    NOT_NAMES,
    PARTICLES,
    ROLE_NOUNS,
    SPEECH_VERBS,
    STREETS,
    STYLE_POSSESSIVES,
    SURNAME_TITLES,
    is_full_given_name,
    is_given_name,
)
from saadi_desktop.state.rulebook import decided, on

# a name's prefix before its own capital: 'McCarthy', 'MacPherson', 'M’Choakumchild', 'O’Grady'
_PREFIX = r"(?:Ma?c|[MOD][’'])"
_PREFIXED = re.compile(rf"{_PREFIX}[A-Z][a-z]+")
_TOKEN = re.compile(
    rf"(?:Mrs|Mr|Ms|Dr|St|Mme|Mlle|M)\.|{_PREFIX}[A-Z][a-z]+(?:[’'][a-z]+)?"
    r"|[A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+(?:[’'][a-z]+)?|--+|[^\w\s]"
)


_POSSESSIVE = re.compile(r"[’']s?$")


_INITIAL = re.compile(r"[A-Z]\.")  # a name's initial: 'C.' of 'Randolph C. Miller'


# a capital after these may be a sentence's first word, or a contraction's ('’Tis', '’Pon');
# a plain-text book writes its dashes as '--' ('the door-- Pray, what is the reason')
_SENTENCE_OPENERS = {*".!?;:…—\"“”‘’'", "--"}


_OPENING_QUOTES = {"“", '"', "‘"}


_CAPITAL = re.compile(rf"{_PREFIX}?[A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž’']+")


# the capitalised word after a space: a realm after 'of'; 'March Hare'
_NEXT_CAPITAL = re.compile(rf" ({_PREFIX}?[A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž]+)")


# A capitalised word joined by a hyphen to a lowercase one: 'Caucus-race', 'Soo-oop'
_HYPHEN = re.compile(r"[-‐‑]([A-Za-z]+)")


_COMPOUND = re.compile(r"(?<![\w’'])([A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž]+)[-‐‑]([a-z]+)")


@dataclass
class _Usage:
    """How the book writes each capitalised word."""

    capital_inside: Counter[str] = field(default_factory=Counter)  # where no sentence forces it
    lower: Counter[str] = field(default_factory=Counter)
    indefinite: Counter[str] = field(default_factory=Counter)  # 'a Pole': a common noun
    titled: Counter[str] = field(default_factory=Counter)  # 'Mr. Adrian': a name
    surnamed: Counter[str] = field(default_factory=Counter)  # 'Mr. Elliot': a surname
    # given name → capitalised word after it → uses: 'William' → {'Goulding': 3}; not a street
    # ('George Street')
    after_a_given: dict[str, Counter[str]] = field(default_factory=dict)
    addressed: Counter[str] = field(default_factory=Counter)  # 'your Majesty', 'his Lordship'
    joined: Counter[str] = field(default_factory=Counter)  # right before a capital: 'Covent Garden'
    compound: Counter[str] = field(default_factory=Counter)  # 'Caucus-race'; not 'Grosvenor-street'
    exclaimed: Counter[str] = field(default_factory=Counter)  # '“Lor!”', '“Lor, ma’am”'
    used: Counter[str] = field(default_factory=Counter)  # every capitalised use
    after_the: Counter[str] = field(default_factory=Counter)  # 'the Hatter', 'The Hatter'
    inside_the: Counter[str] = field(default_factory=Counter)  # 'the Hatter' inside a sentence
    apart: Counter[str] = field(default_factory=Counter)  # before anything else
    before_a_capital: Counter[str] = field(default_factory=Counter)  # 'nurse' of 'nurse Rooke'
    capitals: set[str] = field(default_factory=set)


def _usage(texts: Sequence[str]) -> _Usage:
    usage = _Usage()
    for text in texts:
        for word, tail in _COMPOUND.findall(text):
            usage.compound[word] += tail.capitalize() not in STREETS
        previous, pending = ".", ""  # pending: the capitalised word just before the token
        articled = False  # the run of capitalised words the token ends began after 'the'
        opening = False  # the pending word opens a speech: '“Lor'
        for token in _TOKEN.findall(text):
            word = _POSSESSIVE.sub("", token)
            capital = _CAPITAL.fullmatch(word) is not None
            if pending:
                (usage.joined if capital else usage.apart)[pending] += 1
                usage.exclaimed[pending] += token == "!" or (opening and token == ",")
            opening = capital and previous in _OPENING_QUOTES
            pending = word if capital and word == token else ""  # a possessive ends a name
            if capital:
                usage.capitals.add(word)
                usage.used[word] += 1
                # 'the Hatter', and 'Turtle' of 'the Mock Turtle': the article of its name
                articled = previous.lower() == "the" or (
                    articled and _CAPITAL.fullmatch(previous) is not None
                )
                usage.after_the[word] += articled
                usage.inside_the[word] += previous == "the"  # 'said the Mouse'
                if previous not in _SENTENCE_OPENERS:
                    usage.capital_inside[word] += 1
                if previous.islower():
                    usage.before_a_capital[previous] += 1
                if previous in ("a", "an", "A", "An"):
                    usage.indefinite[_singular(word)] += 1
                if previous.lower() in STYLE_POSSESSIVES:
                    usage.addressed[word] += 1
                if previous in HONORIFICS:
                    usage.titled[word] += 1
                    if previous in SURNAME_TITLES:
                        usage.surnamed[word] += 1
                elif is_given_name(previous) and word not in STREETS:
                    usage.after_a_given.setdefault(previous, Counter())[word] += 1
            elif word.islower():
                usage.lower[word] += 1
            previous = token
    return usage


def _a_contraction(word: str) -> bool:
    """'Ma’am', 'Lor’', 'Tis': a word with an apostrophe that is no name's prefix ('O’Grady')."""
    return bool(re.search("[’']", word)) and not _PREFIXED.fullmatch(word)


def name_words(texts: Sequence[str], usage: _Usage | None = None) -> set[str]:
    """Capitalised words that behave like names across the book (:data:`rules.CAPITALISED`,
    :data:`rules.GIVEN_NAME_ONCE`), less those that name a people, a style of address, a part
    of a word, a word of speech, or never anyone (the rules that refuse them)."""
    usage = usage or _usage(texts)
    titled = Counter[str]()
    for word, count in usage.titled.items():
        titled[_singular(word)] += count
    plural = Counter(_singular(w) for w in usage.capitals if _singular(w) != w)
    once = on(rules.GIVEN_NAME_ONCE)
    found = {
        word
        for word, count in usage.capital_inside.items()
        if (count >= 2 or (once and is_full_given_name(word) and word not in HONORIFICS))
        and (usage.lower[word.lower()] * 5 <= count or _one_of_a_kind(word, usage))
    }
    decided(rules.GIVEN_NAME_ONCE, sum(usage.capital_inside[w] == 1 for w in found))
    refusals: tuple[tuple[rules.Rule, Callable[[str], bool]], ...] = (
        (rules.NEVER_A_NAME, lambda w: w in NOT_NAMES or _a_contraction(w)),
        (rules.STYLE_OF_ADDRESS, lambda w: usage.addressed[w] * 2 >= usage.capital_inside[w]),
        (rules.PART_OF_A_WORD, lambda w: usage.compound[w] * 2 >= usage.capital_inside[w]),
        (rules.WORD_OF_SPEECH, lambda w: _exclamation(w, usage)),
    )
    for rule, refuses in refusals:
        if on(rule):
            refused = {w for w in found if refuses(w)}
            decided(rule, len(refused))
            found -= refused
    if on(rules.A_PEOPLE):
        people = {
            word
            for word in found
            if _is_demonym(
                word,
                usage.indefinite[_singular(word)],
                plural[_singular(word)],
                titled[_singular(word)],
                found,
            )
        }
        decided(rules.A_PEOPLE, len(people))
        found -= people
    if not on(rules.CAPITALISED):
        return set()
    decided(rules.CAPITALISED, len(found))
    return found


def _one_of_a_kind(word: str, usage: _Usage) -> bool:
    """A common word the book capitalises after 'the' inside a sentence three times at least,
    and as often at least as it writes it in lowercase: the one creature or place the story
    means by it ('said the Mouse' beside 'a mouse', 'the Parsonage'), a name of its own rather
    than a longer name's first word ('the White Rabbit')."""
    the = usage.inside_the[word]
    return the >= 3 and the >= usage.lower[word.lower()] and usage.apart[word] > 0


def _exclamation(word: str, usage: _Usage) -> bool:
    """A word of speech, not a name: one the book uses at least three times, never after a
    title, two times in three before '!' or opening a speech before a comma ('“Lor!”',
    '“Lor, ma’am,”'), and the nickname table does not know as a given name ('“Kitty!”' is
    called, not sworn)."""
    used = usage.used[word]
    return (
        used >= 3
        and usage.exclaimed[word] * 3 >= used * 2
        and not usage.titled[word]
        and not is_given_name(word)
    )


def titled_words(texts: Sequence[str], usage: _Usage | None = None) -> set[str]:
    """Words the book puts after a title: at least twice ('Mrs. Long', 'Mrs. Hill'), or once
    when it never writes them in lowercase nor after 'a' ('Miss Pope', 'Colonel Millar': a
    minor character named once; not 'Master Frenchman' beside 'a Frenchman') — as it does after
    a full given name ('William Goulding'). Those it also writes
    in lowercase are not names by :func:`name_words` ('Long', 'Hill'), but they are names
    right after a title, and only there ('Long before…' names no one); a common word needs two
    titled uses ('Lord Have mercy' is no one)."""
    usage = usage or _usage(texts)
    if not on(rules.AFTER_A_TITLE):
        return set()
    after_given = Counter[str]()  # 'Jonathan Small'; 'Minty Brown' twice
    for given, after in usage.after_a_given.items():
        if is_full_given_name(given):
            after_given.update(after)
        elif usage.apart[given] >= 2 and not usage.lower[given.lower()]:
            # a diminutive the book calls someone by alone, and is no common word: 'Minty'
            after_given.update({word: n for word, n in after.items() if n >= 2})
    found = {
        word
        for word in usage.titled | after_given
        if (
            usage.titled[word] + after_given[word] >= 2
            or not (usage.lower[word.lower()] or usage.indefinite[_singular(word)])
        )
        and word not in NOT_NAMES
        and not re.search("[’']", word)
    }
    decided(rules.AFTER_A_TITLE, len(found))
    return found


def bound_words(texts: Sequence[str], usage: _Usage | None = None) -> set[str]:
    """Capitalised words the book writes at least twice and only ever right before another
    capitalised word: the first word of a longer name ('Covent Garden', 'Charing Cross',
    'Westgate Buildings', 'the Holy See'), whose other words need not be names themselves; or
    nearly only, but for one use in eight, when it is no title nor given name ('the Invisible
    Man' beside a cry of '“Invisible!”')."""
    usage = usage or _usage(texts)
    if not on(rules.FIRST_WORD_OF_A_NAME):
        return set()
    found = {
        w
        for w, count in usage.joined.items()
        if count >= 2
        and (
            not usage.apart[w]
            # the odd use alone ('“Invisible!”') of a word that is no title nor given name
            or (usage.apart[w] * 8 <= count and w not in HONORIFICS and not is_given_name(w))
        )
        and usage.capital_inside[w] >= 2
        and w not in NOT_NAMES  # 'Papa Poirot' is Poirot
        and (w.lower() in PARTICLES or not usage.before_a_capital[w.lower()])
    }
    decided(rules.FIRST_WORD_OF_A_NAME, len(found))
    return found


def articled_words(texts: Sequence[str], usage: _Usage | None = None) -> set[str]:
    """Words the book writes after 'the' in at least three of four of their capitalised uses
    (three at least): a name known by its article ('the Hatter', 'the Mock Turtle', 'the
    Dodger'), whose mentions keep it. Not a given name ('the George' is an inn), a title (its
    own rule) nor a family's plural ('the Bennets')."""
    usage = usage or _usage(texts)
    if not on(rules.AFTER_AN_ARTICLE):
        return set()
    return {
        word
        for word, used in usage.used.items()
        if used >= 3
        and usage.after_the[word] * 4 >= used * 3
        and word not in HONORIFICS
        and word not in NOT_NAMES
        and not is_full_given_name(word)
        and (_singular(word) == word or _singular(word) not in usage.capitals)
    }


def surname_words(texts: Sequence[str], usage: _Usage | None = None) -> set[str]:
    """Words the book writes after a title that takes a surname ('Mr. Elliot', 'Captain
    Wentworth'; not 'St. Petersburg', 'Mlle. Blanche'), but not a family's plural ('the two Mr.
    Musgroves': 'the Musgroves' are a family, which the book names as one)."""
    usage = usage or _usage(texts)
    if not on(rules.AFTER_AN_ARTICLE):
        return set()
    return {w for w in usage.surnamed if _singular(w) == w or _singular(w) not in usage.surnamed}


def surnames_of(usage: _Usage) -> dict[str, set[str]]:
    """Given name → the words the book writes after it as a surname: those written twice, if
    any are (not 'Lawrence— Oh' once, where a text lost its dash), else every one."""
    return {
        given: {word for word, n in after.items() if n >= 2} or set(after)
        for given, after in usage.after_a_given.items()
    }


_ROLE_SPEAKS = re.compile(  # 'said the croupier', 'the waiter answered'
    rf"\b{SPEECH_VERBS}\s+the\s+([a-z]+)\b|\b[Tt]he\s+([a-z]+)\s+{SPEECH_VERBS}\b"
)


# 'the waiter', 'a waiter'; 'the porters', 'the other porter': the book has several of them
_ROLE_ARTICLED = re.compile(r"\b(?=([Tt]he|[Aa]n?|other|another|both|two|three)\s+([a-z]+)\b)")


def story_roles(texts: Sequence[str]) -> set[str]:
    """The role nouns (:data:`ROLE_NOUNS`) the text makes a speaker at least once ('said the
    croupier'), or calls 'the' one twice, at least as often as 'a' one, and speaks of several
    of fewer than three times ('the waiter' brought the wine; not 'a servant', 'the servant',
    'a servant', nor 'the porter' beside 'the porters' and 'the other porter'): someone of the
    story the book may name by nothing else (:data:`rules.A_ROLE_OF_THE_STORY`)."""
    if not on(rules.A_ROLE_OF_THE_STORY):
        return set()
    found = {a or b for text in texts for a, b in _ROLE_SPEAKS.findall(text)} & ROLE_NOUNS
    the, a, several = Counter[str](), Counter[str](), Counter[str]()
    for text in texts:
        for article, noun in _ROLE_ARTICLED.findall(text):
            if (role := _singular(noun)) not in ROLE_NOUNS:
                continue
            if role != noun or article in ("other", "another", "both", "two", "three"):
                several[role] += 1
            else:
                (the if article.lower() == "the" else a)[role] += 1
    found |= {role for role, n in the.items() if n >= 2 and a[role] <= n and several[role] < 3}
    decided(rules.A_ROLE_OF_THE_STORY, len(found))
    return found
