"""Bots' moves at a pace a person can follow, or one move at a time with Next move (N)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings

from .conftest import make_window


def test_one_move_at_a_time_waits_for_next_move(qtbot: Any, window: MainWindow) -> None:
    table = window.table
    assert window.start_game(GameConfig("connect_four", 2, ["random", "random"], seed=2, handover=False))
    assert table.pace_row.isVisible()
    table.pace.setCurrentIndex(table.pace.findData("step"))  # as chosen in the list
    assert window.settings.data["bot_pace"] == "step"
    qtbot.waitUntil(lambda: window.session.waiting_move is not None, timeout=5000)
    made = len(window.session.match.record.actions)
    QApplication.processEvents()
    assert table.next_move_button.isVisible() and table.next_move_button.isEnabled()
    qtbot.wait(200)
    assert len(window.session.match.record.actions) == made, "the bot's move waits"
    qtbot.mouseClick(table.next_move_button, Qt.MouseButton.LeftButton)
    assert len(window.session.match.record.actions) == made + 1
    qtbot.waitUntil(lambda: window.session.waiting_move is not None, timeout=5000)
    window.activateWindow()
    table.action_list.setFocus()
    qtbot.keyClick(table.action_list, Qt.Key.Key_N)  # the same from the keyboard
    qtbot.waitUntil(lambda: len(window.session.match.record.actions) == made + 2, timeout=2000)
    table.pace.setCurrentIndex(table.pace.findData("instant"))  # back to full speed: the waiting move goes
    qtbot.waitUntil(lambda: window.session.match.is_over(), timeout=10000)


def test_the_pace_is_remembered_for_the_next_game(qtbot: Any, host: Any, settings: Settings) -> None:
    first = make_window(qtbot, host, settings)
    assert first.start_game(GameConfig("connect_four", 2, ["human", "random"], seed=2, handover=False))
    first.table.pace.setCurrentIndex(first.table.pace.findData("slow"))
    assert first.session.bot_delay_ms == 1600 and not first.session.stepping
    later = make_window(qtbot, host, settings)
    assert later.start_game(GameConfig("connect_four", 2, ["human", "random"], seed=3, handover=False))
    assert later.table.pace.currentData() == "slow" and later.session.bot_delay_ms == 1600


def test_no_pace_choice_without_bots(window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=2, handover=False))
    assert not window.table.pace_row.isVisible()
