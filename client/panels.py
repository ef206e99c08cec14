"""The board description's side panels: titled boxes with lines, cards and tracks.

Cards with an `id` are buttons; pressing one emits `clicked(id)` like a board item.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPixmapCache,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .card_plan import small_font_px
from .i18n import localise
from .items import colour, readable_on
from .marks import DECIDED, SEAT_SHAPES, seat_colour
from .selection import same_id

CARD_COLUMNS = 3
LABEL_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)
MIN_LABEL_PX = 22  # the narrowest gap between two numbers on a track
MIN_MARK_PX = 18  # a mark on a long track is drawn at least this wide


class TrackWidget(QWidget):
    """A row of numbered boxes with marks (scores, cooldowns, rounds)."""

    def __init__(self, track: dict[str, Any], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.length = max(1, int(track.get("length", 10)))
        self.start = int(track.get("start", 0))
        self.marks = [dict(m, label=localise(m.get("label"), lang)) for m in track.get("marks", [])]
        self.setMinimumHeight(44 if self.length <= 30 else 56)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        tips = [f"{m['label']}: {m.get('at')}" for m in self.marks if m["label"]]
        self.setToolTip("\n".join(tips))

    def sizeHint(self) -> QSize:
        return QSize(260, self.minimumHeight())

    def _step(self) -> int:
        """Number every `step`-th box: a long track (a 100-point score) stays readable."""
        cell = (self.width() - 2) / self.length
        return next((s for s in LABEL_STEPS if s * cell >= MIN_LABEL_PX), self.length)

    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        cell = (self.width() - 2) / self.length
        height = self.height() - 2
        step = self._step()
        font = QFont(self.font())
        font.setPixelSize(round(small_font_px()))  # never below the system's small font
        painter.setFont(font)
        # the boxes follow the theme: a white track on a dark window dazzles
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        bands = ("#2b2f36", "#353a42") if dark else ("#f3f4f6", "#e5e7eb")
        grey = QPen(QColor("#9ca3af" if dark else "#6b7280"), 1)
        # boxes first (a long track groups them in bands of `step`), then the numbers over them
        for index in range(self.length):
            painter.setPen(grey if step == 1 else Qt.PenStyle.NoPen)
            painter.setBrush(QColor(bands[((index + self.start) // step) % 2]))
            painter.drawRect(QRectF(1 + index * cell, 1, cell, height))
        painter.setPen(grey)
        if step > 1:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(1, 1, self.width() - 2, height))
        written = 0.0  # where the last number written ends
        for index in range(self.length):
            if (index + self.start) % step:
                continue
            left = 1 + index * cell
            if step > 1:
                painter.drawLine(QPointF(left, 1), QPointF(left, 1 + height * 0.3))
            label = str(index + self.start)
            room = QFontMetricsF(font).horizontalAdvance(label) + 4
            # a number at the right end is written leftwards of its tick, never cut by the edge
            where = QRectF(left + 2, 1, room, height)
            if where.right() > self.width() - 1:
                where.moveRight(self.width() - 2)
            if where.left() < written:  # moved back from the end onto the number before it: left out
                continue
            painter.drawText(where, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, label)
            written = where.right() + 2
        # marks: several on one box sit side by side; on a long track a mark that would
        # cover its neighbour drops to the lower row
        by_box: dict[int, list[dict[str, Any]]] = {}
        for mark in self.marks:
            at = int(mark.get("at", 0)) - self.start
            by_box.setdefault(max(0, min(self.length - 1, at)), []).append(mark)
        rows_end = [-1e9, -1e9]
        decided: list[tuple[QPointF, float]] = []  # ringed after every mark, so that none covers a ring
        for index in sorted(by_box):
            marks = by_box[index]
            width = max(cell, MIN_MARK_PX * len(marks)) if step > 1 else cell
            left = min(max(1.0, 1 + (index + 0.5) * cell - width / 2), self.width() - 1 - width)
            row = 0 if step == 1 or left >= rows_end[0] else 1
            rows_end[row] = left + width
            radius = min(width / (2 * len(marks)) - 1, height * (0.28 if step == 1 else 0.2))
            cy = 1 + height * (0.62 if step == 1 else (0.55 if row == 0 else 0.8))
            for slot, mark in enumerate(marks):
                cx = left + width * (slot + 0.5) / len(marks)
                fill = colour(mark.get("fill"), "#2563eb")
                painter.setPen(QPen(QColor("#111827"), 1))
                painter.setBrush(fill)
                seat = mark.get("seat")
                if isinstance(seat, int) and not isinstance(seat, bool):  # a seat's mark: its shape too
                    painter.drawPath(seat_path(seat, QPointF(cx, cy), radius * 1.15))
                else:
                    painter.drawEllipse(QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius))
                if mark.get("decided"):
                    decided.append((QPointF(cx, cy), radius))
                if mark["label"]:
                    painter.setPen(readable_on(fill))
                    painter.drawText(
                        QRectF(cx - radius - 4, cy - radius, 2 * radius + 8, 2 * radius),
                        Qt.AlignmentFlag.AlignCenter,
                        mark["label"][:3],
                    )
        for centre, radius in decided:
            _ring_decided(painter, centre, radius, font, self.size())
        painter.end()


def seat_path(seat: int, centre: QPointF, radius: float) -> QPainterPath:
    """A seat's shape (● ▲ ■ ◆ ★ ⬟, as the seat list and the rings show it) about `centre`."""
    path = QPainterPath()
    corners = {1: (3, -90.0), 2: (4, -45.0), 3: (4, -90.0), 5: (5, -90.0)}.get(seat % len(SEAT_SHAPES))
    if seat % len(SEAT_SHAPES) == 4:  # a star: ten points, in and out
        points = [(radius if k % 2 == 0 else radius * 0.45, -90.0 + 36.0 * k) for k in range(10)]
    elif corners is not None:
        points = [(radius, corners[1] + 360.0 * k / corners[0]) for k in range(corners[0])]
    else:
        path.addEllipse(centre, radius * 0.87, radius * 0.87)
        return path
    polygon = [
        QPointF(centre.x() + r * math.cos(math.radians(a)), centre.y() + r * math.sin(math.radians(a)))
        for r, a in points
    ]
    path.moveTo(polygon[0])
    for point in polygon[1:]:
        path.lineTo(point)
    path.closeSubpath()
    return path


