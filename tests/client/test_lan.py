"""LAN tables in the window: host one, join one, play across two windows; 127.0.0.1 only.

The window gets its LAN service from outside (the command line passes one), as here;
every service binds to and announces on 127.0.0.1, and every wait is bounded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.lan_dialog import parse_address
from boardwright.client.new_game import GameConfig
from boardwright.client.settings import Settings
from boardwright.net.service import LanService

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def lan_window(qtbot: Any, host: Any, tmp_path: Path, name: str) -> MainWindow:
    def service() -> LanService:
        return LanService(host, bind="127.0.0.1", advertise_address="127.0.0.1", interfaces=["127.0.0.1"])

    window = MainWindow(host, Settings(tmp_path / name / "client.json"), bot_delay_ms=0, lan=service)
    qtbot.addWidget(window, before_close_func=lambda w: w.quit_now())
    window.resize(1200, 800)
    window.show()
    return window


def press_ready(qtbot: Any, window: MainWindow) -> None:
    """The person presses I'm ready, as the table asks before the first move."""
    qtbot.waitUntil(lambda: window.table.ready_row.isVisible(), timeout=5000)
    assert "every player at the table is ready" in window.table.ready_label.text()
    qtbot.mouseClick(window.table.ready_button, Qt.MouseButton.LeftButton)


@pytest.fixture
def two_windows(qtbot: Any, host: Any, tmp_path: Path):
    windows = [lan_window(qtbot, host, tmp_path, "anna"), lan_window(qtbot, host, tmp_path, "boris")]
    yield windows
    for window in windows:
        window.quit_now()  # leaves the tables and stops the services


def test_host_a_table_a_friend_joins_and_both_play(qtbot: Any, two_windows: list[MainWindow]) -> None:
    anna, boris = two_windows
    assert anna.join_action.isVisible()
    assert anna.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=3, handover=False, lan=True))
    assert "is open on the LAN at 127.0.0.1:" in anna.statusBar().currentMessage()
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    qtbot.waitUntil(lambda: anna.session.update is not None, timeout=5000)
    assert anna.session.seat == 0 and anna.save_action.isEnabled()  # the host may save the table
    assert boris.join_lan_table("127.0.0.1", port)
    qtbot.waitUntil(lambda: boris.session.update is not None, timeout=5000)
    assert boris.session.seat == 1 and not boris.save_action.isEnabled()
    # nobody moves before everybody is ready; the seat list says who is; they greet each other meanwhile
    qtbot.waitUntil(lambda: anna.table.seats.text().count("not ready yet") == 2, timeout=5000)
    press_ready(qtbot, anna)
    qtbot.waitUntil(lambda: "ready ✓" in boris.table.seats.text(), timeout=5000)
    QApplication.processEvents()
    assert anna.table.action_list.count() == 0 and not anna.session.started()
    boris.table.chat_line.setText("hello Anna")
    qtbot.keyClick(boris.table.chat_line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any("hello Anna" in line for line in anna.session.log_lines("en")), timeout=5000)
    assert boris.table.chat_line.text() == ""
    press_ready(qtbot, boris)
    qtbot.waitUntil(lambda: anna.session.started() and not anna.table.ready_row.isVisible(), timeout=5000)
    # Anna drops a disc by double-clicking her first move; Boris sees it and answers
    qtbot.waitUntil(lambda: anna.table.action_list.count() == 7, timeout=5000)
    anna.table.play(anna.table.legal[3])
    qtbot.waitUntil(lambda: boris.session.update["ply"] == 1 and boris.table.action_list.count() == 7, timeout=5000)
    qtbot.waitUntil(lambda: boris.statusBar().currentMessage() == "Your turn", timeout=5000)  # the turn alert
    assert anna.statusBar().currentMessage() != "Your turn"
    # the host sent the moment of Anna's drop: hers, before the flow passed the turn on
    mover, moment_board, _view = boris.session.last_move()
    assert mover == 0 and moment_board is not None
    assert moment_board["status"]["seat"] == 0 and boris.session.board()["status"]["seat"] == 1
    assert moment_board["elements"] == boris.session.board()["elements"], "the disc was the move's own"
    # Anna's own window has her move once her update arrives (it may come after Boris's)
    qtbot.waitUntil(lambda: anna.session.update["ply"] == 1, timeout=5000)
    QApplication.processEvents()
    assert anna.table.action_list.count() == 0  # not her turn now
    assert any("Red" in line or "column" in line.lower() for line in boris.session.log_lines("en"))
    for _ in range(20):  # Boris and Anna play the game out: column 0 for Boris, 3 for Anna
        if anna.session.outcome() is not None:
            break
        for window, column in ((boris, 0), (anna, 3)):
            ply = window.session.update["ply"]
            qtbot.waitUntil(lambda w=window: bool(w.session.legal_for_viewer() or w.session.outcome()), timeout=5000)
            if window.session.outcome() is not None:
                break
            legal = window.session.legal_for_viewer()
            window.table.play(next((a for a in legal if a.get("column") == column), legal[0]))
            qtbot.waitUntil(lambda w=window, p=ply: w.session.update["ply"] > p, timeout=5000)
    qtbot.waitUntil(lambda: boris.session.outcome() is not None and anna.table.banner_row.isVisible(), timeout=5000)
    assert "Your turn" not in (anna.statusBar().currentMessage(), boris.statusBar().currentMessage()), "no stale turn"
    assert anna.session.outcome()["winners"] == [0]
    assert "Winner" in boris.table.banner.text()
    assert not boris.table.replay_button.isVisible() and not boris.table.next_button.isVisible()


