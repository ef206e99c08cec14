"""The watchman's right to split the travel deck (digest 4.2): 1 to 3 piles of any sizes,
each of at least one card, as one decision per pile whose choices are its size; the
scenario option ``piles`` bounds the number of piles (1: no split, the short game)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, EventLog, kernel, zones
from boardwright.plugins.heroes_cards.rules import HeroesCards

GAME = HeroesCards()
ENGINE = Engine(GAME)


def pile_sizes(state: dict[str, Any]) -> list[int]:
    return [zones.count(state, f"pile:{p}") for p in range(3) if zones.count(state, f"pile:{p}")]


def splits_reached(state: dict[str, Any]) -> set[tuple[int, ...]]:
    """Every pile shape the watchman's answers can reach from this decision."""
    decision = kernel.pending(state)
    if decision is None or decision["kind"] != "split":
        return {tuple(pile_sizes(state))}
    reached: set[tuple[int, ...]] = set()
    for choice in ENGINE.legal_actions(state):
        after = kernel.clone(state)
        ENGINE.apply(after, choice)
        reached |= splits_reached(after)
    return reached


def compositions(total: int, most: int) -> set[tuple[int, ...]]:
    """Every way to write `total` as 1 to `most` positive parts, in order."""
    if most == 1:
        return {(total,)}
    out = {(total,)}
    for first in range(1, total):
        out |= {(first, *rest) for rest in compositions(total - first, most - 1)}
    return out


def test_every_split_the_digest_allows_is_offered_and_nothing_else():
    for most in (2, 3):
        state = ENGINE.new_game(2, {"piles": most}, 1)
        assert zones.count(state, "travel_deck") == 40
        reached = splits_reached(state)
        assert reached == compositions(40, most)
        assert len(reached) == (40 if most == 2 else 781)


def test_one_decision_per_pile_its_choices_are_the_sizes_and_the_last_pile_takes_the_rest():
    state = ENGINE.new_game(2, {"piles": 3}, 2)
    watchman = state["watchman"]
    top = zones.items(state, "travel_deck")[-12:]
    decision = kernel.pending(state)
    assert decision["kind"] == "split" and decision["seat"] == watchman
    assert [c["size"] for c in decision["choices"]] == list(range(1, 41))
    assert {c["pile"] for c in decision["choices"]} == {0}
    ENGINE.apply(state, {"type": "pile", "pile": 0, "size": 5})
    decision = kernel.pending(state)
    assert decision["kind"] == "split" and [c["size"] for c in decision["choices"]] == list(range(1, 36))
    log = EventLog()
    ENGINE.apply(state, {"type": "pile", "pile": 1, "size": 7}, watchman, log)
    assert pile_sizes(state) == [5, 7, 28]
    # the cards lie as they lay in the deck: the deck's top five are pile 1, in order
    assert zones.items(state, "pile:0") == top[-5:] and zones.items(state, "pile:1") == top[:7]
    split = [e["params"] for e in log.events if e["key"] == "split"]
    assert split == [{"seat": watchman, "piles": 3, "at": [0, 1, 2]}]
    assert {a["pile"] for a in ENGINE.legal_actions(state)} == {0, 1, 2}


def test_taking_every_card_left_makes_the_last_pile():
    state = ENGINE.new_game(2, {"piles": 3}, 3)
    ENGINE.apply(state, {"type": "pile", "pile": 0, "size": 40})
    assert pile_sizes(state) == [40]
    assert kernel.pending(state) is None or kernel.pending(state)["kind"] != "split"
    assert ENGINE.legal_actions(state) == [{"type": "draw_travel", "pile": 0}]


def test_one_pile_allowed_asks_nothing():
    state = ENGINE.new_game(2, {"piles": 1}, 1)
    decision = kernel.pending(state)
    assert decision is None or decision["kind"] != "split"
    assert pile_sizes(state) == [40]


def test_a_person_reads_each_size_as_its_own_button_in_both_languages():
    state = ENGINE.new_game(2, {"piles": 2}, 4)
    choices = ENGINE.legal_actions(state)
    for lang in ("en", "ru"):
        labels = [GAME.describe_action(state, choice, lang) for choice in choices]
        assert len(set(labels)) == len(labels) == 40
        assert all("{" not in label for label in labels)
    assert "39" in GAME.describe_action(state, {"type": "pile", "pile": 0, "size": 1}, "en")
    assert "all 40" in GAME.describe_action(state, {"type": "pile", "pile": 0, "size": 40}, "en")
