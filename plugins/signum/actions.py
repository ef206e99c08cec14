"""What the seat to move may do, why anything else is refused, and carrying it out.

`legal_actions` offers concrete choices (for bots: a few destinations per move);
`open_actions` offers the same with a free point that a person drags; `check_action`
validates any point with the field's exact geometry.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import choices, kernel

from . import activation, economy, play, turn
from .cards import BUILDINGS, TERRAIN, card_of
from .geometry import move_problem, terrain_problem, terrain_shape
from .units import units

State = dict[str, Any]
Action = dict[str, Any]
Log = Any
END_TURN: Action = {"type": "end_turn"}
TO_ACTIVATION: Action = {"type": "to_activation"}


def legal(state: State) -> list[Action]:
    seat = kernel.active(state)
    stage = kernel.phase(state)
    if stage == turn.FIRST:
        return [{"type": "go_first"}, {"type": "go_second"}]
    if stage == turn.PLACE:
        return [{"type": "place_hero", "to": spot} for spot in turn.hero_spots(state, seat)]
    if stage == turn.MULLIGAN:
        hand = state["zones"][f"hand:{seat}"]["items"]
        return [
            {"type": "mulligan", "cards": []},
            *({"type": "mulligan", "cards": [item]} for item in hand),
            {"type": "mulligan", "cards": list(hand)},
        ]
    if state["stage"] == turn.BUILDING:
        return [*({"type": "build", "building": b} for b in economy.buildable(state, seat)), TO_ACTIVATION]
    current = state["turn"]["current"]
    if current is not None and current in units(state):
        return activation.continuations(state, current)
    found: list[Action] = []
    for uid, unit in units(state).items():
        if unit["owner"] == seat and activation.may_activate(state, uid):
            found += activation.openings(state, uid)
    found += play.card_plays(state, seat)
    cards = play.terrain_cards(state, seat)
    if cards:
        layout, circles = play.terrain_layout(state), play.base_circles(state)
        for card in cards:
            for angle in play.angles(card):
                found += [
                    {"type": "terrain", "card": card, "to": spot, "angle": angle}
                    for spot in play.terrain_spots(state, seat, card, angle, layout, circles)
                ]
    found += abilities(state, seat)
    found.append(END_TURN)
    return found


def abilities(state: State, seat: int) -> list[Action]:
    found: list[Action] = []
    for b in state["city"][seat]:
        ability = BUILDINGS[b["type"]].get("ability")
        if b["open"] and ability:
            for target in economy.ability_targets(state, seat, ability) or []:
                found.append({"type": "ability", "building": b["id"], "target": target})
    return found


def open_actions(state: State) -> list[Action]:
    """Points a person may drag to: every move and run, a summon, a terrain card, a hero.

    A creature not yet activated may be dragged at once: its moves are listed here, while
    `legal` offers them only once the creature is activated."""
    offered = legal(state)
    if kernel.phase(state) == turn.TURN and state["stage"] == turn.ACTIVATION and state["turn"]["current"] is None:
        seat = kernel.active(state)
        for uid, unit in units(state).items():
            if unit["owner"] == seat and activation.may_activate(state, uid):
                offered += activation.moves(state, uid)
    found: list[Action] = []
    for action in offered:
        if "to" in action and action["type"] != "reposition":
            template = {**action, "to": None}
            if template not in found:
                found.append(template)
    for template in found:
        snaps = [a["to"] for a in offered if {**a, "to": None} == template]
        template["to"] = choices.point(snaps)
    seat = kernel.active(state)
    if kernel.phase(state) == turn.MULLIGAN:
        hand = state["zones"][f"hand:{seat}"]["items"]
        found.append({"type": "mulligan", "cards": choices.choose(hand, min(4, len(hand)), at_least=0)})
    return found


def check_point(state: State, action: Action) -> str | None:
    """Why a point a person (or a peer) sent may not be taken: the same rules as the offers."""
    seat = kernel.active(state)
    kind, to = action["type"], action["to"]
    if kind in ("move", "run"):
        return move_problem(state, action["unit"], to, run=kind == "run")
    if kind == "place_hero":
        return play.place_problem(state, seat, turn.hero_radius(state, seat), to)
    if kind == "summon":
        card = card_of(action["card"])
        return play.place_problem(state, seat, float(card["base"]) / 2, to, ambush=bool(card["props"].get("ambush")))
    if kind == "terrain":
        return terrain_problem(state, seat, terrain_shape(action["card"], to, action["angle"]))
    if kind == "cast":
        return play.smoke_problem(state, seat, to)
    return "this point cannot be chosen"


_LEGAL_CACHE: dict[str, Any] = {"key": None, "legal": []}


def _cached_legal(state: State) -> list[Action]:
    key = (id(state), kernel.ply(state), kernel.rng_state(state), len(kernel.steps(state)))
    if _LEGAL_CACHE["key"] != key:
        _LEGAL_CACHE["key"], _LEGAL_CACHE["legal"] = key, legal(state)
    found: list[Action] = _LEGAL_CACHE["legal"]
    return found


def explain(state: State, action: Action) -> str | None:
    """Why a well-formed action is not legal now (the same predicates as `legal`)."""
    if action in _cached_legal(state):
        return None
    seat = kernel.active(state)
    kind = action["type"]
    stage = kernel.phase(state)
    if stage != turn.TURN:
        if (
            stage == turn.PLACE
            and kind == "place_hero"
            and isinstance(action.get("to"), list)
            and len(action["to"]) == 2
        ):
            return (
                play.place_problem(state, seat, turn.hero_radius(state, seat), action["to"]) or "not an offered place"
            )
        return f"it is the {stage} step of the set-up"
    if kind == "build":
        if state["stage"] != turn.BUILDING:
            return "buildings are built in the building phase"
        return economy.build_problem(state, seat, action.get("building"))
    if state["stage"] == turn.BUILDING:
        return "finish the building phase first"
    if kind in ("activate", "move", "run", "attack", "shoot", "heal", "hold", "done"):
        reason = activation.activation_problem(state, seat, action.get("unit"))
        if reason:
            return reason
        if kind in ("attack", "shoot", "heal"):
            return "not a legal target for this creature now"
        if kind in ("move", "run") and isinstance(action.get("to"), list) and len(action["to"]) == 2:
            return move_problem(state, action["unit"], action["to"], run=kind == "run") or "not an offered destination"
        return "not possible for this creature now"
    if state["turn"]["current"] is not None:
        return "finish the current activation first"
    if kind == "terrain":
        return terrain_reason(state, seat, action)
    if kind in ("summon", "cast", "equip", "set_tactic"):
        item = action.get("card")
        if item not in state["zones"][f"hand:{seat}"]["items"]:
            return "that card is not in your hand"
        return economy.payment_problem(state, seat, str(item)) or "no legal target or place for that card now"
    if kind == "ability":
        return "that building cannot use its ability now (closed, no target, or not enough prosperity)"
    return None


def terrain_reason(state: State, seat: int, action: Action) -> str:
    card = action.get("card")
    if state["turn"]["terrain"]:
        return "one terrain card per turn"
    if card not in TERRAIN or card not in play.terrain_cards(state, seat):
        return "that terrain card cannot be played now (pool, prosperity or the field limit)"
    return "not an offered place for that terrain"


def apply(state: State, action: Action, log: Log) -> None:
    seat = kernel.active(state)
    kind = action["type"]
    if kind in ("go_first", "go_second"):
        turn.choose_order(state, kind == "go_first", log)
    elif kind == "place_hero":
        turn.place_hero(state, seat, action["to"], log)
    elif kind == "mulligan":
        turn.mulligan(state, seat, action["cards"], log)
    elif kind == "build":
        economy.build(state, seat, action["building"], log)
    elif kind == "to_activation":
        state["stage"] = turn.ACTIVATION
    elif kind == "end_turn":
        turn.end_turn(state, log)
    elif kind == "terrain":
        play.place_terrain(state, seat, action["card"], action["to"], action["angle"], log)
    elif kind in ("summon", "cast", "equip", "set_tactic"):
        play.play(state, seat, action, log)
    elif kind == "ability":
        economy.use_ability(state, seat, action["building"], action["target"], log)
    elif kind in ("move", "run"):
        activation.move(state, action["unit"], action["to"], kind == "run", log)
    elif kind in ("attack", "shoot", "heal"):
        activation.act(state, action, log)
    elif kind == "activate":
        activation.activate(state, action["unit"], log)
    elif kind in ("hold", "done"):
        activation.hold(state, action["unit"], log)
    # what the board marks: who acted, and with which creature; never the cards, which may be
    # secret (those put back at the mulligan, a tactic set face down)
    state["last"] = {"type": kind, "seat": seat, "unit": action.get("unit")}
