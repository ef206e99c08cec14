"""The board description for clients (client/README.md vocabulary): the Protorp map as a hex
grid by axial coordinates with castles and unit tokens, the cards around it (table.py),
the status line. No pixels: the client lays the elements out.

Everything here reads a view, so a seat is only ever shown what it may know. Every text is
a message key of the data files or a name from them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardwright.framework import kernel

from . import table, units
from .catalog import BOARD, DRAWING, MESSAGES, UNITS
from .table import side_fill
from .text import land_name, unit_text
from .war_track import seats_of

State = dict[str, Any]
Item = dict[str, Any]


def describe(state: State, seat: int | None) -> dict[str, Any]:
    return describe_all([state], [seat])[0]


def describe_all(views: list[State], seats: list[int | None]) -> list[dict[str, Any]]:
    """Each seat's board from its view. What every seat sees alike is built once and shared
    (boards are read-only): the panels, the war track and the piles above the map, and the
    map for the seats whose views show the same pending choice (the map marks the unit a
    choice is about for the seat making it)."""
    if not views:
        return []
    panels = table.panels(views[0])
    maps: list[tuple[Any, dict[str, Any]]] = []
    shared: dict[Any, list[Item]] = {}  # the elements above the map that every seat sees alike
    boards = []
    for view, seat in zip(views, seats, strict=True):
        focus = kernel.pending(view)
        shown = next((drawn for seen, drawn in maps if seen == focus), None)
        if shown is None:
            shown = map_element(view)
            maps.append((focus, shown))
        top, bottom = table.elements(view, seat, shared)
        boards.append(
            {
                "kind": "hex",
                "background": DRAWING["background"],
                "status": status(view),
                "elements": [*top, shown, *bottom],
                "panels": panels,
            }
        )
    return boards


# --- the map


def map_element(state: State) -> dict[str, Any]:
    castles = state["castles"]
    return {
        "type": "hexgrid",
        "orientation": "pointy",
        # a hex without a castle never changes: it is built once and the same object goes in
        # every board (boards are read-only data), so the host's merge with a seat's last
        # board finds it unchanged by identity, without comparing it
        "cells": [_cell(state, h) if h in castles else _plain_cell(h) for h in BOARD.ids],
        "pieces": [_piece(state, uid, unit) for uid, unit in sorted(state["units"].items())],
    }


@cache
def _plain_cell(h: str) -> Item:
    return _cell({"castles": {}}, h)


def _cell(state: State, h: str) -> Item:
    """A hex in its terrain's colour, outlined in its land's; its name drawn faintly across
    it, or a castle in the colour of the side that holds it."""
    q, r = BOARD.coord[h]
    terrain, land = BOARD.terrain[h], BOARD.land[h]
    cell: Item = {
        "q": q,
        "r": r,
        "id": h,
        "fill": DRAWING["terrain_fill"][terrain],
        "stroke": DRAWING["land_colour"].get(land, "#000000"),
        "width": DRAWING["hex_stroke_width"],
        "label": h,
        "label_colour": DRAWING["hex_name_colour"],
    }
    if land is None:
        cell["tip"] = {"key": "hex_tip_centre", "hex": h}
    elif h in state["castles"]:
        cell.update(_castle(state, h))
    else:
        cell["tip"] = {"key": "hex_tip", "hex": h, "terrain": {"key": f"terrain_{terrain}"}, "land": land_name(land)}
    return cell


def _castle(state: State, h: str) -> Item:
    owner = state["castles"][h]
    held: dict[str, Any]
    if not units.controllable(state, h):
        colour, held = DRAWING["uncontrollable"], {"key": "castle_closed"}
    elif owner is None:
        colour, held = DRAWING["neutral"], {"key": "castle_neutral"}
    else:
        colour, held = side_fill(state, owner), {"key": "castle_owner", "seats": seats_of(state, owner)}
    tip = {
        "key": "castle_tip",
        "hex": h,
        "kind": {"key": f"castle_kind_{BOARD.castle_kind[h]}"},
        "terrain": {"key": f"terrain_{BOARD.terrain[h]}"},
        "land": land_name(str(BOARD.land[h])),
        "owner": held,
    }
    return {"label": DRAWING["castle"], "label_colour": colour, "tip": tip}


def _piece(state: State, uid: str, unit: dict[str, Any]) -> Item:
    """A unit token: its short name, its army's colour, its marks (standing on a castle,
    upgraded, wounds, shields) under the name; a unit that has acted is drawn faded."""
    info = UNITS[unit["type"]]
    # a token hides the castle under it: the castle's mark shows among the token's own
    marks = [DRAWING["castle"]] if unit["hex"] in state["castles"] else []
    if unit["upgraded"]:
        marks.append(DRAWING["upgraded_mark"])
    if unit["wounds"]:
        marks.append(f"{DRAWING['wound_mark']}{unit['wounds']}")
    if unit["shields"]:
        marks.append(f"{DRAWING['shield_mark']}{unit['shields']}")
    tip: dict[str, Any] = {
        "key": "unit_tip_upgraded" if unit["upgraded"] else "unit_tip",
        "unit": unit_text(uid),
        "seat": unit["owner"],
        "class": {"key": f"class_{info['class']}"},
        "wounds": unit["wounds"],
        "shields": unit["shields"],
    }
    piece: Item = {
        "at": unit["hex"],
        "id": uid,
        "label": {"en": info["short_en"], "ru": info["short_ru"]},
        "fill": side_fill(state, unit["side"]),
        "tip": tip if unit["ready"] else {"key": "unit_used", "tip": tip},
        "faded": not unit["ready"],
        "highlight": uid in _units_in_focus(state),
    }
    if marks:
        piece["stats"] = marks
    if unit["upgraded"]:
        piece.update(stroke=DRAWING["upgraded_stroke"], width=DRAWING["upgraded_width"])
    elif not unit["ready"]:
        piece.update(stroke=DRAWING["used_stroke"], width=DRAWING["used_width"])
    return piece


def _units_in_focus(state: State) -> list[str]:
    """The unit a pending choice is about (where it flees, what the hasted unit does), or the planner."""
    pending = kernel.pending(state)
    if pending is not None:
        data = pending.get("data", {})
        unit = data.get("unit") or data.get("step", {}).get("unit")
        return [unit] if unit else []
    planning = state["planning"]
    return [planning["unit"]] if planning else []


# --- the status line


def status(state: State) -> dict[str, Any]:
    """Who acts and in which part of the game, as people call it (never a phase's id)."""
    if kernel.is_over(state):
        return {"key": "status_over", "score_a": state["vp"][0], "score_b": state["vp"][1]}
    seat, phase = kernel.to_move(state), kernel.phase(state)
    line: dict[str, Any] = {"key": f"status_{phase}", "round": kernel.round_number(state), "seat": seat}
    pending = kernel.pending(state)
    if pending is not None:
        line["key"] = f"status_{pending['kind']}"
        focus = _units_in_focus(state)
        if focus:
            line["unit"] = unit_text(focus[0])
        elif "{unit}" in MESSAGES["en"].get(line["key"], ""):
            line["key"] = "status_choice"  # another seat's choice: the view does not say about what
    elif phase == "offensive" and state["planning"] is not None:
        line.update(key="status_planning", land=land_name(state["planning"]["land"]))
    if line["key"] not in MESSAGES["en"]:
        line["key"] = "status_turn"
    return line
