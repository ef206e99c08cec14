"""`boardwright versus GAME A B`: one bot against another, A in every seat in turn, with how
often A wins and its 95% interval; the tuning tool for a game's bot levels and heuristic
(`mcts:hard` against `mcts:normal`: does the harder level earn its time?)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boardwright.cli.arguments import UsageError, option_pairs
from boardwright.framework import PluginHost, simulation
from boardwright.framework.tally import wilson_interval


def cmd_versus(host: PluginHost, args: argparse.Namespace) -> int:
    engine = host.engine(args.game)
    kinds = host.bots()
    first, second = (simulation.SeatBot.parse(label, kinds) for label in (args.first, args.second))
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    players = args.players or engine.spec.players[0]
    game = engine.game
    options = option_pairs(args.option)
    configs = simulation.every_seating(engine, first, second, args.games, args.seed, args.short, options, players)
    engine.prepare(players, scenario=configs[0].scenario)  # a player count the game has not is refused first
    engine.spec.resolve_options({**game.simulation_options, **configs[0].options})
    progress = None
    if sys.stderr.isatty() and args.games * players >= 10:
        from boardwright.cli.simulate import _ProgressBar

        progress = _ProgressBar()
    summaries = simulation.run_many(host, configs, args.workers, progress, keep_results=False)
    result = tally(first.label(), second.label(), summaries)
    result.update(game=args.game, players=players, seed=args.seed, short=args.short, options=configs[0].options)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print(result)
    return 0


def tally(first: str, second: str, summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """How `first` did against `second` over one summary per seat `first` took (in seat
    order, `simulation.every_seating`): its wins, draws and losses in each seat and in all,
    its share of the wins with the 95% interval, and the verdict at 95%."""
    seats = []
    for seat, summary in enumerate(summaries):
        games, wins, draws = summary["games"], summary["wins"][str(seat)], summary["draws"]
        seats.append({"seat": seat + 1, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws})
    games = sum(s["games"] for s in seats)
    wins = sum(s["wins"] for s in seats)
    draws = sum(s["draws"] for s in seats)
    low, high = wilson_interval(wins, games)
    fair = 1 / summaries[0]["players"]
    verdict = "stronger" if low > fair else "weaker" if high < fair else "not told apart"
    return {
        "first": first,
        "second": second,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "rate": wins / games,
        "ci95": [low, high],
        "score": (wins + draws / 2) / games,
        "fair": fair,
        "verdict": verdict,
        "seats": seats,
        "mean_actions": sum(s["mean_actions"] * s["games"] for s in summaries) / games,
        "seconds": summaries[0]["seconds"],
    }


def _print(result: dict[str, Any]) -> None:
    first, second = result["first"], result["second"]
    others = result["players"] - 1
    against = second if others == 1 else f"{others} x {second}"
    print(
        f"{first} against {against} in {result['game']}: {result['games']} games, {first} in each seat in turn"
        + (" (short variant)" if result["short"] else "")
    )
    for seat in result["seats"]:
        print(
            f"  {first} in seat {seat['seat']}: {seat['wins']} wins, {seat['draws']} draws, {seat['losses']} losses"
            f" in {seat['games']}"
        )
    low, high = result["ci95"]
    print(
        f"  {first} wins {result['wins']} of {result['games']} ({result['rate']:.0%}, 95% CI {low:.0%}-{high:.0%};"
        f" fair share {result['fair']:.0%}), score {result['score']:.0%} (a draw counts half);"
        f" mean length {result['mean_actions']:.0f} actions, {result['seconds']:.0f}s"
    )
    verdict = {
        "stronger": f"{first} is stronger than {second} beyond chance (95%)",
        "weaker": f"{first} is weaker than {second} beyond chance (95%)",
        "not told apart": f"{first} and {second} are not told apart at 95%: more games narrow the interval",
    }
    print(verdict[result["verdict"]])
