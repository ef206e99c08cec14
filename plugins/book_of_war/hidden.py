"""Hidden information (digest 13): a bot's guess at the cards it cannot see.

What each seat sees and knows lives in the zones (cards.py), so views are the kernel's
own (`Game.view`, `zones.redact_all`); this module only deals the unknown cards again.
"""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework import kernel, zones

from .cards import all_land_cards, hand_zone, unit_deck
from .catalog import UNITS

State = dict[str, Any]


def seen_cards(view: State) -> set[str]:
    """Cards the viewing seat sees or knows the place of, and the units on the board."""
    return set(view["units"]) | zones.seen_items(view)


def deal_hidden(state: State, seat: int, seed: int) -> None:
    """Deal every card `seat` cannot place at random, consistently with what it sees:
    unit cards of a side's colour to its deck and hands, land cards to every other zone."""
    seen = seen_cards(state)
    pools: dict[str, list[Any]] = {"*": [card for card in all_land_cards() if card not in seen]}
    for side, colour in enumerate(state["colour"]):
        unseen = [f"{colour}_{t}" for t in UNITS if f"{colour}_{t}" not in seen] if colour else []
        pools[unit_deck(side)] = unseen
        for member in kernel.sides(state)[side]:
            pools[hand_zone(member)] = unseen
    zones.fill_all(state, seat, pools, random.Random(seed))
