"""The entity browser on freshly imported books, before any model has read them: the names pass
and the rulebook's joins, read to the end (offscreen, in a temporary library).

    python docs/make_entity_screenshots.py [BOOK NAME SHOT …]

By default, Pride and Prejudice with Elizabeth Bennet chosen (entity-browser-rules-pride.png)
and Persuasion with Captain Wentworth (entity-browser-rules-persuasion.png) and with Mr.
Elliot, the heir (entity-browser-rules-persuasion-elliot.png) and with the Admiral, who is
Admiral Croft (entity-browser-rules-persuasion-admiral.png); Alice's Adventures in Wonderland
with the Cheshire Cat, known as 'the Cat' (entity-browser-rules-alice.png); Dorian Gray's
Juliet, a person by the pronouns (entity-browser-rules-dorian-juliet.png); The Gambler's
croupier, named by his role alone (entity-browser-rules-gambler.png); Crime and Punishment's
Avdotya Romanovna with 'Dounia', whom the dialogue shows one (entity-browser-rules-crime.png),
and its policeman of the boulevard, whose later namesakes are other men
(entity-browser-rules-crime-policeman.png). Each BOOK is an EPUB of
../shared/books/epub/, NAME the entry to choose (its name or one of its aliases),
SHOT the file written in docs/screenshots/. Prints each chosen entry's names, which
docs/results.md describes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_screenshots import SHARED, new_window, save, show_people, wait_until

SHOTS = [
    ("austen_pride-and-prejudice.epub", "Elizabeth", "entity-browser-rules-pride.png"),
    ("austen_persuasion.epub", "Captain Wentworth", "entity-browser-rules-persuasion.png"),
    ("austen_persuasion.epub", "Mr. Elliot", "entity-browser-rules-persuasion-elliot.png"),
    ("austen_persuasion.epub", "the Admiral", "entity-browser-rules-persuasion-admiral.png"),
    ("carroll_alices-adventures-in-wonderland.epub", "the Cat", "entity-browser-rules-alice.png"),
    ("wilde_the-picture-of-dorian-gray.epub", "Juliet", "entity-browser-rules-dorian-juliet.png"),
    ("dostoevsky_the-gambler_hogarth.epub", "the croupier", "entity-browser-rules-gambler.png"),
    ("dostoevsky_crime-and-punishment_garnett.epub", "Dounia", "entity-browser-rules-crime.png"),
    (
        "dostoevsky_crime-and-punishment_garnett.epub",
        "the policeman",
        "entity-browser-rules-crime-policeman.png",
    ),
]


def main(argv: list[str]) -> int:
    shots = [(argv[n], argv[n + 1], argv[n + 2]) for n in range(0, len(argv) - 2, 3)] or SHOTS
    with tempfile.TemporaryDirectory(prefix="saadi-entity-shots-") as home:
        os.environ["SAADI_HOME"] = home
        app, window = new_window()
        opened = ""
        for book, name, shot in shots:
            if book != opened:  # the next book, imported and opened
                before, opened = window.path, book
                window.import_files([str(SHARED / book)])
                wait_until(app, lambda before=before: window.path not in (None, before)
                           and window.reader.book is not None)  # fmt: skip
            reader = window.reader
            reader.scroll_to(len(reader.book.text) - 1)  # read to the end: nothing is hidden
            show_people(app, window)
            browser = window.tools.entities
            found = [e for e in browser.entries if name == e.name or name in e.aliases]
            if not found:
                names = ", ".join(e.name for e in browser.entries[:40])
                raise SystemExit(f"{book}: no entry named {name!r} ({names}…)")
            chosen = found[0]
            browser.select(chosen.key)
            if chosen.mentions:
                browser.open_mention(chosen.mentions[0])
            app.processEvents()
            save(window, shot)
            print(f"  {chosen.name} ({chosen.type}, {len(chosen.mentions)} passages): "
                  + " / ".join(chosen.aliases))  # fmt: skip
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
