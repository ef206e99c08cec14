"""`greedy`: looks one action ahead and takes the one the game's heuristic likes best.

Each legal action is applied to a copy of one sampled state (see `evaluation`); a win
beats everything, a loss is avoided, and the heuristic ranks the rest. Ties, and games
without a heuristic, are broken at random. A turn of several actions is judged one
action at a time.

The sampled state is written once per decision and each copy is read back from that
snapshot (`evaluation.copier`): the same copies as `kernel.clone` makes, at a third of
its price. A game whose heuristic reads only some top-level parts of the state may name
them in `heuristic_reads`: after an action that left all of them equal, the heuristic is
the sampled state's, so it is not asked again. A game that can tell the heuristic after an
action without applying it (`Game.heuristic_after`) spares the copy and the apply of that
action, and the snapshot itself when it tells every one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from operator import itemgetter, ne
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine
from boardwright.framework.game import Game

from .evaluation import copier, hides_nothing, sample_state, terminal_values

State = dict[str, Any]


def _sample(turn: Turn, seed: int) -> State:
    """`sample_state`. Where every sample is the view itself, reseeded (`hides_nothing`), the
    view is only reseeded: the copies are made from it anyway. A view with zones goes through
    `determinize`, which refuses a redacted zone that nothing deals."""
    view = turn.view()
    if not hides_nothing(turn.engine.game) or "zones" in view:
        return sample_state(turn, seed)
    sampled = dict(view)
    sampled["k"] = dict(view["k"])
    kernel.set_rng(sampled, seed)
    return sampled


class GreedyBot:
    def __init__(self, engine: Engine, seat: int, seed: int, weights: dict[str, Any] | None = None) -> None:
        """`weights`: a table of the heuristic's numbers to judge with, passed to a game whose
        heuristic takes one (`evaluation.takes_weights`); None: the game's own."""
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)
        self.weights = weights
        reads = sorted(engine.game.heuristic_reads)
        # the parts the heuristic reads, fetched from a state as one tuple (a key and itself
        # when there is one: itemgetter of one key gives the value alone)
        self.reads: Callable[[State], tuple[Any, ...]] | None = None
        if len(reads) > 1:
            self.reads = itemgetter(*reads)
        elif reads:
            self.reads = itemgetter(reads[0], reads[0])
        # the game tells the heuristic after some actions without their being applied
        self.tells = type(engine.game).heuristic_after is not Game.heuristic_after

    def choose(self, turn: Turn) -> dict[str, Any]:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        values = self.scores(turn)[1]
        best_value = max(values)
        best = [action for action, value in zip(legal, values, strict=True) if value == best_value]
        return best[self.rng.randrange(len(best))]

    def scores(self, turn: Turn, afters: list[State | None] | None = None) -> tuple[State, list[float]]:
        """The state sampled for this decision and each legal action's value in it (`judge`)."""
        sampled = _sample(turn, self.rng.getrandbits(63))
        return sampled, self.judge(sampled, turn.seat, turn.legal, afters)

    def judge(
        self, state: State, seat: int, actions: list[dict[str, Any]], afters: list[State | None] | None = None
    ) -> list[float]:
        """Each of `actions` (legal in `state`) valued for `seat` after it: 1.5 a win, -0.5 a
        loss, else the heuristic in [0, 1]. With `afters`, the state each action made is put
        there (None for an action whose heuristic the game told without applying it)."""
        apply = self.engine.apply_unchecked
        game = self.engine.game
        heuristic: Callable[[State, int], float | None] = game.heuristic
        weights = self.weights
        if weights is not None:
            heuristic = partial(game.heuristic, weights=weights)
        reads = self.reads
        told = None
        if self.tells:
            if weights is None:
                told = game.heuristic_after(state, seat, actions)
            else:
                told = game.heuristic_after(state, seat, actions, weights=weights)
        seats = kernel.seats(state)
        copy: Callable[[], State] | None = None  # the snapshot, once an action must be applied
        read = reads(state) if reads is not None else ()
        before: float | None = None  # the state's own heuristic, once an action leaves it as it was
        values: list[float] = []
        for index, action in enumerate(actions):
            if told is not None and (h := told[index]) is not None:
                value = _value(h)
                if afters is not None:
                    afters.append(None)
            else:
                if copy is None:
                    copy = copier(state)
                after = copy()
                apply(after, action)
                if afters is not None:
                    afters.append(after)
                if kernel.is_over(after):
                    value = terminal_values(after, seats)[seat] * 2 - 0.5  # a win above, a loss below any heuristic
                elif reads is not None and not any(map(ne, reads(after), read)):
                    if before is None:
                        before = _value(heuristic(state, seat))
                    value = before
                else:
                    value = _value(heuristic(after, seat))
            values.append(value)
        return values


def _value(h: float | None) -> float:
    """As `evaluation.heuristic_value`, from the heuristic's answer: this loop is most of a greedy balance run."""
    return 0.5 if h is None else 0.5 + 0.5 * max(-1.0, min(1.0, float(h)))


def make_greedy(engine: Engine, seat: int, seed: int, level: str = "normal") -> GreedyBot:
    return GreedyBot(engine, seat, seed)
