"""Render the entity browser's timeline on a real index into docs/screenshots/timeline.png.

    python docs/make_timeline_screenshot.py BOOK_DB [NAME ...]

BOOK_DB is a book DB a model has indexed (part of the way is enough); it is copied into a
temporary library (a consistent copy even while an indexer writes to it), so it is never
touched. The reader stands at the end of what the model has read, the spoiler shield on, and
the NAMEs (by default the three most mentioned people) are compared on one strip; the passage
they share last is opened in the reader from the strip's last lane.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from contextlib import closing
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from make_screenshots import new_window, save, show_people, wait_until


def shoot_timeline(source: Path, names: list[str]) -> int:
    from saadi_desktop.store import BookDB
    from saadi_desktop.store import state as store

    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as home:
        os.environ["SAADI_HOME"] = home
        path = Path(home) / "books" / source.name
        path.parent.mkdir()
        with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(path)) as dst:
            src.backup(dst)
        with BookDB.open(path) as db:
            chunks = db.chunks()
            read = chunks[max(0, min(store.builder_row(db).next_chunk, len(chunks)) - 1)]
            db.set_reading_position(read.start)
        app, window = new_window()
        window.open_book(path)
        wait_until(app, lambda: window.reader.book is not None)
        window.reader.scroll_to(read.end - 1)  # read as far as the model has
        show_people(app, window)
        browser = window.tools.entities
        people = [e for e in browser.entries if not e.by_name_only and e.mentions]
        if names:
            chosen = [e for name in names for e in browser.entries if e.name == name][:6]
        else:
            chosen = sorted(people, key=lambda e: -len(e.mentions))[:3]
        browser.compare([e.key for e in chosen])
        strip = browser.strip
        shared = strip.timeline.together() if strip.timeline is not None else ()
        if shared:
            browser.open_lane_mention("", shared[-1])
        elif chosen:
            browser.open_mention(chosen[0].mentions[-1])
        app.processEvents()
        save(window, "timeline.png")
        window.close()
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    raise SystemExit(shoot_timeline(Path(sys.argv[1]), sys.argv[2:]))
