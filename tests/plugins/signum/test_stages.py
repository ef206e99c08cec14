"""A turn's building and activation phases (§4.2, §4.3) are the kernel's stages: each turn
begins at building, "to activation" goes on, and each stage offers its own moves only."""

from __future__ import annotations

import pytest

from boardwright.framework import IllegalAction, kernel
from boardwright.framework.engine import Engine
from boardwright.plugins.signum.rules import Signum


@pytest.fixture
def engine():
    return Engine(Signum())


def _first_turn(engine):
    state = engine.new_game(seed=4)
    while kernel.phase(state) != "turn":
        legal = engine.legal_actions(state)
        engine.apply(state, next((a for a in legal if a["type"] == "go_first"), legal[0]))
    return state


def test_each_turn_begins_with_building_and_goes_on_to_activation(engine):
    state = _first_turn(engine)
    seat = kernel.active(state)
    assert kernel.stage(state) == "building"
    assert {a["type"] for a in engine.legal_actions(state)} <= {"build", "to_activation"}
    assert engine.board(state, seat)["status"]["key"] == "status_building"
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, {"type": "end_turn"})
    assert refused.value.message.startswith("end_turn is not a move of the building stage (its moves: build")
    engine.apply(state, {"type": "to_activation"})
    assert kernel.stage(state) == "activation" and "stage" not in state
    with pytest.raises(IllegalAction, match="build is not a move of the activation stage"):
        engine.apply(state, {"type": "build", "building": "farm"})
    engine.apply(state, {"type": "end_turn"})
    assert kernel.active(state) != seat and kernel.stage(state) == "building"


def test_the_set_up_has_no_stage_and_refuses_a_turns_move(engine):
    state = engine.new_game(seed=4)
    assert kernel.stage(state) is None
    with pytest.raises(IllegalAction, match="end_turn is not a move of the first phase"):
        engine.apply(state, {"type": "end_turn"})
