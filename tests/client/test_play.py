"""Playing Connect Four in the window: the library, the new-game dialog, clicks, bots, undo,
save and load, a damaged file, the language switch, hot-seat and the game-over banner."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QGraphicsEllipseItem

from boardwright.client import settings as settings_module
from boardwright.client.app import MainWindow
from boardwright.client.launch import run_client
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings
from boardwright.framework import kernel

RED = QColor("#d9342b")
YELLOW = QColor("#f2c230")


def hole(column: int, row: int) -> tuple[float, float]:
    """The centre of a hole on the standard 7 x 6 board, row 0 at the bottom."""
    return column * 100 + 50, (5 - row) * 100 + 50


def disc_colour(window: MainWindow, column: int, row: int) -> QColor | None:
    view = window.table.view
    for item in view.scene().items(QPointF(*hole(column, row))):
        if isinstance(item, QGraphicsEllipseItem):
            return item.brush().color()
    return None


def start(window: MainWindow, seat_kinds: list[str], seed: int = 1, handover: bool = False) -> None:
    assert window.start_game(GameConfig("connect_four", 2, seat_kinds, seed=seed, handover=handover))


def actions(window: MainWindow) -> list[dict[str, Any]]:
    assert window.session is not None
    return window.session.match.record.actions


def test_library_lists_connect_four(window: MainWindow) -> None:
    games = window.library.games
    rows = [[games.topLevelItem(i).text(c) for c in range(4)] for i in range(games.topLevelItemCount())]
    row = next(row for row in rows if row[0] == "Connect Four")
    assert row[1].startswith("Четыре в ряд")
    assert row[2] == "2"
    assert "four in a row wins" in row[3]
    assert games.headerItem().text(2) == "Players"


def test_library_lists_broken_plugins(token_window: MainWindow) -> None:
    assert token_window.library.broken.isVisible()
    assert "misspelt: unknown hook boardwright_gmaes" in token_window.library.broken.text()


def test_new_game_dialog_starts_person_against_bot(qtbot: Any, window: MainWindow) -> None:
    window.request_new_game("connect_four")
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    assert [label.text() for label in dialog.seat_labels] == ["Red", "Yellow"]
    first, second = (combo.currentData() for combo in dialog.seat_combos)
    assert first == "human" and second != "human"
    dialog.set_seat(1, "random:normal")
    assert {"columns", "rows", "connect", "round_cap"} <= set(dialog.option_widgets)
    dialog.option_widgets["columns"].setValue(8)
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.table
    assert window.session is not None
    assert window.session.bots.keys() == {1}
    assert window.session.match.record.options["columns"] == 8
    assert window.table.action_list.count() == 8
    assert window.settings.seat_kinds("connect_four") == ["human", "random:normal"]


def test_click_on_a_column_drops_a_disc_and_the_bot_answers(qtbot: Any, window: MainWindow, click: Any) -> None:
    start(window, ["human", "random:normal"])
    assert disc_colour(window, 3, 0) != RED
    click(window, *hole(3, 4))  # any hole of the column drops to its bottom
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    assert actions(window)[0] == {"type": "drop", "column": 3}
    assert window.session is not None and window.session.human_to_move()
    qtbot.waitUntil(lambda: disc_colour(window, 3, 0) == RED)
    bot_column = actions(window)[1]["column"]
    assert disc_colour(window, bot_column, 1 if bot_column == 3 else 0) == YELLOW
    assert window.table.log.item(0).text() == "Red drops a disc in column 4"
    assert window.table.action_list.count() == 7


def test_double_click_on_an_action_plays_it(qtbot: Any, window: MainWindow) -> None:
    start(window, ["human", "random:normal"])
    item = window.table.action_list.item(5)
    assert item.text() == "Column 6"
    rect = window.table.action_list.visualItemRect(item)
    viewport = window.table.action_list.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    assert actions(window) == []  # one click only selects
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    assert actions(window)[0] == {"type": "drop", "column": 5}


def test_the_keyboard_alone_plays_from_the_list(qtbot: Any, window: MainWindow) -> None:
    start(window, ["human", "random:normal"])
    moves = window.table.action_list
    moves.setFocus()
    qtbot.keyClick(moves, Qt.Key.Key_Down)
    qtbot.keyClick(moves, Qt.Key.Key_Down)
    qtbot.keyClick(moves, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    assert actions(window)[0] == {"type": "drop", "column": 2}


def test_undo_goes_back_to_the_persons_last_choice(qtbot: Any, window: MainWindow, click: Any) -> None:
    start(window, ["human", "random:normal"])
    click(window, *hole(2, 0))
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    column = next(
        c for c in (4, 5, 6) if disc_colour(window, c, 0) is None or disc_colour(window, c, 0) not in (RED, YELLOW)
    )
    click(window, *hole(column, 0))  # a column the bot did not answer in
    qtbot.waitUntil(lambda: len(actions(window)) == 4)
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    window.undo_action.trigger()
    assert actions(window)[:1] == [{"type": "drop", "column": 2}]
    assert len(actions(window)) == 2
    assert disc_colour(window, column, 0) not in (RED, YELLOW)
    window.undo_action.trigger()
    assert actions(window) == []
    assert disc_colour(window, 2, 0) not in (RED, YELLOW)
    assert window.table.action_list.count() == 7


def test_save_and_load_round_trip(qtbot: Any, window: MainWindow, click: Any, tmp_path: Path) -> None:
    start(window, ["human", "random:normal"], seed=7)
    click(window, *hole(0, 0))
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    saved = list(actions(window))
    path = tmp_path / "game.bwr"
    assert window.save_to(path)
    start(window, ["human", "human"])
    assert actions(window) == []
    assert window.load_from(path)
    assert actions(window) == saved
    assert window.session is not None
    assert window.session.bots.keys() == {1}
    assert disc_colour(window, 0, 0) == RED
    assert window.settings.folder == str(tmp_path)
    window.show_library()
    assert window.library.back_button.isVisible()
    window.library.back_button.click()
    assert window.pages.currentWidget() is window.table


def test_a_damaged_save_shows_an_error_and_keeps_the_game(
    qtbot: Any, window: MainWindow, click: Any, tmp_path: Path
) -> None:
    start(window, ["human", "random:normal"])
    click(window, *hole(1, 0))
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    good = tmp_path / "good.bwr"
    assert window.save_to(good)
    session = window.session
    for name, data in (("noise.bwr", b"\x00\xffnot msgpack at all"), ("cut.bwr", good.read_bytes()[:-9])):
        damaged = tmp_path / name
        damaged.write_bytes(data)
        assert not window.load_from(damaged)
        assert window.error_box is not None and window.error_box.isVisible()
        assert name in window.last_error
        window.error_box.close()
        assert window.session is session
        assert len(actions(window)) == 2
    assert window.pages.currentWidget() is window.table


def test_language_switch_changes_the_texts(qtbot: Any, window: MainWindow, settings: Settings) -> None:
    start(window, ["human", "random:normal"])
    assert window.table.action_list.item(0).text() == "Column 1"
    window.language_actions["ru"].trigger()
    assert window.game_menu.title() == "&Игра"
    assert window.table.action_list.item(0).text() == "Столбец 1"
    assert window.table.status.text() == "Ходят Красные"
    assert window.table.actions_box.title() == "Ваши ходы"
    assert window.library.title.text() == "Установленные игры"
    assert window.windowTitle().startswith("Четыре в ряд")
    assert json.loads(settings.path.read_text(encoding="utf-8"))["lang"] == "ru"
    window.language_actions["en"].trigger()
    assert window.table.action_list.item(0).text() == "Column 1"
    assert window.game_menu.title() == "&Game"


def test_hot_seat_follows_the_person_to_move_and_shows_the_winner(window: MainWindow, click: Any) -> None:
    start(window, ["human", "human"])
    session = window.session
    assert session is not None and session.viewer == 0
    for column in (0, 1, 0, 1, 0, 1):
        click(window, *hole(column, 0))
    assert session.viewer == 0
    click(window, *hole(0, 0))
    assert session.match.is_over()
    assert window.table.banner.isVisible()
    assert "Winner: Red" in window.table.banner.text()
    assert window.table.action_list.count() == 0
    window.set_language("ru")
    assert "Победа: Красные" in window.table.banner.text()


def test_hand_over_screen_hides_the_table_between_people(qtbot: Any, window: MainWindow, click: Any) -> None:
    start(window, ["human", "human"], handover=True)
    click(window, *hole(3, 0))
    assert window.table.stack.currentWidget() is window.table.cover
    assert "Yellow" in window.table.cover_title.text()
    qtbot.mouseClick(window.table.cover_button, Qt.MouseButton.LeftButton)
    assert window.table.stack.currentIndex() == 0
    assert window.session is not None and window.session.viewer == 1
    click(window, *hole(3, 0))
    assert len(actions(window)) == 2


def test_bots_play_a_whole_game_in_the_background(qtbot: Any, window: MainWindow) -> None:
    start(window, ["random:normal", "random:normal"], seed=3)
    assert window.session is not None and window.session.viewer is None
    qtbot.waitUntil(lambda: window.session is not None and window.session.match.is_over(), timeout=10000)
    assert window.table.banner.isVisible()
    assert "bots play" in window.table.seats.text()


def test_settings_survive_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    path.write_text("{not json", encoding="utf-8")
    settings = Settings(path)
    assert settings.lang == "en"
    settings.lang = "ru"
    assert Settings(path).lang == "ru"


def test_keyboard_shortcuts_undo_save_and_open(
    qtbot: Any, window: MainWindow, click: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    start(window, ["human", "random:normal"])
    click(window, *hole(6, 0))
    qtbot.waitUntil(lambda: len(actions(window)) == 2)
    path = tmp_path / "keys.bwr"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(path), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(path), ""))
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert path.exists()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert actions(window) == []
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert len(actions(window)) == 2


def test_run_client_shows_the_window_and_the_new_game_dialog(host: Any, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(settings_module, "default_path", lambda: tmp_path / "client.json")
    seen: dict[str, bool] = {}

    def look_and_quit() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        seen["window"] = len(windows) == 1
        seen["dialog"] = bool(windows) and windows[0].dialog is not None and windows[0].dialog.isVisible()
        for shown in windows:
            shown.close()
        QApplication.instance().quit()

    QTimer.singleShot(0, look_and_quit)
    frozen = gc.get_freeze_count()
    assert run_client(host, "connect_four") == 0
    assert seen == {"window": True, "dialog": True}
    # what the window was built of went out of the collector's way before the events ran
    assert gc.get_freeze_count() > frozen


def test_next_game_of_a_series_follows_the_games_rules(qtbot: Any, window: MainWindow) -> None:
    """Book of War: the loser goes first in the next game, offered on the game-over banner."""
    config = GameConfig("book_of_war", 2, ["random:normal", "random:normal"], {"target_vp": 10}, seed=2)
    assert window.start_game(config)
    qtbot.waitUntil(lambda: window.session is not None and window.session.match.is_over(), timeout=20000)
    table = window.table
    assert table.banner_row.isVisible() and table.next_button.isVisible()
    assert table.next_button.text() == "Next game of the series"
    first = window.session.match
    winners = first.outcome()["winners"]
    qtbot.mouseClick(table.next_button, Qt.MouseButton.LeftButton)
    second = window.session.match
    assert second is not first and window.series_number == 2
    assert second.record.options["target_vp"] == 10 and second.record.seat_kinds == first.record.seat_kinds
    assert second.record.seed != first.record.seed
    if winners:
        assert second.state["on_top"] == 1 - kernel.side_of(first.state, winners[0])
    assert "Game 2 of the series" in window.statusBar().currentMessage()


def test_no_series_button_for_a_game_without_series(window: MainWindow, click: Any) -> None:
    start(window, ["human", "human"])
    for column in (0, 1, 0, 1, 0, 1, 0):
        click(window, *hole(column, 0))
    assert window.table.banner_row.isVisible()
    assert not window.table.next_button.isVisible()
    assert not window.start_next_in_series()


def test_free_actions_are_offered_at_any_moment(qtbot: Any, window: MainWindow) -> None:
    """Reliquium with allies: pacts are free actions, offered to the person with the moves (and
    while bots move); the bot asked answers, and the record names the person as the mover."""
    config = GameConfig("reliquium", 3, ["human", "random:normal", "random:normal"], {"allies": True}, seed=4)
    config.handover = False
    assert window.start_game(config)
    session = window.session
    labels = [window.table.action_list.item(i).text() for i in range(window.table.action_list.count())]
    assert any(label.startswith("Propose an alliance") for label in labels)
    offer = next(a for a in session.legal_for_viewer() if a["type"] == "propose_alliance")
    window.table.play(offer)
    qtbot.waitUntil(
        lambda: any("alliance" in e["key"] and e["key"] != "alliance_proposed" for e in session.match.log.events),
        timeout=10000,
    )
    assert offer in session.match.record.actions
    assert session.match.mover_at(session.match.record.actions.index(offer)) == 0


def test_people_sharing_a_screen_act_out_of_turn_too(window: MainWindow) -> None:
    """Hot-seat Reliquium with allies: the free actions of every person's seat are offered,
    another person's labelled with their faction, and taken for that seat."""
    config = GameConfig("reliquium", 3, ["human", "human", "human"], {"allies": True}, seed=4, handover=False)
    assert window.start_game(config)
    session = window.session
    viewer = session.viewer
    other = next(seat for seat in session.humans if seat != viewer)
    offers = [a for a in session.legal_for_viewer() if a.get("by") == other]
    assert offers
    name = session.seat_names("en")[other]
    labels = [window.table.action_list.item(i).text() for i in range(window.table.action_list.count())]
    assert any(label.startswith(f"{name}: Propose an alliance") for label in labels)
    window.table.play(offers[0])
    assert session.match.record.actions[-1] == offers[0] and session.match.mover_at(0) == other
    assert session.match.state["k"]["pending"][-1]["kind"] == "alliance"


