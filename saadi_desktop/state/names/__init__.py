"""The names pass: zero-LLM proper-name mining and variant clustering, in reading order.

It gives a first character list the moment a book is imported, and the candidate names of each
chunk for the update prompt. Clustering is incremental — a variant joins a cluster using only the
variants seen so far — so, like everything else, each decision is stamped with the chunk it was
made at and a cluster never reveals a later identity.

Its parts, in the order they build on each other: :mod:`.vocabulary` (the words known by heart:
titles, place nouns, given names and their diminutives), :mod:`.variants` (what a name says of
itself), :mod:`.usage` (how the book writes each capitalised word, and so which are names),
:mod:`.mentions` (the names of one text), :mod:`.clusters` (which names are one name's variants).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from saadi_desktop.state import rulebook as rules
from saadi_desktop.state.names.clusters import Mention, NamesPass
from saadi_desktop.state.names.mentions import (
    is_role_mention,
    mentions_in,
    role_mentions,
    roles_met_anew,
)
from saadi_desktop.state.names.usage import (
    _usage,
    articled_words,
    bound_words,
    name_words,
    story_roles,
    surname_words,
    surnames_of,
    titled_words,
)
from saadi_desktop.state.names.variants import (
    IN_A_PLACE,
    LOCATIVE,
    ends_in_a_group_noun,
    ends_in_a_place_noun,
    is_a_creature,
    is_a_known_place,
    is_street,
    locative_uses,
    role_of,
)
from saadi_desktop.state.names.vocabulary import (
    CLAUSE_VERBS,
    DROPPED_TITLES,
    FEMALE,
    HONORIFICS,
    KIN_ADDRESS,
    KIN_TITLES,
    MALE,
    MISTER,
    NOT_NAMES,
    PARTICLES,
    PLACE_NOUNS,
    RANKS,
    RUSSIAN_DIMINUTIVES,
    SAINTS,
    SPEECH_VERBS,
    SPELLINGS,
    STREETS,
    SURNAME_TITLES,
    TITLES_OF,
    diminutive_table,
    given_name_table,
    is_given_name,
    transliterations,
    unread_names,
)
from saadi_desktop.state.rulebook import decided, on


def names_pass(chunks: Sequence[tuple[int, str]]) -> tuple[NamesPass, list[Mention]]:
    """Mine and cluster the names of ``chunks`` ((seq, text) in reading order): the clusters
    and each chunk's mentions (chunk seq, cluster id, variant, count). A pure function of the
    text, so the pass can be redone whenever the text grows."""
    texts = [text for _, text in chunks]
    usage = _usage(texts)
    words, titled = name_words(texts, usage), titled_words(texts, usage)
    bound, surnames = bound_words(texts, usage), surname_words(texts, usage)
    articled, roles = articled_words(texts, usage), story_roles(texts)
    clusters = NamesPass(surnames_of(usage))
    mentions: list[Mention] = []
    met: dict[str, int] = {}  # a role's variant → the passage it was last met in
    for seq, chunk_text in chunks:
        found = clusters.split(mentions_in(chunk_text, words, titled, bound, surnames, articled))
        if on(rules.A_ROLE_OF_THE_STORY):  # 'a policeman' again, chapters later: another man
            for variant in roles_met_anew(chunk_text, met, seq):
                decided(rules.A_ROLE_OF_THE_STORY)
                roles.discard(variant.split()[1])
                del met[variant]
        for variant in role_mentions(chunk_text, roles):  # 'said the croupier': someone unnamed
            found.append(variant)
            met[variant] = seq
        clusters.read(seq, found, chunk_text)
        for variant, count in Counter(found).items():
            mentions.append((seq, clusters.cluster_of(variant).id, variant, count))
    return clusters, mentions


__all__ = [
    "CLAUSE_VERBS",
    "DROPPED_TITLES",
    "FEMALE",
    "HONORIFICS",
    "IN_A_PLACE",
    "KIN_ADDRESS",
    "KIN_TITLES",
    "LOCATIVE",
    "MALE",
    "MISTER",
    "NOT_NAMES",
    "PARTICLES",
    "PLACE_NOUNS",
    "RANKS",
    "RUSSIAN_DIMINUTIVES",
    "SAINTS",
    "SPEECH_VERBS",
    "SPELLINGS",
    "STREETS",
    "SURNAME_TITLES",
    "TITLES_OF",
    "Mention",
    "NamesPass",
    "bound_words",
    "diminutive_table",
    "ends_in_a_group_noun",
    "ends_in_a_place_noun",
    "given_name_table",
    "is_a_creature",
    "is_a_known_place",
    "is_given_name",
    "is_role_mention",
    "is_street",
    "locative_uses",
    "mentions_in",
    "name_words",
    "names_pass",
    "role_of",
    "surname_words",
    "titled_words",
    "transliterations",
    "unread_names",
]
