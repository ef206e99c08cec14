"""Random Heroes card game playouts through the kernel: actions per second.

Run: .venv/bin/python benchmarks/bench_heroes_cards.py [--games 40] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from playouts import random_playout

from boardwright.framework import Engine
from boardwright.plugins.heroes_cards.rules import HeroesCards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    options: dict[str, object] = {}
    engine = Engine(HeroesCards())
    total, capped = 0, 0
    start = time.perf_counter()
    for i in range(args.games):
        actions, outcome = random_playout(engine, args.players, args.seed + i, options)
        total += actions
        capped += bool(outcome["capped"])
    elapsed = time.perf_counter() - start
    print(
        f"heroes_cards {args.players}p: {args.games} games, {total} actions, {capped} capped, "
        f"{elapsed:.2f} s, {total / elapsed:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
