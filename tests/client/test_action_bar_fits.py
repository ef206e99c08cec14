"""A move's button on the action bar is never cut at the bar's edge: a long label (the Heroes
card game's "Activate the policy of hero … (paid with …)") breaks into lines between words."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from boardwright.client.action_bar import ActionBar

LONG = "Активировать политику героя Мефала (оплата: Заповедная роща)"


def test_a_long_move_label_wraps_inside_a_narrow_bar(qtbot: Any) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.set_moves([(LONG, {"type": "policy"}), ("Пас", {"type": "pass"})], "ru")
    bar.resize(300, bar.heightForWidth(300))
    bar.show()
    QApplication.processEvents()
    long_button = bar.buttons[0]
    assert long_button.geometry().right() <= bar.width()
    metrics = long_button.fontMetrics()
    lines = long_button.text().split("\n")
    assert len(lines) > 1 and " ".join(lines) == LONG, "the same words, in lines"
    assert max(metrics.horizontalAdvance(line) for line in lines) < long_button.width()
    assert bar.labels() == [LONG, "Пас"], "the move keeps its one-line label"
    assert bar.heightForWidth(300) >= long_button.height() + bar.buttons[1].height()
    bar.resize(2000, bar.heightForWidth(2000))
    QApplication.processEvents()
    assert long_button.text() == LONG, "on one line again where there is room"
