"""Rules in the client: every bundled game ships a rules page in English and Russian, and a
person opens it with F1 at the table or with Rules in the library."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.rules_dialog import rules_text
from boardwright.framework import PluginHost

BUNDLED = ("connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum")


@pytest.mark.parametrize("game_id", BUNDLED)
def test_every_bundled_game_ships_rules_in_both_languages(host: PluginHost, game_id: str) -> None:
    game = host.games()[game_id]
    english, russian = rules_text(game, "en"), rules_text(game, "ru")
    assert english and russian and english != russian
    assert english.lstrip().startswith("#") and len(english.splitlines()) >= 30
    assert any("\u0400" <= char <= "\u04ff" for char in russian), "the Russian page is in Russian"


def test_f1_at_the_table_shows_the_games_rules(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    assert window.rules_action.shortcut().matches(Qt.Key.Key_F1) is not None
    window.rules_action.trigger()
    dialog = window.rules_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowTitle() == "Rules: Connect Four"
    assert dialog.text.toPlainText() == dialog.text.toPlainText().strip() != ""
    assert "four" in dialog.text.toPlainText().lower()
    dialog.close()
    window.set_language("ru")
    window.rules_action.trigger()
    assert window.rules_dialog.windowTitle().startswith("Правила: ")


def test_rules_from_the_library(qtbot: Any, window: MainWindow) -> None:
    window.show_library()
    games = window.library.games
    for row in range(games.topLevelItemCount()):
        games.topLevelItem(row).setSelected(games.topLevelItem(row).text(0) == "Book of War")
    qtbot.mouseClick(window.library.rules_button, Qt.MouseButton.LeftButton)
    assert window.rules_dialog.windowTitle() == "Rules: Book of War"


def test_a_game_without_a_rules_page_says_so(qtbot: Any, token_window: MainWindow) -> None:
    dialog = token_window.show_rules("token_test")
    assert dialog is not None
    assert dialog.text.toPlainText() == "Token test ships no rules page."
