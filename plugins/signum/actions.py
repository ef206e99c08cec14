"""The moves: what the seat to move may do, each declared once with the one predicate that
says why an action of its kind may not be made.

The set-up's moves (who goes first, the hero's place, the mulligan), then the turn's two
stages (§4): in the building stage a building and the step on to activation; in the
activation stage a creature's activation (activate, move, run, its one action, hold,
done), a card from the hand, a terrain card, a building's ability, and the end of the turn.
Moves on the free field list a few points for bots (`generate`) and offer every point to a
person (`offer`); the predicate checks any point with the field's exact geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import choices, kernel
from boardwright.framework.moves import Move, Part

from . import activation, economy, play, turn
from .cards import BUILDINGS, CHARACTER, CONFIG, RELIC, TACTIC, TERRAIN, card_of
from .geometry import move_problem, terrain_problem, terrain_shape
from .units import has, units

State = dict[str, Any]
Action = dict[str, Any]
Log = Any
Refuse = Callable[[State, int, Action], "str | None"]
END_TURN: Action = {"type": "end_turn"}
TO_ACTIVATION: Action = {"type": "to_activation"}
NUMBER = (int, float)


def _marked(effect: Callable[[State, int, Action, Log], None]) -> Callable[[State, Action, Log], None]:
    """A move's effect, after which the board marks who acted and with which creature; never
    the cards, which may be secret (those put back at the mulligan, a tactic set face down)."""

    def carried_out(state: State, action: Action, log: Log) -> None:
        seat = kernel.active(state)
        effect(state, seat, action, log)
        state["last"] = {"type": action["type"], "seat": seat, "unit": action.get("unit")}

    return carried_out


def _point_problem(to: list[Any]) -> str | None:
    if len(to) != 2 or any(type(value) not in NUMBER for value in to):
        return "a point is two numbers: [x, y] in centimetres"
    return None


def _points(offered: list[Action]) -> list[Action]:
    """The moves with a point among `offered`, as open actions: one per move with the same
    other fields, its point free, the offered points as its snaps."""
    found: list[Action] = []
    for action in offered:
        if "to" in action:
            template = {**action, "to": None}
            if template not in found:
                found.append(template)
    for template in found:
        template["to"] = choices.point([a["to"] for a in offered if {**a, "to": None} == template])
    return found


def _current(state: State) -> str | None:
    current = state["turn"]["current"]
    return current if current is not None and current in units(state) else None


def _between_activations(state: State, seat: int, action: Action) -> str | None:
    return "finish the current activation first" if _current(state) is not None else None


# --- the set-up: who goes first, the hero's place, the mulligan (§3)


def _go_first(state: State, seat: int, action: Action, log: Log) -> None:
    turn.choose_order(state, action["type"] == "go_first", log)


def _place_hero(state: State, seat: int, action: Action, log: Log) -> None:
    turn.place_hero(state, seat, action["to"], log)


def why_not_place_hero(state: State, seat: int, action: Action) -> str | None:
    to = action["to"]
    return _point_problem(to) or play.place_problem(state, seat, turn.hero_radius(state, seat), to)


def _hero_places(state: State, seat: int) -> list[Action]:
    return [{"type": "place_hero", "to": spot} for spot in turn.hero_spots(state, seat)]


def _hand(state: State, seat: int) -> list[str]:
    return list(state["zones"][f"hand:{seat}"]["items"])


def _mulligans(state: State, seat: int) -> list[Action]:
    """Keep the hand, put back one card, or the whole hand: a bot's choices."""
    hand = _hand(state, seat)
    return [
        {"type": "mulligan", "cards": []},
        *({"type": "mulligan", "cards": [item]} for item in hand),
        {"type": "mulligan", "cards": hand},
    ]


def why_not_mulligan(state: State, seat: int, action: Action) -> str | None:
    cards, hand = action["cards"], _hand(state, seat)
    if len(cards) > int(CONFIG["mulligan_max"]):
        return f"put back at most {int(CONFIG['mulligan_max'])} cards"
    if any(type(item) is not str or item not in hand for item in cards):
        return "that card is not in your hand"
    if len(set(cards)) != len(cards):
        return "name each card once"
    return None


def _mulligan(state: State, seat: int, action: Action, log: Log) -> None:
    turn.mulligan(state, seat, action["cards"], log)


def _mulligan_offer(state: State, seat: int) -> list[Action]:
    hand = _hand(state, seat)
    return [
        {"type": "mulligan", "cards": choices.choose(hand, min(int(CONFIG["mulligan_max"]), len(hand)), at_least=0)}
    ]


