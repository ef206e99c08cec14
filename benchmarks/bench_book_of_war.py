"""Random Book of War playouts through the kernel: actions per second.

Run: .venv/bin/python benchmarks/bench_book_of_war.py [--games 40] [--players 2] [--seed 1] [--scenario protorp]
"""

from __future__ import annotations

import argparse
import time

from playouts import random_playout

from boardwright.framework import Engine
from boardwright.plugins.book_of_war.rules import BookOfWar


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default=None)
    args = parser.parse_args()
    engine = Engine(BookOfWar())
    total = 0
    start = time.perf_counter()
    for i in range(args.games):
        actions, _ = random_playout(engine, args.players, args.seed + i, scenario=args.scenario)
        total += actions
    elapsed = time.perf_counter() - start
    print(
        f"book_of_war {args.players}p{' ' + args.scenario if args.scenario else ''}: {args.games} games, "
        f"{total} actions, {elapsed:.2f} s, {total / elapsed:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
