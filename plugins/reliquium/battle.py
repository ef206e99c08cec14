"""The war phase's attack stage (digest 6.2-6.5): every melee token is fought, 3 swords before 2
before 1, in initiative order within a value; then the end of the round.

A battle is a run of kernel steps: ``battle`` (the next token), ``losses`` of each side,
``flee``, ``advance`` (the victory march), ``reassign`` (moved units may join a ranged token of
their new region) and ``battle_end``. Each queues the next once it is done; a step that asks a
decision leaves that to the decision's handler, so no step waits in the queue while a player
decides. Every choice a player owes is a decision named like its step (``casualties`` for
losses); a choice with one option is taken at once.
``state["battle"]`` describes the battle being fought, for the rules and the board.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from . import text
from .castles import destroy_castle
from .supports import assign, assign_choices, release, supporter_choices
from .units import CLASSES, RANGED, count, march_legal, move_units, remove_units, seat, support_source
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]
Battle = dict[str, Any]

ATTACKER, DEFENDER, DRAW = "attacker", "defender", "draw"
SKIP: Action = {"type": "skip"}

# the steps of one battle, in order (a step's data holds its place, "at")
SEQUENCE: list[tuple[str, dict[str, Any]]] = [
    ("losses", {"side": ATTACKER}),
    ("losses", {"side": DEFENDER}),
    ("flee", {}),
    ("advance", {}),
    ("reassign", {}),
    ("battle_end", {}),
]
UNDEFENDED = SEQUENCE.index(("advance", {}))  # a battle without defenders begins at the victory march


def _go_on(state: State, at: int) -> None:
    """Queue the step after the one at `at`; after the last one, the next battle."""
    if at + 1 < len(SEQUENCE):
        kind, data = SEQUENCE[at + 1]
        kernel.queue_step(state, kind, first=True, at=at + 1, **data)
    else:
        kernel.queue_step(state, "battle", first=True)


def begin_attacks(state: State, log: Any) -> None:
    kernel.queue_step(state, "battle")


def nobody_acts(state: State, by: int) -> bool:
    """The attack stage has no turns: only the battles' decisions."""
    return True


# --- strength and the result (digest 6.3 steps 1-5) ---


def has_militia(state: State, faction: int, region: int) -> bool:
    return bool(state["militia"][faction] and state["castle"][region] == faction)


def aura(state: State, faction: int, unit_class: int, region: int) -> int:
    """+1 for the faction's units of a class in a presence region of its creature boosting it."""
    junction = state["creature_at"][faction][unit_class]
    if junction >= 0 and region in WORLD.junction_regions[junction]:
        return int(WORLD.aura)
    return 0


def strength_parts(state: State, faction: int, region: int, role: list[int], enemy: int) -> dict[str, int]:
    """The strength of the faction's army in a region by source: units (base), support (base),
    auras, militia; without the token's swords."""
    w = WORLD
    parts = {"units": 0, "support": 0, "aura": 0, "militia": 0}
    if state["occupant"][region] == faction:
        units = state["units"][region]
        for c in CLASSES:
            if units[c]:
                parts["units"] += units[c] * role[c]
                parts["aura"] += units[c] * aura(state, faction, c, region)
    if has_militia(state, faction, region):
        parts["militia"] += w.militia
    allies = state["allies"][faction]
    tokens = state["tokens"]
    for border in w.region_borders[region]:
        token = tokens[border]
        if token is None or token["kind"] != RANGED or token["target"] != region:
            continue
        owner = token["faction"]
        if owner != faction and (not allies[owner] or owner == enemy):
            continue
        source = support_source(border, token)
        assigned = token["assigned"]
        for c in CLASSES:
            if assigned[c]:
                parts["support"] += assigned[c] * w.support[c]
                parts["aura"] += assigned[c] * aura(state, owner, c, source)
        parts["militia"] += token["militia"] * w.militia
    return parts


def battle_result(attack: int, defence: int) -> tuple[str, int, int]:
    """The winner (attacker, defender or draw) and the losses of attacker and defender."""
    w = WORLD
    winner = ATTACKER if attack > defence else (DEFENDER if defence > attack else DRAW)
    attacker_losses = defence // w.per_strength + (w.loser_extra if winner == DEFENDER else 0)
    defender_losses = attack // w.per_strength + (w.loser_extra if winner == ATTACKER else 0)
    return winner, attacker_losses, defender_losses


