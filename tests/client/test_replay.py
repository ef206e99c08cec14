"""The replay page: a saved game on a timeline, stepped, jumped and played, seen by any seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.framework.match import Match
from boardwright.framework.simulation import Config, SeatBot, play_game

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


DISC_COLOURS = {"#d9342b", "#f2c230"}  # red and yellow; the empty holes are ellipses too


def discs(window: MainWindow) -> int:
    return sum(
        1
        for item in window.replay.view.scene().items()
        if isinstance(item, QGraphicsEllipseItem) and item.brush().color().name() in DISC_COLOURS
    )


def saved_game(host: Any, path: Path, columns: tuple[int, ...] = (3, 3, 4, 2, 5)) -> Path:
    match = Match(host.engine("connect_four"), 2, {}, 7)
    for column in columns:
        match.apply({"type": "drop", "column": column})
    match.save(path)
    return path


def test_a_saved_game_steps_back_and_forth_on_the_timeline(qtbot: Any, host: Any, window: MainWindow, tmp_path: Path):
    assert window.watch_replay(saved_game(host, tmp_path / "game.bwr"))
    page = window.replay
    assert window.pages.currentWidget() is page and page.ply == 0
    assert discs(window) == 0
    assert "Set-up; 5 actions follow" in page.step_label.text()
    assert not page.back_button.isEnabled() and page.forward_button.isEnabled()
    qtbot.mouseClick(page.forward_button, Qt.MouseButton.LeftButton)
    assert page.ply == 1 and "Action 1 of 5: Red" in page.step_label.text()
    qtbot.keyClick(page, Qt.Key.Key_End)
    assert page.ply == 5 and page.slider.value() == 5 and not page.forward_button.isEnabled()
    page.slider.setValue(2)
    assert page.ply == 2
    with_two = discs(window)
    page.go_to(4)
    assert with_two == 2 and discs(window) == 4
    assert page.log.count() > 0
    qtbot.keyClick(page, Qt.Key.Key_Left)
    assert page.ply == 3
    qtbot.keyClick(page, Qt.Key.Key_Home)
    assert page.ply == 0 and discs(window) == 0
    page.timer.setInterval(10)
    qtbot.mouseClick(page.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.ply == 5 and not page.timer.isActive(), timeout=5000)
    window.set_language("ru")
    assert "Действие 5 из 5" in page.step_label.text()
    window.set_language("en")
    qtbot.mouseClick(page.close_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.library


def test_a_bot_game_from_simulate_shows_each_seats_secrets_only_to_that_seat(
    qtbot: Any, host: Any, window: MainWindow, tmp_path: Path
) -> None:
    """Book of War hides hands: the spectator sees counts, a seat sees its own cards."""
    from boardwright.framework import replay

    engine = host.engine("book_of_war")
    config = Config("book_of_war", 2, [SeatBot("random"), SeatBot("random")], seed=4, options={"target_vp": 10})
    config.keep_records = True
    _, record = play_game(engine, host.bots(), config, 0)
    path = tmp_path / "bot.bwr"
    replay.save(path, record)
    assert window.watch_replay(path)
    page = window.replay
    page.go_to(page.match.plies // 2)
    hand = set(page.match.state_at(page.ply)["zones"]["hand:0"]["items"])
    assert hand, "seat 1 holds unit cards at this point"

    def face_up() -> set:
        return {card for card in page.view._ids.values() if card in hand}

    assert page.viewer is None and not face_up(), "the spectator sees backs only"
    page.seat_choice.setCurrentIndex(1)  # seat 1
    assert page.viewer == 0
    assert face_up() == hand, "its own hand as cards"
    QApplication.processEvents()  # let the layout settle, as on screen
    ARTIFACTS.mkdir(exist_ok=True)
    page.window().grab().save(str(ARTIFACTS / "client_replay_book_of_war.png"))


def test_the_finished_game_at_the_table_opens_on_the_timeline(window: MainWindow, click: Any) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], handover=False))
    for column in (0, 1, 0, 1, 0, 1, 0):
        click(window, column * 100 + 50, 50)
    assert window.table.replay_button.isVisible()
    window.table.replay_button.click()
    assert window.pages.currentWidget() is window.replay and window.replay.ply == 7
    assert "Game over" in window.replay.step_label.text()
    window.replay.close_button.click()
    assert window.pages.currentWidget() is window.table


def test_a_damaged_replay_file_shows_an_error(window: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.bwr"
    bad.write_bytes(b"not a replay")
    assert not window.watch_replay(bad)
    assert window.last_error and window.pages.currentWidget() is window.library


def test_play_speed_and_seek(qtbot: Any, host: Any, window: MainWindow, tmp_path: Path) -> None:
    assert window.watch_replay(saved_game(host, tmp_path / "game.bwr"))
    page = window.replay
    page.setFocus()
    assert page.timer.interval() == 700 and page.speed.currentText() == "1×"
    qtbot.keyClick(page, Qt.Key.Key_Plus)
    qtbot.keyClick(page, Qt.Key.Key_Plus)
    assert page.speed.currentText() == "4×" and page.timer.interval() == 175
    for _ in range(10):  # the fastest is the end of the list, and no further
        qtbot.keyClick(page, Qt.Key.Key_Plus)
    assert page.speed.currentText() == "8×" and page.timer.interval() == 88
    page.speed.setCurrentIndex(0)  # chosen in the list, as with the mouse
    assert page.timer.interval() == 2800
    page.slider.setValue(4)  # seek: drag the slider anywhere
    assert page.ply == 4 and discs(window) == 4
    page.set_speed_index(5)
    qtbot.mouseClick(page.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.ply == 5 and not page.timer.isActive(), timeout=3000)
    assert discs(window) == 5


def test_play_on_from_a_moment_of_a_replay(qtbot: Any, host: Any, window: MainWindow, tmp_path: Path) -> None:
    """At action 3 of a watched replay, "Play on from here" starts a new game from that very
    position, its seats chosen anew (here: a person against a bot)."""
    assert window.watch_replay(saved_game(host, tmp_path / "game.bwr"))
    page = window.replay
    page.go_to(3)
    qtbot.mouseClick(page.play_on_button, Qt.MouseButton.LeftButton)
    dialog = window.play_on_dialog
    assert [combo.currentData() for combo in dialog.combos] == ["human", "human"]
    dialog.combos[1].setCurrentIndex(dialog.combos[1].findData("random:normal"))
    dialog.accept()
    session = window.session
    assert window.pages.currentWidget() is window.table
    assert session.match.record.actions == [{"type": "drop", "column": c} for c in (3, 3, 4)]
    assert session.match.record.seed == 7 and 1 in session.bots and 0 in session.humans
    qtbot.waitUntil(lambda: session.ply() == 4, timeout=5000)  # Yellow, now a bot, moves from there
    assert window.table.legal, "then the person, from that position"