GO_FIRST = Move("go_first", effect=_marked(_go_first))
GO_SECOND = Move("go_second", effect=_marked(_go_first))
PLACE_HERO = Move(
    "place_hero",
    parts={"to": Part("point", kind=list)},
    generate=_hero_places,
    refuse=why_not_place_hero,
    offer=lambda state, seat: _points(_hero_places(state, seat)),
    effect=_marked(_place_hero),
)
MULLIGAN = Move(
    "mulligan",
    parts={"cards": Part("", kind=list)},
    candidates=_mulligans,
    refuse=why_not_mulligan,
    offer=_mulligan_offer,
    effect=_marked(_mulligan),
)


# --- the building stage (§4.2)


def _pool_buildings(state: State, seat: int) -> list[str]:
    return list(state["pool"][seat]["buildings"])


def _build(state: State, seat: int, action: Action, log: Log) -> None:
    economy.build(state, seat, action["building"], log)


def _to_activation(state: State, seat: int, action: Action, log: Log) -> None:
    kernel.set_stage(state, turn.ACTIVATION)


BUILD = Move(
    "build",
    parts={"building": Part("", values=_pool_buildings, kind=str)},
    refuse=lambda state, seat, action: economy.build_problem(state, seat, action["building"]),
    generate=lambda state, seat: [{"type": "build", "building": b} for b in economy.buildable(state, seat)],
    effect=_marked(_build),
)
TO_ACTIVATION_MOVE = Move("to_activation", effect=_marked(_to_activation))


# --- the activation stage: a creature's activation (§4.3, §6)


def _own_units(state: State, seat: int) -> list[str]:
    return [uid for uid, unit in units(state).items() if unit["owner"] == seat]


def why_not_start(state: State, seat: int, action: Action) -> str | None:
    """Activate or hold: a creature of the seat's that may act, while none is acting."""
    return _between_activations(state, seat, action) or activation.activation_problem(state, seat, action["unit"])


def why_not_finish(state: State, seat: int, action: Action) -> str | None:
    """Done: the creature acting now stops."""
    reason = activation.activation_problem(state, seat, action["unit"])
    if reason is None and _current(state) is None:
        return "activate the creature first"
    return reason


def why_not_step(state: State, seat: int, action: Action) -> str | None:
    """A move or a run: of a creature that may act and has not moved yet, to a point it can
    reach (a slow creature does not run)."""
    uid = action["unit"]
    reason = activation.activation_problem(state, seat, uid) or _point_problem(action["to"])
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
    reason = activation.activation_problem(state, seat, action["unit"])
    if reason is None and action not in activation.attacks(state, action["unit"]):
        return "not a legal target for this creature now"
    return reason


def _acts_of(kind: str) -> Callable[[State, int], list[Action]]:
    def acts(state: State, seat: int) -> list[Action]:
        return [a for uid in _own_units(state, seat) for a in activation.attacks(state, uid) if a["type"] == kind]

    return acts


def _steps_now(state: State, seat: int) -> list[Action]:
    """The moves and runs bots see: those of the creature acting, before it moved."""
    current = _current(state)
    if current is None or units(state)[current]["moved"]:
        return []
    return activation.moves(state, current)


def _steps_of(kind: str) -> Callable[[State, int], list[Action]]:
    def steps(state: State, seat: int) -> list[Action]:
        return [a for a in _steps_now(state, seat) if a["type"] == kind]

    return steps


def _step_offers(kind: str) -> Callable[[State, int], list[Action]]:
    """Every point a person may drag a creature to: the acting creature's, or, between
    activations, any creature's that may act (dragging it activates it)."""

    def offers(state: State, seat: int) -> list[Action]:
        offered = _steps_now(state, seat)
        if _current(state) is None:
            for uid in _own_units(state, seat):
                if activation.may_activate(state, uid):
                    offered += activation.moves(state, uid)
        return _points([a for a in offered if a["type"] == kind])

    return offers


def _activate(state: State, seat: int, action: Action, log: Log) -> None:
    activation.activate(state, action["unit"], log)


def _step(state: State, seat: int, action: Action, log: Log) -> None:
    activation.move(state, action["unit"], action["to"], action["type"] == "run", log)


def _act(state: State, seat: int, action: Action, log: Log) -> None:
    activation.act(state, action, log)


