"""Balance runs on one machine and on Ray: games per second for Reliquium (4 players) with
four greedy bots and with four mcts:easy bots, through `boardwright simulate` as a modder
runs it, with `--workers 1`, `--workers 2` and `--backend ray --workers 2`.

Run: .venv/bin/python benchmarks/bench_scale.py [--greedy-games 16] [--mcts-games 4]
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

RUNS = [("--workers", "1"), ("--workers", "2"), ("--backend", "ray", "--workers", "2")]


def simulate(bots: str, games: int, extra: tuple[str, ...], home: str) -> tuple[float, float]:
    """(wall seconds, summed seconds of the games themselves) of one `simulate` command."""
    command = [sys.executable, "-m", "boardwright.cli.main", "simulate", "reliquium", "--players", "4"]
    command += ["--bots", bots, "--games", str(games), "--seed", "3", "--json", *extra]
    started = time.perf_counter()
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, env={**os.environ, "HOME": home}, timeout=3600
    )
    wall = time.perf_counter() - started
    return wall, float(json.loads(done.stdout)["play_seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--greedy-games", type=int, default=16)
    parser.add_argument("--mcts-games", type=int, default=4)
    args = parser.parse_args()
    print(
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f}"
    )
    print("| bots | run | games | wall s | games/s | s per game (in the game) | overhead s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory(prefix="bw-scale-") as home:
        for bots, games in (("greedy", args.greedy_games), ("mcts:easy", args.mcts_games)):
            for extra in RUNS:
                wall, played = simulate(bots, games, extra, home)
                workers = int(extra[-1])
                overhead = wall - played / workers
                print(
                    f"| {bots} | {' '.join(extra)} | {games} | {wall:.1f} | {games / wall:.2f} | "
                    f"{played / games:.2f} | {overhead:.1f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
