"""This tree against another checkout (with its own .venv) in one run: the same seeded
random games must end in the same states, and random playouts and `mcts:normal`
decisions must take about the same CPU time.

Each measurement runs in a fresh process of each tree's own interpreter, the two trees
alternating, CPU time only (a busy machine slows both alike); the best of `--rounds`
counts. End states are compared by their hash; a state part that moved without a rule
changing (`--moved KEY`: a top-level key of the other tree's state that this tree keeps
in the kernel's part, such as Signum's stage) is left out of the hash and its values are
compared on their own (Signum's stage: the kernel clears it when a phase begins, where
the game's own copy kept the last turn's).

Run: nice -n 10 .venv/bin/python benchmarks/bench_against.py --against /work/wt-movesbase \\
         --game connect_four --game bestiary --game signum --moved stage
Exit status 1 when an end state differs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# game -> (players, options, playout games, mcts decisions): each about a second
CASES = {
    "connect_four": (2, {}, 2000, 12),
    "bestiary": (2, {}, 40, 4),
    "signum": (2, {"rounds": 3}, 12, 3),
    "book_of_war": (2, {}, 20, 3),
    "reliquium": (4, {"round_cap": 30}, 10, 3),
    "heroes_cards": (2, {}, 10, 3),
}
CHILD = r"""
import json, random, sys, time
from boardwright.framework import PluginHost, kernel
mode, game, players, options, count, moved = json.loads(sys.argv[1])
engine = PluginHost().engine(game)

def normal(state):
    s = kernel.clone(state)
    values = {}
    for key in moved:
        top, inner = s.pop(key, None), s["k"].pop(key, None)
        values[key] = inner if inner is not None else top
    return kernel.state_hash(s), values

if mode == "hashes":
    out = []
    for seed in range(count):
        state = engine.new_game(players, options, seed=seed)
        pick = random.Random(seed)
        actions = 0
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            engine.apply_unchecked(state, legal[pick.randrange(len(legal))])
            actions += 1
        out.append([kernel.state_hash(state), normal(state)[0], actions, normal(state)[1]])
    print(json.dumps(out))
elif mode == "playouts":
    actions = 0
    start = time.process_time()
    for seed in range(count):
        state = engine.new_game(players, options, seed=seed)
        pick = random.Random(seed)
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            engine.apply_unchecked(state, legal[pick.randrange(len(legal))])
            actions += 1
    print(json.dumps([actions, time.process_time() - start, []]))
else:
    from boardwright.bots.mcts import make_mcts
    from boardwright.framework.bots import Turn
    state = engine.new_game(players, options, seed=7)
    bots = [make_mcts(engine, seat, 100 + seat, "normal") for seat in range(kernel.seats(state))]
    chosen, spent = [], 0.0
    for _ in range(count):
        if kernel.is_over(state):
            break
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        start = time.process_time()
        action = bots[seat].choose(Turn(engine, state, seat, legal))
        spent += time.process_time() - start
        chosen.append(action)
        engine.apply(state, action)
    print(json.dumps([len(chosen), spent, chosen]))
"""


def run(tree: Path, job: list) -> object:
    python = tree / ".venv" / "bin" / "python"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [str(python), "-c", CHILD, json.dumps(job)], env=env, capture_output=True, text=True, cwd="/", check=False
    )
    if out.returncode:
        sys.exit(f"{tree}: {job[0]} {job[1]} failed: {out.stderr.strip().splitlines()[-1:]}")
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, type=Path, help="the other checkout (its .venv beside it)")
    parser.add_argument("--game", action="append", choices=sorted(CASES), required=True)
    parser.add_argument("--moved", action="append", default=[], metavar="KEY")
    parser.add_argument("--seeds", type=int, default=20, help="seeded random games whose end states are compared")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not (args.against / ".venv" / "bin" / "python").exists():
        parser.error(f"{args.against} has no .venv/bin/python (make one with scripts/setup.sh there)")
    trees = {"base": args.against.resolve(), "this": ROOT}
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f}, base {args.against}"
    )
    differ = 0
    print(
        "| game | end states equal | without the moved keys | moved keys equal | base playout actions/s | this |"
        " ratio | base s/mcts decision | this | ratio | same decisions |"
    )
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for game in args.game:
        players, options, games, decisions = CASES[game]
        ends = {
            name: run(tree, ["hashes", game, players, options, args.seeds, args.moved]) for name, tree in trees.items()
        }
        raw = sum(a[0] == b[0] for a, b in zip(ends["base"], ends["this"], strict=True))
        normal = sum(a[1:3] == b[1:3] for a, b in zip(ends["base"], ends["this"], strict=True))
        moved = sum(a[3] == b[3] for a, b in zip(ends["base"], ends["this"], strict=True))
        differ += args.seeds - normal
        rate = {"base": 0.0, "this": 0.0}
        per = {"base": float("inf"), "this": float("inf")}
        chosen: dict[str, object] = {}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                actions, seconds, _ = run(tree, ["playouts", game, players, options, games, []])  # type: ignore[misc]
                rate[name] = max(rate[name], actions / seconds)
                made, seconds, picks = run(tree, ["mcts", game, players, options, decisions, []])  # type: ignore[misc]
                per[name] = min(per[name], seconds / max(1, made))
                chosen[name] = picks
        print(
            f"| {game} {players}p | {raw}/{args.seeds} | {normal}/{args.seeds} | "
            f"{moved}/{args.seeds if args.moved else '-'} | {rate['base']:,.0f} | "
            f"{rate['this']:,.0f} | {rate['this'] / rate['base']:.2f} | {per['base']:.3f} | {per['this']:.3f} | "
            f"{per['this'] / per['base']:.2f} | {'yes' if chosen['base'] == chosen['this'] else 'no'} |",
            flush=True,
        )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
