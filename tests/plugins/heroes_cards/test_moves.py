"""The Heroes card game on the kernel's moves: the days are the kernel's rounds (digest 4),
and a refused action is told the rule it breaks by its move's own predicate (digest 5)."""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, EventLog, IllegalAction, kernel, zones
from boardwright.plugins.heroes_cards import actions, cards, week
from boardwright.plugins.heroes_cards.catalog import CONFIG, travel
from boardwright.plugins.heroes_cards.rules import HeroesCards

from .scenes import first_day, move_card, war_over_a_mine

GAME = HeroesCards()
ENGINE = Engine(GAME)


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
    state = first_day(ENGINE, 1)
    assert week.day_of_week(state) == 1 and kernel.round_number(state) == 2


def refused(state: dict, action: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.check(state, action)
    return str(caught.value)


def test_a_build_names_the_rule_it_breaks():
    """Digest 5.1 A: an empty plot next to the Palace or a building, paid with cards of the
    hand as many as the cost."""
    state = first_day(ENGINE, 1)
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
    state = first_day(ENGINE, 1)
    seat = kernel.active(state)
    mine = next(card for card in zones.items(state, "travel_deck") if travel(card)["kind"] == "mine")
    zones.move(state, "travel_deck", f"travel:{seat}", mine)
    state["closure"] = True
    assert "after closure" in refused(state, {"type": "visit", "card": mine, "target": -1})
    assert all(a.get("card") != mine for a in ENGINE.legal_actions(state))


def test_a_capture_only_against_a_player_at_war():
    state = first_day(ENGINE, 1)
    other = 1 - kernel.active(state)
    assert "at war" in refused(state, {"type": "capture", "target": other})


def by_predicates(state: dict) -> list[dict]:
    """The day's legal actions as each move's predicate makes them, move after move."""
    seat = kernel.active(state)
    return [a for move in GAME._flow_cache().moves_now(state)[0] for a in move.derived(state, seat)]


def listed(state: dict) -> list[dict]:
    """The day phase's own list (`Phase.generate`), asked afresh (the engine keeps the list
    of a state it saw at this ply, and these scenes change the state in place)."""
    return actions.day_actions(state, kernel.active(state))


def same_actions(state: dict) -> bool:
    fast, derived = listed(state), by_predicates(state)
    return len(fast) == len(derived) and all(a in derived for a in fast)


def test_the_days_list_is_what_the_predicates_allow_at_war_after_closure_and_beyond_hope():
    """The fast list of the day (bots, playouts) and the moves' predicates agree in the
    rarer turns a random playout seldom reaches: at war (captures, then only captures and
    the end of the turn), after closure (free declarations, no annexing), and with a battle
    the army cannot hope to win."""
    state, _, defender = war_over_a_mine(ENGINE, 1)
    assert {"type": "capture", "target": defender} in listed(state)
    assert same_actions(state)
    state["captures"] = 1
    assert {a["type"] for a in listed(state)} <= {"capture", "pass"}
    assert same_actions(state)
    state = first_day(ENGINE, 1)
    seat = kernel.active(state)
    state["closure"] = True
    state["spy"][seat] = 1
    assert any(a["type"] == "declare" for a in listed(state))
    assert same_actions(state)
    for kind in ("creatures", "heroes"):
        for card in list(zones.items(state, f"{kind}:{seat}")):
            zones.move(state, f"{kind}:{seat}", "removed", card)
    state["closure"] = False
    move_card(state, "t:village:0", f"travel:{seat}")
    assert all(a.get("card") != "t:village:0" for a in listed(state))
    assert same_actions(state)
