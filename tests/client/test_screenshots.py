"""Screenshots of real windows, saved to artifacts/ (git-ignored) for people to look at.

Every installed game is opened too: it either draws a board (or the no-board note) after a
few moves, or shows an error dialog; the window never goes down with a game's bug.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.framework import PluginHost

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def shoot(window: MainWindow, name: str) -> Path:
    QApplication.processEvents()  # let pending layout requests settle, as they would on screen
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"client_{name}.png"
    assert window.grab().save(str(path))
    assert path.stat().st_size > 10_000  # a real picture, not an empty frame
    return path


def wait_for_person(qtbot: Any, window: MainWindow) -> None:
    session = window.session
    assert session is not None
    qtbot.waitUntil(lambda: session.match.is_over() or session.human_to_move(), timeout=10000)


def shoot_widget(widget: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"client_{name}.png"
    assert widget.grab().save(str(path))


def test_screenshots_of_the_library_and_a_game(qtbot: Any, window: MainWindow, click: Any) -> None:
    shoot(window, "library")
    window.request_new_game("connect_four")
    assert window.dialog is not None
    shoot_widget(window.dialog, "new_game")
    window.dialog.reject()
    assert window.start_game(GameConfig("connect_four", 2, ["human", "random:normal"], seed=11))
    for column in (3, 3, 4, 2):
        click(window, column * 100 + 50, 50)
        wait_for_person(qtbot, window)
    shoot(window, "connect_four")
    window.set_language("ru")
    shoot(window, "connect_four_ru")
    window.show_library()
    shoot(window, "library_ru")
    window.set_language("en")


def test_screenshot_of_a_finished_game(qtbot: Any, window: MainWindow, click: Any) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], handover=False))
    for column in (0, 1, 0, 1, 0, 1, 0):
        click(window, column * 100 + 50, 50)
    assert window.table.banner.isVisible()
    shoot(window, "connect_four_over")


def test_screenshot_of_a_series_game_over(qtbot: Any, window: MainWindow) -> None:
    """The banner offers the next game of a Book of War series."""
    config = GameConfig("book_of_war", 2, ["random:normal", "random:normal"], {"target_vp": 10}, seed=2)
    assert window.start_game(config)
    qtbot.waitUntil(lambda: window.session is not None and window.session.match.is_over(), timeout=20000)
    assert window.table.next_button.isVisible()
    shoot(window, "book_of_war_series_over")


def test_screenshot_of_every_shape(token_window: MainWindow) -> None:
    assert token_window.start_game(GameConfig("token_test", 2, ["human", "human"], handover=False))
    shoot(token_window, "shapes")


def test_every_installed_game_opens_or_reports_its_error(qtbot: Any, host: PluginHost, window: MainWindow) -> None:
    for game_id, game in host.games().items():
        if game_id == "connect_four":
            continue
        players = game.spec.players[0]
        window.error_box = None
        started = window.start_game(GameConfig(game_id, players, ["human"] + ["random:normal"] * (players - 1), seed=2))
        if not started:
            assert window.error_box is not None and window.error_box.isVisible()
            window.error_box.close()
            continue
        for _ in range(4):
            wait_for_person(qtbot, window)
            if window.table.legal:
                window.table.play(window.table.legal[0])
        wait_for_person(qtbot, window)
        assert window.table.view.scene().items(), game_id
        shoot(window, game_id)


def test_screenshot_of_the_hand_over_page(window: MainWindow, click: Any) -> None:
    window.set_language("ru")
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], handover=True))
    click(window, 350, 550)
    assert window.table.stack.currentWidget() is window.table.cover
    shoot(window, "hand_over_ru")
