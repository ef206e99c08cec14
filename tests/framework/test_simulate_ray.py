"""`boardwright simulate --backend ray`, as a modder runs it, on a local Ray instance: the
same games, with the same results per seed, as the local run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


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


BROKEN_TASKS = """
def setup():
    from boardwright.framework import simulation

    def broken(config, first, count):
        raise ModuleNotFoundError("No module named 'boardwright_mygame'")

    simulation._play_in_worker = broken
"""


@pytest.mark.filterwarnings("ignore:BuiltinImporter.module_repr:DeprecationWarning")  # Ray, started in this process
def test_a_ray_task_that_fails_is_one_clear_error_and_nothing_left_running(tmp_path: Path, monkeypatch, capfd) -> None:
    """A task that fails on the cluster (here: every task, as on a node without the game) is
    the run's one error, naming the games and the cause; the tasks handed out ahead are
    cancelled and read, so Ray prints no traceback of its own for them."""
    import ray

    from boardwright.framework import BoardwrightError, PluginHost, simulation

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    (tmp_path / "broken_tasks.py").write_text(BROKEN_TASKS)  # Ray's worker set-up hook
    runtime = {"env_vars": {"PYTHONPATH": str(tmp_path)}, "worker_process_setup_hook": "broken_tasks.setup"}
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env=runtime)
    try:
        config = simulation.Config("connect_four", 2, [simulation.SeatBot("random")] * 2, games=40, seed=3)
        with pytest.raises(BoardwrightError) as failed:
            simulation.run(PluginHost(), config, 2, backend="ray")
        assert failed.value.code == "worker-lost"
        assert str(failed.value) == (
            "a Ray task of game 1 of the series failed: ModuleNotFoundError: No module named 'boardwright_mygame'"
        )
    finally:
        ray.shutdown()
    assert "Unhandled error" not in capfd.readouterr().err
