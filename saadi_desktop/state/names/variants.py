"""What a name variant says of itself: its words without titles, its title and gender, whether
it is a street, a place, a realm, a role or a people; and how the text uses it ('at Longbourn')."""

from __future__ import annotations

import re
from collections.abc import Collection, Container, Iterable

from saadi_desktop.state.names.vocabulary import (
    ADDRESS,
    CREATURES,
    FEMALE,
    GROUP_NOUNS,
    HONORIFICS,
    KIN_ADDRESS,
    KNOWN_PLACES,
    MALE,
    NATIONALITIES,
    PARTICLES,
    PLACE_NOUNS,
    ROLE_OF,
    ROLES,
    SAINTS,
    STREETS,
    SURNAME_TITLES,
    TITLES_OF,
    is_given_name,
)
from saadi_desktop.state.text import any_of

# 'on' only before 'the': 'on the Shlangenberg', 'on the Thames'; not 'called on Jane'
LOCATIVE = {"at", "in", "to", "from", "near", "into", "towards", "toward", "through", "on"}


IN_A_PLACE = {"in", "near", "into", "through"}  # not "introduced to Hortense", "looked at Jane"


_WORD_BEFORE = re.compile(r"(\w+)\s+(the\s+)?$")  # what a name follows: 'at ', 'to the '


# the capitalised word before 'of' before a name: 'Bounderby of Coketown', 'the Duke of Berwick'
_WORD_OF = re.compile(r"[a-z,;]\s+(?:[A-Z][\w’'.-]*\s+)*([A-Z][\w’'.-]*)\s+of\s+(?:the\s+)?$")


# the word before a name and 'and' or 'or' that join it to the name before: 'to Spa and Baden'
_PAIRED_BEFORE = re.compile(r"(\w+)\s+(?:the\s+)?[A-Z][\w’']*\s+$")


_SAID_TO = re.compile(  # a word of speaking, writing or greeting: its 'to' takes a person
    r"\b(?:speak|spoke|spoken|speaking|say|says|said|talk|talked|talking|write|wrote|written|writing"
    r"|letter|listen|listened|listening|reply|replied|answer|answered|whisper|whispered|explain"
    r"|explained|mention|mentioned|introduce|introduced|nod|nodded|bow|bowed|curtsey|curtseyed"
    r"|apologise|apologised|apologize|apologized)\s+to\s+(?:the\s+)?$",
    re.I,
)


_DEMONYM_MAN = re.compile(r"([A-Z][a-z]+?)(?:wo)?man")  # 'Frenchman', 'Englishwoman'


_DEMONYM_SUFFIX = re.compile(r"(?:ian|ean|ican|ese|ish)$")  # 'Prussian', 'Chinese', 'Polish'


def _words(variant: str) -> list[str]:
    """The words of a variant without the article of a role ('the General' → ['General'])."""
    words = variant.split()
    return words[1:] if words[0] == "the" else words


def _core(variant: str) -> tuple[str, ...]:
    """The name words of a variant, without its honorific ('Miss King' keeps 'King'); a saint
    after a title or a name is one word with the surname it begins ('Lord St. Simon' →
    'St. Simon', 'Neville St. Clair' → 'Neville', 'St. Clair')."""
    words = _words(variant)
    if len(words) == 2 and words[0] in ADDRESS:
        return (words[1],)
    titled = False
    while words and words[0] in HONORIFICS and not (titled and _saint(words[0])):
        words, titled = words[1:], True
    core: list[str] = []
    for word in words:
        if core and _saint(core[-1]) and (titled or len(core) > 1):
            core[-1] = f"{core[-1]} {word}"
        elif word.lower() not in PARTICLES:  # 'De Griers' is 'de Griers'
            core.append(word)
    return tuple(core)


def _saint(word: str) -> bool:
    return word.rstrip(".") in SAINTS


def _gender(variant: str) -> str:
    first = _words(variant)[0]
    return "m" if first in MALE else "f" if first in FEMALE else ""


