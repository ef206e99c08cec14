"""The one-folder desktop application, built as packaging/README.md says: it lists every
bundled game, renders a board offscreen, and finds a game a user installed into its plugin
folder with pip."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardwright.framework import PluginHost

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("bundle")
    built = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py"), "--dist", str(base / "dist"), "--work", str(base / "w")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
    app = base / "dist" / "boardwright" / "boardwright"
    assert app.is_file()
    return app


def _run(app: Path, *args: str, plugins: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    if plugins is not None:
        env["BOARDWRIGHT_PLUGINS"] = str(plugins)
    return subprocess.run([str(app), *args], capture_output=True, text=True, timeout=120, env=env, cwd="/")


def test_the_bundle_lists_every_bundled_game_and_renders_a_board(bundle: Path, tmp_path: Path) -> None:
    listed = _run(bundle, "list", "--json")
    assert listed.returncode == 0, listed.stderr
    games = {game["id"] for game in json.loads(listed.stdout)["games"]}
    assert games == set(PluginHost().games()), "the same games as this installed copy"
    picture = tmp_path / "board.png"
    shown = _run(bundle, "play", "book_of_war", "--seats", "human,random", "--screenshot", str(picture))
    assert shown.returncode == 0, shown.stderr
    assert picture.stat().st_size > 50_000


def test_the_bundle_holds_the_programs_data_and_not_the_source_tree_around_it(bundle: Path) -> None:
    """The package is the whole source tree: the bundle takes each game's data folder and the
    new-plugin templates from it, never the developer's .venv, .git, caches or tests, and
    not Ray (the `ray` extra of an installed copy), which made it 1.3 GB."""
    internal = bundle.parent / "_internal"
    package = internal / "boardwright"
    files = [path.relative_to(package).as_posix() for path in package.rglob("*") if path.is_file()]
    stray = [
        name
        for name in files
        if not (name.startswith("cli/templates/") or (name.startswith("plugins/") and "/data/" in name))
    ]
    assert not stray, f"files of the source tree in the bundle: {stray[:10]}"
    tracked = subprocess.run(
        ["git", "ls-files", "plugins/*/data/*", "cli/templates/*"], capture_output=True, text=True, cwd=ROOT
    ).stdout.split()
    if tracked:  # a checkout: every data file it holds is in the bundle
        assert sorted(tracked) == sorted(files)
    assert "rules.en.md" in {Path(name).name for name in files}
    assert not (internal / "ray").exists()
    size = sum(path.stat().st_size for path in internal.rglob("*") if path.is_file())
    assert size < 400 * 2**20, f"the bundle holds {size / 2**20:.0f} MB"


def test_a_game_installed_into_the_plugin_folder_is_found(bundle: Path, tmp_path: Path) -> None:
    package = tmp_path / "src"
    made = subprocess.run(
        [sys.executable, "-m", "boardwright.cli.main", "new-plugin", "pebbles", str(package)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "plugins"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    installed = subprocess.run([*pip, "--target", str(folder), str(package)], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    listed = _run(bundle, "list", plugins=folder)
    assert listed.returncode == 0 and "pebbles" in listed.stdout
    assert "pebbles" not in _run(bundle, "list").stdout, "only from the plugin folder"
