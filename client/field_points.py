"""Points on a free field: how a click, or a drop of a piece or a card, fills an open action
that takes a point (`choices.point`, action_parts `{"point": "to"}`).

Every point action of the person to move is reachable on the field:
- with a `source` (a miniature's move, a card's summon): drag the source onto the field, or
  click it (it is selected) and then click the field;
- without a source (a hero's placement, a terrain card): click the field.
The field's `point_areas` (client/README.md, `field`) say where each open action's point
may go; they are lit while it can be chosen, and a click near an area or an offered snap
lands on it. The kernel checks the point (`check_action`) and has the last word.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF

from boardwright.framework import field
from boardwright.framework.choices import POINT

from .selection import same_id

Action = dict[str, Any]
AREA_REACH_CM = 2.0  # a click this close to a legal area lands on the area's nearest point


def to_scene(frame: dict[str, Any], x: float, y: float) -> QPointF:
    """A point of a free field (centimetres) where the board draws it."""
    (x0, y0), per_cm = frame["origin"], frame["per_cm"]
    if frame.get("flip_y"):
        y = frame["cm"][1] - y
    return QPointF(x0 + x * per_cm, y0 + y * per_cm)


def to_field(frame: dict[str, Any], where: QPointF) -> list[float]:
    """A board point in the free field's centimetres, rounded to 0.01 cm."""
    (x0, y0), per_cm = frame["origin"], frame["per_cm"]
    y = (where.y() - y0) / per_cm
    if frame.get("flip_y"):
        y = frame["cm"][1] - y
    return [round((where.x() - x0) / per_cm, 2), round(y, 2)]


def on_field(frame: dict[str, Any], point: list[float]) -> bool:
    width, height = frame["cm"]
    return 0 <= point[0] <= width and 0 <= point[1] <= height


def nearest_in(point: list[float], shape: dict[str, Any]) -> list[float]:
    """The point of a convex area (a polygon or a circle) nearest to `point` (itself inside)."""
    if field.point_distance(point, shape) <= field.EPSILON:
        return list(point)
    if "circle" in shape:
        cx, cy = shape["circle"]
        gap = field.distance(point, (cx, cy))
        scale = float(shape["radius"]) / gap
        return [cx + (point[0] - cx) * scale, cy + (point[1] - cy) * scale]
    corners = field.polygon_of(shape)
    best: list[float] = list(corners[0])
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        spot = [ax + t * dx, ay + t * dy]
        if field.distance(point, spot) < field.distance(point, best):
            best = spot
    return best


class FieldPoints:
    """The viewer's open point actions on the first free field of the board."""

    def __init__(self, open_actions: list[Action], parts: dict[str, dict[str, str]], frames: list[dict[str, Any]]):
        self.parts = parts
        self.frame = frames[0] if frames else None
        self.actions = [a for a in open_actions if self._point(a) is not None] if self.frame else []

    # --- reading the actions ---

    def _point(self, action: Action) -> str | None:
        name = self.parts.get(action.get("type", ""), {}).get("point")
        value = action.get(name) if name is not None else None
        return name if isinstance(value, dict) and POINT in value else None

    def source_of(self, action: Action) -> Any:
        name = self.parts.get(action.get("type", ""), {}).get("source")
        return action.get(name) if name is not None else None

    def of(self, source: Any) -> list[Action]:
        """The point actions of `source` (None: those that take no source, the field's own)."""
        if source is None:
            return [a for a in self.actions if self.source_of(a) is None]
        return [a for a in self.actions if same_id(self.source_of(a), source)]

    def places(self, action: Action) -> bool:
        """Whether a legal action with its point filled in is made on the field: it is one of
        an open point action's, the same in every part but the point."""
        for open_action in self.actions:
            point = self._point(open_action)
            if open_action.get("type") == action.get("type") and point in action:
                if all(action.get(key) == value for key, value in open_action.items() if key != point):
                    return True
        return False

    def is_source(self, item_id: Any) -> bool:
        return item_id is not None and bool(self.of(item_id))

    def snaps(self, actions: list[Action]) -> list[list[float]]:
        return [list(p) for a in actions for p in a[str(self._point(a))][POINT]]

    def areas(self, actions: list[Action]) -> list[dict[str, Any]]:
        """The legal areas the board gives for these actions (an entry whose `action` fields
        all match an action's own)."""
        found = []
        for entry in (self.frame or {}).get("point_areas", []):
            wanted = entry.get("action", {})
            if any(all(a.get(k) == v for k, v in wanted.items()) for a in actions):
                found.extend(entry.get("areas", []))
        return found

    def draggable(self) -> dict[Any, list[QPointF]]:
        """Sources a person may drag onto the field, each with its snaps on the board."""
        frame = self.frame
        if frame is None:
            return {}
        found: dict[Any, list[QPointF]] = {}
        for action in self.actions:
            source = self.source_of(action)
            if source is not None:
                found.setdefault(source, []).extend(to_scene(frame, x, y) for x, y in self.snaps([action]))
        return found

    # --- filling them ---

    def aim(self, actions: list[Action], point: list[float], snap_cm: float) -> list[float]:
        """Where a click at `point` lands: on an offered snap within `snap_cm`, else on the
        nearest point of a legal area within reach, else where it is."""
        snaps = self.snaps(actions)
        near = min(snaps, key=lambda s: field.distance(s, point), default=None)
        if near is not None and field.distance(near, point) <= snap_cm:
            return [float(near[0]), float(near[1])]
        spots = [nearest_in(point, area) for area in self.areas(actions)]
        spot = min(spots, key=lambda s: field.distance(s, point), default=None)
        if spot is not None and field.distance(spot, point) <= AREA_REACH_CM:
            return [round(spot[0], 2), round(spot[1], 2)]
        return point

    def fill(self, action: Action, point: list[float]) -> Action:
        return {**action, str(self._point(action)): point}

    def at(self, source: Any, where: QPointF, snap_cm: float) -> list[Action]:
        """The filled actions a click or a drop at `where` (scene) may mean for `source`
        (None: the field's own actions): those whose legal area holds the point, else all."""
        if self.frame is None:
            return []
        actions = self.of(source)
        point = to_field(self.frame, where)
        if not actions:
            return []
        ranked = []
        for action in actions:
            aimed = self.aim([action], point, snap_cm)
            snapped = aimed in ([float(x), float(y)] for x, y in self.snaps([action]))
            inside = any(field.point_distance(aimed, area) <= field.EPSILON for area in self.areas([action]))
            ranked.append((2 if snapped else 1 if inside else 0, self.fill(action, aimed)))
        best = max(rank for rank, _action in ranked)
        return [action for rank, action in ranked if rank == best]
