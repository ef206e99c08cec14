"""Decks on top of zones: shuffle, draw, refill from a discard pile with or without shuffling."""

from __future__ import annotations

from typing import Any

from . import kernel
from .zones import PUBLIC, forget_all, move, reveal_items

State = dict[str, Any]


def shuffle(state: State, zone_id: str) -> None:
    """Shuffle a zone; no seat knows any position in it afterwards."""
    kernel.rng_shuffle(state, state["zones"][zone_id]["items"])
    forget_all(state, zone_id)


def refill(state: State, deck_id: str, discard_id: str, shuffled: bool = True) -> int:
    """Put the discard pile back as the deck; returns how many items came back.

    Without shuffling, the pile is turned over as it lies: its first discarded item ends
    on top, and since the pile was face up, every seat knows where each of them lies.
    """
    deck = state["zones"][deck_id]
    pile = state["zones"][discard_id]
    came_back = pile["items"]
    count = len(came_back)
    if not count:
        return 0
    pile_public = pile["vis"] == PUBLIC
    pile["items"] = []
    pile["known"] = {}
    # the pile's top is its last item; turned over, its bottom (first item) becomes the top
    deck["items"] = list(reversed(came_back)) + deck["items"]
    if shuffled:
        shuffle(state, deck_id)
    elif pile_public:
        reveal_items(state, deck_id, came_back)
    return count


def draw(
    state: State,
    deck_id: str,
    target_id: str,
    count: int = 1,
    discard_id: str | None = None,
    reshuffle: bool = True,
) -> list[Any]:
    """Draw up to `count` items from the top; refills from `discard_id` when the deck runs out.
    Whoever knew the top item knows where it went."""
    drawn: list[Any] = []
    for _ in range(count):
        deck = state["zones"][deck_id]
        if not deck["items"]:
            if discard_id is None or not refill(state, deck_id, discard_id, reshuffle):
                break
            deck = state["zones"][deck_id]
        item = deck["items"][-1]
        move(state, deck_id, target_id, item, observed=True)
        drawn.append(item)
    return drawn
