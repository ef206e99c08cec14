"""The `learned` bot: how strong against `mcts:easy` and `greedy`, how fast beside both.

    .venv/bin/python benchmarks/bench_learned.py --games 20            # every game
    .venv/bin/python benchmarks/bench_learned.py --games 20 --only bestiary,signum --no-speed

1. Strength: `learned` against each of `--against` (default mcts:easy and greedy) in each
   game's short variant with the short variant's weights, `learned:short` (`--standard`: the
   standard game, `learned`), `--games` games in each seating (the smallest player count), one
   process; wins and draws with the 95% Wilson interval of the score (a draw counts half).
   Goals (issue 38): at least 50% against mcts:easy, at least 70% against greedy.
2. Speed: whole standard games, every seat the same bot, `learned`, `greedy` and `mcts:easy`
   in turn with the same seeds, each game timed in CPU seconds (a busy machine slows all
   alike); rounds go on until mcts:easy has had `--speed` CPU seconds (at least two rounds),
   then greedy and learned alone until each has had a tenth of that. Goals: learned's games/s
   at least 10 times mcts:easy's and at least half of greedy's. Actions a second are shown
   beside games a second: a bot that plays better may play longer games.

`--weights DIR`: the strength series play the weights of `DIR/GAME.json` where there is one
(written by `boardwright learn GAME ... --out DIR/GAME.json`), not the game's shipped file: a
candidate is measured before it replaces the shipped one.

Prints Markdown. Measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from boardwright.bots import learned
from boardwright.framework import PluginHost
from boardwright.framework.simulation import Config, SeatBot, Series, every_seating, run_many
from boardwright.framework.tally import wilson_interval

GAMES = ["connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum"]
LEARNED = SeatBot("learned")  # the standard game's weights
LEARNED_SHORT = SeatBot("learned", "short")  # the short variant's (data/learned-short.json)


def strength(host: PluginHost, game_id: str, against: SeatBot, games: int, seed: int, short: bool = True) -> str:
    engine = host.engine(game_id)
    series = every_seating(engine, LEARNED_SHORT if short else LEARNED, against, games, seed, short=short)
    started = time.perf_counter()
    summaries = run_many(host, series, 1)
    wins = sum(summary["wins"][str(seat)] for seat, summary in enumerate(summaries))
    draws = sum(1 for summary in summaries for result in summary["results"] if not result["winners"])
    total = sum(summary["games"] for summary in summaries)
    score = wins + draws / 2
    low, high = wilson_interval(round(score), total)
    line = (
        f"| {game_id} | {against.label()} | {total} | {wins} | {draws} | {score / total:.0%} | {low:.0%}–{high:.0%} |"
        f" {time.perf_counter() - started:.0f} |"
    )
    print(line, file=sys.stderr)
    return line


def speed(host: PluginHost, game_id: str, budget: float) -> str:
    engine = host.engine(game_id)
    kinds = host.bots()
    players = engine.spec.players[0]
    bots = {"learned": LEARNED, "greedy": SeatBot("greedy"), "mcts:easy": SeatBot("mcts", "easy")}
    series = {
        label: Series(engine, kinds, Config(game_id, players, [bot] * players, games=1 << 20, seed=7))
        for label, bot in bots.items()
    }
    seconds = dict.fromkeys(bots, 0.0)
    played = dict.fromkeys(bots, 0)
    actions = dict.fromkeys(bots, 0)

    def one(label: str) -> None:
        started = time.process_time()
        result = series[label].play(played[label])[0]
        seconds[label] += time.process_time() - started
        played[label] += 1
        actions[label] += result["actions"]

    while seconds["mcts:easy"] < budget or played["mcts:easy"] < 2:
        for label in bots:
            one(label)
    for label in ("greedy", "learned"):
        while seconds[label] < budget / 10:
            one(label)
    rate = {label: played[label] / seconds[label] for label in bots}
    per_action = {label: actions[label] / seconds[label] for label in bots}
    line = (
        f"| {game_id} {players}p | {rate['learned']:.2f} ({played['learned']}) | {rate['greedy']:.2f} ({played['greedy']})"
        f" | {rate['mcts:easy']:.3f} ({played['mcts:easy']}) | {rate['learned'] / rate['mcts:easy']:.0f}x"
        f" | {rate['learned'] / rate['greedy']:.2f} | {per_action['learned'] / per_action['greedy']:.2f}"
        f" | {actions['learned'] / played['learned']:.0f} / {actions['greedy'] / played['greedy']:.0f} |"
    )
    print(line, file=sys.stderr)
    return line


def play_candidates(folder: Path) -> None:
    """The learned bot reads `folder/GAME.json` for a game that has one, in either variant."""
    shipped = learned.weights_file

    def candidate(game, short=False):  # type: ignore[no-untyped-def]
        found = folder / f"{game.spec.id}.json"
        return found if found.is_file() else shipped(game, short)

    learned.weights_file = candidate  # type: ignore[assignment]
    learned.forget_weights()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games in each seating (default 20)")
    parser.add_argument("--against", default="mcts:easy,greedy")
    parser.add_argument("--only", help="these games, comma-separated (default: every bundled game)")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--speed", type=float, default=20.0, help="CPU seconds of mcts:easy per game (default 20)")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--no-strength", action="store_true")
    parser.add_argument("--standard", action="store_true", help="strength in standard games, not the short variants")
    parser.add_argument("--weights", metavar="DIR", help="play DIR/GAME.json's weights where there is one")
    args = parser.parse_args()
    if args.weights:
        play_candidates(Path(args.weights))
    host = PluginHost()
    kinds = host.bots()
    games = args.only.split(",") if args.only else GAMES
    against = [SeatBot.parse(text, kinds) for text in args.against.split(",")]
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {os.cpu_count()} CPUs, Python {platform.python_version()},"
        f" {platform.system()} {platform.machine()}, load {os.getloadavg()[0]:.1f}."
    )
    print(f"Command: `.venv/bin/python benchmarks/bench_learned.py {' '.join(sys.argv[1:])}`\n")
    if not args.no_strength:
        variant = "standard games" if args.standard else "short variants"
        print(f"### Strength, {variant}, {args.games} games in each seating, series seeds from {args.seed}\n")
        print("| game | against | games | learned's wins | draws | score | 95% CI | s |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for game_id in games:
            for other in against:
                print(strength(host, game_id, other, args.games, args.seed, not args.standard), flush=True)
        print()
    if not args.no_speed:
        print("### Speed, standard games, every seat the same bot, games/s in CPU time (games played)\n")
        print(
            "| game | learned | greedy | mcts:easy | learned / mcts:easy | learned / greedy"
            " | actions/s, learned / greedy | actions a game, learned / greedy |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for game_id in games:
            print(speed(host, game_id, args.speed), flush=True)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
