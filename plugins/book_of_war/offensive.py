"""The offensive phase (digest 4.1, 5): players take one action each in turn, clockwise
from the first player, until all have passed.

Actions carry all their choices (``{"type": "march", "unit": "red_mages", "land": "N",
"via": "d2", "to": "e1"}``). The flow (phases.py) hands the turn on: every action but a
Planning's inner ones ends the turn (`kernel.end_turn`), passing is `kernel.pass_turn`.
Planning is a mode: after ``planning``, the planner's player acts with units of the
planned land (and one creature) until ``end_planning``.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import abilities, cards, creatures, units
from .catalog import BOARD, CONFIG
from .text import hex_text, land_name, unit_text
from .war_track import clockwise_from, first_seat, gain

State = dict[str, Any]
Action = dict[str, Any]

PASS: Action = {"type": "pass"}
LAND_TERRAIN: dict[str, str] = CONFIG["land_terrain"]  # the terrain a land card lets a March enter
END_PLANNING: Action = {"type": "end_planning"}


# --- who leads (four players: the first team chooses which of its players starts)


def choose_default_leader(state: State, log: Any) -> None:
    state["leader"] = first_seat(state)


def leader_only(state: State) -> list[int]:
    return [state["leader"]]


def alone(state: State, seat: int) -> bool:
    """A seat without team-mates has no leader to choose."""
    return len(kernel.team_of(state, seat)) == 1


def lead_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "lead", "seat": member} for member in kernel.team_of(state, seat)]


def apply_lead(state: State, seat: int, action: Action, log: Any) -> None:
    state["leader"] = action["seat"]


def turn_order(state: State) -> list[int]:
    return clockwise_from(state, state["leader"])


def begin(state: State, log: Any) -> None:
    state["summons"] = [0] * kernel.seats(state)
    log.emit("round", number=kernel.round_number(state), seat=state["leader"])


# --- legal actions


def actions(state: State, seat: int) -> list[Action]:
    planning = state["planning"]
    out: list[Action] = []
    everyone = state["units"]
    side = kernel.side_of(state, seat)
    general = state["general"][side] and planning is None
    lands = cards.hand_lands(state, seat)
    for unit_id in sorted(everyone):
        unit = everyone[unit_id]
        if unit["owner"] != seat or not unit["ready"]:
            continue
        if planning is not None and BOARD.land[unit["hex"]] != planning["land"]:
            continue
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
    if lands:
        add_marches(state["occupants"], unit_id, unit, lands, out)
    has_own_land = land in lands
    if has_own_land and general:
        occupants = state["occupants"]
        for castle, owner in state["castles"].items():
            if owner == unit["side"] and castle not in occupants and BOARD.land[castle] != land:
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
    if zones.count(state, "landdeck") or zones.count(state, "discard"):
        out.append({"type": "scouting", "unit": unit_id, "land": land})
    if general:
        out.append({"type": "planning", "unit": unit_id, "land": land})


def add_marches(
    occupants: dict[str, str], unit_id: str, unit: dict[str, Any], lands: list[str], out: list[Action]
) -> None:
    """Two steps: first onto a free hex of the card's terrain, then to a free neighbour [D-7]."""
    here = unit["hex"]
    swift = unit["upgraded"] and unit["type"] in units.SWIFT_TYPES
    for card_land in lands:
        steps = BOARD.march_any[here] if swift else BOARD.march[here][LAND_TERRAIN[card_land]]
        seen: set[str] = set()
        for first, onward in steps:
            if first in occupants:
                continue
            for to in onward:
                if to in seen or (to in occupants and to != here):
                    continue
                seen.add(to)
                out.append({"type": "march", "unit": unit_id, "land": card_land, "via": first, "to": to})


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


def apply_manoeuvre(state: State, seat: int, action: Action, log: Any) -> None:
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


def apply_march(state: State, seat: int, action: Action, log: Any) -> None:
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


def apply_expedition(state: State, seat: int, action: Action, log: Any) -> None:
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


def apply_level_up(state: State, seat: int, action: Action, log: Any) -> None:
    unit = state["units"][action["unit"]]
    unit["ready"] = False
    unit["upgraded"] = True
    unit["wounds"] = 0
    log.emit("level_up", seat=seat, unit=unit_text(action["unit"]), at=[action["unit"]])
    cards.spend_land(state, seat, action["land"], log)
    cards.spend_general(state, seat, log)
    end_action(state)


