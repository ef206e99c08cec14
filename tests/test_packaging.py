"""The wheel holds every folder of code and data: each one is a package listed in
pyproject.toml, so a build neither drops files nor warns about folders it guessed."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ("framework", "bots", "cli", "client", "net", "plugins")
DATA_SUFFIXES = {".toml", ".json", ".csv", ".tmpl", ".svg"}


def _listed() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def _folders_with_files() -> set[str]:
    found = set()
    for top in TOP:
        for path in (ROOT / top).rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or path.suffix in DATA_SUFFIXES:
                found.add(".".join(("boardwright", *path.parent.relative_to(ROOT).parts)))
    return found


def test_every_folder_of_code_or_data_is_a_listed_package():
    missing = sorted(_folders_with_files() - _listed())
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_listed_package_exists():
    gone = sorted(name for name in _listed() if not (ROOT / Path(*name.split(".")[1:])).is_dir())
    assert not gone, f"listed in pyproject.toml but not in the tree: {gone}"


def test_every_bundled_game_registers_through_an_entry_point():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    points = config["project"]["entry-points"]["boardwright"]
    games = {path.name for path in (ROOT / "plugins").iterdir() if (path / "plugin.py").exists()}
    assert games <= set(points), f"games without an entry point: {sorted(games - set(points))}"
