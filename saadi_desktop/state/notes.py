"""Description checks: whether a note the model wrote about a record says something of it that
the passage supports, rather than a copied sentence, a piece of one, what someone else did, or
nothing beyond a name."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from saadi_desktop.chunking import ABBREVIATION
from saadi_desktop.state.identity import (
    fold,
    gender,
    is_person_noun,
    noun_gender,
)
from saadi_desktop.state.names import (
    HONORIFICS,
    PLACE_NOUNS,
    RANKS,
    STREETS,
)
from saadi_desktop.state.text import SENTENCE, STOP, content_words, occurs, words

KIN_REACH = 4  # words between a kinship word and the name it relates to: 'sister of Elizabeth'


def said_once(note: str) -> str:
    """A note whose parts the model repeated, each part once: 'widow of Sir Lewis de Bourgh,
    widow of Sir Lewis de Bourgh' → 'widow of Sir Lewis de Bourgh'."""
    parts = [part.strip() for part in note.split(",")]
    once = [part for i, part in enumerate(parts) if fold(part) not in map(fold, parts[:i])]
    return ", ".join(once) if len(once) < len(parts) else note


def supported(description: str, folded_chunk: str, names: Iterable[str] = ()) -> bool:
    """Notes are low-trust: keep one only when two thirds of its content words (beyond the
    record's own names) occur in a sentence that names the record, or the sentence after it
    (anywhere in the chunk when no name is given). That drops what a small model brings from
    outside the text and what it assembles from words strewn over the passage ('Elizabeth's
    husband' of Bingley, in the first chapters)."""
    names = [fold(n) for n in names]
    said = set(names_said(description, names))
    if not said:
        return False
    sentences = SENTENCE.findall(folded_chunk) or [folded_chunk]
    spans = [
        " ".join(sentences[i : i + 2])
        for i, sentence in enumerate(sentences)
        if any(occurs(n, sentence) for n in names)
    ] or ([] if names else [folded_chunk])
    return any(len(said & set(words(span))) * 3 >= len(said) * 2 for span in spans)


_SPEAKER = {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you",
            "your", "yours", "yourself", "yourselves"}  # fmt: skip


_CONTINUING = {"and", "but", "or", "nor", "which", "who", "whom", "whose", "that", "when",
               "while", "where", "whereas", "was", "were", "is", "has", "had", "did", "does",
               "do", "would", "could", "should", "will", "can", "might", "must", "shall", "de",
               "van", "von", "le", "la", "du"}  # fmt: skip


# A verb's '-ing' form opening a note continues a sentence ('watching Mary's progress through
# the stanzas', 'preparing to oblige the company'); a noun so spelled is a kind ('darling of').
_PARTICIPLE = re.compile(r"[a-z]{3,}ing$")


_UNFINISHED = {"the", "a", "an", "and", "or", "but", "of", "to", "in", "at", "on", "with", "by",
               "for", "from", "as", "that", "which", "who", "whom", "whose", "how", "he", "she",
               "they", "we", "i", "it", "his", "their", "its", "my", "was", "were", "had", "has",
               "is", "be", "been", "mr", "mrs", "miss", "some", "no", "not", "very", "so", "than",
               "more"}  # fmt: skip


_PRONOUNS = {"he", "she", "it", "they", "him", "her", "his", "them", "their"}  # whose? the note


_SENTENCE_BREAK = re.compile(rf"(?:{ABBREVIATION}\.|[!?;]) +\S")  # 'Mr. Darcy' breaks none


_ABOUT_THE_BOOK = re.compile(  # 'the main character of the story', 'a listener to the passage'
    r"\bcharacter (?:study|in the)\b|\b(?:main|minor|central|major) character\b"
    r"|\b(?:in|of|from|to) (?:the|this) (?:whole )?(?:story|novel|book|passage|text)\b"
    r"|\bnarrator\b",
    re.I,
)


NAME_RUN = re.compile(r"(?:[A-Z][\w’'-]*\.?\s+)*[A-Z][\w’'-]*")


