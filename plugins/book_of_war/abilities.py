"""Unit abilities (digest 6, 12b): their targets and effects, attacks, wounds, fleeing,
shields, stun, Haste and Move.

An ability's effect runs as kernel steps: ``attack`` (one attack on one unit),
``attack_each`` (one attack on each of several units, in the order the acting player
picks), ``haste`` and ``move``; a step that needs a choice asks with `kernel.ask`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel

from . import units
from .catalog import BOARD, CONFIG, UNITS
from .text import hex_text, unit_text
from .war_track import gain

State = dict[str, Any]
Action = dict[str, Any]
Step = tuple[str, dict[str, Any]]

STOP: Action = {"type": "stop"}


def up_to(items: list[str], most: int, ordered: bool) -> list[list[str]]:
    """Every choice of 1..`most` different items (in every order when order matters)."""
    pick = itertools.permutations if ordered else itertools.combinations
    return [list(chosen) for size in range(1, most + 1) for chosen in pick(items, size)]


def reach(unit: dict[str, Any], info: dict[str, Any], improved: bool) -> list[str]:
    """The hexes within the ability's range (a shared list, never mutated)."""
    return BOARD.around[unit["hex"]][info["improved_range"] if improved else info["range"]]


def mode_of(info: dict[str, Any], improved: bool) -> str:
    return str(info["improved"]) if improved else "basic"


# --- targets: every legal target choice of a unit's basic or improved ability, given the
# hexes in its range and its mode ("basic", or what the improved ability adds)

Unit = dict[str, Any]


def attack_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    if info.get("line"):
        line = BOARD.line[unit["hex"]]
        hexes = [h for h in hexes if h in line]
    foes = sorted(units.enemies(state, unit["side"], hexes))
    if mode == "multi":
        return up_to(foes, info["improved_targets"], ordered=True)
    return [[foe] for foe in foes]


def stun_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    everyone = state["units"]
    foes = sorted(foe for foe in units.enemies(state, unit["side"], hexes) if everyone[foe]["shields"] == 0)
    if mode == "multi":
        return up_to(foes, info["improved_targets"], ordered=False)
    return [[foe] for foe in foes]


def defence_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    if mode == "all":
        return [[]]
    return [[unit_id]] + [[friend] for friend in sorted(units.friends(state, unit["side"], hexes))]


def heal_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    everyone = state["units"]
    wounded = sorted(f for f in units.friends(state, unit["side"], hexes) if everyone[f]["wounds"] > 0)
    if mode == "all":
        return [[]] if wounded else []
    return [[friend] for friend in wounded]


def haste_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    everyone = state["units"]
    return [[f] for f in sorted(units.friends(state, unit["side"], hexes)) if everyone[f]["ready"]]


def move_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    everyone = state["units"]
    occupants = state["occupants"]
    movable = sorted(
        f
        for f in units.friends(state, unit["side"], hexes)
        if any(n not in occupants for n in BOARD.neighbours[everyone[f]["hex"]])
    )
    if mode == "multi":
        return up_to(movable, info["improved_targets"], ordered=True)
    return [[friend] for friend in movable]


def siege_targets(state: State, unit_id: str, unit: Unit, info: Unit, hexes: list[str], mode: str) -> Any:
    castles = state["castles"]
    side = unit["side"]
    return [[h] for h in hexes if h in castles and castles[h] is not None and castles[h] != side]


TargetFinder = Callable[[State, str, Unit, Unit, list[str], str], list[list[Any]]]
TARGETS: dict[str, TargetFinder] = {
    "attack": attack_targets,
    "stun": stun_targets,
    "defence": defence_targets,
    "heal": heal_targets,
    "haste": haste_targets,
    "move": move_targets,
    "siege": siege_targets,
}


def targets(state: State, unit_id: str, unit: Unit, improved: bool) -> list[list[Any]]:
    info = UNITS[unit["type"]]
    if improved:
        hexes, mode = BOARD.around[unit["hex"]][info["improved_range"]], info["improved"]
    else:
        hexes, mode = BOARD.around[unit["hex"]][info["range"]], "basic"
    return TARGETS[info["ability"]](state, unit_id, unit, info, hexes, mode)


# --- effects: what an ability does now, and the steps it leaves to run


