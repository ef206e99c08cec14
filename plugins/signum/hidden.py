"""What each seat may know (digest §12): hands and face-down tactics are the owner's, decks
nobody's; a seat knows its own deck list, not the opponent's. Bots guess the rest."""

from __future__ import annotations

import functools
import random
from typing import Any

from boardwright.framework import zones

from .cards import CARDS, MERCENARY, TACTIC, hero_faction, make_item

State = dict[str, Any]


def redact_lists(view: State, seat: int | None) -> None:
    view["decklists"] = [items if s == seat else None for s, items in enumerate(view["decklists"])]


def _seen(view: State) -> set[str]:
    return zones.seen_items(view)


@functools.cache
def candidates(hero: str, seat: int) -> tuple[str, ...]:
    """Every card item a deck led by `hero` could hold (two copies of non-characters); built
    once, since a bot deals the unseen ones again thousands of times."""
    faction = hero_faction(hero)
    found = []
    for card_id, card in CARDS.items():
        allowed = (faction, MERCENARY) if card["kind"] == "character" else (faction,)
        if card["faction"] in allowed and card.get("hero", hero) == hero:
            copies = 1 if card["kind"] == "character" else 2
            found += [make_item(card_id, seat, n) for n in range(1, copies + 1)]
    return tuple(found)


def deal_hidden(state: State, seat: int, seed: int) -> None:
    """Deal every card `seat` cannot see at random (`Game.deal_hidden`): its own unseen cards
    from its decklist, the rival's from what its hero may hold, tactics first."""
    rng = random.Random(seed)
    seen = _seen(state)
    mine = [item for item in state["decklists"][seat] if item not in seen]
    rng.shuffle(mine)
    other = 1 - seat
    theirs = [item for item in candidates(state["heroes"][other], other) if item not in seen]
    rng.shuffle(theirs)
    tactic_pool = [item for item in theirs if CARDS[item.split("@")[0]]["kind"] == TACTIC]
    zone_map = state["zones"]
    tactics_zone = f"tactics:{other}"
    if zones.is_redacted(zone_map[tactics_zone]):
        zone_map[tactics_zone] = zones.fill(zone_map[tactics_zone], seat, tactic_pool)
        used = set(zone_map[tactics_zone]["items"])
        theirs = [item for item in theirs if item not in used]
    for zone_id, z in list(zone_map.items()):
        if zones.is_redacted(z):
            owner = int(zone_id.split(":")[1])
            zone_map[zone_id] = zones.fill(z, seat, mine if owner == seat else theirs)