def _hold(state: State, seat: int, action: Action, log: Log) -> None:
    activation.hold(state, action["unit"], log)


def _unit_moves(kind: str, refuse: Refuse) -> Move:
    """activate, hold, done: a creature alone."""
    effect = _activate if kind == "activate" else _hold
    return Move(
        kind,
        parts={"unit": Part("source", values=_own_units, kind=str)},
        refuse=refuse,
        effect=_marked(effect),
    )


def _step_move(kind: str) -> Move:
    return Move(
        kind,
        parts={"unit": Part("source", kind=str), "to": Part("point", kind=list)},
        generate=_steps_of(kind),
        refuse=why_not_step,
        offer=_step_offers(kind),
        effect=_marked(_step),
    )


def _act_move(kind: str) -> Move:
    return Move(
        kind,
        parts={"unit": Part("source", kind=str), "target": Part("target", kind=str)},
        candidates=_acts_of(kind),
        refuse=why_not_act,
        effect=_marked(_act),
    )


ACTIVATE = _unit_moves("activate", why_not_start)
HOLD = _unit_moves("hold", why_not_start)
DONE = _unit_moves("done", why_not_finish)
MOVE, RUN = _step_move("move"), _step_move("run")
ATTACK, SHOOT, HEAL = _act_move("attack"), _act_move("shoot"), _act_move("heal")


# --- the activation stage: cards, terrain, buildings' abilities, the end of the turn

CARD_KINDS = {"summon": CHARACTER, "set_tactic": TACTIC, "equip": RELIC}


def why_not_play(state: State, seat: int, action: Action) -> str | None:
    """A card of the hand, of the move's kind, paid for, at a target or place it may take."""
    reason = _between_activations(state, seat, action)
    if reason:
        return reason
    item = action["card"]
    if item not in _hand(state, seat):
        return "that card is not in your hand"
    kind, wanted = card_of(item)["kind"], CARD_KINDS.get(action["type"])
    if kind != wanted and (wanted is not None or kind in CARD_KINDS.values()):
        return f"{action['type']} is not how that card is played"
    reason = economy.payment_problem(state, seat, item)
    if reason:
        return reason
    if "to" in action:
        reason = _point_problem(action["to"])
        if reason:
            return reason
        if action["type"] == "summon":
            card = card_of(item)
            radius, ambush = float(card["base"]) / 2, bool(card["props"].get("ambush"))
            return play.place_problem(state, seat, radius, action["to"], ambush=ambush)
        if card_of(item)["effect"] == "smoke":
            return play.smoke_problem(state, seat, action["to"])
    if action not in play.plays_of(state, seat, item):
        return "no legal target or place for that card now"
    return None


def _plays_of(kind: str) -> Callable[[State, int], list[Action]]:
    """The card's plays on offer: for every card of the hand that could be played so, paid
    or not (the predicate asks for the price)."""

    def plays(state: State, seat: int) -> list[Action]:
        if _current(state) is not None:
            return []
        return [a for item in _hand(state, seat) for a in play.plays_of(state, seat, item) if a["type"] == kind]

    return plays


def _play(state: State, seat: int, action: Action, log: Log) -> None:
    play.play(state, seat, action, log)


def _card_move(kind: str, parts: dict[str, Part], offer: bool = False) -> Move:
    plays = _plays_of(kind)
    return Move(
        kind,
        parts=parts,
        candidates=plays,
        refuse=why_not_play,
        offer=(lambda state, seat: _points([a for a in plays(state, seat) if why_not_play(state, seat, a) is None]))
        if offer
        else None,
        effect=_marked(_play),
    )


SUMMON = _card_move("summon", {"card": Part("source", kind=str), "to": Part("point", kind=list)}, offer=True)
CAST = _card_move(
    "cast",
    {"card": Part("source", kind=str), "target": Part("target", optional=True), "to": Part("point", optional=True)},
    offer=True,
)
EQUIP = _card_move("equip", {"card": Part("", kind=str), "replace": Part("", kind=str, optional=True)})
SET_TACTIC = _card_move("set_tactic", {"card": Part("", kind=str)})


def why_not_terrain(state: State, seat: int, action: Action) -> str | None:
    """One terrain card a turn, from the pool, paid for, under the field limit, placed where
    terrain may lie (§5.2)."""
    reason = _between_activations(state, seat, action)
    if reason:
        return reason
    card = action["card"]
    if state["turn"]["terrain"]:
        return "one terrain card per turn"
    if card not in TERRAIN or card not in play.terrain_cards(state, seat):
        return "that terrain card cannot be played now (pool, prosperity or the field limit)"
    if action["angle"] not in play.angles(card):
        return f"turn it by one of {', '.join(f'{a:g}' for a in play.angles(card))} degrees"
    return _point_problem(action["to"]) or terrain_problem(
        state, seat, terrain_shape(card, action["to"], action["angle"])
    )


