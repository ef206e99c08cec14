"""Fit a game's heuristic weights to the outcomes of bot games, and check the fit.

Plays `--games` games with `--bots` (greedy by default: quick, and it plays by the heuristic),
keeps their records, judges every `--every`-th position of the even-numbered games with the
game's heuristic and fits the weights (`bots/tuning.py`); the odd-numbered games, not used in
the fit, say whether the fitted table judges positions better or only fits those games.
Prints both log losses and the fitted table as a `data/game.toml` section. With `--versus N`,
`mcts` at `--level` with the fitted table plays `mcts` at the same level with the game's
own table, N games in each seating (the table is swapped in around each decision of the
tuned seat).

Run: .venv/bin/python benchmarks/fit_heuristic.py book_of_war --games 200 --short
Measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from boardwright.bots import tuning
from boardwright.bots.mcts import make_mcts
from boardwright.framework import PluginHost, simulation
from boardwright.framework.bots import BotKind, Turn
from boardwright.framework.engine import Engine
from boardwright.framework.hooks import hookimpl
from boardwright.framework.replay import Record
from boardwright.framework.simulation import Config, SeatBot, every_seating, run_many, seat_bots

FITTED: dict[str, Any] = {}  # the fitted table, for the tuned bot (set before the workers start)


class Tuned:
    """An `mcts` bot that judges positions with the fitted table."""

    def __init__(self, engine: Engine, seat: int, seed: int, level: str) -> None:
        self.engine = engine
        self.inner = make_mcts(engine, seat, seed, level)

    def choose(self, turn: Turn) -> dict[str, Any]:
        with tuning.table_as(self.engine, FITTED):
            return self.inner.choose(turn)


class TunedKind:
    @hookimpl
    def boardwright_bots(self) -> list[BotKind]:
        return [BotKind("tuned", "Tuned", "Настроенный", Tuned, levels=("easy", "normal", "hard"))]


def _init_worker() -> None:
    _original_init()
    host = simulation._worker["host"]
    host.register(TunedKind(), name="tuned")
    simulation._worker["kinds"] = host.bots()


_original_init = simulation._init_worker


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy", help="bots of the recorded games, as for simulate")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="the game's short variant")
    parser.add_argument("--every", type=int, default=2, help="judge every N-th position")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--versus", type=int, default=0, metavar="N", help="games per seating, tuned against own")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--versus-seed", type=int, help="the first series seed of the versus games (default: --seed)")
    args = parser.parse_args()

    host = PluginHost()
    engine = host.engine(args.game)
    game = engine.game
    if game.heuristic_table is None:
        print(f"{args.game}: the game names no heuristic table", file=sys.stderr)
        return 2
    players = args.players or engine.spec.players[0]
    config = Config(
        args.game,
        players,
        seat_bots(args.bots.split(","), players, host.bots()),
        games=args.games,
        seed=args.seed,
        scenario=game.short_scenario if args.short else None,
        options=dict(game.short_options) if args.short else {},
        keep_records=True,
    )
    records: dict[int, Record] = {}
    started = time.perf_counter()
    run_many(host, [config], args.workers, on_game=lambda result, record: records.__setitem__(result["index"], record))
    train = tuning.positions(engine, [records[i] for i in sorted(records) if i % 2 == 0], args.every)
    test = tuning.positions(engine, [records[i] for i in sorted(records) if i % 2 == 1], args.every)
    played = time.perf_counter() - started
    before = tuning.log_loss(engine, test)
    fitted, history = tuning.fit(engine, train, args.rounds)
    with tuning.table_as(engine, fitted):
        after = tuning.log_loss(engine, test)
    print(f"{args.game}: {len(records)} games of {args.bots} ({played:.0f} s), {len(train)} positions fitted")
    print(f"log loss, fitted games: {history[0]:.4f} -> {history[-1]:.4f} (rounds: {len(history) - 1})")
    print(f"log loss, other games:  {before:.4f} -> {after:.4f}")
    print("fitted table:")
    for key, value in fitted.items():
        print(f"  {key} = {value!r}")
    if args.versus:
        FITTED.clear()
        FITTED.update(fitted)
        simulation._init_worker = _init_worker
        host.register(TunedKind(), name="tuned")
        series = every_seating(
            engine,
            SeatBot("tuned", args.level),
            SeatBot("mcts", args.level),
            args.versus,
            args.seed if args.versus_seed is None else args.versus_seed,
            args.short,
        )
        summaries = run_many(host, series, args.workers)
        won = sum(s["wins"][str(seat)] for seat, s in enumerate(summaries))
        draws = sum(1 for s in summaries for r in s["results"] if not r["winners"])
        total = sum(s["games"] for s in summaries)
        print(f"tuned mcts:{args.level} against mcts:{args.level}: {won} wins, {draws} draws of {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
