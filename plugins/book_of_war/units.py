"""Unit tokens on the board (digest 2, 5.4): placing and moving them, castle capture, and
who stands where.

``state["units"]``: ``{unit id: {"type", "side", "owner", "hex", "upgraded", "wounds",
"shields", "ready"}}``; a unit's id is its card's id (``"red_cavalry"``), since each colour
has one card per type; ``ready`` says on which line the card lies (True: the rear line).
``state["occupants"]``: ``{hex: unit id}``; ``state["castles"]``: ``{hex: side or None}``.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .catalog import BOARD, UNITS
from .text import hex_text
from .war_track import seats_of

State = dict[str, Any]


def place(state: State, seat: int, unit_type: str, hex_id: str, ready: bool) -> str:
    """Put `seat`'s unit of `unit_type` on `hex_id`, unupgraded; returns its id."""
    side = kernel.side_of(state, seat)
    unit_id = f"{state['colour'][side]}_{unit_type}"
    state["units"][unit_id] = {
        "type": unit_type,
        "side": side,
        "owner": seat,
        "hex": hex_id,
        "upgraded": False,
        "wounds": 0,
        "shields": 0,
        "ready": ready,
    }
    state["occupants"][hex_id] = unit_id
    return unit_id


def relocate(state: State, unit_id: str, destination: str) -> None:
    unit = state["units"][unit_id]
    occupants = state["occupants"]
    if occupants.get(unit["hex"]) == unit_id:
        del occupants[unit["hex"]]
    unit["hex"] = destination
    occupants[destination] = unit_id


def controllable(state: State, castle: str) -> bool:
    """Whether a castle can change hands (scenario "Protorp" takes the outer ones out)."""
    return bool(state["rules"]["outer_castles_controllable"]) or BOARD.castle_kind[castle] != "outer"


def capture(state: State, side: int, hex_id: str, log: Any) -> None:
    """A manoeuvre or march that ends on a castle takes it (digest 5.4)."""
    castles = state["castles"]
    if hex_id in castles and castles[hex_id] != side and controllable(state, hex_id):
        castles[hex_id] = side
        log.emit("capture", seat=seats_of(state, side)[0], castle=hex_text(hex_id), at=[hex_id])


SWIFT_TYPES = frozenset(unit_type for unit_type, info in UNITS.items() if info.get("swift", False))


def swift(unit: dict[str, Any]) -> bool:
    """An upgraded unit whose type moves two hexes (Cavalry) [D-9]."""
    return bool(unit["upgraded"]) and unit["type"] in SWIFT_TYPES


def enemies(state: State, side: int, hexes: list[str]) -> list[str]:
    occupants = state["occupants"]
    units = state["units"]
    return [occupants[h] for h in hexes if h in occupants and units[occupants[h]]["side"] != side]


def friends(state: State, side: int, hexes: list[str]) -> list[str]:
    occupants = state["occupants"]
    units = state["units"]
    return [occupants[h] for h in hexes if h in occupants and units[occupants[h]]["side"] == side]


def free_neighbours(state: State, hex_id: str) -> list[str]:
    occupants = state["occupants"]
    return [h for h in BOARD.neighbours[hex_id] if h not in occupants]


def army(state: State, side: int) -> int:
    """Units of a side on the board."""
    return sum(1 for unit in state["units"].values() if unit["side"] == side)
