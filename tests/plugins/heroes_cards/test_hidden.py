"""A bot's guess at what it cannot see (hidden.py): every card once, in a zone that may
hold it, each zone as large as the view says, and nothing the seat knows changed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardwright.framework import PluginHost, kernel
from boardwright.plugins.heroes_cards.catalog import travel

ENGINE = PluginHost().engine("heroes_cards")


@pytest.mark.parametrize(("players", "seed", "plies"), [(2, 3, 40), (2, 7, 120), (3, 5, 90), (4, 2, 200)])
def test_a_guess_deals_every_card_once_and_keeps_what_the_seat_knows(players, seed, plies):
    state = ENGINE.new_game(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if kernel.is_over(state):
            break
        legal = ENGINE.legal_actions(state)
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])
    real = Counter(card for zone in state["zones"].values() for card in zone["items"])
    for seat in range(players):
        view = ENGINE.view(state, seat)
        for sample in range(3):
            guess = ENGINE.game.determinize(view, seat, sample)
            dealt = Counter(card for zone in guess["zones"].values() for card in zone["items"])
            assert dealt == real, f"seat {seat}: cards dealt twice or lost"
            for zone_id, zone in guess["zones"].items():
                shown = view["zones"][zone_id]
                assert len(zone["items"]) == len(state["zones"][zone_id]["items"])
                if "items" in shown:
                    assert zone["items"] == shown["items"]
                else:
                    assert all(zone["items"][index] == item for index, item in shown["known"])
                if zone_id.startswith("travel:"):
                    assert all(travel(card)["kind"] != "trap" for card in zone["items"])
