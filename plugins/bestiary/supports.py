"""Support abilities (digest §5.6-5.9, §6): who they may target, the choices each kind of
instant effect offers, what it does, the lasting effects it leaves and its cooldown.

Each kind of instant effect has two small functions: its offers (the legal uses, given the
targets in the ability's area) and its resolution (which returns the X of a cooldown
formula where the kind has one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .attack import chosen_targets, mass_choices
from .boards import MASS_AREAS
from .catalogue import CONFIG, CREATURES, EFFECTS, MELEE_AREAS, PAIRED, POSITIVE, PROTORP, creature_name, effect_name
from .creatures import (
    Creature,
    State,
    board_of,
    count,
    free,
    haste_net,
    index_of,
    is_protorp,
    mark,
    passable,
    period,
)
from .movement import (
    moved,
    pull_destination,
    push_destination,
    recall_destinations,
    step_destinations,
)
from .text import castle_keys, hex_text

Action = dict[str, Any]
Spec = dict[str, Any]
Log = Any


# --- targets


def target_hexes(state: State, index: int, target: str, hexes: list[int]) -> list[int]:
    """The hexes of `hexes` that hold a valid target of the kind `target` (a creature or a hex)."""
    creature = state["creatures"][index]
    if target == "free_hex":
        side = creature["side"]
        return [h for h in hexes if passable(state, h, side)]
    if target == "marker_hex":
        castle_at = board_of(state).castle_at
        markers = state["board_markers"]
        return [h for h in hexes if free(state, h) and markers[h] is None and h not in castle_at]
    occupant = state["occupant"]
    creatures = state["creatures"]
    castle_sides = state["castle_sides"]
    side = creature["side"]
    out = []
    for h in hexes:
        other = occupant[h]
        if other < 0:
            continue
        found = creatures[other]
        if found["side"] == side:  # an ally
            if target == "enemy" or (
                target == "ally_melee" and CREATURES[found["id"]]["attack"]["area"] not in MELEE_AREAS
            ):
                continue
        elif target in ("ally", "ally_melee") or castle_sides[h] == found["side"] or count(found, "RESIST"):
            continue  # not an ally; an enemy in its own castle, or with RESIST, is immune
        out.append(h)
    return out


def movable_chips(state: State, creature: Creature, target: Creature) -> list[int]:
    """The target's chips Clockwork of Time may move: an ally's toward the pointer, an
    enemy's away from it but never past sector 6."""
    now = period(state)
    out = []
    for chip, ready in enumerate(target["ready_at"]):
        if ready == 0:
            continue
        if target["side"] == creature["side"]:
            if ready > now:
                out.append(chip)
        elif now < ready < now + CONFIG["cooldown_max"]:
            out.append(chip)
    return out


# --- the legal uses


def support_actions(state: State, index: int, ability: int) -> list[Action]:
    creature = state["creatures"][index]
    spec = CREATURES[creature["id"]]["support"][ability]
    kind = spec["kind"]
    if kind == "reconstruct":
        if is_protorp(state) or state["castle_damage"][creature["side"]] > 0:
            return [{"type": "use", "creature": creature["id"], "ability": ability}]
        return []
    board = board_of(state)
    area = spec["area"]
    occupant = state["occupant"]
    if area == "line_all":
        out = []
        base = {"type": "use", "creature": creature["id"], "ability": ability}
        for direction, ray in enumerate(board.area(area, creature["hex"])):
            hexes = target_hexes(state, index, spec["target"], ray)
            out += mass_choices(state, dict(base, direction=direction), [occupant[h] for h in hexes])
        return out
    targets = target_hexes(state, index, spec["target"], board.area(area, creature["hex"]))
    if not targets:  # every kind of use needs a target in its area
        return []
    base = {"type": "use", "creature": creature["id"], "ability": ability}
    if area in MASS_AREAS:
        return mass_choices(state, base, [occupant[h] for h in targets])
    return OFFERS[kind](state, index, spec, base, targets)


Offer = Callable[[State, int, Spec, Action, list[int]], list[Action]]


def _each_target(state: State, base: Action, targets: list[int]) -> list[Action]:
    """One use per target: the creature standing on each hex."""
    return [dict(base, target=_name_on(state, h)) for h in targets]


def _each_hex(state: State, base: Action, hexes: list[int]) -> list[Action]:
    """One use per hex the ability aims at (a jump, a teleport, steps, a board marker)."""
    keys = board_of(state).keys
    return [dict(base, target=keys[h]) for h in hexes]


def _name_on(state: State, hex_index: int) -> str:
    """The id of the creature on a hex: what an action names it by."""
    name: str = state["creatures"][state["occupant"][hex_index]]["id"]
    return name


