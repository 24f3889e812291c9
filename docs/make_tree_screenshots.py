"""Screenshots of the summary tree a real index made: the "Where was I?" recap read up to given
shares of the book, and the outline's top levels (offscreen, on a copy of the book DB).

    python docs/make_tree_screenshots.py BOOK_DB [PERCENT …]     (default: 25 50 75)

Writes docs/screenshots/recap-pNN.png for each share and outline-top.png (the outline with the
spoilers shown, its highest node chosen), and prints each recap's text, which docs/results.md
quotes.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from contextlib import closing
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_screenshots import new_window, save, show_people, wait_until


def main(argv: list[str]) -> int:
    source, shares = Path(argv[0]), [int(p) for p in argv[1:]] or [25, 50, 75]
    with tempfile.TemporaryDirectory(prefix="saadi-tree-shots-") as home:
        os.environ["SAADI_HOME"] = home
        path = Path(home) / "books" / source.name
        path.parent.mkdir()
        read_only = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        with closing(read_only) as src, closing(sqlite3.connect(path)) as dst:
            src.backup(dst)  # a consistent copy, even of a book being indexed
        from saadi_desktop.reading.recap import recap
        from saadi_desktop.store import BookDB

        app, window = new_window()
        window.open_book(path)
        wait_until(app, lambda: window.reader.book is not None)
        companion, reader = window.companion, window.reader
        for share in shares:
            place = len(reader.book.text) * share // 100
            reader.scroll_to(place)
            shown: list[object] = []
            companion.recap.recap_shown.connect(shown.append)
            companion.recap.show_recap()
            wait_until(app, lambda shown=shown: bool(shown))
            app.processEvents()
            save(window, f"recap-p{share}.png")
            companion.recap.sheet.dismiss()
            companion.recap.recap_shown.disconnect()
            with BookDB.open(path) as db:
                told = recap(db, place)
            print(f"\n# recap at {share} % ({told.where})")
            for part in told.parts:
                print(f"[{part.where} · level {part.level} · {part.form}] {part.text}")
        window.search.spoilers.setChecked(True)
        show_people(app, window)
        tools = window.tools
        tools.show_tab(2)
        outline = tools.outline
        item = outline.tree.topLevelItem(0)
        if item is not None:
            item.setExpanded(True)
            outline.tree.setCurrentItem(item)
        app.processEvents()
        save(window, "outline-top.png")
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