def test_a_hosted_table_draws_its_board_with_no_note_left_behind(qtbot: Any, two_windows: list[MainWindow]) -> None:
    """Until the table's first update there is no board to draw: the note said so then (not
    that the game draws none), and the board that came took it away."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    anna, _ = two_windows
    assert anna.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=3, handover=False, lan=True))
    qtbot.waitUntil(lambda: anna.session.update is not None and not anna.session.awaiting_board(), timeout=5000)

    def notes() -> list[str]:
        scene = anna.table.view.scene()
        return [
            item.text() for item in scene.items() if isinstance(item, QGraphicsSimpleTextItem) and len(item.text()) > 30
        ]

    qtbot.waitUntil(lambda: notes() == [], timeout=5000)
    QApplication.processEvents()
    assert notes() == [] and anna.table.view.scene().items()


def test_a_refused_move_is_a_message_and_the_table_goes_on(qtbot: Any, two_windows: list[MainWindow]) -> None:
    anna, _ = two_windows
    config = GameConfig("connect_four", 2, ["human", "random:normal"], seed=3, handover=False, lan=True)
    assert anna.start_game(config)
    press_ready(qtbot, anna)
    qtbot.waitUntil(lambda: bool(anna.session.legal_for_viewer()), timeout=5000)
    anna.session.remote.act({"type": "drop", "column": 99})  # what a bad client could send
    qtbot.waitUntil(lambda: "move was refused" in anna.statusBar().currentMessage(), timeout=5000)
    anna.table.play(anna.session.legal_for_viewer()[0])
    qtbot.waitUntil(lambda: anna.session.update["ply"] >= 2, timeout=5000)  # the bot at the host answered
    QApplication.processEvents()


def test_a_bot_that_keeps_failing_plays_a_random_move_and_the_log_says_so(qtbot: Any, tmp_path: Path) -> None:
    """A bot of the hosted table that fails on every decision: the table goes on with a
    random legal move for it, and the person's log says so in their language."""
    from boardwright.framework import PluginHost

    from .made_up_bots import register_bot

    def broken(turn: Any) -> Any:
        raise ValueError("a world the game did not expect")

    host = PluginHost()
    register_bot(host, "broken", broken)
    anna = lan_window(qtbot, host, tmp_path, "anna")
    try:
        assert anna.start_game(
            GameConfig("connect_four", 2, ["human", "broken:normal"], seed=3, handover=False, lan=True)
        )
        press_ready(qtbot, anna)
        qtbot.waitUntil(lambda: bool(anna.session.legal_for_viewer()), timeout=5000)
        anna.table.play(anna.session.legal_for_viewer()[0])
        qtbot.waitUntil(lambda: anna.session.update["ply"] >= 2, timeout=5000)  # the broken seat moved
        notice = "could not decide (ValueError) and played a random legal move"
        qtbot.waitUntil(lambda: any(notice in line for line in anna.session.log_lines("en")), timeout=5000)
        assert any("сделал случайный допустимый ход" in line for line in anna.session.log_lines("ru"))
    finally:
        anna.quit_now()


