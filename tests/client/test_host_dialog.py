"""Hosting a LAN table from the new-game dialog, as a person does it: the library, Start
with "Open this table on the LAN" ticked, a choice of who may join. 127.0.0.1 only."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from boardwright.client.app import MainWindow
from boardwright.client.remote import RemoteSession
from boardwright.client.settings import Settings
from boardwright.net.service import LanService

from .test_lan import two_windows  # noqa: F401  (the fixture: two windows with LAN services on 127.0.0.1)


def _dialog_from_the_library(qtbot: Any, window: MainWindow) -> Any:
    window.show_library()
    games = window.library.games
    row = next(i for i in range(games.topLevelItemCount()) if games.topLevelItem(i).text(0) == "Connect Four")
    games.clearSelection()
    games.topLevelItem(row).setSelected(True)
    qtbot.mouseClick(window.library.new_button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_start_with_lan_ticked_hosts_a_table(qtbot: Any, two_windows: list[MainWindow]) -> None:  # noqa: F811
    anna, boris = two_windows
    dialog = _dialog_from_the_library(qtbot, anna)
    assert dialog.lan.isVisible() and not dialog.lan_scope.isEnabled()
    dialog.seat_combos[1].setCurrentIndex(dialog.seat_combos[1].findData("human"))
    dialog.lan.click()
    assert dialog.lan_scope.isEnabled()
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert isinstance(anna.session, RemoteSession), "a table on the LAN, not a local game"
    assert len(anna.lan.tables) == 1
    port = anna.lan.tables[0][0].server.sockets[0].getsockname()[1]
    assert boris.join_lan_table("127.0.0.1", port)
    assert boris.session.seat == 1


def test_this_computer_only_listens_on_127_0_0_1(qtbot: Any, host: Any, tmp_path: Any) -> None:
    """A service that would listen on every interface (as the window's own does) opens a
    table on 127.0.0.1 alone when the person says so; announced on 127.0.0.1 only."""

    def service() -> LanService:
        return LanService(host, advertise_address="127.0.0.1", interfaces=["127.0.0.1"])

    anna = MainWindow(host, Settings(tmp_path / "anna.json"), bot_delay_ms=0, lan=service)
    qtbot.addWidget(anna, before_close_func=lambda w: w.quit_now())
    anna.show()
    assert anna._lan_service().bind == "0.0.0.0"
    dialog = _dialog_from_the_library(qtbot, anna)
    dialog.seat_combos[1].setCurrentIndex(dialog.seat_combos[1].findData("human"))
    dialog.lan.click()
    dialog.lan_scope.setCurrentIndex(dialog.lan_scope.findData(True))
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert isinstance(anna.session, RemoteSession)
    bound = {sock.getsockname()[0] for sock in anna.lan.tables[0][0].server.sockets}
    assert bound == {"127.0.0.1"}
