"""The offensive phase (digest 4.1, 5): players take one action each in turn, clockwise
from the first player, until all have passed.

Actions carry all their choices (``{"type": "march", "unit": "red_mages", "land": "N",
"via": "d2", "to": "e1"}``). The flow (phases.py) hands the turn on: every action but a
Planning's inner ones ends the turn (`kernel.end_turn`), passing is `kernel.pass_turn`.
Planning is a mode: after ``planning``, the planner's player acts with units of the
planned land (and one creature) until ``end_planning``.

Each action type is a move (``MOVES``, at the end) with one predicate, ``why_not_*``;
`actions` lists them all at once for speed, in the order bots and saves know, and
conformance.check_moves holds it to the predicates.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones
from boardwright.framework.moves import Move, Part

from . import abilities, cards, creatures, units
from .catalog import BOARD, CONFIG
from .text import hex_text, land_name, unit_text
from .war_track import gain

State = dict[str, Any]
Action = dict[str, Any]

PASS: Action = {"type": "pass"}
LAND_TERRAIN: dict[str, str] = CONFIG["land_terrain"]  # the terrain a land card lets a March enter
END_PLANNING: Action = {"type": "end_planning"}


def begin(state: State, log: Any) -> None:
    state["summons"] = [0] * kernel.seats(state)
    log.emit("round", number=kernel.round_number(state), seat=state["leader"])


# --- legal actions: every ready unit's, summons, then passing (the order bots and saves see)


def actions(state: State, seat: int) -> list[Action]:
    """The offensive moves' legal actions at once, unit by unit (the phase's generator: each
    move's predicate below allows exactly these, conformance.check_moves holds them to it)."""
    planning = state["planning"]
    out: list[Action] = []
    everyone = state["units"]
    side = kernel.side_of(state, seat)
    general = state["general"][side] and planning is None
    lands = cards.hand_lands(state, seat)
    for unit_id in sorted(everyone):
        unit = everyone[unit_id]
        if why_not_unit(state, seat, unit) is None:
            add_unit_actions(state, unit_id, unit, lands, general, out)
    out.extend(creatures.summon_actions(state, seat, side))
    out.append(END_PLANNING if planning is not None else PASS)
    return out


def add_unit_actions(
    state: State, unit_id: str, unit: dict[str, Any], lands: list[str], general: bool, out: list[Action]
) -> None:
    """Add every action of one ready unit (digest 5.1's table) to `out`."""
    land = BOARD.land[unit["hex"]]
    for to in abilities.manoeuvre_destinations(state, unit):
        out.append({"type": "manoeuvre", "unit": unit_id, "to": to})
    occupants = state["occupants"]
    for card_land in lands:
        for to, via in march_paths(occupants, unit, card_land).items():
            out.append({"type": "march", "unit": unit_id, "land": card_land, "via": via, "to": to})
    has_own_land = land in lands
    if has_own_land and general:
        for castle in expedition_castles(state, unit):
            out.append({"type": "expedition", "unit": unit_id, "land": land, "to": castle})
    upgraded = unit["upgraded"]
    for chosen in abilities.targets(state, unit_id, unit, upgraded):
        out.append({"type": "ability", "unit": unit_id, "improved": upgraded, "land": None, "targets": chosen})
    if not has_own_land:
        return
    if not upgraded:
        for chosen in abilities.targets(state, unit_id, unit, True):
            out.append({"type": "ability", "unit": unit_id, "improved": True, "land": land, "targets": chosen})
        if general:
            out.append({"type": "level_up", "unit": unit_id, "land": land})
        return
    if scouting_cards(state):
        out.append({"type": "scouting", "unit": unit_id, "land": land})
    if general:
        out.append({"type": "planning", "unit": unit_id, "land": land})


def march_paths(occupants: dict[str, str], unit: dict[str, Any], land: str) -> dict[str, str]:
    """Where a March with a land card may end, each with the hex it goes through: first onto
    a free hex of the card's terrain, then to a free neighbour [D-7]; upgraded swift units
    step onto any terrain."""
    here = unit["hex"]
    swift = unit["upgraded"] and unit["type"] in units.SWIFT_TYPES
    steps = BOARD.march_any[here] if swift else BOARD.march[here][LAND_TERRAIN[land]]
    found: dict[str, str] = {}
    for first, onward in steps:
        if first in occupants:
            continue
        for to in onward:
            if to in found or (to in occupants and to != here):
                continue
            found[to] = first
    return found


