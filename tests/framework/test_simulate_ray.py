"""`boardwright simulate --backend ray`, as a modder runs it: against a Ray head started with
`ray start --head` on 127.0.0.1 with token authentication, from a machine (here: a home
folder of its own) that holds the head's token, and on a local Ray instance; the same
games, with the same results per seed, as the local run. A cluster that cannot be joined
is one line; Ray's own log lines are printed only with --verbose."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed: pip install 'boardwright[ray]' (the test extra installs it)",
)
RUN = ["simulate", "reliquium", "--players", "3", "--bots", "greedy,random,random", "--games", "6", "--seed", "11"]


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A machine's shell: its own home (where Ray keeps its token), none of this one's Ray
    settings. Ray takes this machine's network address for 127.0.0.1 and listens on every
    interface unless told it is no cluster: the suite's network stays on 127.0.0.1."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    return {**env, "HOME": str(home), "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", **extra}


def _boardwright(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "boardwright.cli.main", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=cwd)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Head:
    address: str
    token: str
    base: Path

    def machine(self, name: str, token: str | None) -> Path:
        """A home folder for another machine, with `token` where Ray looks for it."""
        home = self.base / name
        (home / ".ray").mkdir(parents=True)
        if token is not None:
            (home / ".ray" / "auth_token").write_text(token)
        return home


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    """A Ray head as the guide starts one: a token generated, `RAY_AUTH_MODE=token ray start
    --head`, in a temporary folder of its own (short: Ray's sockets are files under it)."""
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed: pip install 'boardwright[ray]' (the test extra installs it)")
    base = Path(tempfile.mkdtemp(prefix="bw-ray-", dir="/tmp"))
    home = base / "head"
    home.mkdir()
    # a head that is stopped stops at once, without draining its node for half a minute
    env = _env(home, RAY_AUTH_MODE="token", RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S="0")
    ray = str(Path(sys.executable).parent / "ray")
    subprocess.run([ray, "get-auth-token", "--generate"], env=env, capture_output=True, timeout=120, check=True)
    port = _free_port()
    command = [ray, "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}"]
    command += [f"--temp-dir={base / 'ray'}", "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats"]
    command += [f"--dashboard-agent-listen-port={_free_port()}"]
    log = base / "head.log"
    with log.open("w") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, f"the head stopped: {log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"the head did not start: {log.read_text()[-3000:]}"
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        yield Head(f"127.0.0.1:{port}", (home / ".ray" / "auth_token").read_text(), base)
    finally:
        process.terminate()  # `ray start --block` stops the head's processes with it
        try:
            process.wait(60)
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)  # anything of the head's left behind
            except ProcessLookupError:
                pass
            shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> dict:
    work = tmp_path_factory.mktemp("local")
    done = _boardwright(_env(work), *RUN, "--json", cwd=work)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _same_games(spread: dict, local: dict) -> None:
    assert [game["hash"] for game in spread["results"]] == [game["hash"] for game in local["results"]]
    assert spread["wins"] == local["wins"] and spread["mean_actions"] == local["mean_actions"]
    assert spread["games"] == 6


@needs_ray
def test_a_run_on_a_ray_cluster_gives_the_local_runs_results_and_no_line_of_rays(head: Head, local: dict) -> None:
    home = head.machine("client", head.token)  # the head's token copied to this machine, as the guide says
    done = _boardwright(_env(home, RAY_ADDRESS=head.address), *RUN, "--json", "--backend", "ray", cwd=home)
    assert done.returncode == 0, done.stderr[-3000:]
    _same_games(json.loads(done.stdout), local)
    assert done.stderr == "", "Ray's INFO and WARNING lines stay out of the output"


@needs_ray
def test_a_local_ray_instance_gives_the_same_results_and_verbose_shows_rays_lines(tmp_path: Path, local: dict) -> None:
    done = _boardwright(_env(tmp_path), *RUN, "--json", "--backend", "ray", "--workers", "2", "--verbose", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    _same_games(json.loads(done.stdout), local)
    assert "Started a local Ray instance" in done.stderr


@needs_ray
@pytest.mark.parametrize(
    ("token", "address", "said"),
    [
        ("a token of another cluster", "head", "refused this machine's token (/tmp/bw-ray-"),
        (None, "head", "wants its token, and this machine has none: copy the head's token"),
        ("", "nowhere", "no Ray cluster answers at 127.0.0.1:"),
    ],
    ids=["wrong token", "no token", "no head"],
)
def test_a_cluster_that_cannot_be_joined_is_one_line(head: Head, token: str | None, address: str, said: str) -> None:
    home = head.machine(f"client-{address}-{token is None}", token)
    at = head.address if address == "head" else f"127.0.0.1:{_free_port()}"
    started = time.monotonic()
    env = _env(home, RAY_ADDRESS=at, RAY_gcs_server_port_wait_time_s="2")  # fewer tries than a person gets
    done = _boardwright(env, "simulate", "connect_four", "--backend", "ray", cwd=home)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardwright: ") and said in lines[0], done.stderr[-2000:]
    assert time.monotonic() - started < 30, "not Ray's twenty seconds of retries"


def test_the_ray_backend_names_what_is_missing(tmp_path: Path) -> None:
    hidden = tmp_path / "noray"
    hidden.mkdir()
    (hidden / "ray.py").write_text("raise ImportError('no ray here')\n")
    env = {**os.environ, "PYTHONPATH": str(hidden), "HOME": str(tmp_path)}
    env.pop("RAY_ADDRESS", None)
    done = _boardwright(env, "simulate", "connect_four", "--backend", "ray", cwd=tmp_path)
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


@needs_ray
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