def seat_icon(colours: list[Any] | None, seat: int, px: int) -> QIcon:
    """A seat's shape in its colour, with a dark edge, as an icon (a log line's actor)."""
    key = f"boardwright-seat:{seat}:{seat_colour(colours, seat)}:{px}"
    found = QPixmap()
    if not QPixmapCache.find(key, found):
        found = QPixmap(px, px)
        found.fill(Qt.GlobalColor.transparent)
        painter = QPainter(found)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#111827"), 1))
        painter.setBrush(QColor(seat_colour(colours, seat)))
        painter.drawPath(seat_path(seat, QPointF(px / 2, px / 2), px / 2 - 1))
        painter.end()
        QPixmapCache.insert(key, found)
    return QIcon(found)


def _ring_decided(painter: QPainter, centre: QPointF, radius: float, font: QFont, size: QSize) -> None:
    """A mark that decided the game (`"decided": true`, a winner's score): ringed in gold
    (inside the track, also at its ends) with a star on top, over the numbers rather than
    over a neighbouring mark, as the board rings what decided it (marks.py `ring_decided`)."""
    x, y = centre.x(), centre.y()
    ring = max(radius, min(radius + 3, x - 3.5, size.width() - 3.5 - x, size.height() - 3.5 - y))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (QPen(QColor("#0b0f19"), 5), QPen(QColor(DECIDED), 2.5)):
        painter.setPen(pen)
        painter.drawEllipse(centre, ring, ring)
    star = QFont(font)
    star.setPixelSize(round(font.pixelSize() * 1.4))
    star.setBold(True)
    metrics = QFontMetricsF(star)
    across = metrics.horizontalAdvance("★")
    left = min(max(1.0, x - across / 2), size.width() - 1 - across)
    path = QPainterPath()
    path.addText(left, max(metrics.ascent(), y - ring + metrics.descent()), star, "★")
    painter.strokePath(path, QPen(QColor("#0b0f19"), 3))
    painter.fillPath(path, QColor(DECIDED))


