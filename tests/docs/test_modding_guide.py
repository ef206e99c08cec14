"""docs/modding.md, run as a modder would: a fresh virtual environment with Boardwright
installed from its own sdist and wheel (built from this tree with `python -m build`, as a
release is), then every `bash` block of the guide in order, in an empty folder, with the
guide's files written where it says "saved as". The generated game is installed into that
fresh environment, listed, tested with its own tests, played by bots and built."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "modding.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def _steps(text: str) -> list[tuple[str, str, str]]:
    """(kind, body, file name) for every fenced block: files to save and commands to run."""
    steps = []
    for match in BLOCK.finditer(text):
        kind, body = match.group(1), match.group(2)
        before = text[max(0, match.start() - 300) : match.start()]
        saved = re.findall(r"saved as `([^`]+)`", before)
        steps.append((kind, body, saved[-1] if saved else ""))
    return steps


def _commands(body: str) -> list[str]:
    return [line for line in body.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _listed(python: Path) -> set[str]:
    """The game ids `boardwright list` prints in that environment."""
    out = _run([str(python.parent / "boardwright"), "list"])
    return {line.split()[0] for line in out.splitlines() if line.strip()}


BUNDLED = sorted(path.parent.name for path in (ROOT / "plugins").glob("*/plugin.py"))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A new venv with pytest and Boardwright installed from the sdist and wheel of this tree.

    The wheel goes in first and `boardwright list` must show every bundled game; then the
    sdist replaces it (pip builds it as a user's pip would) and the list must be the same."""
    base = tmp_path_factory.mktemp("guide")
    venv = base / "venv"
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run([*pip, "build", "pytest"])
    dist = base / "dist"
    _run([str(python), "-m", "build", "--outdir", str(dist), str(ROOT)])
    (wheel,) = dist.glob("boardwright-*.whl")
    (sdist,) = dist.glob("boardwright-*.tar.gz")
    _run([*pip, str(wheel)])
    assert set(BUNDLED) <= _listed(python), "every bundled game, from the wheel"
    _run([*pip, "--force-reinstall", "--no-deps", str(sdist)])
    assert set(BUNDLED) <= _listed(python), "every bundled game, from the sdist"
    home = base / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        # a modder's shell: none of this machine's Python settings (PYTHONDONTWRITEBYTECODE
        # makes setuptools warn on every build)
        if not key.startswith(("PYTHON", "XDG_")) and key not in ("VIRTUAL_ENV", "BOARDWRIGHT_SCENARIOS")
    }
    env.update(PATH=f"{venv / 'bin'}:{env['PATH']}", HOME=str(home), QT_QPA_PLATFORM="offscreen")
    return {**env, "_WORK": str(base / "work")}


def test_every_command_of_the_guide_works_in_a_fresh_environment(fresh: dict[str, str]) -> None:
    work = Path(fresh.pop("_WORK"))
    work.mkdir()
    outputs: dict[str, str] = {}
    logs: dict[str, str] = {}  # what each command printed, on both streams
    ran = 0
    for kind, body, saved in _steps(GUIDE.read_text(encoding="utf-8")):
        if saved:
            (work / saved).write_text(body, encoding="utf-8")
        if kind != "bash":
            continue
        for command in _commands(body):
            done = subprocess.run(
                ["bash", "-c", command], cwd=work, env=fresh, capture_output=True, text=True, timeout=600
            )
            assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            outputs[command] = done.stdout
            logs[command] = done.stdout + done.stderr
            ran += 1
    assert ran >= 10, "the guide's commands were found and run"
    folder = Path(outputs["boardwright scenario folder"].strip())
    assert folder.is_relative_to(Path(fresh["HOME"])) and (folder / "small_board.toml").exists()
    listed = outputs["boardwright scenario list connect_four"]
    assert f"connect_four\tsmall_board\tSmall board\t{folder / 'small_board.toml'}" in listed
    report = {path.name for path in (work / "balance").iterdir()}
    assert {"balance.md", "balance.png", "balance.svg", "lengths.png", "lengths.svg", "summary.json"} <= report
    assert "Seats rotated: 2 seatings" in (work / "balance" / "balance.md").read_text(encoding="utf-8")
    compared = outputs["boardwright compare balance-7x6 balance"]
    assert compared.startswith("connect_four: 40 games before, 40 after") and "moved beyond chance" in compared
    assert "my_game" in outputs["boardwright list"] and "connect_four" in outputs["boardwright list"]
    assert "my_game" in outputs["my-game-env/bin/boardwright list"], "a fresh environment, from the package's own files"
    schema = json.loads((work / "connect_four.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["options"]["properties"]["columns"]["maximum"] == 12
    simulated = json.loads(
        outputs["boardwright simulate connect_four --scenario small_board --games 2 --bots random --json"]
    )
    assert simulated["scenario"] == "small_board" and all(r["actions"] <= 20 for r in simulated["results"]), "5x4"
    built = logs["python -m build boardwright-my-game"]
    assert not [line for line in built.splitlines() if "warning" in line.lower()], "the build says nothing to fix"
    assert "My game / Моя игра" in outputs["boardwright list"]
    assert " passed" in outputs["pytest -q boardwright-my-game/tests"]
    built = sorted(path.name for path in (work / "boardwright-my-game" / "dist").iterdir())
    assert [name.split("-", 1)[0] for name in built] == ["boardwright_my_game", "boardwright_my_game"]
    assert any(name.endswith(".whl") for name in built) and any(name.endswith(".tar.gz") for name in built)
    # the journey ends in a compared pair of reports of the new game: the seat that wins moves
    before, after = (json.loads((work / run / "summary.json").read_text()) for run in ("my-game-15", "my-game-16"))
    assert (before["game"], before["options"], after["options"]) == ("my_game", {}, {"stones": "16"})
    assert before["wins"] == {"0": 40, "1": 0} and after["wins"] == {"0": 0, "1": 40}, "greedy plays it perfectly"
    compared = outputs["boardwright compare my-game-15 my-game-16"].splitlines()
    assert compared[0] == "my_game: 40 games before, 40 after"
    assert compared[-1] == "moved beyond chance (95%, Holm-corrected): seat 1, seat 2"
