"""What a passage says of who is who: who speaks and who is spoken to, whom a speech calls and
who answers it, and two names it says in so many words are one person's."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from saadi_desktop.state.identity import DETERMINER
from saadi_desktop.state.names import CLAUSE_VERBS, SPEECH_VERBS
from saadi_desktop.state.text import any_of

_SPEECH = re.compile(r"“([^”]*)”|\"([^\"\n]*)\"")


def answered_under(text: str, names: Iterable[str]) -> list[tuple[str, str]]:
    """(the name a speech calls, the name under which the next paragraph answers it) of each
    exchange of ``text`` between ``names``: '“I’ll be open with Dmitri Prokofitch, Dounia?”' then
    '“Of course, mother,” said Avdotya Romanovna' gives ('Dounia', 'Avdotya Romanovna'). A
    paragraph that calls two names, or whose answer names no speaker or two, gives nothing."""
    known = any_of(names)
    if not known or not _SPEECH.search(text):
        return []
    # a call: '“Dounia, goodbye”', '…, Dounia?”', '“Good God, Rodya!”'
    call = re.compile(rf"(?:^|[,;!?—]\s*)({known})(?=\s*(?:[,;!?.—]|$))")
    # its answer: '“…,” said Avdotya Romanovna', '“…” Dounia articulated', 'Rodya began: “…'
    said = re.compile(
        rf"^\s*(?:{SPEECH_VERBS})\s+(?:the\s+)?({known})(?!\w)"
        rf"|^\s*(?:the\s+)?({known})\s+(?:\w+ly\s+)?(?:{SPEECH_VERBS}|\w+ed)\b"
    )
    opening = re.compile(rf"^(?:the\s+)?({known})\s+(?:{SPEECH_VERBS}|\w+ed)\b[^“\"]{{0,40}}[“\"]")
    paragraphs = [p for p in text.split("\n") if p.strip()]
    found = []
    for this, the_next in itertools.pairwise(paragraphs):
        speeches = [a or b for a, b in _SPEECH.findall(this)]
        called = {m.group(1) for s in speeches for m in call.finditer(s.strip())}
        answer = _SPEECH.search(the_next)
        if len(called) != 1 or answer is None:
            continue
        after = said.search(the_next[answer.end() : answer.end() + 60])
        before = opening.search(the_next) if answer.start() > 0 else None
        speaker = after or before
        if speaker is not None:
            found.append((called.pop(), next(g for g in speaker.groups() if g)))
    return found


def speaks(variants: Iterable[str], texts: Iterable[str]) -> bool:
    """Whether the text makes the name a speaker ('replied Kitty', 'said the Knave', 'Kitty
    cried'; not 'said Coketown was a busy place'), calls it 'my dear' once ('my dear Gladys',
    'Dinah my dear!') or addresses it twice ('“Kitty, …', ', Lizzy!', ', Gladys.”'): places
    and things neither speak nor are spoken to."""
    pattern = any_of(variants)
    if not pattern:
        return False
    # a speaker ('said the Knave', 'Kitty cried'), or one called 'my dear': 'my dear Gladys',
    # 'Dinah my dear!' (not 'Paris, my dear, is…', where the dear is someone else); 'said
    # Coketown was a busy place' reports a clause about a town, no speaker
    speaker = re.compile(
        rf"{SPEECH_VERBS}\s+(?:the\s+)?(?:{pattern})(?!\w)(?!\s+{CLAUSE_VERBS})"
        rf"|(?<!\w)(?:{pattern})\s+{SPEECH_VERBS}\b"
        rf"|\b[Mm]y\s+dear\s+(?:{pattern})(?!\w)|(?<!\w)(?:{pattern})\s+my\s+dear\b"
    )
    # a call: '“Kitty!', '“Kitty, …', or a speech that ends on the name (', Gladys.”')
    addressed = re.compile(
        rf"[,“\"]\s*(?:{pattern})\s*[!?]|“(?:{pattern}),|,\s*(?:{pattern})[.,!?]?[”\"]"
    )
    texts = list(texts)
    calls = sum(len(addressed.findall(t)) for t in texts)
    return calls >= 2 or any(speaker.search(t) for t in texts)


# The words after which a 'who' or a 'herself' is the phrase's, not the name's: 'an old
# schoolfellow in Bath, who…', 'to the Bank himself'.
_PHRASE = ("of", "in", "at", "to", "from", "for", "on", "into", "near", "toward", "towards")
_IN_A_PHRASE = re.compile(rf"\b(?:{'|'.join(_PHRASE)}) (?:the )?\Z")
# Where a clause begins: 'Romeo was…' after a full stop or 'and', not 'Vater aus Berlin was…'.
_CLAUSE_START = re.compile(r"(?:[.;:!?—“\"(]\s|[—“\"(]|\band\s|\bbut\s)\Z")
# What only a person is: 'a stout elderly gentleman', 'a woman' (not 'a man's town').
_A_PERSON = re.compile(
    r"\s+(?:was|is)\s+an?\s+(?:[\w-]+\s+){0,3}?"
    r"(?:man|woman|gentleman|lady|girl|boy|fellow|child)\b(?!['’])"
)
_HIMSELF = re.compile(r"\s+(?:himself|herself)\b")
_WHO = {True: re.compile(r",\s+(?:who|whom|whose)\b"), False: re.compile(r",\s+(?:who|whom)\b")}


def called_who(variants: Iterable[str], texts: Iterable[str], *, whose: bool = True) -> bool:
    """Whether the text speaks of the name as of a person: says 'who' of it ('by name Heintze,
    who until lately…', 'Peterson, who, as you know…'; 'whose' too unless ``whose`` is False,
    for a sea has one: 'the Gulf, whose sonorous murmur'), 'himself' or 'herself' ('and
    Shakespeare himself'), or, at a clause's start, says it was a man or a woman ('Romeo was a
    stout elderly gentleman'). Places and things are 'which'. After 'of', 'in', 'to'…
    (:data:`_PHRASE`) the 'who' or the 'herself' belongs to the person the phrase names ('the
    Knave of Hearts, who', 'an old schoolfellow in Bath, who'; 'to Bath herself' is the
    speaker's), not to the name. Only where a name starts are the words before and after it
    read: a pattern that opens with the context's lookbehinds is tried at every character."""
    names = sorted(set(variants), key=len, reverse=True)
    if not names:
        return False
    starts = re.compile(rf"(?<!\w)(?={any_of(names)})")
    who = _WHO[whose]
    for text in texts:
        for start in starts.finditer(text):
            at = start.start()
            before = text[max(0, at - 16) : at]
            phrase = _IN_A_PHRASE.search(before) is not None
            clause = at == 0 or text[at - 1] == "\n" or _CLAUSE_START.search(before) is not None
            for name in names:
                if not text.startswith(name, at):
                    continue
                rest = text[at + len(name) : at + len(name) + 120]
                if not phrase and (who.match(rest) or _HIMSELF.match(rest)):
                    return True
                if clause and _A_PERSON.match(rest):
                    return True
    return False


def in_apposition(first: str, second: str, text: str, *, names: bool = False) -> bool:
    """Whether the passage puts a description or a name beside a name, set off by commas, as
    one person ('Alyona Ivanovna, the old woman, was remembered'; 'the eldest, Jane, smiled'),
    not as two of a list ('Jane, the officer, and Kitty'; 'Jane, the officer, Kitty'). Two
    ``names`` stand so only after a determiner ('the poor little Lizard, Bill, was in the
    middle'): 'Kitty, Lydia, hush!' calls two girls."""
    lead = rf"\b(?:{DETERMINER})\s+(?:[\w’'-]+\s+){{0,2}}" if names else r"(?<!\w)"
    for a, b in ((first, second), (second, first)):
        pattern = rf"{lead}{re.escape(a)},\s+{re.escape(b)},\s+(?!and\b|or\b|nor\b)(?-i:[a-z])"
        if re.search(pattern, text, re.I):
            return True
    return False


# The words by which a text says that two names are one person's: 'Miss Hamilton, now Mrs.
# Smith', 'Irene Norton, née Adler', 'Rodion, called Rodya', 'the Admiral (Captain Croft then)'.
_SAID_TO_BE = r"(?:,?\s+(?:now|formerly|née|called|known as|nicknamed|alias)\s+|\s*\(\s*)"


# 'Her name is Daisy Miller! … Her real name is Annie P. Miller': one she, named twice
_NAME_IS = re.compile(
    r"\b(her|his)\s+(?:(?:real|true|proper|right|christian)\s+)?name\s+(?:is|was)\s+", re.I
)


def said_to_be(x: str, y: str, text: str) -> bool:
    """Whether the text says in so many words that the names ``x`` and ``y`` are one person's
    (:data:`_SAID_TO_BE`), in either order ('Jane Bennet (Elizabeth Bennet’s sister)' says
    no such thing): evidence enough to join two names with no model."""
    return any(
        re.search(rf"(?<!\w){re.escape(a)}{_SAID_TO_BE}{re.escape(b)}(?!\w|[’']s\b)", text)
        for a, b in ((x, y), (y, x))
    )


def named_twice(x: str, y: str, text: str) -> bool:
    """Whether the text names one 'her' or 'his' by both ``x`` and ``y`` within a few lines
    (:data:`_NAME_IS`): 'Her name is Daisy Miller! … Her real name is Annie P. Miller'."""
    named = [
        (m.start(), m.group(1).lower(), name)
        for m in _NAME_IS.finditer(text)
        for name in (x, y)
        if text.startswith(name, m.end()) and not text[m.end() + len(name) :][:1].isalnum()
    ]
    return any(
        {a, b} == {x, y} and one == other and abs(p - q) <= 300
        for (p, one, a), (q, other, b) in itertools.combinations(named, 2)
    )


def stated_equivalent(x: str, y: str, text: str) -> bool:
    """Whether the passage itself says that ``x`` and ``y`` name one person: 'Avdotya
    Romanovna, or Dounia as she was called', 'Rodion, called Rodya', 'Dounia (Avdotya)', 'the
    Lizard, Bill, was' (:func:`in_apposition`)."""
    if in_apposition(x, y, text, names=True):
        return True
    for first, second in ((x, y), (y, x)):
        a, b = re.escape(first), re.escape(second)
        link = r"(?:,\s*|\s+)(?:or|called|known as|named|nicknamed|alias)\s+(?:simply\s+)?"
        if re.search(rf"(?<!\w){a}{link}{b}(?!\w)", text, re.I):
            return True
        if re.search(rf"(?<!\w){a}\s*\(\s*{b}\s*\)", text, re.I):
            return True
    return False
