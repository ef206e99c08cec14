"""How large a board view draws its board: fitted to the view, zoomed by the wheel, its texts
never below the small font, and laid out anew for a view whose shape changed. A part of
`BoardView` (client/board_view.py)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication, QGraphicsView

from .arrangement import Screen
from .card_plan import font, small_font_px
from .items import BoardText, set_apart

MAX_ZOOM = 8.0
ZOOM_STEP = 1.25
RELAY_MS = 150  # a resize settles this long before the board is laid out anew
RELAY_CHANGE = 0.08  # for a change of the view's aspect of more than this share

# to the type checker the part is the view it belongs to; at run time, a plain mixin
if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    _View = QGraphicsView
else:
    _View = object


class ViewScale(_View):
    """The view's scale (mixed into `BoardView`, which has the `relaid` signal)."""

    if TYPE_CHECKING:
        zoom: float
        board_rect: QRectF
        relaid: SignalInstance

    def _scale_parts(self) -> None:
        self.laid_for: float | None = None  # the view's aspect the board shown was laid out for
        self._relay = QTimer(self)
        self._relay.setSingleShot(True)
        self._relay.setInterval(RELAY_MS)
        self._relay.timeout.connect(self._relay_now)
        self._laid_shown = False  # whether the board shown was laid out while the view showed

    def _fit(self) -> None:
        """Fit the board to the view, then zoom in again around the same point if zoomed."""
        centre = self.mapToScene(self.viewport().rect().center()) if self.zoom > 1 else None
        margin = max(self.board_rect.width(), self.board_rect.height()) * 0.02
        shown = self.board_rect.adjusted(-margin, -margin, margin, margin)
        self.scene().setSceneRect(shown)
        self.fitInView(shown, Qt.AspectRatioMode.KeepAspectRatio)
        if centre is not None:
            self.scale(self.zoom, self.zoom)
            self.centerOn(centre)
        self._keep_readable()

    def _keep_readable(self) -> None:
        """No text of the board smaller on screen than the system's small font at the fitted
        scale: a text the board drew smaller grows about its own anchor."""
        fitted = self.transform().m11() / max(self.zoom, 1e-6)
        if fitted <= 0:
            return
        least = small_font_px() / fitted
        texts = [item for item in self.scene().items() if isinstance(item, BoardText)]
        grown = [item.at_least(least) for item in texts]
        named = [item for item, anew in zip(texts, grown, strict=True) if item.readable_first]
        if not any(anew for item, anew in zip(texts, grown, strict=True) if item.readable_first):
            return  # the names stand where they were set apart before
        set_apart(named)
        for item in named:  # a name at the map's edge stays on the board
            box, board = item.sceneBoundingRect(), self.board_rect
            item.moveBy(
                max(0.0, board.left() - box.left()) - max(0.0, box.right() - board.right()),
                max(0.0, board.top() - box.top()) - max(0.0, box.bottom() - board.bottom()),
            )

    def set_zoom(self, zoom: float) -> None:
        """Zoom relative to the fitted board (1.0 fits); dragging pans while zoomed in."""
        zoom = min(MAX_ZOOM, max(1.0, zoom))
        if zoom == self.zoom:
            return
        self.scale(zoom / self.zoom, zoom / self.zoom)
        self.zoom = zoom
        if zoom == 1.0:
            self._fit()
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag if zoom > 1 else QGraphicsView.DragMode.NoDrag)

    def wheelEvent(self, event: Any) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.set_zoom(self.zoom * ZOOM_STEP**steps)
        event.accept()

    def layout_screen(self) -> Screen | None:
        """The board part's size and the small font, to lay a board out for (None while it is
        too small to tell); a board drawn for it is remembered as laid out for its shape."""
        size = self.viewport().size()
        if size.width() < 60 or size.height() < 60:
            return None
        self.laid_for = size.width() / size.height()
        self._laid_shown = self.isVisible()
        return Screen(float(size.width()), float(size.height()), small_font_px(), title_ems)

    def _relay_now(self) -> None:
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton:  # not under a drag: once it ends
            self._relay.start()
            return
        self.relaid.emit()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit()
        size = self.viewport().size()
        if self.laid_for is not None and size.height() >= 60 and size.width() >= 60:
            if abs(size.width() / size.height() / self.laid_for - 1) > RELAY_CHANGE:
                if self._laid_shown:
                    self._relay.start()  # a window being resized: once it settles
                else:
                    self._relay_now()  # laid out before the window showed: for its real size at once


@lru_cache(maxsize=2048)
def title_ems(text: str) -> float:
    """How wide `text` is in the bold font a board's titles take, in ems."""
    return QFontMetricsF(font(100, True)).horizontalAdvance(text) / 100
