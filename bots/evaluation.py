"""What search bots know and what a state is worth to each seat.

Bots see only `turn.view()`; `sample_state` turns that view into a full state with the
game's own `determinize`, so hidden cards are guessed, never read. Values are in [0, 1]
for every seat: 1 a win, 0 a loss, 0.5 a draw, and the game's heuristic (rescaled from
[-1, 1]) for a game that is still running.
"""

from __future__ import annotations

import inspect
import marshal
import pickle
from collections.abc import Callable
from functools import partial
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine
from boardwright.framework.game import Game

State = dict[str, Any]
Action = dict[str, Any]


def copies_views(game: Game) -> bool:
    """Whether a search may make its samples itself: the game keeps the default `determinize`
    (a copy of the view, reseeded, then `deal_hidden`), so one view can be copied many times
    from one snapshot."""
    return type(game).determinize is Game.determinize


def hides_nothing(game: Game) -> bool:
    """Whether every sample of a view is the view itself, reseeded: the default `determinize`
    and the default `deal_hidden` (a search may then prove results and reuse its tree)."""
    return copies_views(game) and type(game).deal_hidden is Game.deal_hidden


def takes_weights(game: Game) -> bool:
    """Whether the game's heuristic, and its `heuristic_after` where it tells one, take a
    table of weights as `weights=` (the bundled games' do): a bot may then judge with weights
    of its own while every other bot of the game judges with the game's."""

    def named(method: Callable[..., Any]) -> bool:
        try:
            return "weights" in inspect.signature(method).parameters
        except (TypeError, ValueError):
            return False

    tells = type(game).heuristic_after is not Game.heuristic_after
    return named(game.heuristic) and (not tells or named(game.heuristic_after))


def sample_state(turn: Turn, seed: int) -> State:
    """A full state consistent with what `turn.seat` may know; its chance rolls start from `seed`."""
    return turn.engine.game.determinize(turn.view(), turn.seat, seed)


COMPILE_AFTER = 100  # copies read back from a snapshot before a long search compiles a constructor


def copier(state: State, compile_after: int | None = None) -> Callable[[], State]:
    """A maker of fresh deep copies of `state`, equal to `kernel.clone(state)` in value, type and
    shared parts; for a bot that copies one state many times in one decision.

    The state is written once and each copy is read back from the snapshot: a bot that tries
    every legal action on one state pays half a clone per action. `marshal` reads plain data
    (dicts, lists, numbers, text) back about 1.6x faster than pickle and keeps shared lists
    shared as pickle does; a state that holds anything else falls back to pickle.

    With `compile_after`, once that many copies were made the rest are built by
    `kernel.constructor` (a search's hundreds of copies of one view): 2 to 3.6 times faster
    than `marshal.loads` for a mid-game view of the bundled games, after a compile worth
    about a hundred copies (benchmarks/RESULTS-bots.md)."""
    try:
        read = partial(marshal.loads, marshal.dumps(state))
    except ValueError:
        return partial(pickle.loads, pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    if compile_after is None:
        return read
    made = 0
    built: Callable[[], State] | None = None

    def copy() -> State:
        nonlocal made, built
        if built is not None:
            return built()
        made += 1
        if made >= compile_after:
            built = kernel.constructor(read()) or read  # from a copy: the snapshot, not `state` now
        return read()

    return copy


def sampler(game: Game, view: State, seat: int, compile_after: int | None = COMPILE_AFTER) -> Callable[[int], State]:
    """A maker of samples of one view, `determinize(view, seat, seed)` for each seed: where
    the game keeps the default `determinize` the view is copied from one snapshot (`copier`),
    reseeded and dealt into (`Game.deal_hidden`, skipped where it hides nothing); else the
    game's own `determinize` is asked each time."""
    if not copies_views(game):
        return partial(game.determinize, view, seat)
    copy = copier(view, compile_after)
    if hides_nothing(game):

        def reseeded(seed: int) -> State:
            state = copy()
            kernel.set_rng(state, seed)
            return state

        return reseeded
    deal = game.deal_hidden

    def dealt(seed: int) -> State:
        state = copy()
        kernel.set_rng(state, seed)
        deal(state, seat, seed)
        return state

    return dealt


def terminal_values(state: State, seats: int) -> list[float]:
    outcome = kernel.outcome(state)
    winners = outcome["winners"] if outcome else []
    if not winners:
        return [0.5] * seats
    return [1.0 if seat in winners else 0.0 for seat in range(seats)]


def heuristic_value(engine: Engine, state: State, seat: int) -> float:
    """The game's heuristic for a running game, rescaled to [0, 1]; 0.5 when it offers none."""
    h = engine.game.heuristic(state, seat)
    return 0.5 if h is None else 0.5 + 0.5 * max(-1.0, min(1.0, float(h)))


def state_values(engine: Engine, state: State, seats: int) -> list[float]:
    """Each seat's value of `state`: the outcome when over, else the heuristic."""
    if kernel.is_over(state):
        return terminal_values(state, seats)
    return [heuristic_value(engine, state, seat) for seat in range(seats)]


def action_key(action: Action) -> Any:
    """A hashable stand-in for an action dict, equal for equal actions: its items, with a
    list or map inside as a tuple (a Reliquium march names its units as a list of counts)."""
    items = tuple(action.items())
    try:
        hash(items)
    except TypeError:
        return _frozen(action)
    return items


def _frozen(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return (dict, tuple([(key, _frozen(item)) for key, item in value.items()]))
    if kind is list:  # no list in plain data begins with the type `dict`: a map's tuple is never a list's
        return tuple([_frozen(item) for item in value])
    return value
