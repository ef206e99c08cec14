"""A modder drops a scenario file into the user's folder while the client runs: the library
and the new-game dialog show it without a restart; a broken file is listed with its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardwright.client.settings import Settings
from boardwright.framework import PluginHost

from .conftest import make_window

SCENARIO = """[scenario]
game = "connect_four"
id = "narrow"
title_en = "Narrow board"
title_ru = "Узкая доска"
players = [{players}]
"""


def _connect_four_row(window: Any) -> list[str]:
    games = window.library.games
    for row in range(games.topLevelItemCount()):
        item = games.topLevelItem(row)
        if item.text(0) == "Connect Four":
            return [item.text(column) for column in range(4)]
    raise AssertionError("Connect Four is not in the library")


def test_a_new_scenario_file_shows_without_a_restart(qtbot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    host = PluginHost(scenario_folders=[folder])
    window = make_window(qtbot, host, Settings(tmp_path / "client.json"))
    window.show_library()
    assert folder.is_dir(), "the client makes the folder it watches"
    assert "scenarios" not in _connect_four_row(window)[2]
    (folder / "narrow.toml").write_text(SCENARIO.format(players=2), encoding="utf-8")
    qtbot.waitUntil(lambda: "scenarios: 1" in _connect_four_row(window)[2], timeout=5000)
    assert "Scenario files changed" in window.statusBar().currentMessage()
    window.request_new_game("connect_four")
    combo = window.dialog.scenario
    assert "Narrow board" in [combo.itemText(i) for i in range(combo.count())]
    window.dialog.reject()


def test_a_broken_scenario_file_is_listed_in_the_library(qtbot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    host = PluginHost(scenario_folders=[folder])
    window = make_window(qtbot, host, Settings(tmp_path / "client.json"))
    (folder / "narrow.toml").write_text(SCENARIO.format(players=5), encoding="utf-8")
    qtbot.waitUntil(lambda: window.library.broken.isVisible(), timeout=5000)
    shown = window.library.broken.text()
    assert "narrow.toml:6: scenario.players: connect_four is not for 5 players" in shown
    assert shown.count(str(folder / "narrow.toml")) == 1  # named once, not as "path: path: ..."
    assert window.library.broken_title.text() == "Plugins and scenario files that failed to load"


def test_a_scenarios_options_fill_the_new_game_dialog(qtbot: Any, tmp_path: Path) -> None:
    """A scenario that sets a 5x4 board: choosing it in the dialog shows 5 and 4, and the game
    started from the dialog has that board."""
    from boardwright.client.new_game import NewGameDialog

    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "small.toml").write_text(
        SCENARIO.format(players=2).replace('id = "narrow"', 'id = "small"') + "\n[options]\ncolumns = 5\nrows = 4\n",
        encoding="utf-8",
    )
    host = PluginHost(scenario_folders=[folder])
    dialog = NewGameDialog(host, "connect_four", "en", [])
    qtbot.addWidget(dialog)
    assert dialog.option_widgets["columns"].value() == 7
    dialog.scenario.setCurrentIndex(dialog.scenario.findData("small"))
    assert (dialog.option_widgets["columns"].value(), dialog.option_widgets["rows"].value()) == (5, 4)
    assert dialog.config().options["columns"] == 5
    dialog.scenario.setCurrentIndex(dialog.scenario.findData(""))
    assert dialog.option_widgets["columns"].value() == 7, "the standard set-up's own default again"