def _offer_plain(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    return _each_target(state, base, targets)


def _offer_marker(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    return _each_hex(state, base, targets)


def _offer_heal(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    creatures, occupant = state["creatures"], state["occupant"]
    return _each_target(state, base, [h for h in targets if creatures[occupant[h]]["damage"] > 0])


def _offer_ritual(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """Ritual of Life: a wound moves from a wounded ally (the giver) to another that survives it."""
    creatures, occupant = state["creatures"], state["occupant"]
    out = []
    for h in targets:
        if creatures[occupant[h]]["damage"] <= 0:
            continue
        for other in targets:
            receiver = creatures[occupant[other]]
            if other != h and receiver["damage"] + 1 < CREATURES[receiver["id"]]["life"]:
                out.append(dict(base, giver=_name_on(state, h), target=_name_on(state, other)))
    return out


def _offer_copy(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    creatures, occupant = state["creatures"], state["occupant"]
    found = [h for h in targets if any(m[0] in POSITIVE for m in creatures[occupant[h]]["markers"])]
    return _each_target(state, base, found)


def _offer_invert(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    creatures, occupant = state["creatures"], state["occupant"]
    return [
        dict(base, target=_name_on(state, h), effect=effect)
        for h in targets
        for effect in PAIRED
        if count(creatures[occupant[h]], effect)
    ]


def _offer_recharge(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """Clockwork of Time: one chip or both, of a creature with chips on the disc."""
    creatures, occupant = state["creatures"], state["occupant"]
    out = []
    for h in targets:
        movable = movable_chips(state, creatures[index], creatures[occupant[h]])
        choices = ([chip] for chip in movable) if len(movable) < 2 else ([movable[0]], [movable[1]], movable)
        out += [dict(base, target=_name_on(state, h), chips=chips) for chips in choices]
    return out


def _offer_push(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    source = state["creatures"][index]["hex"]
    distance = spec.get("distance", 1)
    return _each_target(state, base, [h for h in targets if push_destination(state, source, h, distance) is not None])


def _offer_pull(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    source = state["creatures"][index]["hex"]
    distance = spec.get("distance", 0)
    return _each_target(state, base, [h for h in targets if pull_destination(state, source, h, distance) is not None])


def _offer_jump_self(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """A jump over the hex between: never over the rift."""
    board = board_of(state)
    source = state["creatures"][index]["hex"]
    found = []
    for h in targets:
        direction = board.direction(source, h)
        if direction is not None and not board.void[board.rays[source][direction][0]]:
            found.append(h)
    return _each_hex(state, base, found)


def _offer_teleport_self(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """A teleport along a line: never across the rift."""
    board = board_of(state)
    source = state["creatures"][index]["hex"]
    found = []
    for h in targets:
        direction = board.direction(source, h)
        if direction is None:
            continue
        ray = board.rays[source][direction]
        if not any(board.void[x] for x in ray[: ray.index(h)]):
            found.append(h)
    return _each_hex(state, base, found)


def _offer_jump_target(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """On Wings: an ally jumps two hexes along a line, within range."""
    board = board_of(state)
    creatures, occupant = state["creatures"], state["occupant"]
    source = creatures[index]["hex"]
    out = []
    for h in targets:
        side = creatures[occupant[h]]["side"]
        for ray in board.rays[h]:
            if len(ray) > 1 and not board.void[ray[0]] and board.in_range(source, ray[1]):
                if passable(state, ray[1], side):
                    out.append(dict(base, target=_name_on(state, h), hex=board.keys[ray[1]]))
    return out


def _offer_teleport_terrain(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    board = board_of(state)
    creatures, occupant = state["creatures"], state["occupant"]
    source = creatures[index]["hex"]
    out = []
    for h in targets:
        side = creatures[occupant[h]]["side"]
        for other in range(len(board.keys)):
            if other != h and board.terrain[other] == spec["terrain"] and board.in_range(source, other):
                if passable(state, other, side):
                    out.append(dict(base, target=_name_on(state, h), hex=board.keys[other]))
    return out


def _offer_swap(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    source = state["creatures"][index]["hex"]
    return _each_target(state, base, [h for h in targets if h != source])


def _offer_recall(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    creatures, occupant = state["creatures"], state["occupant"]
    keys = board_of(state).keys
    source = creatures[index]["hex"]
    return [
        dict(base, target=_name_on(state, h), hex=keys[castle])
        for h in targets
        for castle in recall_destinations(state, source, creatures[occupant[h]])
    ]


def _offer_steps(state: State, index: int, spec: Spec, base: Action, targets: list[int]) -> list[Action]:
    """Swiftness: up to N steps; not while net SLOW."""
    if haste_net(state, state["creatures"][index]) < 0:
        return []
    destinations = step_destinations(state, index, spec.get("distance", 2))
    return [action for _ in targets for action in _each_hex(state, base, destinations)]


OFFERS: dict[str, Offer] = {
    "mark": _offer_plain,
    "obstacle": _offer_marker,
    "web": _offer_marker,
    "heal": _offer_heal,
    "ritual": _offer_ritual,
    "copy": _offer_copy,
    "invert": _offer_invert,
    "recharge": _offer_recharge,
    "push": _offer_push,
    "pull": _offer_pull,
    "jump_self": _offer_jump_self,
    "teleport_self": _offer_teleport_self,
    "jump_target": _offer_jump_target,
    "teleport_terrain": _offer_teleport_terrain,
    "swap": _offer_swap,
    "recall": _offer_recall,
    "steps": _offer_steps,
}


# --- what a use does


def use_support(state: State, action: Action, log: Log) -> None:
    """Resolve a support use: its instant part, its lasting effects, then its chip's cooldown."""
    index = index_of(state, action["creature"])
    creature = state["creatures"][index]
    ability = action["ability"]
    spec = CREATURES[creature["id"]]["support"][ability]
    log.emit(
        "use",
        seat=creature["seat"],
        creature=creature_name(creature["id"]),
        ability={"en": spec["name_en"], "ru": spec["name_ru"]},
        at=_named_items(action),
    )
    x = RESOLVE[spec["kind"]](state, index, spec, action, log)
    if spec.get("cd_x") == "five_minus_target_pool":
        target = state["creatures"][index_of(state, action["target"])]
        x = sum(1 for ready in target["ready_at"] if ready)
    cooldown = final_cooldown(state, index, spec, x)
    creature["ready_at"][ability] = period(state) + cooldown
    log.emit("cooldown", creature=creature_name(creature["id"]), cooldown=cooldown, at=[creature["id"]])


def _named_items(action: Action) -> list[str]:
    """The board ids a use names: its creature, then its targets, giver and hex (creatures or hexes)."""
    named = [action["creature"], *action.get("targets", [])]
    named += [action[part] for part in ("target", "giver", "hex") if isinstance(action.get(part), str)]
    return named


def final_cooldown(state: State, index: int, spec: Spec, x: int = 0) -> int:
    """The cooldown after X formulas and POISON, kept within 1..6 (digest §6.3)."""
    creature = state["creatures"][index]
    formula = spec.get("cd_x")
    if formula == "one_plus_replaced":
        value = 1 + x
    elif formula == "plain_two":
        value = 2 if board_of(state).terrain[creature["hex"]] == "plain" else spec["cooldown"]
    elif formula == "five_minus_target_pool":
        value = 5 - x
    else:
        value = spec["cooldown"]
    return int(max(CONFIG["cooldown_min"], min(CONFIG["cooldown_max"], value + count(creature, "POISON"))))


Resolve = Callable[[State, int, Spec, Action, Log], int]


def _lasting(state: State, target: Creature, effects: list[str], side: int, log: Log) -> None:
    for effect in effects:
        mark(state, target, effect, side)
        log.emit("effect", creature=creature_name(target["id"]), effect=effect_name(effect), at=[target["id"]])


def _resolve_mark(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """Lasting effects on each target; `double_on` terrain doubles them."""
    creature = state["creatures"][index]
    board = board_of(state)
    if "target" in action or "targets" in action:
        targets = chosen_targets(state, action)
    else:
        hexes = board.area(spec["area"], creature["hex"])
        if "direction" in action:
            hexes = hexes[action["direction"]]
        targets = [state["occupant"][h] for h in target_hexes(state, index, spec["target"], hexes)]
    double = spec.get("double_on")
    for target_index in targets:
        target = state["creatures"][target_index]
        times = 2 if double and board.terrain[target["hex"]] == double else 1
        for _ in range(times):
            _lasting(state, target, spec["effects"], creature["side"], log)
    return 0


def _resolve_heal(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    target = state["creatures"][index_of(state, action["target"])]
    target["damage"] -= 1
    log.emit("healed", creature=creature_name(target["id"]), damage=target["damage"], at=[target["id"]], show="+1")
    return 0


def _resolve_ritual(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    giver = state["creatures"][index_of(state, action["giver"])]
    receiver = state["creatures"][index_of(state, action["target"])]
    giver["damage"] -= 1
    receiver["damage"] += 1
    log.emit(
        "ritual",
        giver=creature_name(giver["id"]),
        receiver=creature_name(receiver["id"]),
        at=[receiver["id"], giver["id"]],
        show="-1",
    )
    return 0


def _resolve_reconstruct(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """Reconstruction: 1 castle damage repaired (Protorp: VP instead)."""
    creature = state["creatures"][index]
    seat = creature["seat"]
    if is_protorp(state):
        state["victory_points"][seat] += PROTORP["vp_reconstruct"]
        log.emit("vp", seat=seat, vp=PROTORP["vp_reconstruct"], total=state["victory_points"][seat])
    else:
        state["castle_damage"][creature["side"]] -= 1
        castles = castle_keys(state, creature["side"])
        damage = state["castle_damage"][creature["side"]]
        log.emit("reconstruct", seat=seat, damage=damage, at=castles, show="+1")
    return 0


def _resolve_copy(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """Fluidity: the target's latest positive marker, copied onto the user."""
    creature = state["creatures"][index]
    target = state["creatures"][index_of(state, action["target"])]
    latest = max((m for m in target["markers"] if m[0] in POSITIVE), key=lambda m: m[2])
    _lasting(state, creature, [latest[0]], creature["side"], log)
    return 0


def _resolve_invert(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """Guilty Verdict: every marker of one effect becomes its opposite; X = how many."""
    side = state["creatures"][index]["side"]
    target = state["creatures"][index_of(state, action["target"])]
    effect = action["effect"]
    opposite = EFFECTS[effect]["opposite"]
    kept = [m for m in target["markers"] if m[0] != effect]
    replaced = len(target["markers"]) - len(kept)
    target["markers"] = kept
    for _ in range(replaced):
        mark(state, target, opposite, side)
    log.emit(
        "inverted",
        creature=creature_name(target["id"]),
        effect=effect_name(effect),
        opposite=effect_name(opposite),
        count=replaced,
        at=[target["id"]],
    )
    return replaced


def _resolve_recharge(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """An ally's chips come a sector closer (returning at the pointer), an enemy's go a sector back."""
    side = state["creatures"][index]["side"]
    target = state["creatures"][index_of(state, action["target"])]
    now = period(state)
    for chip in action["chips"]:
        if target["side"] == side:
            target["ready_at"][chip] -= 1
            if target["ready_at"][chip] <= now:
                target["ready_at"][chip] = 0
        else:
            target["ready_at"][chip] += 1
    log.emit("recharge", creature=creature_name(target["id"]), at=[target["id"]])
    return 0


def _resolve_displace(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """A push or a pull, the user following a charge, then the lasting effects on the target."""
    creature = state["creatures"][index]
    target_index = index_of(state, action["target"])
    h = state["creatures"][target_index]["hex"]
    if spec["kind"] == "push":
        destination = push_destination(state, creature["hex"], h, spec.get("distance", 1))
    else:
        destination = pull_destination(state, creature["hex"], h, spec.get("distance", 0))
    if destination is not None:
        moved(state, target_index, destination, log)
    if spec.get("follow"):
        moved(state, index, h, log)
    _lasting(state, state["creatures"][target_index], spec["effects"], creature["side"], log)
    return 0


def _resolve_self_move(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """A jump, a teleport or steps of the user itself."""
    moved(state, index, board_of(state).index[action["target"]], log)
    return 0


def _resolve_target_move(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """A creature sent elsewhere: a jump, a terrain teleport, a recall to its castle."""
    moved(state, index_of(state, action["target"]), board_of(state).index[action["hex"]], log)
    return 0


def _resolve_swap(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    creature = state["creatures"][index]
    other = index_of(state, action["target"])
    h = state["creatures"][other]["hex"]
    occupant = state["occupant"]
    here = creature["hex"]
    creature["hex"], state["creatures"][other]["hex"] = h, here
    occupant[h], occupant[here] = index, other
    target = state["creatures"][other]["id"]
    log.emit("swap", creature=creature_name(creature["id"]), target=creature_name(target), at=[creature["id"], target])
    return 0


def _resolve_board_marker(state: State, index: int, spec: Spec, action: Action, log: Log) -> int:
    """An obstacle or a web on a free hex, owned by the user's side."""
    h = board_of(state).index[action["target"]]
    kind = spec["kind"].upper()
    state["marker_sequence"] += 1
    state["board_markers"][h] = [kind, state["creatures"][index]["side"], state["marker_sequence"]]
    where = hex_text(state, h, state["creatures"][index]["hex"])
    log.emit("board_marker", marker=effect_name(kind), hex=where, at=[action["target"]])
    return 0


RESOLVE: dict[str, Resolve] = {
    "mark": _resolve_mark,
    "heal": _resolve_heal,
    "ritual": _resolve_ritual,
    "reconstruct": _resolve_reconstruct,
    "copy": _resolve_copy,
    "invert": _resolve_invert,
    "recharge": _resolve_recharge,
    "push": _resolve_displace,
    "pull": _resolve_displace,
    "jump_self": _resolve_self_move,
    "teleport_self": _resolve_self_move,
    "steps": _resolve_self_move,
    "jump_target": _resolve_target_move,
    "teleport_terrain": _resolve_target_move,
    "recall": _resolve_target_move,
    "swap": _resolve_swap,
    "obstacle": _resolve_board_marker,
    "web": _resolve_board_marker,
}
