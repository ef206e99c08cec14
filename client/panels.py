"""The board description's side panels: titled boxes with lines, cards and tracks.

Cards with an `id` are buttons; pressing one emits `clicked(id)` like a board item.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from .board_view import colour, readable_on, same_id
from .i18n import localise

CARD_COLUMNS = 3


class TrackWidget(QWidget):
    """A row of numbered boxes with marks (scores, cooldowns, rounds)."""

    def __init__(self, track: dict[str, Any], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.length = max(1, int(track.get("length", 10)))
        self.start = int(track.get("start", 0))
        self.marks = [dict(m, label=localise(m.get("label"), lang)) for m in track.get("marks", [])]
        self.setMinimumHeight(44)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        tips = [f"{m['label']}: {m.get('at')}" for m in self.marks if m["label"]]
        self.setToolTip("\n".join(tips))

    def sizeHint(self) -> QSize:
        return QSize(260, 44)

    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        cell = (self.width() - 2) / self.length
        height = self.height() - 2
        font = QFont(self.font())
        font.setPixelSize(max(7, min(11, int(cell * 0.45))))
        painter.setFont(font)
        for index in range(self.length):
            box = QRectF(1 + index * cell, 1, cell, height)
            painter.setPen(QPen(QColor("#6b7280"), 1))
            painter.setBrush(QColor("#f3f4f6") if index % 2 == 0 else QColor("#e5e7eb"))
            painter.drawRect(box)
            painter.setPen(QColor("#6b7280"))
            painter.drawText(
                box.adjusted(2, 1, -2, -1),
                Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft,
                str(index + self.start),
            )
        # several marks on one box sit side by side
        by_box: dict[int, list[dict[str, Any]]] = {}
        for mark in self.marks:
            at = int(mark.get("at", 0)) - self.start
            by_box.setdefault(max(0, min(self.length - 1, at)), []).append(mark)
        for index, marks in by_box.items():
            radius = min(cell / (2 * len(marks)) - 1, height * 0.28)
            for slot, mark in enumerate(marks):
                cx = 1 + index * cell + cell * (slot + 0.5) / len(marks)
                cy = 1 + height * 0.62
                fill = colour(mark.get("fill"), "#2563eb")
                painter.setPen(QPen(QColor("#111827"), 1))
                painter.setBrush(fill)
                painter.drawEllipse(QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius))
                if mark["label"]:
                    painter.setPen(readable_on(fill))
                    painter.drawText(
                        QRectF(cx - radius, cy - radius, 2 * radius, 2 * radius),
                        Qt.AlignmentFlag.AlignCenter,
                        mark["label"][:2],
                    )
        painter.end()


class PanelsWidget(QWidget):
    """All panels of one board, rebuilt on every redraw."""

    clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.card_buttons: list[QPushButton] = []
        self.boxes: list[QGroupBox] = []

    def set_panels(self, panels: list[dict[str, Any]], lang: str, active_ids: Iterable[Any] = ()) -> None:
        while self._layout.count():
            widget = self._layout.takeAt(0).widget()
            if widget is not None:
                # hidden at once: deleteLater alone leaves the old box drawn until the next event loop turn
                widget.hide()
                widget.deleteLater()
        self.card_buttons = []
        active = list(active_ids)
        self.boxes = [self._panel(panel, lang, active) for panel in panels]
        for box in self.boxes:
            self._layout.addWidget(box)

    def _panel(self, panel: dict[str, Any], lang: str, active: list[Any]) -> QGroupBox:
        box = QGroupBox(localise(panel.get("title"), lang))
        # a panel keeps its natural height; the scroll area scrolls rather than squashes
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
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
            for index, card in enumerate(cards):
                grid.addWidget(self._card(card, lang, active), index // CARD_COLUMNS, index % CARD_COLUMNS)
            layout.addLayout(grid)
        if panel.get("track"):
            layout.addWidget(TrackWidget(panel["track"], lang))
        return box

    def _card(self, card: dict[str, Any], lang: str, active: list[Any]) -> QPushButton:
        button = QPushButton(localise(card.get("label"), lang) or "?")
        button.setMinimumHeight(40)
        button.setToolTip(localise(card.get("tip"), lang))
        fill = colour(card.get("fill"), "#f8fafc")
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
        self.card_buttons.append(button)
        return button