def not_a_description(
    note: str, names: Sequence[str], name_words: set[str], *, person: bool = True
) -> str:
    """Why a note is not something said *about* the record in a reader's voice ('' when it
    is): a speaker's words copied from a quotation ('a lady teasing him to give us a ball?'),
    a piece of a sentence ('and the two fourth with Maria Lucas', 'was once spoken of',
    'which the'), a person of the other gender ('one of Elizabeth's sisters' of Mr. Bingley,
    'the happy woman by whom he seated himself' of Wickham), a sentence about someone else,
    which begins with another's name ('Lizzy danced with her twice.' on Jane) or, on a
    ``person``, with another's thing ("Mr. Darcy's letter to Elizabeth" on Bingley; 'Elizabeth's
    sister' names a relation and stands, and so does 'Mr. Darcy's estate' on a place)."""
    tokens = re.findall(r"[\w’'-]+|[?!]", note)
    if {"?", "!"} & set(tokens) or note[:1] in "\"“‘'" or {t.casefold() for t in tokens} & _SPEAKER:
        return "a speaker's words, not a description"
    if tokens and (
        tokens[0] in _CONTINUING | _PRONOUNS
        or (_PARTICIPLE.fullmatch(tokens[0]) and tokens[1:2] != ["of"])
        or tokens[-1].casefold() in _UNFINISHED
        or note.rstrip()[-1] in ",;:—-"
        or _SENTENCE_BREAK.search(note)
    ):
        return "a piece of a sentence"
    if _ABOUT_THE_BOOK.search(note):
        return "about the book, not the record"
    if (
        person
        and len(tokens) > 2
        and tokens[0].casefold() in ("the", "a", "an")
        and _PARTICIPLE.fullmatch(tokens[1])
        and not is_person_noun(tokens[1])
        and tokens[2] == "of"
    ):  # 'the calling of Miss Pope' of Lady Metcalfe; 'the darling of the family' stands
        return "an act, not a description"
    own = own_words(names)
    kin = next(  # the relation the note opens with: 'the youngest daughter of', 'X's sisters'
        (g for i, t in enumerate(tokens[:4]) if (g := noun_gender(t)) and (
            i == 0 or tokens[i - 1].casefold() not in _SPEAKER | {"her", "his", "their"})),
        "",
    )  # fmt: skip
    if kin and {gender(n) for n in names} - {"", kin}:
        return "a person of the other gender"
    subject = next((t for t in tokens if t not in HONORIFICS and f"{t}." not in HONORIFICS), "")
    name, possessive = re.subn(r"[’']s?$", "", subject)
    if (
        name[:1].isupper()
        and name.casefold() in name_words
        and name.casefold() not in own
        and (not possessive or (person and not is_person_noun(_possessed(note, subject))))
    ):
        return "a sentence about someone else"
    if _names_itself_later(note, names):
        return "a sentence about someone else"
    if _tells_what_happened(note, names):
        return "what happened, not a description"
    if _another_rank(tokens, names):
        return "a rank its title contradicts"
    if person and _a_place(note):
        return "a place, not a person"
    return ""


# Ranks a note may give its bearer ('a private officer in the regiment' of Colonel Forster).
_RANK_WORDS = {r.casefold().rstrip(".") for r in RANKS} | {"private", "corporal", "ensign",
               "midshipman", "commodore", "brigadier"}  # fmt: skip


def _another_rank(tokens: Sequence[str], names: Sequence[str]) -> bool:
    """Whether a note's opening words give its bearer a rank other than the one the record's
    name carries ('a private officer' of Colonel Forster; 'a rear admiral' of Admiral Croft
    stands). A record without a rank in its names takes any."""
    held = {w.casefold() for n in names for w in n.split()[:1]} & _RANK_WORDS
    given = {t.casefold() for t in tokens[:3]} & _RANK_WORDS
    return bool(held and given and not given & held)


def _tells_what_happened(note: str, names: Sequence[str]) -> bool:
    """Whether a note opens on the record's own name and goes on as a sentence of the story
    ('Elizabeth is walking with Bingley again', 'Jane and Elizabeth urge him so earnestly'),
    not as a description of who it is ('Mrs. Bennet is the mother of Elizabeth', 'Mr. Bennet
    is Elizabeth's father', 'Mrs. Bennet, who sent Lydia to Brighton'); after the name's
    possessive, a verb makes it a sentence ("Mrs. Bennet's schemes for this day were
    ineffectual")."""
    for name in sorted(names, key=len, reverse=True):
        rest = note[len(name) :]
        if note.casefold().startswith(name.casefold()) and not rest[:1].isalnum():
            if rest[:1] in "’'":  # "Mrs. Bennet's schemes for this day were ineffectual"
                return bool(_VERBS & {w.casefold() for w in words(rest)})
            return not _DESCRIBED.match(rest)
    return False


