"""The rules over what a small model says of the story: it proposes a headline, these decide.

A passage's headline comes from the update call that already reads the passage; a fold's from
its children's headlines. A 1.5B model's commonest errors there are a name from elsewhere in the
book, an invented event, a swapped person ('Darcy proposes' over a ball where nobody proposes)
and a copy of one child. None of these is caught by asking the model again, so each headline is
read clause by clause, and every clause must be found together in one stretch of what it sums
up: the people it names and the words it says of them within one sentence of the passage, or
within one child of a fold. A refused passage headline gives way to its key sentence (the
book's words, marked so); a refused fold, after one retry, stands as its children's headlines.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from saadi_desktop.state.names import HONORIFICS
from saadi_desktop.state.summaries import unsupported_names
from saadi_desktop.state.text import STOP, foreign_letters, sentences, words

COPY_JACCARD = 0.6  # a fold answer sharing this much of its words with one child is that child
LIST_MARK = "\n"  # a list node's text: its children's headlines, one a line
STRETCH = 1  # sentences of a passage a clause of its headline must be found within: one, since
# within two 'Darcy' and 'dances' are found together where he watches her dance
MAX_SAID = 16  # words of a passage's headline (its first sentence)
MAX_FOLD_SAID = 25  # and of a fold's

# A clause ends at a comma, semicolon or colon, or before a word that joins two events — 'and'
# only before a verb's words, not between two names ('Jane and Lizzy dance' is one event).
_CLAUSE = re.compile(
    r"[,;:]\s*|\s+(?=(?:and\s+(?![A-Z])|(?:but|while|then|as|when|after|before|until|"
    r"because|so|where|who|whom|whose|which|though|although|yet)\s))",
)
_TITLE_WORDS = {w.rstrip(".").casefold() for w in HONORIFICS}


def common_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case somewhere: no one's name ('after', 'the')."""
    return frozenset(re.findall(r"(?<![\w’'])[a-z][a-z’'-]*", text))


def token_jaccard(a: str, b: str) -> float:
    """|A ∩ B| / |A ∪ B| of the two texts' casefolded words."""
    x, y = set(words(a)), set(words(b))
    return len(x & y) / len(x | y) if x | y else 1.0


def first_sentence(headline: str) -> str:
    """A headline is one sentence: what the model wrote after its first stop is dropped."""
    found = sentences(headline)
    return found[0] if found else ""


def headline_problem(
    headline: str,
    text: str,
    names: Iterable[str],
    present: Iterable[str],
    common: Collection[str],
) -> str:
    """Why a passage's headline cannot stand ('' when it can). ``text`` is the passage,
    ``names`` the book's names, ``present`` the names known so far of those the passage
    mentions, ``common`` the words the book writes in lower case."""
    stretches = windows(sentences(text), STRETCH)
    return _problem(headline, [text], stretches, names, present, common, "the passage", MAX_SAID)


def fold_problem(
    headline: str,
    children: Sequence[str],
    quotes: Sequence[Sequence[str]],
    names: Iterable[str],
    present: Iterable[str],
    common: Collection[str],
) -> str:
    """Why a fold's headline cannot stand ('' when it can): a near-copy of one child's
    headline, or of one line of a child that is a list (a small model's commonest fold: on the
    dev book the top node repeated a grandchild's line), or a clause no one child supports.
    ``children``: their texts ('' for one with no headline), ``quotes``: their key sentences."""
    for line in (line for child in children for line in child.split(LIST_MARK)):
        if line.strip() and token_jaccard(headline, line) >= COPY_JACCARD:
            return "it repeats one of the headlines instead of covering them all"
    stretches = [" ".join([child, *said]) for child, said in zip(children, quotes, strict=True)]
    return _problem(
        headline, stretches, stretches, names, present, common, "the headlines", MAX_FOLD_SAID
    )


def _problem(
    headline: str,
    covered: Sequence[str],
    stretches: Sequence[str],
    names: Iterable[str],
    present: Iterable[str],
    common: Collection[str],
    source: str,
    most: int,
) -> str:
    if not headline.strip():
        return "no headline"
    if len(headline.split()) > most:
        return f"it runs past {most} words"
    if strange := foreign_letters(headline, *covered):
        return f"it has letters in a script not used in {source} ({strange})"
    if absent := unsupported_names(headline, covered, names, present, common):
        return f"it names {', '.join(absent)}, who is not in {source}"
    if loose := unsupported_clauses(headline, stretches):
        return f"{'; '.join(repr(c) for c in loose)}: not said together in {source}"
    return ""


def windows(items: Sequence[str], size: int) -> list[str]:
    """Every run of ``size`` consecutive items (all of them when there are fewer), joined."""
    if len(items) <= size:
        return [" ".join(items)]
    return [" ".join(items[i : i + size]) for i in range(len(items) - size + 1)]


