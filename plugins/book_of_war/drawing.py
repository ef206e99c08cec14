"""The board description for clients (client/README.md vocabulary): the Protorp map as a hex
grid by axial coordinates with castles and unit tokens, the cards around it (table.py),
the status line. No pixels: the client lays the elements out.

Everything here reads a view, so a seat is only ever shown what it may know. Every text is
a message key of the data files or a name from them.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from boardwright.framework import decided, kernel

from . import table, units
from .catalog import BOARD, DRAWING, MESSAGES, UNITS
from .table import side_fill
from .text import hex_text, land_name, name, unit_text
from .war_track import seats_of, winning_side

State = dict[str, Any]
Item = dict[str, Any]


def describe(state: State, seat: int | None) -> dict[str, Any]:
    return describe_all([state], [seat])[0]


def describe_all(views: list[State], seats: list[int | None]) -> list[dict[str, Any]]:
    """Each seat's board from its view. What every seat sees alike is built once and shared
    (boards are read-only): the panels (the war track first), the piles above the map, and the
    map for the seats whose views show the same pending choice (the map marks the unit a
    choice is about for the seat making it)."""
    if not views:
        return []
    panels = [table.war_track(views[0]), *table.panels(views[0])]
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
    focus = _units_in_focus(state)
    won = winning_side(state)
    # a hex without a castle never changes: it is built once and the same object goes in
    # every board (boards are read-only data), so the host's merge with a seat's last board
    # finds it unchanged by identity, without comparing it; a castle and a token are built
    # once for each look they take (`_castle_cell`, `_token`), to the same end. Their caches
    # hold a few boards' worth, so that long-lived objects do not lengthen the collector's
    # full passes (a board has 8 castles and at most a few dozen tokens)
    cells = [_castle_cell(*_castle_look(state, h)) if h in castles else _plain_cell(h) for h in BOARD.ids]
    if won is not None:  # the castles that scored the winner's last points (castle VP at supply) decided it
        cells = decided.mark(cells, lambda cell: castles.get(cell["id"], -1) == won)
    return {
        "type": "hexgrid",
        "orientation": "pointy",
        "cells": cells,
        "pieces": [
            _token(
                uid,
                unit["type"],
                unit["hex"],
                unit["upgraded"],
                unit["wounds"],
                unit["shields"],
                unit["owner"],
                side_fill(state, unit["side"]),
                unit["ready"],
                unit["hex"] in castles,
                uid in focus,
            )
            for uid, unit in sorted(state["units"].items())
        ],
    }


def _hex(h: str) -> Item:
    """A hex in its terrain's colour, outlined in its land's, its name drawn faintly across it
    (a castle's cell draws the castle in the colour of the side that holds it instead)."""
    q, r = BOARD.coord[h]
    terrain, land = BOARD.terrain[h], BOARD.land[h]
    cell: Item = {
        "q": q,
        "r": r,
        "id": h,
        "fill": DRAWING["terrain_fill"][terrain],
        "stroke": DRAWING["land_colour"].get(land, "#000000"),
        "width": DRAWING["hex_stroke_width"],
        "coordinate": h,  # shown when the person asks (View → Coordinates)
        "label_colour": DRAWING["hex_name_colour"],
    }
    cell["tip"] = {"key": "hex_tip_centre", "hex": hex_text(h)} if land is None else hex_text(h)
    return cell


@cache
def _plain_cell(h: str) -> Item:
    return _hex(h)


def _castle_look(state: State, h: str) -> tuple[str, bool, int | None, str, tuple[int, ...]]:
    """What a castle's cell shows: (hex, whether it can change hands, its owner, the owner's
    colour, the owner's seats)."""
    owner = state["castles"][h]
    if owner is None:
        return h, units.controllable(state, h), None, "", ()
    return h, units.controllable(state, h), owner, side_fill(state, owner), tuple(seats_of(state, owner))


@lru_cache(maxsize=256)
def _castle_cell(h: str, controllable: bool, owner: int | None, colour: str, seats: tuple[int, ...]) -> Item:
    held: dict[str, Any]
    if not controllable:
        colour, held = DRAWING["uncontrollable"], {"key": "castle_closed"}
    elif owner is None:
        colour, held = DRAWING["neutral"], {"key": "castle_neutral"}
    else:
        held = {"key": "castle_owner", "seats": list(seats)}
    tip = {
        "key": "castle_tip",
        "hex": hex_text(h),
        "terrain": {"key": f"terrain_{BOARD.terrain[h]}"},
        "owner": held,
    }
    cell = _hex(h)
    cell.update({"label": DRAWING["castle"], "label_colour": colour, "tip": tip})
    return cell


@lru_cache(maxsize=512)
def _token(
    uid: str,
    kind: str,
    at: str,
    upgraded: bool,
    wounds: int,
    shields: int,
    owner: int,
    fill: str,
    ready: bool,
    on_castle: bool,
    highlight: bool,
) -> Item:
    """A unit token: its unit type's picture, its army's colour, its marks (standing on a castle,
    upgraded, wounds, shields) under the name; a unit that has acted is drawn faded."""
    info = UNITS[kind]
    # a token hides the castle under it: the castle's mark shows among the token's own
    marks = [DRAWING["castle"]] if on_castle else []
    if upgraded:
        marks.append(DRAWING["upgraded_mark"])
    if wounds:
        marks.append(f"{DRAWING['wound_mark']}{wounds}")
    if shields:
        marks.append(f"{DRAWING['shield_mark']}{shields}")
    tip: dict[str, Any] = {
        "key": "unit_tip_upgraded" if upgraded else "unit_tip",
        "unit": unit_text(uid),
        "seat": owner,
        "class": {"key": f"class_{info['class']}"},
        "wounds": wounds,
        "shields": shields,
    }
    piece: Item = {
        "at": at,
        "id": uid,
        "label": name(UNITS, kind),  # drawn where its picture is not shipped
        "art": DRAWING["unit_art"][kind],
        "fill": fill,
        "tip": tip if ready else {"key": "unit_used", "tip": tip},
        "faded": not ready,
        "highlight": highlight,
    }
    if marks:
        piece["stats"] = marks
    if upgraded:
        piece.update(stroke=DRAWING["upgraded_stroke"], width=DRAWING["upgraded_width"])
    elif not ready:
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