def _terrain_places(state: State, seat: int) -> list[Action]:
    """A few places for each terrain card and turn that fit (bots choose among these)."""
    if _current(state) is not None:
        return []
    cards = play.terrain_cards(state, seat)
    if not cards:
        return []
    found: list[Action] = []
    layout, circles = play.terrain_layout(state), play.base_circles(state)
    for card in cards:
        for angle in play.angles(card):
            found += [
                {"type": "terrain", "card": card, "to": spot, "angle": angle}
                for spot in play.terrain_spots(state, seat, card, angle, layout, circles)
            ]
    return found


def _terrain(state: State, seat: int, action: Action, log: Log) -> None:
    play.place_terrain(state, seat, action["card"], action["to"], action["angle"], log)


TERRAIN_MOVE = Move(
    "terrain",
    parts={"card": Part("", kind=str), "to": Part("point", kind=list), "angle": Part("", kind=NUMBER)},
    generate=_terrain_places,
    refuse=why_not_terrain,
    offer=lambda state, seat: _points(_terrain_places(state, seat)),
    effect=_marked(_terrain),
)


def _ability_aims(state: State, seat: int) -> list[Action]:
    """Each ability of the seat's city at each target it has now, open or not."""
    found: list[Action] = []
    for b in state["city"][seat]:
        ability = BUILDINGS[b["type"]].get("ability")
        if ability:
            found += [
                {"type": "ability", "building": b["id"], "target": target}
                for target in economy.ability_targets(state, seat, ability) or []
            ]
    return found


def why_not_ability(state: State, seat: int, action: Action) -> str | None:
    reason = _between_activations(state, seat, action)
    if reason:
        return reason
    mine = [b for b in state["city"][seat] if b["id"] == action["building"]]
    if not mine or not BUILDINGS[mine[0]["type"]].get("ability"):
        return "no building of yours with that ability"
    if not mine[0]["open"]:
        return "that building is closed"
    targets = economy.ability_targets(state, seat, BUILDINGS[mine[0]["type"]]["ability"])
    if targets is None:
        return "that ability cannot be used now (not enough prosperity, or nothing to use it on)"
    if action["target"] not in targets:
        return "not a target of that ability"
    return None


def _ability(state: State, seat: int, action: Action, log: Log) -> None:
    economy.use_ability(state, seat, action["building"], action["target"], log)


ABILITY = Move(
    "ability",
    parts={"building": Part("", kind=str), "target": Part("")},
    candidates=_ability_aims,
    refuse=why_not_ability,
    effect=_marked(_ability),
)


def _end_turn(state: State, seat: int, action: Action, log: Log) -> None:
    turn.end_turn(state, log)


END_TURN_MOVE = Move("end_turn", refuse=_between_activations, effect=_marked(_end_turn))
ACTIVATION_MOVES = (
    ACTIVATE,
    MOVE,
    RUN,
    ATTACK,
    SHOOT,
    HEAL,
    HOLD,
    DONE,
    SUMMON,
    CAST,
    EQUIP,
    SET_TACTIC,
    TERRAIN_MOVE,
    ABILITY,
    END_TURN_MOVE,
)
BUILDING_MOVES = (BUILD, TO_ACTIVATION_MOVE)


def activation_actions(state: State, seat: int) -> list[Action]:
    """Every move of the activation stage at once, in the order bots have always seen them:
    the acting creature's choices; else each creature's openings, the cards, the terrain,
    the abilities and the end of the turn."""
    current = _current(state)
    if current is not None:
        return activation.continuations(state, current)
    found: list[Action] = []
    for uid, unit in units(state).items():
        if unit["owner"] == seat and activation.may_activate(state, uid):
            found += activation.openings(state, uid)
    found += play.card_plays(state, seat)
    found += _terrain_places(state, seat)
    for b in state["city"][seat]:
        ability = BUILDINGS[b["type"]].get("ability")
        if b["open"] and ability:
            for target in economy.ability_targets(state, seat, ability) or []:
                found.append({"type": "ability", "building": b["id"], "target": target})
    found.append(END_TURN)
    return found
