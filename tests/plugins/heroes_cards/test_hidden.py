"""A bot's guess at what it cannot see (hidden.py): every card once, in a zone that may
hold it, each zone as large as the view says, and nothing the seat knows changed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardwright.framework import PluginHost, kernel
from boardwright.plugins.heroes_cards.catalog import travel
from boardwright.plugins.heroes_cards.text import MESSAGES

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


def test_a_rivals_travel_cards_show_their_sizes_on_their_backs_in_words_and_nothing_more():
    """The size on a travel card's back is public (digest 2): a rival's face-down travel pile
    names the sizes as players read them, smallest first, each once with its count; the cards
    themselves stay hidden."""
    from boardwright.framework import zones
    from boardwright.framework.events import text

    state = ENGINE.new_game(2, {}, 3)
    rng = random.Random(1)
    for _ in range(400):
        if zones.count(state, "travel:1") >= 3:
            break
        legal = ENGINE.legal_actions(state)
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])
    cards = zones.items(state, "travel:1")
    assert len(cards) >= 3
    board = ENGINE.board(state, 0)
    (pile,) = [e for e in board["elements"] if e.get("zone") == "travel:1"]
    order = ["XS", "S", "M", "L", "XL", "XXL", "High"]
    backs = Counter(str(travel(card)["back"]) for card in cards)
    words = {"XS": "Extra small", "S": "Small", "M": "Medium", "L": "Large", "XL": "Extra large", "XXL": "Huge"}
    expected = [
        words.get(back, back) + (f" ×{backs[back]}" if backs[back] > 1 else "")
        for back in sorted(backs, key=order.index)
    ]
    assert text(pile["back_label"], MESSAGES, "en") == ", ".join(expected)
    assert not any(card in str(board) for card in cards), "no hidden card id on the viewer's board"
