"""Set scenes the Heroes card game's tests start from: the first day of play, a war over a
mine, an interception of its capture, a hand of chosen creatures; and moving a card
wherever it lies."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel, zones
from boardwright.plugins.heroes_cards import capital, cards
from boardwright.plugins.heroes_cards.aftermath import join_domain
from boardwright.plugins.heroes_cards.catalog import RACES


def move_card(state: dict[str, Any], card: str, zone: str) -> None:
    """`card` into `zone`, from whichever zone holds it."""
    source = next(name for name, data in state["zones"].items() if card in data["items"])
    zones.move(state, source, zone, card)


def first_day(engine: Engine, seed: int) -> dict[str, Any]:
    """Two players, the first legal choice everywhere until day 1 waits for an action."""
    state = engine.new_game(2, {}, seed)
    while kernel.phase(state) != "day" or kernel.pending(state):
        engine.apply(state, engine.legal_actions(state)[0])
    return state


def war_over_a_mine(engine: Engine, seed: int) -> tuple[dict[str, Any], int, int]:
    """Day 1 with the seat to act at war with the other, whose domain holds an iron mine:
    (state, attacker, defender)."""
    state = first_day(engine, seed)
    attacker = kernel.active(state)
    defender = 1 - attacker
    state["wars"] = [{"attacker": attacker, "defender": defender, "crusade": False}]
    move_card(state, "t:iron_mine:0", "table")
    join_domain(state, defender, "t:iron_mine:0", "table")
    return state, attacker, defender


def hold_only(state: dict[str, Any], seat: int, held: list[str]) -> None:
    """The seat's creatures in hand are exactly `held` (the others go back to its deck)."""
    for card in list(cards.creatures(state, seat)):
        zones.move(state, f"creatures:{seat}", f"deck:{seat}", card)
    for card in held:
        move_card(state, card, f"creatures:{seat}")


def interception(
    engine: Engine, seed: int, counts: dict[str, int]
) -> tuple[dict[str, Any], int, int, dict[int, list[str]]]:
    """Day 1 at war; the defender intercepts a capture of its mine. Each side holds only
    level-1 creatures of a built barracks, ``counts["attacker"]`` and ``counts["defender"]``
    of them, and its starting hero: (state, attacker, defender, the creatures each holds)."""
    state, attacker, defender = war_over_a_mine(engine, seed)
    held: dict[int, list[str]] = {}
    for seat, role in ((attacker, "attacker"), (defender, "defender")):
        state["capital"][seat][capital.PLOT_INDEX["barracks1"]] = 0
        key = RACES[state["race"][seat]]["creatures"][0]["key"]
        held[seat] = [f"{seat}:{key}:{n}" for n in range(counts[role])]
        hold_only(state, seat, held[seat])
    engine.apply(state, {"type": "capture", "target": defender})
    engine.apply(state, {"type": "intercept", "fight": True})
    return state, attacker, defender, held
