"""Who is who: the deterministic rules that decide identity. The model only proposes.

A wrong merge is worse than a split: a record holding two people lifts every passage of both for
any question about either. So two names join only when nothing in the names themselves forbids
it (gender, a shared surname with different given names, Miss and Mrs.) and something in the
text supports it (the same names-pass cluster, a nickname table, or the passage saying so).
All functions here are pure: plain strings in, a decision out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.given_names import both_given_names, is_diminutive, same_given_name
from saadi_desktop.state.names import (
    FEMALE,
    HONORIFICS,
    KIN_ADDRESS,
    MALE,
    PARTICLES,
    ends_in_a_place_noun,
    is_given_name,
    locative_uses,
)
from saadi_desktop.state.rulebook import decided, on
from saadi_desktop.state.text import any_of

ROLE_WORD_HOLDERS = 3  # records claiming one description that make it a role word ('the officer')
MAX_NAME_WORDS = 5
MAX_DESCRIPTIVE_WORDS = 4
GIVEN_NAME_RANKS = {"Sir", "Lord", "Lady"}  # ranks before a given name: 'Sir Walter Elliot'
MISS = {"Miss", "Mlle.", "Mlle", "Mademoiselle"}  # before a given name, a form of address only
# Words that make a phrase a clause or a fragment, not something a reader calls a person.
CLAUSE_WORDS = {"i", "you", "he", "she", "we", "they", "it", "me", "him", "us", "them", "is",
                "was", "were", "are", "am", "be", "been", "have", "has", "had", "do", "did",
                "does", "will", "would", "could", "should", "can", "may", "might", "must",
                "shall", "and", "or", "but", "that", "which", "who", "whom", "whose", "if",
                "not", "to", "from", "as", "when", "than", "so"}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:[’'][^\W\d_]+)*\.?")
# Russian patronymics and surnames carry gender in their endings.
_FEMALE_PATRONYMIC = ("ovna", "evna", "ichna")  # a woman's patronymic: 'Romanovna'
_FEMALE_ENDINGS = (*_FEMALE_PATRONYMIC, "ova", "eva", "skaya", "tskaya")  # and her surname's
_FEMALE_NOUNS = {"woman", "lady", "girl", "mother", "sister", "wife", "daughter", "aunt",
                 "widow", "queen", "princess", "maid", "niece", "landlady", "mistress",
                 "grandmother", "governess", "heiress"}  # fmt: skip
_MALE_NOUNS = {"man", "gentleman", "boy", "father", "brother", "husband", "son", "uncle", "king",
               "prince", "nephew", "lord", "landlord", "master", "fellow", "grandfather",
               "heir"}  # fmt: skip
# Nouns for a kind of person, by kinship, standing or role: what a note about someone can be
# ('Elizabeth's particular friend'), where "Mr. Darcy's letter" is a thing.
PERSON_NOUNS = _FEMALE_NOUNS | _MALE_NOUNS | {
    "person", "men", "women", "gentlemen", "child", "children", "parent", "cousin", "relation",
    "relative", "friend", "companion", "acquaintance", "neighbour", "neighbor", "guest",
    "visitor", "favourite", "favorite", "partner", "lover", "suitor", "admirer", "fiancé",
    "fiancée", "ward", "pupil", "student", "tutor", "nurse", "servant", "officer", "soldier",
    "clerk", "colleague", "rival", "enemy", "victim", "client", "employer", "assistant",
    "secretary", "agent", "patron", "patroness", "doctor", "physician", "priest", "clergyman",
    "housekeeper", "steward", "valet", "butler", "footman", "coachman", "policeman",
    "washerwoman", "cook", "twin", "baby", "infant", "orphan", "darling", "sibling",
    "foundling", "underling", "stripling", "hireling", "weakling", "changeling",
}  # fmt: skip
_MALE_ENDINGS = ("ovitch", "evitch", "ovich", "evich", "ovitsch")  # a man's patronymic
# A man's surname ending: a translation that keeps it for his wife and daughters ('Pulcheria
# Raskolnikov', 'Sonia Marmeladov' in Garnett) makes it a man only where it stands alone.
_MALE_SURNAME_ENDINGS = ("ov", "ev", "sky", "skii")


def fold(text: str) -> str:
    """Case- and whitespace-insensitive form used for grounding and deduplication."""
    return " ".join(text.casefold().replace("’", "'").split())


def shown_aliases(name: str, aliases: Iterable[str]) -> list[str]:
    """The aliases a reader is shown: none that only repeats the name or an alias before it with
    or without its article ('the General — also: General' has nothing more to say; 'the Queen —
    also: the Queen of Hearts', not '…, Queen of Hearts, Queen')."""
    seen, shown = {_bare(name)}, []
    for alias in aliases:
        if _bare(alias) not in seen:
            seen.add(_bare(alias))
            shown.append(alias)
    return shown


def _bare(name: str) -> str:
    folded = fold(name)
    return folded[4:] if folded.startswith("the ") else folded


def words(name: str) -> list[str]:
    return _WORD.findall(name)


def core(name: str) -> list[str]:
    """The name words without honorifics and particles: 'Mr. Darcy' → ['Darcy']."""
    return [w for w in words(name) if w not in HONORIFICS and w.lower() not in PARTICLES]


def alias_kind(alias: str) -> str | None:
    """'name' for a proper name ('Lizzy', 'Mrs. Bennet', 'Grandmother'), 'descriptive' for a short
    noun phrase a reader would use ('the old woman'), None for anything else — a clause or a
    fragment copied from the passage ('Dounia and I have agreed that…')."""
    tokens = words(alias)
    if not tokens or len(alias) > 48 or any(ch.isdigit() for ch in alias):
        return None
    lowered = [t.lower().rstrip(".") for t in tokens]
    if set(lowered) & CLAUSE_WORDS:
        return None
    content = [t for t in tokens if t not in HONORIFICS and t.lower() not in PARTICLES]
    content = content or tokens  # a title used as a name: 'the General', 'Grandmother'
    if len(tokens) <= MAX_NAME_WORDS and all(t[0].isupper() for t in content):
        return "name"
    if tokens[0][0].islower() and 2 <= len(tokens) <= MAX_DESCRIPTIVE_WORDS:
        return "descriptive"
    return None


# Words before a noun phrase that make it refer to someone ('the old woman', 'his friend').
DETERMINERS = {"a", "an", "the", "his", "her", "their", "its", "my", "your", "our", "one",
               "this", "that", "some", "another", "every", "each", "no"}  # fmt: skip
DETERMINER = any_of(DETERMINERS)  # a pattern of any determiner


def refers(phrase: str, folded_text: str) -> bool:
    """Whether the text uses a descriptive phrase to refer to someone: the phrase begins with a
    determiner ('the old woman'), or the text has one or a possessive right before it ('The
    master of the establishment was…', 'Rodion's only friend'); not a piece of another phrase
    ('establishments of bad character')."""
    key = fold(phrase)
    if key.split(" ", 1)[0] in DETERMINERS:
        return True
    before = rf"(?<!\w)(?:{DETERMINER}|\w+[’']s)\s+{re.escape(key)}(?!\w)"
    return re.search(before, folded_text) is not None


def is_person_noun(word: str) -> bool:
    """Whether a noun names a kind of person ('friend', 'sisters', 'father-in-law')."""
    lowered = word.lower().removesuffix("-in-law")
    return lowered in PERSON_NOUNS or lowered.removesuffix("s") in PERSON_NOUNS


def noun_gender(word: str) -> str:
    """'f', 'm' or '' for a kinship or role noun ('sister', 'sisters', 'husband', 'woman')."""
    word = word.lower()
    for form in (word, word.removesuffix("s")):
        if form in _FEMALE_NOUNS:
            return "f"
        if form in _MALE_NOUNS:
            return "m"
    return ""


def head_noun(phrase: str) -> str:
    """The noun a descriptive phrase is about, lowercased: its last word, or the last before
    'of' ('the old woman' → 'woman', 'the master of the establishment' → 'master')."""
    tokens = [t.lower() for t in words(phrase)]
    if "of" in tokens[1:]:
        tokens = tokens[: tokens.index("of", 1)]
    return tokens[-1] if tokens else ""


def gender(name: str) -> str:
    """'m', 'f' or '' from an honorific, a Russian patronymic or surname ending (a man's surname
    ending only on the surname alone: 'Zossimov', not 'Sonia Marmeladov' nor 'Vassilyevsky
    Ostrov'), or — for a descriptive phrase ('the Englishman', 'the old woman') — its title
    ('the General') or its head noun."""
    tokens = words(name)
    if tokens and tokens[0][0].islower():
        titles = [t for t in tokens if t in MALE or t in FEMALE]
        if titles:  # a title used as a name: 'the General', 'the Baroness'
            return "m" if titles[-1] in MALE else "f"
        head = head_noun(name)
        if head in _FEMALE_NOUNS or head.endswith("woman"):
            return "f"
        if head in _MALE_NOUNS or head.endswith("man"):
            return "m"
        return ""
    if tokens and tokens[0] in MALE:
        return "m"
    if tokens and tokens[0] in FEMALE:
        return "f"
    own = core(name)
    for word in own[1:] or own:
        lowered = word.lower()
        # a woman's surname ending only in a full name: alone, 'Geneva' and 'Padova' are towns
        female = _FEMALE_ENDINGS if len(own) > 1 else _FEMALE_PATRONYMIC
        if len(lowered) >= 6 and lowered.endswith(female):
            return "f"
        if len(lowered) >= 6 and lowered.endswith(_MALE_ENDINGS):
            return "m"
    alone = own[0].lower() if len(own) == 1 else ""
    return "m" if len(alone) >= 6 and alone.endswith(_MALE_SURNAME_ENDINGS) else ""


def pronoun_gender(name: str, texts: Iterable[str]) -> str:
    """'f' or 'm' when the first he or she that follows ``name`` in its sentence is mostly one
    gender's — at least three times, and twice as often as the other's ('Jane … she': 94 to 30
    in Pride and Prejudice) — or ''. Evidence of a given name's gender the book itself gives."""
    return gender_of_votes(pronoun_votes(name, texts))


def pronoun_votes(name: str, texts: Iterable[str]) -> Counter[str]:
    """How often the first he or she after ``name`` in its sentence is a woman's ('f') and a
    man's ('m')."""
    pattern = re.compile(rf"\b{re.escape(name)}\b[^.!?“”\"]{{0,60}}?\b(she|her|he|him|his)\b")
    return Counter(
        "f" if m.group(1) in ("she", "her") else "m" for t in texts for m in pattern.finditer(t)
    )


def gender_of_votes(votes: Counter[str]) -> str:
    """The gender the pronouns give, at least three times and twice as often as the other's,
    or ''."""
    (top, most), *rest = votes.most_common() or [("", 0)]
    return top if most >= 3 and most >= 2 * (rest[0][1] if rest else 0) else ""


def pronoun_lean(name: str, texts: Iterable[str]) -> str:
    """'f' or 'm' when the first he or she after ``name`` in its sentence is at least three
    times one gender's and at least as often as the other's ('Sonia … she' 69 to 64 in Crime and
    Punishment), or ''. Weaker evidence than :func:`pronoun_gender`: enough to hold a join back
    (a wrong merge is worse than a split), never to make one."""
    votes = pronoun_votes(name, texts)
    if votes["f"] >= 3 and votes["f"] >= votes["m"]:
        return "f"
    return "m" if votes["m"] >= 3 and votes["m"] > votes["f"] else ""


_MALE_PATRONYMIC = (*_MALE_ENDINGS, "itch")  # 'Romanovitch'; 'Prokofitch' inside a full name


def patronymic_surname(name: str) -> str:
    """The surname of a Russian man's full name — given name, male patronymic, surname
    ('Rodion Romanovitch Raskolnikov' → 'Raskolnikov'); '' for any other name."""
    own = core(name)
    patronymic = len(own) == 3 and own[1].lower().endswith(_MALE_PATRONYMIC)
    return own[2] if patronymic else ""


def is_family(name: str, known: Iterable[str], texts: Iterable[str]) -> bool:
    """Whether ``name`` is a family, not one person: the plural of a surname among the
    ``known`` names, that the text puts after 'the', or 'the' and a word or two ('the Bennets',
    'the Miss Lucases', 'the young Gradgrinds', 'the greedy little Gradgrinds' — but not 'Mr.
    Williams' beside 'Sir William')."""
    own = core(name)
    if not own or not own[-1].endswith("s") or ends_in_a_place_noun(name):
        return False  # 'the Andaman Islands' are a place
    last = own[-1]
    singulars = {last[:-1], last[:-2]} if last.endswith("es") else {last[:-1]}
    if not any(core(k)[-1:] and core(k)[-1] in singulars for k in known):
        return False
    the = re.compile(rf"(?<!\w)the\s+(?-i:[a-z]+\s+){{0,2}}{re.escape(name)}(?!\w)", re.I)
    return any(the.search(text) for text in texts)


def looks_like_place(variants: Iterable[str], texts: Iterable[str]) -> bool:
    """Whether the text uses a name the way it uses places: at least half of its occurrences
    follow 'at', 'in', 'to', 'from'… ('at Longbourn', 'to London'); people are rarely met so."""
    variants = list(variants)
    near = found = 0
    for text in texts:
        n, f = locative_uses(variants, text)
        near, found = near + n, found + f
    return found > 0 and near * 2 >= found


def conflict(a: Iterable[str], b: Iterable[str]) -> str:
    """Why the names ``a`` and ``b`` cannot be one person ('' when nothing forbids it):
    :data:`rules.CANNOT_LINK`."""
    if not on(rules.CANNOT_LINK):
        return ""
    a, b = list(a), list(b)
    genders = {gender(n) for n in [*a, *b]} - {""}
    if len(genders) > 1:
        decided(rules.CANNOT_LINK)
        return "gender"
    for x in a:
        for y in b:
            why = _pair_conflict(x, y)
            if why:
                decided(rules.CANNOT_LINK)
                return why
    return ""


def _pair_conflict(x: str, y: str) -> str:
    cx, cy = core(x), core(y)
    family = len(cx) >= 2 and len(cy) >= 2 and cx[-1] == cy[-1]
    if family and not same_given_name(cx[0], cy[0]):
        return "same surname, different given names"
    tx, ty = words(x), words(y)
    titles = {tx[0].rstrip("."), ty[0].rstrip(".")} if tx and ty else set()
    if cx and cy and cx[-1] == cy[-1] and titles in ({"Miss", "Mrs"}, {"Mlle", "Mme"}):
        return "Miss and Mrs."
    given = len(cx) == 1 and len(cy) == 1 and both_given_names(cx[0], cy[0])
    if given and not same_given_name(cx[0], cy[0]):
        return "different given names"
    return ""


def display_name(names: Sequence[str]) -> str:
    """The name a reader looks someone up by, among ``names`` (in the order learned): the
    fullest proper name — 'Elizabeth Bennet' over 'Lizzy' and over 'Miss Elizabeth Bennet',
    'Mr. Darcy' over 'Darcy', 'Alyona Ivanovna' over 'the old woman', 'the General' over
    'General' — earliest first on a tie."""
    proper = [n for n in names if alias_kind(n) == "name"] or list(names[:1])
    forms: dict[tuple[str, ...], list[str]] = {}  # one person's name with and without a title
    for name in proper:
        forms.setdefault(tuple(core(name)), []).append(name)
    firsts = [own[0] for own in forms if own]

    def best_form(own: tuple[str, ...]) -> str:
        # a title reads well only before a lone surname: 'Mr. Darcy', but 'Elizabeth Bennet'
        # and 'Alice' (not 'Miss Alice') — or when it is a rank that goes with the given name:
        # 'Sir Walter Elliot', 'Lady Catherine'; a form of address over a kinship title: 'Mr.
        # Gardiner', not 'Brother Gardiner'
        titled = [n for n in forms[own] if len(words(n)) > len(own)]
        titled.sort(key=lambda n: words(n)[0] in KIN_ADDRESS)
        bare = [n for n in forms[own] if n not in titled]
        ranked = [n for n in titled if words(n)[0] in GIVEN_NAME_RANKS]
        miss = bool(own) and is_given_name(own[0]) and all(words(n)[0] in MISS for n in titled)
        if len(own) > 1 or (bare and miss):
            return (ranked or bare or titled)[0]  # 'Alice', not 'Miss Alice'
        return (titled or bare)[0]

    def rank(item: tuple[int, tuple[str, ...]]) -> tuple[int, bool, int]:
        index, own = item
        diminutive = bool(own) and any(is_diminutive(own[0], f) for f in firsts)
        return len(own), not diminutive, -index

    best = best_form(max(enumerate(forms), key=rank)[1])
    return f"the {best}" if f"the {best}" in names else best  # a title as a name: 'the General'
