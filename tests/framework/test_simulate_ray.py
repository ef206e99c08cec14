"""`boardwright simulate --backend ray`, as a modder runs it, on a local Ray instance: the
same games, with the same results per seed, as the local run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def _simulate(tmp_path: Path, *extra: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    env["HOME"] = str(tmp_path)  # Ray keeps its files (a token, logs) under the home folder
    command = [sys.executable, "-m", "boardwright.cli.main", "simulate", "reliquium", "--players", "3"]
    command += ["--bots", "greedy,random,random", "--games", "6", "--seed", "11", "--json", *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_a_ray_run_gives_the_local_runs_results(tmp_path: Path) -> None:
    local = _simulate(tmp_path, "--workers", "1")
    spread = _simulate(tmp_path, "--backend", "ray", "--workers", "2")
    assert [game["hash"] for game in spread["results"]] == [game["hash"] for game in local["results"]]
    assert spread["wins"] == local["wins"] and spread["mean_actions"] == local["mean_actions"]
    assert spread["games"] == 6


def test_the_ray_backend_names_what_is_missing(tmp_path: Path) -> None:
    hidden = tmp_path / "noray"
    hidden.mkdir()
    (hidden / "ray.py").write_text("raise ImportError('no ray here')\n")
    env = {**os.environ, "PYTHONPATH": str(hidden), "HOME": str(tmp_path)}
    command = [sys.executable, "-m", "boardwright.cli.main", "simulate", "connect_four", "--backend", "ray"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "boardwright: the Ray backend needs Ray: pip install 'boardwright[ray]'"
    ]
