"""The kernel's flow: phases, turn orders, passing, skipping, rounds, steps and one-choice
decisions, played through the engine as any game is."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, Game, GameSpec, IllegalAction, Option, kernel
from boardwright.framework.conformance import check_game
from boardwright.framework.flow import Flow, Phase

State = dict[str, Any]


class Tally(Game):
    """A toy: each round every seat draws once in seat order (the draw phase), then the
    seats take turns adding 1 or 2 to their tally or passing, until all have passed (the
    play phase). A tally of 5 or more wins. "Boost" queues three steps; the middle one asks
    its seat which way to go, and a one-way choice is taken by the kernel."""

    spec = GameSpec(
        id="tally",
        version="1.0.0",
        title_en="Tally",
        title_ru="Счёт",
        players=(2, 3),
        options=(Option("round_cap", 6, minimum=0, maximum=50),),
    )
    messages = {"en": {"add": "{seat} adds {n}"}, "ru": {"add": "{seat} прибавляет {n}"}}

    def flow(self) -> Flow:
        return Flow(
            start="draw",
            phases=(
                Phase("draw", cycle=False, next="play", new_round=True, begin=self.begin_draw),
                Phase(
                    "play",
                    order=lambda state: list(reversed(range(kernel.seats(state)))),
                    skip=lambda state, seat: state["tally"][seat] < 0,
                    moves_per_turn=None,
                    next="draw",
                    end=self.end_play,
                ),
            ),
            steps={"bump": self.step_bump, "choose": self.step_choose},
            decisions={"way": self.decide_way},
        )

    def setup(self, state: State, setup: Any) -> None:
        state["tally"] = [0] * setup.players
        state["history"] = []
        state["one_way"] = False

    def begin_draw(self, state: State, log: Any) -> None:
        state["history"].append(["draw", kernel.round_number(state)])

    def end_play(self, state: State, log: Any) -> None:
        state["history"].append(["end play", kernel.round_number(state)])

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        if kernel.phase(state) == "draw":
            return [{"type": "draw"}]
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}, {"type": "boost"}, {"type": "pass"}]

    def apply(self, state: State, action: dict[str, Any], log: Any) -> None:
        seat = kernel.active(state)
        kind = action["type"]
        if kind == "draw":
            state["history"].append(["drew", seat])
        elif kind == "add":
            self.add(state, seat, action["n"], log)
            kernel.end_turn(state)
        elif kind == "boost":
            kernel.queue_steps(state, [("bump", {"seat": seat}), ("choose", {"seat": seat}), ("bump", {"seat": seat})])
            kernel.end_turn(state)
        else:
            kernel.pass_turn(state)

    def add(self, state: State, seat: int, n: int, log: Any) -> None:
        state["tally"][seat] += n
        log.emit("add", seat=seat, n=n)
        if state["tally"][seat] >= 5:
            kernel.finish(state, winners=[seat], reason="five")

    def step_bump(self, state: State, data: dict[str, Any], log: Any) -> None:
        state["history"].append(["bump", data["seat"]])
        self.add(state, data["seat"], 1, log)

    def step_choose(self, state: State, data: dict[str, Any], log: Any) -> None:
        ways = [{"type": "way", "n": 0}] if state["one_way"] else [{"type": "way", "n": 0}, {"type": "way", "n": -1}]
        kernel.ask(state, data["seat"], "way", ways, auto=True)

    def decide_way(self, state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
        state["history"].append(["way", choice["n"]])
        state["tally"][decision["seat"]] += choice["n"]

    def explain_illegal(self, state: State, action: dict[str, Any]) -> str | None:
        return None

    def scores(self, state: State) -> list[float]:
        return [float(t) for t in state["tally"]]

    def board(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"items": [{"shape": "text", "at": [0, 20 * s], "text": str(t)} for s, t in enumerate(state["tally"])]}


@pytest.fixture
def engine() -> Engine:
    return Engine(Tally())


def test_the_first_phase_begins_after_set_up(engine):
    state = engine.new_game(3)
    assert kernel.phase(state) == "draw" and kernel.active(state) == 0 and kernel.round_number(state) == 1
    assert state["history"] == [["draw", 1]], "the first phase's begin runs once, in round 1"


def test_a_once_through_phase_gives_each_seat_one_turn_then_the_next_phase(engine):
    state = engine.new_game(3)
    movers = []
    for _ in range(3):
        movers.append(kernel.active(state))
        engine.apply(state, {"type": "draw"})
    assert movers == [0, 1, 2]
    assert kernel.phase(state) == "play" and kernel.order(state) == [2, 1, 0] and kernel.active(state) == 2


def test_passing_seats_are_skipped_and_the_phase_ends_when_all_passed(engine):
    state = engine.new_game(3)
    for _ in range(3):
        engine.apply(state, {"type": "draw"})
    engine.apply(state, {"type": "pass"})  # seat 3
    engine.apply(state, {"type": "add", "n": 1})  # seat 2
    assert kernel.active(state) == 0 and kernel.has_passed(state, 2)
    assert kernel.others_to_act(state, 0)
    engine.apply(state, {"type": "pass"})  # seat 1
    assert kernel.active(state) == 1, "seat 3 passed, so seat 2 plays again"
    assert not kernel.others_to_act(state, 1) and kernel.others_to_act(state, 0)
    gone = kernel.clone(state)
    kernel.eliminate(gone, 1)
    assert not kernel.others_to_act(gone, 0), "a seat out of the game acts no more"
    engine.apply(state, {"type": "pass"})  # seat 2: everyone passed
    assert kernel.phase(state) == "draw" and kernel.round_number(state) == 2 and kernel.active(state) == 0
    assert state["history"][-2:] == [["end play", 1], ["draw", 2]]
    assert kernel.passed(state) == [], "a new phase forgets who passed"


def test_a_seat_the_phase_skips_gets_no_turn(engine):
    state = engine.new_game(3)
    state["tally"][1] = -1
    for _ in range(3):
        engine.apply(state, {"type": "draw"})
    engine.apply(state, {"type": "add", "n": 1})  # seat 3
    assert kernel.active(state) == 0, "seat 2 is skipped"


def test_an_eliminated_seat_never_moves_again(engine):
    state = engine.new_game(3)
    kernel.eliminate(state, 1)
    movers = []
    for _ in range(2):
        movers.append(kernel.active(state))
        engine.apply(state, {"type": "draw"})
    assert movers == [0, 2] and kernel.phase(state) == "play"


def test_queued_steps_run_in_order_and_stop_at_a_decision(engine):
    state = engine.new_game(2)
    for _ in range(2):
        engine.apply(state, {"type": "draw"})
    engine.apply(state, {"type": "boost"})  # seat 2
    assert state["history"][-1] == ["bump", 1]
    assert kernel.to_move(state) == 1 and kernel.pending(state)["kind"] == "way"
    assert kernel.steps(state) == [{"kind": "bump", "data": {"seat": 1}}], "the rest waits for the decision"
    assert kernel.active(state) == 1, "the turn ends only once the effect is resolved"
    engine.apply(state, {"type": "way", "n": -1})
    assert state["history"][-2:] == [["way", -1], ["bump", 1]]
    assert state["tally"][1] == 1 and kernel.steps(state) == []
    assert kernel.active(state) == 0, "then the turn passes"


def test_idle_means_nothing_queued_open_or_over(engine):
    state = engine.new_game(2)
    assert kernel.idle(state)
    kernel.queue_step(state, "bump", seat=0)
    assert not kernel.idle(state)
    kernel.clear_steps(state)
    kernel.ask(state, 1, "way", [{"type": "way", "n": 0}])
    assert not kernel.idle(state)
    other = engine.new_game(2)
    kernel.finish(other, winners=[0])
    assert not kernel.idle(other)


def test_a_decision_with_one_choice_resolves_itself_when_the_game_says_so(engine):
    state = engine.new_game(2)
    state["one_way"] = True
    for _ in range(2):
        engine.apply(state, {"type": "draw"})
    engine.apply(state, {"type": "boost"})
    assert kernel.pending(state) is None
    assert state["history"][-3:] == [["bump", 1], ["way", 0], ["bump", 1]]
    assert kernel.ply(state) == 3, "the automatic choice is no action of its own"


def test_the_round_cap_ends_the_game_with_the_leaders(engine):
    state = engine.new_game(2, {"round_cap": 2})
    for _ in range(2):
        engine.apply(state, {"type": "draw"})
    engine.apply(state, {"type": "add", "n": 2})  # seat 2
    for _ in range(2):
        engine.apply(state, {"type": "pass"})
    assert kernel.round_number(state) == 2
    for _ in range(2):
        engine.apply(state, {"type": "draw"})
    for _ in range(2):
        engine.apply(state, {"type": "pass"})
    assert kernel.is_over(state) and kernel.outcome(state)["capped"] and kernel.outcome(state)["winners"] == [1]


def test_an_action_equal_in_python_but_of_another_type_is_refused(engine):
    state = engine.new_game(2)
    for _ in range(2):
        engine.apply(state, {"type": "draw"})
    before = kernel.state_hash(state)
    for bad, reason in (
        ({"type": "add", "n": 1.0}, "n must be a whole number, not a number with a fraction"),
        ({"type": "add", "n": True}, "n must be a whole number, not true or false"),
        ({"type": "add", "n": 1, "extra": 0}, "add has no field extra"),
        ({"type": "add"}, "add needs the field n"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            engine.apply(state, bad)
    assert kernel.state_hash(state) == before


def test_the_applied_action_is_the_legal_one_not_the_received_object(engine):
    state = engine.new_game(2)
    offered = list(engine.legal_actions(state))
    received = {"type": "draw"}
    applied = engine.apply(state, received)
    assert applied == received and applied is not received
    assert any(applied is action for action in offered)


def test_the_toy_flow_game_conforms():
    check_game(Tally(), players=3)


def test_a_flow_names_its_start_among_its_phases():
    with pytest.raises(ValueError, match="start phase"):
        Flow(start="nowhere", phases=(Phase("here"),))
    with pytest.raises(ValueError, match="repeat"):
        Flow(start="a", phases=(Phase("a"), Phase("a")))


def test_a_flow_that_never_settles_is_reported():
    class Loop(Tally):
        def flow(self) -> Flow:
            return Flow(start="a", phases=(Phase("a", next="a", end_if=lambda state: True),))

    with pytest.raises(RuntimeError, match="does not settle"):
        Engine(Loop()).new_game(2)


def test_the_flow_check_lets_steps_wait_behind_a_decision():
    """An effect's later steps wait while its decision is open; the conformance check allows that."""
    from boardwright.framework.conformance import check_flow

    class Waiting(Game):
        spec = GameSpec(id="waiting", version="1", title_en="Waiting", title_ru="Ожидание", players=(2,))

        def flow(self) -> Flow:
            steps = {"ask": self.step_ask, "count": self.step_count}
            return Flow(start="play", phases=(Phase("play"),), steps=steps, decisions={"way": self.decide})

        def setup(self, state: State, setup: Any) -> None:
            state["count"] = 0

        def legal_actions(self, state: State) -> list[dict[str, Any]]:
            return [{"type": "go"}]

        def apply(self, state: State, action: dict[str, Any], log: Any) -> None:
            kernel.queue_steps(state, [("ask", {}), ("count", {})])

        def step_ask(self, state: State, data: dict[str, Any], log: Any) -> None:
            kernel.ask(state, kernel.active(state), "way", [{"type": "way", "n": 1}, {"type": "way", "n": 2}])

        def decide(self, state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
            state["count"] += choice["n"]

        def step_count(self, state: State, data: dict[str, Any], log: Any) -> None:
            if state["count"] >= 10:
                kernel.finish(state, [])

    engine = Engine(Waiting())
    state = engine.new_game(2)
    engine.apply(state, {"type": "go"})
    assert kernel.pending(state) is not None and kernel.steps(state), "the position the check must accept"
    check_flow(engine, 2)
