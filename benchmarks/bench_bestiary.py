"""Random Bestiary of Sigillum playouts through the kernel (`Engine.legal_actions` +
`Engine.apply_unchecked`): actions per second, per mode.

Run: .venv/bin/python benchmarks/bench_bestiary.py [--games 200] [--seed 1] [--scenario duel]
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import platform
import time

from playouts import random_playout

from boardwright.framework import Engine
from boardwright.plugins.bestiary.rules import Bestiary

MODES = {"duel": 2, "crossroads_duel": 2, "crossroads_teams": 4, "protorp_duel": 2, "protorp_ffa": 4}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default="", help="one mode (default: all five)")
    args = parser.parse_args()
    engine = Engine(Bestiary())
    print(
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    for scenario in [args.scenario] if args.scenario else list(MODES):
        total = 0
        start = time.perf_counter()
        for i in range(args.games):
            total += random_playout(engine, MODES[scenario], args.seed + i, scenario=scenario)[0]
        elapsed = time.perf_counter() - start
        print(
            f"bestiary {scenario}: {args.games} games, {total} actions, {elapsed:.2f} s, {total / elapsed:,.0f} actions/s"
        )


if __name__ == "__main__":
    main()
