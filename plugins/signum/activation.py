"""Activating creatures (digest §5.5): advance, run, stand, hold; melee, shots, magic, healing.

An advance move leaves the creature "current": it may then take its one action, or be
done; no other creature is activated meanwhile.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from boardwright.framework import field, kernel
from boardwright.framework.moves import Move, Part

from . import acting, combat, tactics
from .cards import CONFIG, CONTACT, TERRAIN, ruler
from .geometry import destinations, edge_gap, facing, in_contact, move_problem, sees
from .units import enemies, friends, has, prop, units, within

State = dict[str, Any]
Log = Any
Action = dict[str, Any]
Refuse = Callable[[State, int, Action], "str | None"]


def may_activate(state: State, uid: str) -> bool:
    unit = units(state)[uid]
    return not unit["activated"] and (not unit["summoned"] or has(state, uid, "rush"))


def activation_problem(state: State, seat: int, uid: Any) -> str | None:
    everyone = units(state)
    if uid not in everyone or everyone[uid]["owner"] != seat:
        return "not one of your creatures"
    current = state["turn"]["current"]
    if current not in everyone:
        current = None
    if current is not None and current != uid:
        return "finish the current activation first"
    unit = everyone[uid]
    if current is None:
        if unit["activated"]:
            return "this creature was activated this turn"
        if unit["summoned"] and not has(state, uid, "rush"):
            return "a creature summoned this turn cannot act (unless it has Rush)"
    return None


def engaged(state: State, uid: str) -> bool:
    return bool(in_contact_with(state, uid))


def in_contact_with(state: State, uid: str) -> list[str]:
    """The enemies whose bases the creature's base is in contact with (§6.2)."""
    everyone = units(state)
    me = everyone[uid]
    (x, y), radius, owner = me["at"], me["radius"], me["owner"]
    reach = CONTACT + field.EPSILON  # the same test as geometry.in_contact
    return [
        other
        for other, unit in everyone.items()
        if unit["owner"] != owner
        and math.hypot(x - unit["at"][0], y - unit["at"][1]) - radius - unit["radius"] <= reach
    ]


def openings(state: State, uid: str) -> list[Action]:
    """What a creature not yet activated may start with: activate it to move (its
    destinations are listed once it is chosen, see `continuations`), act where it stands,
    or hold."""
    return [{"type": "activate", "unit": uid}, *attacks(state, uid), {"type": "hold", "unit": uid}]


def continuations(state: State, uid: str) -> list[Action]:
    """The acting creature's choices: just activated, it may advance, run or act where it
    stands; after an advance, its one action; at any point it may stop."""
    found = moves(state, uid) if units(state)[uid]["moved"] == 0 else []
    return [*found, *attacks(state, uid), {"type": "done", "unit": uid}]


def activate(state: State, uid: str, log: Log) -> None:
    """The creature is chosen: its activation begins, and nothing else happens meanwhile."""
    begin(state, uid)
    state["turn"]["current"] = uid
    log.emit("activate", unit=combat.unit_name(state, uid), at=[uid])


def moves(state: State, uid: str) -> list[Action]:
    found = [{"type": "move", "unit": uid, "to": p} for p in destinations(state, uid)]
    if not has(state, uid, "slow"):
        found += [{"type": "run", "unit": uid, "to": p} for p in destinations(state, uid, run=True, contact=False)]
    return found


def attacks(state: State, uid: str) -> list[Action]:
    """The one action the creature may take now: melee, a shot or magic shot, healing."""
    everyone = units(state)
    moved = everyone[uid]["moved"] > 0
    contacts = in_contact_with(state, uid)
    found: list[Action] = [{"type": "attack", "unit": uid, "target": e} for e in contacts]
    if not contacts and shot_ready(state, uid, moved):
        found += [
            {"type": "shoot", "unit": uid, "target": e}
            for e in enemies(state, uid)
            if shot_problem(state, uid, e) is None
        ]
    heal = prop(state, uid, "heal")
    if heal:
        reach = ruler(CONFIG["heal_range"])
        for other in [uid, *friends(state, uid)]:
            if everyone[other]["wounds"] > 0 and (other == uid or within(state, uid, other, reach)):
                found.append({"type": "heal", "unit": uid, "target": other})
    return found


def shot_ready(state: State, uid: str, moved: bool) -> bool:
    if not (combat.shooting(state, uid) or combat.magic_shot(state, uid)):
        return False
    return not (moved and not has(state, uid, "quick_shooter")) and not engaged(state, uid)


