"""Given names: whether two are one name — a diminutive and its full form by the nickname
tables ('Lizzy' and 'Elizabeth', 'Sonia' and 'Sofya'), a familiar ending ('Kitty' of 'Kit'),
a spelling the tables do not write ('Charley', 'Sissy')."""

from __future__ import annotations

from saadi_desktop.state.names import (
    SPELLINGS,
    diminutive_table,
    given_name_table,
    is_given_name,
)


def same_given_name(x: str, y: str) -> bool:
    """'Lizzy' and 'Elizabeth'; also 'Lizzy' and 'Eliza', two diminutives of one name;
    'Sissy' and 'Cecilia' (:func:`table_spelling`)."""
    x, y = table_spelling(x), table_spelling(y)
    table = given_name_table()
    return (
        x == y or is_nickname(x, y) or bool(table.get(x, frozenset()) & table.get(y, frozenset()))
    )


FAMILIAR_ENDINGS = ("y", "ie", "ey")  # 'Kitty' of 'Kit', 'Skaggsy' of 'Skaggs', 'Georgie'


def familiar_ending(familiar: str, name: str) -> bool:
    """Whether ``familiar`` is ``name`` with a familiar ending, its last consonant doubled or
    its last 'e' dropped as English spells it ('Kitty' of 'Kit', 'Skaggsy' of 'Skaggs',
    'Georgie' of 'George'): the same name, whatever the table knows of either."""
    if len(name) < 3 or not familiar.startswith(name[:-1]):
        return False
    return any(
        familiar == stem + ending
        for ending in FAMILIAR_ENDINGS
        for stem in {name, name + name[-1], name.removesuffix("e")}
    )


def is_nickname(x: str, y: str) -> bool:
    """Whether the nickname table says one given name is a diminutive of the other
    ('Lizzy' and 'Elizabeth'; 'Eliza' and 'Elizabeth')."""
    x, y = table_spelling(x), table_spelling(y)
    if x == y:
        return False
    table = given_name_table()
    return y in table.get(x, ()) or x in table.get(y, ())


def names_it_shortens(nick: str) -> list[str]:
    """The full given names the table lists ``nick`` as a diminutive of, each spelling of a
    name once: one for 'Lizzy' (Elizabeth), one for 'Sonia' (Sofya, Sofia), seven for 'Lee'
    (Elias, Leroy, Shirley…)."""
    full = (n for n in given_name_table().get(table_spelling(nick), ()) if is_diminutive(nick, n))
    return sorted({SPELLINGS.get(n, n) for n in full})


def is_diminutive(nick: str, full: str, *, russian: bool = True) -> bool:
    """Whether the table lists ``nick`` as a diminutive of the given name ``full`` ('Lizzy' of
    'Elizabeth'), not the other way round, in any of the spellings of its ending
    (:func:`table_spelling`: 'Charley' as 'Charlie'); with ``russian`` False, the English table
    only."""
    return table_spelling(nick) in diminutive_table(russian).get(full.lower(), ())


DIMINUTIVE_ENDINGS = ("ie", "ey", "y")  # one ending spelled three ways: Charlie, Charley, Charly


def table_spelling(name: str) -> str:
    """``name`` lowercased as the nickname table spells it: a familiar form's ending is
    written '-ie', '-ey' or '-y' ('Charley', 'Nellie', 'Fannie'), and a soft 'c' as 's'
    ('Sissy', 'Sis'), and the table has one spelling or another ('charlie', 'nelly',
    'cissy')."""
    lowered = name.lower()
    table = given_name_table()
    soft = "c" + lowered[1:] if lowered[:1] == "s" and lowered[1:2] in ("i", "e", "y") else ""
    for spelled in filter(None, (lowered, soft)):
        if spelled in table:
            return spelled
        for ending in DIMINUTIVE_ENDINGS:
            if spelled.endswith(ending) and len(spelled) > len(ending) + 1:
                stem = spelled[: -len(ending)]
                for other in DIMINUTIVE_ENDINGS:
                    if stem + other in table:
                        return stem + other
        if spelled.endswith("ie") and len(spelled) > 3 and spelled[:-2] in table:
            return spelled[:-2]  # a familiar '-ie' on the table's form: 'Maudie' of 'Maud'
    return lowered


def a_familiar_given_name(word: str) -> bool:
    """Whether ``word`` is a given name the table knows with a familiar '-ie' that it spells
    otherwise or not at all ('Tonie' of 'Tony', 'Maudie' of 'Maud', 'Evie' of 'Ev'): a
    person's name, though not the table's (so it begins no surname's rules)."""
    return word.lower().endswith("ie") and table_spelling(word) in given_name_table()


def both_given_names(x: str, y: str) -> bool:
    return is_given_name(x) and is_given_name(y)
