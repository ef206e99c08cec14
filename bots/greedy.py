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
    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)
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
        apply = self.engine.apply_unchecked
        game = self.engine.game
        heuristic = game.heuristic
        reads = self.reads
        seat = turn.seat
        sampled = _sample(turn, self.rng.getrandbits(63))
        told = game.heuristic_after(sampled, seat, legal) if self.tells else None
        seats = kernel.seats(sampled)
        copy: Callable[[], State] | None = None  # the snapshot, once an action must be applied
        read = reads(sampled) if reads is not None else ()
        before: float | None = None  # the sampled state's heuristic, once an action leaves it as it was
        best: list[dict[str, Any]] = []
        best_value = -1.0
        for index, action in enumerate(legal):
            if told is not None and (h := told[index]) is not None:
                value = _value(h)
            else:
                if copy is None:
                    copy = copier(sampled)
                after = copy()
                apply(after, action)
                if kernel.is_over(after):
                    value = terminal_values(after, seats)[seat] * 2 - 0.5  # a win above, a loss below any heuristic
                elif reads is not None and not any(map(ne, reads(after), read)):
                    if before is None:
                        before = _value(heuristic(sampled, seat))
                    value = before
                else:
                    value = _value(heuristic(after, seat))
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def _value(h: float | None) -> float:
    """As `evaluation.heuristic_value`, from the heuristic's answer: this loop is most of a greedy balance run."""
    return 0.5 if h is None else 0.5 + 0.5 * max(-1.0, min(1.0, float(h)))


def make_greedy(engine: Engine, seat: int, seed: int, level: str = "normal") -> GreedyBot:
    return GreedyBot(engine, seat, seed)
