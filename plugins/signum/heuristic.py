"""How good a position looks for the bots (digest §13, AI hooks): the prosperity race, the
heroes' health and armour, the armies' worth, and pressure on the enemy hero."""

from __future__ import annotations

from typing import Any

from boardwright.framework import field, kernel

from .units import data, health, hero_of, units, worn

State = dict[str, Any]


def _side(state: State, seat: int) -> float:
    score = 2.0 * state["prosperity"][seat] / state["victory"]
    hero = hero_of(state, seat)
    if hero is None:
        return -10.0
    left = health(state, hero) - units(state)[hero]["wounds"] + sum(r["tokens"] for r in worn(state, seat))
    score += 0.25 * left
    for uid, unit in units(state).items():
        if unit["owner"] == seat and not unit["hero"]:
            worth = data(unit)["cost"] * (1 - unit["wounds"] / max(1, health(state, uid)))
            score += 0.35 * worth
    enemy = hero_of(state, 1 - seat)
    if enemy is not None:
        target = units(state)[enemy]["at"]
        for unit in units(state).values():
            if unit["owner"] == seat:
                score += 0.02 * max(0.0, 40.0 - field.distance(unit["at"], target))
    score += 0.15 * len(state["city"][seat])
    return score


def evaluate(state: State, seat: int) -> float:
    if kernel.is_over(state):
        winners = (kernel.outcome(state) or {}).get("winners") or []
        return 1.0 if seat in winners else (-1.0 if winners else 0.0)
    diff = _side(state, seat) - _side(state, 1 - seat)
    return max(-0.99, min(0.99, diff / 10.0))
