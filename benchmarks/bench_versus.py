"""Random playouts of every game, this tree against an earlier revision, in the same run.

Each game is played with the same seeds by both trees, alternating, in fresh processes,
timing CPU time (so a busy machine slows both alike); the best of `--rounds` runs counts.
The earlier revision is checked out with `git worktree` into a temporary folder and
imported as `boardwright` from there.

Run: .venv/bin/python benchmarks/bench_versus.py --base 83b1a53 [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# game, players, options, games: long enough to take about a second
CASES = [
    ("connect_four", 2, {}, 3000),
    ("reliquium", 4, {"round_cap": 30}, 20),
    ("bestiary", 2, {}, 60),
    ("book_of_war", 2, {}, 30),
    ("book_of_war", 4, {}, 20),
    ("heroes_cards", 2, {}, 100),
]
PLAYOUT = """
import json, random, sys, time
from boardwright.framework import PluginHost, kernel
game, players, options, games = json.loads(sys.argv[1])
engine = PluginHost().engine(game)
actions = 0
start = time.process_time()
for seed in range(games):
    state = engine.new_game(players, options, seed=seed)
    pick = random.Random(seed)
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, legal[pick.randrange(len(legal))])
        actions += 1
print(json.dumps([actions, time.process_time() - start]))
"""


def run(path: Path, case: tuple) -> tuple[int, float]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    out = subprocess.run(
        [sys.executable, "-c", PLAYOUT, json.dumps(case)], env=env, capture_output=True, text=True, check=True, cwd="/"
    )
    actions, seconds = json.loads(out.stdout)
    return int(actions), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True, help="the earlier revision (a commit or tag)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bw-versus-") as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), args.base],
            check=True,
            capture_output=True,
        )
        try:
            trees = {}
            for name, source in (("base", tree), ("this", ROOT)):
                holder = Path(scratch) / name
                holder.mkdir()
                (holder / "boardwright").symlink_to(source)
                trees[name] = holder
            print(
                f"{platform.machine()}, Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}, "
                f"load {os.getloadavg()[0]:.1f}, base {args.base}"
            )
            print("| game | base actions/s | this tree | ratio |")
            print("| --- | ---: | ---: | ---: |")
            for case in CASES:
                best = {"base": 0.0, "this": 0.0}
                for _ in range(args.rounds):
                    for name in ("base", "this"):
                        actions, seconds = run(trees[name], case)
                        best[name] = max(best[name], actions / seconds)
                label = f"{case[0]} {case[1]}p"
                print(f"| {label} | {best['base']:,.0f} | {best['this']:,.0f} | {best['this'] / best['base']:.2f} |")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


if __name__ == "__main__":
    main()
