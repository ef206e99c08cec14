"""Set-up (digest 3, 8.1): factions by lot or choice, start lands with a castle and units each,
the neutral factions' castles, tracks, reserves and supplies; and the scenario files' checks.

State per faction (initiative order): ``seat_of[faction]`` (-1: neutral), ``neutral``,
``reserve`` (units off the map per class), ``track`` and ``action_token`` (castles.py),
``melee_at`` / ``ranged_at`` / ``creature_at`` (where its tokens lie, -1: in the supply),
``militia``, ``allies``; per seat ``faction_of``. ``rules`` holds the options in play.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import Setup, seat_picks

from . import text
from .castles import leftmost_free
from .world import WORLD, World, load_toml

State = dict[str, Any]
StartLands = list[list[tuple[int, list[str]]]]


def scenario_schema(world: World) -> dict[str, Any]:
    unit = {"enum": world.classes}
    units = {"anyOf": [unit, {"type": "array", "items": unit, "minItems": 1}]}
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "castles_to_win": {"type": "integer", "minimum": 1, "maximum": world.castles_to_win},
            "start": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    faction: {"type": "object", "minProperties": 1, "additionalProperties": units}
                    for faction in world.faction_ids
                },
            },
        },
    }


def check_scenario(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Start lands that exist, are land, belong to one faction, and fit its units and castles."""
    problems: list[tuple[str, str]] = []
    taken: dict[str, str] = {}
    for faction_id, lands in data.get("start", {}).items():
        problems += _check_lands(faction_id, lands, taken)
    return problems


def _check_lands(faction_id: str, lands: dict[str, Any], taken: dict[str, str]) -> list[tuple[str, str]]:
    w = WORLD
    problems = []
    castles = [0] * len(w.segments)
    needed = w.no_units()
    for name, units in lands.items():
        where = f"start.{faction_id}.{name}"
        region = w.region_index.get(name)
        if region is None:
            problems.append((where, f"unknown region {name!r}"))
            continue
        if w.is_water[region]:
            problems.append((where, "a start land cannot be water (no castle on water)"))
            continue
        if name in taken:
            problems.append((where, f"already a start land of {taken[name]}"))
        taken[name] = faction_id
        castles[w.segment_of_terrain[w.terrain[region]]] += 1
        placed = [units] if isinstance(units, str) else units
        if len(placed) > w.limit:
            problems.append((where, f"{len(placed)} units is above the troop limit of {w.limit}"))
        for unit in placed:
            needed[w.class_index[unit]] += 1
    owned = w.factions[w.faction_index[faction_id]]["units"]
    for c, name in enumerate(w.classes):
        if needed[c] > owned[c]:
            problems.append((f"start.{faction_id}", f"{needed[c]} {name}s, but the faction has {owned[c]}"))
    for index, segment in enumerate(w.segments):
        if castles[index] > segment["divisions"]:
            problems.append((f"start.{faction_id}", f"more {segment['terrain']} castles than the faction owns"))
    return problems


def setup(state: State, setup: Setup) -> None:
    w = WORLD
    options = setup.options
    data = setup.scenario.data if setup.scenario else {}
    factions = len(w.faction_ids)
    picked = _pick_factions(state, setup.players, str(options["factions"]))
    seat_of = [-1] * factions
    for by, faction in enumerate(picked):
        seat_of[faction] = by
    state["rules"] = {
        "single_march": bool(options["single_march"]),
        "militia": bool(options["militia"]),
        "allies": bool(options["allies"]),
        "castles_to_win": int(data.get("castles_to_win", w.castles_to_win)),
        "last_faction_standing_wins": bool(options["last_faction_standing_wins"]),
    }
    state["seat_of"] = seat_of
    state["faction_of"] = picked
    state["neutral"] = [by < 0 for by in seat_of]
    regions = len(w.region_ids)
    state["occupant"] = [-1] * regions
    state["units"] = [w.no_units() for _ in range(regions)]
    state["castle"] = [-1] * regions
    state["tokens"] = [None] * len(w.borders)
    state["creatures"] = [None] * len(w.junction_ids)
    state["track"], state["action_token"], state["reserve"] = [], [], []
    starts = _start_lands(data)
    for faction in range(factions):
        _place_faction(state, faction, starts[faction])
    for faction in range(factions):
        if state["neutral"][faction]:
            _place_neutral(state, faction, starts[faction])
    state["melee_at"] = [[-1] * len(w.melee_values) for _ in range(factions)]
    state["ranged_at"] = [[-1] * len(w.ranged_values) for _ in range(factions)]
    state["creature_at"] = [[-1] * len(w.classes) for _ in range(factions)]
    state["militia"] = [False] * factions
    state["allies"] = [[False] * factions for _ in range(factions)]
    state["battle"] = None
    state["refused"] = []
    setup.log.emit("setup", factions=[text.FACTION_NAMES[faction] for faction in picked])


def _place_faction(state: State, faction: int, lands: list[tuple[int, list[str]]]) -> None:
    """A player's start lands get a castle and units; the other castles lie on its track."""
    w = WORLD
    playing = not state["neutral"][faction]
    on_map = [0] * len(w.segments)
    reserve = list(w.factions[faction]["units"])
    for region, classes in lands:
        if not playing:
            continue
        state["castle"][region] = faction
        on_map[w.segment_of_terrain[w.terrain[region]]] += 1
        for name in classes:
            unit_class = w.class_index[name]
            state["units"][region][unit_class] += 1
            reserve[unit_class] -= 1
        state["occupant"][region] = faction
    track = []
    for index, segment in enumerate(w.segments):
        covered = segment["divisions"] - on_map[index]
        track.extend([division < covered for division in range(segment["divisions"])])
    state["track"].append(track)
    state["action_token"].append(leftmost_free(track) if playing else -1)
    state["reserve"].append(reserve)


def _place_neutral(state: State, faction: int, lands: list[tuple[int, list[str]]]) -> None:
    """A neutral faction's castles: its start lands and every land bordering one (digest 8.1)."""
    zone = []
    for region, _ in lands:
        zone.append(region)
        zone.extend(WORLD.lands_bordering(region))
    for region in zone:
        if state["castle"][region] < 0 and not WORLD.is_water[region]:
            state["castle"][region] = faction


def _pick_factions(state: State, players: int, mode: str) -> list[int]:
    """Each seat's faction, in seat order (digest 3.2: "each player in turn picks one of the
    four factions, by lot or by agreement"): the ones the players named at the table, a seat
    left to chance dealt one of the others; `initiative`: the first factions in initiative
    order. Turns go in initiative order whatever the seats (`units.initiative_order`)."""
    if mode == "initiative":
        return list(range(players))
    dealt = seat_picks.deal(state, "factions", mode, WORLD.faction_ids, players)
    return [WORLD.faction_index[name] for name in dealt]


def _start_lands(data: dict[str, Any]) -> StartLands:
    w = WORLD
    start = data.get("start") or load_toml("scenarios/standard.toml")["data"]["start"]
    out: StartLands = []
    for faction_id in w.faction_ids:
        lands = start.get(faction_id)
        if lands is None:
            lands = {w.region_ids[r]: [] for r in range(len(w.region_ids)) if w.start_of[r] == faction_id}
        out.append(
            [
                (w.region_index[name], [units] if isinstance(units, str) else list(units))
                for name, units in lands.items()
            ]
        )
    return out
