"""The names pass: zero-LLM proper-name mining and variant clustering, in reading order.

It gives a first character list the moment a book is imported, and the candidate names of each
chunk for the update prompt. Clustering is incremental — a variant joins a cluster using only the
variants seen so far — so, like everything else, each decision is stamped with the chunk it was
made at and a cluster never reveals a later identity.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from saadi_desktop.books.model import LANGUAGES
from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.rulebook import decided, on

MALE = {"Mr", "Mr.", "Sir", "Lord", "Colonel", "Captain", "Major", "General", "Admiral",
        "Lieutenant", "Sergeant", "Monsieur", "M.", "Prince", "Count", "Baron", "Uncle",
        "Father", "Brother", "King", "Duke", "Herr", "Grandfather", "Grandpapa",
        "Grandpa", "Emperor", "Tsar", "Czar", "Monsignor", "Cardinal", "Archbishop",
        "Master"}  # fmt: skip
FEMALE = {"Mrs", "Mrs.", "Miss", "Ms", "Ms.", "Lady", "Madame", "Mme.", "Mademoiselle", "Mlle.",
          "Princess", "Countess", "Baroness", "Aunt", "Mother", "Sister", "Queen", "Duchess",
          "Frau", "Grandmother", "Grandmamma", "Grandmama", "Grandma", "Granny", "Empress",
          "Tsarina", "Czarina"}  # fmt: skip
NEUTRAL = {"Dr", "Dr.", "Doctor", "Professor", "Inspector", "Saint", "St."}
HONORIFICS = MALE | FEMALE | NEUTRAL
MISTER = ("Mr.", "Mr", "Monsieur", "Master")  # a man's or a boy's title before his surname
# Titles that go before a surname, not a given name ('Mr. Bennet', not 'Lady Catherine').
SURNAME_TITLES = {"Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Dr", "Dr.", "Doctor", "Professor",
                  "M.", "Monsieur", "Madame", "Mme.", "Herr", "Frau", "Colonel", "Captain",
                  "Major", "General", "Admiral", "Lieutenant", "Sergeant",
                  "Inspector"}  # fmt: skip
# Forms of address that only ever go before a name: whatever word follows one is a name, even a
# title or kinship word ('Miss King', 'Mr. Major').
ADDRESS = {"Mr", "Mr.", "Mrs", "Mrs.", "Miss", "Ms", "Ms."}
# Titles that go before a given name when one follows ('Sir William', 'Lady Catherine', 'Miss
# Lydia', 'Mlle. Polina'), and before a surname otherwise ('Lady Lucas', 'Miss Bennet').
GIVEN_NAME_TITLES = {"Sir", "Lady", "Lord", "Miss", "Master", "Mademoiselle", "Mlle.", "Mlle"}
# Those of them that a book also drops, so that the bare given name is the same person ('Sir
# William' is 'William', 'Miss Lydia' is 'Lydia', 'Mlle. Polina' is 'Polina', a boy's 'Master
# Harry' is 'Harry'). 'Lady Mary' is seldom the family's 'Mary'.
DROPPED_TITLES = {"Sir", "Lord", "Miss", "Master", "Mademoiselle", "Mlle.", "Mlle"}
# Ranks: one rank and one surname name one person, however fully ('Captain Frederick Wentworth'
# is 'Captain Wentworth'); 'Mr.' and 'Mrs.' may be a father and a son, or two Mrs. Musgroves.
RANKS = {"Captain", "Colonel", "Major", "General", "Admiral", "Lieutenant", "Sergeant",
         "Inspector", "Dr", "Doctor", "Professor"}  # fmt: skip
# Words that make the name before them a street, a square or a bridge ('Baker Street', 'Laura
# Place'): a place of its own, which neither Mr. Baker nor a Laura lives in.
STREETS = {"Street", "Square", "Road", "Lane", "Avenue", "Terrace", "Crescent", "Place", "Bridge"}
# Words that end the name of a place, though the place may share its first word with the name
# it is known by ('Kellynch Hall' is Kellynch): a name of no other type ending so is a place.
PLACE_NOUNS = {"Valley", "Hall", "Park", "Lodge", "Abbey", "Castle", "Manor", "Moor", "Cross",
               "Gate", "Garden", "Gardens", "Buildings", "Mansions", "Yard", "Pool", "Court",
               "Church", "Chapel", "Inn", "Hotel", "Hill", "Green", "Cottage", "Farm", "Heath",
               "Station", "Lake", "River", "Island", "Bay", "Row", "Wharf", "Palace", "Tower",
               "Museum", "Theatre", "College", "Room", "Rooms", "Market"}  # fmt: skip
# Titles a realm or a suit follows ('the King of Bohemia', 'the Duchess of Monmouth', 'the Knave
# of Hearts'): title and realm are one name, and the realm alone is no one's.
TITLES_OF = {"King", "Queen", "Prince", "Princess", "Duke", "Duchess", "Earl", "Count",
             "Countess", "Marquis", "Marquess", "Baron", "Baroness", "Emperor", "Empress", "Tsar",
             "Archbishop", "Bishop", "Knave"}  # fmt: skip
# A saint's name is a church, a street or a day ('St. John's Wood'), never the John of a story.
SAINTS = {"St", "Saint"}
# Titles and kinship words that a book may use alone as a character's name ("the General",
# "Grandmother said"). Forms of address that only ever precede a name are not among them.
ROLES = HONORIFICS - {"Mr", "Mr.", "Mrs", "Mrs.", "Miss", "Master", "Ms", "Ms.", "Sir", "Lord",
                      "Lady", "Monsieur", "M.", "Madame", "Mme.", "Mademoiselle", "Mlle.", "Herr",
                      "Frau", "Dr", "Dr.", "Saint", "St."}  # fmt: skip
# Variants of one kinship word name one person within a book: 'Grandmamma' is 'Grandmother'.
ROLE_OF = {"Grandmamma": "Grandmother", "Grandmama": "Grandmother",
           "Grandma": "Grandmother", "Granny": "Grandmother",
           "Grandpapa": "Grandfather", "Grandpa": "Grandfather",
           "Dr": "Doctor", "Dr.": "Doctor"}  # fmt: skip
# Kinship words before a bare surname, which give it a gender ('my aunt Philips', 'my brother
# Gardiner'): the title they make of it, and the form of address it goes with ('Aunt Philips'
# is the woman addressed 'Mrs. Philips'). Before a given name they say nothing of who it is
# ('cousin Elizabeth', 'sister Sonia').
KIN_TITLES = {"aunt": "Aunt", "uncle": "Uncle", "sister": "Sister", "brother": "Brother"}
KIN_ADDRESS = {"Aunt": "Mrs", "Sister": "Mrs", "Uncle": "Mr", "Brother": "Mr"}
# Nationality words without a regular demonym suffix (the suffixed ones are found by shape).
NATIONALITIES = {"French", "English", "Dutch", "Welsh", "Irish", "Scotch", "Scots", "Swiss",
                 "Greek", "Jew", "Jewess", "Pole", "Turk", "Dane", "Swede", "Finn", "Czech",
                 "Slav", "Arab", "Moor", "Briton", "Spaniard", "Celt", "Magyar", "Cossack",
                 "Tatar", "Tartar", "Yankee", "Gaul", "Saxon", "Russian", "German",
                 "British"}  # fmt: skip
# Before a style of address ('your Majesty', 'his Lordship', 'her Grace'): a title, not a name.
STYLE_POSSESSIVES = {"your", "his", "her", "their"}
PARTICLES = {"de", "da", "di", "du", "van", "von", "der", "le", "la"}
# Capitalised words that are never names on their own, whatever their statistics.
MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"}  # fmt: skip
NOT_NAMES = MONTHS | {"I", "O", "Oh", "Ah", "God", "Lord", "Heaven", "Heavens", "Chapter", "Part",
             "The", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
             "Christmas", "Michaelmas",
             "Candlemas", "Lammas", "Martinmas", "Midsummer", "Easter", "Whitsuntide", "Lent",
             "Advent", "English", "French",
             "Russian", "German", "Yes", "No", "Well", "Mr", "Mrs", "Miss", "Master", "Sir",
             "Madam", "Dear", "My", "Good", "Mamma", "Papa", "Esq", "Messrs", "Mesdames",
             "Messieurs", "Mmes"}  # fmt: skip

_TOKEN = re.compile(
    r"(?:Mrs|Mr|Ms|Dr|St|Mme|Mlle|M)\.|[A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+(?:[’'][a-z]+)?|--+|[^\w\s]"
)
_POSSESSIVE = re.compile(r"[’']s?$")
_INITIAL = re.compile(r"[A-Z]\.")  # a name's initial: 'C.' of 'Randolph C. Miller'
# a capital after these may be a sentence's first word, or a contraction's ('’Tis', '’Pon');
# a plain-text book writes its dashes as '--' ('the door-- Pray, what is the reason')
_SENTENCE_OPENERS = {*".!?;:…—\"“”‘’'", "--"}
_OPENING_QUOTES = {"“", '"', "‘"}
_CAPITAL = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž’']+")
# 'on' only before 'the': 'on the Shlangenberg', 'on the Thames'; not 'called on Jane'
LOCATIVE = {"at", "in", "to", "from", "near", "into", "towards", "toward", "through", "on"}
IN_A_PLACE = {"in", "near", "into", "through"}  # not "introduced to Hortense", "looked at Jane"
_WORD_BEFORE = re.compile(r"(\w+)\s+(the\s+)?$")  # what a name follows: 'at ', 'to the '
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
_NEXT_CAPITAL = re.compile(r" ([A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž]+)")  # a realm after 'of'; 'March Hare'
# A capitalised word joined by a hyphen to a lowercase one: 'Caucus-race', 'Soo-oop'
_HYPHEN = re.compile(r"[-‐‑]([A-Za-z]+)")
_COMPOUND = re.compile(r"(?<![\w’'])([A-ZÀ-ÖØ-ÞĀ-Ž][a-zà-öø-ÿā-ž]+)[-‐‑]([a-z]+)")


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


def _hyphened(text: str, end: int) -> bool:
    """Whether the word ending at ``end`` is joined by a hyphen to the next, but not to a
    street's word: 'Down the Rabbit-Hole' names no Rabbit; 'Grosvenor-street' names Grosvenor."""
    tail = _HYPHEN.match(text, end)
    if not tail or tail.group(1).capitalize() in STREETS or not on(rules.PART_OF_A_WORD):
        return False
    decided(rules.PART_OF_A_WORD)
    return True


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
    variants: Iterable[str], text: str, prepositions: Collection[str] = LOCATIVE
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
    'or' to the one after the word counts as that one ('to Spa and Baden')."""
    names = {" ".join(_words(v)) for v in variants}  # 'to the Casino' as 'to the' + 'Casino'
    pattern = "|".join(re.escape(v) for v in sorted(names, key=len, reverse=True))
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
            )  # 'to Longbourn', not 'speak to Hill'
            end = start + len(match.group(1))
    return near, found


@dataclass
class _Usage:
    """How the book writes each capitalised word."""

    capital_inside: Counter[str] = field(default_factory=Counter)  # where no sentence forces it
    lower: Counter[str] = field(default_factory=Counter)
    indefinite: Counter[str] = field(default_factory=Counter)  # 'a Pole': a common noun
    titled: Counter[str] = field(default_factory=Counter)  # 'Mr. Adrian': a name
    surnamed: Counter[str] = field(default_factory=Counter)  # 'Mr. Elliot': a surname
    after_given: Counter[str] = field(default_factory=Counter)  # 'William Goulding'
    # given name → capitalised word after it → uses: 'William' → {'Goulding': 3}
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
                    if is_full_given_name(previous):
                        usage.after_given[word] += 1  # 'Jonathan Small'; not 'George Street'
            elif word.islower():
                usage.lower[word] += 1
            previous = token
    return usage


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
        (rules.NEVER_A_NAME, lambda w: w in NOT_NAMES or bool(re.search("[’']", w))),
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
    found = {
        word
        for word in usage.titled | usage.after_given
        if (
            usage.titled[word] + usage.after_given[word] >= 2
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


def mentions_in(
    text: str,
    names: set[str],
    titled: Iterable[str] = (),
    bound: Collection[str] = (),
    surnames: Collection[str] = (),
    articled: Collection[str] = (),
) -> list[str]:
    """The name variants in one text, in order: runs of name words separated by single spaces,
    with a leading honorific and inner particles ('Lady Catherine de Bourgh', 'Mr. Darcy'). A
    possessive ends a run ('Katerina Ivanovna’s Vater' is two mentions); a street word ends it
    and belongs to it ('Baker Street'), and so does the capitalised word after a ``bound`` word
    ('Covent Garden': 'Covent' is no name alone, 'Garden' no name at all).

    A title or kinship word that the book capitalises like a name and uses alone is a
    variant of its own ('the General', 'Grandmother'). A ``titled`` word
    is a name only right after a title ('Mrs. Long', 'Mrs. Hill') or where a sentence does not
    force its capital ('speak to Hill'), never at a sentence's start ('Long before…').

    One of the book's ``surnames`` (:func:`surname_words`) alone after an article, or as 'the
    name of' one, is a family's name, not a person's mention: 'the Elliot pride', 'an Elliot',
    'the name of Bennet'. A given name alone after 'the' is a thing named after someone, an inn
    or an order ('the George', 'the Anna'); after 'a' it is still the person ('a devil of a
    Blanche')."""
    titled = set(titled)
    found: list[str] = []
    run: list[str] = []
    end = -1
    before = before2 = ""  # the two tokens before the run

    def close() -> None:
        if "of" in run:  # a title and its realm: 'the King of Bohemia', 'the Knave of Hearts'
            found.append(" ".join(["the"] * (before.lower() == "the") + run))
            decided(rules.TITLE_AND_REALM)
            run.clear()
            return
        role = run[0] if len(run) == 1 and run[0] in ROLES and run[0] in names else ""
        role = role if on(rules.A_TITLE_ALONE) else ""
        if (
            len(run) == 1
            and before in KIN_TITLES
            and not is_given_name(run[0])
            and on(rules.KINSHIP_TITLE)
        ):
            run.insert(0, KIN_TITLES[before])  # 'aunt Philips' is a woman: 'Aunt Philips'
            decided(rules.KINSHIP_TITLE)
        while (
            run
            and (run[-1] in PARTICLES or run[-1] in HONORIFICS or _INITIAL.fullmatch(run[-1]))
            and not (len(run) >= 2 and run[-2] in ADDRESS)  # 'Miss King' keeps 'King'
        ):
            run.pop()
        family = (  # a family's name: 'the Elliot pride', 'the name of Bennet'
            len(run) == 1
            and run[0] in surnames
            and (before.lower() in ("a", "an", "the") or (before2, before) == ("name", "of"))
        )
        # a thing named after someone: 'got to the George' (an inn), 'the Anna in his buttonhole'
        # (an order), 'the Orlando absurd' (the actor in the part); 'the King' stays a role
        namesake = len(run) == 1 and before.lower() == "the" and is_given_name(run[0]) and not role
        namesake = namesake and on(rules.AFTER_AN_ARTICLE)
        named = run and any(w in names or w in titled for w in run)
        if named and not (family or namesake):
            article = before.lower() == "the" and run[0] in articled  # 'the Hatter'
            found.append(" ".join(["the"] * article + run))
            decided(rules.AFTER_AN_ARTICLE, article)
        elif role:
            found.append(f"the {role}" if before.lower() == "the" else role)
            decided(rules.A_TITLE_ALONE)
        if named and (family or namesake):
            decided(rules.AFTER_AN_ARTICLE)
        run.clear()

    previous = previous2 = ""
    initial_stop = -1  # where the full stop of an initial inside a name stands
    for match in _TOKEN.finditer(text):
        token = match.group()
        if match.start() == initial_stop:
            end = match.end()
            continue
        spaced = text[end : match.start()] == " "
        if run and not spaced:
            close()  # punctuation, a line break or a paragraph ends a name
        end = match.end()
        word = token if token in HONORIFICS else _POSSESSIVE.sub("", token)
        inside = previous != "" and previous not in _SENTENCE_OPENERS
        if (
            run
            and len(token) == 1
            and token.isupper()
            and text.startswith(". ", end)
            and _NEXT_CAPITAL.match(text, end + 1)
            and on(rules.AN_INITIAL)
        ):
            run.append(f"{token}.")  # 'Randolph C. Miller', 'Mr. E. W. B. Childers'
            initial_stop = end
            decided(rules.AN_INITIAL)
        elif ("of" in run or run[-1:] == ["the"]) and _CAPITAL.fullmatch(word):
            run.append(word)  # 'the Count of Monte Cristo', 'William the Conqueror'
            if word != token or run[-2] == "the":
                close()  # 'the Countess of Morcar’s blue carbuncle'
        elif (
            len(run) == 1
            and run[0] in TITLES_OF
            and token == "of"
            and _NEXT_CAPITAL.match(text, end)
            and on(rules.TITLE_AND_REALM)
        ):
            run.append(token)
        elif (
            len(run) == 1
            and token == "the"
            and is_full_given_name(run[0])
            and (following := _NEXT_CAPITAL.match(text, end))
            and following.group(1) not in NOT_NAMES
            and following.group(1) not in HONORIFICS
            and not following.group(1).endswith("s")  # 'told Jane the Bingleys were coming'
            and on(rules.EPITHET)
        ):
            run.append(token)  # an epithet follows: 'William the Conqueror', 'Ivan the Great'
            decided(rules.EPITHET)
        elif run and token in STREETS and run[-1] not in HONORIFICS and on(rules.STREET_NAME):
            run.append(token)  # 'Baker Street': the street's name, not Mr. Baker's
            decided(rules.STREET_NAME)
            close()
        elif run and spaced and run[-1] in bound and word not in names and _CAPITAL.fullmatch(word):
            run.append(word)  # 'Covent Garden', 'the Holy See'
            decided(rules.FIRST_WORD_OF_A_NAME)
            close()
        elif (
            not run
            and word in bound
            and (following := _NEXT_CAPITAL.match(text, end))
            and following.group(1) in names
            and on(rules.FIRST_WORD_OF_A_NAME)
        ):
            before, before2 = previous, previous2
            run.append(word)  # 'the White Rabbit', 'De Griers'
            decided(rules.FIRST_WORD_OF_A_NAME)
        elif (
            word in names or (word in titled and ((run and run[-1] in HONORIFICS) or inside))
        ) and not _hyphened(text, end):
            if not run:
                before, before2 = previous, previous2
            if not run or run[-1] != word:  # 'Lizzy, Lizzy' is one mention, not a name
                run.append(word)
            if word != token and token not in HONORIFICS:
                close()  # a possessive ends a name: 'Katerina Ivanovna’s Vater' is her father
        elif (
            token in MONTHS
            and not run
            and previous.lower() in ("the", "a", "an")
            and (following := _NEXT_CAPITAL.match(text, end))
            and following.group(1) in names
            and on(rules.MONTH_BEFORE_A_NAME)
        ):
            decided(rules.MONTH_BEFORE_A_NAME)
            before = previous  # after an article a month is no date: 'the March Hare'
            run.append(token)
        elif (token in HONORIFICS and not run) or (
            run and (word in PARTICLES or (_saint(token) and on(rules.SAINT_IN_A_NAME)))
        ):
            if run and _saint(token):
                decided(rules.SAINT_IN_A_NAME)
            # inside a name, 'St.' begins a surname: 'Lord St. Simon', 'Mr. Neville St. Clair'
            if not run:
                before = previous
            run.append(word)
        else:
            close()
            if token in HONORIFICS:
                before = previous
                run.append(token)
        previous2, previous = previous, token
    close()
    return found


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
        core, gender, honorific = _core(variant), _gender(variant), _honorific(variant)
        clusters = self.clusters
        if on(rules.PLACE_AND_PERSON):
            clusters = [c for c in self.clusters if not _place_and_person(variant, c)]
            decided(rules.PLACE_AND_PERSON, len(clusters) < len(self.clusters))
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
    place noun joins no cluster with a title or a gender, a titled name none with such a name."""
    if ends_in_a_place_noun(variant):
        return bool(cluster.gender) or any(map(_honorific, cluster.variants))
    return bool(_honorific(variant)) and any(map(ends_in_a_place_noun, cluster.variants))


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


def is_given_name(word: str) -> bool:
    """Whether the nickname table knows ``word`` as a given name or a diminutive of one."""
    return word.lower() in given_name_table()


def is_full_given_name(word: str) -> bool:
    """Whether the table lists ``word`` as a full given name, one with diminutives ('Sarah',
    'Richard'; not 'One', a diminutive of 'Onicyphorous')."""
    return word.lower() in diminutive_table()


@lru_cache(maxsize=1)
def diminutive_table(russian: bool = True) -> dict[str, frozenset[str]]:
    """Given name → its diminutives (the ``nicknames`` package's table, which is English, and
    unless ``russian`` is False :data:`RUSSIAN_DIMINUTIVES`)."""
    from nicknames import NickNamer

    table = {name: set(nicks) for name, nicks in NickNamer().nickname_lookup.items()}
    for full, nicks in RUSSIAN_DIMINUTIVES.items() if russian else ():
        for name in full.split("/"):
            table.setdefault(name, set()).update(nicks.split())
    return {name: frozenset(nicks) for name, nicks in table.items()}


# The Russian given names of nineteenth-century translations (Garnett, Hogarth) and their
# diminutives as those translations spell them: 'Rodya' is Rodion, 'Dounia' Avdotya. They make a
# name a given name and let the table vouch for a model's proposal, but join no one by
# themselves: a Russian novel gives the diminutive of one name to several people (in Crime and
# Punishment 'Mitka' is a painter, not Dmitri Razumihin; 'Katia' a tavern girl, not Katerina
# Ivanovna; 'Parasha' a maid, not Praskovya Pavlovna). Each is also spelled as other
# translators spell it (:func:`transliterations`: Hogarth's 'Prascovia' is Praskovya).
_RUSSIAN = {
    "rodion": "rodya rodka",
    "avdotya": "dounia dounya dunya dunia dounetchka dunechka",
    "sofya/sofia": "sonia sonya sonetchka sonechka",
    "polina": "polenka polya polechka polinka",
    "nikolay/nikolai": "kolya kolka mikolka nikolka",
    "lidia/lidya": "lida lidotchka lidochka",
    "dmitri/dmitry": "mitya mitka mitenka",
    "praskovya": "pashenka parasha",
    "katerina/ekaterina/yekaterina": "katia katya katenka katka",
    "anastasia/nastasya": "nastya nastenka",
    "alexander/alexandra": "sasha sashka shura",
    "alexey/alexei": "alyosha alyoshka lyosha",
    "ivan": "vanya vanka vanechka",
    "pyotr": "petya petka petrusha",
    "pavel": "pasha pavlusha",
    "mikhail": "misha mishka",
    "natalya/natalia": "natasha natashka",
    "maria/marya": "masha mashka",
    "tatyana": "tanya tanechka",
    "vladimir": "volodya",
    "konstantin": "kostya",
    "elizaveta/lizaveta": "liza lizanka",
    "vasily": "vasya vaska",
    "grigory": "grisha",
    "darya": "dasha dashka",
    "agrafena": "grusha grushenka",
    "fyodor": "fedya fedka",
    "semyon": "senya",
    "arkady": "arkasha",
    "nadezhda": "nadia nadya nadenka",
}


def transliterations(name: str) -> list[str]:
    """The spellings translators give one Russian name, the table's first: 'k' or 'c' before
    a, o, u ('Praskovya', 'Prascovya'; 'Nikolai', 'Nicolai'), and 'ya' or 'ia' ('Prascovia',
    'Avdotia', 'Tatiana')."""
    found = [name]
    for pattern, spelled in ((r"k(?=[aou])", "c"), ("ya", "ia")):
        found += [re.sub(pattern, spelled, f) for f in found]
    return list(dict.fromkeys(found))


RUSSIAN_DIMINUTIVES = {
    "/".join(
        dict.fromkeys(t for name in full.split("/") for t in transliterations(name))
    ): " ".join(dict.fromkeys(t for nick in nicks.split() for t in transliterations(nick)))
    for full, nicks in _RUSSIAN.items()
}
# One name's spellings, each to the first: 'sofia' → 'sofya'.
SPELLINGS = {
    name: full.split("/")[0] for full in RUSSIAN_DIMINUTIVES for name in full.split("/")[1:]
}


@lru_cache(maxsize=1)
def given_name_table() -> dict[str, frozenset[str]]:
    """Given name → its diminutives and the names it is a diminutive of (the ``nicknames``
    package's hand-curated table, Apache-2.0)."""
    table: dict[str, set[str]] = {}
    for canonical, nicks in diminutive_table().items():
        for nick in nicks:
            table.setdefault(canonical, set()).add(nick)
            table.setdefault(nick, set()).add(canonical)
    return {name: frozenset(related) for name, related in table.items()}


def unread_names(language: str) -> str:
    """Why the names pass reads no names from a book in ``language`` — or "" when it reads
    them. It knows a name by its capital and English titles and given names by heart, so a book
    known to be in another language is not read (every German noun is capitalised: 'Abbildung',
    'Beweis' would be its characters); a book of unknown language is read as English."""
    code = language.casefold().split("-")[0]
    code = LANGUAGES.get(code, code)  # some EPUBs write the name: 'English'
    if code in ("", "und", "en", "eng"):
        return ""
    called = {c: n.title() for n, c in LANGUAGES.items()}.get(code, language)
    return (
        f"Names are read before indexing from English books only; this book is in {called}, "
        "so its people and places are listed as the model indexes them."
    )


def names_pass(chunks: Sequence[tuple[int, str]]) -> tuple[NamesPass, list[Mention]]:
    """Mine and cluster the names of ``chunks`` ((seq, text) in reading order): the clusters
    and each chunk's mentions (chunk seq, cluster id, variant, count). A pure function of the
    text, so the pass can be redone whenever the text grows."""
    texts = [text for _, text in chunks]
    usage = _usage(texts)
    words, titled = name_words(texts, usage), titled_words(texts, usage)
    bound, surnames = bound_words(texts, usage), surname_words(texts, usage)
    articled = articled_words(texts, usage)
    surnames_of = {  # those written twice, if any are: not 'Lawrence— Oh' once
        given: {word for word, n in after.items() if n >= 2} or set(after)
        for given, after in usage.after_a_given.items()
    }
    clusters = NamesPass(surnames_of)
    mentions: list[Mention] = []
    for seq, chunk_text in chunks:
        found = clusters.split(mentions_in(chunk_text, words, titled, bound, surnames, articled))
        clusters.read(seq, found, chunk_text)
        for variant, count in Counter(found).items():
            mentions.append((seq, clusters.cluster_of(variant).id, variant, count))
    return clusters, mentions
