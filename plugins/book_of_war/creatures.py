"""Legendary creatures (digest 7, 12c): the magic library, summoning, targets and effects.

``state["library"][seat]``: ``{creature: "locked" | "in_hand" | "front" | "spent"}``.
Effects that need choices run as kernel steps: ``swift`` (Cerberus), ``forest``
(Arborus), ``shadows`` (Tenebris), ``bombard`` (Catapultus), and the attacks of
abilities.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel

from . import abilities, cards, units
from .abilities import STOP, Step
from .catalog import BOARD, CONFIG, CREATURES, UNITS
from .text import hex_text, name, unit_text
from .war_track import gain, seats_of

State = dict[str, Any]
Action = dict[str, Any]
Info = dict[str, Any]


# --- summoning (digest 7.3, 9.3)


def summon_actions(state: State, seat: int, side: int) -> list[Action]:
    planning = state["planning"]
    rules = state["rules"]
    count = state["summons"][seat]
    if count >= rules["creatures_per_round"] or (planning is not None and planning["creature"]):
        return []
    cards_needed, needs_general = rules["summon_costs"][count]
    if needs_general and (planning is not None or not state["general"][side]):
        return []
    lands: list[str | None] = [None]
    if cards_needed:
        lands = list(cards.hand_lands(state, seat))
        if not lands:
            return []
    out: list[Action] = []
    for creature, slot in sorted(state["library"][seat].items()):
        if slot != "in_hand":
            continue
        found = creature_targets(state, seat, side, creature)
        options: list[list[str] | None]
        if planning is not None:
            # inside Planning the creature's target must be in the planned land [D-11]
            options = [chosen for chosen in found if target_land(state, chosen) == planning["land"]]
        else:
            options = [*found, None]
        for land in lands:
            out.extend({"type": "summon", "creature": creature, "land": land, "targets": t} for t in options)
    return out


def why_not_summon(state: State, seat: int, action: Action) -> str | None:
    """The summon move's predicate: a creature of the seat's hand, its cost for the round's
    count of summons (land cards, the general), at its targets; inside a Planning one
    creature, aimed at the planned land [D-11]."""
    planning = state["planning"]
    rules = state["rules"]
    count = state["summons"][seat]
    if count >= rules["creatures_per_round"]:
        return "no more creatures this round"
    if planning is not None and planning["creature"]:
        return "a planning summons one creature"
    cards_needed, needs_general = rules["summon_costs"][count]
    side = kernel.side_of(state, seat)
    if needs_general and (planning is not None or not state["general"][side]):
        return "this summon needs the general, and the general was used this round"
    land = action["land"]
    if cards_needed and land is None:
        return "this summon costs a land card"
    if cards_needed and not cards.holds_land(state, seat, land):
        return f"no {land} land card in hand"
    if not cards_needed and land is not None:
        return "this summon needs no land card"
    creature = action["creature"]
    if state["library"][seat].get(creature) != "in_hand":
        return f"{creature} is not among your creatures to summon"
    chosen = action["targets"]
    found = creature_targets(state, seat, side, creature)
    if planning is None:
        return None if chosen is None or chosen in found else "the creature cannot aim at these targets"
    if chosen is None or chosen not in found or target_land(state, chosen) != planning["land"]:
        return "inside a planning the creature aims at targets in the planned land"
    return None


def target_land(state: State, chosen: list[str]) -> str | None:
    """The one land all targets lie in (a unit's hex, a hex, or a land), else None."""
    lands = set()
    for target in chosen:
        if target in state["units"]:
            lands.add(BOARD.land[state["units"][target]["hex"]])
        elif target in BOARD.coord:
            lands.add(BOARD.land[target])
        else:
            lands.add(target)
    return lands.pop() if len(lands) == 1 else None


def apply_summon(state: State, seat: int, action: Action, log: Any) -> list[Step]:
    """Pay for the summon and carry out the effect; returns the steps still to run."""
    creature = action["creature"]
    count = state["summons"][seat]
    _, needs_general = state["rules"]["summon_costs"][count]
    state["summons"][seat] = count + 1
    state["library"][seat][creature] = "front"
    if state["planning"] is not None:
        state["planning"]["creature"] = True
    if action["land"] is not None:
        cards.spend_land(state, seat, action["land"], log)
    if needs_general:
        cards.spend_general(state, seat, log)
    named = [creature, *abilities.targets_named(state, action["targets"])]
    log.emit("summon", seat=seat, creature=name(CREATURES, creature), effect=action["targets"] is not None, at=named)
    if action["targets"] is None:
        return []
    info = CREATURES[creature]
    return EFFECTS[info["effect"]](state, seat, kernel.side_of(state, seat), info, action["targets"], log)


# --- targets


def own_and_foes(state: State, side: int) -> tuple[list[str], list[str]]:
    everyone = state["units"]
    friends = sorted(u for u, unit in everyone.items() if unit["side"] == side)
    foes = sorted(u for u, unit in everyone.items() if unit["side"] != side)
    return friends, foes


def near_friend(state: State, side: int, hex_id: str, distance: int) -> bool:
    return bool(units.friends(state, side, BOARD.around[hex_id][distance]))


def swiftness_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    return [[u] for u in friends if units.free_neighbours(state, state["units"][u]["hex"])]


def fire_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    everyone = state["units"]
    return [
        [u]
        for u in friends
        if UNITS[everyone[u]["type"]]["class"] == "melee"
        and units.enemies(state, side, BOARD.neighbours[everyone[u]["hex"]])
    ]


def near_foe_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    _, foes = own_and_foes(state, side)
    return [[e] for e in foes if near_friend(state, side, state["units"][e]["hex"], info["near_range"])]


def fluidity_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    return [[u] for u in friends if not state["units"][u]["ready"]]


def one_land_groups(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    """Up to `targets` friendly units of one land (Arborus needs a free hex of its terrain)."""
    occupants = state["occupants"]
    if info["effect"] == "forest_path" and not any(
        h not in occupants and BOARD.terrain[h] == info["terrain"] for h in BOARD.cells
    ):
        return []
    friends, _ = own_and_foes(state, side)
    out: list[list[str]] = []
    for land in BOARD.lands:
        group = [u for u in friends if BOARD.land[state["units"][u]["hex"]] == land]
        for size in range(1, info["targets"] + 1):
            out.extend(list(chosen) for chosen in itertools.combinations(group, size))
    return out


def knighting_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    return [[u] for u in friends if not state["units"][u]["upgraded"]]


def reconstruction_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    """A castle not ours, empty or held by a friend, next to a friendly unit."""
    occupants = state["occupants"]
    out = []
    for castle, owner in state["castles"].items():
        if owner == side or not units.controllable(state, castle):
            continue
        if castle in occupants and state["units"][occupants[castle]]["side"] != side:
            continue
        if castle in occupants or units.friends(state, side, BOARD.neighbours[castle]):
            out.append([castle])
    return out


def iron_ranks_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    return [[u] for u in friends]


def earthquake_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    everyone = state["units"]

    def shakes(u: str) -> bool:
        foes = units.enemies(state, side, BOARD.neighbours[everyone[u]["hex"]])
        return any(everyone[e]["shields"] == 0 for e in foes)

    return [[u] for u in friends if shakes(u)]


def bombardment_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    return [[c] for c, owner in state["castles"].items() if owner is not None and owner != side]


def shadows_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    friends, _ = own_and_foes(state, side)
    occupants = state["occupants"]
    return [
        [u] for u in friends if any(h not in occupants for h in BOARD.near(state["units"][u]["hex"], 1, info["range"]))
    ]


def pestilence_targets(state: State, seat: int, side: int, info: Info) -> list[list[str]]:
    _, foes = own_and_foes(state, side)
    everyone = state["units"]
    mine = {BOARD.land[unit["hex"]] for unit in everyone.values() if unit["owner"] == seat}
    return [
        [land] for land in BOARD.lands if land in mine and any(BOARD.land[everyone[e]["hex"]] == land for e in foes)
    ]


TargetFinder = Callable[[State, int, int, Info], list[list[str]]]
TARGETS: dict[str, TargetFinder] = {
    "swiftness": swiftness_targets,
    "fire": fire_targets,
    "verdict": near_foe_targets,
    "web": near_foe_targets,
    "poison": near_foe_targets,
    "fluidity": fluidity_targets,
    "forest_path": one_land_groups,
    "resurrection": one_land_groups,
    "knighting": knighting_targets,
    "reconstruction": reconstruction_targets,
    "iron_ranks": iron_ranks_targets,
    "earthquake": earthquake_targets,
    "bombardment": bombardment_targets,
    "shadows": shadows_targets,
    "pestilence": pestilence_targets,
}


def creature_targets(state: State, seat: int, side: int, creature: str) -> list[list[str]]:
    info = CREATURES[creature]
    return TARGETS[info["effect"]](state, seat, side, info)


# --- effects: each returns the steps still to run


def swiftness(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    return [("swift", {"unit": chosen[0], "seat": seat, "left": info["moves"]})]


def fire_or_earthquake(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    everyone = state["units"]
    near = units.enemies(state, side, BOARD.neighbours[everyone[chosen[0]]["hex"]])
    if info["effect"] == "fire":
        return [abilities.attack_each(state, seat, side, near)]
    for foe in sorted(near):
        if everyone[foe]["shields"] == 0:
            abilities.stun(state, foe, log)
    return []


def verdict(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    state["units"][chosen[0]]["shields"] = 0
    abilities.flee(state, chosen[0], side, log)
    return []


def web(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    abilities.stun(state, chosen[0], log)
    return []


def fluidity(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    state["units"][chosen[0]]["ready"] = True
    log.emit("refreshed", unit=unit_text(chosen[0]), at=[chosen[0]])
    return []


def forest_path(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    return [("forest", {"units": chosen, "seat": seat, "terrain": info["terrain"]})]


def add_shields(state: State, targets: list[str], amount: int, log: Any) -> None:
    for target in targets:
        state["units"][target]["shields"] += amount
        shields = state["units"][target]["shields"]
        log.emit("shield", unit=unit_text(target), shields=shields, at=[target], show=f"+{amount}")


def resurrection(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    for target in chosen:
        state["units"][target]["wounds"] = 0
        add_shields(state, [target], info["shields"], log)
    return []


def knighting(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    unit = state["units"][chosen[0]]
    unit["upgraded"] = True
    unit["wounds"] = 0
    log.emit("level_up", seat=seat, unit=unit_text(chosen[0]), at=[chosen[0]])
    return []


def reconstruction(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    state["castles"][chosen[0]] = side
    log.emit("capture", seat=seat, castle=hex_text(chosen[0]), at=[chosen[0]])
    return []


def iron_ranks(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    hex_id = state["units"][chosen[0]]["hex"]
    add_shields(state, [chosen[0], *units.friends(state, side, BOARD.neighbours[hex_id])], info["shields"], log)
    return []


def bombardment(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    castle = chosen[0]
    occupant = state["occupants"].get(castle)
    steps: list[Step] = []
    if occupant is not None and state["units"][occupant]["side"] != side:
        steps.append(abilities.attack(occupant, side, castle))
    steps.append(("bombard", {"castle": castle, "side": side, "vp": info["vp_base"]}))
    return steps


def poison(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    return [abilities.attack(chosen[0], side, state["units"][chosen[0]]["hex"], venom=True)]


def shadows(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    return [("shadows", {"unit": chosen[0], "seat": seat, "range": info["range"]})]


def pestilence(state: State, seat: int, side: int, info: Info, chosen: list[str], log: Any) -> list[Step]:
    land = chosen[0]
    foes = [u for u, unit in state["units"].items() if unit["side"] != side and BOARD.land[unit["hex"]] == land]
    return [abilities.attack_each(state, seat, side, foes)]


Effect = Callable[[State, int, int, Info, list[str], Any], list[Step]]
EFFECTS: dict[str, Effect] = {
    "swiftness": swiftness,
    "fire": fire_or_earthquake,
    "earthquake": fire_or_earthquake,
    "verdict": verdict,
    "web": web,
    "fluidity": fluidity,
    "forest_path": forest_path,
    "resurrection": resurrection,
    "knighting": knighting,
    "reconstruction": reconstruction,
    "iron_ranks": iron_ranks,
    "bombardment": bombardment,
    "poison": poison,
    "shadows": shadows,
    "pestilence": pestilence,
}


# --- steps and their decisions


def step_bombard(state: State, data: dict[str, Any], log: Any) -> None:
    castle = data["castle"]
    side = data["side"]
    gain(state, side, data["vp"] + len(units.friends(state, side, BOARD.neighbours[castle])), log, "siege", at=[castle])
    occupant = state["occupants"].get(castle)
    owner = state["castles"][castle]
    if owner is not None and owner != side and (occupant is None or state["units"][occupant]["side"] == side):
        state["castles"][castle] = None
        log.emit("neutral", castle=hex_text(castle), at=[castle])


def step_swift(state: State, data: dict[str, Any], log: Any) -> None:
    """Cerberus: up to `left` more manoeuvres, each may capture."""
    places = units.free_neighbours(state, state["units"][data["unit"]]["hex"])
    if data["left"] > 0 and places:
        kernel.ask(state, data["seat"], "swift", [*({"type": "place", "hex": h} for h in places), STOP], step=data)


def resume_swift(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    step = dict(decision["data"]["step"])
    if choice["type"] == "place":
        unit_id = step["unit"]
        units.relocate(state, unit_id, choice["hex"])
        log.emit(
            "manoeuvre",
            seat=step["seat"],
            unit=unit_text(unit_id),
            hex=hex_text(choice["hex"]),
            at=[unit_id, choice["hex"]],
        )
        units.capture(state, state["units"][unit_id]["side"], choice["hex"], log)
        step["left"] -= 1
        kernel.queue_step(state, "swift", first=True, **step)


def step_forest(state: State, data: dict[str, Any], log: Any) -> None:
    """Arborus: each chosen unit goes to a free hex of the creature's terrain, one at a time,
    which one next is the player's choice (12b: targets "resolved one by one in the order the
    player chooses"; a unit leaving a forest frees it for the next)."""
    occupants = state["occupants"]
    places = [h for h in BOARD.cells if BOARD.terrain[h] == data["terrain"] and h not in occupants]
    if places and data["units"]:
        choices = [{"type": "forest_move", "unit": unit_id, "hex": h} for unit_id in data["units"] for h in places]
        kernel.ask(state, data["seat"], "forest", choices, step=data)


def resume_forest(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    step = decision["data"]["step"]
    abilities.move_by_ability(state, choice["unit"], choice["hex"], log)
    left = [unit_id for unit_id in step["units"] if unit_id != choice["unit"]]
    kernel.queue_step(state, "forest", first=True, **{**step, "units": left})


def step_shadows(state: State, data: dict[str, Any], log: Any) -> None:
    """Tenebris: the unit goes to a free hex within range, and may capture there."""
    occupants = state["occupants"]
    places = [h for h in BOARD.near(state["units"][data["unit"]]["hex"], 1, data["range"]) if h not in occupants]
    if places:
        kernel.ask(state, data["seat"], "shadows", [{"type": "place", "hex": h} for h in places], unit=data["unit"])


def resume_shadows(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    unit_id = decision["data"]["unit"]
    units.relocate(state, unit_id, choice["hex"])
    log.emit("moved", unit=unit_text(unit_id), hex=hex_text(choice["hex"]), at=[unit_id, choice["hex"]])

    units.capture(state, state["units"][unit_id]["side"], choice["hex"], log)


# --- the library: gaining creatures (digest 7.2) and the refresh (7.4)


def gain_creatures(state: State, side: int, army: int, log: Any) -> None:
    """The side's 3rd, 5th or 7th unit: each of its players takes the creature of that flag [D-3]."""
    if army not in CONFIG["creature_flags"]:
        return
    for member in seats_of(state, side):
        library = state["library"][member]
        for creature, slot in library.items():
            if slot == "locked" and CREATURES[creature]["flag"] == army:
                library[creature] = "in_hand"
                log.emit("creature_gained", seat=member, creature=name(CREATURES, creature), at=[creature])


def refresh_libraries(state: State) -> None:
    """Played creatures go face down; a player with none left in hand takes them back."""
    for library in state["library"]:
        for creature, slot in library.items():
            if slot == "front":
                library[creature] = "spent"
        if "in_hand" not in library.values():
            for creature, slot in library.items():
                if slot == "spent":
                    library[creature] = "in_hand"
