"""How good a position looks for the bots (digest §13, AI hooks): the prosperity race, the
heroes' health and armour, the armies' worth, and pressure on the enemy hero. The weights are
game.toml's [heuristic], read on each call so a tuned table counts. Before both heroes stand
on the field the sides are even: a seat whose hero is not placed yet has not lost it. After an
action that only starts or ends a creature's activation the value is told without playing
it (`evaluate_after`, for the `greedy` bot)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import field, kernel

from .cards import CONFIG
from .turn import FIRST, PLACE
from .units import data, health, hero_of, units, worn

State = dict[str, Any]
Action = dict[str, Any]
HEURISTIC: dict[str, float] = CONFIG["heuristic"]


def _side(state: State, seat: int, w: dict[str, float]) -> float:
    score = w["prosperity"] * state["prosperity"][seat] / state["victory"]
    hero = hero_of(state, seat)
    if hero is None:
        return w["heroless"]
    left = health(state, hero) - units(state)[hero]["wounds"] + sum(r["tokens"] for r in worn(state, seat))
    score += w["hero_health"] * left
    army = w["army_cost"]
    for uid, unit in units(state).items():
        if unit["owner"] == seat and not unit["hero"]:
            worth = data(unit)["cost"] * (1 - unit["wounds"] / max(1, health(state, uid)))
            score += army * worth
    enemy = hero_of(state, 1 - seat)
    if enemy is not None:
        target = units(state)[enemy]["at"]
        pressure, reach = w["pressure"], w["pressure_reach"]
        for unit in units(state).values():
            if unit["owner"] == seat:
                score += pressure * max(0.0, reach - field.distance(unit["at"], target))
    score += w["building"] * len(state["city"][seat])
    return score


def evaluate(state: State, seat: int, w: dict[str, float] = HEURISTIC) -> float:
    """The value in [-1, 1]; `w`: the table of weights (game.toml's [heuristic], or the
    `learned` bot's)."""
    if kernel.is_over(state):
        winners = (kernel.outcome(state) or {}).get("winners") or []
        return 1.0 if seat in winners else (-1.0 if winners else 0.0)
    if kernel.phase(state) in (FIRST, PLACE):
        return 0.0  # the heroes are not both on the field yet: nothing tells the sides apart
    diff = _side(state, seat, w) - _side(state, 1 - seat, w)
    # below a finished game's 1.0, so a search never mistakes a good position for a win
    return max(-0.99, min(0.99, diff / w["lead_scale"]))


# a creature chosen to act, a creature that holds and an activation ended: what the heuristic
# counts stays as it was (activation.activate, activation.hold)
_UNCHANGED = frozenset({"activate", "hold", "done"})


def evaluate_after(
    state: State, seat: int, actions: list[Action], w: dict[str, float] = HEURISTIC
) -> list[float | None] | None:
    """`evaluate` after each action that only starts or ends a creature's activation: the
    value before it; None for the rest (and for all while a decision is open). `greedy`
    tries every legal action, and these are a quarter of those it tries."""
    if kernel.pending(state) is not None or kernel.is_over(state):
        return None
    before = evaluate(state, seat, w)
    return [before if action["type"] in _UNCHANGED else None for action in actions]