# --- the next battle ---


def _next_melee(state: State) -> tuple[int, int, int] | None:
    """(faction, value index, border) of the next token: most swords first, then initiative."""
    melee_at = state["melee_at"]
    for value_index in range(len(WORLD.melee_values) - 1, -1, -1):
        for faction, placed in enumerate(melee_at):
            if placed[value_index] >= 0:
                return faction, value_index, placed[value_index]
    return None


def step_battle(state: State, data: dict[str, Any], log: Any) -> None:
    """Fight the next melee token, or end the attack stage when none is left."""
    found = _next_melee(state)
    if found is None:
        kernel.end_phase(state)
        return
    battle = _start_battle(state, *found, log)
    if battle is None:
        state["melee_at"][found[0]][found[1]] = -1
        state["tokens"][found[2]] = None
        kernel.queue_step(state, "battle", first=True)
        return
    state["battle"] = battle
    _go_on(state, -1 if battle["defender"] >= 0 else UNDEFENDED - 1)


def _start_battle(state: State, attacker: int, value_index: int, border: int, log: Any) -> Battle | None:
    """The battle of a token, or None when it is removed unfought (digest 6.2, D11)."""
    token = state["tokens"][border]
    target = token["target"]
    origin = support_source(border, token)
    names = {"origin": text.REGION_NAMES[origin], "region": text.REGION_NAMES[target]}
    attackers = state["occupant"][origin] == attacker
    occupant, keeper = state["occupant"][target], state["castle"][target]
    defended_by_militia = keeper >= 0 and keeper != attacker and has_militia(state, keeper, target)
    if (not attackers and not has_militia(state, attacker, origin)) or (
        occupant == attacker or (occupant < 0 and not defended_by_militia and not attackers)
    ):
        at = text.region_ids(target, origin)
        log.emit("battle_skipped", seat=seat(state, attacker), value=token["value"], **names, at=at)
        return None
    battle = {
        "attacker": attacker,
        "value_index": value_index,
        "border": border,
        "attack_region": origin,
        "defence_region": target,
        "moved": [],
        "attacker_losses": 0,
        "defender_losses": 0,
    }
    if occupant < 0 and not defended_by_militia:
        log.emit("no_defenders", seat=seat(state, attacker), region=names["region"], at=text.region_ids(target, origin))
        battle.update(defender=-1, winner=ATTACKER)
        return battle
    defender = occupant if occupant >= 0 else keeper
    _fight(state, battle, defender, token["value"], names, log)
    return battle


def _fight(state: State, battle: Battle, defender: int, swords: int, names: dict[str, Any], log: Any) -> None:
    w = WORLD
    attacker = battle["attacker"]
    attack_parts = strength_parts(state, attacker, battle["attack_region"], w.attack, defender)
    attack_parts["swords"] = swords
    defence_parts = strength_parts(state, defender, battle["defence_region"], w.defence, attacker)
    attack, defence = sum(attack_parts.values()), sum(defence_parts.values())
    winner, attacker_losses, defender_losses = battle_result(attack, defence)
    battle.update(
        defender=defender,
        winner=winner,
        attack=attack,
        defence=defence,
        attacker_losses=attacker_losses,
        defender_losses=defender_losses,
    )
    seats = {"seat": seat(state, attacker), "other_seat": seat(state, defender)}
    at = text.region_ids(
        battle["defence_region"], battle["attack_region"]
    )  # the battle's numbers float over its target
    log.emit(
        "battle",
        **seats,
        value=swords,
        **names,
        attack=attack,
        defence=defence,
        attack_parts=attack_parts,
        defence_parts=defence_parts,
        at=at,
        show=f"{attack} : {defence}",
    )
    result = {ATTACKER: "battle_won", DEFENDER: "battle_lost", DRAW: "battle_draw"}[winner]
    shown = f"-{attacker_losses} : -{defender_losses}"
    log.emit(result, **seats, losses=attacker_losses, other_losses=defender_losses, at=at, show=shown)


# --- losses ---


def _side(battle: Battle, side: str) -> tuple[int, int, int]:
    """(faction, region, losses) of one side."""
    if side == ATTACKER:
        return battle["attacker"], battle["attack_region"], battle["attacker_losses"]
    return battle["defender"], battle["defence_region"], battle["defender_losses"]