def use(state: State, seat: int, unit_id: str, improved: bool, chosen: list[Any], log: Any) -> list[Step]:
    """Carry out a unit's ability on `chosen` targets; returns the steps still to run."""
    unit = state["units"][unit_id]
    info = UNITS[unit["type"]]
    mode = mode_of(info, improved)
    side = unit["side"]
    everyone = state["units"]
    kind = info["ability"]
    if kind == "attack":
        return attack_steps(state, seat, side, mode, chosen)
    if kind == "defence":
        shielded = [unit_id, *units.friends(state, side, BOARD.neighbours[unit["hex"]])] if mode == "all" else chosen
        for target in shielded:
            everyone[target]["shields"] += 1
            log.emit("shield", unit=unit_text(target), shields=everyone[target]["shields"], at=[target], show="+1")
    elif kind == "heal":
        if mode == "all":
            chosen = [f for f in units.friends(state, side, reach(unit, info, True)) if everyone[f]["wounds"] > 0]
        for target in chosen:
            everyone[target]["wounds"] -= 1
            log.emit("heal", unit=unit_text(target), at=[target], show="+1")
    elif kind == "stun":
        for target in chosen:
            stun(state, target, log)
    elif kind == "haste":
        everyone[chosen[0]]["ready"] = False
        return [("haste", {"unit": chosen[0], "seat": seat, "moved": False, "acted": False})]
    elif kind == "move":
        return [("move", {"unit": target, "seat": seat}) for target in chosen]
    elif kind == "siege":
        siege(state, unit_id, side, mode, chosen[0], log)
    return []


def targets_named(state: State, targets: Any) -> list[str]:
    """The board ids among an action's targets (units, castles, hexes; not lands), for its event's `at`."""
    return [t for t in targets or [] if isinstance(t, str) and (t in state["units"] or t in BOARD.coord)]


def stun(state: State, unit_id: str, log: Any) -> None:

    state["units"][unit_id]["ready"] = False
    log.emit("stun", unit=unit_text(unit_id), at=[unit_id])


def attack_steps(state: State, seat: int, side: int, mode: str, chosen: list[str]) -> list[Step]:
    steps: list[Step] = []
    for target in chosen:
        at = state["units"][target]["hex"]
        steps.append(attack(target, side, at, venom=mode == "venom"))
        if mode == "double":
            steps.append(attack(target, side, at))
        if mode == "splash":
            steps.append(attack_each(state, seat, side, units.enemies(state, side, BOARD.neighbours[at])))
    return steps


def siege(state: State, unit_id: str, side: int, mode: str, castle: str, log: Any) -> None:
    """VP for the siege; an empty (or friendly-held) castle becomes neutral [D-32, D-33]."""
    helpers = [f for f in units.friends(state, side, BOARD.neighbours[castle]) if f != unit_id]
    bonus = CONFIG["vp_siege_improved"] if mode == "bonus" else 0
    gain(state, side, CONFIG["vp_siege_base"] + len(helpers) + bonus, log, "siege", at=[castle, unit_id])
    occupant = state["occupants"].get(castle)
    if occupant is None or state["units"][occupant]["side"] == side:
        state["castles"][castle] = None
        log.emit("neutral", castle=hex_text(castle), at=[castle])


# --- attacks and fleeing (digest 6.2, 6.3)


def attack(target: str, side: int, at: str, venom: bool = False) -> Step:
    """One attack by `side` on the unit `target` standing on `at`."""
    return ("attack", {"unit": target, "side": side, "at": at, "venom": venom})


def attack_each(state: State, seat: int, side: int, foes: list[str]) -> Step:
    """One attack on each of `foes`, in the order the acting seat chooses."""
    everyone = state["units"]
    return ("attack_each", {"seat": seat, "side": side, "left": [[foe, everyone[foe]["hex"]] for foe in sorted(foes)]})


def step_attack(state: State, data: dict[str, Any], log: Any) -> None:
    unit_id = data["unit"]
    unit = state["units"][unit_id]
    if unit["hex"] != data["at"]:
        return  # it fled from an earlier attack of the same action
    if data["venom"]:
        unit["shields"] = 0
    if unit["shields"] > 0:
        unit["shields"] -= 1
        log.emit("shield_absorbs", unit=unit_text(unit_id), at=[unit_id], show="0")
        return
    unit["wounds"] += 1
    limit = CONFIG["flee_wounds"][UNITS[unit["type"]]["class"]]
    log.emit(
        "wound", unit=unit_text(unit_id), wounds=unit["wounds"], at=[unit_id], show=f"-1 ({unit['wounds']}/{limit})"
    )
    if unit["wounds"] >= limit:
        flee(state, unit_id, data["side"], log)


def step_attack_each(state: State, data: dict[str, Any], log: Any) -> None:
    everyone = state["units"]
    left = [entry for entry in data["left"] if everyone[entry[0]]["hex"] == entry[1]]
    if left:
        choices = [{"type": "attack_next", "unit": unit_id} for unit_id, _ in left]
        kernel.ask(state, data["seat"], "attack_order", choices, auto=True, step={**data, "left": left})


