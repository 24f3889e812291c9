"""The entity browser: people, places and other entities as of the reading position.

A filter by type and by typing (name or alias) above a list; below it a timeline strip of where
the chosen entities are mentioned, from the start to the limit (Ctrl+click or Shift+click more
names to compare them, lane under lane), then the current entity's aliases, descriptions and
mentions (the passages linked to it, with its names marked). Clicking the strip or a mention's
place asks the reader to jump there. The data (:class:`~saadi_desktop.ui.notes.BookNotes`)
arrives already cut at the spoiler limit; this widget only filters and lays it out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSignalBlocker, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saadi_desktop.reading import timeline
from saadi_desktop.state.identity import shown_aliases
from saadi_desktop.ui.dialogs import theme
from saadi_desktop.ui.dialogs.safe_text import NotesView, escape, marked_snippet
from saadi_desktop.ui.notes import NAMES_ONLY, BookNotes, EntityEntry, matches, mention_highlights
from saadi_desktop.ui.people.timeline_strip import TOGETHER, TimelineStrip

KINDS = [
    ("All types", None),
    ("People", "person"),
    ("Places", "place"),
    ("Organizations", "organization"),
    ("Objects", "object"),
    ("Other", "other"),
    ("Found by name only", NAMES_ONLY),
]
KIND_LABELS = {NAMES_ONLY: "found by name only"}
SHORT_KIND_LABELS = {NAMES_ONLY: "name only", "organization": "group"}  # for the narrow column
MENTIONS_SHOWN = 30  # mentions shown at first; "show more" adds MORE_MENTIONS at a time
MORE_MENTIONS = 100
LATEST_DESCRIPTIONS = 5  # the most recent notes on an entity; earlier ones are counted
NAMES_ONLY_TIP = (
    "Found by name only: the quick names pass saw these names and the rules joined and typed "
    "them; the model has not read about it yet (index the book for notes and descriptions)."
)
MAX_LANES = 6  # entities compared on one timeline; more chosen: the first six in the list
TIMELINE_CAPTION = "Where mentioned, from the start · Ctrl+click names to compare"


class EntityBrowser(QWidget):
    mention_requested = Signal(int, int, object)  # passage start, end, highlights in it

    def __init__(self, locate: Callable[[int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.locate = locate  # a position → 'Part I › VII · 15 %'
        self.notes: BookNotes | None = None
        self.text = ""  # the book's canonical text, for snippets
        self.entries: list[EntityEntry] = []  # in list order
        self.current: EntityEntry | None = None
        self.mentions_shown = MENTIONS_SHOWN
        self.ticks: list[int] = []  # chapter starts, marked on the timeline

        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter by name or alias…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.kind = QComboBox()
        for label, kind in KINDS:
            self.kind.addItem(label, kind)
        self.kind.currentIndexChanged.connect(self._apply_filter)
        self.scope = QLabel()
        self.scope.setWordWrap(True)
        self.scope.setTextFormat(Qt.TextFormat.PlainText)  # it quotes section titles
        self.list = QTreeWidget()
        self.list.setHeaderLabels(["Name", "Type", "Mentions"])
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.header().setStretchLastSection(False)
        self.list.header().setSectionResizeMode(0, self.list.header().ResizeMode.Stretch)
        for column in (1, 2):
            self.list.header().setSectionResizeMode(
                column, self.list.header().ResizeMode.ResizeToContents
            )
        self.list.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        self.list.currentItemChanged.connect(self._current_changed)
        self.list.itemSelectionChanged.connect(self._show_timeline)
        self.strip = TimelineStrip(locate)
        self.caption = QLabel(TIMELINE_CAPTION)
        self.strip.mention_requested.connect(self.open_lane_mention)
        self.details = NotesView()
        self.details.anchorClicked.connect(self._anchor_clicked)

        filters = QHBoxLayout()
        filters.addWidget(self.filter, 1)
        filters.addWidget(self.kind)
        below = QWidget()
        details = QVBoxLayout(below)
        details.setContentsMargins(0, 0, 0, 0)
        details.setSpacing(2)
        details.addWidget(self.caption)
        details.addWidget(self.strip)
        details.addWidget(self.details, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(below)
        split.setSizes([200, 440])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.scope)
        layout.addWidget(split, 1)
        self.set_notes(None, "")

    # -- data -----------------------------------------------------------------------------------

    def set_notes(self, notes: BookNotes | None, text: str, ticks: Sequence[int] = ()) -> None:
        """Show the entities of ``notes``; the chosen entities stay chosen if they are still
        there. ``ticks`` (chapter starts) are marked on the timeline."""
        key = self.current.key if self.current is not None else None
        compared = {e.key for e in self.chosen()}
        self.notes, self.text, self.ticks = notes, text, list(ticks)
        self.entries = sorted(notes.entities, key=_order) if notes else []
        with QSignalBlocker(self.list):
            self.list.clear()
            self.list.addTopLevelItems([_row(entry) for entry in self.entries])
            self._apply_filter()
            self.select(key)
            # Filling the list selects its first row: the selection is set again, whole.
            chosen = self.list.currentItem()
            current = self.list.indexOfTopLevelItem(chosen) if chosen is not None else -1
            for index, entry in enumerate(self.entries):
                item = self._item(index)
                item.setSelected(
                    not item.isHidden() and (entry.key in compared or index == current)
                )
        self._current_changed()
        self._show_timeline()

    def set_scope(self, text: str, spoilers: bool) -> None:
        """The line that says how far the notes go (red while spoilers are shown)."""
        colours = theme.current()
        self.scope.setText(text)
        self.scope.setStyleSheet(
            "background: #b3261e; color: white; padding: 3px 6px; border-radius: 3px;"
            if spoilers
            else f"color: {colours.safe}; padding: 3px 0;"
        )

    def shown(self) -> list[EntityEntry]:
        """The entities the filter lets through, in list order."""
        return [e for i, e in enumerate(self.entries) if not self._item(i).isHidden()]

    def chosen(self) -> list[EntityEntry]:
        """The selected entities (the timeline's lanes), in list order."""
        return [
            e
            for i, e in enumerate(self.entries)
            if self._item(i).isSelected() and not self._item(i).isHidden()
        ]

    def compare(self, keys: Sequence[str]) -> None:
        """Choose the entities with ``keys`` together: the first is the current one, all of
        them are lanes of the timeline."""
        wanted = set(keys)
        with QSignalBlocker(self.list):
            self.select(keys[0] if keys else None)
            for index, entry in enumerate(self.entries):
                self._item(index).setSelected(entry.key in wanted)
        self._current_changed()
        self._show_timeline()

    def select(self, key: str | None) -> None:
        """Choose the entity with ``key`` (None, or one not shown: the first shown)."""
        index = next((i for i, e in enumerate(self.entries) if e.key == key), None)
        if index is None or self._item(index).isHidden():
            shown = (i for i in range(len(self.entries)) if not self._item(i).isHidden())
            index = next(shown, None)
        if index is None:
            self.list.setCurrentIndex(QModelIndex())
        else:
            # This one alone, whatever keys are held (Ctrl would add it to the selection).
            only = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.list.setCurrentItem(self._item(index), 0, only)
        if self.list.signalsBlocked():
            return  # the caller shows the details once, when it is done
        self._current_changed()

    def _item(self, index: int) -> QTreeWidgetItem:
        item = self.list.topLevelItem(index)
        assert item is not None
        return item

    # -- filtering and details ------------------------------------------------------------------

    def _apply_filter(self) -> None:
        typed, kind = self.filter.text(), self.kind.currentData()
        for index, entry in enumerate(self.entries):
            self._item(index).setHidden(not matches(entry, typed, kind))
        current = self.list.currentItem()
        if current is None or current.isHidden():
            self.select(None)

    def _show_timeline(self) -> None:
        """The timeline of the chosen entities, from the notes already read (no database)."""
        notes = self.notes
        if notes is None:
            self.strip.set_timeline(None)
            self.caption.hide()
            return
        lanes = self.chosen()[:MAX_LANES] or ([self.current] if self.current else [])
        self.strip.set_timeline(
            timeline.build(
                lanes,
                until=notes.until,
                limit_chunk=notes.limit_chunk,
                chunk_starts=notes.chunk_starts,
                chunk_ends=notes.chunk_ends,
                text_length=len(self.text),
            ),
            self.ticks,
        )
        self.caption.setVisible(not self.strip.isHidden())
        self.caption.setStyleSheet(f"color: {theme.current().muted}; padding: 2px 0 0 4px;")

    def open_lane_mention(self, key: str, seq: int) -> None:
        """A click on the timeline: show chunk ``seq`` with the names of the lane's entity
        (of every compared entity, for the lane of passages they share) marked."""
        if self.notes is None:
            return
        lanes = self.strip.timeline.lanes if self.strip.timeline is not None else ()
        keys = {lane.key for lane in lanes} if key == TOGETHER else {key}
        start, end = self.notes.span(seq)
        highlights = sorted(
            {h for e in self.entries if e.key in keys
             for h in mention_highlights(self.text, start, end, e)}
        )  # fmt: skip
        self.mention_requested.emit(start, end, highlights)

    def _current_changed(self) -> None:
        item = self.list.currentItem()
        index = self.list.indexOfTopLevelItem(item) if item is not None else -1
        chosen = self.entries[index] if 0 <= index < len(self.entries) else None
        if chosen is None or self.current is None or chosen.key != self.current.key:
            self.mentions_shown = MENTIONS_SHOWN
        self.current = chosen
        self.details.setHtml(self._details_html())

    def _details_html(self) -> str:
        entry, notes = self.current, self.notes
        if notes is None:
            return "<p>No book open.</p>"
        unread = f"<p>{escape(notes.unread_names)}</p>" if notes.unread_names else ""
        if entry is None:
            if not self.entries:
                return f"<p>No people or places yet, up to here.</p>{unread}"
            return "<p>No entity matches the filter.</p>"
        muted = theme.current().muted
        kind = KIND_LABELS.get(entry.type, entry.type)
        count = len(entry.mentions)
        parts = [
            f"<h3>{escape(entry.name)}</h3>",
            f'<p style="color:{muted}">{escape(kind)} · {count} mention{"s" * (count != 1)}'
            f"{'' if notes.until is None else ' up to here'}</p>",
        ]
        if aliases := shown_aliases(entry.name, entry.aliases):
            parts.append(f"<p><b>Also called:</b> {escape(', '.join(aliases))}</p>")
        if entry.descriptions:
            latest = entry.descriptions[-LATEST_DESCRIPTIONS:]
            items = "".join(f"<li>{escape(d)}</li>" for d in reversed(latest))
            earlier = len(entry.descriptions) - len(latest)
            more = f'<p style="color:{muted}">… and {earlier} earlier notes.</p>' if earlier else ""
            parts.append(f"<p><b>Latest notes:</b></p><ul>{items}</ul>{more}")
        if entry.by_name_only:
            parts.append(f'<p style="color:{muted}"><i>{escape(NAMES_ONLY_TIP)}</i></p>')
        parts.append("<h4>Mentions</h4>" if entry.mentions else "")
        for seq in entry.mentions[: self.mentions_shown]:
            parts.append(self._mention_html(notes, entry, seq))
        hidden = count - self.mentions_shown
        if hidden > 0:
            step = min(hidden, MORE_MENTIONS)
            parts.append(f'<p><a href="more:">Show {step} more</a> (of {hidden})</p>')
        return "".join(parts)

    def _mention_html(self, notes: BookNotes, entry: EntityEntry, seq: int) -> str:
        start, end = notes.span(seq)
        highlights = mention_highlights(self.text, start, end, entry)
        passage = self.text[start:end]
        heading = passage.find("\n\n")
        skip = heading + 2 if 0 <= heading < 200 and passage[:heading].count(" ") < 8 else 0
        where = escape(self.locate(start))
        snippet = marked_snippet(passage, highlights, skip=skip)
        return f'<p><a href="mention:{seq}">{where}</a><br>{snippet}</p>'

    def _anchor_clicked(self, url: QUrl) -> None:
        text = url.toString()
        if self.notes is None or self.current is None:
            return
        if text == "more:":
            self.show_more_mentions()
        elif text.startswith("mention:"):
            self.open_mention(int(text.removeprefix("mention:")))

    def show_more_mentions(self) -> None:
        """List :data:`MORE_MENTIONS` more mentions of the current entity, where the list was."""
        scroll = self.details.verticalScrollBar().value()
        self.mentions_shown += MORE_MENTIONS
        self.details.setHtml(self._details_html())
        self.details.verticalScrollBar().setValue(scroll)

    def open_mention(self, seq: int) -> None:
        """Ask the reader to show chunk ``seq`` with the current entity's names marked."""
        if self.notes is None or self.current is None:
            return
        start, end = self.notes.span(seq)
        highlights = mention_highlights(self.text, start, end, self.current)
        self.mention_requested.emit(start, end, highlights)


def _row(entry: EntityEntry) -> QTreeWidgetItem:
    """An entity's row: name, type, mentions (a names-pass cluster in italics)."""
    kind = SHORT_KIND_LABELS.get(entry.type, entry.type)
    item = QTreeWidgetItem([entry.name, kind, str(len(entry.mentions))])
    item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
    if entry.by_name_only:
        for column in (0, 1):
            font = item.font(column)
            font.setItalic(True)
            item.setFont(column, font)
            item.setToolTip(column, NAMES_ONLY_TIP)
    return item


def _order(entry: EntityEntry) -> tuple[bool, int, str]:
    """Records before names-pass clusters, the most mentioned first."""
    return entry.by_name_only, -len(entry.mentions), entry.name.casefold()
