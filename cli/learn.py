"""`boardwright learn GAME`: refit the weights the `learned` bot plays a game with.

Bots play `--games` games (greedy by default, as for `simulate --bots`); every `--every`-th
position of the even-numbered games, labelled with how its game ended, is fitted
(`bots.tuning.fit`, starting from the game's own table), and the odd-numbered games, kept
out of the fit, tell whether the fitted weights judge positions better or only fit those
games. The weights are written to the game's `data/learned.json` (bots/learned.py; with
`--short`, the short variant's `data/learned-short.json`, which `learned:short` plays), or to
`--out FILE`.

With `--imitate` the weights are fitted to the choices the players made, not to how their
games ended (`bots.imitation`: each decision a choice among its legal actions, valued as
greedy values them; the players are mcts:easy unless `--bots` names others), starting from the
weights the game ships for the variant, so the fast bot ranks its actions as the search does.
`--replays DIR` fits saved games (`simulate --save-replays DIR`) instead of playing new ones.
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
    p.add_argument("--bots", help="who plays them, as for simulate (default greedy; with --imitate, mcts:easy)")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenario")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--short", action="store_true", help="the game's short variant (written to data/learned-short.json)")
    p.add_argument("--every", type=int, default=2, help="fit every N-th position of a game (default 2)")
    p.add_argument("--rounds", type=int, default=8, help="rounds of the fit's search (default 8)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument(
        "--imitate", action="store_true", help="fit the weights to the players' choices, not to the outcomes"
    )
    p.add_argument("--replays", metavar="DIR", help="fit these saved games (.bwr) instead of playing --games")
    p.add_argument("--out", metavar="FILE", help="write here, not to the game's data/learned.json (learned-short.json)")
    p.set_defaults(run=cmd_learn)


def cmd_learn(host: PluginHost, args: argparse.Namespace) -> int:
    # imported here: the bots and the balance machinery cost every other command's start
    from boardwright.bots import learned, tuning

    if args.games < 2:
        raise UsageError("--games must be at least 2: half are fitted, half check the fit")
    if args.every < 1 or args.rounds < 1:
        raise UsageError("--every and --rounds must be at least 1")
    if args.bots is None:
        args.bots = "mcts:easy" if args.imitate else "greedy"
    engine = host.engine(args.game)
    game = engine.game
    if game.heuristic_table is None:
        raise UsageError(f"{args.game}: the game names no heuristic table, so there are no weights to learn")
    out = _target(game, args.out, args.short)
    started = time.perf_counter()
    ordered, fitted_on = _saved(args.replays, args.game) if args.replays else _play(host, args)
    played = time.perf_counter() - started
    fit = _fit_choices if args.imitate else _fit_outcomes
    fitted, found, lines = fit(engine, ordered, args)
    fitted_on = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "games": len(ordered), **fitted_on, **found}
    try:
        learned.write_weights(out, game, fitted, fitted_on)
    except OSError as exc:
        raise UsageError(f"--out {out}: {exc.strerror or exc}") from None
    learned.forget_weights()
    source = f"saved in {args.replays}" if args.replays else f"({played:.0f} s)"
    print(f"{args.game}: {len(ordered)} games of {', '.join(fitted_on['bots'])} {source}, {lines.pop(0)}")
    for line in lines:
        print(f"  {line}")
    print(f"  weights: {', '.join(f'{key} {fitted[key]:.4g}' for key in tuning.weights(fitted))}")
    print(f"  written: {out}")
    return 0


def _play(host: PluginHost, args: argparse.Namespace) -> tuple[list[Record], dict[str, Any]]:
    """`--games` bot games, in the order of their seating and number (the same split however played)."""
    from boardwright.cli.simulate import _config
    from boardwright.framework import balance, simulation

    args.save_replays = None
    config = dataclasses.replace(_config(host, args), keep_records=True)
    configs = balance.rotated(config) if len(set(config.bots)) > 1 else [config]
    records: dict[tuple[tuple[str, ...], int], Record] = {}

    def keep(result: dict[str, Any], record: Record | None) -> None:
        if record is not None:
            records[(tuple(result["bots"]), result["index"])] = record

    simulation.run_many(host, configs, args.workers, on_game=keep, keep_results=False)
    about = {
        "bots": [bot.label() for bot in config.bots],
        "players": config.players,
        "scenario": config.scenario,
        "options": config.options,
        "seed": config.seed,
    }
    return [records[key] for key in sorted(records)], about


def _saved(folder: str, game_id: str) -> tuple[list[Record], dict[str, Any]]:
    """The saved games of a folder, by file name, each of the game."""
    from boardwright.framework import replay

    paths = sorted(Path(folder).glob("*.bwr"))
    if len(paths) < 2:
        raise UsageError(f"--replays {folder}: at least two saved games (.bwr) are needed")
    try:
        records = [replay.load(path) for path in paths]
    except (OSError, ValueError) as exc:
        raise UsageError(f"--replays {folder}: {exc}") from None
    other = next((path for path, record in zip(paths, records, strict=True) if record.game != game_id), None)
    if other is not None:
        raise UsageError(
            f"--replays {folder}: {other.name} is a saved game of {records[paths.index(other)].game}, not of {game_id}"
        )
    return records, {"bots": records[0].seat_kinds, "replays": Path(folder).name}


def _fit_outcomes(
    engine: Any, ordered: list[Record], args: argparse.Namespace
) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The table fitted to how the even-numbered games ended, checked on the odd-numbered."""
    from boardwright.bots import tuning

    train = tuning.positions(engine, ordered[0::2], args.every)
    test = tuning.positions(engine, ordered[1::2], args.every)
    if not train or not test:
        raise UsageError(f"{args.game}: the games ended with no position to learn from; play more of them")
    before = tuning.log_loss(engine, test)
    fitted, history = tuning.fit(engine, train, args.rounds)
    with tuning.table_as(engine, fitted):
        after = tuning.log_loss(engine, test)
    found = {
        "positions": len(train),
        "log_loss_fitted": [round(history[0], 4), round(history[-1], 4)],
        "log_loss_held_out": [round(before, 4), round(after, 4)],
    }
    lines = [
        f"{len(train)} positions fitted",
        f"log loss, fitted games: {history[0]:.4f} -> {history[-1]:.4f}",
        f"log loss, other games:  {before:.4f} -> {after:.4f}",
    ]
    return fitted, found, lines