def _honorific(variant: str) -> str:
    first = _words(variant)[0]
    return first.rstrip(".") if first in HONORIFICS else ""


def _address(variant: str) -> str:
    """The form of address of a titled surname, a kinship title's for it: 'Mrs' for 'Aunt
    Philips' as for 'Mrs. Philips'."""
    honorific = _honorific(variant)
    return KIN_ADDRESS.get(honorific, honorific)


def _wife_form(variant: str) -> bool:
    """'Mrs. Charles Musgrove': 'Mrs.' before a full name with a given name names the wife of
    the man so named, a woman of her own."""
    words = _words(variant)
    return len(words) >= 3 and words[0] in ("Mrs", "Mrs.") and is_given_name(words[1])


def ends_in_a_place_noun(variant: str) -> bool:
    """'Boscombe Valley', 'Krestovsky Island', 'the Andaman Islands'; not 'Mrs. Hill', whose
    'Hill' is a surname."""
    words = variant.split()
    return (
        len(words) >= 2
        and (words[-1] in PLACE_NOUNS or _singular(words[-1]) in PLACE_NOUNS)
        and words[0] not in HONORIFICS
    )


def is_a_creature(variant: str) -> bool:
    """'the Owl', 'the White Rabbit', 'Eaglet': a name ending in a creature's noun, with no
    title nor given name before it ('Mr. Fox' is a man's surname, so is 'Robin Hood' a man)."""
    words = variant.split()
    return (
        bool(words)
        and words[-1] in CREATURES
        and words[0] not in HONORIFICS
        and not (len(words) > 1 and is_given_name(words[0]))
    )


def is_a_known_place(variant: str) -> bool:
    """'London', 'the Thames', 'New York': one of the world's best-known places
    (:data:`KNOWN_PLACES`), with no title before it ('Mr. Paris' is a man)."""
    words = [w for w in _words(variant) if w != "the"]
    return bool(words) and words[0] not in HONORIFICS and " ".join(words) in KNOWN_PLACES


def ends_in_a_group_noun(variant: str) -> bool:
    """'the Red-headed League', 'the Salvation Army'; not 'Mr. Bank', whose 'Bank' is a
    surname."""
    words = variant.split()
    return len(words) >= 2 and words[-1] in GROUP_NOUNS and words[0] not in HONORIFICS


def is_street(variant: str) -> bool:
    """'Baker Street', 'Laura Place', 'Waterloo Bridge'; 'none of your Queen Squares'; not
    'Mrs. Lane', whose 'Lane' is a surname."""
    words = variant.split()
    return (
        len(words) >= 2
        and _singular(words[-1]) in STREETS
        and words[0] not in ADDRESS | SURNAME_TITLES
    )


def _realm(variant: str) -> str:
    """The realm of a title's name ('Bohemia' of 'the King of Bohemia'), or ''."""
    words = _words(variant)
    return " ".join(words[2:]) if words[0] in TITLES_OF and words[1:2] == ["of"] else ""


def _own_form(variant: str) -> bool:
    """A form that names someone or something else than its words do: the wife of the man named
    ('Mrs. Charles Musgrove'), the street named after someone ('Baker Street'), the holder of a
    realm's title ('the Countess of Morcar'), a king by his epithet ('Charles the Rash' is no
    other Charles). Only the same form is the same entity."""
    epithet = variant.split()[1:2] == ["the"]
    return _wife_form(variant) or is_street(variant) or bool(_realm(variant)) or epithet


def role_of(variant: str) -> str:
    """The role a title or kinship word used alone names ('Grandmamma' → 'Grandmother', 'Dr.'
    → 'Doctor'), or '' for a variant with a name in it."""
    words = _words(variant)
    if len(words) != 1 or words[0] not in ROLES | {"Dr", "Dr."}:
        return ""
    return ROLE_OF.get(words[0], words[0])


