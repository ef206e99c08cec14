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
  window (bots at once), then the process's resident memory (VmRSS) and its peak (VmHWM).

Run: .venv/bin/python benchmarks/bench_client.py [--runs 3]
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOARDWRIGHT = Path(sys.executable).with_name("boardwright")

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
print(json.dumps([window.session.match.is_over(), plies, kib("VmRSS") / 1024, kib("VmHWM") / 1024]))
"""


def _run(script: str, *args: str, timeout: float = 900) -> object:
    with tempfile.TemporaryDirectory(prefix="bw-bench-client-") as folder:
        out = subprocess.run(
            [sys.executable, "-c", script, *args, folder],
            capture_output=True,
            text=True,
            check=True,
            timeout=timeout,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_seconds(game_id: str, players: int, runs: int) -> float:
    times = []
    with tempfile.TemporaryDirectory(prefix="bw-bench-start-") as folder:
        for run in range(runs):
            picture = Path(folder) / f"{run}.png"
            seats = ",".join(["human"] + ["random"] * (players - 1))
            start = time.perf_counter()
            subprocess.run(
                [str(BOARDWRIGHT), "play", game_id, "--seats", seats, "--seed", "1", "--screenshot", str(picture)],
                check=True,
                capture_output=True,
                env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                timeout=120,
            )
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every installed game)")
    args = parser.parse_args()
    from boardwright.framework import PluginHost

    games = PluginHost().games()
    chosen = [g for g in args.games.split(",") if g] or sorted(games)
    print(f"{platform.machine()}, Python {platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}")
    print(
        "| game | start to first frame, median | frame while pieces move, mean (slowest) | memory after a whole game (peak) |"
    )
    print("| --- | ---: | ---: | ---: |")
    for game_id in chosen:
        players = games[game_id].spec.players[0]
        start = start_seconds(game_id, players, args.runs)
        frames = _run(FRAMES, game_id)
        assert isinstance(frames, list)
        frame_text = (
            f"{statistics.mean(frames) * 1000:.2f} ms ({max(frames) * 1000:.2f}), {len(frames)} frames"
            if frames
            else "no animated frame"
        )
        over, plies, rss, peak = _run(MEMORY, game_id)  # type: ignore[misc]
        memory = f"{rss:.0f} MB ({peak:.0f}), {plies} actions" + ("" if over else ", NOT FINISHED")
        print(f"| {game_id} | {start:.2f} s | {frame_text} | {memory} |", flush=True)


if __name__ == "__main__":
    main()
