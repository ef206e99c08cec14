"""Moves you can follow in the four war games: the log line under the mouse lights the items
its event names, and a battle's numbers float over the board while the pace lets them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig

from .lit_items import QUIET

# events whose items stay on the board after the action (what a person would hover)
STAYING = {
    "bestiary": {"move", "summon", "pick", "castle", "use", "cooldown"},
    "book_of_war": {"start_unit", "castle_taken", "manoeuvre", "march", "hire"},
    "reliquium": {"march", "summon", "recruit", "melee_order", "ranged_order", "build"},
    "signum": {"hero_placed", "activate", "move", "run", "play"},
}


def _play_busy(qtbot: Any, window: MainWindow, moves: int) -> None:
    """Play `moves` actions as a person does: a row of the action list, then Enter (a row
    that does something rather than ending the turn, when there is one)."""
    table = window.table
    for _ in range(moves):
        if window.session.match.is_over():
            return
        rows = [
            i for i, moves in enumerate(table._entries) if len(moves) == 1 and moves[0].get("type") not in QUIET
        ] or [0]
        before = window.session.ply()
        table.action_list.setCurrentRow(rows[len(rows) // 2])
        qtbot.keyClick(table.action_list, Qt.Key.Key_Return)
        if window.session.ply() == before and table.menu is not None:  # moves that read the same
            table.menu.actions()[0].trigger()
            table.menu.hide()
        qtbot.waitUntil(lambda before=before: window.session.ply() == before + 1, timeout=3000)


@pytest.mark.parametrize("game", sorted(STAYING))
def test_hovering_a_log_line_lights_its_items(qtbot: Any, window: MainWindow, game: str) -> None:
    assert window.start_game(GameConfig(game, 2, ["human", "human"], seed=4, handover=False))
    table = window.table
    _play_busy(qtbot, window, 12)
    QApplication.processEvents()
    events = table._log_events
    row = max(
        i for i, event in enumerate(events) if event and event["key"] in STAYING[game] and "at" in event["params"]
    )
    table.log.scrollToItem(table.log.item(row))
    qtbot.mouseMove(table.log.viewport(), table.log.visualItemRect(table.log.item(row)).center())
    qtbot.waitUntil(lambda: bool(table.view._lit), timeout=2000)
    assert len(table.view._lit) >= 1, f"{events[row]['key']} lights {events[row]['params']['at']}"
    assert table.view.light(events[row]["params"]["at"]) == len(table.view._lit) > 0


class CaptionSpy:
    """What floated after each live action: its texts, and the window as it looked then."""

    def __init__(self, window: MainWindow, pattern: str, shot: Path | None) -> None:
        self.window, self.pattern, self.shot = window, re.compile(pattern), shot
        self.texts: list[str] = []
        layer = window.table.captions
        original = layer.show

        def show(shown: list[tuple[str, Any]], duration_ms: int) -> int:
            count = original(shown, duration_ms)
            floating = layer.texts()
            self.texts.extend(floating)
            if self.shot is not None and any(self.pattern.search(t) for t in floating):
                assert window.grab().save(str(self.shot))
                self.shot = None  # the first one is enough
            return count

        layer.show = show  # type: ignore[method-assign]

    def seen(self) -> bool:
        return any(self.pattern.search(t) for t in self.texts)


@pytest.mark.parametrize(
    ("game", "pattern"),
    [("bestiary", r"^-\d+ \(\d+-\d+\)$"), ("book_of_war", r"^-1 \(\d/\d\)$|^\+\d+ VP$")],
)
def test_a_bots_attack_floats_its_numbers(qtbot: Any, window: MainWindow, game: str, pattern: str) -> None:
    table = window.table
    table.pace.setCurrentIndex(table.pace.findData("normal"))
    spy = CaptionSpy(window, pattern, Path(f"/tmp/follow_{game}.png"))
    assert window.start_game(GameConfig(game, 2, ["random", "random"], seed=5, handover=False))
    window.session.set_pace(0, False)  # the bots do not wait: the captions still float at the table's pace
    qtbot.waitUntil(lambda: spy.seen() or window.session.match.is_over(), timeout=12000)
    assert spy.seen(), f"an attack's number floated: {spy.texts[:10]}"


def test_at_once_nothing_floats(qtbot: Any, window: MainWindow) -> None:
    table = window.table
    table.pace.setCurrentIndex(table.pace.findData("instant"))
    spy = CaptionSpy(window, r".", None)
    assert window.start_game(GameConfig("bestiary", 2, ["random", "random"], seed=5, handover=False))
    qtbot.waitUntil(lambda: window.session.ply() >= 60 or window.session.match.is_over(), timeout=12000)
    fought = [e for e in window.session.log_events() if e and "show" in e["params"]]
    assert fought, "the bots fought: there were numbers to show"
    assert spy.texts == [] and table.captions.items == []