def test_the_join_dialog_hears_a_table_and_joins_it(qtbot: Any, two_windows: list[MainWindow]) -> None:
    anna, boris = two_windows
    config = GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False, lan=True, player_name="Anna")
    assert anna.start_game(config), anna.last_error
    assert anna.settings.player_name == "Anna"
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    boris.choose_table_to_join()
    dialog = boris.join_dialog

    def heard() -> bool:  # Anna's table among those heard (a table of an earlier test may linger)
        return any(table["port"] == port for table in dialog.tables)

    for _ in range(3):  # a look that heard nothing yet is looked again, three times at most
        qtbot.waitUntil(dialog.again.isEnabled, timeout=8000)
        if heard():
            break
        dialog.look()
    row = next(i for i, table in enumerate(dialog.tables) if table["port"] == port)
    dialog.list.setCurrentRow(row)
    assert "Connect Four" in dialog.list.item(row).text() and "of 2 seats free" in dialog.list.item(row).text()
    chosen = dialog.chosen()
    assert chosen is not None and chosen[1] == port
    ARTIFACTS.mkdir(exist_ok=True)
    assert dialog.grab().save(str(ARTIFACTS / "client_lan_join.png"))
    dialog.player_name.setText("Boris")  # the name the others see, kept for the next table
    dialog.accept()
    qtbot.waitUntil(lambda: boris.session is not None and getattr(boris.session, "seat", None) == 1, timeout=5000)
    qtbot.waitUntil(lambda: boris.session.update is not None, timeout=5000)
    assert boris.settings.player_name == "Boris"
    qtbot.waitUntil(lambda: "Boris" in anna.table.seats.text(), timeout=5000)
    assert "Boris" in boris.table.seats.text() and "Anna" in boris.table.seats.text()
    assert boris.session.seat_names("en") == ["Red (Anna)", "Yellow (Boris)"], "the log and the status say who"
    QApplication.processEvents()
    assert boris.grab().save(str(ARTIFACTS / "client_lan_table.png"))


def test_nothing_to_join_is_one_clear_error(two_windows: list[MainWindow]) -> None:
    anna, _ = two_windows
    assert not anna.join_lan_table("127.0.0.1", 9)
    assert "cannot reach the table" in anna.last_error
    assert parse_address("10.0.0.5:4000") == ("10.0.0.5", 4000)
    assert parse_address("10.0.0.5") is None and parse_address("x:99999") is None


def test_a_window_without_lan_shows_no_lan_entries(window: MainWindow) -> None:
    assert not window.join_action.isVisible()


def test_a_dropped_person_sits_in_the_same_seat_again(qtbot: Any, two_windows: list[MainWindow]) -> None:
    """The seat's token is kept in the settings: joining the same table again takes that seat back."""
    anna, boris = two_windows
    assert anna.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=5, handover=False, lan=True))
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    assert boris.join_lan_table("127.0.0.1", port)
    assert boris.session.seat == 1 and not boris.save_action.isEnabled()
    assert boris.settings.lan_seat(f"127.0.0.1:{port}")[0] == 1
    boris.session.stop()  # the connection drops; the seat keeps its name and waits for its token
    qtbot.waitUntil(lambda: anna.lan.tables[0][0].seats[1].connection is None, timeout=5000)
    assert anna.lan.tables[0][0].free_seats() == []
    qtbot.waitUntil(lambda: anna.session.away == {1}, timeout=5000)  # the host told Anna at once
    assert "not connected" in anna.table.seats.text()
    assert boris.join_lan_table("127.0.0.1", port)
    qtbot.waitUntil(lambda: boris.session.update is not None, timeout=5000)
    assert boris.session.seat == 1 and not boris.save_action.isEnabled()
    qtbot.waitUntil(lambda: not anna.session.away, timeout=5000)  # back at the table