def board_and_side(board: QWidget, side: QWidget) -> QSplitter:
    """The table's and the replay's split: the board on the left, the side column on the right."""
    side.setMinimumWidth(340)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(board)
    splitter.addWidget(side)
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([760, 420])
    return splitter


class PanelsWidget(QWidget):
    """All panels of one board, rebuilt on every redraw."""

    clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.card_buttons: list[QPushButton] = []
        self.card_ids: list[Any] = []  # the click ids of the panels' cards
        self.boxes: list[QGroupBox] = []
        self._shown: tuple[Any, ...] | None = None  # what the boxes show: panels, language, ids

    def resizeEvent(self, event: Any) -> None:
        """Wrapped lines need more height when narrow: ask for it, so the scroll area scrolls
        rather than squashing the panels (it ignores height-for-width on its own)."""
        super().resizeEvent(event)
        self._fit_height()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # texts or fonts changed: heights too
            self._fit_height()
        return handled

    def _fit_height(self) -> None:
        width = self.width()
        heights = [box.heightForWidth(width) if box.hasHeightForWidth() else -1 for box in self.boxes]
        needed = sum(h if h >= 0 else box.sizeHint().height() for h, box in zip(heights, self.boxes, strict=True))
        needed += self._layout.spacing() * max(0, len(self.boxes) - 1)
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)

    def set_panels(self, panels: list[dict[str, Any]], lang: str, active_ids: Iterable[Any] = ()) -> None:
        active = list(active_ids)
        if (panels, lang, active) == self._shown:  # the same panels (a redraw for a new size, a selection)
            return
        self._shown = (panels, lang, active)
        while self._layout.count():
            taken = self._layout.takeAt(0)
            widget = taken.widget() if taken is not None else None  # None for the stretch
            if widget is not None:
                # hidden at once: deleteLater alone leaves the old box drawn until the next event loop turn
                widget.hide()
                widget.deleteLater()
        self.card_buttons, self.card_ids = [], []
        self.boxes = [self._panel(panel, lang, active) for panel in panels]
        for box in self.boxes:
            self._layout.addWidget(box)
        self._layout.addStretch(1)  # spare room goes below the panels, not into them
        self._layout.activate()
        self._fit_height()

    def _panel(self, panel: dict[str, Any], lang: str, active: list[Any]) -> QGroupBox:
        box = QGroupBox(localise(panel.get("title"), lang))
        # a panel keeps the height its width needs; the scroll area scrolls rather than squashes
        # (Preferred, not Fixed: a fixed policy caps the height at the width-blind size hint)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        box.setSizePolicy(policy)
        layout = QVBoxLayout(box)
        lines = [localise(line, lang) for line in panel.get("lines", [])]
        if lines:
            text = QLabel("\n".join(lines))
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(text)
        cards = panel.get("cards", [])
        if cards:
            grid = QGridLayout()
            grid.setSpacing(4)
            # long names take fewer columns, so that no button runs past the side's width
            longest = max(len(localise(card.get("label"), lang) or "") for card in cards)
            columns = CARD_COLUMNS if longest <= 10 else 2 if longest <= 20 else 1
            for index, card in enumerate(cards):
                grid.addWidget(self._card(card, lang, active), index // columns, index % columns)
            layout.addLayout(grid)
        if panel.get("track"):
            layout.addWidget(TrackWidget(panel["track"], lang))
        return box

    def _card(self, card: dict[str, Any], lang: str, active: list[Any]) -> QPushButton:
        button = QPushButton(localise(card.get("label"), lang) or "?")
        button.setMinimumHeight(40)
        button.setToolTip(localise(card.get("tip"), lang))
        fill = colour(card.get("fill")) or QColor("#f8fafc")
        text = readable_on(fill)
        card_id = card.get("id")
        playable = card_id is not None and any(same_id(card_id, a) for a in active)
        border = "3px solid #f59e0b" if playable else "1px solid #64748b"
        button.setStyleSheet(
            f"QPushButton {{ background: {fill.name()}; color: {text.name()}; border: {border};"
            " border-radius: 6px; padding: 4px 6px; }"
        )
        if card_id is None:
            button.setEnabled(False)
        else:
            button.clicked.connect(lambda _checked=False, value=card_id: self.clicked.emit(value))
            self.card_ids.append(card_id)
        self.card_buttons.append(button)
        return button
