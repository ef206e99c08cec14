"""A bot's guess at the cards it cannot see (digest 12). Views are the kernel's own (every
hidden card lies in a zone); this deals the unknown cards again, each kind to the zones
that may hold it, so search bots never peek."""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework import kernel, zones

from .catalog import creature_deck, hero_cards, neutral_deck, school_tablets, travel_deck
from .catalog import travel as travel_data

State = dict[str, Any]


def seen_cards(view: State) -> set[str]:
    return zones.seen_items(view)


def determinize(view: State, seat: int, seed: int) -> State:
    state = kernel.clone(view)
    kernel.set_rng(state, seed)
    seen = seen_cards(state)
    players = kernel.seats(state)
    travel = [card for card in _all_travel(state) if card not in seen]
    # a trap is paid and discarded as it is drawn, so no hand ever holds one
    in_hand = [card for card in travel if travel_data(card)["kind"] != "trap"]
    pools: dict[str, list[Any]] = {"travel_deck": travel, "neutral_deck": [c for c in neutral_deck() if c not in seen]}
    pools["travel_buried"] = in_hand  # a trap never reaches a hand, so it is never given up
    pools["schools"] = [c for c in school_tablets(players) if c not in seen]
    for pile in range(3):
        pools[f"pile:{pile}"] = travel
    for other, race in enumerate(state["race"]):
        creatures = [c for c in creature_deck(other, race) if c not in seen]
        heroes = [c for c in hero_cards(other, race) if c not in seen]
        pools[f"deck:{other}"] = pools[f"creatures:{other}"] = pools[f"buried:{other}"] = creatures
        pools[f"tavern:{other}"] = pools[f"heroes:{other}"] = pools[f"tavern_buried:{other}"] = heroes
        pools[f"travel:{other}"] = in_hand
        pools[f"school:{other}"] = pools["schools"]
    zones.fill_all(state, seat, pools, random.Random(seed))
    return state


def _all_travel(state: State) -> list[str]:
    from .catalog import CONFIG

    players = kernel.seats(state)
    return travel_deck(CONFIG["travel_deck_copies"][min(players, len(CONFIG["travel_deck_copies"]) - 1)])
