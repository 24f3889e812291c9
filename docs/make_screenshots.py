"""Render screenshots of the desktop app into docs/screenshots/ (offscreen, no display needed).

    python docs/make_screenshots.py [BOOK]
    python docs/make_screenshots.py --real-index SAADI_HOME
    python docs/make_screenshots.py --companion [BOOK]
    python docs/make_screenshots.py --companion-real BOOK_DB
    python docs/make_screenshots.py --outline [BOOK]

The book (by default the shared Crime and Punishment EPUB) is imported into a temporary library,
so the real one is never touched. ``--real-index`` shows the entity browser on a copy of each book
a library's default model has indexed (entity-browser-real-model.png). ``--companion`` takes
only the "Who is this?" card and the "Where was I?" recap (who-card.png, recap.png, and its
end, recap-recent.png);
``--companion-real`` takes them on a copy of a book DB the real model has indexed (part of),
read up to the last passage it indexed (who-card-real-model.png, recap-real-model.png).
``--outline`` takes only the outline: a level-1 headline chosen (outline.png), a passage's
headline (outline-passage.png) and a list the model could not condense, if there is one
(outline-list.png), each with the book's key sentences below. The outline and the recap shots
are of the stand-in model's state: its headlines are the passage's first words, not a model's.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)
from PySide6.QtWidgets import QApplication, QWidget  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SHARED = Path(os.environ.get("SAADI_SHARED", ROOT.parent / "shared")) / "books" / "epub"
BOOK = SHARED / "dostoevsky_crime-and-punishment_garnett.epub"
OTHER = SHARED / "dostoevsky_the-gambler_hogarth.epub"  # a second title for the library list
QUERY = "axe"
READ_UP_TO = "Part III"  # the section the reader has got to: the spoiler limit in the shots


def wait_until(app: QApplication, done: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)


def save(widget: QWidget, name: str) -> Path:
    path = OUT / name
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    print(path)
    return path


INDEXED_CHUNKS = 200  # the stand-in model reads this far: a partly indexed book


def show_people(app: QApplication, window: Any) -> None:
    """The People & places tab with room for it, once the book's notes have arrived (an answer
    to an older request is dropped)."""
    tools = window.tools
    window.splitter.setSizes([470, 560, 370])
    tools.tabs.parentWidget().setSizes([130, 770])  # the left column: more room for the tabs
    tools.show_tab(1)
    shown: list[int] = []
    tools.notes_changed.connect(lambda: shown.append(1))
    tools.refresh()
    wait_until(app, lambda: bool(shown))


def new_window() -> tuple[QApplication, Any]:
    from saadi_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    return app, window


def shoot_reading_tools(app: QApplication, window: Any) -> None:
    """The entity browser, the outline and the dark theme, on a state built by the names-based
    stand-in model (saadi_desktop.llm.demo), with the reader at READ_UP_TO, spoilers hidden."""
    from saadi_desktop.llm.demo import names_model
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.store import BookDB

    tools = window.tools
    with BookDB.open(window.path) as db:
        build_state(db, names_model(), limit=INDEXED_CHUNKS)
    window.refresh_library()
    window.search.query.clear()
    window.search.spoilers.setChecked(False)
    column = tools.tabs.parentWidget()
    sizes = window.splitter.sizes(), column.sizes()  # put back for the shots that follow
    show_people(app, window)
    browser = tools.entities
    people = [e for e in browser.entries if e.type == "person" and e.aliases and e.mentions]
    chosen = people[0] if people else browser.entries[0]
    browser.select(chosen.key)
    browser.open_mention(chosen.mentions[-1])
    app.processEvents()
    save(window, "entity-browser.png")

    shoot_outline(app, window)

    tools.set_theme("dark")
    tools.show_tab(1)
    browser.open_mention(chosen.mentions[-1])
    app.processEvents()
    save(window, "reader-dark.png")
    tools.set_theme("light")
    window.splitter.setSizes(sizes[0])
    column.setSizes(sizes[1])


def shoot_outline(app: QApplication, window: Any, *, more: bool = False) -> None:
    """The outline tab: the first level-1 node opened and chosen (its headline and key
    sentences below, its span shaded in the reader); with ``more``, a passage of it chosen, and
    the first list the model could not condense."""
    tools = window.tools
    tools.show_tab(2)
    outline = tools.outline

    def choose(path: tuple[int, ...], name: str) -> None:
        for depth in range(1, len(path) + 1):
            outline.item_at(path[:depth]).setExpanded(True)
        item = outline.item_at(path)
        outline.tree.setCurrentItem(item)
        outline.tree.scrollToItem(item)
        outline.open_item(item)
        app.processEvents()
        save(window, name)

    ones = sorted(path for path, node in outline.nodes.items() if node.level == 1)
    if ones:  # the first level-1 node, opened: its span is shaded in the reader
        choose(ones[0], "outline.png")
    if not more or not ones:
        return
    under = [path for path in outline.nodes if path[: len(ones[0])] == ones[0]]
    passages = sorted(path for path in under if outline.nodes[path].form == "headline"
                      and outline.nodes[path].level == 0)  # fmt: skip
    if passages:  # its first passage with a headline
        choose(passages[0], "outline-passage.png")
    lists = sorted(path for path, node in outline.nodes.items() if node.form == "list")
    if lists:
        choose(lists[0], "outline-list.png")


def shoot_outline_only(book: Path) -> int:
    """The outline on ``book`` with the stand-in state, read up to READ_UP_TO."""
    from saadi_desktop.llm.demo import names_model
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.store import BookDB

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as home:
        os.environ["SAADI_HOME"] = home
        app, window = new_window()
        window.import_files([str(book)])
        wait_until(app, lambda: window.reader.book is not None and window.path is not None)
        with BookDB.open(window.path) as db:
            build_state(db, names_model(), limit=INDEXED_CHUNKS)
        window.refresh_library()
        reader = window.reader
        place = next((s.start for s in reader.book.sections if s.title == READ_UP_TO), None)
        reader.scroll_to(place if place is not None else len(reader.book.text) // 3)
        window.search.spoilers.setChecked(False)
        show_people(app, window)  # the room the reading tools get, and the notes as of here
        shoot_outline(app, window, more=True)
        window.close()
    return 0


def shoot_indexing(app: QApplication, window: Any) -> None:
    """The indexing panel mid-run: the built-in model reading the second book (real figures).
    The shot is taken once the first passage is read; the run is then paused."""
    other = next((b for b in window.library.books() if b.path != window.path), None)
    if other is None:
        return
    window.library.select(other.path)
    wait_until(app, lambda: window.path == other.path)
    panel = window.indexing
    panel.set_model_spec("")  # the built-in model, assembled into the temporary library
    read: list[str] = []
    panel.index_changed.connect(lambda _path, state: read.append(state))
    panel.start_without_estimate()
    wait_until(app, lambda: bool(read), timeout=1800)  # loading the model, then one passage
    app.processEvents()
    save(window, "indexing.png")
    panel.pause()
    wait_until(app, lambda: not panel.busy, timeout=1800)  # the call in progress ends first


DEEP_QUERY = "Where did he hide the things he took from the old woman?"


def judge_model() -> Any:
    """A stand-in for the model in the deep-search shot, so that it takes seconds: it prefers
    the passages that share the most words with the question. Its calls and tokens are real
    figures for its prompts (tokens counted as words); its time is not a model's."""
    from saadi_desktop.llm.scripted import ScriptedLLM

    def reply(messages: list[Any]) -> str:
        user = messages[-1]["content"]
        question = user.split("\n", 1)[0].removeprefix("QUESTION: ").lower()
        body = user.split("PASSAGES:\n", 1)[1].split("\n---\n")[0]
        passages = [p.split("\n", 1)[1].lower() for p in re.split(r"(?m)^(?=\[\d+\]\n)", body)
                    if p.strip()]  # fmt: skip
        found = re.search(r"at most (\d+)\.", user)
        keep = int(found.group(1)) if found else 5
        words = {w for w in re.findall(r"[a-z]+", question) if len(w) > 3}
        score = [sum(text.count(w) for w in words) for text in passages]
        order = sorted(range(len(passages)), key=lambda n: (-score[n], n))
        return json.dumps({"passages": [n + 1 for n in order[:keep]]})

    return ScriptedLLM(model_id="demo-judge", default=reply)


