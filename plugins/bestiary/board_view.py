"""The board description (client/README.md vocabulary): the hex map by axial coordinates with
castles, tower areas, board markers and the creatures with their stats; the creature cards
of each tableau and of the draft pool; the castle tracks or the war track, the time disc and
the towers beside it. No pixels: the client lays everything out. Every text is a message key."""

from __future__ import annotations

from typing import Any

from boardwright.framework import decided, kernel

from .boards import Board
from .catalogue import CONFIG, CREATURES, creature_name, effect_name
from .creatures import State, board_of, haste_net, inactive, period
from .faces import piece_stats, strength_stat
from .hiring import army_limit
from .seats import first_seat
from .siege import captured_towers, tower_sums
from .stages import stage_number
from .text import castle_keys, castle_text, land_text, terrain_text, tower_text

COLOURS = CONFIG["colours"]
POOL_COLUMNS = 8
MARKER_GLYPHS = {"OBSTACLE": "▲", "WEB": "✱"}

# the phases of the flow by what the status line says of them
STAGE_OF_PHASE = {
    "castles": "draft",
    "draft": "draft",
    "first_turn": "play",
    "second_turn": "play",
    "first_team_turn": "play",
    "second_team_turn": "play",
    "stage": "play",
    "land": "land",
    "hire": "hire",
}


def stage(state: State) -> str:
    """What happens now: draft (castles included), play, land, hire, or lead (2v2: who starts)."""
    decision = kernel.pending(state)
    if decision is not None and decision["kind"] == "lead":
        return "lead"
    return STAGE_OF_PHASE.get(kernel.phase(state), kernel.phase(state))


def describe(state: State, seat: int | None) -> dict[str, Any]:
    return describe_all(state, [seat])[0]


