"""Two settings of the `mcts` search against each other in whole games, both seat orders:
try a game's `[search.LEVEL]` settings before writing them into its game.toml.

Each side is a level (as the game sets it, its game.toml included) with settings over it,
the names game.toml takes: `iterations`, `rollout_depth`, `exploration`, `trees`. A setting
the search cannot take is the error game.toml would give.

Run: .venv/bin/python benchmarks/bench_search.py book_of_war --a hard,trees=3 --b normal --games 12 --short
     .venv/bin/python benchmarks/bench_search.py signum --a hard --b normal --option rounds=4

`--games N` per seating; `--seed S` the first series seed (another seed plays other games).
The search is an iteration budget, so the games depend on their seeds only, not on the load.
Speed is measured elsewhere (`bench_bots.py`); nothing here is asserted by tests.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from typing import Any

from bench_bots import _tally, game_options

from boardwright.bots import mcts
from boardwright.framework import PluginHost
from boardwright.framework.simulation import SeatBot, every_seating, run_many


def parse_side(text: str) -> tuple[str, dict[str, Any]]:
    """`LEVEL[,name=value...]` -> (level, settings)."""
    level, *pairs = [part.strip() for part in text.split(",") if part.strip()]
    settings: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals:
            raise ValueError(f"a setting is NAME=VALUE, got {pair!r}")
        settings[name.strip()] = float(value) if "." in value else int(value)
    if level not in mcts.LEVELS:
        raise ValueError(f"no level {level!r} (levels: {', '.join(mcts.LEVELS)})")
    return level, settings


def install(game: Any, name: str, level: str, settings: dict[str, Any]) -> str:
    """A level `name` of `game`: `level` as the game sets it, with `settings` over it; checked
    as game.toml's settings are. Worker processes fork after this and inherit it."""
    game_class = type(game)
    mcts.LEVELS[name] = mcts.LEVELS[level]
    game_class.search_levels = {
        **game_class.search_levels,
        name: {**game_class.search_levels.get(level, {}), **settings},
    }
    budget, exploration = mcts.level_settings(game, name)
    return (
        f"{level}{' ' + str(settings) if settings else ''}: {budget.iterations} iterations, rollouts of {budget.rollout_depth}, "
        f"exploration {exploration}, {budget.trees} tree{'s' if budget.trees > 1 else ''}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--a", required=True, metavar="LEVEL[,NAME=VALUE...]")
    parser.add_argument("--b", required=True, metavar="LEVEL[,NAME=VALUE...]")
    parser.add_argument("--games", type=int, default=6, help="games in each seating")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--short", action="store_true", help="the game's short variant")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.workers > 1 and multiprocessing.get_start_method() != "fork":
        parser.error("the settings reach the worker processes by fork; use --workers 1 here")
    host = PluginHost()
    if args.game not in host.games():
        parser.error(f"no game {args.game!r} (games: {', '.join(sorted(host.games()))})")
    engine = host.engine(args.game)
    options = game_options(parser, args.option, [engine], args.short)
    try:
        sides = [
            install(engine.game, name, *parse_side(text)) for name, text in (("side-a", args.a), ("side-b", args.b))
        ]
    except ValueError as exc:
        parser.error(str(exc))
    series = every_seating(
        engine, SeatBot("mcts", "side-a"), SeatBot("mcts", "side-b"), args.games, args.seed, args.short, options
    )
    started = time.perf_counter()
    result, _seconds = _tally("a", "b", series, iter(run_many(host, series, args.workers)))
    low, high = result["ci95"]
    print(f"{args.game}, seeds {args.seed}-{args.seed + len(series) - 1}, {' '.join(sys.argv[2:])}")
    print(f"  a: {sides[0]}\n  b: {sides[1]}")
    print(
        f"  a won {result['wins']}, drew {result['draws']} of {result['games']} games: score {result['score']:.0%}, "
        f"95% interval of the wins {low:.0%}-{high:.0%}; {result['mean_actions']:.0f} actions a game, "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
