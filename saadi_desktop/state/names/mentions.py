"""The name variants of one text, in order: runs of name words with their titles, particles,
initials and articles, as the mining rules read them."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.names.usage import (
    _CAPITAL,
    _HYPHEN,
    _INITIAL,
    _NEXT_CAPITAL,
    _POSSESSIVE,
    _SENTENCE_OPENERS,
    _TOKEN,
)
from saadi_desktop.state.names.variants import _saint
from saadi_desktop.state.names.vocabulary import (
    ADDRESS,
    HONORIFICS,
    KIN_TITLES,
    MONTHS,
    NOT_NAMES,
    PARTICLES,
    ROLES,
    STREETS,
    TITLES_OF,
    WORK_NOUNS,
    is_full_given_name,
    is_given_name,
)
from saadi_desktop.state.rulebook import decided, on


def _hyphened(text: str, end: int) -> bool:
    """Whether the word ending at ``end`` is joined by a hyphen to the next, but not to a
    street's word: 'Down the Rabbit-Hole' names no Rabbit; 'Grosvenor-street' names Grosvenor."""
    tail = _HYPHEN.match(text, end)
    if not tail or tail.group(1).capitalize() in STREETS or not on(rules.PART_OF_A_WORD):
        return False
    decided(rules.PART_OF_A_WORD)
    return True


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
        # a dance, a song: 'the Lobster Quadrille', 'the Blue Danube Waltz'
        work = len(run) >= 2 and run[-1] in WORK_NOUNS and on(rules.NEVER_A_NAME)
        decided(rules.NEVER_A_NAME, work)
        named = run and not work and any(w in names or w in titled for w in run)
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


def role_mentions(text: str, roles: Collection[str]) -> list[str]:
    """Each 'the croupier' of a text, for the ``roles`` of the story
    (:func:`story_roles`), as the variant 'the croupier' ('the croupier’s rake' too; not 'the
    croupiers', nor 'the croupier-boy')."""
    if not roles:
        return []
    pattern = rf"\b[Tt]he ({'|'.join(sorted(map(re.escape, roles)))})\b(?!-\w)"
    return [f"the {role}" for role in re.findall(pattern, text)]


ROLE_GAP = 10  # passages (a chapter or so) after which a role brought in again is someone else


def roles_met_anew(text: str, last: Mapping[str, int], seq: int) -> set[str]:
    """The roles' variants (of :func:`role_mentions`; ``last``: each one's last passage) that
    chunk ``seq`` brings in again as someone new, :data:`ROLE_GAP` passages or more after the
    last: 'a policeman ran down the steps' chapters after the policeman of the boulevard."""
    return {
        variant
        for variant, at in last.items()
        if seq - at >= ROLE_GAP
        and (noun := variant.split()[1]) in text  # most passages name no role: no search
        and re.search(rf"\b[Aa]n?\s+(?:[a-z-]+\s+)?{re.escape(noun)}\b(?!['’]s)", text)
    }


def is_role_mention(variant: str) -> bool:
    """'the croupier': a role's variant (:func:`role_mentions`), no name's."""
    words = variant.split()
    return len(words) == 2 and words[0] == "the" and words[1].islower()