def step_losses(state: State, data: dict[str, Any], log: Any) -> None:
    faction, region, losses = _side(state["battle"], data["side"])
    if losses > 0 and state["occupant"][region] == faction:
        units = state["units"][region]
        if losses < sum(units):
            fleeing = data["side"] == DEFENDER and state["battle"]["winner"] == ATTACKER  # all leave: no support stays
            choices = [
                choice
                for size, counts in WORLD.subsets(units)
                if size == losses
                for choice in _which_units(state, faction, region, {"type": "casualties", "units": counts}, fleeing)
            ]
            kernel.ask(state, seat(state, faction), "casualties", choices, auto=True, **data)
            return
        counts = list(units)
        remove_units(state, faction, region, counts)
        at, shown = text.region_ids(region), f"-{sum(counts)}"
        name = text.REGION_NAMES[region]
        log.emit("losses", seat=seat(state, faction), units=text.unit_text(counts), region=name, at=at, show=shown)
    _go_on(state, data["at"])


def _which_units(state: State, faction: int, region: int, choice: Action, fleeing: bool = False) -> list[Action]:
    """The choice of units leaving `region`, once for each way to pick them among its
    supporters when that differs (the owner chooses which units die or march on)."""
    ways = None if fleeing else supporter_choices(state, faction, region, choice["units"])
    if ways is None:
        return [choice]
    return [{**choice, "supporting": way} for way in ways]