def apply_scouting(state: State, seat: int, action: Action, log: Any) -> None:
    state["units"][action["unit"]]["ready"] = False
    log.emit("scouting", seat=seat, unit=unit_text(action["unit"]), at=[action["unit"]])
    card = cards.play_for_scouting(state, seat, action["land"], log)
    kernel.queue_step(state, "scout", seat=seat, card=card)
    end_action(state)


def apply_planning(state: State, seat: int, action: Action, log: Any) -> None:
    """The planning card lies played until the planning ends, then goes to the discard pile."""
    land = action["land"]  # the land the planner stands in (the card must be of it)
    card = cards.card_of_land(state, seat, land)
    zones.move(state, cards.lands_zone(seat), "planned", card, observed=True)
    state["general"][kernel.side_of(state, seat)] = False
    state["planning"] = {"seat": seat, "unit": action["unit"], "land": land, "creature": False}
    log.emit("planning", seat=seat, unit=unit_text(action["unit"]), land=land_name(land), at=[action["unit"]])


def apply_end_planning(state: State, seat: int, action: Action, log: Any) -> None:
    planning = state["planning"]
    state["planning"] = None
    for card in list(zones.items(state, "planned")):
        cards.discard_land(state, "planned", card)
    state["units"][planning["unit"]]["ready"] = False
    gain(state, kernel.side_of(state, seat), CONFIG["vp_land_card"] + CONFIG["vp_general"], log, "planning")
    log.emit("end_planning", seat=seat)
    end_action(state)


def apply_ability(state: State, seat: int, action: Action, log: Any) -> None:
    unit_id = action["unit"]
    state["units"][unit_id]["ready"] = False
    if action["land"] is not None:
        cards.spend_land(state, seat, action["land"], log)
    named = [unit_id, *abilities.targets_named(state, action["targets"])]
    log.emit("ability", seat=seat, unit=unit_text(unit_id), improved=action["improved"], at=named)

    steps = abilities.use(state, seat, unit_id, action["improved"], action["targets"], log)
    kernel.queue_steps(state, steps, first=True)
    end_action(state)


def apply_summon(state: State, seat: int, action: Action, log: Any) -> None:
    kernel.queue_steps(state, creatures.apply_summon(state, seat, action, log), first=True)
    end_action(state)


def apply_pass(state: State, seat: int, action: Action, log: Any) -> None:
    """Passing is final for the phase [D-28]."""
    log.emit("pass", seat=seat)
    kernel.pass_turn(state)


# --- why an action is refused (the common cases a player runs into)

NEEDS_GENERAL = ("expedition", "level_up", "planning")
NEEDS_OWN_LAND = ("expedition", "level_up", "scouting", "planning", "ability")


def explain(state: State, seat: int, action: Action) -> str | None:
    """A rule that refuses `action`, or None; never a reason for a legal action."""
    kind = action["type"]
    unit = None
    if "unit" in action:
        unit_id = action["unit"]
        unit = state["units"].get(unit_id) if type(unit_id) is str else None
        reason = explain_unit(state, seat, unit)
        if reason:
            return reason
    land = action.get("land")
    if type(land) is str and not cards.holds_land(state, seat, land):
        return f"no {land} land card in hand"
    if unit is not None and type(land) is str and kind in NEEDS_OWN_LAND and land != BOARD.land[unit["hex"]]:
        return f"the land card must be of the land the unit stands in ({BOARD.land[unit['hex']]})"
    if kind == "ability" and unit is not None:
        reason = explain_ability(unit, action.get("improved"), land)
        if reason:
            return reason
    if kind in NEEDS_GENERAL and not state["general"][kernel.side_of(state, seat)]:
        return "the general was used this round"
    if kind == "summon" and state["summons"][seat] >= state["rules"]["creatures_per_round"]:
        return "no more creatures this round"
    return None


def explain_unit(state: State, seat: int, unit: dict[str, Any] | None) -> str | None:
    if unit is None or unit["owner"] != seat:
        return "not your unit"
    if not unit["ready"]:
        return "this unit has already acted this round"
    planning = state["planning"]
    if planning is not None and BOARD.land[unit["hex"]] != planning["land"]:
        return f"the planning is in the {planning['land']} land; this unit stands elsewhere"
    return None


def explain_ability(unit: dict[str, Any], improved: Any, land: Any) -> str | None:
    """An upgraded unit uses its improved ability at level I [D-6]; a normal unit's improved
    ability is level II, with a land card of its land."""
    if unit["upgraded"] and improved is False:
        return "an upgraded unit uses its improved ability"
    if (unit["upgraded"] or improved is False) and land is not None:
        return "this ability needs no land card"
    if not unit["upgraded"] and improved is True and land is None:
        return "the improved ability of a normal unit needs a land card of its land"
    return None