def _singular(word: str) -> str:
    """'Poles' → 'Pole', 'Frenchmen' → 'Frenchman', 'Russians' → 'Russian'."""
    if word.endswith("men"):
        return word[:-3] + "man"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _is_demonym(
    word: str, indefinite: int, plural: int, titled: int, names: Container[str] = ()
) -> bool:
    """Whether a capitalised word names a people rather than a person or place: a nationality
    word, a nationality + 'man' ('Frenchman'), or a word with a demonym suffix ('Prussian',
    'Polish', 'Chinese') that the book also uses as a common noun ('a Prussian', 'the
    Prussians') or that is a name of the book plus the suffix ('Prussian' of 'Prussia',
    'Egyptian' of 'Egypt', 'Parisian' of 'Paris'; not a given name such as 'Marian'), or a name
    of the book plus '-er' ('Berliners', 'Londoners'), and that the book never puts after an
    honorific ('Mr. Adrian' keeps 'Adrian' a name)."""
    singular = _singular(word)
    if singular in NATIONALITIES:
        return True
    man = _DEMONYM_MAN.fullmatch(singular)
    if man and (man.group(1) in NATIONALITIES or man.group(1).endswith(("ch", "sh"))):
        return True
    of_name = not is_given_name(singular) and any(
        singular[:-cut] in names
        for cut in (1, 2, 3)  # 'Prussia'+'n', 'Egypt'+'ian'
    )
    a_people = indefinite > 0 or plural > 0 or of_name
    dweller = singular.endswith("er") and singular[:-2] in names  # 'Berlin' + 'er'
    return ((bool(_DEMONYM_SUFFIX.search(singular)) and a_people) or dweller) and not titled


def locative_uses(
    variants: Iterable[str],
    text: str,
    prepositions: Collection[str] = LOCATIVE,
    of: Collection[str] = (),
) -> tuple[int, int]:
    r"""(uses after 'at', 'in', 'to', 'from'… — the ``prepositions`` —, all uses) of the names
    ``variants`` in ``text``, longest name first ('at Longbourn', 'to London', 'to the Casino':
    the way a text speaks of places). A use is a name right after a word and a space, or a
    word and 'the', counted left to right without overlaps: the matches of
    ``(\w+)\s+(?:the\s+)?(?:NAME)(?!\w)``, found name first (a book-length text is scanned
    for every new record), so a name inside a longer one counts after its first word
    ('Sherlock Holmes': 'Holmes' after 'Sherlock'). After a word of speaking or writing, 'to'
    takes a person, not a place ('I must speak to Hill', 'she wrote to Jane'); 'on' counts only
    before 'the' ('on the Shlangenberg', not 'called on Jane'), and a name joined by 'and' or
    'or' to the one after the word counts as that one ('to Spa and Baden'). So does 'of' after
    one of the words ``of``, inside a sentence: where a person, a realm's title or a place is of
    ('Bounderby of Coketown', 'the Duke of Berwick', 'the Castle of Chillon'; not 'the Passion
    of Christ')."""
    names = {" ".join(_words(v)) for v in variants}  # 'to the Casino' as 'to the' + 'Casino'
    pattern = any_of(names)
    near = found = end = 0
    for match in re.finditer(rf"(?<=\s)(?=((?:{pattern})(?!\w)))", text):
        start = match.start()
        if start < end:
            continue
        before = _WORD_BEFORE.search(text, max(end, start - 100), start)
        if before:
            found += 1
            word, the = before.group(1).lower(), bool(before.group(2))
            if word in ("and", "or"):  # 'to Spa and Baden': the word before the pair
                paired = _PAIRED_BEFORE.search(text, max(0, before.start() - 60), before.start())
                before = paired or before
                word = before.group(1).lower()
            near += (
                word in prepositions
                and (word != "on" or the)
                and not _SAID_TO.search(text, max(0, before.start() - 20), before.end())
            ) or (  # 'to Longbourn', not 'speak to Hill'; 'Bounderby of Coketown'
                word == "of"
                and (owner := _WORD_OF.search(text, max(0, start - 80), start)) is not None
                and owner.group(1).rstrip(".") in of
            )
            end = start + len(match.group(1))
    return near, found
