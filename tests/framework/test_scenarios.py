"""Scenario files: checked against the game's schema with file, line and field."""

from __future__ import annotations

import tomllib

import pytest

from boardwright.framework import Engine, Game, GameSpec, Option, ScenarioError
from boardwright.framework.scenarios import file_schema, load_scenario


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


class Plain(Game):
    """A game with options and no scenario schema of its own, as `new-plugin` once made them."""

    spec = GameSpec(
        id="plain",
        version="1",
        title_en="Plain",
        title_ru="Просто",
        players=(2,),
        options=(Option("columns", 7, minimum=4, maximum=12), Option("mode", "long", choices=("long", "short"))),
    )


PLAIN = """[scenario]
game = "plain"
id = "small"
title_en = "Small"

[options]
columns = 5
"""


@pytest.fixture
def plain_games():
    return {"plain": Plain()}


def test_a_scenario_sets_options_that_the_game_starts_from(tmp_path, plain_games):
    scenario = load_scenario(_write(tmp_path, PLAIN), plain_games)
    assert scenario.options == {"columns": 5}
    engine = Engine(Plain(), [scenario])
    assert engine.prepare(2, scenario="small").options["columns"] == 5
    assert engine.prepare(2, {"columns": 9}, "small").options["columns"] == 9, "a player's own choice wins"
    assert engine.prepare(2).options["columns"] == 7


@pytest.mark.parametrize(
    ("change", "line", "field", "problem"),
    [
        (("columns = 5", "columns = 50"), 7, "options.columns", "50 is greater than the maximum of 12"),
        (("columns = 5", "columns = 5.0"), 7, "options.columns", "expected int, got 5.0"),
        (("columns = 5", "rows = 5"), 7, "options.rows", "unknown field (allowed: columns, mode, round_cap)"),
        (("columns = 5", 'mode = "shrot"'), 7, "options.mode", "'shrot' is not one of 'long', 'short' (did you mean"),
        (("[options]\ncolumns = 5", "[data]\ncolumns = 5"), 7, "data.columns", "allowed: none); it is an option"),
        (("[options]\ncolumns = 5", "[data]\nsize = 5"), 7, "data.size", "unknown field (allowed: none)"),
    ],
)
def test_options_are_checked_and_a_game_without_a_schema_takes_no_data(
    tmp_path, plain_games, change, line, field, problem
):
    path = _write(tmp_path, PLAIN.replace(*change))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, plain_games)
    assert (caught.value.line, caught.value.field) == (line, field)
    assert problem in caught.value.problem


def test_a_value_of_none_of_the_allowed_shapes_names_the_allowed_values(tmp_path):
    class Units(Mapped):
        scenario_schema = {
            "type": "object",
            "properties": {
                "unit": {
                    "anyOf": [{"enum": ["warrior", "mage"]}, {"type": "array", "items": {"enum": ["warrior", "mage"]}}]
                }
            },
        }

    games = {"mapped": Units()}
    text = GOOD.replace("castles_to_win = 5", 'unit = "wariror"').replace('[data.start]\na = "north"\n', "")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, text), games)
    assert caught.value.problem == (
        "'wariror' is not one of 'warrior', 'mage' or a list of 'warrior', 'mage' (did you mean 'warrior'?)"
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, text.replace('"wariror"', '["mage", "wariror"]')), games)
    assert caught.value.field == "data.unit[1]"
    assert caught.value.problem == "'wariror' is not one of 'warrior', 'mage' (did you mean 'warrior'?)"


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ("castles_to_win = five", 'column 18: Invalid value (after "=" comes a value'),
        (
            "castles_to_win 5",
            "column 16: Expected '=' after a key in a key/value pair (each line of a table is key = value)",
        ),
        ("castles_to_win = 5\ncastles_to_win = 6", "Cannot overwrite a value (a key is written twice: keep one)"),
        ('castles_to_win = "5', "is missing its closing quote before the end of the line"),
    ],
)
def test_a_syntax_error_says_what_it_means(tmp_path, games, broken, said):
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, GOOD.replace("castles_to_win = 5", broken)), games)
    assert caught.value.field == "(syntax)"
    assert caught.value.problem.startswith("not valid TOML, ") and said in caught.value.problem
    assert "(at line" not in caught.value.problem, "the line is in the error's place, once"


def test_the_file_schema_accepts_what_validate_accepts_and_refuses_a_field_it_refuses(tmp_path, plain_games):
    import jsonschema

    schema = file_schema(Plain())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(tomllib.loads(PLAIN)))
    for change in [("columns = 5", "columns = 50"), ("[options]", "[data]"), ('game = "plain"', 'game = "chess"')]:
        with pytest.raises(ScenarioError):
            load_scenario(_write(tmp_path, PLAIN.replace(*change)), plain_games)
        assert list(validator.iter_errors(tomllib.loads(PLAIN.replace(*change)))), change