def test_undo_does_not_take_back_a_card_a_person_has_seen(window: MainWindow) -> None:
    """Book of War hot-seat: once a person has been shown a card since their last choice,
    undo refuses and says why; before that it works."""
    import random

    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=3, handover=False))
    session = window.session
    match = session.match
    rng = random.Random(2)
    for _ in range(400):  # until an action shows a person a card
        legal = match.legal_actions()
        session.play(legal[rng.randrange(len(legal))])
        if match._seals[-1]["revealed"] or match._seals[-1]["random"]:
            break
    else:
        raise AssertionError("no card was shown in 400 actions")
    plies = match.plies
    assert window.undo() == 0 and match.plies == plies
    assert "Undo is not possible" in window.statusBar().currentMessage()


def _run_and_look(host: Any, start: Any) -> dict[str, Any]:
    """run_client with `start`; what its window showed when the events began to run."""
    seen: dict[str, Any] = {}

    def look_and_quit() -> None:
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen["page"] = "table" if window.pages.currentWidget() is window.table else "library"
        seen["games listed"] = window.library.games.topLevelItemCount()
        window.show_library()
        seen["games listed when shown"] = window.library.games.topLevelItemCount()
        window.quit_now()
        QApplication.instance().quit()

    QTimer.singleShot(0, look_and_quit)
    run_client(host, start=start)
    return seen


def test_a_start_into_a_game_lists_the_games_when_the_library_shows(
    host: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """The library's list (every game's scenarios read) is not made for a start straight into a
    game, and is there as soon as the library is shown; a game that fails to open leaves the
    person at the library."""
    monkeypatch.setattr(settings_module, "default_path", lambda: tmp_path / "client.json")
    games = len(host.games())
    started = _run_and_look(host, GameConfig("connect_four", 2, ["human", "random"], seed=1, handover=False))
    assert started == {"page": "table", "games listed": 0, "games listed when shown": games}
    monkeypatch.setattr(MainWindow, "show_error", lambda *_args: None)
    failed = _run_and_look(host, tmp_path / "no such game.bwr")
    assert failed["page"] == "library" and failed["games listed"] == games


def test_a_game_at_the_table_keeps_no_module_sources(window: MainWindow) -> None:
    """PySide6 reads every module imported after it; the lines (4-9 MB) are let go once a
    game is at the table."""
    import linecache

    linecache.getlines(__file__)  # a source read before the game starts
    assert window.start_game(GameConfig("bestiary", 2, ["human", "random"], seed=1, handover=False))
    assert __file__ not in linecache.cache
