"""`learned`: greedy's look one action ahead with weights learned from games, and a second look
at its best few actions.

A game's heuristic is a weighted count of what it finds on the board; the weights a designer
wrote down (`Game.heuristic_table`, a section of its game.toml) are a guess at what wins. The
weights this bot plays with were fitted to how recorded games really ended (`bots.tuning`):
every position of the games is read as each seat's chance to win, and the weights that
predict the outcomes best (the lowest log loss) are kept. Where the heuristic squashes its
count with `tanh` (Book of War) that is logistic regression over the heuristic's terms; where
it clips, a clipped linear model of the same terms.

The weights ship as the game's data, `data/learned.json` beside its game.toml for the
standard game and `data/learned-short.json` for its short variant (the level `short`), and
are refitted by `boardwright learn GAME [--short]` (cli/learn.py). The weights are passed to
the heuristic as a parameter (`heuristic(state, seat, weights=...)`,
`evaluation.takes_weights`): the game's own table stays as it is, so greedy and search bots of
the same game, in any thread, judge with the game's numbers. A game without the file, without
a heuristic table, or whose heuristic takes no weights is played exactly as `greedy` plays it.

Each legal action is valued as greedy values it (every shortcut greedy takes,
`heuristic_after` and `heuristic_reads`, still holds). Then the best `GUARD_TOP` by that value
are looked at once more: every next action after each (the rival's replies, or the seat's own
next action where its turn goes on) is valued the same way, and the action whose worst reply
(best own follow-up) leaves the best value is played. A reply that wins at once therefore rules
an action out, and a win in one is played at once. The second look stops at a budget of
replies per decision (`GUARD_REPLIES` per legal action, plus `GUARD_EXTRA`), so a decision
costs at most about twice greedy's; where a single action's replies do not fit in it, the
best action by the first look is played.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine
from boardwright.framework.errors import FileFormatError
from boardwright.framework.game import Game

from . import evaluation, tuning
from .greedy import GreedyBot

WEIGHTS_FILE = "learned.json"  # the standard game's
SHORT_WEIGHTS_FILE = "learned-short.json"  # the short variant's (`Game.short_options`, `short_scenario`)

_LOADED: dict[tuple[type[Game], bool], dict[str, float] | None] = {}  # each game class's weights, read once


def weights_file(game: Game, short: bool = False) -> Traversable:
    """Where a game's learned weights live: `data/learned.json` in the game's package, the
    short variant's `data/learned-short.json`."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    return resources.files(package) / "data" / (SHORT_WEIGHTS_FILE if short else WEIGHTS_FILE)


def check_weights(game: Game, data: Any, where: str) -> dict[str, float]:
    """The weights a learned-weights file holds, each checked against the game's table;
    FileFormatError naming the file and the field for anything else."""
    table = game.heuristic_table
    if table is None:
        raise FileFormatError(f"{where}: {game.spec.id} names no heuristic table to put weights in")
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: not a JSON object")
    if data.get("game") != game.spec.id:
        raise FileFormatError(f"{where}: game: {data.get('game')!r}, not {game.spec.id!r}")
    weights = data.get("weights")
    if not isinstance(weights, dict) or not weights:
        raise FileFormatError(f"{where}: weights: an object of the table's numbers is needed")
    known = tuning.weights(table)
    checked: dict[str, float] = {}
    for key, value in weights.items():
        if key not in known:
            raise FileFormatError(f"{where}: weights.{key}: no such number in the table ({', '.join(known)})")
        if type(value) not in (int, float) or not math.isfinite(value):
            raise FileFormatError(f"{where}: weights.{key}: a finite number, not {value!r}")
        checked[key] = float(value)
    return checked


def load_weights(game: Game, short: bool = False) -> dict[str, float] | None:
    """The game's learned weights for its standard game or its short variant, or None when it
    ships none (it is then played as greedy). A game that ships no short variant's weights is
    played in it with the standard game's."""
    key = (type(game), short)
    if key not in _LOADED:
        found = _read(game, short) if short else None
        _LOADED[key] = found if found is not None else _read(game, False)
    return _LOADED[key]


