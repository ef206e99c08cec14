"""A bot's guess at the cards it cannot see (digest 12). Views are the kernel's own (every
hidden card lies in a zone); this deals the unknown cards again, each kind to the zones
that may hold it, so search bots never peek."""

from __future__ import annotations

import functools
import random
from typing import Any

from boardwright.framework import kernel, zones

from .catalog import CONFIG, creature_deck, hero_cards, neutral_deck, school_tablets, travel_deck
from .catalog import travel as travel_data

State = dict[str, Any]


def seen_cards(view: State) -> set[str]:
    return zones.seen_items(view)


def deal_hidden(state: State, seat: int, seed: int) -> None:
    """Deal every card `seat` cannot see at random (`Game.deal_hidden`), consistently with what
    it saw: travel cards to hands (never a trap) and decks, each race's cards to its piles."""
    rng = random.Random(seed)
    seen = seen_cards(state)
    players = kernel.seats(state)
    redacted = [zone_id for zone_id, z in state["zones"].items() if zones.is_redacted(z)]
    # hands first, from the travel cards a hand may hold: a trap is paid and discarded as
    # it is drawn, so no hand ever holds one (nor gives one up); the rest go to the deck
    in_hand = [card for card in _full_travel(players) if card not in seen and not _is_trap(card)]
    rng.shuffle(in_hand)
    handed = [z for z in redacted if z.startswith("travel:") or z == "travel_buried"]
    for zone_id in handed:
        state["zones"][zone_id] = zones.fill(state["zones"][zone_id], seat, in_hand)
    dealt = seen.union(*(state["zones"][z]["items"] for z in handed))
    travel = [card for card in _full_travel(players) if card not in dealt]
    rng.shuffle(travel)
    pools: dict[str, list[Any]] = {"travel_deck": travel}
    pools["neutral_deck"] = _unseen(_full_neutrals(), seen, rng)
    pools["schools"] = _unseen(_full_schools(players), seen, rng)
    for pile in range(3):
        pools[f"pile:{pile}"] = travel
    for other, race in enumerate(state["race"]):
        creatures = _unseen(_full_creatures(other, race), seen, rng)
        heroes = _unseen(_full_heroes(other, race), seen, rng)
        pools[f"deck:{other}"] = pools[f"creatures:{other}"] = pools[f"buried:{other}"] = creatures
        pools[f"tavern:{other}"] = pools[f"heroes:{other}"] = pools[f"tavern_buried:{other}"] = heroes
        pools[f"school:{other}"] = pools["schools"]
    for zone_id in redacted:
        if zone_id not in handed:
            state["zones"][zone_id] = zones.fill(state["zones"][zone_id], seat, pools[zone_id])


def _unseen(cards: tuple[str, ...], seen: set[str], rng: random.Random) -> list[str]:
    pool = [card for card in cards if card not in seen]
    rng.shuffle(pool)
    return pool


def _is_trap(card: str) -> bool:
    return bool(travel_data(card)["kind"] == "trap")


# every card of a kind, built once: a bot deals the unseen ones again thousands of times
@functools.cache
def _full_travel(players: int) -> tuple[str, ...]:
    copies = CONFIG["travel_deck_copies"]
    return tuple(travel_deck(copies[min(players, len(copies) - 1)]))


@functools.cache
def _full_creatures(seat: int, race: str) -> tuple[str, ...]:
    return tuple(creature_deck(seat, race))


@functools.cache
def _full_heroes(seat: int, race: str) -> tuple[str, ...]:
    return tuple(hero_cards(seat, race))


@functools.cache
def _full_neutrals() -> tuple[str, ...]:
    return tuple(neutral_deck())


@functools.cache
def _full_schools(players: int) -> tuple[str, ...]:
    return tuple(school_tablets(players))
