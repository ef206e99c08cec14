"""Summoning creatures and their twelve special abilities (digest 5.6 and 11c).

After a summon the player is asked an ``ability`` decision: one of the ability's legal uses, or
``skip``. Grove Paths (Arborus) and Cavalry Raid (Caballus) move several units one at a time, so
they ask again until the player stops or the maximum is reached. The decision's data names the
``faction``, the ``creature`` (the class it boosts) and its ``junction``.

State: ``creatures[junction]`` = {"faction", "boosts"} or None; ``creature_at[faction][class]``
is the junction of that faction's creature boosting the class (-1: in the supply).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Part

from . import text
from .castles import build, buildable, end_peace_turn, peace_move
from .orders import melee_orders, place_order, ranged_orders, recruit, recruits
from .pacts import CONSENT_CHOICES, ally_controlling, is_enemy, movers, summon_consent
from .units import CLASSES, MELEE, RANGED, controlled, controls, count, march_legal, move_units, remove_units, seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]
Data = dict[str, Any]

SKIP: Action = {"type": "skip"}

# --- summoning ---


def summons(state: State, faction: int, out: list[Action]) -> None:
    w = WORLD
    placed = state["creature_at"][faction]
    free = [c for c in CLASSES if placed[c] < 0]
    if not free:
        return
    creatures = state["creatures"]
    present = [False] * len(creatures)
    allies = state["rules"]["allies"]
    for region, mine in enumerate(controlled(state, faction)):
        if mine or (allies and ally_controlling(state, faction, region) >= 0):
            for junction in w.region_junctions[region]:
                present[junction] = True
    offers = w.summon_offers(faction)
    every = len(free) == len(placed)
    for junction, here in enumerate(present):
        if here and creatures[junction] is None:
            row = offers[junction]
            out += row if every else [row[unit_class] for unit_class in free]


def why_not_summon(state: State, faction: int, action: Action) -> str | None:
    w = WORLD
    name = action.get("junction")
    junction = w.junction_index.get(name) if type(name) is str else None
    if junction is None:
        return "creatures go on junctions where three regions meet, never on the board edge"
    name = action.get("creature")
    ref = w.creature_ref.get(name) if type(name) is str else None
    if ref is None or ref[0] != faction:
        return "that creature is not yours"
    if state["creature_at"][faction][ref[1]] >= 0:
        return "that creature is already on the map"
    if state["creatures"][junction] is not None:
        return "that junction already holds a creature"
    regions = w.junction_regions[junction]
    if any(controls(state, faction, region) for region in regions):
        return None
    if state["rules"]["allies"] and any(ally_controlling(state, faction, region) >= 0 for region in regions):
        return None
    return "none of the three presence regions is yours"


def _summon_candidates(state: State, faction: int) -> list[Action]:
    """Every creature of the faction on every junction, for `why_not_summon` to judge."""
    return [action for row in WORLD.summon_offers(faction) for action in row]


def summon(state: State, faction: int, action: Action, log: Any) -> None:
    """Place the creature, then ask for its ability, or end the turn when it has no use now."""
    w = WORLD
    _, unit_class = w.creature_ref[action["creature"]]
    junction = w.junction_index[action["junction"]]
    state["creatures"][junction] = {"faction": faction, "boosts": unit_class}
    state["creature_at"][faction][unit_class] = junction
    if log.recording:  # a bot's try builds no texts
        log.emit(
            "summon",
            seat=seat(state, faction),
            creature=text.CREATURE_NAMES[faction][unit_class],
            junction=text.junction_text(junction),
            at=[action["junction"]],
        )
    data = {"faction": faction, "creature": unit_class, "junction": junction}
    choices = ability_choices(state, data)
    if not choices:
        end_peace_turn(state, faction, log)
        return
    kernel.ask(state, seat(state, faction), "ability", [*choices, SKIP], **data)


SUMMON = peace_move(
    "summon",
    {"creature": Part("source", kind=str), "junction": Part("target", kind=str)},
    why_not_summon,
    summon,
    generate=summons,
    candidates=_summon_candidates,
    ends_turn=False,  # it asks for the creature's ability, or ends the turn itself
    consent=summon_consent,  # onto a junction only an ally's regions touch
)


# --- the uses of each ability ---


def _presence(data: Data) -> list[int]:
    return WORLD.junction_regions[data["junction"]]


def _melee_order(state: State, faction: int, data: Data) -> list[Action]:
    out: list[Action] = []
    melee_orders(state, faction, out, _presence(data))
    return out


def _ranged_order(state: State, faction: int, data: Data) -> list[Action]:
    out: list[Action] = []
    ranged_orders(state, faction, out, _presence(data))
    return [a for a in out if controls(state, faction, WORLD.region_index[a["to"]])]


def _recruit(state: State, faction: int, data: Data) -> list[Action]:
    out: list[Action] = []
    recruits(state, faction, out, _presence(data))
    return out


def _build(state: State, faction: int, data: Data) -> list[Action]:
    ids = WORLD.region_ids
    return [{"type": "build", "region": ids[r]} for r in _presence(data) if buildable(state, faction, r)]


def _remove_token(kind: str) -> Callable[[State, int, Data], list[Action]]:
    def uses(state: State, faction: int, data: Data) -> list[Action]:
        out = []
        for border in WORLD.presence_borders[data["junction"]]:
            token = state["tokens"][border]
            if token is not None and token["kind"] == kind and is_enemy(state, faction, token["faction"]):
                out.append({"type": "remove_token", "border": WORLD.border_ids[border]})
        return out

    return uses


def _banish_creature(state: State, faction: int, data: Data) -> list[Action]:
    out = []
    for junction in WORLD.near_junctions[data["junction"]]:
        other = state["creatures"][junction]
        if other is not None and is_enemy(state, faction, other["faction"]):
            out.append({"type": "banish", "junction": WORLD.junction_ids[junction]})
    return out


def _blood_price(state: State, faction: int, data: Data) -> list[Action]:
    w = WORLD
    ids, occupant, units = w.region_ids, state["occupant"], state["units"]
    presence = _presence(data)
    own = movers(state, faction)
    mine = [(r, c) for r in presence if occupant[r] in own for c in CLASSES if units[r][c]]
    theirs = [(r, c) for r in presence if is_enemy(state, faction, occupant[r]) for c in CLASSES if units[r][c]]
    return [
        {
            "type": "blood_price",
            "region": ids[r],
            "unit": w.classes[c],
            "enemy_region": ids[enemy_region],
            "enemy_unit": w.classes[enemy_class],
        }
        for r, c in mine
        for enemy_region, enemy_class in theirs
    ]


def _push_enemy(state: State, faction: int, data: Data) -> list[Action]:
    w = WORLD
    ids, units = w.region_ids, state["units"]
    out = []
    for region in _presence(data):
        other = state["occupant"][region]
        if not is_enemy(state, faction, other):
            continue
        for target in w.adjacent[region]:
            if march_legal(state, other, target) and count(state, target) < w.limit:
                for c in CLASSES:
                    if units[region][c]:
                        out.append({"type": "push", "region": ids[region], "unit": w.classes[c], "to": ids[target]})
    return out


def _gather(state: State, faction: int, data: Data) -> list[Action]:
    """Arborus: first the presence region to gather into, then one unit at a time."""
    w = WORLD
    ids, occupant, units = w.region_ids, state["occupant"], state["units"]
    own = movers(state, faction)
    target = data.get("destination", -1)
    out: list[Action] = []
    if target < 0:
        for region in _presence(data):
            if count(state, region) >= w.limit:
                continue
            if any(occupant[o] in own and march_legal(state, occupant[o], region) for o in w.adjacent[region]):
                out.append({"type": "gather_to", "region": ids[region]})
        return out
    most = w.creatures[faction][data["creature"]]["max_units"]
    if data.get("moved", 0) >= most or count(state, target) >= w.limit:
        return out
    for origin in w.adjacent[target]:
        if occupant[origin] in own and march_legal(state, occupant[origin], target):
            for c in CLASSES:
                if units[origin][c]:
                    out.append({"type": "gather", "from": ids[origin], "unit": w.classes[c]})
    return out


def _raid(state: State, faction: int, data: Data) -> list[Action]:
    """Cavalry Raid moves. The troop limit holds after the whole ability (digest 5.6), so the first
    unit may ride into a full presence region of yours; the second move must then lead a unit out."""
    w = WORLD
    most = w.creatures[faction][data["creature"]]["max_units"]
    moved = data.get("moved", 0)
    if moved >= most:
        return []
    first = moved == 0 and most > 1
    arrived = data.get("arrived", [])
    presence = _presence(data)
    own = movers(state, faction)
    out: list[Action] = []
    overfull = [r for r in presence if count(state, r) > w.limit]
    for region in overfull or presence:
        other = state["occupant"][region]
        if other not in own:
            continue
        for c in CLASSES:
            # a unit that already raided may not raid again
            fresh = state["units"][region][c] - sum(1 for a in arrived if a[0] == region and a[1] == c)
            if fresh > 0:
                _raid_paths(state, faction, other, region, c, presence, first, out)
    return out


def _raid_paths(
    state: State, faction: int, owner: int, region: int, c: int, presence: list[int], first: bool, out: list[Action]
) -> None:
    w = WORLD
    ids, unit = w.region_ids, w.classes[c]
    for step in w.adjacent[region]:
        if not march_legal(state, owner, step):
            continue
        if _raid_room(state, faction, owner, step, presence, first):
            out.append({"type": "raid", "from": ids[region], "unit": unit, "to": ids[step]})
        for end in w.adjacent[step]:
            if (
                end != region
                and march_legal(state, owner, end)
                and _raid_room(state, faction, owner, end, presence, first)
            ):
                out.append({"type": "raid", "from": ids[region], "unit": unit, "via": ids[step], "to": ids[end]})


def _raid_room(state: State, faction: int, owner: int, region: int, presence: list[int], first: bool) -> bool:
    n = count(state, region)
    return n < WORLD.limit or (first and owner == faction and n == WORLD.limit and region in presence)


def _call(state: State, faction: int, data: Data) -> list[Action]:
    """Fideia: one unit from anywhere into a presence region."""
    w = WORLD
    ids, units = w.region_ids, state["units"]
    own = movers(state, faction)
    out = []
    for origin, owner in enumerate(state["occupant"]):
        if owner not in own:
            continue
        for target in _presence(data):
            if target != origin and march_legal(state, owner, target) and count(state, target) < w.limit:
                for c in CLASSES:
                    if units[origin][c]:
                        out.append({"type": "call", "from": ids[origin], "unit": w.classes[c], "to": ids[target]})
    return out


USES: dict[str, Callable[[State, int, Data], list[Action]]] = {
    "melee_order": _melee_order,
    "ranged_order": _ranged_order,
    "recruit": _recruit,
    "build": _build,
    "remove_melee": _remove_token(MELEE),
    "remove_ranged": _remove_token(RANGED),
    "banish_creature": _banish_creature,
    "blood_price": _blood_price,
    "push_enemy": _push_enemy,
    "gather": _gather,
    "raid": _raid,
    "call": _call,
}


def ability_choices(state: State, data: Data) -> list[Action]:
    """The uses of the summoned creature's ability now (those the ally refused left out)."""
    faction = data["faction"]
    kind = WORLD.creatures[faction][data["creature"]]["ability"]
    out = USES[kind](state, faction, data)
    refused = data.get("refused")
    if refused:
        out = [a for a in out if a not in refused]
    return out


