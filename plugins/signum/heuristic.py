"""How good a position looks for the bots (digest §13, AI hooks): the prosperity race as it
will stand when the game is decided, the heroes' health and armour, the armies' worth, and
pressure on the enemy hero."""

from __future__ import annotations

from typing import Any

from boardwright.framework import field, kernel

from .cards import CONFIG
from .economy import income
from .units import data, health, hero_of, units, worn

State = dict[str, Any]


def turns_left(state: State, seat: int) -> int:
    """The seat's start phases still to come before the round limit ends the game."""
    later = state["round_limit"] - state["round"]
    still_this_round = kernel.phase(state) == "turn" and state["order"].index(seat) > state["order"].index(
        kernel.active(state)
    )
    return max(0, later + int(still_this_round))


def _side(state: State, seat: int) -> float:
    hero = hero_of(state, seat)
    if hero is None:
        return -10.0
    # prosperity decides at the round limit, or at the victory level: what it will be by
    # then, each building counting for its half of the income a pair of them brings
    city = len(state["city"][seat])
    per_turn = income(state, seat) + (city % int(CONFIG["income_buildings_per_point"])) / 2
    projected = state["prosperity"][seat] + per_turn * turns_left(state, seat)
    score = 4.0 * min(projected, state["victory"]) / state["victory"]
    left = health(state, hero) - units(state)[hero]["wounds"] + sum(r["tokens"] for r in worn(state, seat))
    score += 0.25 * left
    for uid, unit in units(state).items():
        if unit["owner"] == seat and not unit["hero"]:
            worth = data(unit)["cost"] * (1 - unit["wounds"] / max(1, health(state, uid)))
            score += 0.2 * worth
    enemy = hero_of(state, 1 - seat)
    if enemy is not None:
        target = units(state)[enemy]["at"]
        for unit in units(state).values():
            if unit["owner"] == seat:
                score += 0.01 * max(0.0, 40.0 - field.distance(unit["at"], target))
    return score


def evaluate(state: State, seat: int) -> float:
    if kernel.is_over(state):
        winners = (kernel.outcome(state) or {}).get("winners") or []
        return 1.0 if seat in winners else (-1.0 if winners else 0.0)
    diff = _side(state, seat) - _side(state, 1 - seat)
    return max(-0.99, min(0.99, diff / 10.0))