def test_a_spectator_sees_only_public_information(qtbot: Any, two_windows: list[MainWindow]) -> None:
    """Book of War hides hands: the seat's window shows its cards, the watcher's shows counts."""
    anna, boris = two_windows
    config = GameConfig("book_of_war", 2, ["human", "random:easy"], seed=2, handover=False, lan=True)
    assert anna.start_game(config)
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    assert boris.join_lan_table("127.0.0.1", port, spectate=True)
    qtbot.waitUntil(lambda: boris.session.update is not None and anna.session.update is not None, timeout=5000)
    assert boris.session.seat is None and boris.session.legal_for_viewer() == []
    assert "public information only" in boris.table.seats.text()
    assert "watch" in boris.statusBar().currentMessage()
    watched = boris.session.update["view"]["zones"]
    seated = anna.session.update["view"]["zones"]
    for zone in ("hand:0", "lands:0", "draft:0"):
        assert "items" in seated[zone], zone  # Anna's own cards
        assert "items" not in watched[zone] and "count" in watched[zone], zone  # only how many
    with pytest.raises(Exception, match="watching"):
        boris.session.play({"type": "pass"})


def test_the_host_leaving_is_a_clear_message(qtbot: Any, two_windows: list[MainWindow]) -> None:
    anna, boris = two_windows
    assert anna.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=6, handover=False, lan=True))
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    assert boris.join_lan_table("127.0.0.1", port)
    qtbot.waitUntil(lambda: boris.session.update is not None, timeout=5000)
    boris.table.chat_line.setText("see you")
    qtbot.keyClick(boris.table.chat_line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any("see you" in line for line in boris.session.log_lines("en")), timeout=5000)
    anna.close()  # the host's window goes, and its table with it, once she agrees
    assert anna.isVisible() and anna.leave_box is not None
    assert "You host this table" in anna.leave_box.informativeText()
    next(button for button in anna.leave_box.buttons() if button.text() == "Quit").click()
    qtbot.waitUntil(lambda: boris.session.closed, timeout=5000)
    assert "closed the connection" in boris.statusBar().currentMessage()
    assert boris.session.legal_for_viewer() == [] and boris.table.action_list.count() == 0
    # the message stays in view above the board, with a way on
    assert boris.table.banner_row.isVisible() and "closed the connection" in boris.table.banner.text()
    shown = [boris.table.log.item(row).text() for row in range(boris.table.log.count())]
    assert any("see you" in line for line in shown), "the chat stays in the log after the host left"
    assert boris.table.new_game_button.isVisible() and not boris.table.rematch_button.isVisible()


def test_the_host_saves_the_lan_game_and_a_guest_cannot(
    qtbot: Any, host: Any, two_windows: list[MainWindow], tmp_path: Path
) -> None:
    """The hosting window holds the whole game: Save writes it (a normal save file)."""
    from boardwright.framework.match import Match

    anna, boris = two_windows
    assert anna.start_game(GameConfig("connect_four", 2, ["human", "random:normal"], seed=8, handover=False, lan=True))
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    press_ready(qtbot, anna)
    qtbot.waitUntil(lambda: bool(anna.session.legal_for_viewer()), timeout=5000)
    anna.table.play(anna.session.legal_for_viewer()[2])
    qtbot.waitUntil(lambda: anna.session.update["ply"] >= 2, timeout=5000)
    assert anna.save_action.isEnabled()
    path = tmp_path / "lan.bwr"
    assert anna.save_to(path)
    saved = Match.load(host.engine("connect_four"), path)
    assert saved.record.actions[0] == {"type": "drop", "column": 2} and saved.plies >= 2
    assert boris.join_lan_table("127.0.0.1", port, spectate=True)
    assert not boris.save_action.isEnabled() and not boris.save_to(tmp_path / "guest.bwr")
