"""The flow: phases, turns, rounds and queued steps, run by the kernel for every game.

A game declares its flow as data and small functions (in the spirit of boardgame.io's
phases and turns)::

    flow = Flow(
        start="play",
        phases=(Phase("play", order=turns.seat_order, moves_per_turn=1),),
    )

The kernel runs it. After every action it *settles* the state, in this order, until a
seat must decide or the game is over:

1. an open decision with one choice that the game marked ``auto`` is taken at once;
   any other open decision stops the run (the seat that owes it is to move);
2. queued steps (`kernel.queue_step`) run one by one through `Flow.steps` handlers;
   a step may queue more steps or ask a decision;
3. the phase ends when the game asked for it (`kernel.end_phase`), when its `end_if`
   holds, or when no seat of its order is left to act; the next phase begins;
4. the turn ends when the game asked for it (`kernel.end_turn`, `kernel.pass_turn`) or
   after `moves_per_turn` actions; the next seat of the order that has not passed, is
   not out and is not skipped takes its turn.

The active seat, the phase, the stage, the round and who has passed live in the kernel's
part of the state; games read them through `kernel` and never keep copies.

Moves (moves.py) are found the way boardgame.io's `GetMove` finds them: in the stage the
seat to move is at, then in the phase, then among the flow's own `moves` (for every
phase). The first that lists any moves is the whole list: a stage with moves of its own
offers only those.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import kernel
from .moves import Move, by_type

State = dict[str, Any]
Action = dict[str, Any]
Log = Any
Hook = Callable[[State, Log], None]
StepHandler = Callable[[State, dict[str, Any], Log], None]
DecisionHandler = Callable[[State, dict[str, Any], Action, Log], None]

# a flow that needs more settling passes than this for one action is a rules bug (a loop)
SETTLE_LIMIT = 100_000


class Rules(Protocol):
    """What the runner asks of a game: its id (for errors), and the `step_<kind>` and
    `resume_<kind>` methods a game may have beside its flow's tables."""

    spec: Any


def seat_order(state: State) -> list[int]:
    """Every seat, from seat 1: the default turn order."""
    return list(range(kernel.seats(state)))


@dataclass(frozen=True)
class Stage:
    """A step of a turn (boardgame.io's stages): the seat to move is at one stage at a time
    and may make that stage's moves only. Each turn of a phase with stages begins at its
    first stage; a move's effect goes on to another with `kernel.set_stage`."""

    name: str
    moves: tuple[Move, ...] = ()
    generate: Callable[[State, int], list[Action]] | None = None  # as `Phase.generate`


@dataclass(frozen=True)
class Phase:
    """One phase of a game.

    - ``order(state)``: the seats in turn order, computed when the phase begins (default:
      seat order); `kernel.set_order` replaces it while the phase runs.
    - ``cycle``: after the last seat the first comes again (True), or the phase ends once
      every seat had its turn (False, a draft round, a set-up step).
    - ``skip(state, seat)``: seats with nothing to do now are passed over (checked live).
    - ``begin`` / ``end`` (state, log): when the phase starts and ends; ``begin`` may queue
      steps, ask decisions, end the phase at once or finish the game.
    - ``turn_begin`` / ``turn_end`` (state, log): around each seat's turn.
    - ``end_if(state)``: the phase ends as soon as this holds.
    - ``moves_per_turn``: the turn ends after this many actions of the active seat;
      None: the game ends turns itself (`kernel.end_turn`, `kernel.pass_turn`).
    - ``next``: the phase that follows (a name, or a function of the state); None: the game
      must finish before this phase ends.
    - ``new_round``: entering this phase after the first starts a new round (the round
      cap is checked there).
    - ``moves``: what the seat to move may do in this phase (moves.py).
    - ``stages``: the steps of each turn, each with its own moves; a turn begins at the first.
    - ``generate(state, seat)``: the legal actions of all the phase's moves at once, in the
      game's own order, where speed needs one hand-written list; `conformance.check_moves`
      holds it to the moves' own (their predicates). None: each move's in the listed order.
    """

    name: str
    order: Callable[[State], list[int]] = seat_order
    cycle: bool = True
    skip: Callable[[State, int], bool] | None = None
    begin: Hook | None = None
    end: Hook | None = None
    turn_begin: Hook | None = None
    turn_end: Hook | None = None
    end_if: Callable[[State], bool] | None = None
    moves_per_turn: int | None = 1
    next: str | Callable[[State], str] | None = None
    new_round: bool = False
    moves: tuple[Move, ...] = ()
    stages: tuple[Stage, ...] = ()
    generate: Callable[[State, int], list[Action]] | None = None


