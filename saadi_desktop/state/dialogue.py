"""Who answers whom in a passage's dialogue: a speech that calls someone by name, and the
speech of the next paragraph, whose speaker the narration names."""

from __future__ import annotations

import re
from collections.abc import Iterable

from saadi_desktop.state.names import SPEECH_VERBS

_SPEECH = re.compile(r"“([^”]*)”|\"([^\"\n]*)\"")


def answered_under(text: str, names: Iterable[str]) -> list[tuple[str, str]]:
    """(the name a speech calls, the name under which the next paragraph answers it) of each
    exchange of ``text`` between ``names``: '“I’ll be open with Dmitri Prokofitch, Dounia?”' then
    '“Of course, mother,” said Avdotya Romanovna' gives ('Dounia', 'Avdotya Romanovna'). A
    paragraph that calls two names, or whose answer names no speaker or two, gives nothing."""
    known = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
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
    for this, the_next in zip(paragraphs, paragraphs[1:]):
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