def overfull(state: State, junction: int) -> bool:
    return any(count(state, region) > WORLD.limit for region in WORLD.junction_regions[junction])


# --- carrying out a use ---

# uses that move or sacrifice a unit, and the field naming the region it stands in
_UNIT_USES = {"gather": "from", "raid": "from", "call": "from", "blood_price": "region"}


def answer_ability(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `ability` decision: a use that moves an ally's unit first asks the ally's consent."""
    data = decision["data"]
    where = _UNIT_USES.get(choice["type"])
    if where is not None:
        owner = state["occupant"][WORLD.region_index[choice[where]]]
        if owner != data["faction"]:
            log.emit("consent_asked", seat=seat(state, data["faction"]), ally_seat=seat(state, owner))
            kernel.ask(state, seat(state, owner), "ability_consent", CONSENT_CHOICES, ability=data, choice=choice)
            return
    _use(state, data, choice, log)


def answer_ability_consent(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    """The `ability_consent` decision: the ally allows the use, or the player chooses again."""
    data, wanted = decision["data"]["ability"], decision["data"]["choice"]
    if choice["allow"]:
        log.emit("consent_given", seat=decision["seat"])
        _use(state, data, wanted, log)
        return
    log.emit("consent_refused", seat=decision["seat"])
    _ask_again(state, {**data, "refused": [*data.get("refused", []), wanted]}, log)


def _ask_again(state: State, data: Data, log: Any) -> None:
    faction = data["faction"]
    choices = ability_choices(state, data)
    if choices and not kernel.is_over(state):
        # after a raid into a full region, stopping would break the troop limit
        stop = [] if overfull(state, data["junction"]) else [SKIP]
        kernel.ask(state, seat(state, faction), "ability", [*choices, *stop], **data)
        return
    end_peace_turn(state, faction, log)


def _use(state: State, data: Data, choice: Action, log: Any) -> None:
    again = EFFECTS[choice["type"]](state, data, choice, log)
    if again is not None:
        _ask_again(state, again, log)
        return
    end_peace_turn(state, data["faction"], log)


# Each effect returns the decision data to ask the ability again with, or None: the turn ends.
Effect = Callable[[State, Data, Action, Any], Data | None]


def _skip(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    log.emit(
        "ability_skipped",
        seat=seat(state, data["faction"]),
        creature=text.CREATURE_NAMES[data["faction"]][data["creature"]],
        at=[WORLD.junction_ids[data["junction"]]],
    )

    return None


def _order(kind: str) -> Effect:
    def effect(state: State, data: Data, choice: Action, log: Any) -> Data | None:
        index = WORLD.region_index
        place_order(state, data["faction"], kind, index[choice["from"]], index[choice["to"]], log)
        return None

    return effect


def _recruited(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    recruit(state, data["faction"], WORLD.region_index[choice["region"]], WORLD.class_index[choice["unit"]], log)
    return None


def _built(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    build(state, data["faction"], WORLD.region_index[choice["region"]], log)
    return None


def _token_removed(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    border = WORLD.border_index[choice["border"]]
    token = state["tokens"][border]
    state["tokens"][border] = None
    placed = state["melee_at" if token["kind"] == MELEE else "ranged_at"][token["faction"]]
    placed[placed.index(border)] = -1
    log.emit(
        "token_removed",
        seat=seat(state, data["faction"]),
        other_seat=seat(state, token["faction"]),
        value=token["value"],
        region=text.REGION_NAMES[token["target"]],
        at=[choice["border"], *text.region_ids(token["target"])],
    )
    return None


def _banished(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    junction = WORLD.junction_index[choice["junction"]]
    other = state["creatures"][junction]
    state["creatures"][junction] = None
    state["creature_at"][other["faction"]][other["boosts"]] = -1
    log.emit(
        "banish",
        seat=seat(state, data["faction"]),
        other_seat=seat(state, other["faction"]),
        creature=text.CREATURE_NAMES[other["faction"]][other["boosts"]],
        at=[choice["junction"]],
    )
    return None


def _sacrificed(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    w = WORLD
    region, unit_class = w.region_index[choice["region"]], w.class_index[choice["unit"]]
    enemy_region, enemy_class = w.region_index[choice["enemy_region"]], w.class_index[choice["enemy_unit"]]
    enemy = state["occupant"][enemy_region]
    remove_units(state, state["occupant"][region], region, w.one_unit(unit_class))
    remove_units(state, enemy, enemy_region, w.one_unit(enemy_class))
    log.emit(
        "blood_price",
        seat=seat(state, data["faction"]),
        unit=text.class_text(unit_class),
        region=text.REGION_NAMES[region],
        other_seat=seat(state, enemy),
        other_unit=text.class_text(enemy_class),
        other_region=text.REGION_NAMES[enemy_region],
        at=text.region_ids(enemy_region, region),
        show="-1 : -1",
    )
    return None


def _pushed(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    w = WORLD
    region, unit_class, target = (
        w.region_index[choice["region"]],
        w.class_index[choice["unit"]],
        w.region_index[choice["to"]],
    )
    owner = state["occupant"][region]
    move_units(state, owner, region, target, w.one_unit(unit_class))
    log.emit(
        "push",
        seat=seat(state, data["faction"]),
        other_seat=seat(state, owner),
        unit=text.class_text(unit_class),
        origin=text.REGION_NAMES[region],
        region=text.REGION_NAMES[target],
        at=text.region_ids(target, region),
    )
    return None


def _move_one(state: State, data: Data, origin: int, unit_class: int, target: int, log: Any) -> None:
    move_units(state, state["occupant"][origin], origin, target, WORLD.one_unit(unit_class))
    log.emit(
        "ability_move",
        seat=seat(state, data["faction"]),
        unit=text.class_text(unit_class),
        origin=text.REGION_NAMES[origin],
        region=text.REGION_NAMES[target],
        at=text.region_ids(target, origin),
    )


def _gather_to(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    return {**data, "destination": WORLD.region_index[choice["region"]], "moved": 0}


def _gathered(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    _move_one(
        state, data, WORLD.region_index[choice["from"]], WORLD.class_index[choice["unit"]], data["destination"], log
    )
    return {**data, "moved": data["moved"] + 1}


def _raided(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    w = WORLD
    target, unit_class = w.region_index[choice["to"]], w.class_index[choice["unit"]]
    _move_one(state, data, w.region_index[choice["from"]], unit_class, target, log)
    return {**data, "moved": data.get("moved", 0) + 1, "arrived": [*data.get("arrived", []), [target, unit_class]]}


def _called(state: State, data: Data, choice: Action, log: Any) -> Data | None:
    w = WORLD
    _move_one(
        state, data, w.region_index[choice["from"]], w.class_index[choice["unit"]], w.region_index[choice["to"]], log
    )
    return None


EFFECTS: dict[str, Effect] = {
    "skip": _skip,
    "melee": _order(MELEE),
    "ranged": _order(RANGED),
    "recruit": _recruited,
    "build": _built,
    "remove_token": _token_removed,
    "banish": _banished,
    "blood_price": _sacrificed,
    "push": _pushed,
    "gather_to": _gather_to,
    "gather": _gathered,
    "raid": _raided,
    "call": _called,
}