def describe_all(state: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """Each seat's board. Only the order of the tableaus (the viewer's first) differs from
    seat to seat: the map, the pools, the tableaus and the panels are built once, and every
    board holds the same objects (boards are read-only)."""
    if not seats:
        return []
    now = stage(state)
    shared: list[dict[str, Any]] = []
    if now == "draft" and kernel.phase(state) == "draft":
        shared.append(_pool(state, "main"))
    else:
        shared.append(_hex_map(state))
        if now == "hire":
            shared.append(_pool(state, "bottom"))
    tableaus = {s: _tableau(state, s) for s in range(len(state["tableaus"])) if state["tableaus"][s]}
    hexes, marked = _decided(state)
    if hexes and shared[0]["type"] == "hexgrid":
        shared[0] = {**shared[0], "cells": decided.mark(shared[0]["cells"], lambda cell: cell["id"] in hexes)}
    panels = _panels(state, marked)
    status = _status(state)
    made = []
    for seat in seats:
        order = list(range(len(state["tableaus"])))
        if seat is not None:
            order = [seat] + [s for s in order if s != seat]
        elements = shared + [tableaus[s] for s in order if s in tableaus]
        made.append({"kind": "hex", "background": "#20242c", "elements": elements, "panels": panels, "status": status})
    return made


def _decided(state: State) -> tuple[set[str], set[int]]:
    """What decided a finished game: the castle hexes to ring on the map and the seats whose
    track mark to ring. A fallen castle, with its track at the end; the castles of the last
    holder; on Protorp the castles that scored the winner's points, with its VP mark. A draw
    (the period limit, equal points) marks nothing."""
    end = decided.end(state)
    if end is None or not end[1]:
        return set(), set()
    reason, winners = end
    if reason == "castle destroyed":
        fallen = [s for s, damage in enumerate(state["castle_damage"]) if damage >= state["settings"]["durability"]]
        return {h for side in fallen for h in castle_keys(state, side)}, {first_seat(state, s) for s in fallen}
    if reason in ("last castle holder", "victory points"):
        board = board_of(state)
        held = {board.castle_keys[c] for c, owner in enumerate(state["castle_owners"]) if owner in winners}
        return held, set(winners)
    return set(), set()


def _panels(state: State, marked: set[int]) -> list[dict[str, Any]]:
    """`marked`: the seats whose castle track or VP mark decided the game."""
    board = board_of(state)
    panels = _war_track(state, board, marked) if board.id == "protorp" else _castle_tracks(state, marked)
    panels.append(_time_disc(state))
    if board.towers:
        panels.append(_towers(state, board))
    if state["draft"]["banned"]:
        panels.append(
            {"title": {"key": "banned_title"}, "lines": [[creature_name(c) for c in state["draft"]["banned"]]]}
        )
    return panels


# --- the map


def _hex_map(state: State) -> dict[str, Any]:
    board = board_of(state)
    areas = {h: tower for tower in board.towers for h in tower["area"]}
    cells = [_cell(state, board, h, areas.get(h)) for h in range(len(board.keys))]
    pieces = [_marker_piece(state, board, h, m) for h, m in enumerate(state["board_markers"]) if m is not None]
    pieces += [_creature_piece(state, c) for c in state["creatures"] if c["hex"] >= 0]
    return {"type": "hexgrid", "orientation": board.layout, "cells": cells, "pieces": pieces}


def _cell(state: State, board: Board, h: int, tower: dict[str, Any] | None) -> dict[str, Any]:
    """A hex: its terrain's colour; a castle outlined in its owner's colour and named; a tower's
    control area outlined; on Protorp each land outlined in its own colour."""
    q, r = board.coords[h]
    terrain = "protorp" if board.void[h] else board.terrain[h]
    cell: dict[str, Any] = {"q": q, "r": r, "id": board.keys[h], "fill": COLOURS["terrain"][terrain]}
    tip: dict[str, Any] = {"key": "hex_tip", "terrain": terrain_text(board, h), "more": {"key": "then_nothing"}}
    if board.land[h]:
        cell.update(stroke=COLOURS["lands"][board.land[h]], width=2)
        tip["more"] = {"key": "more_land", "land": land_text(board.land[h])}
    if tower is not None:
        # dashed: a zone of the map, never to be mistaken for the lit targets of a move
        cell.update(stroke=COLOURS["area"], width=4, dash=True)
        tip["more"] = {"key": "more_area", "tower": tower_text(board, tower["id"])}
        if tower.get("hex") == h:
            cell["label"] = "♜"
    castle = board.castle_at.get(h)
    if castle is not None:
        owner = state["castle_owners"][castle]
        cell.update(stroke=COLOURS["sides"][owner] if owner >= 0 else "#ffffff", width=4)
        if state["occupant"][h] < 0:  # a creature standing there would hide it: the tip names it
            cell["label"] = castle_text(board, castle) if board.castle_label == "name" else board.castle_label
        holder = {"key": "castle_of", "seat": owner} if owner >= 0 else {"key": "castle_free"}
        tip["more"] = {"key": "more_castle", "castle": castle_text(board, castle), "holder": holder}
    cell["tip"] = tip
    return cell


def _marker_piece(state: State, board: Board, h: int, marker: list[Any]) -> dict[str, Any]:
    """An obstacle or a web, in its owner's colour."""
    kind, side = marker[0], marker[1]
    return {
        "at": board.keys[h],
        "label": MARKER_GLYPHS[kind],
        "fill": COLOURS["sides"][first_seat(state, side)],
        "tip": {"key": "marker_tip", "marker": effect_name(kind), "seat": first_seat(state, side)},
    }


def _creature_piece(state: State, creature: dict[str, Any]) -> dict[str, Any]:
    """A creature: its name, strength, defence and life left; faded while it cannot act."""
    name = creature_name(creature["id"])
    return {
        "at": board_of(state).keys[creature["hex"]],
        "id": creature["id"],
        "label": name,
        "fill": COLOURS["sides"][creature["seat"]],
        "stroke": "#ffffff",
        "stats": piece_stats(creature),
        "tip": creature_tip(state, creature),
        "faded": inactive(state, creature),
    }


def creature_tip(state: State, creature: dict[str, Any]) -> dict[str, Any]:
    """Life, effects, chips and net HASTE or SLOW, in words."""
    data = CREATURES[creature["id"]]
    tally: dict[str, int] = {}
    for marker in creature["markers"]:
        tally[marker[0]] = tally.get(marker[0], 0) + 1
    effects: list[Any] = [
        {"key": "effect_times", "effect": effect_name(e), "times": n} if n > 1 else effect_name(e)
        for e, n in sorted(tally.items())
    ]
    net = haste_net(state, creature)
    if net:
        effects.append({"key": "net_haste" if net > 0 else "net_slow"})
    if inactive(state, creature):
        effects.append({"key": "cannot_act"})
    now = _period(state)
    chips: list[Any] = [{"key": "attack_used"}] if creature["attack_used"] else []
    for ability, ready in enumerate(creature["ready_at"]):
        if ready:
            support = data["support"][ability]
            name = {"en": support["name_en"], "ru": support["name_ru"]}
            chips.append({"key": "chip_back_in", "ability": name, "periods": max(0, ready - now)})
    return {
        "key": "creature_tip",
        "name": creature_name(creature["id"]),
        "life": data["life"] - creature["damage"],
        "most": data["life"],
        "strength": strength_stat(creature["id"]),
        "effects": effects or [{"key": "no_effect"}],
        "chips": chips or [{"key": "chips_ready"}],
        "seat": creature["seat"],
    }


# --- the cards


def _pool(state: State, place: str) -> dict[str, Any]:
    return {
        "type": "cards",
        "cards": list(state["draft"]["pool"]),
        "layout": "grid",
        "columns": POOL_COLUMNS,
        "place": place,
        "title": {"key": "pool_title"},
    }


def _tableau(state: State, seat: int) -> dict[str, Any]:
    """A seat's creature cards, left to right in summon order (the viewer's tableau is drawn first)."""
    return {
        "type": "cards",
        "cards": [state["creatures"][index]["id"] for index in state["tableaus"][seat]],
        "layout": "row",
        "place": "bottom",
        "title": {"key": "tableau_title", "seat": seat},
    }


# --- beside the board


def _period(state: State) -> int:
    """The period the board shows: 0 until the draft is over."""
    return 0 if stage(state) == "draft" else period(state)


def _castle_tracks(state: State, marked: set[int]) -> list[dict[str, Any]]:
    panels = []
    for side in range(len(kernel.sides(state))):
        seat = first_seat(state, side)
        damage = state["castle_damage"][side]
        durability = state["settings"]["durability"]
        lines: list[dict[str, Any]] = [{"key": "castle_track_line", "damage": damage, "durability": durability}]
        if kernel.side_of(state, state["first_player"]) == side:  # why a castle starts damaged
            lines.append({"key": "castle_track_first", "damage": CONFIG["first_player_damage"]})
        panels.append(
            {
                "title": _track_title(state, side, seat),
                "lines": lines,
                "track": {
                    "length": durability + 1,
                    "marks": [
                        {"at": damage, "label": "✖", "fill": COLOURS["sides"][seat], "seat": seat}
                        | ({"decided": True} if seat in marked else {})
                    ],
                },
            }
        )
    return panels


def _track_title(state: State, side: int, seat: int) -> dict[str, Any]:
    """A castle track's owner: a seat, or in 2v2 a team, whose two castles share it."""
    if state["mode"] == "crossroads_teams":
        return {"key": "castle_track_team", "team": {"key": "team_a" if side == 0 else "team_b"}}
    return {"key": "castle_track_title", "seat": seat}


def _war_track(state: State, board: Board, marked: set[int]) -> list[dict[str, Any]]:
    """Protorp: the VP track, each player's army against its limit, and the land cards."""
    marks = [
        {"at": v, "label": str(s + 1), "fill": COLOURS["sides"][s], "seat": s}
        | ({"decided": True} if s in marked else {})
        for s, v in enumerate(state["victory_points"])
    ]
    lines: list[Any] = []
    for s, points in enumerate(state["victory_points"]):
        out = {"key": "player_out"} if kernel.is_out(state, s) else {"key": "then_nothing"}
        army = len(state["tableaus"][s])
        lines.append(
            {"key": "war_line", "seat": s, "vp": points, "army": army, "limit": army_limit(points), "out": out}
        )
    lands = [
        {"key": "land_open" if up else "land_done", "land": land_text(land)}
        for land, up in zip(board.lands, state["lands_open"], strict=True)
    ]
    lines.append({"key": "lands_line", "lands": lands})
    return [
        {
            "title": {"key": "war_track_title"},
            "lines": lines,
            "track": {"length": state["settings"]["vp_goal"], "marks": marks},
        }
    ]


def _time_disc(state: State) -> dict[str, Any]:
    """The time disc: each chip lies in sector ready_at - P (0: the pointer sector, due)."""
    now = _period(state)
    lines: list[Any] = [{"key": "period_line", "period": now}]
    marks = []
    for side in range(len(kernel.sides(state))):
        seat = first_seat(state, side)
        chips = []
        for creature in state["creatures"]:
            if creature["side"] != side:
                continue
            for ability, ready in enumerate(creature["ready_at"]):
                if ready:
                    support = CREATURES[creature["id"]]["support"][ability]
                    name = {"en": support["name_en"], "ru": support["name_ru"]}
                    sector = max(0, ready - now)
                    chips.append((sector, {"key": "disc_chip", "ability": name, "sector": sector}))
                    marks.append({"at": sector, "label": name, "fill": COLOURS["sides"][seat]})
        texts = [text for _, text in sorted(chips, key=lambda chip: chip[0])] or [{"key": "disc_empty"}]
        lines.append({"key": "disc_line", "seat": seat, "chips": texts})
    return {
        "title": {"key": "time_disc_title"},
        "lines": lines,
        "track": {"length": CONFIG["cooldown_max"] + 1, "marks": marks},
    }


def _towers(state: State, board: Board) -> dict[str, Any]:
    """Each tower: the siege sums of its area and who captures it."""
    lines = []
    for tower in board.towers:
        sums = tower_sums(state, tower["area"])
        holders = [side for side in range(len(sums)) if tower["id"] in captured_towers(state, side)]
        holder = {"key": "tower_held", "seat": first_seat(state, holders[0])} if holders else None
        siege = [{"key": "siege_of", "seat": first_seat(state, side), "value": v} for side, v in enumerate(sums)]
        lines.append(
            {
                "key": "tower_line",
                "tower": tower_text(board, tower["id"]),
                "siege": siege,
                "holder": holder or {"key": "tower_free"},
            }
        )
    return {"title": {"key": "towers_title"}, "lines": lines}


def _status(state: State) -> dict[str, Any]:
    if kernel.is_over(state):
        return {"key": "status_over"}
    now = "castles" if kernel.phase(state) == "castles" else stage(state)
    status: dict[str, Any] = {"key": "status_" + now, "seat": kernel.to_move(state), "period": _period(state)}
    if now == "play" and state["land"]:
        status.update(key="status_stage", land=land_text(state["land"]), stage=stage_number(state))
        status["stages"] = len(state["lands_open"])
    return status
