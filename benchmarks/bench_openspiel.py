"""Boardwright's `mcts` against OpenSpiel's `MCTSBot` in Connect Four, seats alternated.

    pip install -e '.[bench]'                      # OpenSpiel (open_spiel on PyPI)
    .venv/bin/python benchmarks/bench_openspiel.py --games 40
    .venv/bin/python benchmarks/bench_openspiel.py --games 40 --mode normal --mode iterations

Three match-ups, each over --games games (half with Boardwright moving first):

- `normal`: Boardwright's normal level as shipped (its iterations, its early stop) against
  OpenSpiel's Python `MCTSBot` given the same time per move: after every move of its own,
  OpenSpiel's simulation count is scaled so that its mean time per move follows the mean
  time Boardwright's normal level has taken so far in the match.
- `time`: both searches get --seconds per move (Boardwright's normal settings with a time
  budget instead of its iteration budget; OpenSpiel's simulations scaled as above).
- `iterations`: --iterations each (Boardwright without its early stop).

OpenSpiel's bot is set up as in its own example (open_spiel/python/examples/mcts.py):
UCT constant 2, one random rollout per leaf, MCTS-Solver on. Both play through their own
rules; the moves are column numbers in both. A draw counts half. The machine's load is
printed beside the figures: equal time is measured in wall-clock seconds, and both sides
take their moves in turn, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from boardwright.bots.mcts import LEVELS, Budget, MctsBot
from boardwright.framework import PluginHost, kernel
from boardwright.framework.bots import Turn
from boardwright.framework.tally import wilson_interval

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts as spiel_mcts
except ImportError:  # the optional `bench` extra
    sys.exit("OpenSpiel is not installed: pip install -e '.[bench]' (the open_spiel wheel)")


@dataclass
class Clock:
    """Seconds and moves of one side over a match."""

    seconds: float = 0.0
    moves: int = 0
    iterations: list[int] = field(default_factory=list)

    def mean(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


class SpielSide:
    """OpenSpiel's Python `MCTSBot`; with `target`, its simulations follow a time per move."""

    def __init__(self, game: pyspiel.Game, seed: int, simulations: int, target: Clock | float | None) -> None:
        self.rng = np.random.RandomState(seed)
        evaluator = spiel_mcts.RandomRolloutEvaluator(1, self.rng)
        self.bot = spiel_mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=True, random_state=self.rng)
        self.target = target

    def move(self, state: pyspiel.State, clock: Clock) -> int:
        started = time.perf_counter()
        action = int(self.bot.step(state))
        clock.seconds += time.perf_counter() - started
        clock.moves += 1
        clock.iterations.append(self.bot.max_simulations)
        if self.target is not None:
            wanted = self.target.mean() if isinstance(self.target, Clock) else self.target
            if wanted > 0:  # scale the simulations so that the mean time per move follows `wanted`
                per_simulation = clock.seconds / sum(clock.iterations)
                self.bot.max_simulations = max(10, round(wanted / per_simulation))
        return action


def play(engine, spiel_game, ours: Budget, spiel: SpielSide, first: int, seed: int, clocks: dict[str, Clock]) -> float:
    """One game; Boardwright's share of it (1 win, 0.5 draw, 0 loss). Boardwright is seat `first`."""
    state = engine.new_game(2, {}, seed)
    mirror = spiel_game.new_initial_state()
    bot = MctsBot(engine, first, seed, ours)
    while not kernel.is_over(state):
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        if seat == first:
            started = time.perf_counter()
            action = bot.choose(Turn(engine, state, seat, legal))
            clocks["boardwright"].seconds += time.perf_counter() - started
            clocks["boardwright"].moves += 1
            clocks["boardwright"].iterations.append(bot.iterations)
            column = action["column"]
        else:
            column = spiel.move(mirror, clocks["openspiel"])
            action = next(a for a in legal if a["column"] == column)
        engine.apply_unchecked(state, action)
        mirror.apply_action(column)
        assert mirror.is_terminal() == kernel.is_over(state), "the two rule sets disagree"
    winners = kernel.outcome(state)["winners"]
    return 0.5 if not winners else float(first in winners)


def match(mode: str, games: int, seconds: float, iterations: int) -> list[str]:
    engine = PluginHost().engine("connect_four")
    spiel_game = pyspiel.load_game("connect_four")
    normal = LEVELS["normal"]
    clocks = {"boardwright": Clock(), "openspiel": Clock()}
    if mode == "normal":
        ours, simulations, target = normal, 200, clocks["boardwright"]
    elif mode == "time":
        ours = Budget(10**9, seconds, normal.rollout_depth, stop_when_settled=False)
        simulations, target = 200, seconds
    else:
        ours = Budget(iterations, 10**9, normal.rollout_depth, stop_when_settled=False)
        simulations, target = iterations, None
    score = 0.0
    wins = draws = 0
    spiel = SpielSide(spiel_game, 1, simulations, target)  # one bot for the match: its calibration carries over
    for index in range(games):
        spiel.rng.seed(10_000 + index)
        share = play(engine, spiel_game, ours, spiel, index % 2, 1 + index, clocks)
        score += share
        wins += share == 1.0
        draws += share == 0.5
        print(f"  {mode} game {index + 1}: {share} (running {score}/{index + 1})", file=sys.stderr, flush=True)
    low, high = wilson_interval(wins, games)
    ours_clock, theirs = clocks["boardwright"], clocks["openspiel"]
    return [
        f"| {mode} | {games} | {wins} | {draws} | {games - wins - draws} | {score / games:.0%} | {low:.0%}–{high:.0%} "
        f"| {ours_clock.mean():.3f} | {statistics.fmean(ours_clock.iterations):.0f} "
        f"| {theirs.mean():.3f} | {statistics.fmean(theirs.iterations):.0f} |"
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--mode", action="append", choices=("normal", "time", "iterations"))
    parser.add_argument("--seconds", type=float, default=0.05, help="per move, in the `time` match-up")
    parser.add_argument("--iterations", type=int, default=1000, help="per move, in the `iterations` match-up")
    args = parser.parse_args()
    modes = args.mode or ["normal", "time", "iterations"]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        f"## Boardwright `mcts` against OpenSpiel `MCTSBot`, Connect Four ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)",
        "",
        f"Command: `.venv/bin/python benchmarks/bench_openspiel.py {' '.join(sys.argv[1:])}`; OpenSpiel "
        f"{pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}, Python MCTSBot (uct_c 2, one random "
        f"rollout, solver on); load average at the start {load}. `time`: {args.seconds} s per move; "
        f"`iterations`: {args.iterations} each. Score: wins plus half the draws, for Boardwright.",
        "",
        "| match-up | games | Boardwright wins | draws | losses | score | 95% CI of wins "
        "| Boardwright s/move | its iterations | OpenSpiel s/move | its simulations |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for mode in modes:
        lines += match(mode, args.games, args.seconds, args.iterations)
        print(lines[-1], file=sys.stderr, flush=True)
    lines += ["", f"Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}.", ""]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
