"""Why an action is refused: the game's reason for a type that no legal action has now."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, Game, GameSpec, IllegalAction
from boardwright.framework.flow import Flow, Phase

State = dict[str, Any]


class Gate(Game):
    """Two seats: "open" is never legal while the gate is locked; "wait" always is, and a
    "wait" with "turns" would need a rule that is not in play."""

    spec = GameSpec(id="gate", version="1.0.0", title_en="Gate", title_ru="Ворота", players=(2,))
    explains = True

    def flow(self) -> Flow:
        return Flow(start="play", phases=(Phase("play"),))

    def setup(self, state: State, setup: Any) -> None:
        state["locked"] = True

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        return [{"type": "wait"}]

    def apply(self, state: State, action: dict[str, Any], log: Any) -> None:
        pass

    def explain_illegal(self, state: State, action: dict[str, Any]) -> str | None:
        if not self.explains:
            return None
        if action["type"] == "open" and state["locked"]:
            return "the gate is locked"
        if action["type"] == "wait" and "turns" in action:
            return "waiting several turns needs the rule Patience"
        return None


def refusal(engine: Engine, action: dict[str, Any]) -> str:
    state = engine.new_game(2)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, action)
    return str(refused.value)


def test_the_game_names_the_rule_that_rules_out_a_whole_type():
    assert refusal(Engine(Gate()), {"type": "open"}) == "the gate is locked"


def test_the_game_names_the_rule_behind_a_field_no_legal_action_has():
    assert refusal(Engine(Gate()), {"type": "wait", "turns": 2}) == "waiting several turns needs the rule Patience"
    assert refusal(Engine(Gate()), {"type": "wait", "extra": 1}) == "wait has no field extra"


def test_without_a_reason_from_the_game_the_kernel_lists_the_allowed_types():
    game = Gate()
    game.explains = False
    assert refusal(Engine(game), {"type": "open"}) == "open is not allowed now (allowed: wait)"
    assert refusal(Engine(Gate()), {"type": "fly"}) == "fly is not allowed now (allowed: wait)"
