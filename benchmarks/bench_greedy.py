"""`greedy` in a balance run: `boardwright simulate GAME --bots greedy` in this tree and in
earlier ones, in turn, in one run.

    .venv/bin/python benchmarks/bench_greedy.py                  # Reliquium, 4 players
    .venv/bin/python benchmarks/bench_greedy.py --base HEAD --rounds 7 --games 8
    .venv/bin/python benchmarks/bench_greedy.py --out benchmarks/RESULTS-bots.md

Each earlier tree (`git archive REV`, unpacked as DIR/boardwright and put first on the path)
and the working tree run the command a modder types,
`simulate GAME --players N --bots greedy --games G --seed S --json`, each in a process of
its own; the trees take turns, `--rounds` times, so each is timed in the same minutes of
the machine. Reported per tree, medians over the rounds: the command's games/s (its own
clock around the games, start-up left out), its process's CPU seconds (`os.wait4`, start-up
included), and whether it played the very same games as the working tree (every game's
end-state hash). The default base, fcf2a65^, is the tree before any work on greedy's speed
(a `kernel.clone` per tried action).

Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_GREEDY = "fcf2a65^"
# the command, from whichever tree is first on the path
COMMAND = "import sys; from boardwright.cli.main import main; sys.exit(main(sys.argv[1:]))"


def unpack(rev: str, into: Path) -> Path:
    """`git archive REV` as INTO/boardwright; returns INTO, the folder to put on the path."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--prefix=boardwright/", rev], capture_output=True)
    if archive.returncode:
        raise SystemExit(f"bench_greedy: git archive {rev}: {archive.stderr.decode().strip()}")
    into.mkdir()
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def run_once(path: Path | None, arguments: list[str]) -> dict[str, object]:
    """One `simulate` in its own process, with `path` (a tree's folder) first on the path."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(
            [sys.executable, "-c", COMMAND, *arguments], stdout=out, env=env, cwd=tempfile.gettempdir()
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        report = out.read()
    if child.returncode:
        raise SystemExit(f"bench_greedy: simulate failed (exit {child.returncode}) in {path or 'the working tree'}")
    summary = json.loads(report)
    return {
        "games_per_s": summary["games"] / summary["play_seconds"],
        "cpu": usage.ru_utime + usage.ru_stime,
        "hashes": [result["hash"] for result in summary["results"]],
        "actions": sum(result["actions"] for result in summary["results"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="reliquium")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--base", action="append", help=f"an earlier revision to compare (default: {FIRST_GREEDY})")
    parser.add_argument("--out", type=Path, help="also append the table to this file")
    args = parser.parse_args(argv)
    bases = args.base or [FIRST_GREEDY]
    arguments = ["simulate", args.game, "--players", str(args.players), "--bots", "greedy"]
    arguments += ["--games", str(args.games), "--seed", str(args.seed), "--json"]
    scratch = Path(tempfile.mkdtemp(prefix="bench-greedy-"))
    try:
        trees: list[tuple[str, Path | None]] = [(rev, unpack(rev, scratch / f"tree{i}")) for i, rev in enumerate(bases)]
        trees.append(("working tree", None))
        runs: dict[str, list[dict[str, object]]] = {label: [] for label, _ in trees}
        for round_number in range(args.rounds):
            for label, path in trees:
                runs[label].append(run_once(path, arguments))
            print(f"round {round_number + 1} of {args.rounds}", file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    lines = table(args, runs)
    print("\n".join(lines))
    if args.out:
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n" + "\n".join(lines) + "\n")
    return 0


def table(args: argparse.Namespace, runs: dict[str, list[dict[str, object]]]) -> list[str]:
    mine = runs["working tree"]
    reference = mine[0]["hashes"]
    new_rate = statistics.median(float(run["games_per_s"]) for run in mine)  # type: ignore[arg-type]
    lines = [
        f"## `greedy`, {args.game} with {args.players} bots: `simulate --games {args.games} --seed {args.seed}`, "
        f"{args.rounds} rounds",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f} at the end",
        "",
        "| tree | games/s, median (min–max) | CPU s of the command, median | the working tree, times as fast | "
        "the same games |",
        "|---|---:|---:|---:|---|",
    ]
    for label, done in runs.items():
        rates = [float(run["games_per_s"]) for run in done]  # type: ignore[arg-type]
        cpu = statistics.median(float(run["cpu"]) for run in done)  # type: ignore[arg-type]
        same = sum(run["hashes"] == reference for run in done)
        rate = statistics.median(rates)
        lines.append(
            f"| {label} | {rate:.2f} ({min(rates):.2f}–{max(rates):.2f}) | {cpu:.2f} | "
            f"{new_rate / rate:.2f}x | {same} of {len(done)} rounds |"
        )
    lines.append("")
    lines.append(f"Each round: {mine[0]['actions']} actions in {args.games} games.")
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