def shot_problem(state: State, uid: str, target: Any) -> str | None:
    """Why the creature may not shoot (or magic-shoot) at `target` now (§6.5)."""
    everyone = units(state)
    if target not in everyone or everyone[target]["owner"] == everyone[uid]["owner"]:
        return "not an enemy creature"
    spec = combat.magic_shot(state, uid) or combat.shooting(state, uid)
    if spec is None:
        return "this creature cannot shoot"
    if everyone[uid]["moved"] > 0 and not has(state, uid, "quick_shooter"):
        return "it moved this activation (only a Quick Shooter shoots after moving)"
    if engaged(state, uid):
        return "an engaged creature cannot shoot"
    gap = edge_gap(state, uid, target)
    if gap > spec[1] + 1e-9:
        return f"out of range: {gap:.1f} cm of {spec[1]:g}"
    if any(in_contact(state, friend, target) for friend in friends(state, uid)):
        return "the target is in melee with your own creature"
    if not sees(state, uid, target):
        return "no line of sight"
    return None


def begin(state: State, uid: str) -> None:
    unit = units(state)[uid]
    if state["turn"]["current"] != uid:
        unit["activated"] = True
        unit["moved"] = 0.0


def move(state: State, uid: str, to: list[float], run: bool, log: Log) -> None:
    """Parting strikes first (§5.5), then the move; the Magic Spire wounds a creature that
    ends near it; tactics answering the end of the move come next."""
    begin(state, uid)
    everyone = units(state)
    unit = everyone[uid]
    seat = unit["owner"]
    for enemy in [e for e in enemies(state, uid) if in_contact(state, uid, e)]:
        combat.melee(state, enemy, uid, log, dice=1, kind="parting_strike")
        if uid not in everyone or kernel.is_over(state):
            return
    start = unit["at"]
    unit["moved"] = field.distance(start, to)
    unit["at"] = [float(to[0]), float(to[1])]
    unit["facing"] = facing(start, to)
    log.emit("run" if run else "move", unit=combat.unit_name(state, uid), distance=round(unit["moved"], 1), at=[uid])
    for terrain in state["terrain"]:
        damage = TERRAIN[terrain["card"]].get("spire_damage")
        if damage and field.within(
            {"circle": unit["at"], "radius": unit["radius"]},
            terrain["shape"],
            ruler(TERRAIN[terrain["card"]]["spire_range"]),
        ):
            combat.magical(state, uid, int(damage), log)
            if uid not in everyone:
                return
    state["turn"]["current"] = None if run or not attacks(state, uid) else uid
    if not unit["hero"]:
        tactics.check(state, {"kind": "enemy_ends_move", "seat": seat, "unit": uid})


def act(state: State, action: Action, log: Log) -> None:
    """Melee, a shot or healing: the creature's one action ends its activation."""
    uid, target = action["unit"], action["target"]
    begin(state, uid)
    state["turn"]["current"] = None
    seat = units(state)[uid]["owner"]
    kind = action["type"]
    if kind == "heal":
        healed = combat.heal(state, target, int(prop(state, uid, "heal")))
        log.emit(
            "healed",
            unit=combat.unit_name(state, uid),
            target=combat.unit_name(state, target),
            wounds=healed,
            at=[target, uid],
            show=f"+{healed}",
        )
    elif kind == "attack":
        tactics.check(state, {"kind": "enemy_melee_declared", "seat": seat, "unit": uid, "target": target})
        kernel.queue_step(state, "melee", unit=uid, target=target)
    else:
        tactics.check(state, {"kind": "enemy_shot_declared", "seat": seat, "unit": uid, "target": target})
        kernel.queue_step(state, "shot", unit=uid, target=target)


def step_melee(state: State, data: dict[str, Any], log: Log) -> None:
    uid, target = data["unit"], data["target"]
    if "melee" in state["cancelled"]:
        state["cancelled"].remove("melee")
        named = {"unit": combat.unit_name(state, uid), "at": [uid]} if uid in units(state) else {"unit": "-"}
        log.emit("attack_wasted", **named)
        return
    everyone = units(state)
    if uid not in everyone or target not in everyone or not in_contact(state, uid, target):
        return
    was_character = not everyone[target]["hero"]
    combat.melee(state, uid, target, log)
    if was_character and target not in everyone and uid in everyone and prop(state, uid, "marshal"):
        marshal(state, uid)


def marshal(state: State, uid: str) -> None:
    """Roland's Marshal: once per turn, a friendly character within M may strike at once."""
    if state["turn"]["marshal"]:
        return
    reach = ruler(prop(state, uid, "marshal"))
    seat = units(state)[uid]["owner"]
    choices = [
        {"type": "marshal", "unit": f, "target": e}
        for f in friends(state, uid)
        if not units(state)[f]["hero"] and within(state, f, uid, reach)
        for e in enemies(state, f)
        if in_contact(state, f, e)
    ]
    if choices:
        state["turn"]["marshal"] = True
        kernel.ask(state, seat, "marshal", [*choices, {"type": "stop"}])


def answer_marshal(state: State, decision: dict[str, Any], choice: Action, log: Log) -> None:
    if choice["type"] == "marshal":
        combat.melee(state, choice["unit"], choice["target"], log)


