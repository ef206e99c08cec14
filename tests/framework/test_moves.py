"""Moves declared once (framework/moves.py): the kernel builds the legal actions from each
move's predicate, dispatches each action to its move, and says why anything else is refused;
stages inside a turn offer their own moves."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, Game, GameSpec, IllegalAction, conformance, kernel
from boardwright.framework.flow import Flow, Phase, Stage
from boardwright.framework.moves import Move, Part, action_parts

State = dict[str, Any]


def _piles(state: State, seat: int) -> range:
    return range(len(state["piles"]))


def why_not_take(state: State, seat: int, action: dict[str, Any]) -> str | None:
    pile, count = action["pile"], action["count"]
    if not 0 <= pile < len(state["piles"]):
        return f"no pile {pile + 1}"
    if not 1 <= count <= 3:
        return "take one, two or three"
    if count > state["piles"][pile]:
        return f"pile {pile + 1} has only {state['piles'][pile]}"
    return None


def take(state: State, action: dict[str, Any], log: Any) -> None:
    state["piles"][action["pile"]] -= action["count"]
    kernel.set_stage(state, "boast")
    if not any(state["piles"]):
        kernel.finish(state, winners=[kernel.active(state)], reason="last stone")


def boast(state: State, action: dict[str, Any], log: Any) -> None:
    state["boasts"] += 1
    kernel.end_turn(state)


def cheer(state: State, action: dict[str, Any], log: Any) -> None:
    state["cheers"] += 1


TAKE = Move(
    "take",
    parts={
        "pile": Part("source", values=_piles, kind=int),
        "count": Part("", values=lambda s, seat: (1, 2, 3), kind=int),
    },
    refuse=why_not_take,
    effect=take,
)
BOAST = Move("boast", effect=boast)
CHEER = Move(
    "cheer",
    refuse=lambda state, seat, action: "two cheers are enough" if state["cheers"] >= 2 else None,
    effect=cheer,
    who="any",
)


class Stones(Game):
    """Two piles; a turn is a take, then a boast; anybody may cheer at any moment."""

    spec = GameSpec(id="stones", version="1", title_en="Stones", title_ru="Камни", players=(2,))
    messages = {"en": {}, "ru": {}}
    action_parts = action_parts([TAKE, BOAST])

    def flow(self) -> Flow:
        return Flow(
            start="play",
            phases=(
                Phase(
                    "play",
                    moves_per_turn=None,
                    moves=(CHEER,),
                    stages=(Stage("take", moves=(TAKE, CHEER)), Stage("boast", moves=(BOAST,))),
                ),
            ),
        )

    def setup(self, state: State, setup: Any) -> None:
        state.update(piles=[3, 2], boasts=0, cheers=0)


@pytest.fixture
def engine() -> Engine:
    return Engine(Stones())


def test_the_legal_actions_are_what_the_predicate_allows(engine):
    state = engine.new_game()
    assert kernel.stage(state) == "take"
    assert engine.legal_actions(state) == [
        {"type": "take", "pile": 0, "count": 1},
        {"type": "take", "pile": 0, "count": 2},
        {"type": "take", "pile": 0, "count": 3},
        {"type": "take", "pile": 1, "count": 1},
        {"type": "take", "pile": 1, "count": 2},
    ]
    assert engine.free_actions(state, 1) == [{"type": "cheer", "by": 1}]


def test_a_turn_goes_through_its_stages(engine):
    state = engine.new_game()
    engine.apply(state, {"type": "take", "pile": 0, "count": 2})
    assert (kernel.stage(state), engine.legal_actions(state)) == ("boast", [{"type": "boast"}])
    engine.apply(state, {"type": "boast"})
    assert (kernel.active(state), kernel.stage(state), state["boasts"]) == (1, "take", 1)


def test_refusals_name_the_stage_the_field_the_type_and_the_moves_own_reason(engine):
    state = engine.new_game()
    cases = {
        "boast is not a move of the take stage (its moves: take)": {"type": "boast"},
        "take has no field colour": {"type": "take", "pile": 0, "count": 1, "colour": "red"},
        "take needs the field count": {"type": "take", "pile": 0},
        "count must be a whole number, not a text": {"type": "take", "pile": 0, "count": "1"},
        "pile 2 has only 2": {"type": "take", "pile": 1, "count": 3},
        "no pile 3": {"type": "take", "pile": 2, "count": 1},
        "take one, two or three": {"type": "take", "pile": 0, "count": 4},
    }
    for reason, action in cases.items():
        with pytest.raises(IllegalAction) as refused:
            engine.apply(state, action)
        assert refused.value.message == reason
    assert state["piles"] == [3, 2]


def test_a_free_move_is_made_by_any_seat_and_dispatched_to_its_effect(engine):
    state = engine.new_game()
    engine.apply(state, {"type": "cheer", "by": 1}, seat=1)
    assert state["cheers"] == 1 and kernel.active(state) == 0
    engine.apply(state, {"type": "cheer", "by": 0})
    with pytest.raises(IllegalAction, match="two cheers are enough"):
        engine.apply(state, {"type": "cheer", "by": 1}, seat=1)


def test_the_action_parts_come_from_the_moves():
    assert Stones.action_parts == {"take": {"source": "pile"}}


def test_a_stone_game_conforms(engine):
    for check in (conformance.check_playouts_and_replay, conformance.check_illegal_actions, conformance.check_moves):
        check(engine)


def test_the_check_catches_a_generator_that_disagrees_with_its_predicate():
    hasty = Move(
        "take",
        parts=TAKE.parts,
        refuse=why_not_take,
        effect=take,
        generate=lambda state, seat: [a for a in TAKE.derived(state, seat) if a["count"] == 1],
    )

    class Hasty(Stones):
        def flow(self) -> Flow:
            return Flow(start="play", phases=(Phase("play", moves_per_turn=1, moves=(hasty,)),))

    with pytest.raises(AssertionError, match="its generator and its predicate disagree"):
        conformance.check_moves(Engine(Hasty()))


def test_a_move_must_say_where_its_actions_come_from():
    with pytest.raises(ValueError, match="give pile its values"):
        Move("take", effect=take, parts={"pile": Part("source")})


def test_the_check_catches_a_phase_generator_that_leaves_a_move_out():
    class Forgetful(Stones):
        def flow(self) -> Flow:
            generate = lambda state, seat: TAKE.derived(state, seat)[1:]  # noqa: E731
            return Flow(start="play", phases=(Phase("play", moves_per_turn=1, moves=(TAKE,), generate=generate),))

    with pytest.raises(AssertionError, match="the play phase's generator and its moves disagree"):
        conformance.check_moves(Engine(Forgetful()))


def test_a_stage_with_moves_of_its_own_does_not_take_the_phases_list():
    flow = Flow(
        start="play",
        phases=(
            Phase(
                "play",
                moves=(BOAST,),
                generate=lambda state, seat: [{"type": "boast"}],
                stages=(Stage("take", moves=(TAKE,)), Stage("boast")),
            ),
        ),
    )
    state = {"k": {"phase": "play", "stage": "take", "active": 0}, "piles": [1, 0]}
    assert flow.legal_now(state) == [{"type": "take", "pile": 0, "count": 1}]
    state["k"]["stage"] = "boast"  # a stage without moves: the phase's, and its list
    assert flow.legal_now(state) == [{"type": "boast"}]
