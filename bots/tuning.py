"""Fitting a game's heuristic weights to the outcomes of played games.

A game's heuristic (`Game.heuristic`) reads its weights from a table of numbers
(`Game.heuristic_table`, a section of the game's `data/game.toml`). Every position of a
set of recorded games is judged by the heuristic for every seat, and the judgement read as
that seat's chance to win ((h + 1) / 2); the log loss against how the game really ended
(1 a win, 0.5 a draw, 0 a loss) says how well the table judges positions. `fit` moves one
weight at a time by a factor (a pattern search: no gradient, since a heuristic is any
code) while the loss falls, and returns the table it found; the games' own table is left as
it was. `benchmarks/fit_heuristic.py` plays the games, fits on half of them and checks the
other half.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.engine import Engine
from boardwright.framework.replay import Record

from .evaluation import terminal_values

State = dict[str, Any]
Position = tuple[State, list[float]]  # a state and every seat's result in the game it came from

CLIP = 1e-3  # a judgement of a sure win or loss counts as this far from it


def positions(engine: Engine, records: list[Record], every: int = 1) -> list[Position]:
    """Every `every`-th running position of each recorded game, with its seats' results."""
    found: list[Position] = []
    for record in records:
        if not record.outcome:
            continue
        seats = record.players
        results = terminal_values({"k": {"outcome": record.outcome}}, seats)
        for index, state in enumerate(_states(engine, record)):
            if index % every == 0 and not kernel.is_over(state):
                found.append((kernel.clone(state), results))
    return found


def _states(engine: Engine, record: Record) -> Iterator[State]:
    state = engine.new_game(record.players, record.options, record.seed, record.scenario)
    yield state
    for action in record.actions:
        engine.apply_unchecked(state, action)
        yield state


def log_loss(engine: Engine, found: list[Position]) -> float:
    """The mean log loss of the heuristic's judgements (with the table as it is now)."""
    heuristic = engine.game.heuristic
    total = 0.0
    count = 0
    for state, results in found:
        for seat, result in enumerate(results):
            h = heuristic(state, seat)
            chance = 0.5 if h is None else min(1 - CLIP, max(CLIP, (float(h) + 1) / 2))
            total -= result * math.log(chance) + (1 - result) * math.log(1 - chance)
            count += 1
    return total / count if count else 0.0


def weights(table: dict[str, Any]) -> list[str]:
    """The keys of the table that hold numbers (flags and texts are not weights)."""
    return [key for key, value in table.items() if type(value) in (int, float)]


@contextlib.contextmanager
def table_as(engine: Engine, values: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The game's heuristic table with `values` in it for the `with` block, then as it was."""
    table = engine.game.heuristic_table
    if table is None:
        raise ValueError(f"{engine.spec.id}: the game names no heuristic table (Game.heuristic_table)")
    original = dict(table)
    table.update(values)
    try:
        yield table
    finally:
        table.clear()
        table.update(original)


def fit(
    engine: Engine, found: list[Position], rounds: int = 8, factor: float = 1.5
) -> tuple[dict[str, Any], list[float]]:
    """A table with a lower log loss on `found`, and the loss after each round (the first:
    the table as it was), by `pattern_search` over the table's numbers. The game's own table
    is restored before this returns."""
    with table_as(engine, {}) as table:

        def loss(values: dict[str, Any]) -> float:
            table.update(values)
            return log_loss(engine, found)

        return pattern_search(dict(table), weights(table), loss, rounds, factor)


def pattern_search(
    start: dict[str, Any],
    keys: list[str],
    loss: Callable[[dict[str, Any]], float],
    rounds: int = 8,
    factor: float = 1.5,
) -> tuple[dict[str, Any], list[float]]:
    """The values of `start` with a lower `loss`, moved one of `keys` at a time, and the loss
    after each round (the first: `start`'s). Each round tries every key's value times and
    divided by the factor, and its sign turned for a value that is not zero; a value at zero is
    tried at a tenth of the mean size of the others. The factor halves towards 1 after a round
    that changed nothing."""
    table = dict(start)
    best = loss(table)
    history = [best]
    for _ in range(rounds):
        improved = False
        for key in keys:
            value = table[key]
            scale = sum(abs(table[k]) for k in keys) / max(1, len(keys))
            trials = [value * factor, value / factor, -value] if value else [scale / 10, -scale / 10]
            for trial in trials:
                table[key] = float(trial)
                found = loss(table)
                if found < best - 1e-9:
                    best, value, improved = found, table[key], True
            table[key] = value
        history.append(best)
        if not improved:
            factor = 1 + (factor - 1) / 2
            if factor < 1.01:
                break
    return table, history
