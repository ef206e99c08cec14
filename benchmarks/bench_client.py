"""The desktop client as people meet it: start-up, frames while a piece glides, and memory.

For every installed game, each figure in fresh processes, offscreen:

- **start to first board frame**: the wall time of `boardwright play GAME --screenshot F`
  from the process's start to the written picture and exit (an upper bound of the time to
  the first board frame: it also writes a PNG and shuts Qt down); median of `--runs`;
- **a frame while pieces move**: the window's board at the "normal" pace, moves made
  (the legal actions in turn) until six of them moved pieces or cards, and every frame
  painted into an image of the board's size while they glide or drop in (after one paint of
  the board before the first move, as the window shows it): mean and slowest frame;
- **memory after a whole game**: random bots play a whole game at the table of a real
  window (bots at once), then the process's own memory (RssAnon: what it allocated), and its
  resident memory (VmRSS) with the peak (VmHWM). The resident figure also counts the pages of
  the shared libraries (Qt's are 30-35 MB) that the kernel mapped in, and how many it maps
  depends on its page cache: importing the same Qt from two venvs differed by 4-8 MB with
  the same own memory. Compare trees by their own memory.

Before any figure each tree's modules are compiled to bytecode, as `scripts/setup.sh` does
for a user (this machine may write none itself, and a start would then compile them all).

Run: .venv/bin/python benchmarks/bench_client.py [--runs 3] [--games a,b]
     [--against /other/tree/.venv/bin/python [--rounds 2]]

With `--against`, every figure is measured in this tree and in the other one (another
checkout with its own venv, such as a worktree of an older commit), interleaved in one run:
each round measures each game in both trees, in turn A B then B A, so that a change in the
machine's load falls on both.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["framework", "plugins", "bots", "client", "net", "cli"]

FRAMES = """
import json, os, pathlib, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication
from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings
from boardwright.framework import PluginHost
game_id, folder = sys.argv[1], sys.argv[2]
app = QApplication([])
host = PluginHost()
game = host.games()[game_id]
players = game.spec.players[0]
window = MainWindow(host, Settings(pathlib.Path(folder) / "client.json"), bot_delay_ms=0)
window.resize(1200, 800)
window.show()
window.start_game(GameConfig(game_id, players, ["human"] * players, seed=3, handover=False))
window.table.pace.setCurrentIndex(window.table.pace.findData("normal"))
app.processEvents()
view = window.table.view
image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
painter = QPainter(image)  # the board as the person saw it before the first move: painted once
view.render(painter)
painter.end()
frames = []
moved = 0
for move in range(120):  # six moves with pieces in flight (drafts and choices move none)
    if moved == 6 or window.session.match.is_over() or not window.table.legal:
        break
    legal = window.table.legal
    window.table.play(legal[(move * 7) % len(legal)])
    moved += view.animating()
    deadline = time.perf_counter() + 2.0
    while view.animating() and time.perf_counter() < deadline:
        app.processEvents()
        start = time.perf_counter()
        painter = QPainter(image)
        view.render(painter)
        painter.end()
        frames.append(time.perf_counter() - start)
window.quit_now()
print(json.dumps(frames))
"""

MEMORY = """
import json, os, pathlib, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication
from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings
from boardwright.framework import PluginHost
game_id, folder = sys.argv[1], sys.argv[2]
app = QApplication([])
host = PluginHost()
game = host.games()[game_id]
players = game.spec.players[0]
window = MainWindow(host, Settings(pathlib.Path(folder) / "client.json"), bot_delay_ms=0)
window.resize(1200, 800)
window.show()
options = dict(game.simulation_options)
window.start_game(GameConfig(game_id, players, ["random"] * players, options, seed=7, handover=False))
deadline = time.monotonic() + 600
while not window.session.match.is_over() and time.monotonic() < deadline:
    app.processEvents()
plies = len(window.session.match.record.actions)
status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
kib = lambda key: int(status[key].split()[0])
window.quit_now()
print(json.dumps([window.session.match.is_over(), plies] + [kib(key) / 1024 for key in ("RssAnon", "VmRSS", "VmHWM")]))
"""


@dataclass(frozen=True)
class Tree:
    """A checkout with its own venv: the python that runs the figures' processes."""

    python: Path
    root: Path
    name: str

    @property
    def boardwright(self) -> Path:
        return self.python.with_name("boardwright")


