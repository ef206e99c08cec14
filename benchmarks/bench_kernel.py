"""Kernel speed: random Connect Four playouts through the public kernel API against a
plain-Python Connect Four with no framework, and the cost of cloning a state for search.

Run: .venv/bin/python benchmarks/bench_kernel.py [--seconds 3] [--runs 5]
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import statistics
import time

from boardwright.framework import PluginHost, kernel


# --- the baseline: a straightforward Connect Four, a list of columns and a scan for four ---
class PlainConnectFour:
    def __init__(self) -> None:
        self.cols: list[list[int]] = [[] for _ in range(7)]
        self.player = 0
        self.winner: int | None = None
        self.moves = 0

    def legal(self) -> list[int]:
        return [c for c in range(7) if len(self.cols[c]) < 6]

    def _count(self, c: int, r: int, dc: int, dr: int, who: int) -> int:
        n = 0
        c += dc
        r += dr
        while 0 <= c < 7 and 0 <= r < len(self.cols[c]) and self.cols[c][r] == who:
            n += 1
            c += dc
            r += dr
        return n

    def play(self, c: int) -> None:
        who = self.player
        self.cols[c].append(who)
        r = len(self.cols[c]) - 1
        self.moves += 1
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if 1 + self._count(c, r, dc, dr, who) + self._count(c, r, -dc, -dr, who) >= 4:
                self.winner = who
                return
        self.player = 1 - who

    def over(self) -> bool:
        return self.winner is not None or self.moves == 42


def play_plain(rng: random.Random, games: int) -> int:
    """`games` random games of plain-Python Connect Four; returns the actions played."""
    actions = 0
    for _ in range(games):
        game = PlainConnectFour()
        while not game.over():
            legal = game.legal()
            game.play(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def run_plain(seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        actions += play_plain(rng, 50)
        games += 50
    return games, actions, time.perf_counter() - start


def run_kernel(seconds: float, seed: int) -> tuple[int, int, float]:
    engine = PluginHost().engine("connect_four")
    rng = random.Random(seed)
    legal_actions = engine.legal_actions
    apply = engine.apply_unchecked
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            state = engine.new_game(seed=games)
            k = state["k"]
            while not k["over"]:
                legal = legal_actions(state)
                apply(state, legal[rng.randrange(len(legal))])
                actions += 1
            games += 1
    return games, actions, time.perf_counter() - start


def typical_state() -> dict:
    """About 200 objects: 4 players, 60 regions with adjacency and units, 30 cards (as in research/perf_anchors.md)."""
    return {
        "k": kernel.new_kernel_state(4, 1, None),
        "regions": {
            f"r{i}": {
                "adj": [f"r{(i + d) % 60}" for d in (1, 2, 5)],
                "units": [{"kind": "infantry", "owner": i % 4, "wounds": 0}],
            }
            for i in range(60)
        },
        "units": [{"id": i, "kind": "archer", "owner": i % 4, "region": f"r{i % 60}"} for i in range(40)],
        "cards": [{"id": i, "name": f"card{i}", "cost": i % 5} for i in range(30)],
        "scores": [0, 0, 0, 0],
    }


def per_call(fn, obj, seconds: float = 0.5) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            fn(obj)
        n += 20
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    kernel_rates, plain_rates, ratios = [], [], []
    for run in range(args.runs):  # interleaved, so machine noise hits both alike
        _, ka, kt = run_kernel(args.seconds, run)
        _, pa, pt = run_plain(args.seconds, run)
        kernel_rates.append(ka / kt)
        plain_rates.append(pa / pt)
        ratios.append((ka / kt) / (pa / pt))
    state = typical_state()
    clone_us = per_call(kernel.clone, state)
    deepcopy_us = per_call(copy.deepcopy, state)
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "kernel_actions_per_s_median": round(statistics.median(kernel_rates)),
        "plain_actions_per_s_median": round(statistics.median(plain_rates)),
        "ratio_median": round(statistics.median(ratios), 3),
        "kernel_runs": [round(r) for r in kernel_rates],
        "plain_runs": [round(r) for r in plain_rates],
        "clone_us": round(clone_us, 1),
        "deepcopy_us": round(deepcopy_us, 1),
        "clone_speedup": round(deepcopy_us / clone_us, 1),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"Connect Four random playouts, {args.runs} interleaved runs of {args.seconds:.0f} s each (medians):")
    print(f"  kernel (Engine.legal_actions + apply_unchecked): {result['kernel_actions_per_s_median']:>9,} actions/s")
    print(f"  plain Python, no framework:                      {result['plain_actions_per_s_median']:>9,} actions/s")
    print(f"  ratio kernel / plain: {result['ratio_median']}")
    print(
        f"Cloning a ~200-object state: kernel.clone {result['clone_us']} us, copy.deepcopy {result['deepcopy_us']} us "
        f"({result['clone_speedup']}x)"
    )


if __name__ == "__main__":
    main()
