"""A game's data files read by the kernel (framework/data.py): one preamble for every game,
and a file that is not valid TOML is refused with its name and line, not a parser's traceback."""

from __future__ import annotations

import pytest

from boardwright.framework import FileFormatError
from boardwright.framework.data import GameData


@pytest.fixture
def package(tmp_path, monkeypatch, request):
    """A game package made on the spot, with a data folder; named for the test, since a
    package once imported stays where it was found."""
    name = f"made_up_game_{request.node.name.removeprefix('test_')[:40]}"
    folder = tmp_path / name
    (folder / "data").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return folder


def test_a_data_file_is_read_from_the_games_package(package):
    (package / "data" / "game.toml").write_text("columns = 7\n[heuristic]\nlead = 1.5\n")
    assert GameData(package.name).toml("game.toml") == {"columns": 7, "heuristic": {"lead": 1.5}}


def test_a_broken_data_file_names_itself_its_line_and_what_is_wrong(package):
    (package / "data" / "game.toml").write_text("columns = 7\nrows = \n")
    with pytest.raises(FileFormatError) as caught:
        GameData(package.name).toml("game.toml")
    assert str(caught.value).startswith(f"{package.name}/data/game.toml:2: not valid TOML")
    assert 'after "=" comes a value' in str(caught.value)


def test_texts_over_several_files_are_merged_and_a_key_given_twice_is_refused(package):
    (package / "data" / "messages.toml").write_text('[en]\ntitle = "Nim"\n[ru]\ntitle = "Ним"\n')
    (package / "data" / "board.toml").write_text('[en]\npile = "Pile"\n[ru]\npile = "Кучка"\n')
    data = GameData(package.name)
    merged = data.messages("messages.toml", "board.toml")
    assert merged == {"en": {"title": "Nim", "pile": "Pile"}, "ru": {"title": "Ним", "pile": "Кучка"}}
    (package / "data" / "again.toml").write_text('[en]\ntitle = "Nim again"\n')
    with pytest.raises(FileFormatError, match=r"repeats the keys \['title'\]"):
        data.messages("messages.toml", "again.toml")


def test_every_bundled_game_reads_its_data_through_the_kernel():
    """No game keeps a preamble of its own: the same loader, so the same errors, for all."""
    from pathlib import Path

    plugins = Path(__file__).resolve().parents[2] / "plugins"
    for rules in plugins.glob("*/*.py"):
        assert "tomllib.loads((_DATA" not in rules.read_text(encoding="utf-8"), rules