def shoot_deep_search(app: QApplication, window: Any) -> None:
    """Deep search, spoiler-safe: the stand-in judge reranks the top 50 up to READ_UP_TO;
    its results in the panel, the first one shown in the reader, the measured cost above."""
    panel, deep = window.search, window.deep
    panel.spoilers.setChecked(False)
    panel.query.setText(DEEP_QUERY)
    wait_until(app, lambda: bool(panel.results))
    deep.model_factory = lambda _spec, _progress: judge_model()
    deep.begin()
    dialog = deep.dialog
    wait_until(app, dialog.run_button.isEnabled)
    dialog.accept()
    wait_until(app, lambda: deep.worker is None and not deep.bar.cancel.isVisible())
    panel.go_to(0)
    app.processEvents()
    save(window, "deep-search.png")


def shoot_real_index(home: Path) -> int:
    """The entity browser on a copy of the first book in ``home``, as the default model indexed
    it, with the reader at the end of the book: the whole memory, the small model's mistakes
    included."""
    source = next((home / "books").glob("*.saadi.db"))
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as copy:
        os.environ["SAADI_HOME"] = copy
        path = Path(copy) / "books" / source.name
        path.parent.mkdir()
        with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(path)) as dst:
            src.backup(dst)  # a consistent copy even while an indexer writes
        app, window = new_window()
        window.open_book(path)
        wait_until(app, lambda: window.reader.book is not None)
        book = window.reader.book
        window.reader.scroll_to(len(book.text) - 1)  # read to the end: nothing is a spoiler
        show_people(app, window)
        browser = window.tools.entities
        people = [e for e in browser.entries if e.type == "person" and e.mentions]
        chosen = max(people, key=lambda e: len(e.mentions)) if people else browser.entries[0]
        browser.select(chosen.key)
        browser.open_mention(chosen.mentions[len(chosen.mentions) // 2])
        app.processEvents()
        save(window, "entity-browser-real-model.png")
        window.close()
    return 0


def shoot_companion(app: QApplication, window: Any, suffix: str = "") -> None:
    """The "Who is this?" card of a name on the page, clicked as a reader would (the most
    described entity there), then the "Where was I?" recap; spoilers hidden."""
    from PySide6.QtCore import QPoint, Qt  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)
    from PySide6.QtTest import QTest  # noqa: TID251 (a GUI tool, like saadi_desktop/ui)

    from saadi_desktop.reading import who

    companion, reader, tools = window.companion, window.reader, window.tools
    window.search.spoilers.setChecked(False)
    tools.show_tab(0)
    tools.refresh()
    wait_until(app, lambda: companion.who.names() is not None and tools.notes.limit_chunk
               == tools.notes.chunk_of(window.search.until()))  # fmt: skip
    notes, index = companion.who.names()
    text = reader.book.text
    top, bottom = reader.top_position(), reader.bottom_position()
    found = {}
    for match in re.finditer(r"\w+", text[top:bottom]):
        hit = who.name_at(text, top + match.start(), index)
        if hit is not None:
            entity = who.lookup(notes.entities, hit[2], chunk=notes.chunk_of(hit[0]))[0]
            found.setdefault(entity.key, (entity, hit))
    entity, hit = max(found.values(), key=lambda f: (bool(f[0].aliases), len(f[0].descriptions)
                                                    > 1, len(f[0].mentions)))  # fmt: skip
    point = companion.who.cursor_rect(hit[0]).center() + QPoint(3, 0)
    QTest.mouseClick(reader.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)  # fmt: skip
    app.processEvents()
    save(window, f"who-card{suffix}.png")
    companion.who.card.dismiss()
    shown: list[object] = []
    companion.recap.recap_shown.connect(shown.append)
    companion.recap.show_recap()
    wait_until(app, lambda: bool(shown))
    app.processEvents()
    save(window, f"recap{suffix}.png")
    bar = companion.recap.sheet.view.verticalScrollBar()
    bar.setValue(bar.maximum())  # the end: the last passages by their headlines, the people
    app.processEvents()
    save(window, f"recap-recent{suffix}.png")
    companion.recap.sheet.dismiss()


def shoot_companion_only(book: Path) -> int:
    """The card and the recap on ``book`` with the stand-in state, read up to READ_UP_TO."""
    from saadi_desktop.llm.demo import names_model
    from saadi_desktop.state.builder import build_state
    from saadi_desktop.store import BookDB

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as home:
        os.environ["SAADI_HOME"] = home
        app, window = new_window()
        window.import_files([str(book)])
        wait_until(app, lambda: window.reader.book is not None and window.path is not None)
        with BookDB.open(window.path) as db:
            build_state(db, names_model(), limit=INDEXED_CHUNKS)
        window.refresh_library()
        reader = window.reader
        place = next((s.start for s in reader.book.sections if s.title == READ_UP_TO), None)
        reader.scroll_to(place if place is not None else len(reader.book.text) // 3)
        shoot_companion(app, window)
        window.close()
    return 0


def shoot_companion_real(source: Path) -> int:
    """The card and the recap on a copy of a book DB the real model has indexed, read up to
    the last passage it indexed."""
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as copy:
        os.environ["SAADI_HOME"] = copy
        path = Path(copy) / "books" / source.name
        path.parent.mkdir()
        read_only = sqlite3.connect(f"file:{source}?mode=ro", uri=True)  # an index being built
        with closing(read_only) as src, closing(sqlite3.connect(path)) as dst:
            src.backup(dst)  # a consistent copy even while an indexer writes
        with closing(sqlite3.connect(path)) as db:
            (end,) = db.execute(
                'SELECT "end" FROM chunks WHERE seq = (SELECT max(chunk_seq) FROM links)'
            ).fetchone()
        app, window = new_window()
        window.open_book(path)
        wait_until(app, lambda: window.reader.book is not None)
        window.reader.scroll_to(end - 1)  # read to the last passage the model read
        window.reader.peek_at(max(0, end - 2500))  # and look back a page
        shoot_companion(app, window, "-real-model")
        window.close()
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--real-index"] and len(argv) == 2:
        return shoot_real_index(Path(argv[1]))
    if argv[:1] == ["--companion"] and len(argv) <= 2:
        return shoot_companion_only(Path(argv[1]) if len(argv) == 2 else BOOK)
    if argv[:1] == ["--companion-real"] and len(argv) == 2:
        return shoot_companion_real(Path(argv[1]))
    if argv[:1] == ["--outline"] and len(argv) <= 2:
        return shoot_outline_only(Path(argv[1]) if len(argv) == 2 else BOOK)
    book = Path(argv[0]) if argv else BOOK
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="saadi-shots-") as home:
        os.environ["SAADI_HOME"] = home
        app, window = new_window()
        if OTHER.is_file() and not argv:
            window.import_files([str(OTHER)])
            wait_until(app, lambda: window.reader.book is not None)
        window.import_files([str(book)])
        wait_until(app, lambda: window.reader.book is not None and window.path is not None)
        wait_until(app, lambda: "Crime" in window.windowTitle() or bool(argv))
        reader = window.reader
        assert reader.book is not None
        # open at the start of the story proper, as a reader would be
        first = next((s for s in reader.book.sections if s.matter == "body"), None)
        reader.scroll_to(first.start if first else 0)
        app.processEvents()
        save(window, "library.png")

        place = next((s.start for s in reader.book.sections if s.title == READ_UP_TO), None)
        reader.scroll_to(place if place is not None else len(reader.book.text) // 3)
        panel = window.search
        panel.query.setText(QUERY)
        wait_until(app, lambda: bool(panel.results))
        panel.go_to(min(1, len(panel.results) - 1))
        app.processEvents()
        save(window, "reader-search.png")
        save(panel, "search-panel.png")
        panel.spoilers.setChecked(True)
        wait_until(app, lambda: panel.later == 0 and len(panel.results) > 0)
        app.processEvents()  # the new result cards are shown on the next pass of the loop
        save(panel, "search-spoilers.png")
        shoot_reading_tools(app, window)
        shoot_companion(app, window)
        shoot_deep_search(app, window)
        shoot_indexing(app, window)
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