def step_shot(state: State, data: dict[str, Any], log: Log) -> None:
    uid, target = data["unit"], data["target"]
    axe_blocks = bool(state.pop("shield_wall", False))
    everyone = units(state)
    if uid not in everyone or target not in everyone:
        return
    if combat.magic_shot(state, uid):
        combat.cast_magic(state, uid, target, log)
    else:
        combat.shoot(state, uid, target, log, axe_blocks)


def hold(state: State, uid: str, log: Log) -> None:
    begin(state, uid)
    state["turn"]["current"] = None
    log.emit("hold", unit=combat.unit_name(state, uid), at=[uid])


# --- the moves of a creature's activation (§4.3, §6)


def _own_units(state: State, seat: int) -> list[str]:
    return [uid for uid, unit in units(state).items() if unit["owner"] == seat]


def why_not_start(state: State, seat: int, action: Action) -> str | None:
    """Activate or hold: a creature of the seat's that may act, while none is acting."""
    return acting.between_activations(state, seat, action) or activation_problem(state, seat, action["unit"])


def why_not_finish(state: State, seat: int, action: Action) -> str | None:
    """Done: the creature acting now stops."""
    reason = activation_problem(state, seat, action["unit"])
    if reason is None and acting.current(state) is None:
        return "activate the creature first"
    return reason


def why_not_step(state: State, seat: int, action: Action) -> str | None:
    """A move or a run: of a creature that may act and has not moved yet, to a point it can
    reach (a slow creature does not run)."""
    uid = action["unit"]
    reason = activation_problem(state, seat, uid) or acting.point_problem(action["to"])
    if reason:
        return reason
    if units(state)[uid]["moved"]:
        return "the creature has moved already"
    run = action["type"] == "run"
    if run and has(state, uid, "slow"):
        return "a slow creature does not run"
    return move_problem(state, uid, action["to"], run=run)


def why_not_act(state: State, seat: int, action: Action) -> str | None:
    """Melee, a shot, healing: the creature's one action, at a target it may take now."""
    reason = activation_problem(state, seat, action["unit"])
    if reason is None and action not in attacks(state, action["unit"]):
        return "not a legal target for this creature now"
    return reason


def _acts_of(kind: str) -> Callable[[State, int], list[Action]]:
    def acts(state: State, seat: int) -> list[Action]:
        return [a for uid in _own_units(state, seat) for a in attacks(state, uid) if a["type"] == kind]

    return acts


def _steps_now(state: State, seat: int) -> list[Action]:
    """The moves and runs bots see: those of the creature acting, before it moved."""
    current = acting.current(state)
    if current is None or units(state)[current]["moved"]:
        return []
    return moves(state, current)


def _steps_of(kind: str) -> Callable[[State, int], list[Action]]:
    def steps(state: State, seat: int) -> list[Action]:
        return [a for a in _steps_now(state, seat) if a["type"] == kind]

    return steps


def _step_offers(kind: str) -> Callable[[State, int], list[Action]]:
    """Every point a person may drag a creature to: the acting creature's, or, between
    activations, any creature's that may act (dragging it activates it)."""

    def offers(state: State, seat: int) -> list[Action]:
        offered = _steps_now(state, seat)
        if acting.current(state) is None:
            for uid in _own_units(state, seat):
                if may_activate(state, uid):
                    offered += moves(state, uid)
        return acting.points([a for a in offered if a["type"] == kind])

    return offers


def _activate(state: State, seat: int, action: Action, log: Log) -> None:
    activate(state, action["unit"], log)


def _step(state: State, seat: int, action: Action, log: Log) -> None:
    move(state, action["unit"], action["to"], action["type"] == "run", log)


def _act(state: State, seat: int, action: Action, log: Log) -> None:
    act(state, action, log)


def _hold(state: State, seat: int, action: Action, log: Log) -> None:
    hold(state, action["unit"], log)


def _unit_moves(kind: str, refuse: Refuse) -> Move:
    """activate, hold, done: a creature alone."""
    effect = _activate if kind == "activate" else _hold
    return Move(
        kind,
        parts={"unit": Part("source", values=_own_units, kind=str)},
        refuse=refuse,
        effect=acting.marked(effect),
    )


def _step_move(kind: str) -> Move:
    return Move(
        kind,
        parts={"unit": Part("source", kind=str), "to": Part("point", kind=list)},
        generate=_steps_of(kind),
        refuse=why_not_step,
        offer=_step_offers(kind),
        effect=acting.marked(_step),
    )


def _act_move(kind: str) -> Move:
    return Move(
        kind,
        parts={"unit": Part("source", kind=str), "target": Part("target", kind=str)},
        candidates=_acts_of(kind),
        refuse=why_not_act,
        effect=acting.marked(_act),
    )


ACTIVATE = _unit_moves("activate", why_not_start)
HOLD = _unit_moves("hold", why_not_start)
DONE = _unit_moves("done", why_not_finish)
MOVE, RUN = _step_move("move"), _step_move("run")
ATTACK, SHOOT, HEAL = _act_move("attack"), _act_move("shoot"), _act_move("heal")
