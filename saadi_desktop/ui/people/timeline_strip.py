"""The timeline strip of the entity browser: where the chosen entities are mentioned, from the
start of the book to the spoiler limit, one lane each (and one for the passages that mention
them all). A click on a lane asks for that entity's mention nearest the click; hovering names
the place. It draws a :class:`~saadi_desktop.reading.timeline.Timeline` and knows nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QHelpEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from saadi_desktop.reading.timeline import Timeline
from saadi_desktop.ui.dialogs import theme

TOGETHER = ""  # the key of the last lane: the passages every chosen entity is in
LANE_HEIGHT = 18
LANE_GAP = 4
AXIS_HEIGHT = 16  # the line under the lanes: "start" … "up to here"
LABEL_WIDTH = 120
MIN_MARK_WIDTH = 2.0  # a mention of a short passage stays visible on a long book
# One colour per lane, readable on each theme's page colour; the together lane is neutral.
LANE_COLOURS = {
    "light": ["#1a5fb4", "#c64600", "#26a269", "#813d9c", "#a51d2d", "#986a44"],
    "dark": ["#8cb4ff", "#ffa348", "#8ff0a4", "#dc8add", "#f66151", "#cdab8f"],
}


class TimelineStrip(QWidget):
    mention_requested = Signal(str, int)  # a lane's key (TOGETHER for the last), a chunk seq

    def __init__(self, locate: Callable[[int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.locate = locate  # a position → 'Part I › VII · 15 %'
        self.timeline: Timeline | None = None
        self.ticks: list[int] = []  # chapter starts, drawn faintly
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName("Timeline of mentions")

    def set_timeline(self, timeline: Timeline | None, ticks: Sequence[int] = ()) -> None:
        """Draw ``timeline`` (None, or no lanes: the strip hides), with chapter ``ticks``."""
        self.timeline = timeline
        self.ticks = [t for t in ticks if timeline is not None and 0 < t < timeline.end]
        self.setVisible(timeline is not None and bool(timeline.lanes))
        self.updateGeometry()
        self.update()

    def lanes(self) -> list[tuple[str, str, tuple[int, ...]]]:
        """(key, label, mentions) of each lane drawn, top to bottom."""
        timeline = self.timeline
        if timeline is None:
            return []
        rows = [(lane.key, lane.name, lane.mentions) for lane in timeline.lanes]
        if len(rows) > 1:
            rows.append((TOGETHER, "all together", timeline.together()))
        return rows

    # -- geometry -------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(300, self._height(len(self.lanes())))

    def minimumSizeHint(self) -> QSize:
        return QSize(LABEL_WIDTH + 60, self._height(len(self.lanes())))

    @staticmethod
    def _height(lanes: int) -> int:
        return LANE_GAP + lanes * (LANE_HEIGHT + LANE_GAP) + AXIS_HEIGHT

    def _track(self) -> tuple[float, float]:
        """The x where position 0 is drawn and the width that stands for the strip's span."""
        left = float(LABEL_WIDTH)
        return left, max(1.0, self.width() - left - 6.0)

    def x_of(self, position: int) -> float:
        left, width = self._track()
        end = self.timeline.end if self.timeline is not None else 0
        return left + width * (position / end if end else 0.0)

    def position_at(self, x: float) -> int:
        left, width = self._track()
        end = self.timeline.end if self.timeline is not None else 0
        return round(max(0.0, min(1.0, (x - left) / width)) * end)

    def lane_at(self, y: float) -> int | None:
        index = int((y - LANE_GAP / 2) // (LANE_HEIGHT + LANE_GAP))
        return index if 0 <= index < len(self.lanes()) else None

    def point_of(self, lane: int, position: int) -> QPoint:
        """Where lane ``lane`` shows ``position`` (for tests and for the keyboard)."""
        y = LANE_GAP + lane * (LANE_HEIGHT + LANE_GAP) + LANE_HEIGHT // 2
        return QPoint(round(self.x_of(position)), y)

    # -- drawing --------------------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        timeline = self.timeline
        if timeline is None:
            return
        colours = theme.current()
        palette = LANE_COLOURS.get(colours.name, LANE_COLOURS["light"])
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        left, width = self._track()
        rows = self.lanes()
        track = QColor(colours.muted)
        track.setAlpha(40)
        tick = QColor(colours.muted)
        tick.setAlpha(70)
        bottom = LANE_GAP + len(rows) * (LANE_HEIGHT + LANE_GAP)
        painter.setPen(tick)
        for position in self.ticks:
            x = round(self.x_of(position))
            painter.drawLine(x, LANE_GAP, x, bottom - LANE_GAP)
        metrics = painter.fontMetrics()
        for index, (key, label, mentions) in enumerate(rows):
            top = LANE_GAP + index * (LANE_HEIGHT + LANE_GAP)
            painter.fillRect(QRectF(left, top, width, LANE_HEIGHT), track)
            colour = QColor(colours.text if key == TOGETHER else palette[index % len(palette)])
            for start, end in timeline.marks(mentions):
                at = self.x_of(start)
                span = max(MIN_MARK_WIDTH, self.x_of(end) - at)
                painter.fillRect(QRectF(at, top, span, LANE_HEIGHT), colour)
            painter.setPen(colour if key != TOGETHER else QColor(colours.muted))
            name = metrics.elidedText(label, Qt.TextElideMode.ElideRight, LABEL_WIDTH - 8)
            painter.drawText(
                QRectF(0, top, LABEL_WIDTH - 6, LANE_HEIGHT),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                name,
            )
        painter.setPen(QColor(colours.muted))
        axis = QRectF(left, bottom, width, AXIS_HEIGHT)
        painter.drawText(axis, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         "start")  # fmt: skip
        right = "end of the book" if timeline.until is None else "up to here"
        painter.drawText(axis, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                         right)  # fmt: skip
        painter.end()

    # -- the mouse ------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        found = self._mention_at(event.position().x(), event.position().y())
        if found is not None:
            self.mention_requested.emit(*found)

    def _mention_at(self, x: float, y: float) -> tuple[str, int] | None:
        """(lane key, chunk seq) of the mention nearest to a point on a lane."""
        lane = self.lane_at(y)
        if self.timeline is None or lane is None or x < LABEL_WIDTH - 6:
            return None
        key, _label, mentions = self.lanes()[lane]
        seq = self.timeline.nearest(mentions, self.position_at(x))
        return None if seq is None else (key, seq)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            QToolTip.showText(event.globalPos(), self.tooltip_at(event.pos()), self)
            return True
        return super().event(event)

    def tooltip_at(self, point: QPoint) -> str:
        """What hovering over ``point`` says: the lane, the place, how to go there."""
        lane = self.lane_at(point.y())
        if self.timeline is None or lane is None:
            return ""
        _key, label, mentions = self.lanes()[lane]
        where = self.locate(self.position_at(point.x()))
        count = len(mentions)
        said = f"{label}: {count} passage{'s' * (count != 1)}"
        if self.timeline.until is not None:
            said += " up to here"
        return f"{said}\n{where}\nClick to go to the nearest one" if count else f"{said}\n{where}"
