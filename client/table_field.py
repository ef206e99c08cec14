"""The free field at the table: what can be dragged onto it, the legal areas lit, and a
click or a drop on it made a point action (Legends of Signum's hero, its summons and its
terrain). A part of `TablePage`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QWidget

from . import field_points
from .selection import id_key, same_id

if TYPE_CHECKING:
    from .board_view import BoardView
    from .selection import Selection
    from .session import TableSession

    _Page = QWidget
else:
    _Page = object


class TableField(_Page):
    """Point actions on the free field (mixed into `TablePage`)."""

    if TYPE_CHECKING:
        session: TableSession | None
        lang: str
        view: BoardView
        selection: Selection
        points: field_points.FieldPoints
        fields: list[dict[str, Any]]
        open: list[dict[str, Any]]
        legal: list[dict[str, Any]]
        _groups: list[tuple[str, list[Any]]]

        def _draw_board(self, names: list[str]) -> None: ...
        def offer(self, actions: list[dict[str, Any]]) -> None: ...
        def _show_bar(self, groups: list[tuple[str, list[Any]]]) -> None: ...
        def play(self, action: dict[str, Any]) -> str | None: ...

    def _show_points(self) -> None:
        """What can be dragged onto the field, and the legal areas lit for what a click on
        the field would do now (the selected source's point actions, or the field's own)."""
        self.points = field_points.FieldPoints(
            self.open, self.session.action_parts() if self.session else {}, self.fields
        )
        self.view.set_draggable(self.points.draggable())
        self.view.drag_sources = {id_key(source) for source in self.selection.drag_sources()}
        source = self.selection.source if self.points.is_source(self.selection.source) else None
        shown = self.points.of(source)
        frame = self.points.frame
        if frame is not None and shown:
            self.view.field_tools.light_areas(frame, self.points.areas(shown), self.points.snaps(shown))
        self.view.field_tools.show_for(self.selection.source)

    def _select_point_source(self, item_id: Any) -> bool:
        """A click on a card (or piece) whose only moves put it on the field selects it, and
        the field lights where it may go; a second click lets it go."""
        if not self.points.is_source(item_id):
            return False
        kinds = {a["type"] for a in self.points.of(item_id)}
        if same_id(self.selection.source, item_id):
            self.selection.cancel()
        elif all(a["type"] in kinds for a in self.legal if same_id(self.points.source_of(a), item_id)):
            self.selection.cancel()
            self.selection.source = item_id
        else:
            return False
        assert self.session is not None
        self._draw_board(self.session.seat_names(self.lang))
        self._show_bar(self._groups)
        return True

    def on_field_clicked(self, where: QPointF) -> None:
        """A click on the free field where no piece is: the selected source's point action
        there, or the field's own (a hero's place, a terrain card); a menu if several fit."""
        frame = self.points.frame
        if frame is None or not field_points.on_field(frame, field_points.to_field(frame, where)):
            return
        source = self.selection.source if self.points.is_source(self.selection.source) else None
        self._play_at(self.points.at(source, where, self.view.field_tools.snap_cm(frame)), where)

    def on_dropped(self, source: Any, where: QPointF) -> None:
        """A piece or a card let go on the free field: its point action filled with that point,
        in centimetres (the kernel checks it; a refused point says why and the piece is back).
        The view has snapped it already."""
        self._play_at(self.points.at(source, where, 0.0), where)

    def _play_at(self, actions: list[dict[str, Any]], where: QPointF) -> None:
        if len(actions) > 1:
            self.offer(actions)
            return
        if actions:
            reason = self.play(actions[0])
            if reason:
                self.view.field_tools.note(where, reason)