_DESCRIBED = re.compile(  # what follows the record's name in a description: an apposition,
    r"[’']|\s*,(?!\s*(?:but|and|or|so|yet|that|when|while|though|if|because|as|he|she|they|it|I"
    r"|we|you)\b)|\s+(?:is|was)\s+(?:a|an|the|one|another|his|her|their|its|[A-Z][\w-]*[’']s)\b"
)  # not a clause after the comma; a copula and a noun phrase; a possessive is another's relation


COPULAS = {"is", "was", "are", "were", "be", "been", "seemed", "seems", "looked", "became",
            "appeared", "remained"}  # fmt: skip


_VERBS = COPULAS | {"has", "had", "have", "did", "does", "would", "could", "will"}  # finite


_AUXILIARIES = _VERBS | {"having", "should", "do", "then", "also", "soon", "just", "now"}


_WHO_DID = re.compile(r"(?:the|a|an)\s+(?:[\w’'-]+,?\s+){0,3}?([\w-]+)\s+who\s+([\w’'-]+)", re.I)


def done_by_another(note: str, names: Sequence[str], text: str, name_words: set[str]) -> bool:
    """Whether a note saying what the record did ('the man who approached to claim Elizabeth's
    hand') takes a verb the passage only ever gives to someone else by name ('… and Darcy
    approached to claim her hand' of Wickham). Where the other is named in the note too, the
    note may say the same deed from the record's side ('the young man who eloped with Lydia':
    'Lydia had eloped with him'); where the record's own name or a pronoun does it, it stands,
    unless the pronoun is of the other gender than the note's noun ('the man who accepted
    Elizabeth's hand': '… she accepted him')."""
    match = _WHO_DID.match(note.strip())
    if not match or not is_person_noun(match.group(1)):
        return False
    verb = match.group(2).casefold()
    if verb in _AUXILIARIES:  # 'the man who was invited': whose deed the grammar does not say
        return False
    other = {"m": "she", "f": "he"}.get(noun_gender(match.group(1)), "")  # a pronoun not his/hers
    own, said = own_words(names), {w.casefold() for w in words(note)}
    doers = []
    for found in re.finditer(rf"(?<![\w’'-]){re.escape(verb)}(?![\w’'-])", text, re.I):
        before = re.findall(r"[\w’'-]+|[^\w\s]", text[max(0, found.start() - 80) : found.start()])
        while before and (before[-1].casefold() in _AUXILIARIES or before[-1].endswith("ly")):
            before.pop()  # 'Lydia had eloped', 'Darcy suddenly approached'
        doers.append(before[-1] if before else "")
    return bool(doers) and all(
        doer.casefold() == other
        or (
            doer[:1].isupper()
            and doer.casefold() in name_words
            and doer.casefold() not in own | said
        )
        for doer in doers
    )


_PHRASE_END = {"of", "to", "in", "at", "on", "with", "by", "for", "from", "near", "and", "or",
               "but", "who", "whom", "whose", "which", "that", "as"}  # fmt: skip


def _possessed(note: str, possessive: str) -> str:
    """The noun a possessive opens onto: "Mr. Darcy's letter to Elizabeth" → 'letter',
    "Elizabeth's particular friend." → 'friend'."""
    return _phrase_head(note.split(possessive, 1)[1])


def _phrase_head(phrase: str) -> str:
    """The noun a phrase opens with, the last word before a preposition, a conjunction, a verb
    or a stop: 'the court jester who…' → 'jester', 'the hall, dining-room…' → 'hall'."""
    head = ""
    for token in re.findall(r"[\w’'-]+|[^\w\s]", phrase):
        if not token[0].isalnum() or token.casefold() in _PHRASE_END | COPULAS:
            break
        head = token
    return head


_PLACE_HEADS = {w.casefold() for w in PLACE_NOUNS | STREETS}


