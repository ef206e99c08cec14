"""Scenario files: checked against the game's schema with file, line and field."""

from __future__ import annotations

import pytest

from boardwright.framework import Game, GameSpec, ScenarioError
from boardwright.framework.scenarios import load_scenario


class Mapped(Game):
    spec = GameSpec(id="mapped", version="1", title_en="Mapped", title_ru="Карта", players=(2, 3))
    scenario_schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "castles_to_win": {"type": "integer", "minimum": 1},
            "start": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    }

    def check_scenario(self, data):
        return [
            (f"start.{seat}", f"unknown region {region!r}")
            for seat, region in data.get("start", {}).items()
            if region not in ("north", "south")
        ]


GOOD = """[scenario]
game = "mapped"
id = "short"
title_en = "Short game"
players = [2]

[data]
castles_to_win = 5

[data.start]
a = "north"
"""


@pytest.fixture
def games():
    return {"mapped": Mapped()}


def _write(tmp_path, text):
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_scenario_loads(tmp_path, games):
    scenario = load_scenario(_write(tmp_path, GOOD), games)
    assert scenario.id == "short" and scenario.players == (2,)
    assert scenario.data == {"castles_to_win": 5, "start": {"a": "north"}}


@pytest.mark.parametrize(
    ("change", "line", "field", "problem"),
    [
        (("castles_to_win = 5", "castles_to_win = 0"), 8, "data.castles_to_win", "less than the minimum"),
        (("castles_to_win = 5", 'castles_to_win = "five"'), 8, "data.castles_to_win", "is not of type 'integer'"),
        (('a = "north"', 'a = "west"'), 11, "data.start.a", "unknown region 'west'"),
        (('id = "short"', 'id = "Short Game"'), 3, "scenario.id", "does not match"),
        (('game = "mapped"', 'game = "chess"'), 2, "scenario.game", "unknown game 'chess'"),
        (("players = [2]", "players = [5]"), 5, "scenario.players", "not for 5 players"),
        (
            ("castles_to_win = 5", "castles_to_win = 5\nspeed = 3"),
            9,
            "data.speed",
            "unknown field (allowed: castles_to_win, start)",
        ),
        (("castles_to_win = 5", "castles_to_win = = 5"), 8, "(syntax)", "Invalid value"),
        (('title_en = "Short game"\n', ""), None, "scenario.title_en", "is missing"),
    ],
)
def test_a_broken_scenario_names_file_line_and_field(tmp_path, games, change, line, field, problem):
    path = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, games)
    error = caught.value
    assert error.path == str(path)
    assert error.field == field
    assert problem in error.problem
    if line is not None:
        assert error.line == line
    assert str(error).startswith(f"{path}:{line}: {field}:" if line else f"{path}: {field}:")


def test_unreadable_files(tmp_path, games):
    with pytest.raises(ScenarioError, match="No such file"):
        load_scenario(tmp_path / "missing.toml", games)
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[scenario]\ngame = "caf\xe9"\n')
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(path, games)