def expedition_castles(state: State, unit: dict[str, Any]) -> list[str]:
    """Free castles of the unit's side in another land."""
    occupants = state["occupants"]
    land = BOARD.land[unit["hex"]]
    return [
        castle
        for castle, owner in state["castles"].items()
        if owner == unit["side"] and castle not in occupants and BOARD.land[castle] != land
    ]


def scouting_cards(state: State) -> bool:
    """Scouting needs land cards to look at: in the deck or the discard pile."""
    return bool(zones.count(state, "landdeck") or zones.count(state, "discard"))


# --- carrying actions out


def end_action(state: State) -> None:
    """The turn passes on once the action's effects are resolved, unless Planning runs."""
    if state["planning"] is None:
        kernel.end_turn(state)


def move_unit(state: State, unit_id: str, to: str) -> dict[str, Any]:
    unit = state["units"][unit_id]
    unit["ready"] = False
    units.relocate(state, unit_id, to)
    return unit


def apply_manoeuvre(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    unit = move_unit(state, action["unit"], action["to"])
    if log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        log.emit(
            "manoeuvre",
            seat=seat,
            unit=unit_text(action["unit"]),
            hex=hex_text(action["to"]),
            at=[action["unit"], action["to"]],
        )
    units.capture(state, unit["side"], action["to"], log)
    end_action(state)


def apply_march(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    unit = move_unit(state, action["unit"], action["to"])
    if log.recording:
        log.emit(
            "march",
            seat=seat,
            unit=unit_text(action["unit"]),
            via=hex_text(action["via"]),
            hex=hex_text(action["to"]),
            land=land_name(action["land"]),
            at=[action["unit"], action["to"], action["via"]],
        )
    cards.spend_land(state, seat, action["land"], log)
    units.capture(state, unit["side"], action["to"], log)
    end_action(state)


def apply_expedition(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    move_unit(state, action["unit"], action["to"])
    log.emit(
        "expedition",
        seat=seat,
        unit=unit_text(action["unit"]),
        hex=hex_text(action["to"]),
        at=[action["unit"], action["to"]],
    )
    cards.spend_land(state, seat, action["land"], log)
    cards.spend_general(state, seat, log)
    end_action(state)


def apply_level_up(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    unit = state["units"][action["unit"]]
    unit["ready"] = False
    unit["upgraded"] = True
    unit["wounds"] = 0
    log.emit("level_up", seat=seat, unit=unit_text(action["unit"]), at=[action["unit"]])
    cards.spend_land(state, seat, action["land"], log)
    cards.spend_general(state, seat, log)
    end_action(state)


def apply_scouting(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    state["units"][action["unit"]]["ready"] = False
    log.emit("scouting", seat=seat, unit=unit_text(action["unit"]), at=[action["unit"]])
    card = cards.play_for_scouting(state, seat, action["land"], log)
    kernel.queue_step(state, "scout", seat=seat, card=card)
    end_action(state)


def apply_planning(state: State, action: Action, log: Any) -> None:
    """The planning card lies played until the planning ends, then goes to the discard pile."""
    seat = kernel.active(state)
    land = action["land"]  # the land the planner stands in (the card must be of it)
    card = cards.card_of_land(state, seat, land)
    zones.move(state, cards.lands_zone(seat), "planned", card, observed=True)
    state["general"][kernel.side_of(state, seat)] = False
    state["planning"] = {"seat": seat, "unit": action["unit"], "land": land, "creature": False}
    log.emit("planning", seat=seat, unit=unit_text(action["unit"]), land=land_name(land), at=[action["unit"]])


def apply_end_planning(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    planning = state["planning"]
    state["planning"] = None
    for card in list(zones.items(state, "planned")):
        cards.discard_land(state, "planned", card)
    state["units"][planning["unit"]]["ready"] = False
    gain(state, kernel.side_of(state, seat), CONFIG["vp_land_card"] + CONFIG["vp_general"], log, "planning")
    log.emit("end_planning", seat=seat)
    end_action(state)


def apply_ability(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    unit_id = action["unit"]
    state["units"][unit_id]["ready"] = False
    if action["land"] is not None:
        cards.spend_land(state, seat, action["land"], log)
    named = [unit_id, *abilities.targets_named(state, action["targets"])]
    log.emit("ability", seat=seat, unit=unit_text(unit_id), improved=action["improved"], at=named)

    steps = abilities.use(state, seat, unit_id, action["improved"], action["targets"], log)
    kernel.queue_steps(state, steps, first=True)
    end_action(state)


def apply_summon(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    kernel.queue_steps(state, creatures.apply_summon(state, seat, action, log), first=True)
    end_action(state)


def apply_pass(state: State, action: Action, log: Any) -> None:
    """Passing is final for the phase [D-28]."""
    seat = kernel.active(state)
    log.emit("pass", seat=seat)
    kernel.pass_turn(state)


# --- why an action is refused: each move's one predicate (digest 5.1's table)


def why_not_unit(state: State, seat: int, unit: dict[str, Any] | None) -> str | None:
    """A unit acts once a round, for its owner; inside a Planning only in the planned land."""
    if unit is None or unit["owner"] != seat:
        return "not your unit"
    if not unit["ready"]:
        return "this unit has already acted this round"
    planning = state["planning"]
    if planning is not None and BOARD.land[unit["hex"]] != planning["land"]:
        return f"the planning is in the {planning['land']} land; this unit stands elsewhere"
    return None


def why_not_land(state: State, seat: int, unit: dict[str, Any], land: str, own: bool = True) -> str | None:
    """The land card is in the hand and, but for a March, of the land the unit stands in."""
    if not cards.holds_land(state, seat, land):
        return f"no {land} land card in hand"
    if own and land != BOARD.land[unit["hex"]]:
        return f"the land card must be of the land the unit stands in ({BOARD.land[unit['hex']]})"
    return None


def why_not_general(state: State, seat: int) -> str | None:
    if not state["general"][kernel.side_of(state, seat)] or state["planning"] is not None:
        return "the general was used this round"
    return None


def acting(state: State, seat: int, action: Action) -> tuple[Any, str | None]:
    """The action's unit, and why it may not act (None: it may)."""
    unit = state["units"].get(action["unit"])
    return unit, why_not_unit(state, seat, unit)


def why_not_manoeuvre(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    if reason:
        return reason
    if action["to"] not in abilities.manoeuvre_destinations(state, unit):
        return "a manoeuvre goes to a free neighbouring hex (upgraded cavalry: two steps)"
    return None


def why_not_march(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    if reason:
        return reason
    land = action["land"]
    reason = why_not_land(state, seat, unit, land, own=False)
    if reason:
        return reason
    if march_paths(state["occupants"], unit, land).get(action["to"]) != action["via"]:
        return f"a march with a {land} land card steps onto a free hex of its terrain, then onto a free neighbour"
    return None


def why_not_expedition(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    reason = reason or why_not_land(state, seat, unit, action["land"]) or why_not_general(state, seat)
    if reason:
        return reason
    if action["to"] not in expedition_castles(state, unit):
        return "an expedition goes to a free own castle in another land"
    return None


def why_not_level_up(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    reason = reason or why_not_land(state, seat, unit, action["land"])
    if reason:
        return reason
    if unit["upgraded"]:
        return "the unit is upgraded already"
    return why_not_general(state, seat)


def why_not_scouting(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    reason = reason or why_not_land(state, seat, unit, action["land"])
    if reason:
        return reason
    if not unit["upgraded"]:
        return "only an upgraded unit goes scouting"
    if not scouting_cards(state):
        return "no land cards are left to scout"
    return None


def why_not_planning(state: State, seat: int, action: Action) -> str | None:
    unit, reason = acting(state, seat, action)
    reason = reason or why_not_land(state, seat, unit, action["land"])
    if reason:
        return reason
    if not unit["upgraded"]:
        return "only an upgraded unit leads a planning"
    return why_not_general(state, seat)


def why_not_ability(state: State, seat: int, action: Action) -> str | None:
    """An upgraded unit uses its improved ability at level I [D-6]; a normal unit's improved
    ability is level II, with a land card of its land."""
    unit, reason = acting(state, seat, action)
    if reason:
        return reason
    improved, land = action["improved"], action["land"]
    if land is not None:
        reason = why_not_land(state, seat, unit, land)
        if reason:
            return reason
    if unit["upgraded"] and not improved:
        return "an upgraded unit uses its improved ability"
    if (unit["upgraded"] or not improved) and land is not None:
        return "this ability needs no land card"
    if not unit["upgraded"] and improved and land is None:
        return "the improved ability of a normal unit needs a land card of its land"
    if action["targets"] not in abilities.targets(state, action["unit"], unit, improved):
        return "the ability cannot aim at these targets"
    return None


def why_not_end_planning(state: State, seat: int, action: Action) -> str | None:
    return "no planning is under way" if state["planning"] is None else None


def why_not_pass(state: State, seat: int, action: Action) -> str | None:
    return "end the planning first" if state["planning"] is not None else None


# --- the actions a predicate is asked about when checked against the generator


def own_units(state: State, seat: int) -> list[str]:
    return sorted(unit_id for unit_id, unit in state["units"].items() if unit["owner"] == seat)


def unit_candidates(kind: str, extra: Any) -> Any:
    """Each of the seat's units (ready or not) with each of `extra(state, unit_id, unit)`'s fields."""

    def candidates(state: State, seat: int) -> list[Action]:
        everyone = state["units"]
        return [
            {"type": kind, "unit": unit_id, **fields}
            for unit_id in own_units(state, seat)
            for fields in extra(state, unit_id, everyone[unit_id])
        ]

    return candidates


def every_land(state: State, unit_id: str, unit: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"land": land} for land in BOARD.lands]


def every_hex(state: State, unit_id: str, unit: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"to": to} for to in BOARD.cells]


def every_march(state: State, unit_id: str, unit: dict[str, Any]) -> list[dict[str, Any]]:
    steps = BOARD.neighbours[unit["hex"]]
    return [
        {"land": land, "via": via, "to": to} for land in BOARD.lands for via in steps for to in BOARD.neighbours[via]
    ]


def every_expedition(state: State, unit_id: str, unit: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"land": land, "to": castle} for land in BOARD.lands for castle in BOARD.castles]


def every_ability(state: State, unit_id: str, unit: dict[str, Any]) -> list[dict[str, Any]]:
    aims = list(abilities.targets(state, unit_id, unit, False))
    aims += [chosen for chosen in abilities.targets(state, unit_id, unit, True) if chosen not in aims]
    lands: list[str | None] = [None, *BOARD.lands]
    return [
        {"improved": improved, "land": land, "targets": chosen}
        for improved in (False, True)
        for land in lands
        for chosen in aims
    ]


def summon_candidates(state: State, seat: int) -> list[Action]:
    side = kernel.side_of(state, seat)
    lands: list[str | None] = [None, *BOARD.lands]
    out: list[Action] = []
    for creature in sorted(state["library"][seat]):
        aims: list[list[str] | None] = [*creatures.creature_targets(state, seat, side, creature), None]
        out += [{"type": "summon", "creature": creature, "land": land, "targets": t} for land in lands for t in aims]
    return out


# --- the moves

UNIT = Part("source", kind=str)
TO = Part("target", kind=str)
LAND = Part("", kind=str)
ANY_LAND = Part("", kind=(str, type(None)))

MANOEUVRE = Move(
    "manoeuvre",
    parts={"unit": UNIT, "to": TO},
    candidates=unit_candidates("manoeuvre", every_hex),
    refuse=why_not_manoeuvre,
    effect=apply_manoeuvre,
)
MARCH = Move(
    "march",
    parts={"unit": UNIT, "land": LAND, "via": Part("", kind=str), "to": TO},
    candidates=unit_candidates("march", every_march),
    refuse=why_not_march,
    effect=apply_march,
)
EXPEDITION = Move(
    "expedition",
    parts={"unit": UNIT, "land": LAND, "to": TO},
    candidates=unit_candidates("expedition", every_expedition),
    refuse=why_not_expedition,
    effect=apply_expedition,
)
LEVEL_UP = Move(
    "level_up",
    parts={"unit": UNIT, "land": LAND},
    candidates=unit_candidates("level_up", every_land),
    refuse=why_not_level_up,
    effect=apply_level_up,
)
SCOUTING = Move(
    "scouting",
    parts={"unit": UNIT, "land": LAND},
    candidates=unit_candidates("scouting", every_land),
    refuse=why_not_scouting,
    effect=apply_scouting,
)
PLANNING = Move(
    "planning",
    parts={"unit": UNIT, "land": LAND},
    candidates=unit_candidates("planning", every_land),
    refuse=why_not_planning,
    effect=apply_planning,
)
ABILITY = Move(
    "ability",
    parts={
        "unit": Part("", kind=str),
        "improved": Part("", kind=bool),
        "land": ANY_LAND,
        "targets": Part("", kind=list),
    },
    candidates=unit_candidates("ability", every_ability),
    refuse=why_not_ability,
    effect=apply_ability,
)
SUMMON = Move(
    "summon",
    parts={"creature": Part("", kind=str), "land": ANY_LAND, "targets": Part("", kind=(list, type(None)))},
    candidates=summon_candidates,
    refuse=creatures.why_not_summon,
    effect=apply_summon,
)
END_PLANNING_MOVE = Move("end_planning", refuse=why_not_end_planning, effect=apply_end_planning)
PASS_MOVE = Move("pass", refuse=why_not_pass, effect=apply_pass)
MOVES = (
    MANOEUVRE,
    MARCH,
    EXPEDITION,
    LEVEL_UP,
    SCOUTING,
    PLANNING,
    ABILITY,
    SUMMON,
    END_PLANNING_MOVE,
    PASS_MOVE,
)