@dataclass(frozen=True)
class Flow:
    """A game's phases, its step handlers and its decision handlers.

    ``steps`` maps a step kind to ``handler(state, data, log)``; ``decisions`` maps a
    decision kind (`kernel.ask`) to ``handler(state, decision, choice, log)``; ``moves``
    are the moves of every phase that lists none of its own.
    """

    phases: tuple[Phase, ...]
    start: str
    steps: Mapping[str, StepHandler] = field(default_factory=dict)
    decisions: Mapping[str, DecisionHandler] = field(default_factory=dict)
    moves: tuple[Move, ...] = ()
    has_moves: bool = field(init=False, default=False)  # any phase or stage lists moves
    _moves: dict[Any, tuple[tuple[Move, ...], dict[str, Move]]] = field(init=False, repr=False, compare=False)
    _staged: bool = field(init=False, repr=False, compare=False)
    _legal: dict[Any, Callable[[State, int], list[Action]]] = field(init=False, repr=False, compare=False)
    _effects: dict[Any, dict[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = [phase.name for phase in self.phases]
        if len(set(names)) != len(names):
            raise ValueError(f"phase names repeat: {names}")
        if self.start not in names:
            raise ValueError(f"the start phase {self.start!r} is not among the phases {names}")
        object.__setattr__(self, "_by_name", {phase.name: phase for phase in self.phases})
        # (phase, stage) -> (the moves in their order, by type); stage None: the phase's own
        table: dict[tuple[str, str | None], tuple[tuple[Move, ...], dict[str, Move]]] = {}
        for phase in self.phases:
            listed = phase.moves or self.moves
            table[phase.name, None] = (listed, by_type(listed))
            for stage in phase.stages:
                own = stage.moves or listed
                table[phase.name, stage.name] = (own, by_type(own))
        object.__setattr__(self, "_moves", table)
        object.__setattr__(self, "has_moves", any(listed for listed, _ in table.values()))
        # what `legal_now` and `apply_now` look up at every action, made once: a flow without
        # stages looks them up by the phase alone
        staged = any(phase.stages for phase in self.phases)
        generators: dict[tuple[str, str | None], Callable[[State, int], list[Action]] | None]
        generators = {(phase.name, None): phase.generate for phase in self.phases}
        generators.update(
            {
                # a stage with moves of its own has its own list, or none
                (phase.name, stage.name): stage.generate if stage.moves else stage.generate or phase.generate
                for phase in self.phases
                for stage in phase.stages
            }
        )
        object.__setattr__(self, "_generators", generators)
        legal = {key: generators[key] or _lister(listed) for key, (listed, _) in table.items()}
        effects = {key: {kind: move.effect for kind, move in moves.items()} for key, (_, moves) in table.items()}
        object.__setattr__(self, "_staged", staged)
        object.__setattr__(self, "_legal", legal if staged else {key[0]: f for key, f in legal.items()})
        object.__setattr__(self, "_effects", effects if staged else {key[0]: e for key, e in effects.items()})

    def phase(self, name: str) -> Phase:
        try:
            return self._by_name[name]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"no phase {name!r} in this flow") from None

    def moves_now(self, state: State) -> tuple[tuple[Move, ...], dict[str, Move]]:
        """The moves of the seat to move, in their order and by type: its stage's, else the
        phase's, else the flow's."""
        k = state["k"]
        key = (k["phase"], k.get("stage"))
        try:
            return self._moves[key]
        except KeyError:
            raise KeyError(f"no stage {key[1]!r} in phase {key[0]!r}") from None

    def generator_now(self, state: State) -> Callable[[State, int], list[Action]] | None:
        """The hand-written list of every move's legal actions at once, in the stage or phase
        now, if the game has one (`Phase.generate`)."""
        k = state["k"]
        generators: dict[Any, Callable[[State, int], list[Action]] | None] = self._generators  # type: ignore[attr-defined]
        return generators[k["phase"], k.get("stage")]

    def legal_now(self, state: State) -> list[Action]:
        """The legal actions of the seat to move, from the moves now (`Game.legal_actions`)."""
        k = state["k"]
        key = (k["phase"], k.get("stage")) if self._staged else k["phase"]
        return self._legal[key](state, k["active"])

    def apply_now(self, state: State, action: Action, log: Log) -> None:
        """Carry out a legal action: its move's effect (`Game.apply`)."""
        k = state["k"]
        key = (k["phase"], k.get("stage")) if self._staged else k["phase"]
        self._effects[key][action["type"]](state, action, log)

    def all_moves(self) -> list[Move]:
        """Every move the flow names, each once, in the order first named."""
        seen: dict[int, Move] = {}
        for listed, _ in self._moves.values():
            for move in listed:
                seen.setdefault(id(move), move)
        return list(seen.values())


def _lister(listed: tuple[Move, ...]) -> Callable[[State, int], list[Action]]:
    """The legal actions of a list of moves for a seat: one move's own list as it is (a
    generator's cached list stays shared), several moves' one after another; free moves
    (`who="any"`) are the seats' free actions, not these."""
    active = tuple(move for move in listed if move.who == "active")
    if len(active) == 1:
        only = active[0]
        return only.generate if only.generate is not None else only.derived

    def legal(state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        for move in active:
            out += move.legal(state, seat)
        return out

    return legal


# An empty flow for games that drive turns themselves (`kernel.set_active`): steps and
# one-choice decisions still run.
NO_FLOW = Flow(phases=(Phase("", moves_per_turn=None),), start="")


class Runner:
    """Runs one game's flow over its states (the engine holds one per game)."""

    def __init__(self, game: Rules, flow: Flow | None) -> None:
        self.game = game
        self.flow = flow or NO_FLOW
        self.driven = flow is not None
        self._phases = {phase.name: phase for phase in self.flow.phases}
        # phases whose turns are one action each, passing round the order with no hook, skip
        # or end condition (the engine hands such turns on itself, cheaply)
        self.one_action_turns: frozenset[str] = frozenset(
            phase.name
            for phase in self.flow.phases
            if phase.cycle
            and phase.moves_per_turn == 1
            and phase.skip is None
            and phase.turn_begin is None
            and phase.turn_end is None
            and phase.end_if is None
            and not phase.stages  # each turn begins at the first stage: the flow begins it
            and self.driven
        )

    # --- entry points ---

    def start(self, state: State, log: Log) -> None:
        """Enter the first phase after the game's own set-up, then settle."""
        if self.driven:
            self._enter(state, self.flow.start, log, first=True)
        self.settle(state, log)

    def settle(self, state: State, log: Log) -> None:
        """Run automatic decisions, queued steps, turn and phase ends until a seat must decide;
        then, when nothing else is under way in a plain phase, let the engine hand on turns."""
        self._settle(state, log)
        if self.one_action_turns:
            k = state["k"]
            busy = k["over"] or k["pending"] or k["steps"] or k["ending"] or k["out"] or k["passed"]
            k["handon"] = None if busy or k["phase"] not in self.one_action_turns else k["after"]

    def _settle(self, state: State, log: Log) -> None:
        k = state["k"]
        phases = self._phases
        for _ in range(SETTLE_LIMIT):
            if k["over"]:
                return
            pending = k["pending"]
            if pending:
                top = pending[-1]
                if top.get("auto") and len(top["choices"]) == 1:
                    pending.pop()
                    self.resume(state, top, top["choices"][0], log)
                    continue
                return
            queue = k["steps"]
            if queue:
                self.run_step(state, queue.pop(0), log)
                continue
            if not self.driven:
                k["ending"] = None
                return
            # the flow: at most one change per pass, since each may start steps or decisions
            phase = phases[k["phase"]]
            ending = k["ending"]
            if ending == "phase" or (phase.end_if is not None and phase.end_if(state)):
                self._leave(state, phase, log)
            elif ending == "handover":
                self._next_turn(state, phase, log)
            elif ending == "turn" or (phase.moves_per_turn is not None and k["moves"] >= phase.moves_per_turn):
                if phase.turn_end is None:
                    self._next_turn(state, phase, log)
                    if phase.turn_begin is None and phase.end_if is None and k["phase"] == phase.name:
                        # the usual case: nothing started, and the new seat may act (just checked)
                        if not (k["ending"] or k["steps"] or k["pending"] or k["over"]):
                            return
                else:
                    # the end of the turn resolves (its steps and decisions too) before the next turn
                    k["ending"] = "handover"
                    phase.turn_end(state, log)
            elif self._skipped(state, phase, k["active"]):
                self._next_turn(state, phase, log)
            else:
                return
        raise RuntimeError(f"{self.game.spec.id}: the flow does not settle (a loop of steps or phases)")

    def run_step(self, state: State, step: dict[str, Any], log: Log) -> None:
        handler = self.flow.steps.get(step["kind"])
        if handler is None:
            handler = getattr(self.game, "step_" + step["kind"], None)
        if handler is None:
            raise NotImplementedError(f"{self.game.spec.id} has no handler for step {step['kind']!r}")
        handler(state, step["data"], log)

    def resume(self, state: State, decision: dict[str, Any], choice: Action, log: Log) -> None:
        """Continue after `decision` was answered with `choice`: the flow's handler for its
        kind (`Flow.decisions`), else the game's method `resume_<kind>`."""
        kind = decision["kind"]
        handler = self.flow.decisions.get(kind)
        if handler is None:
            handler = getattr(self.game, "resume_" + kind, None)
        if handler is None:
            raise NotImplementedError(f"{self.game.spec.id} has no handler for decision {kind!r}")
        handler(state, decision, choice, log)

    # --- phases and turns ---

    def _skipped(self, state: State, phase: Phase, seat: int) -> bool:
        k = state["k"]
        return seat in k["out"] or seat in k["passed"] or (phase.skip is not None and phase.skip(state, seat))

    def _next_turn(self, state: State, phase: Phase, log: Log) -> None:
        """Hand the turn to the next seat of the order that may act, or end the phase."""
        k = state["k"]
        order = k["order"]
        count = len(order)
        current = k["active"]
        start = order.index(current) + 1 if current in order else 0
        out, passed, skip = k["out"], k["passed"], phase.skip
        for index in range(start, start + count):
            if index >= count:
                if not phase.cycle:
                    break
                index -= count
            seat = order[index]
            if seat in out or seat in passed or (skip is not None and skip(state, seat)):
                continue  # the same test as `_skipped`, kept inline for playouts
            self._begin_turn(state, phase, seat, log)
            return
        self._leave(state, phase, log)

    def _begin_turn(self, state: State, phase: Phase, seat: int, log: Log) -> None:
        k = state["k"]
        k["active"] = seat
        k["moves"] = 0
        k["ending"] = None
        if phase.stages:
            k["stage"] = phase.stages[0].name
        if phase.turn_begin is not None:
            phase.turn_begin(state, log)

    def _leave(self, state: State, phase: Phase, log: Log) -> None:
        k = state["k"]
        chosen = k["next_phase"]
        k["ending"] = None
        k["next_phase"] = None
        if phase.end is not None:
            phase.end(state, log)
            if k["over"]:
                return
        following = chosen or (phase.next(state) if callable(phase.next) else phase.next)
        if following is None:
            if k["over"]:
                return
            raise RuntimeError(f"{self.game.spec.id}: phase {phase.name!r} ended with no next phase")
        self._enter(state, following, log)

    def _enter(self, state: State, name: str, log: Log, first: bool = False) -> None:
        k = state["k"]
        phase = self.flow.phase(name)
        if phase.new_round and not first and not kernel.next_round(state, self.game):
            return
        k["phase"] = name
        if "stage" in k:  # a game with stages: none until a turn of a phase with stages begins
            k["stage"] = None
        k["passed"] = []
        k["ending"] = None
        k["next_phase"] = None
        k["order"] = list(phase.order(state))
        k["after"] = kernel.successors(k["order"], k["seats"])
        k["moves"] = 0
        if phase.begin is not None:
            phase.begin(state, log)
            if k["over"] or k["ending"] == "phase" or k["phase"] != name:
                return
        for seat in k["order"]:
            if not self._skipped(state, phase, seat):
                self._begin_turn(state, phase, seat, log)
                return
        if not k["pending"] and not k["steps"]:
            # nobody acts in this phase: it ends at once (on the next settling pass)
            k["ending"] = "phase"
