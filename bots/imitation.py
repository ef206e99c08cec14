"""Fitting a game's heuristic weights to a search's choices, not only to how games ended.

`tuning.fit` reads each recorded position as each seat's chance to win; a heuristic that
predicts outcomes well may still rank a position's actions unlike a player who looks deeper.
Here every decision of the recorded games is read as a choice among its legal actions: the
state after each action is valued as greedy values it (a win 1.5, a loss -0.5, else the
heuristic in [0, 1]) and the chances of the actions are a softmax of `sharpness` times those
values (a conditional logit). The table's numbers and the sharpness that give the action the
recorded player chose the highest chance (the lowest mean log loss) are kept, by the same
pattern search as `tuning.fit`: no gradient, since a heuristic is any code.

A bot that plays by the fitted table ranks its actions as the recorded player did as far as
the heuristic's terms can tell them apart, at greedy's cost: one heuristic a legal action.
The states are the recorded games' own, hidden cards and all, where the player chose from
its view of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.engine import Engine
from boardwright.framework.replay import Record

from . import tuning
from .evaluation import action_key, copier, terminal_values

State = dict[str, Any]
After = State | float  # the state an action made, or its value when it ended the game


class Decision:
    """One recorded choice: the seat that made it, the state after each legal action (a
    finished game's value in its place) and the index of the action chosen."""

    __slots__ = ("afters", "chosen", "seat")

    def __init__(self, seat: int, afters: list[After], chosen: int) -> None:
        self.seat = seat
        self.afters = afters
        self.chosen = chosen


def decisions(engine: Engine, records: list[Record], every: int = 1) -> list[Decision]:
    """Every `every`-th decision of each recorded game among more than one legal action."""
    found: list[Decision] = []
    count = 0
    for record in records:
        for state, action in _moves(engine, record):
            legal = engine.legal_actions(state)
            if len(legal) < 2:
                continue
            count += 1
            if count % every:
                continue
            keys = [action_key(each) for each in legal]
            chosen = keys.index(action_key(action)) if action_key(action) in keys else -1
            if chosen >= 0:
                seat = kernel.to_move(state)
                found.append(Decision(seat, _afters(engine, state, seat, legal), chosen))
    return found


def _moves(engine: Engine, record: Record) -> Iterator[tuple[State, dict[str, Any]]]:
    """Each running position of a recorded game with the action played in it."""
    state = engine.new_game(record.players, record.options, record.seed, record.scenario)
    for action in record.actions:
        if kernel.is_over(state):
            return
        yield state, action
        engine.apply_unchecked(state, action)


def _afters(engine: Engine, state: State, seat: int, legal: list[dict[str, Any]]) -> list[After]:
    copy = copier(state)
    seats = kernel.seats(state)
    afters: list[After] = []
    for action in legal:
        after = copy()
        engine.apply_unchecked(after, action)
        afters.append(terminal_values(after, seats)[seat] * 2 - 0.5 if kernel.is_over(after) else after)
    return afters


def choice_loss(engine: Engine, found: list[Decision], table: dict[str, Any], sharpness: float) -> tuple[float, float]:
    """The mean log loss of the recorded choices under the softmax of `sharpness` times each
    action's value judged with `table`, and the share of decisions where the chosen action is
    valued best (a tie of k best counts 1/k)."""
    heuristic: Callable[..., float | None] = partial(engine.game.heuristic, weights=table)
    loss = agreed = 0.0
    for decision in found:
        seat = decision.seat
        values = [after if type(after) is float else _value(heuristic(after, seat)) for after in decision.afters]
        top = max(values)
        total = sum(math.exp(sharpness * (value - top)) for value in values)
        loss -= sharpness * (values[decision.chosen] - top) - math.log(total)
        if values[decision.chosen] == top:
            agreed += 1 / values.count(top)
    count = max(1, len(found))
    return loss / count, agreed / count


def _value(h: float | None) -> float:
    return 0.5 if h is None else 0.5 + 0.5 * max(-1.0, min(1.0, float(h)))


SHARPNESS = "sharpness"  # the softmax's scale, fitted beside the table's numbers


def fit_choices(
    engine: Engine, found: list[Decision], start: dict[str, Any], rounds: int = 8
) -> tuple[dict[str, Any], float, list[float]]:
    """A table (from `start`, a whole heuristic table) that ranks the recorded choices better,
    the sharpness fitted with it, and the loss after each round (the first: `start` as it was,
    at the best sharpness for it)."""
    sharpness = max((2.0**power for power in range(12)), key=lambda s: -choice_loss(engine, found, start, s)[0])
    trial = {**start, SHARPNESS: sharpness}

    def loss(values: dict[str, Any]) -> float:
        table = {key: value for key, value in values.items() if key != SHARPNESS}
        return choice_loss(engine, found, table, values[SHARPNESS])[0]

    fitted, history = tuning.pattern_search(trial, [*tuning.weights(start), SHARPNESS], loss, rounds)
    sharpness = fitted.pop(SHARPNESS)
    return fitted, sharpness, history