def forget_weights() -> None:
    """Read the files again on the next `load_weights` (after a refit in this process)."""
    _LOADED.clear()


def _read(game: Game, short: bool) -> dict[str, float] | None:
    if game.heuristic_table is None:
        return None
    found = weights_file(game, short)
    if not found.is_file():
        return None
    try:
        data = json.loads(found.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise FileFormatError(f"{found}: not a JSON file of learned weights ({exc})") from None
    return check_weights(game, data, str(found))


def write_weights(path: Path, game: Game, weights: dict[str, Any], fitted_on: dict[str, Any]) -> Path:
    """Write a learned-weights file (only the table's numbers of `weights`), checked as a
    reader checks it; `fitted_on` says which games taught them."""
    data = {
        "game": game.spec.id,
        "weights": {key: float(weights[key]) for key in tuning.weights(weights)},
        "fitted_on": fitted_on,
    }
    check_weights(game, data, str(path))
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")
    return path


# The second look: at most this many of the best actions, and at most this many replies valued
# per legal action of the decision, plus GUARD_EXTRA in any decision (a column game's seven).
GUARD_TOP = 3
GUARD_REPLIES = 0.5
GUARD_EXTRA = 12


class LearnedBot:
    def __init__(self, engine: Engine, seat: int, seed: int, short: bool = False) -> None:
        self.engine = engine
        self.seat = seat
        game = engine.game
        learned = load_weights(game, short) if evaluation.takes_weights(game) else None
        # the whole table: the game's numbers, the learned ones over them
        self.weights = None if learned is None else {**(game.heuristic_table or {}), **learned}
        self.inner = GreedyBot(engine, seat, seed, self.weights)
        self.rng = self.inner.rng

    def choose(self, turn: Turn) -> dict[str, Any]:
        legal = turn.legal
        if self.weights is None or len(legal) == 1:
            return self.inner.choose(turn)
        afters: list[dict[str, Any] | None] = []
        sampled, values = self.inner.scores(turn, afters)
        return legal[self._guarded(turn, sampled, values, afters)]

    def _guarded(
        self, turn: Turn, sampled: dict[str, Any], values: list[float], afters: list[dict[str, Any] | None]
    ) -> int:
        """The index of the action to play: of the best few by value, the one whose worst next
        action leaves the best value (the seat's own best next action where its turn goes on),
        as far as a budget of next actions reaches; the best by value when that reaches none.
        A win is taken at once."""
        legal = turn.legal
        seat = turn.seat
        engine = self.engine
        order = list(range(len(legal)))
        self.rng.shuffle(order)  # ties at random
        order.sort(key=values.__getitem__, reverse=True)
        if values[order[0]] > 1.0:  # a win
            return order[0]
        budget = int(GUARD_REPLIES * len(legal)) + GUARD_EXTRA
        chosen, chosen_value = order[0], -2.0
        copy: Callable[[], dict[str, Any]] | None = None  # the sampled state's snapshot, once needed
        for index in order[:GUARD_TOP]:
            if values[index] < 0.0:  # a loss at once: so is every action after it
                break
            after = afters[index]
            if after is None:  # told without being applied
                if copy is None:
                    copy = evaluation.copier(sampled)
                after = copy()
                engine.apply_unchecked(after, legal[index])
            replies = engine.legal_actions(after)
            if not replies:  # over, or waiting on no seat's choice
                value = values[index]
            else:
                if len(replies) > budget:
                    if chosen_value < 0.0:  # none judged, or the one judged loses: this one is not known to
                        chosen = index
                    break
                budget -= len(replies)
                judged = self.inner.judge(after, seat, replies)
                value = max(judged) if kernel.to_move(after) == seat else min(judged)
            if value > chosen_value:
                chosen, chosen_value = index, value
        return chosen


LEVELS = ("normal", "short")  # the weights of the standard game, of the short variant


def make_learned(engine: Engine, seat: int, seed: int, level: str = "normal") -> LearnedBot:
    return LearnedBot(engine, seat, seed, short=level == "short")