def resume_attack_order(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    step = decision["data"]["step"]
    first = next(entry for entry in step["left"] if entry[0] == choice["unit"])
    rest = [entry for entry in step["left"] if entry is not first]
    following = [attack(first[0], step["side"], first[1]), ("attack_each", {**step, "left": rest})]
    kernel.queue_steps(state, following, first=True)


def flee(state: State, unit_id: str, by_side: int, log: Any) -> None:
    """The unit flees: VP to the attacking side, wounds and upgrade gone, to the nearest free
    own castle (the owner picks among equally near ones) [D-12, D-19]."""
    unit = state["units"][unit_id]
    points = CONFIG["vp_flee_upgraded"] if unit["upgraded"] else CONFIG["vp_flee"]
    gain(state, by_side, points, log, "flee", at=[unit_id])
    options = flee_hexes(state, unit)
    unit["wounds"] = 0
    unit["upgraded"] = False
    if options:
        choices = [{"type": "place", "hex": h} for h in options]
        kernel.ask(state, unit["owner"], "flee", choices, auto=True, unit=unit_id)


def flee_hexes(state: State, unit: dict[str, Any]) -> list[str]:
    occupants = state["occupants"]
    here = unit["hex"]
    distance = BOARD.distance[here]
    owned = state["castles"].items()
    places = [c for c, owner in owned if owner == unit["side"] and c not in occupants and c != here]
    if not places:
        places = [h for h in BOARD.edge if h not in occupants and BOARD.land[h] == BOARD.land[here]]
        if places:
            return places
        places = [h for h in BOARD.edge if h not in occupants]
    if not places:
        return []
    best = min(distance[h] for h in places)
    return [h for h in places if distance[h] == best]


def resume_flee(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    unit_id = decision["data"]["unit"]
    units.relocate(state, unit_id, choice["hex"])
    log.emit("flee", unit=unit_text(unit_id), hex=hex_text(choice["hex"]), at=[unit_id, choice["hex"]])


# --- Haste (Seers) and Move (Companions) [D-13, D-17]


def step_haste(state: State, data: dict[str, Any], log: Any) -> None:
    """The hasted unit may manoeuvre and use its level-I ability, each once, in either order."""
    unit_id = data["unit"]
    unit = state["units"][unit_id]
    choices: list[Action] = []
    if not data["moved"]:
        choices.extend({"type": "haste_move", "to": h} for h in manoeuvre_destinations(state, unit))
    if not data["acted"]:
        improved = unit["upgraded"]
        choices.extend(
            {"type": "haste_ability", "improved": improved, "targets": chosen}
            for chosen in targets(state, unit_id, unit, improved)
        )
    if choices:
        choices.append(STOP)
        kernel.ask(state, data["seat"], "haste", choices, step=data)


def resume_haste(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    step = dict(decision["data"]["step"])
    unit_id = step["unit"]
    if choice["type"] == "haste_move":
        units.relocate(state, unit_id, choice["to"])
        log.emit(
            "manoeuvre",
            seat=step["seat"],
            unit=unit_text(unit_id),
            hex=hex_text(choice["to"]),
            at=[unit_id, choice["to"]],
        )
        units.capture(state, state["units"][unit_id]["side"], choice["to"], log)
        step["moved"] = True
        kernel.queue_step(state, "haste", first=True, **step)
    elif choice["type"] == "haste_ability":
        step["acted"] = True
        named = [unit_id, *targets_named(state, choice["targets"])]

        log.emit("ability", seat=step["seat"], unit=unit_text(unit_id), improved=choice["improved"], at=named)
        effects = use(state, step["seat"], unit_id, choice["improved"], choice["targets"], log)
        kernel.queue_steps(state, [*effects, ("haste", step)], first=True)


def manoeuvre_destinations(state: State, unit: dict[str, Any]) -> list[str]:
    """Free adjacent hexes; upgraded Cavalry also two steps through free hexes [D-9]."""
    occupants = state["occupants"]
    here = unit["hex"]
    destinations = [n for n in BOARD.neighbours[here] if n not in occupants]
    if unit["upgraded"] and unit["type"] in units.SWIFT_TYPES:
        further = []
        for step in destinations:
            for n in BOARD.neighbours[step]:
                if n not in occupants and n != here and n not in destinations and n not in further:
                    further.append(n)
        destinations = destinations + further
    return destinations


def step_move(state: State, data: dict[str, Any], log: Any) -> None:
    places = units.free_neighbours(state, state["units"][data["unit"]]["hex"])
    if places:
        kernel.ask(state, data["seat"], "move", [{"type": "place", "hex": h} for h in places], unit=data["unit"])


def resume_move(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    move_by_ability(state, decision["data"]["unit"], choice["hex"], log)


def move_by_ability(state: State, unit_id: str, hex_id: str, log: Any) -> None:
    """A unit moved by an ability lands on the chosen hex; it captures nothing [D-13]."""
    units.relocate(state, unit_id, hex_id)
    log.emit("moved", unit=unit_text(unit_id), hex=hex_text(hex_id), at=[unit_id, hex_id])
