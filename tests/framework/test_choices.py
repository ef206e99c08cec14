"""Open actions: k cards of n, a number, a point on a free field, filled in by a person and
checked by the kernel, with the filled action (never the received object) applied."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, Game, GameSpec, IllegalAction, choices, kernel
from boardwright.framework.flow import Flow, Phase
from boardwright.framework.match import Match

State = dict[str, Any]
HAND = ["c1", "c2", "c3", "c4", "c5"]


class Sketch(Game):
    """A toy: discard two cards, bid 1 to 9, or move a token within 10 units of (0, 0)."""

    spec = GameSpec(id="sketch", version="1.0.0", title_en="Sketch", title_ru="Набросок", players=(2,))
    messages = {"en": {"done": "{seat} acts"}, "ru": {"done": "{seat} ходит"}}

    def flow(self) -> Flow:
        return Flow(start="play", phases=(Phase("play"),))

    def setup(self, state: State, setup: Any) -> None:
        state["hand"] = list(HAND)
        state["token"] = [0.0, 0.0]
        state["done"] = []

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        return [{"type": "move", "to": [3.0, 4.0]}, {"type": "discard", "cards": ["c1", "c2"]}]

    def open_actions(self, state: State) -> list[dict[str, Any]]:
        return [
            {"type": "discard", "cards": choices.choose(state["hand"], 2)},
            {"type": "bid", "amount": choices.number(1, 9)},
            {"type": "move", "to": choices.point([[3.0, 4.0], [6.0, 8.0]])},
        ]

    def check_action(self, state: State, action: dict[str, Any]) -> str | None:
        x, y = action["to"]
        return None if x * x + y * y <= 100 else "out of reach: 10 units at most"

    def apply(self, state: State, action: dict[str, Any], log: Any) -> None:
        state["done"].append(action)

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"items": [{"shape": "circle", "center": [0, 0], "radius": 1}]}


@pytest.fixture
def engine() -> Engine:
    return Engine(Sketch())


def test_k_of_n_cards_are_one_open_action_filled_in_any_order(engine):
    state = engine.new_game(2)
    applied = engine.apply(state, {"type": "discard", "cards": ["c4", "c2"]})
    assert applied == {"type": "discard", "cards": ["c2", "c4"]}, "put in the offered order"
    assert state["done"] == [applied]


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (["c1"], "choose 2 for cards, not 1"),
        (["c1", "c1"], "names an item twice"),
        (["c1", "c9"], "'c9' is not among the items"),
        ("c1", "cards is a list"),
    ],
)
def test_a_wrong_choice_of_cards_is_refused_with_its_reason(engine, cards, reason):
    state = engine.new_game(2)
    before = kernel.state_hash(state)
    with pytest.raises(IllegalAction, match=reason):
        engine.apply(state, {"type": "discard", "cards": cards})
    assert kernel.state_hash(state) == before


def test_a_number_is_a_whole_number_in_its_range(engine):
    state = engine.new_game(2)
    for amount, reason in ((0, "from 1 to 9, not 0"), (3.0, "whole number"), (True, "whole number")):
        with pytest.raises(IllegalAction, match=reason):
            engine.apply(state, {"type": "bid", "amount": amount})
    assert engine.apply(state, {"type": "bid", "amount": 9}) == {"type": "bid", "amount": 9}


def test_a_point_is_an_offered_snap_or_one_the_game_accepts(engine):
    state = engine.new_game(2)
    assert engine.apply(state, {"type": "move", "to": [6, 8]}) == {"type": "move", "to": [6.0, 8.0]}
    assert engine.apply(state, {"type": "move", "to": [-1.5, 2.25]})["to"] == [-1.5, 2.25]
    before = kernel.state_hash(state)
    for to, reason in (([9, 9], "out of reach"), ([1, float("nan")], "two numbers"), ([1], "two numbers")):
        with pytest.raises(IllegalAction, match=reason):
            engine.apply(state, {"type": "move", "to": to})
    assert kernel.state_hash(state) == before


def test_fixed_fields_of_an_open_action_must_match_exactly(engine):
    state = engine.new_game(2)
    with pytest.raises(IllegalAction):
        engine.apply(state, {"type": "bid", "amount": 2, "extra": 1})


def test_a_match_records_the_filled_action(engine):
    match = Match(engine, 2)
    received = {"type": "discard", "cards": ["c5", "c3"]}
    match.apply(received)
    assert match.record.actions == [{"type": "discard", "cards": ["c3", "c5"]}]
    assert received == {"type": "discard", "cards": ["c5", "c3"]}, "the received object is untouched"


def test_a_decision_may_offer_open_choices():
    class Ask(Sketch):
        def apply(self, state: State, action: dict[str, Any], log: Any) -> None:
            kernel.ask(
                state,
                1,
                "keep",
                [{"type": "keep", "cards": ["c1"]}],
                open=[{"type": "keep", "cards": choices.choose(HAND, 1)}],
            )

        def resume_keep(self, state: State, decision: Any, choice: dict[str, Any], log: Any) -> None:
            state["done"].append(choice)

    engine = Engine(Ask())
    state = engine.new_game(2)
    engine.apply(state, {"type": "bid", "amount": 1})
    assert engine.view(state, 0)["k"]["pending"] == [{"seat": 1, "kind": "keep"}], "other seats see no choices"
    engine.apply(state, {"type": "keep", "cards": ["c4"]}, seat=1)
    assert state["done"] == [{"type": "keep", "cards": ["c4"]}]
