"""The screenshot set: every installed game in both languages and both themes at 1280x720,
saved to artifacts/ to be looked at, each checked for a usable layout: the board keeps most
of the width, the seats, the moves and the log stay in view."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.framework import PluginHost

from .test_screenshots import shoot, wait_for_person

GAMES = sorted(PluginHost().games())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_in_both_languages_and_themes_at_1280x720(qtbot: Any, host: PluginHost, window: MainWindow, game_id):
    game = host.games()[game_id]
    players = game.spec.players[0]
    window.resize(1280, 720)
    assert window.start_game(GameConfig(game_id, players, ["human"] + ["random"] * (players - 1), seed=5))
    for _ in range(3):
        wait_for_person(qtbot, window)
        if window.table.legal and not window.session.match.is_over():
            window.table.play(window.table.legal[0])
    wait_for_person(qtbot, window)
    try:
        for theme in ("light", "dark"):
            window.set_theme(theme)
            for lang in ("en", "ru"):
                window.set_language(lang)
                QApplication.processEvents()
                table = window.table
                assert table.view.width() >= 0.55 * window.width(), "the board keeps most of the window"
                assert table.seats.isVisible() and table.seats.height() >= 2 * table.seats.fontMetrics().height()
                assert table.list_toggle.isVisible(), "the move list is one click away"
                assert not table.action_list.isVisible(), "the move list is collapsed until asked for"
                assert table.log.isVisible() and table.log.height() >= 60
                shoot(window, f"set_{game_id}_{lang}_{theme}")
    finally:
        window.set_theme("light")
        window.set_language("en")
