"""Whether a note is the passage's own words copied rather than the model's: cut short inside a
word or where the grammar's length ran out, or taken from inside a sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from saadi_desktop.state.answer import MAX_NOTE
from saadi_desktop.state.identity import DETERMINERS, fold, is_person_noun
from saadi_desktop.state.notes import COPULAS, own_words
from saadi_desktop.state.text import occurs, words

COPY_WORDS = 6  # the passage's words a note may end on before it is a copy cut short


def ends_inside_a_word(note: str, folded_chunk: str) -> bool:
    """Whether the note stops inside a word of the passage it was copied from ('he had a
    pleasant counten')."""
    last = (words(note) or [""])[-1]
    cut = re.compile(rf"(?<!\w){re.escape(last)}\w")
    return bool(last) and not occurs(last, folded_chunk) and bool(cut.search(folded_chunk))


def no_room_for_the_next_word(note: str, folded_chunk: str) -> bool:
    """Whether the note ends on the passage's words up to where the next word would not have
    fitted in a note ('a frayed top-hat and a faded brown overcoat with a wrinkled', then
    'velvet'): the grammar's length cut a copy short. The copy may follow words of the model's
    own, six words or more of it ('Mlle. Blanche is a Frenchwoman of good birth who, living',
    then 'with'); fewer are a phrase the note shares with the passage ('the plain one in the
    family who worked hard for knowledge', of Mary, then 'and' in the passage)."""
    full = fold(note).rstrip()
    parts = full.split(" ")
    for start in range(max(1, len(parts) - COPY_WORDS + 1)):
        key = " ".join(parts[start:])
        for match in re.finditer(rf"(?<!\w){re.escape(key)} (\w+)", folded_chunk):
            if len(full) + 1 + len(match.group(1)) > MAX_NOTE:
                return True
    return False


def cut_from_a_sentence(note: str, folded_chunk: str, names: Sequence[str]) -> bool:
    """Whether the note is the passage's words taken from inside a sentence: copied, for two
    words or more, from right after another word ('… at such a mode of passing the evening' →
    'mode of passing the evening'; "Lydia's being settled in the North" → 'settled in the
    North'; '… to the exclusion of all conversation, and was too much engrossed' →
    'conversation, and is too much engrossed'), opening on neither a determiner nor a kind of
    person ('young lady of deep reflection' of 'you are a young lady of deep reflection'
    describes Mary). What follows the record's own name or 'was' is said of it ('Mr. Bingley
    was good looking and gentleman-like')."""
    opening = words(note)[:2]
    if not opening or not note.lstrip()[:1].islower() or opening[0] in DETERMINERS:
        return False
    if any(is_person_noun(w) for w in opening):
        return False
    copied = fold(note).rstrip(".").split()
    starts: list[int] = []
    while len(copied) >= 2 and not starts:  # the longest opening copied from the passage
        pattern = r"\s+".join(re.escape(w) for w in copied)
        starts = [m.start() for m in re.finditer(rf"(?<!\w){pattern}", folded_chunk)]
        copied.pop()
    before = [re.search(r"(\w+)[’']?\s*$", folded_chunk[:i]) for i in starts]
    subject = COPULAS | own_words(names)
    return bool(starts) and all(b is not None and b.group(1) not in subject for b in before)