def _a_place(note: str) -> bool:
    """Whether a note is a place's, its noun a lowercase word that ends a place's name: 'the
    hall, dining-room, and all its furniture' given to Mr. Collins, from "The hall, the
    dining-room, and all its furniture were examined and praised" (the dev book). 'The court
    jester' is a jester, and 'the Hill family' a family."""
    head = _phrase_head(re.sub(r"^(?:the|a|an)\s+", "", note.strip(), flags=re.I))
    return head.islower() and head.rsplit("-", 1)[-1] in _PLACE_HEADS


def _names_itself_later(note: str, names: Sequence[str]) -> bool:
    """Whether a note names its own record after its opening name: a note about Bingley does
    not say 'the man who introduced Bingley to the room', nor one about Lydia 'completely under
    Lydia's guidance' (that is Kitty)."""
    opening = NAME_RUN.match(note)
    start = opening.end() if opening else 0
    return any(
        match.start() >= start
        for name in names
        for match in re.finditer(rf"(?<![\w.])(?<!Mr\. )(?<!Mrs\. ){re.escape(name)}(?!\w)", note)
    )


_KIN = {"father", "mother", "wife", "husband", "sister", "brother", "daughter", "son", "cousin",
        "uncle", "aunt", "niece", "nephew", "lover", "widow", "fiancé", "fiancée"}  # fmt: skip


_NOT_OTHERS = {fold(h).rstrip(".") for h in HONORIFICS} | STOP | {"the"}  # not a person's name


def grounded(note: str, names: Sequence[str], folded_chunk: str, name_words: set[str]) -> bool:
    """Whether the passage bears the note out: its words near the record's name
    (:func:`supported`), a kinship where it is stated, and no full name the passage never
    uses ('Elizabeth's sister, Georgiana Bennet')."""
    return (
        supported(note, folded_chunk, names)
        and _relation_stated(note, names, folded_chunk, name_words)
        and all(occurs(fold(name), folded_chunk) for name in _full_names(note, name_words))
    )


def _relation_stated(
    note: str, names: Sequence[str], folded_chunk: str, name_words: set[str]
) -> bool:
    """A note that relates the record to someone by kinship ('Elizabeth's husband', 'the father
    of Jane') stands only where the passage says it: one of its sentences (with the next) holds
    a name of the record, and the kinship word stands within :data:`KIN_REACH` words of the
    other person's name ('Elizabeth's sister', 'the sister of Elizabeth', 'her sister,
    Elizabeth'). A small model pairs the wrong people ('the father of Jane and Bingley' of
    Darcy) and reads 'her brother' as the brother of whoever the sentence names."""
    said = words(note)
    kin = {w for w in said if w.removesuffix("s") in _KIN}
    own = own_words(names)
    others = {w for w in said if w in name_words and w not in own | _NOT_OTHERS}
    if not kin or not others:
        return True
    sentences = SENTENCE.findall(folded_chunk) or [folded_chunk]
    for first in range(len(sentences)):
        span = " ".join(sentences[first : first + 2])
        if not any(occurs(fold(n), span) for n in names):
            continue
        tokens = words(span)
        relations = [i for i, t in enumerate(tokens) if t in kin]
        related = {
            t
            for j, t in enumerate(tokens)
            if t in others and any(abs(i - j) <= KIN_REACH for i in relations)
        }
        if related == others:
            return True
    return False


def _full_names(note: str, name_words: set[str]) -> list[str]:
    """The names of two or more name words in ``note`` ('Georgiana Bennet', 'Mr. Fitzwilliam
    Darcy'), without a possessive ending."""
    found = []
    for match in NAME_RUN.finditer(note):
        name = re.sub(r"[’']s$", "", match.group())
        named = [w for w in re.findall(r"[\w’'-]+", name) if f"{w}." not in HONORIFICS]
        if len(named) >= 2 and all(w.casefold() in name_words for w in named):
            found.append(name)
    return found


def own_words(names: Iterable[str]) -> set[str]:
    return {w for n in names for w in words(n)}


def names_said(note: str, names: Iterable[str]) -> list[str]:
    """The note's content words beyond the record's own ``names``."""
    own = own_words(names)
    return [w for w in content_words(note) if w not in own]