def _tree(python: Path) -> Tree:
    """The tree whose venv holds `python` (its root is the folder above `.venv`)."""
    if not (python.is_file() and python.with_name("boardwright").is_file()):
        sys.exit(f"bench_client: {python} is no python of a venv with Boardwright installed")
    root = python.parent.parent.parent
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    )
    name = commit.stdout.strip() or str(root)
    return Tree(python, root, name + ("+changes" if dirty.stdout.strip() else ""))


def _compile(tree: Tree) -> None:
    done = subprocess.run(
        [str(tree.python), "-m", "compileall", "-q", "-j", "0", *PACKAGES], cwd=tree.root, capture_output=True
    )
    if done.returncode:
        sys.exit(f"bench_client: the modules of {tree.root} do not compile")


def _run(tree: Tree, script: str, *args: str, timeout: float = 900) -> object:
    with tempfile.TemporaryDirectory(prefix="bw-bench-client-") as folder:
        out = subprocess.run(
            [str(tree.python), "-c", script, *args, folder],
            capture_output=True,
            text=True,
            check=True,
            timeout=timeout,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_seconds(tree: Tree, game_id: str, players: int, runs: int) -> float:
    times = []
    with tempfile.TemporaryDirectory(prefix="bw-bench-start-") as folder:
        for run in range(runs):
            picture = Path(folder) / f"{run}.png"
            seats = ",".join(["human"] + ["random"] * (players - 1))
            start = time.perf_counter()
            subprocess.run(
                [str(tree.boardwright), "play", game_id, "--seats", seats, "--seed", "1", "--screenshot", str(picture)],
                check=True,
                capture_output=True,
                env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                timeout=120,
            )
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(tree: Tree, game_id: str, players: int, runs: int) -> str:
    """One table row: the three figures of one game in one tree."""
    start = start_seconds(tree, game_id, players, runs)
    frames = _run(tree, FRAMES, game_id)
    assert isinstance(frames, list)
    frame_text = (
        f"{statistics.mean(frames) * 1000:.2f} ms ({max(frames) * 1000:.2f}), {len(frames)} frames"
        if frames
        else "no animated frame"
    )
    over, plies, own, rss, peak = _run(tree, MEMORY, game_id)  # type: ignore[misc]
    memory = f"{own:.1f} MB ({rss:.0f}, peak {peak:.0f}), {plies} actions" + ("" if over else ", NOT FINISHED")
    return f"{start:.2f} s | {frame_text} | {memory}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="starts timed for each median (default 3)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every installed game)")
    parser.add_argument("--against", type=Path, help="the python of another tree's venv, measured interleaved")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: rounds of both trees (default 2)")
    args = parser.parse_args()
    from boardwright.framework import PluginHost

    games = PluginHost().games()
    chosen = [g for g in args.games.split(",") if g] or sorted(games)
    unknown = [g for g in chosen if g not in games]
    if unknown:
        sys.exit(f"bench_client: no installed game {', '.join(unknown)} (installed: {', '.join(sorted(games))})")
    trees = [_tree(Path(sys.executable))] + ([_tree(args.against.absolute())] if args.against else [])
    for tree in trees:
        _compile(tree)
    rounds = args.rounds if args.against else 1
    print(f"{platform.machine()}, Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}")
    print(
        "| game | tree | start to first frame, median | frame while pieces move, mean (slowest) |"
        " memory after a whole game: own (resident, peak) |"
    )
    print("| --- | --- | ---: | ---: | ---: |")
    for game_id in chosen:
        players = games[game_id].spec.players[0]
        for round_number in range(rounds):
            for tree in trees if round_number % 2 == 0 else trees[::-1]:
                try:
                    row = measure(tree, game_id, players, args.runs)
                except subprocess.CalledProcessError as exc:
                    said = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr or ""
                    ended = f"signal {-exc.returncode}" if exc.returncode < 0 else f"exit {exc.returncode}"
                    last = said.strip().splitlines()[-1:] or [""]
                    sys.exit(f"bench_client: {game_id} in {tree.name} ended with {ended}: {last[0]}")
                print(f"| {game_id} | {tree.name} | {row} |", flush=True)


if __name__ == "__main__":
    main()
