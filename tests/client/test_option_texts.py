"""Options read like a game's settings, not a developer's: each says what it does, choices
have names, and a number whose lowest value means "as the rules say" says so."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QSpinBox

from boardwright.client.new_game import NewGameDialog
from boardwright.framework import PluginHost

DESCRIBED = ("connect_four", "reliquium", "bestiary", "book_of_war", "heroes_cards", "signum")


def _dialog(qtbot: Any, host: PluginHost, game_id: str, lang: str = "en") -> NewGameDialog:
    dialog = NewGameDialog(host, game_id, lang, [])
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.parametrize("game_id", DESCRIBED)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_option_says_what_it_does_and_names_its_choices(qtbot: Any, host: PluginHost, game_id: str, lang: str):
    dialog = _dialog(qtbot, host, game_id, lang)
    for key, widget in dialog.option_widgets.items():
        assert widget.toolTip(), f"{game_id}: option {key} has no description"
        if isinstance(widget, QComboBox):
            labels = [widget.itemText(i) for i in range(widget.count())]
            raw = [str(widget.itemData(i)) for i in range(widget.count())]
            assert all(label and label != value for label, value in zip(labels, raw, strict=True)), (key, labels)
    titles = [title for title in _titles(dialog)]
    assert not any("(0:" in title or "comma list" in title for title in titles), titles


def _titles(dialog: NewGameDialog) -> list[str]:
    layout = dialog.options_box.layout()
    return [
        layout.itemAt(i).widget().text() for i in range(layout.count()) if hasattr(layout.itemAt(i).widget(), "text")
    ]


def test_a_number_whose_lowest_value_means_the_rules_says_so(qtbot: Any, host: PluginHost) -> None:
    dialog = _dialog(qtbot, host, "bestiary")
    spin = dialog.option_widgets["castle_durability"]
    assert isinstance(spin, QSpinBox) and spin.value() == 0
    assert spin.text() == "as the scenario says (10)"
    spin.setValue(12)
    assert spin.text() == "12" and dialog.config().options["castle_durability"] == 12
    cap = dialog.option_widgets["round_cap"]
    assert cap.text() == "no limit"
    mode = dialog.option_widgets["mode"]
    assert mode.currentText() == "as the scenario says" and mode.currentData() == ""


def test_russian_names_in_a_russian_dialog(qtbot: Any, host: PluginHost) -> None:
    dialog = _dialog(qtbot, host, "book_of_war", "ru")
    first = dialog.option_widgets["first_side"]
    assert [first.itemText(i) for i in range(first.count())] == ["Жребий", "Игрок (команда) 1", "Игрок (команда) 2"]
    assert dialog.option_widgets["round_cap"].text() == "без предела"