def answer_casualties(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    faction, region, _ = _side(state["battle"], decision["data"]["side"])
    release(state, choice.get("supporting", []))
    remove_units(state, faction, region, choice["units"])
    log.emit(
        "losses",
        seat=seat(state, faction),
        units=text.unit_text(choice["units"]),
        region=text.REGION_NAMES[region],
        at=text.region_ids(region),
        show=f"-{sum(choice['units'])}",
    )
    _go_on(state, decision["data"]["at"])


# --- the defeated defenders flee (digest 6.3 step 6) ---


def _flee_choices(state: State, faction: int, region: int) -> list[Action]:
    w = WORLD
    units = state["units"][region]
    out = []
    for target in w.adjacent[region]:
        if march_legal(state, faction, target) and count(state, target) < w.limit:
            for c in CLASSES:
                if units[c]:
                    out.append({"type": "flee", "unit": w.classes[c], "to": w.region_ids[target]})
    return out


def step_flee(state: State, data: dict[str, Any], log: Any) -> None:
    """One defeated unit at a time flees; those with nowhere to go are destroyed."""
    battle = state["battle"]
    defender, region = battle["defender"], battle["defence_region"]
    if battle["winner"] == ATTACKER and state["occupant"][region] == defender:
        choices = _flee_choices(state, defender, region)
        if choices:
            kernel.ask(state, seat(state, defender), "flee", choices, auto=True, **data)
            return
        left = list(state["units"][region])
        remove_units(state, defender, region, left)
        name = text.REGION_NAMES[region]
        at, shown = text.region_ids(region), f"-{sum(left)}"
        log.emit("destroyed", seat=seat(state, defender), units=text.unit_text(left), region=name, at=at, show=shown)
    _go_on(state, data["at"])


def answer_flee(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    w = WORLD
    battle = state["battle"]
    defender, region = battle["defender"], battle["defence_region"]
    unit_class, target = w.class_index[choice["unit"]], w.region_index[choice["to"]]
    move_units(state, defender, region, target, w.one_unit(unit_class))
    _note_moved(battle, defender, target, w.one_unit(unit_class))
    log.emit(
        "flee",
        seat=seat(state, defender),
        unit=text.class_text(unit_class),
        origin=text.REGION_NAMES[region],
        region=text.REGION_NAMES[target],
        at=text.region_ids(target, region),
    )
    kernel.queue_step(state, "flee", first=True, **decision["data"])  # the next unit


def _note_moved(battle: Battle, owner: int, region: int, counts: list[int]) -> None:
    for entry in battle["moved"]:
        if entry["faction"] == owner and entry["region"] == region:
            for c in CLASSES:
                entry["units"][c] += counts[c]
            return
    battle["moved"].append({"faction": owner, "region": region, "units": list(counts)})


# --- the victory march (digest 6.3 step 7) ---


def step_advance(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    attacker, origin = battle["attacker"], battle["attack_region"]
    if battle["winner"] != ATTACKER or state["occupant"][origin] != attacker:
        _go_on(state, data["at"])
        return
    room = WORLD.limit - count(state, battle["defence_region"])
    choices = [{"type": "advance", "units": WORLD.no_units()}]
    for size, counts in WORLD.subsets(state["units"][origin]):
        if size > room:
            break
        choices.extend(_which_units(state, attacker, origin, {"type": "advance", "units": counts}))
    kernel.ask(state, seat(state, attacker), "advance", choices, auto=True, **data)


def answer_advance(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    battle = state["battle"]
    attacker, origin, target = battle["attacker"], battle["attack_region"], battle["defence_region"]
    counts = choice["units"]
    _go_on(state, decision["data"]["at"])
    if not any(counts):
        log.emit(
            "advance_declined", seat=seat(state, attacker), region=text.REGION_NAMES[target], at=text.region_ids(target)
        )
        return
    release(state, choice.get("supporting", []))
    move_units(state, attacker, origin, target, counts)
    _note_moved(battle, attacker, target, counts)
    log.emit(
        "advance",
        seat=seat(state, attacker),
        units=text.unit_text(counts),
        origin=text.REGION_NAMES[origin],
        region=text.REGION_NAMES[target],
        at=text.region_ids(target, origin),
    )
    keeper = state["castle"][target]

    if keeper >= 0 and keeper != attacker and not state["neutral"][keeper]:
        destroy_castle(state, target, log)


# --- moved units may support from their new region (D10) ---


def step_reassign(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    moved = battle["moved"]
    while moved:
        owner = moved[0]["faction"]
        choices = assign_choices(state, owner, [entry for entry in moved if entry["faction"] == owner])
        if choices:
            kernel.ask(state, seat(state, owner), "reassign", [*choices, SKIP], auto=True, **data)
            return
        battle["moved"] = moved = [entry for entry in moved if entry["faction"] != owner]
    _go_on(state, data["at"])


def answer_reassign(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    battle = state["battle"]
    owner = battle["moved"][0]["faction"]
    if choice["type"] == "skip":
        battle["moved"] = [entry for entry in battle["moved"] if entry["faction"] != owner]
    else:
        assign(state, owner, choice, log)
        unit_class = WORLD.class_index[choice["unit"]]
        border = WORLD.border_index[choice["border"]]
        source = support_source(border, state["tokens"][border])
        for entry in battle["moved"]:
            if entry["faction"] == owner and entry["region"] == source and entry["units"][unit_class]:
                entry["units"][unit_class] -= 1
                break
        battle["moved"] = [entry for entry in battle["moved"] if sum(entry["units"])]
    kernel.queue_step(state, "reassign", first=True, **decision["data"])  # the other moved units


def step_battle_end(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    state["tokens"][battle["border"]] = None
    state["melee_at"][battle["attacker"]][battle["value_index"]] = -1
    state["battle"] = None
    _go_on(state, data["at"])


# --- the end of the round (digest 6.5) ---


def end_round(state: State, log: Any) -> None:
    """Ranged tokens and creatures go back to their supplies, the militia goes home."""
    tokens = state["tokens"]
    for faction, placed in enumerate(state["ranged_at"]):
        for value_index, border in enumerate(placed):
            if border >= 0:
                tokens[border] = None
                placed[value_index] = -1
        creature_at = state["creature_at"][faction]
        for unit_class, junction in enumerate(creature_at):
            if junction >= 0:
                state["creatures"][junction] = None
                creature_at[unit_class] = -1
        state["militia"][faction] = False
    log.emit("round_end", round=kernel.round_number(state))
    cap = kernel.round_cap(state)
    if cap and kernel.round_number(state) >= cap:
        log.emit("capped")  # the kernel ends the game as the next round would begin


STEPS = {
    "battle": step_battle,
    "losses": step_losses,
    "flee": step_flee,
    "advance": step_advance,
    "reassign": step_reassign,
    "battle_end": step_battle_end,
}
DECISIONS = {
    "casualties": answer_casualties,
    "flee": answer_flee,
    "advance": answer_advance,
    "reassign": answer_reassign,
}
