"""`boardwright learn GAME`: refit the weights the `learned` bot plays a game with.

Bots play `--games` games (greedy by default, as for `simulate --bots`); every `--every`-th
position of the even-numbered games, labelled with how its game ended, is fitted
(`bots.tuning.fit`, starting from the game's own table), and the odd-numbered games, kept
out of the fit, tell whether the fitted weights judge positions better or only fit those
games. The weights are written to the game's `data/learned.json` (bots/learned.py; with
`--short`, the short variant's `data/learned-short.json`, which `learned:short` plays), or to
`--out FILE`.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardwright.cli.arguments import UsageError

if TYPE_CHECKING:
    from boardwright.framework import PluginHost
    from boardwright.framework.replay import Record


def add_parser(sub: Any) -> None:
    p = sub.add_parser("learn", help="refit the weights the learned bot plays a game with, from bot games")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=200, help="games to play: half fitted, half to check (default 200)")
    p.add_argument("--bots", default="greedy", help="who plays them, as for simulate (default greedy)")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenario")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--short", action="store_true", help="the game's short variant (written to data/learned-short.json)")
    p.add_argument("--every", type=int, default=2, help="fit every N-th position of a game (default 2)")
    p.add_argument("--rounds", type=int, default=8, help="rounds of the fit's search (default 8)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", metavar="FILE", help="write here, not to the game's data/learned.json (learned-short.json)")
    p.set_defaults(run=cmd_learn)


def cmd_learn(host: PluginHost, args: argparse.Namespace) -> int:
    # imported here: the bots and the balance machinery cost every other command's start
    from boardwright.bots import learned, tuning
    from boardwright.cli.simulate import _config
    from boardwright.framework import balance, simulation

    if args.games < 2:
        raise UsageError("--games must be at least 2: half are fitted, half check the fit")
    if args.every < 1 or args.rounds < 1:
        raise UsageError("--every and --rounds must be at least 1")
    engine = host.engine(args.game)
    game = engine.game
    if game.heuristic_table is None:
        raise UsageError(f"{args.game}: the game names no heuristic table, so there are no weights to learn")
    args.save_replays = None
    config = dataclasses.replace(_config(host, args), keep_records=True)
    out = _target(game, args.out, args.short)
    configs = balance.rotated(config) if len(set(config.bots)) > 1 else [config]
    records: dict[tuple[tuple[str, ...], int], Record] = {}  # by seating and game number: the same split however played

    def keep(result: dict[str, Any], record: Record | None) -> None:
        if record is not None:
            records[(tuple(result["bots"]), result["index"])] = record

    started = time.perf_counter()
    simulation.run_many(host, configs, args.workers, on_game=keep, keep_results=False)
    ordered = [records[key] for key in sorted(records)]
    train = tuning.positions(engine, ordered[0::2], args.every)
    test = tuning.positions(engine, ordered[1::2], args.every)
    if not train or not test:
        raise UsageError(f"{args.game}: the games ended with no position to learn from; play more of them")
    played = time.perf_counter() - started
    before = tuning.log_loss(engine, test)
    fitted, history = tuning.fit(engine, train, args.rounds)
    with tuning.table_as(engine, fitted):
        after = tuning.log_loss(engine, test)
    fitted_on = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "games": len(ordered),
        "bots": [bot.label() for bot in config.bots],
        "players": config.players,
        "scenario": config.scenario,
        "options": config.options,
        "seed": config.seed,
        "positions": len(train),
        "log_loss_fitted": [round(history[0], 4), round(history[-1], 4)],
        "log_loss_held_out": [round(before, 4), round(after, 4)],
    }
    try:
        learned.write_weights(out, game, fitted, fitted_on)
    except OSError as exc:
        raise UsageError(f"--out {out}: {exc.strerror or exc}") from None
    learned.forget_weights()
    print(
        f"{args.game}: {len(ordered)} games of {', '.join(fitted_on['bots'])} ({played:.0f} s), {len(train)} positions fitted"
    )
    print(f"  log loss, fitted games: {history[0]:.4f} -> {history[-1]:.4f}")
    print(f"  log loss, other games:  {before:.4f} -> {after:.4f}")
    print(f"  weights: {', '.join(f'{key} {fitted[key]:.4g}' for key in tuning.weights(fitted))}")
    print(f"  written: {out}")
    return 0


def _target(game: Any, given: str | None, short: bool) -> Path:
    """The file to write, checked before any game is played."""
    if given is not None:
        path = Path(given)
        if path.is_dir():
            raise UsageError(f"--out {path}: a folder, not a file")
        if not path.parent.is_dir():
            raise UsageError(f"--out {path}: no folder {path.parent}")
        return path
    from boardwright.bots import learned

    found = learned.weights_file(game, short)
    if not isinstance(found, Path):
        raise UsageError(f"{game.spec.id}: its data is not in a folder that can be written; give --out FILE")
    return found
