"""The Heroes card game on the kernel's moves: the days are the kernel's rounds (digest 4),
and a refused action is told the rule it breaks by its move's own predicate (digest 5)."""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, EventLog, IllegalAction, kernel, zones
from boardwright.plugins.heroes_cards import cards, week
from boardwright.plugins.heroes_cards.catalog import CONFIG, travel
from boardwright.plugins.heroes_cards.rules import HeroesCards

GAME = HeroesCards()
ENGINE = Engine(GAME)


def first_day(seed: int = 1) -> dict:
    state = ENGINE.new_game(2, {}, seed)
    while kernel.phase(state) != "day" or kernel.pending(state):
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    return state


def test_each_week_has_its_days_and_each_day_is_a_round_of_the_kernel():
    """Digest 4: a week is the travel phase, then seven days; the game keeps no day counter
    of its own beside the kernel's rounds."""
    log = EventLog()
    state = ENGINE.new_game(2, {"weeks": 2}, 3, log=log)
    while not kernel.is_over(state):
        ENGINE.apply(state, ENGINE.legal_actions(state)[-1], log=log)  # pass, the last listed
    days = CONFIG["days_per_week"]
    dawns = [(e["params"]["week"], e["params"]["day"]) for e in log.events if e["key"] == "day_begins"]
    assert dawns == [(w, d) for w in (1, 2) for d in range(1, days + 1)]
    assert kernel.round_number(state) == 1 + 2 * days
    assert "day" not in state


def test_the_travel_phase_is_day_zero_and_a_day_reads_the_kernels_round():
    state = ENGINE.new_game(2, {}, 1)
    assert kernel.phase(state) == "travel" and week.day_of_week(state) == 0
    state = first_day()
    assert week.day_of_week(state) == 1 and kernel.round_number(state) == 2


def refused(state: dict, action: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.check(state, action)
    return str(caught.value)


def test_a_build_names_the_rule_it_breaks():
    """Digest 5.1 A: an empty plot next to the Palace or a building, paid with cards of the
    hand as many as the cost."""
    state = first_day()
    seat = kernel.active(state)
    build = next(a for a in ENGINE.legal_actions(state) if a["type"] == "build")
    assert "plot" in refused(state, {**build, "plot": "nowhere"})
    assert str(len(build["cards"])) in refused(state, {**build, "cards": build["cards"][1:]})
    assert refused(state, {**build, "cards": ["chest:nobody", *build["cards"][1:]]})
    # any kind of card of the hand pays: creatures as well as the travel cards a bot gives
    paid = [card for card in cards.creatures(state, seat) if card not in build["cards"]][: len(build["cards"])]
    assert len(paid) == len(build["cards"])
    ENGINE.check(state, {**build, "cards": paid})


def test_after_closure_a_mine_may_not_be_played_and_the_reason_says_so():
    """Digest 5.1, the closure rule and E29: types 2-5 and 8 can no longer be played."""
    state = first_day()
    seat = kernel.active(state)
    mine = next(card for card in zones.items(state, "travel_deck") if travel(card)["kind"] == "mine")
    zones.move(state, "travel_deck", f"travel:{seat}", mine)
    state["closure"] = True
    assert "after closure" in refused(state, {"type": "visit", "card": mine, "target": -1})
    assert all(a.get("card") != mine for a in ENGINE.legal_actions(state))


def test_a_capture_only_against_a_player_at_war():
    state = first_day()
    other = 1 - kernel.active(state)
    assert "at war" in refused(state, {"type": "capture", "target": other})