def clauses(headline: str) -> list[str]:
    return [c.strip() for c in _CLAUSE.split(headline) if c and c.strip()]


def unsupported_clauses(headline: str, stretches: Sequence[str]) -> list[str]:
    """The clauses of ``headline`` whose words are found together in none of ``stretches``:
    each word of a clause that says something (a name, or a content word: longer than three
    letters, not a function word or a title) must occur, as some form of it, in one stretch
    with all the others. A name of several words needs only one of them ('Elizabeth Bennet'
    where the text says 'Elizabeth')."""
    held = [{stem(w) for w in words(s)} for s in stretches]
    return [
        clause
        for clause in clauses(headline)
        if (needs := _needs(clause)) and not any(all(n & have for n in needs) for have in held)
    ]


def _needs(clause: str) -> list[set[str]]:
    """What a clause says, as alternatives: one set of stems per name run or content word."""
    needs: list[set[str]] = []
    run: set[str] = set()
    for token in clause.split():
        word = token.strip("“”\"'‘’.,;:!?()—-")
        folded = word.casefold()
        is_name = word[:1].isupper() and folded not in STOP and folded not in _TITLE_WORDS
        if is_name and len(folded) > 1:
            run |= {stem(w) for w in words(word)}
            continue
        if run:
            needs.append(run)
            run = set()
        for w in words(word):
            if len(w) > 3 and w not in STOP and w not in _TITLE_WORDS and w not in _FRAMING:
                needs.append({stem(w)})
    if run:
        needs.append(run)
    return needs


# Words that tell how a passage goes, not what happens in it ('Elizabeth's conversation with
# Darcy'): a headline may say them of any passage.
_FRAMING = {"story", "scene", "passage", "conversation", "talk", "talks", "discuss",
            "discusses", "discussion", "chapter", "news", "meanwhile", "later",
            "continue", "continues", "begin", "begins", "ends"}  # fmt: skip


# Past forms that share no stem with the verb: 'told' is said of what 'tell' says.
IRREGULAR = {
    "told": "tell", "went": "go", "gone": "go", "came": "come", "saw": "see", "seen": "see",
    "left": "leave", "met": "meet", "took": "take", "taken": "take", "gave": "give",
    "given": "give", "found": "find", "thought": "think", "wrote": "write",
    "written": "write", "spoke": "speak", "spoken": "speak", "bought": "buy", "brought": "bring",
    "heard": "hear", "knew": "know", "known": "know", "felt": "feel", "kept": "keep",
    "began": "begin", "begun": "begin", "became": "become", "fell": "fall", "fallen": "fall",
    "held": "hold", "stood": "stand", "sat": "sit", "ran": "run", "sent": "send",
    "spent": "spend", "lost": "lose", "paid": "pay", "sold": "sell", "sought": "seek",
    "taught": "teach", "caught": "catch", "fought": "fight", "won": "win", "wore": "wear",
    "chose": "choose", "chosen": "choose", "forgot": "forget", "forgiven": "forgive",
    "rode": "ride", "ridden": "ride", "drove": "drive", "driven": "drive", "broke": "break",
    "broken": "break", "hid": "hide", "hidden": "hide", "led": "lead", "meant": "mean",
    "understood": "understand", "struck": "strike", "threw": "throw", "thrown": "throw",
    "flew": "fly", "grew": "grow", "grown": "grow", "drew": "draw", "drawn": "draw",
    "ate": "eat", "eaten": "eat", "lay": "lie", "lain": "lie", "laid": "lay", "rose": "rise",
    "risen": "rise", "woke": "wake", "shook": "shake", "swore": "swear", "sworn": "swear",
    "married": "marry", "dies": "die", "died": "die", "lies": "lie", "rang": "ring",
    "rung": "ring", "sang": "sing", "sung": "sing", "swam": "swim", "drank": "drink",
    "sank": "sink", "shot": "shoot", "slept": "sleep", "wept": "weep", "dealt": "deal",
    "fled": "flee", "hung": "hang", "bore": "bear",
}  # fmt: skip
_SUFFIXES = sorted(("ingly", "ing", "edly", "ed", "es", "s", "e", "ly", "y", "ies", "ied"),
                   key=len, reverse=True)  # fmt: skip


def stem(word: str) -> str:
    """A word's first five letters once its inflection is off: 'proposes', 'proposal' and
    'propose' share 'propo'; 'danced' and 'dance' share 'danc'."""
    word = word.casefold().replace("’", "'").removesuffix("'s")
    word = IRREGULAR.get(word, word)
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:5]


def as_list(children: Sequence[str]) -> str:
    """A fold the model could not make stands as its children's headlines, in order."""
    lines = (" ".join(c.replace(LIST_MARK, " · ").split()) for c in children)
    return LIST_MARK.join(line for line in lines if line)
