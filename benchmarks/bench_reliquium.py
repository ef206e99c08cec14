"""Random Reliquium playouts through the kernel: actions per second.

Run: .venv/bin/python benchmarks/bench_reliquium.py [--games 40] [--players 4] [--seed 1] [--round-cap 30]
"""

from __future__ import annotations

import argparse
import time

from playouts import random_playout

from boardwright.framework import Engine
from boardwright.plugins.reliquium.rules import Reliquium


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round-cap", type=int, default=30)
    parser.add_argument("--options", default="", help="comma list of boolean options to switch on, e.g. militia,allies")
    args = parser.parse_args()
    options: dict[str, object] = {name: True for name in args.options.split(",") if name}
    engine = Engine(Reliquium())
    total, capped = 0, 0
    start = time.perf_counter()
    for i in range(args.games):
        actions, outcome = random_playout(engine, args.players, args.seed + i, {"round_cap": args.round_cap, **options})
        total += actions
        capped += bool(outcome["capped"])
    elapsed = time.perf_counter() - start
    print(
        f"reliquium {args.players}p: {args.games} games, {total} actions, {capped} capped, "
        f"{elapsed:.2f} s, {total / elapsed:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
