"""A key held down in the move list plays one move, never a second: under X without
detectable auto-repeat a held key arrives as a release and a press at the same moment (one
server time), again and again, none of them marked auto-repeated."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from boardwright.client.action_bar import MoveList
from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig


def _send(widget: Any, kind: QEvent.Type, at: int, repeat: bool = False) -> None:
    """A key event of Enter as X delivers it, with the server's time `at` (ms)."""
    event = QKeyEvent(kind, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r", repeat)
    event.setTimestamp(at)
    QApplication.sendEvent(widget, event)


def _hold(widget: Any, start: int, pairs: int) -> int:
    """Press Enter at `start`, hold it through `pairs` repeats (X's default: after 660 ms,
    every 40 ms, each a release and a press at one time), let it go; returns the time then."""
    _send(widget, QEvent.Type.KeyPress, start)
    at = start + 660
    for _ in range(pairs):
        _send(widget, QEvent.Type.KeyRelease, at)
        _send(widget, QEvent.Type.KeyPress, at)
        QApplication.processEvents()
        at += 40
    _send(widget, QEvent.Type.KeyRelease, at)
    return at


def test_a_held_enter_activates_one_entry(qtbot: Any) -> None:
    moves = MoveList()
    qtbot.addWidget(moves)
    moves.set_moves([("Column 1", 0), ("Column 2", 1)])
    moves.show()
    played: list[Any] = []
    moves.itemActivated.connect(lambda item: played.append(item.data(Qt.ItemDataRole.UserRole)))
    let_go = _hold(moves, 1000, 12)
    assert played == [0], "released and pressed at one moment: the key is still held"
    for step in range(3):  # marked auto-repeated (X with detectable auto-repeat)
        _send(moves, QEvent.Type.KeyPress, let_go + 200 + step * 40, repeat=True)
    assert played == [0]
    _send(moves, QEvent.Type.KeyPress, let_go + 400)  # pressed again by hand
    _send(moves, QEvent.Type.KeyRelease, let_go + 480)
    assert played == [0, 0]


def test_holding_enter_in_connect_four_plays_one_disc(qtbot: Any, window: MainWindow) -> None:
    """The audit's case: Enter held for 2.5 s on "Column 2" played four discs."""
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    moves = window.table.action_list
    moves.setCurrentRow(1)
    let_go = _hold(moves, 5000, 46)
    assert window.session.ply() == 1, "one disc for one held key"
    moves.setCurrentRow(1)
    _send(moves, QEvent.Type.KeyPress, let_go + 300)
    _send(moves, QEvent.Type.KeyRelease, let_go + 380)
    assert window.session.ply() == 2, "a new press plays the next move"
