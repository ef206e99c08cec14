"""`learned`: greedy's look one action ahead, judging positions with weights learned from games.

A game's heuristic is a weighted count of what it finds on the board; the weights a designer
wrote down (`Game.heuristic_table`, a section of its game.toml) are a guess at what wins. The
weights this bot plays with were fitted to how recorded games really ended (`bots.tuning`):
every position of the games is read as each seat's chance to win, and the weights that
predict the outcomes best (the lowest log loss) are kept. Where the heuristic squashes its
count with `tanh` (Book of War) that is logistic regression over the heuristic's terms; where
it clips, a clipped linear model of the same terms.

The weights ship as the game's data, `data/learned.json` beside its game.toml, and are
refitted by `boardwright learn GAME` (cli/learn.py). A game without the file, or without a
heuristic table, is played exactly as `greedy` plays it.

Playing costs what greedy costs: the bot is greedy with the learned table put in the game's
table around each decision (and the game's own put back after), so every shortcut greedy
takes (`heuristic_after`, `heuristic_reads`) still holds. The table is the game's, shared by
every bot of that game in the process: decisions of learned bots are taken one at a time
(a lock), and a table plays its bots one at a time anyway (the client's bot thread, a LAN
host's loop, a simulate worker).
"""

from __future__ import annotations

import json
import math
import threading
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine
from boardwright.framework.errors import FileFormatError
from boardwright.framework.game import Game

from . import tuning
from .greedy import GreedyBot

WEIGHTS_FILE = "learned.json"

_LOCK = threading.Lock()
_LOADED: dict[type[Game], dict[str, float] | None] = {}  # each game class's weights, read once


def weights_file(game: Game) -> Traversable:
    """Where a game's learned weights live: `data/learned.json` in the game's package."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    return resources.files(package) / "data" / WEIGHTS_FILE


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


def load_weights(game: Game) -> dict[str, float] | None:
    """The game's learned weights, or None when it ships none (it is then played as greedy)."""
    kind = type(game)
    if kind not in _LOADED:
        _LOADED[kind] = _read(game)
    return _LOADED[kind]


def forget_weights() -> None:
    """Read the files again on the next `load_weights` (after a refit in this process)."""
    _LOADED.clear()


def _read(game: Game) -> dict[str, float] | None:
    if game.heuristic_table is None:
        return None
    found = weights_file(game)
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


class LearnedBot:
    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine = engine
        self.inner = GreedyBot(engine, seat, seed)
        self.weights = load_weights(engine.game)

    def choose(self, turn: Turn) -> dict[str, Any]:
        if self.weights is None or len(turn.legal) == 1:
            return self.inner.choose(turn)
        with _LOCK, tuning.table_as(self.engine, self.weights):
            return self.inner.choose(turn)


def make_learned(engine: Engine, seat: int, seed: int, level: str = "normal") -> LearnedBot:
    return LearnedBot(engine, seat, seed)
