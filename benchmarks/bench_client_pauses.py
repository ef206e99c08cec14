"""The window's pauses for the garbage collector while a game is played: random bots play
Book of War at the table of a real window (offscreen), and every full collection is timed.

`run_client` moves what the process holds out of the collector's way once the window is
shown (`gc.freeze`); this builds the window the same way and does that or not, each in a
process of its own, alternating `--runs` times so that both meet the same load.

Run: .venv/bin/python benchmarks/bench_client_pauses.py [--runs 3] [--actions 400]
Speed is measured here, never asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ONE_RUN = """
import gc, json, os, pathlib, sys, tempfile, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication
app = QApplication([])
from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings
from boardwright.framework import PluginHost

window = MainWindow(PluginHost(), Settings(pathlib.Path(tempfile.mkdtemp()) / "c.json"), bot_delay_ms=0)
window.resize(1200, 800)
window.show()
app.processEvents()
if sys.argv[1] == "freeze":
    gc.freeze()  # as run_client does once the window is shown
pauses, began = [], [0.0]

def heard(phase, info):
    if info["generation"] == 2:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append((time.perf_counter() - began[0]) * 1000)

gc.callbacks.append(heard)
started = time.perf_counter()
window.start_game(GameConfig("book_of_war", 2, ["random:easy", "random:easy"], seed=2, handover=False))
deadline = time.time() + 120
while time.time() < deadline and window.session.outcome() is None and len(window.session.match.record.actions) < int(sys.argv[2]):
    app.processEvents()
print(json.dumps({"mode": sys.argv[1], "actions": len(window.session.match.record.actions),
                  "seconds": round(time.perf_counter() - started, 2), "full": len(pauses),
                  "longest_ms": round(max(pauses, default=0.0), 1), "total_ms": round(sum(pauses), 1)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--actions", type=int, default=400)
    args = parser.parse_args()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for _ in range(args.runs):
        for mode in ("nofreeze", "freeze"):
            done = subprocess.run(
                [sys.executable, "-c", ONE_RUN, mode, str(args.actions)],
                capture_output=True,
                text=True,
                env=env,
                timeout=300,
                check=True,
            )
            print(json.dumps(json.loads(done.stdout.strip().splitlines()[-1])), flush=True)


if __name__ == "__main__":
    main()
