"""A finished Signum board marks what decided the game: where the destroyed hero stood (its
base has left the field), the winner's prosperity mark when prosperity won, or at the round
limit with equal prosperity the winner's less wounded hero; a draw marks nothing."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel
from boardwright.framework.events import NULL_LOG
from boardwright.plugins.signum import combat, turn
from boardwright.plugins.signum.rules import Signum
from boardwright.plugins.signum.units import hero_of, units

from ..decided_marks import decided_in_panels, decided_items, decided_on_the_board
from ..positions import random_positions

ENGINE = Engine(Signum())


def _end(seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    *_, state = random_positions(ENGINE, 2, seed, options, limit=3000, last=True)
    assert kernel.is_over(state)
    return state


def _hero_on_the_field(seed: int) -> dict[str, Any]:
    for state in random_positions(ENGINE, 2, seed, limit=3000):
        if hero_of(state, 0) and hero_of(state, 1):
            return state
    raise AssertionError("no position with both heroes placed")


def test_the_place_of_the_destroyed_hero_is_marked() -> None:
    state = _hero_on_the_field(1)
    uid = hero_of(state, 1)
    assert uid is not None
    stood = units(state)[uid]
    at, radius = list(stood["at"]), stood["radius"]
    combat.destroy(state, uid, NULL_LOG)
    outcome = kernel.outcome(state)
    assert outcome["reason"] == "hero destroyed" and outcome["winners"] == [0]
    for board in ENGINE.boards(state, [0, 1, None]):
        (place,) = decided_on_the_board(board)
        assert place["center"] == at and place["radius"] == radius
        assert place["tip"]["key"] == "hero_fell_tip" and place["tip"]["seat"] == 1
        assert decided_in_panels(board) == []
        field = next(e for e in board["elements"] if e["type"] == "field")
        assert uid not in [base["id"] for base in field["bases"]]
        (hero_line,) = [
            p["lines"][0] for p in board["panels"] if p["title"].get("key") == "panel_seat" and p["title"]["seat"] == 1
        ]
        assert hero_line["key"] == "panel_hero_fallen", "the seat panel says the hero was destroyed"


def test_a_prosperity_win_marks_the_winners_prosperity() -> None:
    state = _end(1)
    outcome = kernel.outcome(state)
    assert outcome["reason"] == "prosperity"
    (winner,) = outcome["winners"]
    board = ENGINE.board(state, 1 - winner)
    ((title, mark),) = decided_in_panels(board)
    assert title == {"key": "track_prosperity"}
    assert mark["label"] == str(state["prosperity"][winner]) and state["prosperity"][winner] >= state["victory"]
    assert decided_on_the_board(board) == []


def test_more_prosperity_at_the_round_limit_marks_it_and_a_draw_nothing() -> None:
    seen = set()
    for seed in range(12):
        state = _end(seed, {"rounds": 1})
        outcome = kernel.outcome(state)
        assert outcome["reason"] == "round limit"
        board = ENGINE.board(state, 0)
        if not outcome["winners"]:
            seen.add("draw")
            assert decided_items(board) == []
            continue
        (winner,) = outcome["winners"]
        prosperity = state["prosperity"]
        assert prosperity[0] != prosperity[1], "random games broke no tie on wounds: that case is built below"
        seen.add("prosperity")
        ((_title, mark),) = decided_in_panels(board)
        assert mark["label"] == str(prosperity[winner]) == str(max(prosperity))
        assert decided_on_the_board(board) == []
    assert seen == {"draw", "prosperity"}


def test_equal_prosperity_at_the_round_limit_marks_the_less_wounded_hero() -> None:
    state = _hero_on_the_field(2)
    state["prosperity"] = [3, 3]
    units(state)[str(hero_of(state, 0))]["wounds"] = 1
    turn.prolonged(state, NULL_LOG)
    assert kernel.outcome(state)["winners"] == [1]
    board = ENGINE.board(state, 0)
    (base,) = decided_on_the_board(board)
    assert base["id"] == hero_of(state, 1) and decided_in_panels(board) == []


def test_nothing_is_marked_while_the_game_runs() -> None:
    for index, state in enumerate(random_positions(ENGINE, 2, 1, limit=3000)):
        if index % 10 == 0:
            assert decided_items(ENGINE.board(state, 0)) == []