def _fit_choices(
    engine: Any, ordered: list[Record], args: argparse.Namespace
) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The table fitted to the choices made in the even-numbered games, from the weights the
    game ships for the variant, checked on the odd-numbered."""
    from boardwright.bots import imitation, learned

    game = engine.game
    train = imitation.decisions(engine, ordered[0::2], args.every)
    test = imitation.decisions(engine, ordered[1::2], args.every)
    if not train or not test:
        raise UsageError(f"{args.game}: the games hold no choice among actions to learn from; play more of them")
    start = {**(game.heuristic_table or {}), **(learned.load_weights(game, args.short) or {})}
    fitted, sharpness, history = imitation.fit_choices(engine, train, start, args.rounds)
    before = imitation.choice_loss(engine, test, start, sharpness)
    after = imitation.choice_loss(engine, test, fitted, sharpness)
    found = {
        "fitted_to": "choices",
        "decisions": len(train),
        "sharpness": round(sharpness, 4),
        "choice_loss_fitted": [round(history[0], 4), round(history[-1], 4)],
        "choice_loss_held_out": [round(before[0], 4), round(after[0], 4)],
        "agreement_held_out": [round(before[1], 4), round(after[1], 4)],
    }
    lines = [
        f"{len(train)} decisions fitted",
        f"choice log loss, fitted games: {history[0]:.4f} -> {history[-1]:.4f}",
        f"choice log loss, other games:  {before[0]:.4f} -> {after[0]:.4f}",
        f"choices ranked first, other games: {before[1]:.1%} -> {after[1]:.1%}",
    ]
    return fitted, found, lines


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
