"""`boardwright new-plugin`: what the package it writes needs to install and build anywhere."""

from __future__ import annotations

import importlib.metadata
import json
import tomllib

import pytest

from boardwright.cli import new_plugin
from boardwright.cli.main import main


class _Installed:
    """A distribution whose `direct_url.json` says where it was installed from."""

    def __init__(self, direct: dict | None) -> None:
        self.direct = direct

    def read_text(self, name: str) -> str | None:
        return json.dumps(self.direct) if self.direct is not None and name == "direct_url.json" else None


def test_the_package_pins_the_boardwright_it_was_made_with(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "3.4.1")
    assert main(["new-plugin", "my_game", str(tmp_path / "pkg")]) == 0
    project = tomllib.loads((tmp_path / "pkg" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == ["boardwright>=3.4,<4"]
    assert (
        (tmp_path / "pkg" / "requirements-boardwright.txt")
        .read_text(encoding="utf-8")
        .endswith("\nboardwright>=3.4,<4\n")
    )
    out = capsys.readouterr().out
    assert f"pip install -r '{tmp_path / 'pkg' / 'requirements-boardwright.txt'}' -e '{tmp_path / 'pkg'}[test]'" in out


@pytest.mark.parametrize(
    ("direct", "lines"),
    [
        ({"url": "file:///src/boardwright", "dir_info": {"editable": True}}, ["-e /src/boardwright"]),
        ({"url": "file:///src/boardwright", "dir_info": {}}, ["/src/boardwright"]),
        (
            {"url": "file:///tmp/wheels/boardwright-0.1.0-py3-none-any.whl", "archive_info": {}},
            ["--find-links /tmp/wheels"],
        ),
        ({"url": "file:///tmp/dist/boardwright-0.1.0.tar.gz", "archive_info": {}}, ["--find-links /tmp/dist"]),
        ({"url": "https://example.org/boardwright-0.1.0.tar.gz", "archive_info": {}}, []),
        (None, []),  # from a package index: the requirement alone finds it
    ],
)
def test_pip_is_told_where_boardwright_came_from(monkeypatch, direct, lines):
    monkeypatch.setattr(importlib.metadata, "distribution", lambda name: _Installed(direct))
    assert new_plugin.boardwright_source() == lines


def test_its_data_folders_are_packages_so_that_setuptools_builds_it_quietly(tmp_path):
    new_plugin.create("my_game", tmp_path / "pkg")
    package = tmp_path / "pkg" / "my_game"
    assert (package / "data" / "__init__.py").exists() and (package / "data" / "scenarios" / "__init__.py").exists()
    setuptools = tomllib.loads((tmp_path / "pkg" / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["packages"] == ["my_game", "my_game.data", "my_game.data.scenarios"]
