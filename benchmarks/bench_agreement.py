"""How often each `mcts` level picks what a much longer search picks, position by position.

Positions come from seeded random games of the game (its short variant with `--short`)
where the seat to move has at least three legal actions (`--phase` keeps one phase only).
A search of `--oracle` iterations, with the hard level's settings otherwise, chooses twice
with two seeds; each level chooses twice with seeds of its own, as the bot kind makes it.
A level that thinks longer should pick the long search's action more often; how much more
tells whether its extra work changes its decisions at all.

Run: .venv/bin/python benchmarks/bench_agreement.py book_of_war --short --phase offensive --positions 16
Speed and strength are measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace
from typing import Any

from boardwright.bots.mcts import MctsBot, level_settings
from boardwright.framework import PluginHost, kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine

LEVELS = ("easy", "normal", "hard")


def positions(engine: Engine, count: int, seed: int, short: bool, phase: str | None) -> list[dict[str, Any]]:
    """States where the seat to move has a real choice, one from each seeded random game."""
    game = engine.game
    options = {**game.simulation_options, **(game.short_options if short else {})}
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    for _ in range(count * 50):
        if len(found) == count:
            break
        state = engine.new_game(
            engine.spec.players[0], options, rng.randrange(1 << 30), game.short_scenario if short else None
        )
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            if len(legal) >= 3 and (phase is None or state["k"]["phase"] == phase) and rng.random() < 0.08:
                found.append(kernel.clone(state))
                break
            engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--oracle", type=int, default=24_000, help="iterations of the long search")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--short", action="store_true", help="positions from the game's short variant")
    parser.add_argument("--phase", help="only positions in this phase of the flow")
    args = parser.parse_args()
    host = PluginHost()
    engine = host.engine(args.game)
    make = host.bots()["mcts"].make
    hard, exploration = level_settings(engine.game, "hard")
    oracle = replace(hard, iterations=args.oracle, trees=1, seconds=1e9)
    hits = dict.fromkeys(LEVELS, 0)
    agree = 0
    started = time.process_time()
    found = positions(engine, args.positions, args.seed, args.short, args.phase)
    for state in found:
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        long_choices = [
            MctsBot(engine, seat, 100 + s, oracle, exploration).choose(Turn(engine, state, seat, legal))
            for s in range(2)
        ]
        agree += long_choices[0] == long_choices[1]
        for level in LEVELS:
            for s in range(2):
                choice = make(engine, seat, 200 + s, level).choose(Turn(engine, state, seat, legal))
                hits[level] += choice in long_choices
    print(f"## {args.game}: each level against a search of {args.oracle:,} iterations\n")
    print(
        f"{len(found)} positions (seed {args.seed}{', short variant' if args.short else ''}"
        f"{', phase ' + args.phase if args.phase else ''}), {time.process_time() - started:.0f} s of CPU.\n"
    )
    print("| | picks the long search's action |")
    print("|---|---:|")
    print(f"| the long search, two seeds (agree with each other) | {agree} of {len(found)} positions |")
    for level in LEVELS:
        print(f"| {level} | {hits[level]} of {2 * len(found)} choices ({hits[level] / (2 * len(found)):.0%}) |")


if __name__ == "__main__":
    main()
