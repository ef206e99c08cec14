"""Nothing is lost: the game at the table is saved after every action, the last game resumes
on start, the window asks before a game in progress is left, and the game-over banner
offers a rematch and a new game. Each goes through the window as a person uses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from boardwright.client.app import MainWindow
from boardwright.client.launch import _open
from boardwright.client.new_game import GameConfig, NewGameDialog
from boardwright.client.settings import Settings
from boardwright.framework import replay

from .conftest import make_window


def _start(window: MainWindow, seat_kinds: list[str], seed: int = 1) -> None:
    assert window.start_game(GameConfig("connect_four", 2, seat_kinds, seed=seed, handover=False))


def _play_from_the_list(qtbot: Any, window: MainWindow, row: int = 0) -> None:
    """A move as a person makes it without the mouse: a row of the action list, then Enter."""
    before = len(window.session.match.record.actions)
    actions = window.table.action_list
    actions.setFocus()
    actions.setCurrentRow(row)
    qtbot.keyClick(actions, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.match.record.actions) > before, timeout=3000)


def _button(box: QMessageBox, text: str) -> Any:
    return next(button for button in box.buttons() if button.text() == text)


def test_every_action_is_saved_and_a_finished_game_leaves_no_autosave(qtbot: Any, window: MainWindow) -> None:
    path = window.settings.autosave_path
    _start(window, ["human", "human"])
    assert not path.exists(), "nothing to keep before the first move"
    _play_from_the_list(qtbot, window, 3)
    assert replay.load(path).actions == [{"type": "drop", "column": 3}]
    _play_from_the_list(qtbot, window, 0)
    assert len(replay.load(path).actions) == 2
    for _ in range(5):  # seat 0 plays column 3, seat 1 column 0: four in a row at the 7th action
        _play_from_the_list(qtbot, window, 3 if len(window.session.match.record.actions) % 2 == 0 else 0)
        if window.session.match.is_over():
            break
    assert window.session.match.is_over()
    assert not path.exists()


def test_the_last_game_resumes_on_start_where_it_was_left(qtbot: Any, host: Any, settings: Settings) -> None:
    first = make_window(qtbot, host, settings)
    _start(first, ["human", "random"], seed=5)
    _play_from_the_list(qtbot, first, 2)
    qtbot.waitUntil(lambda: len(first.session.match.record.actions) == 2, timeout=3000)  # the bot answered
    first.quit_now()  # as after a confirmed Quit or a crash: the autosave is all that is left
    later = make_window(qtbot, host, settings)
    assert _open(later, None, None)  # what `boardwright play` does without a game named
    assert later.pages.currentWidget() is later.table
    assert later.session.match.record.actions == first.session.match.record.actions
    assert later.session.match.record.seat_kinds == ["human", "random"]
    assert "saved after every move" in later.statusBar().currentMessage()


def test_the_library_offers_the_last_game(qtbot: Any, host: Any, settings: Settings) -> None:
    first = make_window(qtbot, host, settings)
    _start(first, ["human", "human"])
    _play_from_the_list(qtbot, first, 1)
    first.quit_now()
    later = make_window(qtbot, host, settings)
    later.show_library()
    button = later.library.resume_button
    assert button.isVisible() and button.text() == "Resume Connect Four, move 1"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert later.pages.currentWidget() is later.table
    assert later.session.match.record.actions == [{"type": "drop", "column": 1}]


def test_a_damaged_autosave_is_set_aside_with_one_message(qtbot: Any, window: MainWindow) -> None:
    path = window.settings.autosave_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x93not a save")
    assert window.last_game() is None
    assert not window.resume_last_game()
    assert "could not be resumed" in window.statusBar().currentMessage()
    assert not path.exists() and path.with_name("autosave.bwr.broken").exists()
    assert window.session is None


def test_quit_asks_first_and_cancel_keeps_the_game(qtbot: Any, window: MainWindow) -> None:
    window.close()
    assert window.leave_box is None and not window.isVisible(), "no game: it just closes"
    window.show()
    _start(window, ["human", "human"])
    _play_from_the_list(qtbot, window, 0)
    window.quit_action.trigger()  # Ctrl+Q
    box = window.leave_box
    assert box is not None and window.isVisible()
    assert "resumes when you start Boardwright again" in box.informativeText()
    _button(box, "Cancel").click()
    assert window.isVisible() and len(window.session.match.record.actions) == 1
    window.quit_action.trigger()
    _button(window.leave_box, "Quit").click()
    assert not window.isVisible()
    assert replay.load(window.settings.autosave_path).actions == [{"type": "drop", "column": 0}]


def test_a_new_game_asks_before_replacing_the_one_in_progress(qtbot: Any, window: MainWindow) -> None:
    _start(window, ["human", "human"])
    _play_from_the_list(qtbot, window, 0)
    window.new_action.trigger()  # Ctrl+N
    box = window.leave_box
    assert box is not None and "will be replaced" in box.informativeText()
    assert window.dialog is None, "the dialog waits for the answer"
    _button(box, "Leave").click()
    assert isinstance(window.dialog, NewGameDialog) and window.dialog.isVisible()
    window.dialog.reject()


def test_the_banner_offers_a_rematch_and_a_new_game(qtbot: Any, window: MainWindow) -> None:
    _start(window, ["random", "random"], seed=4)
    qtbot.waitUntil(lambda: window.session.match.is_over(), timeout=10000)
    QApplication.processEvents()
    table = window.table
    assert table.rematch_button.isVisible() and table.new_game_button.isVisible()
    finished = window.session.match.record
    qtbot.mouseClick(table.rematch_button, Qt.MouseButton.LeftButton)
    record = window.session.match.record
    assert record.seat_kinds == finished.seat_kinds and record.options == finished.options
    assert record.seed != finished.seed, "a new deal"
    qtbot.waitUntil(lambda: window.session.match.is_over(), timeout=10000)
    QApplication.processEvents()
    qtbot.mouseClick(table.new_game_button, Qt.MouseButton.LeftButton)
    assert window.leave_box is None, "a finished game is left without asking"
    assert isinstance(window.dialog, NewGameDialog) and window.dialog.isVisible()
    window.dialog.reject()


def test_dialog_titles_show_no_shortcut_marks(window: MainWindow, monkeypatch: Any, tmp_path: Path) -> None:
    titles = []

    def fake_save(_parent: Any, title: str, *_args: Any) -> tuple[str, str]:
        titles.append(title)
        return "", ""

    monkeypatch.setattr("boardwright.client.game_files.QFileDialog.getSaveFileName", fake_save)
    monkeypatch.setattr("boardwright.client.game_files.QFileDialog.getOpenFileName", fake_save)
    _start(window, ["human", "human"])
    window.choose_file_to_save()
    window.choose_file_to_open()
    window.choose_replay_to_watch()
    assert titles and all("&" not in title for title in titles), titles
